/* RV32 Zfinx on CV32E40P (ZFINX=1): a timer interrupt arriving while an integer instruction
 * waits in ID for an fdiv.s result held in an integer register (irq_div_N: the timer's down
 * counter set to N, so the request arrives before, during and after the wait; see
 * ../fpu/fp_irqwait.S for the same with the FP register file). */
#include "pmu.h"

.macro IRQ_DIV n
  li    s1, 0x40490fdb         /* pi */
  li    s2, 0x402df854         /* e */
  li    s3, 0x3f800000         /* 1.0 */
  REGION irq_div_\n
  li    a1, \n
  sw    a1, 4(s0)
  addi  a2, a2, 1
  fdiv.s a0, s1, s2
  add   a0, a0, s3             /* waits for the fdiv; writes its own source */
  fadd.s a3, a0, s3
  .rept 8
  addi  a2, a2, 1              /* the request arrives before the region ends */
  .endr
  mv    s4, a0
  ENDREGION irq_div_\n
  RESULT irq_div_\n, s4
.endm

.macro BODY
  TB_TIMER_IRQ_ON
  IRQ_DIV 1
  IRQ_DIV 4
  IRQ_DIV 8
  IRQ_DIV 12
  IRQ_DIV 16
  IRQ_DIV 18
  IRQ_DIV 19
  IRQ_DIV 20
  IRQ_DIV 21
  IRQ_DIV 24
  TB_TIMER_IRQ_OFF
.endm

PMU_PROGRAM
