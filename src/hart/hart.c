/* Hart life cycle: reset, the slow check between blocks, interrupts, traps and privilege
 * changes (privileged spec 3.1.6-3.1.9, 3.3.1, 4.1). */
#include "hart/hart.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "hart/model_hits.h"
#include "isa/block.h"
#include "machine.h"
#include "prof/prof.h"

/* How many instructions a hart runs before the slow check looks at the rest of the machine
 * (other harts, time) even if nothing else is due. Small enough that multi-hart machines
 * interleave finely, large enough to be negligible on one hart. */
#define HART_SLICE_INSNS 10000
/* Traps in a row without a retired instruction after which the run stops with an error. */
#define TRAP_STORM_LIMIT 100000

void hart_reset(struct hart *h, uint64_t pc) {
  memset(h->x, 0, sizeof h->x);
  memset(h->f, 0, sizeof h->f); /* FS = Off below: software enables the FP state */
  h->fflags = h->frm = 0;
  h->pc = pc;
  h->priv = PRIV_M;
  h->mstatus = h->xlen == 64 ? (2ull << 32 | 2ull << 34) : 0; /* UXL = SXL = 64 on RV64 */
  h->mie = h->mip = h->medeleg = h->mideleg = 0;
  h->mtvec = h->machine->mtvec_reset;
  h->mscratch = h->mepc = h->mcause = h->mtval = 0;
  h->stvec = h->sscratch = h->sepc = h->scause = h->stval = h->satp = 0;
  const struct profile *p = h->machine->profile;
  h->menvcfg = p->has_s_mode ? ENVCFG_ADUE : 0; /* Svadu: hardware A/D updating */
  h->senvcfg = 0;
  csrind_reset(&h->csrind);
  pmp_reset(&h->pmp, p->pmp_entries, p->pmp_granularity_log2, h->xlen);
  h->pmp.flags = (p->pmp_smepmp ? PMP_SMEPMP : 0) | (p->pmp_na4_to_off ? PMP_NA4_TO_OFF : 0);
  h->sleeping = false;
  h->sleep_cycles = 0;
  h->clock_seen = 0;
  h->entry_abandoned = false;
  h->resume_unaligned = false;
  h->reservation = ~0ull;
  h->budget = 0;
  h->timed_mul = p->mul_timing != NULL;
  h->timed_div = p->div_timing != NULL;
  h->link_costs = p->time_insn || p->taken_branch.n || p->unaligned_target.n;
  const char *off = getenv("RVPMU_NO_LINK_COSTS");
  h->link_costs_off = off && *off && strcmp(off, "0") != 0;
  const char *no_fuse = getenv("RVPMU_NO_FUSE");
  h->fuse_off = no_fuse && *no_fuse && strcmp(no_fuse, "0") != 0;
  const char *jit = getenv("RVPMU_JIT");
  h->jit_on = !(jit && !strcmp(jit, "0"));
  h->model_fetch = h->model_data = h->model_branch = false;
  memset(h->irq_raised_cycles, 0, sizeof h->irq_raised_cycles);
  h->mtip_clear_cycles = 0;
  h->data_hits_offered = NULL, h->btc_hits_offered = NULL, h->fetch_hits_offered = NULL;
  h->lazy_dc_fills = 0; /* (the counters start again) */
  h->dc_branch_free = false, h->dc_fills_seen = h->dc_mode_insns = h->dc_mode_fills = 0;
  const char *way = getenv("RVPMU_DC_WAY"); /* lines, branch-free; else the models loop's choice */
  h->dc_way_forced = !way ? 0 : !strcmp(way, "lines") ? 1 : !strcmp(way, "branch-free") ? 2 : 0;
  h->fetch_gen = 0, h->fetch_next_pa = ~0ull, h->fetch_next_last = false;
  if (h->model) memset(h->model, 0, p->model_bytes);
  if (p->model_reset) p->model_reset(h);
  /* RVPMU_NO_MODEL_HITS=1: every model outcome goes to the model (the reference that
   * tests/cli/model_hits.sh compares the inline ones with, hart/model_hits.h). */
  const char *no_hits = getenv("RVPMU_NO_MODEL_HITS");
  if (no_hits && *no_hits && strcmp(no_hits, "0") != 0)
    h->data_hits_offered = NULL, h->btc_hits_offered = NULL, h->fetch_hits_offered = NULL;
  hpm_init(&h->hpm, p, PRIV_M);
  csr_map_reset(h);
  hart_update_models(h);
  hart_add_timing(h, &p->reset_fill);
  hart_add_events(h, p->reset_events, 1);
  h->budget = 0;
  h->hpm.combos_changed = false; /* the flush below rebuilds everything anyway */
  hart_flush_translation(h, true);
}

