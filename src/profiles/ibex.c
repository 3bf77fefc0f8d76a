/* lowRISC Ibex (../shared/spec/ibex-performance-counters.txt), with the timing of its RTL as
 * measured on lowRISC/ibex 8b8ee086 (tests/reference/README.md):
 *
 * - mcycle/minstret 64 bits; NumMHPMCounters (counters=, default 0) programmable counters of
 *   MHPMCounterWidth bits (width=, default 40), each with a hardwired selector (bit X for
 *   mhpmcounterX); all counters enabled at reset; no time CSR; M and U modes.
 * - variant=doc (default): the document's events (11 NumCyclesWFI; misaligned accesses count
 *   twice in NumLoads/NumStores; at most 8 counters). variant=rtl: the current RTL (11
 *   NumCyclesMulWait; misaligned accesses count once; up to 10 counters).
 * - Timing options: multiplier=fast|single-cycle|slow, bta=on|off (branch target ALU),
 *   wb_stage=on|off (writeback stage), mem_wait=N (data memory wait states; not measured on
 *   the RTL: each data access waits N more cycles, counted in NumCyclesLSU).
 * - pmp=N: PMPEnable=1 with PMPNumRegions=N (1..16; 0, the default: PMPEnable=0), with
 *   Smepmp's mseccfg; pmp_granularity=BYTES: 2^(PMPGranularity+2) (default 4). The PMP's
 *   registers and checks are hart/pmp.c's, with Ibex's choice for NA4 under a granularity
 *   (OFF). Misaligned accesses are two word accesses checked on their own (mmu.c).
 * - dbg_triggers=on|off: DbgTriggerEn (the trigger CSRs, ibex_csrs.c).
 * - rv32b=none|balanced|otearlgrey|full: the RTL's RV32B parameter (default none, as the
 *   measured configurations). Of the ratified bit manipulation, balanced decodes Zba, Zbb and
 *   Zbs, otearlgrey and full Zbc too (ibex_decoder.sv); rotates (ROL, ROR, RORI) are
 *   multi-cycle ALU operations there (alu_multicycle_o: one more cycle, no event), the others
 *   take one cycle. The draft-only instructions of those options are not implemented.
 *
 * The core clock is gated in WFI, so no counter advances while it sleeps (measured), which is
 * why NumCyclesWFI of the document variant stays 0 unless a platform keeps the clock running. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csr/csr.h"
#include "profiles/profile.h"

enum { OPT_MULTIPLIER, OPT_BTA, OPT_WB, OPT_MEM_WAIT, OPT_VARIANT_RTL, OPT_RV32B };
enum { MUL_FAST, MUL_SINGLE_CYCLE, MUL_SLOW };

#define SEL(bit) (1ull << (bit))

/* Event ids of the Ibex events in both variants (the document's bit numbers). */
static const struct profile_event ibex_doc_events[] = {
    {"NumCycles", SEL(0), EV_CYCLES, "number of cycles (mcycle)", 0x1},
    {"NumInstrRet", SEL(2), EV_INSNS, "number of instructions retired (minstret)", 0x2},
    {"NumCyclesLSU", SEL(3), EV_STALL_LSU, "number of cycles waiting for data memory", 0},
    {"NumCyclesIF", SEL(4), EV_STALL_IF, "cycles waiting for instruction fetches", 0},
    {"NumLoads", SEL(5), EV_LOAD_ACCESSES, "number of data memory loads (misaligned: two)", 0},
    {"NumStores", SEL(6), EV_STORE_ACCESSES, "number of data memory stores (misaligned: two)", 0},
    {"NumJumps", SEL(7), EV_JUMPS, "number of unconditional jumps (j, jal, jr, jalr; fence.i)", 0},
    {"NumBranches", SEL(8), EV_BRANCHES, "number of conditional branches", 0x5},
    {"NumBranchesTaken", SEL(9), EV_BR_TAKEN, "number of taken conditional branches", 0},
    {"NumInstrRetC", SEL(10), EV_COMPRESSED, "number of compressed instructions retired", 0},
    {"NumCyclesWFI", SEL(11), EV_STALL_WFI, "cycles waiting in WFI (0: the clock is gated)", 0},
    {"NumCyclesDivWait", SEL(12), EV_STALL_DIV, "cycles waiting for divide to complete", 0},
    {0},
};

