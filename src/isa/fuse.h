/* Superinstructions: pairs of operations that run as one dispatch (isa/fused.def).
 *
 * When a block is built, block_fuse marks the first instruction of each fused pair with the
 * pair's dispatch index (insn.disp); `op` stays the architectural operation, so the timing
 * models, the block's static counts, link costs, traps and the profiler see every instruction
 * as before. The pair's handler executes the first instruction, steps `in` to the second and
 * executes it: a fault in either leaves `in` on the faulting one, exactly as without fusion.
 * Every dispatch loop jumps on `disp`, the profiling ones (rvpmu record) too: their hooks
 * follow `in` through the pair; a stepped instruction's scratch block (block_first_insn) gets
 * its own `op` back. RVPMU_NO_FUSE=1 builds blocks without fused
 * pairs (the reference tests/cli/fuse.sh compares with). */
#ifndef RVPMU_ISA_FUSE_H
#define RVPMU_ISA_FUSE_H

#include "isa/insn.h"

enum fused_op {
  FUSED_BEFORE_FIRST_ = OP_DISPATCH_COUNT - 1, /* after the operations' own indices (insn.h) */
#define FUSE(first, second) FUSED_##first##_##second,
#define FUSE_ON(first, second) FUSED_##first##_##second##_ON,
#include "isa/fused.def"
#undef FUSE
#undef FUSE_ON
  DISP_JIT,  /* a translated block's first instruction (isa/jit.h) */
  DISP_COUNT /* dispatch indices: the operations' own, the fused pairs, DISP_JIT */
};
_Static_assert(DISP_COUNT <= 256, "insn.disp is a byte");

/* Marks the fused pairs among the n instructions of insns[] (a block, its terminator last),
 * from the end, so that the instruction before the terminator goes with it when it can. */
void block_fuse(struct insn *insns, unsigned n);

#endif
