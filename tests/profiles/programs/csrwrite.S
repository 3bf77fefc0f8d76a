/* CSR writes that keep the value (the "csrflush" cases): writing mstatus and mie with
 * what they hold, CSRRS/CSRRC with x0 (a read) and with a register holding 0 (a write of
 * the same value), the immediate forms with 0 and non-zero, two flushing writes back to
 * back, a flushing write followed by a load, a taken branch or a jump; and writing the
 * counters themselves while they run (mcycle, minstret, mhpmcounter3, high halves),
 * each read back right after the write (RESULT rows give the value read); stopping a
 * counter and reading it at once; writing a selector while its counter runs. */
#include "pmu.h"

.macro BODY
  csrr  s1, mstatus
  REGION mstatus_same
  csrw  mstatus, s1
  nop
  ENDREGION mstatus_same

  REGION mstatus_same2
  csrw  mstatus, s1
  csrw  mstatus, s1
  ENDREGION mstatus_same2

  li    a0, 0
  REGION csrs_mstatus_reg0
  csrs  mstatus, a0          /* CSRRS, rs1 != x0 holding 0: a write of the same value */
  nop
  ENDREGION csrs_mstatus_reg0

  REGION csrc_mstatus_reg0
  csrc  mstatus, a0
  nop
  ENDREGION csrc_mstatus_reg0

  REGION csrs_mstatus_x0
  csrrs a1, mstatus, x0      /* rs1 = x0: only a read */
  nop
  ENDREGION csrs_mstatus_x0

  REGION csrc_mstatus_x0
  csrrc a1, mstatus, x0
  nop
  ENDREGION csrc_mstatus_x0

  REGION csrsi_mstatus0
  csrrsi a1, mstatus, 0
  nop
  ENDREGION csrsi_mstatus0

  REGION csrci_mstatus8
  csrrci a1, mstatus, 8      /* MIE is already 0: the value stays */
  nop
  ENDREGION csrci_mstatus8

  csrr  s2, mie
  REGION mie_same
  csrw  mie, s2
  nop
  ENDREGION mie_same

  REGION mie_same_read
  csrw  mie, s2
  csrr  a1, mie
  ENDREGION mie_same_read

  REGION mie_mstatus
  csrw  mie, s2
  csrw  mstatus, s1
  nop
  ENDREGION mie_mstatus

  la    s3, 9f
  REGION mstatus_load
  csrw  mstatus, s1
  lw    a1, 0(s3)
  addi  a1, a1, 1
  ENDREGION mstatus_load

  li    a2, 1
  REGION mstatus_branch
  csrw  mstatus, s1
  bnez  a2, 1f
  nop
1:
  nop
  ENDREGION mstatus_branch

  REGION mstatus_jump
  csrw  mstatus, s1
  jal   x0, 1f
  nop
