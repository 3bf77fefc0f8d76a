/* RV32F on CV32E40P with its FPU: WFI with an FP operation in flight. The core goes to sleep
 * only once the FPU is idle, so WFI stays awake (and counts cycles) while an fdiv computes:
 *   div_wfi, div_wfi10, div_wfi16, div_wfi20   fdiv, 0/10/16/20 ADDIs, WFI, a dependent fadd
 *   fadd_wfi, fmul_addi_wfi                    the same after a short operation
 * WFI wakes up without a trap (mstatus.MIE = 0, mie.MTIE = 1) when the testbench timer (down
 * counter, interrupt on the 1 -> 0 step, mask bit 7) fires; the request stays pending until
 * the core takes it, which it does after each region (crt0 counts it). */
#include "pmu.h"

.macro FSETUP
  li    a0, 0x40490fdb         /* pi */
  fmv.w.x f1, a0
  li    a0, 0x402df854         /* e */
  fmv.w.x f2, a0
  li    a0, 0x3f800000         /* 1.0 */
  fmv.w.x f3, a0
.endm

.macro BODY
  FSETUP
  li    s0, PLAT_TIMER_MASK
  li    a1, 0x80
  sw    a1, 0(s0)
  li    a0, 0x80
  csrs  mie, a0                /* MTIE, MIE = 0: WFI wakes up without a trap */
  REGION div_wfi
  li    a1, 60
  sw    a1, 4(s0)              /* wake-up in about 60 cycles */
  fdiv.s f5, f1, f2
  wfi
  fadd.s f6, f5, f3
  ENDREGION div_wfi
  /* the request stays pending until the core takes it */
  csrsi mstatus, 8
  nop
  nop
  nop
  nop
  csrci mstatus, 8
  li    a0, 0x80
  csrc  mie, a0
  FSETUP
  li    s0, PLAT_TIMER_MASK
  li    a1, 0x80
  sw    a1, 0(s0)
  li    a0, 0x80
  csrs  mie, a0                /* MTIE, MIE = 0: WFI wakes up without a trap */
  REGION div_wfi10
  li    a1, 60
  sw    a1, 4(s0)              /* wake-up in about 60 cycles */
  fdiv.s f5, f1, f2
  .rept 10
  addi  a2, a2, 1
  .endr
  wfi
  fadd.s f6, f5, f3
  ENDREGION div_wfi10
  /* the request stays pending until the core takes it */
  csrsi mstatus, 8
  nop
  nop
  nop
  nop
  csrci mstatus, 8
  li    a0, 0x80
  csrc  mie, a0
  FSETUP
  li    s0, PLAT_TIMER_MASK
  li    a1, 0x80
  sw    a1, 0(s0)
  li    a0, 0x80
  csrs  mie, a0                /* MTIE, MIE = 0: WFI wakes up without a trap */
  REGION div_wfi16
  li    a1, 60
  sw    a1, 4(s0)              /* wake-up in about 60 cycles */
  fdiv.s f5, f1, f2
  .rept 16
  addi  a2, a2, 1
  .endr
  wfi
  fadd.s f6, f5, f3
  ENDREGION div_wfi16
  /* the request stays pending until the core takes it */
  csrsi mstatus, 8
  nop
  nop
  nop
  nop
  csrci mstatus, 8
  li    a0, 0x80
  csrc  mie, a0
  FSETUP
  li    s0, PLAT_TIMER_MASK
  li    a1, 0x80
  sw    a1, 0(s0)
  li    a0, 0x80
  csrs  mie, a0                /* MTIE, MIE = 0: WFI wakes up without a trap */
  REGION div_wfi20
  li    a1, 60
  sw    a1, 4(s0)              /* wake-up in about 60 cycles */
  fdiv.s f5, f1, f2
  .rept 20
  addi  a2, a2, 1
  .endr
  wfi
  fadd.s f6, f5, f3
  ENDREGION div_wfi20
  /* the request stays pending until the core takes it */
  csrsi mstatus, 8
  nop
  nop
  nop
  nop
  csrci mstatus, 8
  li    a0, 0x80
  csrc  mie, a0
  FSETUP
  li    s0, PLAT_TIMER_MASK
  li    a1, 0x80
  sw    a1, 0(s0)
  li    a0, 0x80
  csrs  mie, a0                /* MTIE, MIE = 0: WFI wakes up without a trap */
  REGION fadd_wfi
  li    a1, 60
  sw    a1, 4(s0)              /* wake-up in about 60 cycles */
  fadd.s f5, f1, f2
  wfi
  fadd.s f6, f5, f3
  ENDREGION fadd_wfi
  /* the request stays pending until the core takes it */
  csrsi mstatus, 8
  nop
  nop
  nop
  nop
  csrci mstatus, 8
  li    a0, 0x80
  csrc  mie, a0
  FSETUP
  li    s0, PLAT_TIMER_MASK
  li    a1, 0x80
  sw    a1, 0(s0)
  li    a0, 0x80
  csrs  mie, a0                /* MTIE, MIE = 0: WFI wakes up without a trap */
  REGION fmul_addi_wfi
  li    a1, 60
  sw    a1, 4(s0)              /* wake-up in about 60 cycles */
  fmul.s f5, f1, f2
  addi  a2, a2, 1
  wfi
  fadd.s f6, f5, f3
  ENDREGION fmul_addi_wfi
  /* the request stays pending until the core takes it */
  csrsi mstatus, 8
  nop
  nop
  nop
  nop
  csrci mstatus, 8
  li    a0, 0x80
  csrc  mie, a0
.endm

PMU_PROGRAM
