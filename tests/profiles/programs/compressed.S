/* Compressed (RVC) instructions and fetch alignment: compressed ALU code, 16/32-bit
 * mixes, 32-bit instructions at 2 mod 4 addresses (straight-line and as branch or jump
 * targets), compressed branches, jumps, loads and stores. Every region starts at a
 * 4-byte aligned address; the comments give pc mod 4 where it matters. */
#include "pmu.h"

/* one compressed instruction (the body is assembled with norvc otherwise) */
.macro C16 insn:vararg
  .option rvc
  \insn
  .option norvc
.endm

.macro BODY
  REGION c_alu20
  .rept 2
  C16 c.addi a0, 1
  C16 c.mv   a1, a0
  C16 c.add  a2, a1
  C16 c.li   a3, 7
  C16 c.slli a3, 2
  C16 c.srli a3, 1
  C16 c.andi a3, 5
  C16 c.xor  a3, a2
  C16 c.or   a3, a1
  C16 c.sub  a3, a0
  .endr
  ENDREGION c_alu20

  REGION mix16_32_x10
  .rept 10
  C16 c.addi a0, 1         /* pc%4 = 0 */
  addi  a1, a1, 1          /* pc%4 = 2 */
  .endr
  ENDREGION mix16_32_x10

  REGION i32_pc2_x10
  C16 c.nop
  .rept 10
  addi  a1, a1, 1          /* all at pc%4 = 2 */
  .endr
  C16 c.nop
  ENDREGION i32_pc2_x10

  REGION i32_pc0_x10
  C16 c.nop
  C16 c.nop
  .rept 10
  addi  a1, a1, 1          /* all at pc%4 = 0 */
  .endr
  ENDREGION i32_pc0_x10

  REGION br_to_i32_pc2_x5
  .rept 5
  beq   zero, zero, 1f     /* pc%4 = 0 */
  C16 c.nop                /* skipped */
1:addi  a0, a0, 1          /* target: 32-bit at pc%4 = 2 */
  C16 c.nop                /* pc%4 = 2 */
  .endr
  ENDREGION br_to_i32_pc2_x5

  REGION br_to_i32_pc0_x5
  .rept 5
  beq   zero, zero, 1f     /* pc%4 = 0 */
  C16 c.nop                /* skipped */
  C16 c.nop                /* skipped */
1:addi  a0, a0, 1          /* target: 32-bit at pc%4 = 0 */
  C16 c.nop                /* pc%4 = 0 */
  C16 c.nop                /* pc%4 = 2 */
  .endr
  ENDREGION br_to_i32_pc0_x5

  REGION br_to_c16_pc2_x5
  .rept 5
  beq   zero, zero, 1f     /* pc%4 = 0 */
  C16 c.nop                /* skipped */
1:C16 c.addi a0, 1         /* target: 16-bit at pc%4 = 2 */
  .endr
  ENDREGION br_to_c16_pc2_x5

  REGION jal_to_i32_pc2_x5
  .rept 5
  jal   zero, 1f           /* pc%4 = 0 */
  C16 c.nop                /* skipped */
1:addi  a0, a0, 1          /* target: 32-bit at pc%4 = 2 */
  C16 c.nop
  .endr
  ENDREGION jal_to_i32_pc2_x5

  REGION i32_pc2_br_nt5
  C16 c.nop
  .rept 5
  bne   zero, zero, 9f     /* 32-bit branch at pc%4 = 2, not taken */
  .endr
  C16 c.nop
9:
  ENDREGION i32_pc2_br_nt5

  li    a0, 1
  REGION c_beqz_nt10
  .rept 10
  C16 c.beqz a0, 9f
  .endr
9:
  ENDREGION c_beqz_nt10

  li    a0, 0
  REGION c_beqz_t10
  .rept 10
  C16 c.beqz a0, 1f        /* taken */
  C16 c.nop                /* skipped */
1:
  .endr
  ENDREGION c_beqz_t10

  li    a0, 10
  REGION c_loop10
1:C16 c.addi a0, -1
  C16 c.bnez a0, 1b
  ENDREGION c_loop10

  REGION c_j10
  .rept 10
  C16 c.j 1f
  C16 c.nop                /* skipped */
1:
  .endr
  ENDREGION c_j10

  REGION c_jal_jr5
  .rept 5
  C16 c.jal 8f             /* c.jal (RV32 only) to a leaf that returns with c.jr ra */
  C16 c.nop
  .endr
  C16 c.j 9f
8:C16 c.jr ra              /* the leaf (in the same section, so c.jal stays 16-bit) */
9:
  ENDREGION c_jal_jr5

  la    s2, cmp_leaf_c
  REGION c_jalr5
  .rept 5
  C16 c.jalr s2
  C16 c.nop
  .endr
  ENDREGION c_jalr5

  la    s0, cmp_data
  REGION c_lw_sw8
  C16 c.lw a0, 0(s0)
  C16 c.lw a1, 4(s0)
  C16 c.sw a0, 8(s0)
  C16 c.sw a1, 12(s0)
  C16 c.lw a2, 8(s0)
  C16 c.addi a2, 1         /* load-use */
  C16 c.sw a2, 12(s0)
  C16 c.nop
  ENDREGION c_lw_sw8

  REGION c_lwsp_swsp4
  C16 c.swsp a0, 0(sp)
  C16 c.lwsp a1, 0(sp)
  C16 c.swsp a1, 4(sp)
  C16 c.lwsp a2, 4(sp)
  ENDREGION c_lwsp_swsp4
.endm

PMU_PROGRAM

  .section .text
  .balign 4
cmp_leaf_c:
  .option rvc
  c.jr  ra
  .option norvc

  .section .data
  .balign 16
cmp_data:
  .word 1, 2, 3, 4
