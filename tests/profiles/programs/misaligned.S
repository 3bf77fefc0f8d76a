/* Misaligned loads and stores (both cores handle them in hardware with two bus
 * transactions when the access crosses a word boundary). Word accesses at byte offsets
 * 1, 2, 3; halfword accesses at offset 1 (inside a word) and 3 (crossing a word);
 * a misaligned load whose result is used at once. */
#include "pmu.h"

.macro BODY
  la    s0, mis_data
  REGION lw_off1
  lw    a0, 1(s0)
  ENDREGION lw_off1

  la    s0, mis_data
  REGION lw_off2
  lw    a0, 2(s0)
  ENDREGION lw_off2

  la    s0, mis_data
  REGION lw_off3
  lw    a0, 3(s0)
  ENDREGION lw_off3

  la    s0, mis_data
  REGION lw_mis_x4
  lw    a0, 1(s0)
  lw    a1, 6(s0)
  lw    a2, 11(s0)
  lw    a3, 13(s0)
  ENDREGION lw_mis_x4

  la    s0, mis_data
  REGION lw_mis_use4
  .rept 4
  lw    a0, 2(s0)
  addi  a1, a0, 1
  .endr
  ENDREGION lw_mis_use4

  la    s0, mis_data
  REGION lh_off1_x4
  .rept 4
  lh    a0, 1(s0)
  .endr
  ENDREGION lh_off1_x4

  la    s0, mis_data
  REGION lhu_off3_x4
  .rept 4
  lhu   a0, 3(s0)
  .endr
  ENDREGION lhu_off3_x4

  la    s0, mis_buf
  li    a0, 0xa1b2c3d4
  REGION sw_off1
  sw    a0, 1(s0)
  ENDREGION sw_off1

  la    s0, mis_buf
  li    a0, 0xa1b2c3d4
  REGION sw_off2
  sw    a0, 6(s0)
  ENDREGION sw_off2

  la    s0, mis_buf
  li    a0, 0xa1b2c3d4
  REGION sw_mis_x4
  sw    a0, 1(s0)
  sw    a0, 6(s0)
  sw    a0, 11(s0)
  sw    a0, 17(s0)
  ENDREGION sw_mis_x4

  la    s0, mis_buf
  li    a0, 0xa1b2c3d4
  REGION sh_off1_x4
  .rept 4
  sh    a0, 1(s0)
  .endr
  ENDREGION sh_off1_x4

  la    s0, mis_buf
  li    a0, 0xa1b2c3d4
  REGION sh_off3_x4
  .rept 4
  sh    a0, 3(s0)
  .endr
  ENDREGION sh_off3_x4

  la    s0, mis_data
  la    s1, mis_buf
  REGION mis_ld_st_mix
  lw    a0, 1(s0)
  sw    a0, 2(s1)
  lh    a1, 3(s0)
  sh    a1, 7(s1)
  lw    a2, 4(s0)
  sw    a2, 12(s1)
  ENDREGION mis_ld_st_mix
.endm

PMU_PROGRAM

  .section .data
  .balign 16
mis_data:
  .word 0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c, 0x13121110, 0x17161514
  .balign 16
mis_buf:
  .space 32
