/* The block translator: MicroBlaze V's models loop (hart/model_hits.h, "The models loop") runs
 * the blocks it can translate as x86-64 code instead of dispatching their instructions one by
 * one (issue 12: the interpreter's dispatch, operand fetch and chained path were what stood
 * between that core and QEMU's speed once the models' inline paths were as short as an
 * interpreter makes them; docs/performance.md, "The translator, session 10").
 *
 * What it translates, and what it leaves to the interpreter (isa/exec_template.h, the
 * reference: tests/cli/jit.sh compares every count with RVPMU_JIT=0):
 * - a block's body up to the first instruction it does not know (RV32I's integer operations,
 *   the multiplies without operand-dependent timing, loads and stores through the D-cache's
 *   inline paths, FENCE); the interpreter resumes at that instruction. A block has one
 *   translation per way of the D-cache (hart_load_hit: the line TLB, or branch-free through
 *   the model TLB and the tags), and runs the one of the current way (jit_way);
 * - its end when it is a conditional branch, JAL, JALR or a cut (END_BLOCK): the timed loop's
 *   chained path (a link that holds, the BTC's linked compare and counter move, the jump
 *   found in the BTC, the link's budget and deferred count), then straight on to the next
 *   block's code.
 * Anything else (a line or TLB miss, a link that does not hold or is not followed whole, a
 * BTC miss, system instructions, division) leaves for the interpreter at the instruction
 * concerned, before anything of it is done, so that the interpreter does it exactly as
 * without translation. Only RV32 harts of timed profiles translate, the blocks built in the
 * models loop (hart.jit_on: RVPMU_JIT=0 turns it off), and the translations run only in that
 * loop (exec_template.h, L_JIT); the other loops run the block's first instruction's own
 * handler (block_jit.disp0). RVPMU_JIT_PERFMAP=1 names the translated code for perf
 * (/tmp/perf-PID.map: rvpmu_block_<paddr>, _bf for the branch-free way's). */
#ifndef RVPMU_ISA_JIT_H
#define RVPMU_ISA_JIT_H

#include <stdbool.h>
#include <stdint.h>

#include "isa/block.h"

struct hart;
struct jit_arena;

/* An arena of translated code (one per block cache, dropped with its blocks), or NULL where
 * there is no translator (not x86-64, or no executable memory). */
struct jit_arena *jit_arena_create(void);
void jit_arena_destroy(struct jit_arena *a);
/* Drops every translation (the block cache's flush). */
void jit_arena_reset(struct jit_arena *a);
/* The code of a block without a translation (block_jit.code of every block of a timed
 * profile until it has one): translated code that follows a link to it enters the
 * interpreter at its start. */
const void *jit_arena_plain(const struct jit_arena *a);

/* Translates block b of hart h (built just now, with its translation slot empty) for each
 * way of the D-cache where it can (block_jit.way), and makes it run the current way's
 * (jit_way). */
void jit_translate(struct hart *h, struct jit_arena *a, struct block *b);
/* Makes block b run its translation for the D-cache's way (branch_free or the line TLB), if
 * it has one (its first instruction dispatching DISP_JIT), else the interpreter. */
void jit_way(const struct jit_arena *a, struct block *b, bool branch_free);

/* Where the interpreter goes on when translated code leaves: block `blk` at instruction `in`,
 * through the dispatch index in hart.jit_disp. */
struct jit_exit {
  struct block *blk;
  const struct insn *in;
};
/* Runs the translation `code` (a block's, from its start) on hart h with registers x. */
typedef struct jit_exit (*jit_enter_fn)(struct hart *h, uint64_t *x, const void *code);

#endif
