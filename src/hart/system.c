/* System instructions (the CLS_SYSTEM operations that end their block) and the two ways an
 * instruction in mid-block leaves it early: a fault, or a device write that must be seen at
 * once. All of them run with counters exact at the instruction boundary. */
#include <string.h>

#include "hart/hart.h"
#include "isa/block.h"
#include "machine.h"

/* Retires the system instruction `in` of `blk` itself: its cycles and events, its instruction,
 * then the counter writes it made win over that increment, then deferred configuration writes
 * apply. */
static void retire_self(struct hart *h, const struct block *blk, const struct insn *in) {
  const struct profile *p = h->machine->profile;
  struct hpm *hpm = &h->hpm;
  unsigned i = (unsigned)(in - blk->insns);
  struct insn_context c;
  block_insn_context(blk, i, &c);
  struct insn_timing t;
  if (p->time_insn) p->time_insn(p, &c, &t);
  else timing_one_cycle(&c, &t);
  if (p->counter_write_first_cycle && (hpm->written || h->deferred_csr)) {
    /* The core wrote a counter or their configuration in the instruction's first cycle: its
     * other cycles (the pipeline flush) count under the new values (measured,
     * tests/profiles/programs/csrwrite.S). */
    struct insn_timing first, rest;
    timing_split_first_cycle(&t, &first, &rest);
    hart_add_timing(h, &first);
    if (p->config_write_counts_new) csr_apply_deferred(h);
    hpm->acc[EV_INSNS]++;
    hpm_instruction_retired(hpm); /* a written counter does not count its writer's first cycle */
    csr_apply_deferred(h);
    hart_add_timing(h, &rest);
    return;
  }
  hart_add_timing(h, &t); /* its cycles (and their budget), under the old configuration */
  /* Ibex with a writeback stage retires the instruction after its CSR write took effect
   * (measured: the START of a region counts in minstret, the STOP does not). */
  if (p->config_write_counts_new) csr_apply_deferred(h);
  hpm->acc[EV_INSNS]++;
  hpm_instruction_retired(hpm);
  csr_apply_deferred(h);
}

static void illegal(struct hart *h, const struct insn *in, uint64_t pc) {
  hart_take_trap(h, EXC_ILLEGAL_INSN, in->raw, pc);
}

static void exec_csr(struct hart *h, const struct block *blk, const struct insn *in, uint64_t pc) {
  bool imm_form = in->op >= OP_CSRRWI;
  int kind = (in->op - (imm_form ? OP_CSRRWI : OP_CSRRW)); /* 0 write, 1 set, 2 clear */
  uint64_t operand = imm_form ? in->rs1 : h->x[in->rs1];
  /* CSRRW always writes; CSRRS/CSRRC (and the immediate forms) write only if rs1/uimm != 0. */
  bool write = kind == 0 || in->rs1 != 0;
  uint64_t old = 0;
  int r = csr_access(h, (unsigned)in->imm, true, write, kind, operand, &old);
  h->csr_write_collides = false;
  if (r < 0) return illegal(h, in, pc);
  if (in->rd) h->x[in->rd] = h->xlen == 32 ? (uint32_t)old : old;
  h->pc = pc + 4;
  retire_self(h, blk, in);
  if (write) h->budget = 0; /* interrupt enables or counters may have changed */
}

/* FENCE.I or MRET as a jump to `pc` (profile.system_jumps_unaligned): a 32-bit instruction at
 * an address 2 mod 4 costs unaligned_target there, as after any jump. */
static void system_jump_target(struct hart *h, uint64_t pc) {
  const struct profile *p = h->machine->profile;
  uint64_t pa;
  uint16_t parcel;
  if (!p->system_jumps_unaligned || (pc & 3) != 2 || !p->unaligned_target.n ||
      hart_translate(h, pc, ACCESS_FETCH, &pa) != 0)
    return;
  const uint8_t *ram = bus_ram_ptr(&h->machine->bus, pa, 2);
  if (!ram) return; /* the fetch faults */
  memcpy(&parcel, ram, sizeof parcel);
  if (insn_length(parcel) == 4) hart_add_timing(h, &p->unaligned_target);
}

