/* A small whole program: insertion sort of 16 words (copied from a constant
 * table first, so that both runs sort the same data), then a checksum loop with a
 * multiply, written the way a compiler emits it (RVC enabled). */
#include "pmu.h"

.macro BODY
  .option rvc
  REGION isort16
  la    a0, sort_src
  la    a1, sort_buf
  li    a2, 16
1:                         /* copy */
  lw    a3, 0(a0)
  sw    a3, 0(a1)
  addi  a0, a0, 4
  addi  a1, a1, 4
  addi  a2, a2, -1
  bnez  a2, 1b
  la    a0, sort_buf
  li    a1, 1              /* i */
  li    a6, 16
2:                         /* outer loop */
  slli  a2, a1, 2
  add   a2, a2, a0
  lw    a3, 0(a2)          /* key */
  mv    a4, a1             /* j */
3:
  beqz  a4, 4f
  lw    a5, -4(a2)
  ble   a5, a3, 4f
  sw    a5, 0(a2)
  addi  a2, a2, -4
  addi  a4, a4, -1
  j     3b
4:
  sw    a3, 0(a2)
  addi  a1, a1, 1
  bne   a1, a6, 2b
  li    s4, 0              /* checksum: sum of a[i] * (i + 1) */
  li    a1, 0
5:
  slli  a2, a1, 2
  add   a2, a2, a0
  lw    a3, 0(a2)
  addi  a1, a1, 1
  mul   a3, a3, a1
  add   s4, s4, a3
  bne   a1, a6, 5b
  ENDREGION isort16
  RESULT isort16, s4
  .option norvc
.endm

PMU_PROGRAM

  .section .data
  .balign 4
sort_src:
  .word 93, -7, 4500, 12, 0, 77, -300, 5, 5, 1024, 63, -1, 888, 2, 31, 400
sort_buf:
  .space 64
