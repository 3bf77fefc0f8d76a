/* Conditional branches: not taken / taken, forward / backward, operands produced by
 * the instruction just before (ALU result, load result), and a counted loop. */
#include "pmu.h"

.macro BODY
  li    a0, 1
  REGION br_nt_fwd10
  .rept 10
  beq   a0, zero, 9f
  .endr
9:
  ENDREGION br_nt_fwd10

  REGION br_t_fwd10
  .rept 10
  beq   zero, zero, 1f
  nop                      /* skipped */
1:
  .endr
  ENDREGION br_t_fwd10

  REGION br_t_fwd_far
  beq   zero, zero, 1f
  .rept 16
  nop                      /* skipped */
  .endr
1:
  ENDREGION br_t_fwd_far

  li    a0, 10
  REGION loop10
1:
  addi  a0, a0, -1
  bnez  a0, 1b            /* backward: 9 taken, 1 not taken */
  ENDREGION loop10

  li    a0, 10
  REGION loop10_body4
1:
  addi  a1, a1, 1
  addi  a2, a2, 1
  addi  a3, a3, 1
  addi  a0, a0, -1
  bnez  a0, 1b
  ENDREGION loop10_body4

  li    a1, 5
  REGION br_alu_dep_nt5
  .rept 5
  addi  a0, a1, 1
  beq   a0, a1, 9f         /* not taken, rs1 from previous instruction */
  .endr
9:
  ENDREGION br_alu_dep_nt5

  li    a1, 5
  REGION br_alu_dep_t5
  .rept 5
  addi  a0, a1, 0
  beq   a0, a1, 1f         /* taken, rs1 from previous instruction */
  nop
1:
  .endr
  ENDREGION br_alu_dep_t5

  la    s0, br_data
  REGION br_ld_dep_nt5
  .rept 5
  lw    a0, 0(s0)
  beqz  a0, 9f             /* not taken, rs1 from the load just before */
  .endr
9:
  ENDREGION br_ld_dep_nt5

  la    s0, br_data
  REGION br_ld_dep_t5
  .rept 5
  lw    a0, 0(s0)
  bnez  a0, 1f             /* taken, rs1 from the load just before */
  nop
1:
  .endr
  ENDREGION br_ld_dep_t5

  li    a0, 0
  li    a1, 1
  REGION br_kinds6
  blt   a1, a0, 9f         /* not taken */
  bge   a1, a0, 1f         /* taken */
  nop
1:
  bltu  a0, a1, 1f         /* taken */
  nop
1:
  bgeu  a0, a1, 9f         /* not taken */
  bne   a0, a1, 1f         /* taken */
  nop
1:
  beq   a0, a1, 9f         /* not taken */
9:
  ENDREGION br_kinds6

  /* pattern: alternating taken / not taken in a loop */
  li    a0, 8
  REGION loop8_alt
1:
  andi  a1, a0, 1
  beqz  a1, 2f             /* taken when a0 is even */
  addi  a2, a2, 1
2:
  addi  a0, a0, -1
  bnez  a0, 1b
  ENDREGION loop8_alt
.endm

PMU_PROGRAM

  .section .data
  .balign 4
br_data:
  .word 7
