/* Aligned loads and stores: independent loads, load-use at distance 0/1/2,
 * byte/halfword loads, back-to-back stores, load/store alternation, store then load
 * of the same word, pointer chasing (load result is the next address), load feeding a
 * store's data. All accesses hit RAM (no wait states on either platform). */
#include "pmu.h"

.macro BODY
  la    s0, ls_data
  REGION ld_indep8
  lw    a0, 0(s0)
  lw    a1, 4(s0)
  lw    a2, 8(s0)
  lw    a3, 12(s0)
  lw    a4, 16(s0)
  lw    a5, 20(s0)
  lw    a6, 24(s0)
  lw    a7, 28(s0)
  ENDREGION ld_indep8

  la    s0, ls_data
  REGION ld_use0_x8
  .rept 8
  lw    a0, 0(s0)
  addi  a1, a0, 1
  .endr
  ENDREGION ld_use0_x8

  la    s0, ls_data
  REGION ld_use1_x8
  .rept 8
  lw    a0, 0(s0)
  addi  a2, a3, 1
  addi  a1, a0, 1
  .endr
  ENDREGION ld_use1_x8

  la    s0, ls_data
  REGION ld_use2_x8
  .rept 8
  lw    a0, 0(s0)
  addi  a2, a3, 1
  addi  a4, a3, 1
  addi  a1, a0, 1
  .endr
  ENDREGION ld_use2_x8

  la    s0, ls_data
  REGION ld_use_rs2_x8
  .rept 8
  lw    a0, 4(s0)
  add   a1, a2, a0
  .endr
  ENDREGION ld_use_rs2_x8

  la    s0, ls_data
  REGION ld_bh8
  lb    a0, 0(s0)
  lbu   a1, 1(s0)
  lh    a2, 2(s0)
  lhu   a3, 4(s0)
  lb    a4, 7(s0)
  lbu   a5, 6(s0)
  lh    a6, 6(s0)
  lhu   a7, 0(s0)
  ENDREGION ld_bh8

  la    s0, ls_buf
  li    a0, 0x11223344
  REGION st_b2b8
  sw    a0, 0(s0)
  sw    a0, 4(s0)
  sw    a0, 8(s0)
  sw    a0, 12(s0)
  sw    a0, 16(s0)
  sw    a0, 20(s0)
  sw    a0, 24(s0)
  sw    a0, 28(s0)
  ENDREGION st_b2b8

  la    s0, ls_buf
  li    a0, 0x55667788
  REGION st_bhw6
  sb    a0, 0(s0)
  sb    a0, 3(s0)
  sh    a0, 4(s0)
  sh    a0, 6(s0)
  sw    a0, 8(s0)
  sw    a0, 12(s0)
  ENDREGION st_bhw6

  la    s0, ls_data
  la    s1, ls_buf
  REGION ld_st_alt8
  .rept 4
  lw    a0, 0(s0)
  sw    a1, 0(s1)
  .endr
  ENDREGION ld_st_alt8

  la    s0, ls_data
  la    s1, ls_buf
  REGION st_ld_alt8
  .rept 4
  sw    a1, 0(s1)
  lw    a0, 0(s0)
  .endr
  ENDREGION st_ld_alt8

  la    s1, ls_buf
  li    a1, 42
  REGION st_then_ld_same4
  .rept 4
  sw    a1, 32(s1)
  lw    a0, 32(s1)
  .endr
  ENDREGION st_then_ld_same4

  la    a0, ls_chain
  REGION ptr_chase8
  .rept 8
  lw    a0, 0(a0)
  .endr
  ENDREGION ptr_chase8

  la    s0, ls_data
  la    s1, ls_buf
  REGION ld_to_st_data4
  .rept 4
  lw    a0, 0(s0)
  sw    a0, 0(s1)
  .endr
  ENDREGION ld_to_st_data4

  la    s0, ls_data
  la    s1, ls_buf
  REGION ld_to_st_addr4
  .rept 4
  lw    a0, 40(s0)
  sw    a1, 0(a0)
  .endr
  ENDREGION ld_to_st_addr4
.endm

PMU_PROGRAM

  .section .data
  .balign 16
ls_data:
  .word 0x01020304, 0x05060708, 0x090a0b0c, 0x0d0e0f10
  .word 0x11121314, 0x15161718, 0x191a1b1c, 0x1d1e1f20
  .word 0, 0
  .word ls_buf + 48
  .word 0
ls_chain:
  .word ls_chain + 4, ls_chain + 8, ls_chain + 12, ls_chain + 16
  .word ls_chain + 20, ls_chain + 24, ls_chain + 28, ls_chain + 32
  .word ls_chain
  .balign 16
ls_buf:
  .space 64