/* The RTL's hardwired selectors are bit X-3 for mhpmcounterX (rtl/ibex_cs_registers.sv:
 * mhpmevent[i][i - MHPMCOUNTER_BASE]; measured by tests/profiles/csrmap), not the document's
 * bit X; mcycle and minstret have no selector there. */
#define RTL_SEL(counter) SEL((counter) - 3)
static const struct profile_event ibex_rtl_events[] = {
    {"NumCycles", 0, EV_CYCLES, "number of cycles (mcycle)", 0x1},
    {"NumInstrRet", 0, EV_INSNS, "number of instructions retired (minstret)", 0x2},
    {"NumCyclesLSU", RTL_SEL(3), EV_STALL_LSU, "number of cycles waiting for data memory", 0},
    {"NumCyclesIF", RTL_SEL(4), EV_STALL_IF, "cycles waiting for instruction fetches", 0},
    {"NumLoads", RTL_SEL(5), EV_LOADS, "number of loads (a misaligned one counts once)", 0},
    {"NumStores", RTL_SEL(6), EV_STORES, "number of stores (a misaligned one counts once)", 0},
    {"NumJumps", RTL_SEL(7), EV_JUMPS, "number of unconditional jumps (j, jal, jr, jalr; fence.i)", 0},
    {"NumBranches", RTL_SEL(8), EV_BRANCHES, "number of conditional branches", 0x5},
    {"NumBranchesTaken", RTL_SEL(9), EV_BR_TAKEN, "number of taken conditional branches", 0},
    {"NumInstrRetC", RTL_SEL(10), EV_COMPRESSED, "number of compressed instructions retired", 0},
    {"NumCyclesMulWait", RTL_SEL(11), EV_STALL_MUL, "cycles waiting for multiply to complete", 0},
    {"NumCyclesDivWait", RTL_SEL(12), EV_STALL_DIV, "cycles waiting for divide to complete", 0},
    {0},
};

/* A selector counts the events whose bits it has (hardwired one-hot, so one event). */
static uint64_t ibex_decode(const struct profile *p, uint64_t selector) {
  uint64_t mask = 0;
  for (const struct profile_event *e = p->events; e->name; e++)
    if (e->selector & selector) mask |= EV_BIT(e->event);
  return mask;
}

/* mhpmeventX reads bit X (document) or X-3 (RTL) for the counters that exist (3..12), 0 for
 * the others. */
static uint64_t ibex_selector_reset(const struct profile *p, unsigned idx) {
  if (idx > 12) return 0;
  return p->options[OPT_VARIANT_RTL] ? RTL_SEL(idx) : SEL(idx);
}

static bool wb_stage(const struct profile *p) { return p->options[OPT_WB] != 0; }
static bool bta(const struct profile *p) { return p->options[OPT_BTA] != 0; }

/* Is `prev` a load whose result `in` reads right after it (the writeback-stage hazard)? */
static bool load_use(const struct insn *prev, const struct insn *in) {
  return prev && (prev->cls & CLS_LOAD) && insn_reads_reg(in, prev->rd);
}

/* CSR writes flush the pipeline except to mscratch and mepc (measured). */
static bool csr_flushes(const struct insn *in) {
  bool imm_form = in->op >= OP_CSRRWI;
  bool writes = in->op == OP_CSRRW || in->op == OP_CSRRWI || in->rs1 != 0;
  unsigned csr = (unsigned)in->imm;
  (void)imm_form;
  return writes && csr != CSR_MSCRATCH && csr != CSR_MEPC;
}

static uint64_t const IF = EV_BIT(EV_STALL_IF), LSU = EV_BIT(EV_STALL_LSU);

/* With the writeback stage, does `prev` retire in the first cycle of the instruction after it?
 * Yes unless it leaves fetch bubbles behind: a pipeline flush (CSR write, MRET, FENCE.I, WFI),
 * a taken branch, or a jump with the branch target ALU (without it the jump spends its second
 * cycle in ID computing the target while the fetch catches up). Measured before a minstreth
 * write (csrwrite.S): ALU, load, store, MUL, mscratch write, CSR read, not-taken branch and
 * jump without BTA collide; taken branch, jump with BTA and flushing CSR write do not. */
