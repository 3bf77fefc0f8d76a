/* OpenHW CV32E40P (../shared/spec/cv32e40p-performance-counters.txt), with the timing of its
 * RTL as measured on openhwgroup/cv32e40p 6033d2b1 (tests/reference/README.md):
 *
 * - RV32IMC, M mode only; mcycle, minstret and NUM_MHPMCOUNTERS (counters=, default 1)
 *   programmable counters, all 64 bits; every counter inhibited at reset; selectors 16 bits,
 *   reset 0; no time CSR (illegal instruction); counters stop while the core sleeps in WFI
 *   (clock gated).
 * - Several selector bits (undefined in the document): the RTL ORs the selected events, so
 *   the counter increments once per cycle in which any of them occurs (measured: INSTR|
 *   COMP_INSTR = INSTR; LD|ST = LD + ST; BRANCH|BRANCH_TAKEN = their sum, since BRANCH_TAKEN
 *   is raised the cycle after BRANCH). rvpmu does the same.
 * - IMISS, PIPE_STALL and the APU events never occur in this configuration (no instruction
 *   memory wait states, no cluster, no FPU). */
#include <stdio.h>

#include "csr/csr.h"
#include "profiles/cv32e40p_fpu.h"
#include "profiles/profile.h"

#define BIT(n) (1ull << (n))

static const struct profile_event cv32e40p_events[] = {
    {"CYCLES", BIT(0), EV_CYCLES, "number of cycles", 0x1},
    {"INSTR", BIT(1), EV_INSNS, "number of instructions retired", 0x2},
    {"LD_STALL", BIT(2), EV_STALL_LOAD_USE, "number of load use hazards", 0},
    {"JMP_STALL", BIT(3), EV_STALL_JUMP_REG, "number of jump register hazards", 0},
    {"IMISS", BIT(4), EV_STALL_IF, "cycles waiting for instruction fetches, excluding jumps and branches", 0},
    {"LD", BIT(5), EV_LOADS, "number of load instructions", 0},
    {"ST", BIT(6), EV_STORES, "number of store instructions", 0},
    {"JUMP", BIT(7), EV_JUMPS, "number of jumps (unconditional)", 0},
    {"BRANCH", BIT(8), EV_BRANCHES, "number of branches (conditional)", 0x5},
    {"BRANCH_TAKEN", BIT(9), EV_BR_TAKEN, "number of branches taken (conditional)", 0},
    {"COMP_INSTR", BIT(10), EV_COMPRESSED, "number of compressed instructions retired", 0},
    {"PIPE_STALL", BIT(11), EV_NONE, "cycles from stalled pipeline (0: no cluster)", 0},
    {"APU_TYPE", BIT(12), EV_STALL_EX, "cycles an FP operation waits in EX for one in flight (0 without fpu=on)", 0},
    {"APU_CONT", BIT(13), EV_FP_CONTENTION, "cycles the FPU refuses an FP operation (0 without fpu=on)", 0},
    {"APU_DEP", BIT(14), EV_STALL_OF, "cycles an instruction waits in ID for an FP result (0 without fpu=on)", 0},
    {"APU_WB", BIT(15), EV_FP_WB_CONTENTION, "FP results that meet an ALU result at the write port (0 without fpu=on)", 0},
    {0},
};

/* The OR of the selected bits' events (bits for events that cannot occur add nothing). */
static uint64_t cv32e40p_decode(const struct profile *p, uint64_t selector) {
  uint64_t mask = 0;
  for (const struct profile_event *e = p->events; e->name; e++)
    if ((e->selector & selector) && e->event != EV_NONE) mask |= EV_BIT(e->event);
  return mask;
}

static uint64_t cv32e40p_selector_reset(const struct profile *p, unsigned idx) {
  (void)p, (void)idx;
  return 0;
}

static const uint64_t LD_STALL = EV_BIT(EV_STALL_LOAD_USE), JMP_STALL = EV_BIT(EV_STALL_JUMP_REG);

