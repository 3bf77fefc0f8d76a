/* A small whole program: Euclid's GCD with REMU (operand-dependent divider latency on
 * CV32E40P) in a called function, over 8 pairs from a table; stack frame, loads,
 * compressed code (RVC enabled). Expected sum of the GCDs: 2 + 6 + 1 + 9 + 1 + 7 +
 * 32768 + 1 = 32795. */
#include "pmu.h"

.macro BODY
  .option rvc
  REGION gcd8
  addi  sp, sp, -16
  sw    ra, 12(sp)
  sw    s0, 8(sp)
  sw    s1, 4(sp)
  la    s0, gcd_pairs
  li    s1, 8
  li    s4, 0
1:
  lw    a0, 0(s0)
  lw    a1, 4(s0)
  jal   ra, gcd_fn
  add   s4, s4, a0
  addi  s0, s0, 8
  addi  s1, s1, -1
  bnez  s1, 1b
  lw    ra, 12(sp)
  lw    s0, 8(sp)
  lw    s1, 4(sp)
  addi  sp, sp, 16
  ENDREGION gcd8
  RESULT gcd8, s4
  .option norvc
.endm

PMU_PROGRAM

  .section .text
  .balign 4
  .option rvc
/* a0 = gcd(a0, a1), unsigned */
gcd_fn:
  beqz  a1, 2f
1:
  remu  a2, a0, a1
  mv    a0, a1
  mv    a1, a2
  bnez  a1, 1b
2:
  ret
  .option norvc

  .section .data
  .balign 4
gcd_pairs:
  .word 10, 4
  .word 48, 18
  .word 17, 5
  .word 1071, 36
  .word 0x7fffffff, 12345
  .word 49, 14
  .word 0x80000000, 0x18000
  .word 1, 0xffffffff