void hart_add_timing(struct hart *h, const struct insn_timing *t) {
  struct hpm *hpm = &h->hpm;
  for (unsigned r = 0; r < t->n; r++) {
    uint32_t n = t->run[r].count;
    uint64_t ev = t->run[r].events | EV_BIT(EV_CYCLES);
    h->budget -= n; /* the budget counts cycles, dynamic ones too */
    for (uint64_t m = ev & ~EV_BIT(EV_INSNS); m; m &= m - 1) hpm->acc[__builtin_ctzll(m)] += n;
    for (unsigned k = 0; k < hpm->num_combos; k++)
      if (ev & hpm->combo_mask[k]) hpm->acc[EV_COMBO0 + k] += n;
  }
}

void hart_add_stall(struct hart *h, uint64_t first, uint64_t stall, uint32_t cycles) {
  if (!h->hpm.num_combos) {
    h->budget -= (int64_t)cycles;
    hart_add_events(h, stall | EV_BIT(EV_CYCLES), cycles);
    hart_add_events(h, first & ~(stall | EV_BIT(EV_CYCLES)), 1);
    return;
  }
  struct insn_timing t = {.n = 0};
  timing_add(&t, first | stall, 1);
  timing_add(&t, stall, cycles - 1);
  hart_add_timing(h, &t);
}

void hart_add_event_combos(struct hart *h, uint64_t events, uint32_t n) {
  struct hpm *hpm = &h->hpm;
  for (unsigned k = 0; k < hpm->num_combos; k++)
    if (events & hpm->combo_mask[k]) hpm->acc[EV_COMBO0 + k] += n;
}

void model_events_init(struct hart *h, struct model_events *e, uint64_t mask) {
  unsigned k = 0;
  for (uint64_t m = mask; m && k < 2; m &= m - 1) e->acc[k++] = &h->hpm.acc[__builtin_ctzll(m)];
  while (k < 2) e->acc[k++] = &e->sink;
}

void model_stall_init(struct hart *h, struct model_stall *s, uint64_t first_mask, uint64_t stall_mask, uint32_t cycles) {
  s->cycles = cycles;
  first_mask &= ~(stall_mask | EV_BIT(EV_CYCLES));
  assert(!(first_mask & (first_mask - 1)) && !(stall_mask & (stall_mask - 1)));
  s->first = first_mask ? &h->hpm.acc[__builtin_ctzll(first_mask)] : &s->sink;
  s->stall = stall_mask ? &h->hpm.acc[__builtin_ctzll(stall_mask)] : &s->sink;
}

void hart_branch_model(struct hart *h, const struct block *blk, const struct insn *in, bool taken) {
  h->last_branch_taken = taken;
  h->machine->profile->branch(h, in, blk->paddr + in->pc_off, taken);
}