static bool is_load(const struct insn *in) { return in && (in->cls & CLS_LOAD); }
/* Loads, FLW included (the LSU writes them back alike). */
static bool is_any_load(const struct insn *in) { return is_load(in) || (in && insn_fp_kind(in) == FP_KIND_LOAD); }

/* CSR accesses that take 4 cycles (measured): mstatus, mtvec, mepc, mcause and every
 * counter, selector or inhibit register, read or written. */
static bool slow_csr(unsigned csr) {
  return csr == CSR_MSTATUS || csr == CSR_MTVEC || csr == CSR_MEPC || csr == CSR_MCAUSE ||
         (csr >= CSR_MCOUNTINHIBIT && csr <= CSR_MHPMEVENT31) || (csr >= CSR_MCYCLE && csr <= CSR_MHPMCOUNTER31H) ||
         (csr >= CSR_CYCLE && csr <= CSR_HPMCOUNTER31H);
}

static void cv32e40p_time_insn(const struct profile *p, const struct insn_context *c, struct insn_timing *t) {
  const struct insn *in = c->in;
  t->n = 0;
  uint64_t retire = insn_retire_events(in);
  /* LD and ST count FLW and FSW too. */
  if (insn_fp_kind(in) == FP_KIND_LOAD) retire |= EV_BIT(EV_LOADS);
  if (insn_fp_kind(in) == FP_KIND_STORE) retire |= EV_BIT(EV_STORES);
  /* A load stalls the next instruction if that reads its register, or writes it through the
   * ALU port (the controller's write-after-write check compares the load's destination with
   * that of an instruction whose decoder sets regfile_alu_we: a second load does not, nor does
   * an F operation, which writes back through the APU: `flw f5; fadd.s f5, f6, f4` does not
   * stall, measured, fp_mixreg); integer and FP registers alike. */
  bool zfinx = p->options[CV32E40P_OPT_ZFINX] != 0;
  bool load_use = is_any_load(c->prev) && (cv32e40p_reads_dest_of(in, c->prev, zfinx) ||
                                           (!is_any_load(in) && !cv32e40p_is_apu(in) &&
                                            cv32e40p_writes_dest_of(in, c->prev, zfinx)));
  if (in->op == OP_JALR && in->rs1) {
    /* Jump-register hazards on the base register (measured). */
    if (is_load(c->prev) && c->prev->rd == in->rs1) {
      timing_add(t, LD_STALL | JMP_STALL, 1);
      timing_add(t, 0, 1);
      load_use = false;
    } else if (c->prev && insn_writes_reg(c->prev, in->rs1)) {
      timing_add(t, JMP_STALL, 1);
    } else if (is_load(c->prev2) && c->prev2->rd == in->rs1) {
      timing_add(t, JMP_STALL, 1);
    }
  }
  /* A jump that writes the load's destination (lw a5; jal a5, ...) has its stall in the
   * cycle it refetches anyway: LD_STALL is counted, no cycle is added (measured: the same
   * cycles as without the stall, fp_mixreg jal_after_load / jalr_after_load). */
  bool stall_hides_refetch = load_use && (in->op == OP_JAL || in->op == OP_JALR);
  /* A jump right behind a divide or a MULH, which stay in EX for several cycles, is resolved
   * while it waits in ID: its refetch is one of those cycles (measured: `div; jal` costs the
   * cycles of `div; nop`, fp_mixreg jal_after_div; the same rule as behind a waiting F
   * operation, docs/cv32e40p.md). A JALR on the divide's result is left to the hazard rule. */
  if ((in->op == OP_JAL || (in->op == OP_JALR && !(c->prev && insn_writes_reg(c->prev, in->rs1)))) && c->prev &&
      ((c->prev->cls & CLS_DIV) || c->prev->op == OP_MULH || c->prev->op == OP_MULHSU || c->prev->op == OP_MULHU))
    stall_hides_refetch = true;
  if (load_use) timing_add(t, LD_STALL, 1);
  switch (in->op) {
    case OP_MULH: case OP_MULHSU: case OP_MULHU:
      timing_add(t, 0, 4);
      break;
    case OP_CSRRW: case OP_CSRRS: case OP_CSRRC: case OP_CSRRWI: case OP_CSRRSI: case OP_CSRRCI:
      if (slow_csr((unsigned)in->imm) || cv32e40p_fp_csr_write(in)) timing_add(t, 0, 3);
      break;
    case OP_FENCE: case OP_FENCE_I:
      timing_add(t, 0, 3);
      break;
    case OP_MRET:
      timing_add(t, 0, 4);
      break;
    case OP_WFI: /* measured: 5 cycles awake, 6 when it resumes without a trap (wfi_resume);
                  * asleep the clock is gated */
      timing_add(t, 0, 4);
      break;
    default:
      break;
  }
  timing_add(t, retire, 1);
  if ((in->op == OP_JAL || in->op == OP_JALR) && !stall_hides_refetch) timing_add(t, 0, 1); /* the jump's refetch */
}

