/* Timing models: how a core profile turns instructions into cycles and micro-architectural
 * events (design.md decision 4).
 *
 * A model describes each instruction as runs of cycles, each cycle of a run raising a set of
 * events (EV_CYCLES is implied in every cycle). Static costs are computed once when a block is
 * built; costs that depend on run-time values (a taken branch, a divider's operands, a
 * misaligned access, trap entry) are added where they happen with hart_add_cycles. Counting
 * by cycles is what makes a counter that selects several events (CV32E40P, MicroBlaze V)
 * exact: it counts the cycles in which any of them occurs. */
#ifndef RVPMU_PROFILES_TIMING_H
#define RVPMU_PROFILES_TIMING_H

#include <stddef.h>
#include <stdint.h>

#include "hpm/events.h"
#include "isa/insn.h"

/* `count` cycles, each raising every event in `events`. */
struct cycle_run {
  uint64_t events;
  uint32_t count;
};

#define TIMING_MAX_RUNS 4
struct insn_timing {
  struct cycle_run run[TIMING_MAX_RUNS];
  unsigned n;
};

/* How many instructions before the timed one its context holds: the MicroBlaze V 8-stage
 * pipeline needs five (a load in M3, five stages ahead of operand fetch, still stalls it). */
#define TIMING_HISTORY 5

/* An instruction and the ones just before it (NULL when none or unknown), which is what static
 * hazards (load-use, jump-register) depend on: prev and prev2 are the first and second before
 * it, older[] the third to TIMING_HISTORY-th (only the MicroBlaze V model looks that far). */
struct insn_context {
  const struct insn *in, *prev, *prev2;
  const struct insn *older[TIMING_HISTORY - 2];
  uint64_t pc; /* virtual address of `in` */
};

/* The instruction d (1..TIMING_HISTORY) before c->in, or NULL. */
static inline const struct insn *insn_context_before(const struct insn_context *c, unsigned d) {
  return d == 1 ? c->prev : d == 2 ? c->prev2 : c->older[d - 3];
}

/* Fills c->prev, prev2 and older[] from `before`, the n (<= TIMING_HISTORY) instructions
 * before c->in, nearest first; the rest become NULL. */
static inline void insn_context_set_before(struct insn_context *c, const struct insn *const *before, unsigned n) {
  c->prev = n > 0 ? before[0] : NULL;
  c->prev2 = n > 1 ? before[1] : NULL;
  for (unsigned d = 3; d <= TIMING_HISTORY; d++) c->older[d - 3] = n >= d ? before[d - 1] : NULL;
}

static inline void timing_add(struct insn_timing *t, uint64_t events, uint32_t count) {
  if (count && t->n < TIMING_MAX_RUNS) t->run[t->n++] = (struct cycle_run){events, count};
}

/* The architectural events an instruction raises when it retires (instructions, loads,
 * stores, branches, jumps, compressed, multiplies, divides, atomics, and its kind: system,
 * arithmetic, bit manipulation, JAL, JALR, cache-block operation). */
uint64_t insn_retire_events(const struct insn *in);

/* Does `in` read integer register `reg` (x1..x31) as a source operand? */
int insn_reads_reg(const struct insn *in, unsigned reg);
/* Does `in` use x0 as a source operand (rs1 or rs2 of an operation that reads them)? */
int insn_reads_x0(const struct insn *in);

/* Does `in` write register `reg` (x1..x31)? */
int insn_writes_reg(const struct insn *in, unsigned reg);

/* Which operand fields of an F/D instruction name which register file (0 for the others).
 * With insn_fp_kind (isa/insn.h) this is what a timing model with an FPU needs. */
enum fp_operands {
  FPO_RD = 1 << 0,    /* rd is an FP register */
  FPO_RS1 = 1 << 1,   /* rs1 is an FP source */
  FPO_RS2 = 1 << 2,   /* rs2 is an FP source (the data of FSW/FSD too) */
  FPO_RS3 = 1 << 3,   /* insn_rs3(in) is an FP source (fused multiply-add) */
  FPO_X_RD = 1 << 4,  /* rd is an integer register (FCVT to integer, FMV.X.*, compares, FCLASS) */
  FPO_X_RS1 = 1 << 5, /* rs1 is an integer source (address base, FCVT from integer, FMV.*.X) */
};
unsigned insn_fp_operands(const struct insn *in);

/* Does `in` read / write FP register f`reg` (0..31)? */
int insn_reads_freg(const struct insn *in, unsigned reg);
int insn_writes_freg(const struct insn *in, unsigned reg);

/* Splits `t` into its first cycle and the others: `first` gets one cycle of a run that raises
 * no event (the cycle in which a pipelined core executes an instruction that then flushes),
 * or the first cycle of t when every run raises events; `rest` the remaining runs. */
void timing_split_first_cycle(const struct insn_timing *t, struct insn_timing *first, struct insn_timing *rest);

/* The generic model: one cycle per instruction, raising its retire events. */
void timing_one_cycle(const struct insn_context *c, struct insn_timing *t);

#endif