void hart_muldiv_timing(struct hart *h, const struct insn *in, uint64_t a, uint64_t b) {
  const struct profile *p = h->machine->profile;
  struct insn_timing t = {.n = 0};
  if ((in->cls & CLS_DIV) && p->div_timing) p->div_timing(p, in, a, b, &t);
  else if ((in->cls & CLS_MUL) && p->mul_timing) p->mul_timing(p, in, a, b, &t);
  hart_add_timing(h, &t);
  if (p->operand_latency && (in->cls & CLS_DIV)) {
    uint32_t extra = 0;
    for (unsigned r = 0; r < t.n; r++) extra += t.run[r].count;
    p->operand_latency(h, in, a, b, extra);
  }
}

void hart_transfer_target(struct hart *h, const struct block *blk, uint64_t pc, bool unaligned, bool jump) {
  const struct profile *p = h->machine->profile;
  if (unaligned && (pc & 3) == 2 && insn_length(blk->insns[0].raw) == 4 && p->unaligned_target.n)
    hart_add_timing(h, &p->unaligned_target);
  /* The jump that got here ended the last block (after a trap there is none). */
  const struct block *from = h->last_block;
  if (jump && h->model_branch && p->jump && from && from->count) {
    const struct insn *j = &from->insns[from->count - 1];
    if (j->op == OP_JAL || j->op == OP_JALR) p->jump(h, j, from->paddr + j->pc_off, pc);
  }
}

void hart_report_latency(struct hart *h, enum event_id ev, uint64_t cycles) {
  hpm_latency_sample(&h->hpm, ev, cycles);
  if (h->prof) h->prof->latency[ev] += cycles; /* a recorded latency sum (rvpmu record -e E:latency) */
}

void hart_set_mip(struct hart *h, uint64_t mip, uint64_t now) {
  for (uint64_t rising = mip & ~h->mip & 0xffff; rising; rising &= rising - 1)
    h->irq_raised_cycles[__builtin_ctzll(rising)] = now;
  h->mip = mip;
}

/* The dispatch loops defer the cycles of the links followed and blocks run (isa/block.h);
 * devices and models read the clock between settle points. */
uint64_t hart_clock_cycles(const struct hart *h) {
  uint64_t deferred = h->num_pending_costs | h->num_pending_blocks ? block_deferred_cycles(h) : 0;
  if (model_lazy_pending(h)) deferred += model_lazy_cycles(h);
  return h->hpm.acc[EV_CYCLES] + h->sleep_cycles + deferred;
}

void hart_collect_overflow(struct hart *h) {
  if (h->hpm.overflowed) {
    hart_set_mip(h, h->mip | MIP_LCOFIP, hart_now_cycles(h));
    h->hpm.overflowed = 0;
  }
}