static bool retires_with_next(const struct profile *p, const struct insn *prev, bool taken) {
  if (prev->cls & CLS_BRANCH) return !taken;
  if (prev->cls & CLS_JUMP) return !bta(p);
  switch (prev->op) {
    case OP_MRET: case OP_FENCE_I: case OP_WFI: return false;
    case OP_CSRRW: case OP_CSRRS: case OP_CSRRC: case OP_CSRRWI: case OP_CSRRSI: case OP_CSRRCI:
      return !csr_flushes(prev);
    default: return true;
  }
}

static void ibex_time_insn(const struct profile *p, const struct insn_context *c, struct insn_timing *t) {
  const struct insn *in = c->in;
  uint64_t retire = insn_retire_events(in);
  t->n = 0;
  if (wb_stage(p) && load_use(c->prev, in)) timing_add(t, LSU, 1);
  switch (in->op) {
    case OP_LB: case OP_LH: case OP_LW: case OP_LBU: case OP_LHU:
    case OP_SB: case OP_SH: case OP_SW:
      timing_add(t, LSU, (uint32_t)(wb_stage(p) ? 0 : 1) + (uint32_t)p->options[OPT_MEM_WAIT]);
      break;
    case OP_JAL: case OP_JALR:
      timing_add(t, bta(p) ? IF : 0, 1);
      break;
    case OP_FENCE_I: /* implemented as a jump to the next instruction */
      retire |= EV_BIT(EV_JUMPS);
      timing_add(t, bta(p) ? IF : 0, 1);
      break;
    case OP_MUL: case OP_MULH: case OP_MULHSU: case OP_MULHU: {
      bool high = in->op != OP_MUL;
      switch (p->options[OPT_MULTIPLIER]) {
        case MUL_FAST: timing_add(t, EV_BIT(EV_STALL_MUL), high ? 3 : 2); break;
        case MUL_SINGLE_CYCLE: timing_add(t, EV_BIT(EV_STALL_MUL), high ? 1 : 0); break;
        default: break; /* slow: operand-dependent, ibex_mul_timing */
      }
      break;
    }
    case OP_CSRRW: case OP_CSRRS: case OP_CSRRC: case OP_CSRRWI: case OP_CSRRSI: case OP_CSRRCI:
      if (csr_flushes(in)) {
        timing_add(t, IF, 1);
        timing_add(t, 0, 1);
      }
      break;
    case OP_MRET:
      timing_add(t, IF, 1);
      timing_add(t, 0, 1);
      break;
    case OP_ROL: case OP_ROR: case OP_RORI: /* RV32B: a two-cycle ALU operation */
      timing_add(t, 0, 1);
      break;
    case OP_WFI: /* measured: 5 cycles awake (sleep itself is not counted: clock gated) */
      timing_add(t, IF, 1);
      timing_add(t, 0, 3);
      break;
    default:
      break;
  }
  timing_add(t, retire, 1);
}

/* Divide and remainder: 37 cycles, or 2 when dividing by zero (the only early out). */
static void ibex_div_timing(const struct profile *p, const struct insn *in, uint64_t a, uint64_t b,
                            struct insn_timing *t) {
  (void)p, (void)in, (void)a;
  t->n = 0;
  timing_add(t, EV_BIT(EV_STALL_DIV), (uint32_t)b == 0 ? 1 : 36);
}

/* Slow multiplier: MUL takes 2 + (index of rs2's highest set bit) cycles, MULH* 33. */
static void ibex_mul_timing(const struct profile *p, const struct insn *in, uint64_t a, uint64_t b,
                            struct insn_timing *t) {
  (void)a;
  t->n = 0;
  if (p->options[OPT_MULTIPLIER] != MUL_SLOW) return;
  uint32_t rs2 = (uint32_t)b, k = rs2 > 1 ? 31u - (uint32_t)__builtin_clz(rs2) : 0;
  uint32_t cycles = in->op == OP_MUL ? 2 + k : 33;
  if (cycles > 33) cycles = 33;
  timing_add(t, EV_BIT(EV_STALL_MUL), cycles - 1);
}

static int parse_onoff(const char *v, uint64_t *out) {
  if (!strcmp(v, "on")) *out = 1;
  else if (!strcmp(v, "off")) *out = 0;
  else return -1;
  return 0;
}

