/* CSR accesses inside the measured region: reads and writes of mscratch (no pipeline
 * flush on Ibex), mstatus, mie, mtvec (flush on Ibex; mstatus/mtvec are "status" CSRs on
 * CV32E40P), reads of a running counter, set/clear forms, immediate forms, toggling
 * mcountinhibit for single counters inside a region, FENCE and FENCE.I. */
#include "pmu.h"

.macro BODY
  REGION csrr_mscratch5
  .rept 5
  csrr  a0, mscratch
  .endr
  ENDREGION csrr_mscratch5

  REGION csrw_mscratch5
  .rept 5
  csrw  mscratch, a0
  .endr
  ENDREGION csrw_mscratch5

  REGION csrwi_mscratch5
  .rept 5
  csrwi mscratch, 3
  .endr
  ENDREGION csrwi_mscratch5

  REGION csrrw_mscratch5
  .rept 5
  csrrw a1, mscratch, a0
  .endr
  ENDREGION csrrw_mscratch5

  REGION csrr_mstatus5
  .rept 5
  csrr  a0, mstatus
  .endr
  ENDREGION csrr_mstatus5

  csrr  a0, mstatus
  REGION csrw_mstatus5
  .rept 5
  csrw  mstatus, a0
  .endr
  ENDREGION csrw_mstatus5

  REGION csrs_mstatus_x0_5
  .rept 5
  csrrs a1, mstatus, zero     /* set with x0: a read */
  .endr
  ENDREGION csrs_mstatus_x0_5

  REGION csrci_mstatus5
  .rept 5
  csrci mstatus, 0            /* clear with zero immediate: a read (RISC-V), see RTL */
  .endr
  ENDREGION csrci_mstatus5

  REGION csrw_mie5
  .rept 5
  csrw  mie, zero
  .endr
  ENDREGION csrw_mie5

  REGION csrr_mie5
  .rept 5
  csrr  a0, mie
  .endr
  ENDREGION csrr_mie5

  csrr  a0, mtvec
  REGION csrw_mtvec2
  csrw  mtvec, a0
  csrw  mtvec, a0
  ENDREGION csrw_mtvec2

  REGION csrr_mcycle5
  .rept 5
  csrr  a0, mcycle
  .endr
  ENDREGION csrr_mcycle5

  REGION csrr_minstret5
  .rept 5
  csrr  a0, minstret
  .endr
  ENDREGION csrr_minstret5

  REGION csr_mix6
  csrr  a0, mscratch
  addi  a0, a0, 1
  csrw  mscratch, a0
  csrr  a1, mstatus
  csrw  mie, zero
  addi  a1, a1, 1
  ENDREGION csr_mix6

  /* minstret stopped for 10 NOPs, running for 5 */
  li    a0, 4
  REGION inhibit_minstret
  csrw  mcountinhibit, a0
  .rept 10
  nop
  .endr
  csrw  mcountinhibit, zero
  .rept 5
  nop
  .endr
  ENDREGION inhibit_minstret

  /* mcycle stopped for 10 NOPs, running for 5 */
  li    a0, 1
  REGION inhibit_mcycle
  csrw  mcountinhibit, a0
  .rept 10
  nop
  .endr
  csrw  mcountinhibit, zero
  .rept 5
  nop
  .endr
  ENDREGION inhibit_mcycle

  REGION fence2
  fence
  fence
  ENDREGION fence2

  REGION fence_i2
  fence.i
  fence.i
  ENDREGION fence_i2

  REGION fence_i_nop5
  fence.i
  .rept 5
  nop
  .endr
  ENDREGION fence_i_nop5
.endm

PMU_PROGRAM
