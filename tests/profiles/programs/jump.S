/* Unconditional jumps: JAL forward, calls and returns (JAL ra / JALR ra), JALR whose
 * register is written by the instruction just before (jump-register hazard on
 * CV32E40P), written long before, or loaded just before. 32-bit encodings. */
#include "pmu.h"

.macro BODY
  REGION jal_fwd10
  .rept 10
  jal   zero, 1f
1:
  .endr
  ENDREGION jal_fwd10

  REGION jal_skip10
  .rept 10
  jal   zero, 1f
  nop                      /* skipped */
1:
  .endr
  ENDREGION jal_skip10

  REGION call_ret5
  .rept 5
  jal   ra, jmp_leaf
  .endr
  ENDREGION call_ret5

  REGION call_ret_body5
  .rept 5
  jal   ra, jmp_leaf4
  .endr
  ENDREGION call_ret_body5

  la    s2, jmp_leaf
  REGION jalr_nodep5
  .rept 5
  jalr  ra, 0(s2)         /* s2 written long before */
  .endr
  ENDREGION jalr_nodep5

  REGION jalr_dep5
  .rept 5
  la    s3, jmp_leaf      /* auipc + addi: the addi writes s3 just before the jalr */
  jalr  ra, 0(s3)
  .endr
  ENDREGION jalr_dep5

  REGION jalr_dep1_5
  .rept 5
  la    s3, jmp_leaf
  nop
  jalr  ra, 0(s3)         /* one instruction between */
  .endr
  ENDREGION jalr_dep1_5

  la    s0, jmp_ptrs
  REGION jalr_lddep5
  .rept 5
  lw    s3, 0(s0)         /* the loaded address is used by the next jalr */
  jalr  ra, 0(s3)
  .endr
  ENDREGION jalr_lddep5

  la    s0, jmp_ptrs
  REGION jalr_lddep1_5
  .rept 5
  lw    s3, 0(s0)
  nop
  jalr  ra, 0(s3)
  .endr
  ENDREGION jalr_lddep1_5

  REGION jalr_fwd5
  .rept 5
  auipc s3, 0
  jalr  zero, 12(s3)      /* jumps over the nop to the next auipc */
  nop
  .endr
  ENDREGION jalr_fwd5

  /* nested calls: a -> b -> c */
  REGION call_nested3
  jal   ra, jmp_nest_a
  ENDREGION call_nested3
.endm

PMU_PROGRAM

  .section .text
  .option norvc
  .balign 4
jmp_leaf:
  jalr  zero, 0(ra)
jmp_leaf4:
  addi  a0, a0, 1
  addi  a1, a1, 1
  addi  a2, a2, 1
  jalr  zero, 0(ra)
jmp_nest_a:
  addi  sp, sp, -16
  sw    ra, 12(sp)
  jal   ra, jmp_nest_b
  lw    ra, 12(sp)
  addi  sp, sp, 16
  jalr  zero, 0(ra)
jmp_nest_b:
  addi  sp, sp, -16
  sw    ra, 12(sp)
  jal   ra, jmp_leaf
  lw    ra, 12(sp)
  addi  sp, sp, 16
  jalr  zero, 0(ra)

  .section .data
  .balign 4
jmp_ptrs:
  .word jmp_leaf
