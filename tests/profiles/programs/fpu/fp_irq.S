/* RV32F on CV32E40P with its FPU: a timer interrupt that arrives while an instruction waits in
 * ID for the result of an fdiv (a loop of dependent divides, adds and multiplies). The RTL takes
 * the interrupt at once and abandons the waiting instruction (it runs again after MRET), so the
 * wait is cut short (docs/cv32e40p.md). fp_irqwait.S places the interrupt at every cycle of
 * such a wait; fp_edge.S has an interrupt during integer work.
 * CV32E40P testbench timer: down counter, interrupt on the 1 -> 0 step (mask bit 7), cleared
 * when the core takes it (crt0 counts it). */
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
  TB_TIMER_IRQ_ON
  la    s2, pmu_irq_count
  lw    s3, 0(s2)
  REGION irq_fp_loop
  li    a1, 40
  sw    a1, 4(s0)              /* interrupt in about 40 cycles */
  li    a2, 6
  fmv.s f5, f1
1:
  fdiv.s f5, f5, f2
  fadd.s f6, f5, f3
  fmul.s f7, f6, f1
  addi  a2, a2, -1
  bnez  a2, 1b
  fmv.x.w a3, f7
  ENDREGION irq_fp_loop
  lw    s4, 0(s2)
  sub   s4, s4, s3
  RESULT irq_fp_loop, s4
  TB_TIMER_IRQ_OFF
.endm

PMU_PROGRAM
