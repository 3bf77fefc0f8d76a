/* An S-mode payload (linked at the payload address by the test) that shuts the machine down
 * through SBI SRST: exit 0 when firmware answers, a trap loop in M mode when none runs. */
  .option norvc
  .section .text.start, "ax"
  .globl _start
_start:
  li    a7, 0x53525354   /* SRST */
  li    a6, 0            /* system_reset */
  li    a0, 0            /* shutdown */
  li    a1, 0            /* no reason */
  ecall
1:j     1b