1:
  nop
  ENDREGION mstatus_jump

  /* Counter writes while the counters run, read back at once and once more. */
  REGION mcycle_write
  csrw  mcycle, zero
  csrr  s4, mcycle
  csrr  s5, mcycle
  ENDREGION mcycle_write
  RESULT mcycle_write_r1, s4
  RESULT mcycle_write_r2, s5

  li    a0, 1000
  REGION mcycle_write_nop
  csrw  mcycle, a0
  nop
  nop
  csrr  s4, mcycle
  ENDREGION mcycle_write_nop
  RESULT mcycle_write_nop_r, s4

  REGION minstret_write
  csrw  minstret, zero
  csrr  s4, minstret
  csrr  s5, minstret
  ENDREGION minstret_write
  RESULT minstret_write_r1, s4
  RESULT minstret_write_r2, s5

  li    a0, 1000
  REGION minstret_write_nop
  csrw  minstret, a0
  nop
  nop
  csrr  s4, minstret
  ENDREGION minstret_write_nop
  RESULT minstret_write_nop_r, s4

  REGION mcycleh_write
  csrw  mcycleh, zero
  csrr  s4, mcycleh
  csrr  s5, mcycle
  ENDREGION mcycleh_write
  RESULT mcycleh_write_rh, s4
  RESULT mcycleh_write_r, s5

  REGION minstreth_write
  csrw  minstreth, zero
  csrr  s4, minstreth
  csrr  s5, minstret
  ENDREGION minstreth_write
  RESULT minstreth_write_rh, s4
  RESULT minstreth_write_r, s5

  /* minstreth written right after each kind of instruction: with Ibex's writeback stage the
   * write can land in the cycle in which that instruction retires. */
  REGION minstreth_after_addi
  addi  a1, a1, 1
  csrw  minstreth, zero
  csrr  s4, minstret
  ENDREGION minstreth_after_addi
  RESULT minstreth_after_addi_r, s4

  REGION minstreth_after_load
  lw    a1, 0(s3)
  csrw  minstreth, zero
  csrr  s4, minstret
  ENDREGION minstreth_after_load
  RESULT minstreth_after_load_r, s4

  REGION minstreth_after_store
  sw    a1, 4(s3)
  csrw  minstreth, zero
  csrr  s4, minstret
  ENDREGION minstreth_after_store
  RESULT minstreth_after_store_r, s4

  REGION minstreth_after_mul
  mul   a1, a1, a1
  csrw  minstreth, zero
  csrr  s4, minstret
  ENDREGION minstreth_after_mul
  RESULT minstreth_after_mul_r, s4

  REGION minstreth_after_taken
  beqz  zero, 1f
1:
  csrw  minstreth, zero
  csrr  s4, minstret
  ENDREGION minstreth_after_taken
  RESULT minstreth_after_taken_r, s4

  REGION minstreth_after_not_taken
  bnez  zero, 1f
1:
  csrw  minstreth, zero
  csrr  s4, minstret
  ENDREGION minstreth_after_not_taken
  RESULT minstreth_after_not_taken_r, s4

  REGION minstreth_after_jal
  jal   x0, 1f
1:
  csrw  minstreth, zero
  csrr  s4, minstret
  ENDREGION minstreth_after_jal
  RESULT minstreth_after_jal_r, s4

  REGION minstreth_after_mscratch
  csrw  mscratch, a1         /* a CSR write that does not flush */
  csrw  minstreth, zero
  csrr  s4, minstret
  ENDREGION minstreth_after_mscratch
  RESULT minstreth_after_mscratch_r, s4

  REGION hpm3_write
  csrw  mhpmcounter3, zero
  csrr  s4, mhpmcounter3
  csrr  s5, mhpmcounter4
  ENDREGION hpm3_write
  RESULT hpm3_write_r3, s4
  RESULT hpm3_write_r4, s5

  REGION hpm4_write
  csrw  mhpmcounter4, zero
  nop
  csrr  s4, mhpmcounter4
  ENDREGION hpm4_write
  RESULT hpm4_write_r, s4

  REGION counters_read3
  csrr  s4, mcycle
  csrr  s5, minstret
  csrr  s6, mcycle
  ENDREGION counters_read3
  sub   s6, s6, s4
  RESULT counters_read3_dcycle, s6

  REGION cycle_read2
  csrr  s4, cycle
  csrr  s5, cycle
  ENDREGION cycle_read2
  sub   s5, s5, s4
  RESULT cycle_read2_d, s5
  /* Stop mcycle alone and read it right after the write, then restart it. */
  li    a0, 1
  REGION inhibit_read
  csrw  mcountinhibit, a0
  csrr  s4, mcycle
  csrr  s5, mcycle
  csrw  mcountinhibit, zero
  csrr  s6, mcycle
  ENDREGION inhibit_read
  RESULT inhibit_read_r1, s4
  RESULT inhibit_read_r2, s5
  RESULT inhibit_read_r3, s6

  /* Select CYCLES for mhpmcounter31 while it runs (CV32E40P; Ibex ignores the write). */
  li    a0, 1
  REGION selector_write
  csrw  mhpmevent31, a0
  nop
  csrr  s4, mhpmcounter31
  ENDREGION selector_write
  csrw  mhpmevent31, zero
  RESULT selector_write_r, s4

  .pushsection .data
  .balign 4
9:
  .word 41
  .word 0
  .popsection
.endm

PMU_PROGRAM