static void exec_mret(struct hart *h, const struct block *blk, const struct insn *in, uint64_t pc) {
  if (h->priv < PRIV_M) return illegal(h, in, pc);
  unsigned mpp = (unsigned)((h->mstatus & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT);
  uint64_t s = h->mstatus & ~(MSTATUS_MIE | MSTATUS_MPP);
  if (h->mstatus & MSTATUS_MPIE) s |= MSTATUS_MIE;
  s |= MSTATUS_MPIE;
  if (!h->machine->profile->has_u_mode) s |= MSTATUS_MPP; /* MPP: the least-privileged mode */
  if (h->machine->profile->trap_return) h->machine->profile->trap_return(h);
  if (mpp != PRIV_M) s &= ~MSTATUS_MPRV;
  h->mstatus = s;
  h->pc = h->mepc;
  retire_self(h, blk, in); /* counted in M mode, where it executed */
  hart_set_priv(h, mpp);
  system_jump_target(h, h->pc);
  h->budget = 0;
}

static void exec_sret(struct hart *h, const struct block *blk, const struct insn *in, uint64_t pc) {
  if (h->priv < PRIV_S || (h->priv == PRIV_S && (h->mstatus & MSTATUS_TSR))) return illegal(h, in, pc);
  unsigned spp = (h->mstatus & MSTATUS_SPP) ? PRIV_S : PRIV_U;
  uint64_t s = h->mstatus & ~(MSTATUS_SIE | MSTATUS_SPP | MSTATUS_MPRV);
  if (h->mstatus & MSTATUS_SPIE) s |= MSTATUS_SIE;
  s |= MSTATUS_SPIE;
  h->mstatus = s;
  h->pc = h->sepc;
  retire_self(h, blk, in);
  hart_set_priv(h, spp);
  h->budget = 0;
}

void hart_exec_system(struct hart *h, const struct block *blk, const struct insn *in, uint64_t pc) {
  BLOCK_ACCOUNT(&h->hpm, blk); /* the instructions before this one */
  const struct profile *p = h->machine->profile;
  if (p->minstret_write_collides && in->op >= OP_CSRRW && in->op <= OP_CSRRCI) {
    /* The instruction before this CSR instruction: in this block or ending the last one. */
    const struct block *last = h->last_block;
    const struct insn *prev = in > blk->insns ? in - 1 : NULL;
    if (!prev && last && last->count) {
      prev = &last->insns[last->count - 1];
      if (prev->op == OP_END_BLOCK) prev = last->count > 1 ? prev - 1 : NULL;
    }
    h->csr_write_collides = prev && p->minstret_write_collides(p, prev, h->last_branch_taken);
  }
  h->last_block = blk;           /* unless it traps (hart_take_trap clears it) */
  h->budget -= blk->retire_cycles;
  if (h->xlen == 32) pc = (uint32_t)pc;
  uint64_t next = pc + ((in->cls & CLS_COMPRESSED) ? 2 : 4);
  if (h->xlen == 32) next = (uint32_t)next;
  switch (in->op) {
    case OP_CSRRW: case OP_CSRRS: case OP_CSRRC: case OP_CSRRWI: case OP_CSRRSI: case OP_CSRRCI:
      exec_csr(h, blk, in, pc);
      if (h->xlen == 32) h->pc = (uint32_t)h->pc;
      return;
    case OP_ECALL: {
      /* ECALL does not retire (Zicntr): the trap is taken with epc at the ECALL. */
      static const uint64_t cause[4] = {EXC_ECALL_U, EXC_ECALL_S, 0, EXC_ECALL_M};
      hart_add_events(h, h->machine->profile->ecall_ebreak_events, 1);
      hart_take_trap(h, cause[h->priv], 0, pc);
      return;
    }
    case OP_EBREAK:
      hart_add_events(h, h->machine->profile->ecall_ebreak_events, 1);
      hart_take_trap(h, EXC_BREAKPOINT, pc, pc);
      return;
    case OP_MRET: exec_mret(h, blk, in, pc); return;
    case OP_SRET: exec_sret(h, blk, in, pc); return;
    case OP_WFI:
      /* U-mode WFI is illegal (S mode exists); S-mode WFI with mstatus.TW too (3.1.6.6). */
      if (h->priv == PRIV_U || (h->priv == PRIV_S && (h->mstatus & MSTATUS_TW))) return illegal(h, in, pc);
      h->pc = next;
      retire_self(h, blk, in);
      h->sleeping = true;
      h->budget = 0;
      return;
    case OP_SFENCE_VMA:
      if (h->priv == PRIV_U || (h->priv == PRIV_S && (h->mstatus & MSTATUS_TVM))) return illegal(h, in, pc);
      h->pc = next;
      retire_self(h, blk, in);
      hart_model_tlb_flush(h);
      hart_flush_translation(h, false);
      return;
    case OP_FENCE_I:
      h->pc = next;
      retire_self(h, blk, in);
      system_jump_target(h, next);
      if (h->machine->profile->fence_i) h->machine->profile->fence_i(h);
      hart_flush_translation(h, true); /* frees blk: nothing below may touch it */
      return;
    default: /* OP_ILLEGAL */
      illegal(h, in, pc);
      return;
  }
}

void hart_fault_in_block(struct hart *h, const struct block *blk, const struct insn *in, uint64_t bpc,
                         int cause, uint64_t tval) {
  hart_fetch_next_settle(h, blk); /* fetched whole, last_block is the one before it */
  hart_account_prefix(h, blk, (unsigned)(in - blk->insns));
  uint64_t epc = bpc + in->pc_off;
  if (cause & FAULT_SECOND_WORD) cause &= ~FAULT_SECOND_WORD, tval = (tval | 3) + 1;
  if (h->xlen == 32) epc = (uint32_t)epc, tval = (uint32_t)tval;
  hart_take_trap(h, (uint64_t)cause, tval, epc);
}

void hart_break_after(struct hart *h, const struct block *blk, const struct insn *in, uint64_t bpc) {
  hart_fetch_next_settle(h, blk);
  hart_account_prefix(h, blk, (unsigned)(in - blk->insns) + 1);
  uint64_t next = bpc + in->pc_off + ((in->cls & CLS_COMPRESSED) ? 2 : 4);
  h->pc = h->xlen == 32 ? (uint32_t)next : next;
  h->budget = 0;
}