/* Recomputes everything that depends on the options. */
static void apply_timing(struct profile *p) {
  bool rtl = p->options[OPT_VARIANT_RTL] != 0;
  p->events = rtl ? ibex_rtl_events : ibex_doc_events;
  p->taken_branch.n = 0;
  /* Taken branch: 3 cycles (one refetch cycle counted in NumCyclesIF), 2 with the BTA. */
  timing_add(&p->taken_branch, IF | EV_BIT(EV_BR_TAKEN), 1);
  if (!bta(p)) timing_add(&p->taken_branch, 0, 1);
  p->config_write_counts_new = wb_stage(p);
  p->minstret_write_collides = wb_stage(p) ? retires_with_next : NULL; /* measured (csrwrite.S) */
  p->counter_write_first_cycle = true; /* measured (csrwrite.S) */
  /* Measured: the writeback stage delays a timer interrupt by one more cycle, and a sleeping
   * core then wakes without the extra cycle. */
  p->timer_irq_latency = wb_stage(p) ? 3 : 2;
  p->wfi_wakeup_cycles = wb_stage(p) ? 0 : 1;
  p->misaligned_extra.n = 0;
  timing_add(&p->misaligned_extra, wb_stage(p) ? 0 : LSU, 1 + (uint32_t)p->options[OPT_MEM_WAIT]);
  /* A load or store refused by the PMP or the bus (measured, tests/profiles/pmp): cycles
   * before the trap, 2 (PMP) or 1 (bus), one more when misaligned across a word, counted in
   * NumCyclesLSU only without the writeback stage; it counts in NumLoads/NumStores. */
  static const uint32_t fault_cycles[4] = {[ACCESS_FAULT_PMP] = 2, [ACCESS_FAULT_BUS] = 1,
                                           [ACCESS_FAULT_MISALIGNED_PMP] = 3, [ACCESS_FAULT_MISALIGNED_BUS] = 2};
  for (unsigned k = 0; k < 4; k++) {
    p->access_fault[k].n = 0;
    timing_add(&p->access_fault[k], wb_stage(p) ? 0 : LSU, fault_cycles[k]);
  }
  p->access_fault_counts = true;
  p->div_timing = ibex_div_timing;
  p->mul_timing = p->options[OPT_MULTIPLIER] == MUL_SLOW ? ibex_mul_timing : NULL;
}

static int ibex_set_option(struct profile *p, const char *key, const char *value, char *err, unsigned errlen) {
  int bad = 0;
  if (!strcmp(key, "multiplier")) {
    if (!strcmp(value, "fast")) p->options[OPT_MULTIPLIER] = MUL_FAST;
    else if (!strcmp(value, "single-cycle")) p->options[OPT_MULTIPLIER] = MUL_SINGLE_CYCLE;
    else if (!strcmp(value, "slow")) p->options[OPT_MULTIPLIER] = MUL_SLOW;
    else bad = 1;
  } else if (!strcmp(key, "bta")) {
    bad = parse_onoff(value, &p->options[OPT_BTA]);
  } else if (!strcmp(key, "wb_stage")) {
    bad = parse_onoff(value, &p->options[OPT_WB]);
  } else if (!strcmp(key, "mem_wait")) {
    char *end;
    unsigned long n = strtoul(value, &end, 10);
    if (!*value || *end || n > 64) bad = 1;
    else p->options[OPT_MEM_WAIT] = n;
  } else if (!strcmp(key, "rv32b")) {
    static const char *const names[] = {"none", "balanced", "otearlgrey", "full"};
    bad = 1;
    for (unsigned k = 0; k < 4; k++)
      if (!strcmp(value, names[k])) p->options[OPT_RV32B] = k, bad = 0;
  } else if (!strcmp(key, "dbg_triggers")) {
    uint64_t on = 0;
    bad = parse_onoff(value, &on);
    if (!bad) p->has_debug_triggers = on != 0;
  } else if (!strcmp(key, "pmp")) {
    char *end;
    unsigned long n = strtoul(value, &end, 10);
    if (!*value || *end || n > 16) bad = 1;
    else p->pmp_entries = (unsigned)n;
  } else if (!strcmp(key, "pmp_granularity")) {
    char *end;
    unsigned long long n = strtoull(value, &end, 0);
    if (!*value || *end || *value == '-' || n < 4 || (n & (n - 1)) || n > (1ull << 32)) bad = 1;
    else p->pmp_granularity_log2 = (unsigned)__builtin_ctzll(n) - 2;
  } else if (!strcmp(key, "variant")) {
    if (!strcmp(value, "doc")) p->options[OPT_VARIANT_RTL] = 0;
    else if (!strcmp(value, "rtl")) p->options[OPT_VARIANT_RTL] = 1;
    else bad = 1;
  } else {
    snprintf(err, errlen,
             "core ibex: unknown option '%s' (known: counters=N, width=N, variant=doc|rtl, "
             "multiplier=fast|single-cycle|slow, bta=on|off, wb_stage=on|off, mem_wait=N, "
             "rv32b=none|balanced|otearlgrey|full, pmp=0..16, pmp_granularity=BYTES, dbg_triggers=on|off)",
             key);
    return -1;
  }
  if (bad) {
    snprintf(err, errlen, "core ibex: bad value '%s' for %s", value, key);
    return -1;
  }
  apply_timing(p);
  return 0;
}

