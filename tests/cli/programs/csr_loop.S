/* Never exits: each iteration is a block ADDI + CSRR (a system instruction ends the block) and
 * a block J: 3 instructions, so --max-insns 100000 falls just after the ADDI of a block that
 * ends in a system instruction. */
  .option norvc
  .section .text.start, "ax"
  .globl _start
_start:
1:addi  t0, t0, 1
  csrr  t1, mscratch
  jal   zero, 1b