void hart_select_tlbs(struct hart *h) {
  /* Loads and stores use MPP's translation when MPRV is set in M mode (3.1.6.3). */
  unsigned data_priv = h->priv;
  if (h->priv == PRIV_M && (h->mstatus & MSTATUS_MPRV))
    data_priv = (unsigned)((h->mstatus & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT);
  h->tlb_load = h->tlb[data_priv][ACCESS_LOAD];
  h->tlb_store = h->tlb[data_priv][ACCESS_STORE];
  h->tlb_fetch = h->tlb[h->priv][ACCESS_FETCH];
  const struct tlb_entry *load_was = h->tlb_load_model, *store_was = h->tlb_store_model;
  h->tlb_load_model = h->tlb_store_model = NULL;
  if (h->model_data && h->machine->profile->data_access_ram) {
    h->tlb_load_model = h->tlb_load, h->tlb_store_model = h->tlb_store;
    h->tlb_load = h->tlb_store = h->tlb_never;
  }
  /* The line TLB holds lines of the tables it was filled from (hart/model_hits.h). */
  if (h->tlb_load_model != load_was || h->tlb_store_model != store_was) hart_data_lines_forget(h);
}

/* Does a model (has_hook: the profile has one) with on-demand events `events` run, given what
 * is selected? */
static bool model_runs(bool has_hook, uint64_t events, uint64_t selected) {
  return has_hook && (!events || (events & selected));
}

void hart_update_models(struct hart *h) {
  const struct profile *p = h->machine->profile;
  uint64_t sel = h->hpm.selected;
  bool data_was = h->model_data, fetch_model_was = h->model_fetch;
  /* Once on, a model stays on until reset: switching it off and on again would either lose
   * its state or keep a stale one, and counts would depend on when perf rotates counters. */
  h->model_fetch |= model_runs(p->fetch_block != NULL, p->fetch_model_events, sel);
  h->model_data |= model_runs(p->data_access != NULL, p->data_model_events, sel);
  h->model_branch |= model_runs(p->branch || p->jump, p->branch_model_events, sel);
  bool branches_were = h->timed_branches;
  const void *btc_was = h->btc_hits, *fetch_was = h->fetch_hits, *data_hits_was = h->data_hits;
  h->timed_branches = h->model_branch && p->branch;
  h->timed_targets = h->model_branch && p->jump;
  h->timed_context = p->time_insn != NULL || h->model_fetch;
  if (h->model_data != data_was) hart_select_tlbs(h);
  /* The inline model paths add events without combos (hart/model_hits.h): with combo slots
   * (selectors of several events) every outcome goes to the model. Combos change only with
   * the selectors, whose writers call this. */
  bool inline_hits = !h->hpm.num_combos;
  /* (with the model's TLB only, which the inline data paths then need not test for) */
  h->data_hits = inline_hits && h->tlb_load_model ? h->data_hits_offered : NULL;
  h->btc_hits = inline_hits ? h->btc_hits_offered : NULL;
  h->fetch_hits = inline_hits ? h->fetch_hits_offered : NULL;
  /* Link costs hold branch outcomes, and with the inline paths a predicted branch's events
   * and the next block's fetch (hart/model_hits.h): new links. */
  if (h->timed_branches != branches_were || h->btc_hits != btc_was || h->fetch_hits != fetch_was ||
      h->model_fetch != fetch_model_was) { /* (link_cost.follow_key: with a fetch model, once it is right) */
    h->epoch++;
    hart_set_fetch_tag(h);
  }
  /* Blocks count the inline data paths' hits statically (hart/model_hits.h): rebuild them. */
  if (h->data_hits != data_hits_was) hart_flush_translation(h, true);
  /* The MicroBlaze V instance of the loop (hart/model_hits.h, "The models loop") while every
   * model runs inline and no data latency is watched; leave the loop at once when that
   * changes, so that hart_run takes the right instance. */
  bool models = h->data_hits && h->btc_hits && h->model_fetch && h->timed_branches &&
                !(h->hpm.latency_watch & (h->data_hits->fill_latency_bit | h->data_hits->store_latency_bit));
  if (models != h->models_loop) {
    /* (the line TLB: the models loop's branch-free way does not keep it) */
    if (h->dc_branch_free) hart_data_lines_forget(h);
    if (h->dc_branch_free) block_jit_way(h, false);
    h->dc_branch_free = false;
    h->models_loop = models;
    h->loop_stale = true;
    h->budget = 0;
  }
}

void hart_follow_key_set(struct hart *h, uint64_t follow) {
  h->follow_long = follow;
  for (unsigned i = 0; i < FOLLOW_NAMES; i++)
    if (h->follow_names[i].follow_long == follow) { /* (never 0: fetch_tag >= 4) */
      h->follow_key = h->follow_names[i].follow_key;
      return;
    }
#ifndef FOLLOW_NAMES_MAX /* (-DFOLLOW_NAMES_MAX=5: the walk every few names, to test it) */
#define FOLLOW_NAMES_MAX UINT32_MAX
#endif
  if (h->follow_named == FOLLOW_NAMES_MAX) { /* every name given: none may be held by a link */
    if (h->blocks) block_links_unfollow(h);
    h->follow_named = 0;
    memset(h->follow_names, 0, sizeof h->follow_names);
  }
  h->follow_key = ++h->follow_named;
  h->follow_names[h->follow_slot].follow_long = follow;
  h->follow_names[h->follow_slot].follow_key = h->follow_key;
  h->follow_slot = (h->follow_slot + 1) % FOLLOW_NAMES;
}

void hart_model_tlb_flush(struct hart *h) {
  const struct profile *p = h->machine->profile;
  if (p->tlb_flush && (h->model_fetch || h->model_data)) p->tlb_flush(h);
}

void hart_flush_translation(struct hart *h, bool blocks) {
  block_settle_costs(h); /* before the blocks that hold them go */
  memset(h->tlb, 0xff, sizeof h->tlb); /* every vpage = TLB_INVALID */
  memset(h->tlb_never, 0xff, sizeof h->tlb_never);
  hart_data_lines_forget(h);
  h->epoch++;
  hart_set_fetch_tag(h);
  if (blocks && h->blocks) {
    hart_fetch_next_settle(h, h->last_block); /* (at a block's end: the one fetched last) */
    block_cache_flush(h->blocks);
    h->last_block = NULL;
  }
  hart_select_tlbs(h);
}

void hart_set_priv(struct hart *h, unsigned priv) {
  if (priv != h->priv) {
    h->priv = priv;
    hpm_set_priv(&h->hpm, priv); /* xINH filters fold here, never per instruction */
    hart_set_fetch_tag(h);
    hart_collect_overflow(h);
    /* No epoch bump: jump-cache entries and block links hold priv, and fetch translation in
     * one mode does not change with the mode. Bumping it here invalidated every jump-cache
     * entry on each trap and return (a third of the gzip boot's 1.09 M misses). */
  }
  hart_select_tlbs(h);
  h->reservation = ~0ull;
}

void hart_take_trap(struct hart *h, uint64_t cause, uint64_t tval, uint64_t epc) {
  bool interrupt = (cause & TRAP_INTERRUPT) != 0;
  unsigned from_priv = h->priv;
  block_settle_costs(h); /* the counters fold with the privilege change */
  /* (A trap inside a block, hart_fault_in_block, settled it with that block; a system
   * instruction made its block last_block, as did every block's end.) */
  hart_fetch_next_settle(h, h->last_block);
  h->last_block = NULL; /* the next instruction does not follow the last one */
  /* A trap vector that itself traps (an illegal instruction, an unmapped mtvec) would loop
   * forever without retiring anything, where no instruction limit can stop it. */
  if (h->hpm.acc[EV_INSNS] != h->insns_at_last_trap) {
    h->insns_at_last_trap = h->hpm.acc[EV_INSNS];
    h->trap_streak = 0;
  } else if (++h->trap_streak >= TRAP_STORM_LIMIT) {
    machine_fail(h->machine, "hart %u takes trap after trap without retiring an instruction (mcause %#llx, "
                 "pc 0x%llx, trap vector 0x%llx): the trap handler itself traps", h->hartid,
                 (unsigned long long)cause, (unsigned long long)epc,
                 (unsigned long long)(h->priv == PRIV_M ? h->mtvec : h->stvec));
  }
  uint64_t code = cause & ~TRAP_INTERRUPT;
  uint64_t xcause = interrupt ? (code | (1ull << (h->xlen - 1))) : code;
  const struct profile *p = h->machine->profile;
  hart_add_events(h, EV_BIT(interrupt ? EV_INTERRUPTS : EV_EXCEPTIONS), 1);
  if (interrupt && code == IRQ_M_TIMER && h->machine->timer_ack) {
    h->machine->timer_ack(h->machine, h->hartid);
    machine_update_timer_irqs(h->machine);
  }
  hart_add_timing(h, interrupt ? &p->interrupt_entry : &p->exception_entry);
  if (interrupt && code < 16) {
    /* Interrupt latency: from the request (mip rising) to the handler's first instruction. */
    uint64_t now = hart_clock_cycles(h), raised = h->irq_raised_cycles[code];
    hart_report_latency(h, EV_INTERRUPTS, now > raised ? now - raised : 0);
  }
  h->sleeping = false;
  uint64_t deleg = interrupt ? h->mideleg : h->medeleg;
  if (h->priv <= PRIV_S && (deleg >> code & 1)) {
    h->scause = xcause;
    h->sepc = epc;
    h->stval = tval;
    uint64_t s = h->mstatus & ~(MSTATUS_SPP | MSTATUS_SPIE | MSTATUS_SIE);
    if (h->mstatus & MSTATUS_SIE) s |= MSTATUS_SPIE;
    if (h->priv == PRIV_S) s |= MSTATUS_SPP;
    h->mstatus = s;
    h->pc = (h->stvec & ~3ull) + ((h->stvec & 1) && interrupt ? 4 * code : 0);
    hart_set_priv(h, PRIV_S);
  } else {
    h->mcause = xcause;
    h->mepc = epc;
    h->mtval = tval;
    if (p->trap_taken) p->trap_taken(h, interrupt);
    uint64_t s = h->mstatus & ~(MSTATUS_MPP | MSTATUS_MPIE | MSTATUS_MIE);
    if (h->mstatus & MSTATUS_MIE) s |= MSTATUS_MPIE;
    s |= (uint64_t)h->priv << MSTATUS_MPP_SHIFT;
    h->mstatus = s;
    h->pc = (h->mtvec & ~3ull) + ((h->mtvec & 1) && interrupt ? 4 * code : 0);
    hart_set_priv(h, PRIV_M);
  }
  if (h->xlen == 32) h->pc = (uint32_t)h->pc;
  h->budget = 0; /* the new mode may have interrupts pending that are now enabled */
  if (h->prof) prof_trap(h, epc, from_priv);
}

/* Interrupts in priority order (3.1.9; Sscofpmf puts LCOFI after the standard ones). */
static const unsigned irq_priority[] = {IRQ_M_EXT, IRQ_M_SOFT, IRQ_M_TIMER, IRQ_S_EXT,
                                        IRQ_S_SOFT, IRQ_S_TIMER, IRQ_LCOF};

/* The interrupt to take now, or -1. */
static int pending_interrupt(const struct hart *h) {
  uint64_t pending = h->mip & h->mie;
  if (!pending) return -1;
  bool m_enabled = h->priv < PRIV_M || (h->mstatus & MSTATUS_MIE);
  bool s_enabled = h->priv < PRIV_S || (h->priv == PRIV_S && (h->mstatus & MSTATUS_SIE));
  uint64_t m_pending = m_enabled ? pending & ~h->mideleg : 0;
  uint64_t s_pending = s_enabled ? pending & h->mideleg : 0;
  uint64_t take = m_pending ? m_pending : s_pending;
  for (unsigned i = 0; i < sizeof irq_priority / sizeof *irq_priority; i++)
    if (take >> irq_priority[i] & 1) return (int)irq_priority[i];
  return -1;
}

uint64_t hart_interrupt_due(const struct hart *h) {
  if (pending_interrupt(h) >= 0) return hart_clock_cycles(h);
  bool m_enabled = h->priv < PRIV_M || (h->mstatus & MSTATUS_MIE);
  if ((h->mip & MIP_MTIP) || !(h->mie & MIP_MTIP) || (h->mideleg & MIP_MTIP) || !m_enabled) return UINT64_MAX;
  return h->machine->timer_deadline(h->machine, h->hartid);
}

void hart_interrupt_at_entry(struct hart *h) {
  hart_set_mip(h, h->mip | MIP_MTIP, hart_clock_cycles(h));
  hart_take_trap(h, TRAP_INTERRUPT | IRQ_M_TIMER, 0, h->pc);
  h->entry_abandoned = true;
}

/* Cycles until this hart's timer interrupt would become pending, or UINT64_MAX. */
static uint64_t cycles_to_timer(const struct hart *h) {
  const struct machine *m = h->machine;
  if (h->mip & MIP_MTIP) return UINT64_MAX; /* already raised: nothing is due */
  uint64_t deadline = m->timer_deadline(m, h->hartid), now = hart_clock_cycles(h);
  if (deadline == UINT64_MAX) return UINT64_MAX;
  return deadline > now ? deadline - now : 0;
}

/* In WFI with nothing pending: jump the clock to the next timer interrupt. Returns false if
 * nothing can ever wake the hart. */
static bool sleep_until_wakeup(struct hart *h) {
  uint64_t cycles = cycles_to_timer(h);
  if (cycles == UINT64_MAX) return false;
  h->sleep_cycles += cycles + h->machine->profile->wfi_wakeup_cycles;
  machine_update_timer_irqs(h->machine);
  return true;
}

/* Several harts: whether every one waits in WFI with nothing pending, so that none of them
 * moves time forward by running. */
static bool machine_idle(const struct machine *m) {
  for (unsigned i = 0; i < m->num_harts; i++) {
    const struct hart *o = m->harts[i];
    if (!o->sleeping || (o->mip & o->mie)) return false;
  }
  return true;
}

/* The hart whose timer fires first (the lowest id on a tie), or NULL if no timer is armed. */
static const struct hart *first_timer_hart(const struct machine *m) {
  const struct hart *first = NULL;
  uint64_t best = UINT64_MAX;
  for (unsigned i = 0; i < m->num_harts; i++) {
    /* A timer that already fired (MTIP up, masked by firmware until its next SET_TIMER) is not
     * due: skipping it is what cycles_to_timer does too. Picking it stopped 2-hart Linux boots
     * with "waits in WFI" although the other hart's timer was armed. */
    if (m->harts[i]->mip & MIP_MTIP) continue;
    uint64_t deadline = m->timer_deadline(m, i);
    if (deadline < best) best = deadline, first = m->harts[i];
  }
  return first;
}

bool hart_slow_check(struct hart *h) {
  struct machine *m = h->machine;
  hpm_fold_all(&h->hpm);
  hart_collect_overflow(h);
  if (h->models_loop) model_data_way(h);
  machine_update_timer_irqs(m);
  if (m->stop != RVPMU_RUNNING) return true;

  uint64_t retired = machine_retired(m);
  if (m->insn_limit && retired >= m->insn_limit) {
    m->stop = RVPMU_STOP_MAX_INSNS;
    snprintf(m->stop_message, sizeof m->stop_message,
             "stopped after %llu instructions (--max-insns) at pc 0x%llx: the program did not exit",
             (unsigned long long)retired, (unsigned long long)h->pc);
    return true;
  }
  if (m->run_until_insns && retired >= m->run_until_insns) return true;
  if (m->run_until_cycles && hart_clock_cycles(h) >= m->run_until_cycles) return true;

  if (h->sleeping) {
    /* WFI resumes when an enabled-or-not interrupt is pending in mip & mie (3.3.3). */
    if (!(h->mip & h->mie)) {
      /* Several harts: time moves with the ones that run. When all of them wait, the one whose
       * timer fires first jumps its clock there, and the others see that time in mtime. */
      if (m->num_harts > 1) {
        if (!machine_idle(m)) return true;
        const struct hart *first = first_timer_hart(m);
        if (first && first != h) return true;
      }
      if (!sleep_until_wakeup(h)) {
        m->stop = RVPMU_STOP_ERROR;
        snprintf(m->stop_message, sizeof m->stop_message,
                 "hart %u waits in WFI with no interrupt that could wake it (pc 0x%llx)", h->hartid,
                 (unsigned long long)h->pc);
        return true;
      }
    }
    if (m->num_harts > 1) machine_wake(m, h);
    h->sleeping = false;
    if (pending_interrupt(h) < 0) hart_add_timing(h, &m->profile->wfi_resume);
  }

  int irq = pending_interrupt(h);
  if (irq >= 0) hart_take_trap(h, TRAP_INTERRUPT | (uint64_t)irq, 0, h->pc);

  /* Next budget, in (static) cycles: the nearest of the slice end, the instruction limits, the
   * timer and the next possible counter overflow (design.md decision 3). Every instruction
   * takes at least one cycle and every event happens at most once per cycle, so a budget of N
   * cycles cannot pass N more instructions or events; dynamic costs (divider latency) can make
   * a check late by their cycles. */
  uint64_t budget = HART_SLICE_INSNS;
  if (m->insn_limit && m->insn_limit - retired < budget) budget = m->insn_limit - retired;
  if (m->run_until_insns && m->run_until_insns - retired < budget) budget = m->run_until_insns - retired;
  if (m->run_until_cycles) { /* rvpmu stat -I: WFI or a trap above may have moved the clock */
    uint64_t now = hart_clock_cycles(h);
    uint64_t left = now < m->run_until_cycles ? m->run_until_cycles - now : 1;
    if (left < budget) budget = left;
  }
  uint64_t timer = cycles_to_timer(h);
  if (timer < budget) budget = timer;
  if (m->num_harts > 1) { /* a sleeping hart's timer: wake it then (machine_yield) */
    uint64_t now = hart_clock_cycles(h);
    for (unsigned i = 0; i < m->num_harts; i++) {
      const struct hart *o = m->harts[i];
      if (o == h || !o->sleeping || !(o->mie & MIP_MTIP) || (o->mip & MIP_MTIP)) continue;
      uint64_t d = m->timer_deadline(m, i);
      if (d != UINT64_MAX && (d > now ? d - now : 0) < budget) budget = d > now ? d - now : 0;
    }
  }
  uint64_t ovf = hpm_overflow_budget(&h->hpm, 1);
  if (ovf < budget) budget = ovf;
  h->budget = budget ? (int64_t)budget : 1;
  /* A model that takes interrupts inside stalls sees every instruction's entry near one: a slow
   * check when the window starts, then every instruction stepped (budget 0). */
  unsigned window = m->profile->irq_step_window;
  uint64_t due = window ? hart_interrupt_due(h) : UINT64_MAX, now = hart_clock_cycles(h);
  if (due != UINT64_MAX && due < now + window) h->budget = 0;
  else if (due != UINT64_MAX && due - now - window < (uint64_t)h->budget) h->budget = (int64_t)(due - now - window);
  /* With several harts, each runs a slice in turn (machine.c). */
  if (h->loop_stale) { /* hart_run takes another instance of the loop */
    h->loop_stale = false;
    return true;
  }
  if (m->yield) { /* another hart woke: let it run now (machine_yield) */
    m->yield = false;
    return true;
  }
  return m->num_harts > 1 && h->hpm.acc[EV_INSNS] >= h->slice_end;
}

void hart_run(struct hart *h) {
  h->slice_end = h->hpm.acc[EV_INSNS] + HART_SLICE_INSNS;
  h->budget = 0;
  if (h->prof) {
    if (h->link_costs) (h->xlen == 32 ? hart_run_prof_rv32_timed : hart_run_prof_rv64_timed)(h);
    else (h->xlen == 32 ? hart_run_prof_rv32 : hart_run_prof_rv64)(h);
  } else if (h->link_costs && h->xlen == 64) {
    hart_run_rv64_timed(h);
  } else if (h->link_costs && h->models_loop) {
    hart_run_rv32_models(h);
  } else {
    /* The loops without models return when one starts (at next_block, nothing run since). */
    bool timed = h->link_costs, rv32 = h->xlen == 32;
    if (!hart_models_hot(h)) (timed ? hart_run_rv32_timed : rv32 ? hart_run_rv32 : hart_run_rv64)(h);
    if (hart_models_hot(h) && timed && h->models_loop) hart_run_rv32_models(h);
    else if (hart_models_hot(h))
      (timed ? hart_run_rv32_timed_models : rv32 ? hart_run_rv32_plain_models : hart_run_rv64_plain_models)(h);
  }
}
