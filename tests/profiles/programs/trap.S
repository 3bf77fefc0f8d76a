/* ECALL trap entry and MRET return (the handler in crt0 skips the ECALL: 9
 * instructions including MRET, using mscratch, mcause, mepc), MRET alone, and an
 * illegal-instruction trap (reading the time CSR, which neither core implements;
 * the handler skips it: 11 instructions including MRET). */
#include "pmu.h"

.macro BODY
  REGION ecall1
  ecall
  ENDREGION ecall1

  REGION ecall3
  ecall
  ecall
  ecall
  ENDREGION ecall3

  REGION ecall_nop
  ecall
  nop
  nop
  ENDREGION ecall_nop

  li    a0, 0x1800
  csrs  mstatus, a0        /* MPP = M */
  la    s0, 9f
  csrw  mepc, s0
  REGION mret1
  mret                     /* to the next instruction */
9:
  ENDREGION mret1

  REGION illegal_time
  csrr  a0, time
  ENDREGION illegal_time

  li    a0, 3
  REGION ecall_loop3
1:
  ecall
  addi  a0, a0, -1
  bnez  a0, 1b
  ENDREGION ecall_loop3
.endm

PMU_PROGRAM
