/* RV32F on CV32E40P with its FPU: a timer interrupt placed at every cycle around an
 * instruction that waits in ID for an FP result. The timer's down counter is set to N just
 * before the measured code (CV32E40P testbench timer: interrupt on the 1 -> 0 step, seen 4
 * cycles later, cleared when the core takes it), so the request arrives N cycles later:
 *   irq_div_N  N = 1..24: before an fdiv (pi/e, 18 cycles), in every cycle of the wait of the
 *              fadd that reads its result, in the cycle that fadd leaves ID, and after it.
 *              The fadd writes its own source (f5 = f5 + 1): run twice it would add 2, so the
 *              result (f5's bits) shows that the abandoned fadd runs exactly once.
 *   irq_cvt_N  N = 1..6: an integer addi waiting for an fcvt.w.s result (a wait only with
 *              FPU_OTHERS_LAT >= 1); the addi also writes its own source.
 *   irq_fsw_N  N = 4, 10, 16: an fsw waiting for an fdiv result.
 *   irq_csr_N  N = 4, 10, 16: a CSR read waiting (no event) for an fdiv in flight.
 * Each region ends 8 instructions after the waiting one, so that the request never meets the
 * region's STOP (csrw mcountinhibit) in ID. fp_irq.S has the loop these come from. */
#include "pmu.h"

.macro FSETUP
  li    a0, 0x40490fdb         /* pi */
  fmv.w.x f1, a0
  li    a0, 0x402df854         /* e */
  fmv.w.x f2, a0
  li    a0, 0x3f800000         /* 1.0 */
  fmv.w.x f3, a0
  li    a0, 0x41200000         /* 10.0 */
  fmv.w.x f4, a0
  .rept 8                      /* the moves are done before the timer is armed (whole run) */
  addi  a2, a2, 1
  .endr
.endm

/* The timer interrupt N cycles from the store to the counter (s0: the timer's base). */
.macro ARM n
  li    a1, \n
  sw    a1, 4(s0)
.endm

.macro IRQ_DIV n
  FSETUP
  REGION irq_div_\n
  ARM \n
  addi  a2, a2, 1
  addi  a2, a2, 1
  addi  a2, a2, 1
  fdiv.s f5, f1, f2
  fadd.s f5, f5, f3            /* waits for the fdiv */
  fmul.s f6, f5, f1
  addi  a2, a2, 1
  fmv.x.w s4, f5
  .rept 8
  addi  a2, a2, 1              /* the request arrives before the region ends */
  .endr
  ENDREGION irq_div_\n
  RESULT irq_div_\n, s4
.endm

.macro IRQ_CVT n
  FSETUP
  REGION irq_cvt_\n
  ARM \n
  addi  a2, a2, 1
  fcvt.w.s a3, f4              /* 10 */
  addi  a3, a3, 1              /* waits for the fcvt (FPU_OTHERS_LAT >= 1) */
  addi  a2, a2, 1
  addi  a2, a2, 1
  mv    s4, a3
  .rept 8
  addi  a2, a2, 1              /* the request arrives before the region ends */
  .endr
  ENDREGION irq_cvt_\n
  RESULT irq_cvt_\n, s4
.endm

.macro IRQ_FSW n
  FSETUP
  REGION irq_fsw_\n
  ARM \n
  addi  a2, a2, 1
  fdiv.s f5, f1, f2
  fsw   f5, -12(sp)            /* waits for the fdiv */
  addi  a2, a2, 1
  lw    s4, -12(sp)
  .rept 8
  addi  a2, a2, 1              /* the request arrives before the region ends */
  .endr
  ENDREGION irq_fsw_\n
  RESULT irq_fsw_\n, s4
.endm

.macro IRQ_CSR n
  FSETUP
  REGION irq_csr_\n
  ARM \n
  addi  a2, a2, 1
  fdiv.s f5, f1, f2
  csrr  s4, mie                /* waits, without an event, until the fdiv is done */
  addi  a2, a2, 1
  fadd.s f6, f5, f3
  .rept 8
  addi  a2, a2, 1              /* the request arrives before the region ends */
  .endr
  ENDREGION irq_csr_\n
  RESULT irq_csr_\n, s4
.endm

.macro BODY
  TB_TIMER_IRQ_ON
  IRQ_DIV 1
  IRQ_DIV 2
  IRQ_DIV 3
  IRQ_DIV 4
  IRQ_DIV 5
  IRQ_DIV 6
  IRQ_DIV 7
  IRQ_DIV 8
  IRQ_DIV 9
  IRQ_DIV 10
  IRQ_DIV 11
  IRQ_DIV 12
  IRQ_DIV 13
  IRQ_DIV 14
  IRQ_DIV 15
  IRQ_DIV 16
  IRQ_DIV 17
  IRQ_DIV 18
  IRQ_DIV 19
  IRQ_DIV 20
  IRQ_DIV 21
  IRQ_DIV 22
  IRQ_DIV 23
  IRQ_DIV 24
  IRQ_CVT 1
  IRQ_CVT 2
  IRQ_CVT 3
  IRQ_CVT 4
  IRQ_CVT 5
  IRQ_CVT 6
  IRQ_FSW 4
  IRQ_FSW 10
  IRQ_FSW 16
  IRQ_CSR 4
  IRQ_CSR 10
  IRQ_CSR 16
  TB_TIMER_IRQ_OFF
.endm

PMU_PROGRAM
