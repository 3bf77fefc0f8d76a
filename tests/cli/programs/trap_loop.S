/* Points mtvec at an illegal instruction and traps: every trap leads to another one and no
 * instruction ever retires again. A simulator must still end the run (--max-insns, Ctrl-C)
 * instead of spinning forever. */
  .section .text.start, "ax"
  .globl _start
_start:
  la    t0, bad
  csrw  mtvec, t0
  ecall
  .align 2
bad:
  .word 0                           /* illegal instruction */
