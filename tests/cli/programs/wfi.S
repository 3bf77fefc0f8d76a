/* Waits for an interrupt with every interrupt disabled (mie = 0, mstatus.MIE = 0), on every
 * hart: nothing can wake it, so the simulator must stop with an error instead of hanging. */
  .section .text.start, "ax"
  .globl _start
_start:
  csrw  mie, zero
  csrci mstatus, 8
1:wfi
  j     1b