static void ibex_finish(struct profile *p) {
  /* The ratified bit manipulation each RV32B option decodes (see the top of the file). */
  static const unsigned rv32b_ext[] = {0, ISA_EXT_ZBA | ISA_EXT_ZBB | ISA_EXT_ZBS,
                                       ISA_EXT_ZBA | ISA_EXT_ZBB | ISA_EXT_ZBC | ISA_EXT_ZBS,
                                       ISA_EXT_ZBA | ISA_EXT_ZBB | ISA_EXT_ZBC | ISA_EXT_ZBS};
  static const char *const rv32b_isa[] = {"rv32imc", "rv32imc_zba_zbb_zbs", "rv32imc_zba_zbb_zbc_zbs",
                                          "rv32imc_zba_zbb_zbc_zbs"};
  p->isa_ext = rv32b_ext[p->options[OPT_RV32B]];
  p->default_isa = rv32b_isa[p->options[OPT_RV32B]];
  unsigned max = p->options[OPT_VARIANT_RTL] ? 10 : 8;
  if (p->num_hpm > max) p->num_hpm = max; /* more counters do not exist (spec) */
  apply_timing(p);
}

const struct profile ibex_profile = {
    .name = "ibex",
    .description = "lowRISC Ibex: RV32IMC, hardwired event counters, timing of the RTL",
    .default_isa = "rv32imc",
    .default_platform = "ibex-simple",
    .isa_letters = "imce",
    .xlens = 1,
    .has_s_mode = false,
    .has_u_mode = true,
    .num_hpm = 0,
    .hpm_width = 40,
    .fixed_width = 64,
    .mcountinhibit_reset = 0,
    .selectors_writable = false,
    .has_sscofpmf = false,
    .has_smcntrpmf = false,
    .time_csr_traps = true,
    .csr_map = ibex_csr_map,       /* src/profiles/ibex_csrs.c */
    .local_irqs = 0x7fff0000,      /* the 15 fast interrupts */
    .trap_taken = ibex_csr_trap_taken,
    .trap_return = ibex_csr_trap_return,
    .events = ibex_doc_events,
    .decode_selector = ibex_decode,
    .selector_reset = ibex_selector_reset,
    .set_option = ibex_set_option,
    .finish = ibex_finish,
    .time_insn = ibex_time_insn,
    /* A 32-bit instruction at pc % 4 == 2 reached by a taken transfer needs a second fetch. */
    .unaligned_target = {{{EV_BIT(EV_STALL_IF), 1}}, 1},
    .system_jumps_unaligned = true, /* measured: FENCE.I, MRET to a 32-bit instruction at 2 mod 4 */
    /* From reset to the first instruction: three cycles, two of them fetch waits, and
     * NumCyclesIF counts once more without a cycle of its own (measured: whole-program counts
     * from reset are 3 cycles and 3 fetch waits above the sum of the instructions, with the
     * final STOP counting only its first cycle, see counter_write_first_cycle). */
    .reset_fill = {{{EV_BIT(EV_STALL_IF), 2}, {0, 1}}, 2},
    .reset_events = EV_BIT(EV_STALL_IF),
    .exception_entry = {{{EV_BIT(EV_STALL_IF), 1}, {0, 2}}, 2},
    .interrupt_entry = {{{EV_BIT(EV_STALL_IF), 1}, {0, 1}}, 2},
    .misaligned_in_hardware = true,
    .misaligned_word_parts = true,
    .pmp_smepmp = true,
    .pmp_na4_to_off = true,
    .max_cycles_per_insn = 40,
    .timer_irq_latency = 2,
    .wfi_wakeup_cycles = 1,
};