/* Divider latency depends only on the divisor (measured on all 30 cases): 3 + clz(rs2) for
 * unsigned operations or a non-negative divisor (clz(0) = 32), 2 + clz(~rs2) for a negative
 * signed divisor. The retire cycle is static; the rest comes here. */
static void cv32e40p_div_timing(const struct profile *p, const struct insn *in, uint64_t a, uint64_t b,
                                struct insn_timing *t) {
  (void)p, (void)a;
  uint32_t d = (uint32_t)b;
  bool is_signed = in->op == OP_DIV || in->op == OP_REM;
  uint32_t cycles = is_signed && (int32_t)d < 0 ? 2 + (uint32_t)(~d ? __builtin_clz(~d) : 32)
                                                : 3 + (uint32_t)(d ? __builtin_clz(d) : 32);
  t->n = 0;
  timing_add(t, 0, cycles - 1);
}

const struct profile cv32e40p_profile = {
    .name = "cv32e40p",
    .description = "OpenHW CV32E40P: RV32IMC, M mode, 16 one-hot events, timing of the RTL",
    .default_isa = "rv32imc",
    .default_platform = "cv32e40p-tb",
    .isa_letters = "imc",
    .xlens = 1,
    .has_s_mode = false,
    .has_u_mode = false,
    .num_hpm = 1,
    .hpm_width = 64,
    .fixed_width = 64,
    .mcountinhibit_reset = 0xfffffffd, /* every implemented counter inhibited */
    .selectors_writable = true,
    .selector_mask = 0xffff,
    .has_sscofpmf = false,
    .has_smcntrpmf = false,
    .time_csr_traps = true,
    .csr_map = cv32e40p_csr_map,   /* src/profiles/cv32e40p_csrs.c */
    .local_irqs = 0xffff0000,      /* the 16 fast interrupts */
    .events = cv32e40p_events,
    .decode_selector = cv32e40p_decode,
    .selector_reset = cv32e40p_selector_reset,
    .time_insn = cv32e40p_time_insn,
    /* Taken branch: 2 more cycles; BRANCH_TAKEN is raised in the first of them. */
    .taken_branch = {{{EV_BIT(EV_BR_TAKEN), 1}, {0, 1}}, 2},
    /* A 32-bit instruction at pc % 4 == 2 reached by a taken transfer: one more fetch. */
    .unaligned_target = {{{0, 1}}, 1},
    .exception_entry = {{{0, 4}}, 1},
    .interrupt_entry = {{{0, 2}}, 1},
    .wfi_resume = {{{0, 1}}, 1},
    .misaligned_in_hardware = true,
    .misaligned_extra = {{{0, 1}}, 1},
    .div_timing = cv32e40p_div_timing,
    /* fpu=on, fpu_addmul_lat=N, fpu_others_lat=N, zfinx=on (cv32e40p_fpu.c) */
    .set_option = cv32e40p_fpu_option,
    .finish = cv32e40p_fpu_finish,
    .check = cv32e40p_fpu_check,
    .counter_write_first_cycle = true, /* measured (csrwrite.S) */
    .max_cycles_per_insn = 40,
    .timer_irq_latency = 4, /* measured (spin_irq) */
};
