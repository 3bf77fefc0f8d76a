/* Never exits: a three-instruction block repeated forever (for --max-insns). */
  .option norvc
  .section .text.start, "ax"
  .globl _start
_start:
1:addi  t0, t0, 1
  addi  t1, t1, 2
  jal   zero, 1b
