/* RV32F on CV32E40P with its FPU: FP operations in flight across traps and interrupts, and
 * multi-cycle results that arrive while the write port is otherwise claimed:
 *   div_ecall      fdiv, ECALL (the handler's CSR accesses wait for it), MRET, use of the result
 *   div_illegal    fdiv, an illegal instruction (csrw to the read-only cycle CSR), its trap
 *   fadd_jalr      a result arriving while a JALR is in ID and an ADDI in EX
 *   fadd_misal     a result arriving during a misaligned load
 *   fadd_lw_addi   a result arriving while a load is answered and an ADDI is in EX
 *   irq_div_int    a timer interrupt taken during integer work while an fdiv computes (the
 *                  handler's first CSR access waits for it)
 * Operands are set up before the regions (fp_irq.S has the interrupt case). */
#include "pmu.h"

.macro FSETUP
  li    a0, 0x40490fdb         /* pi */
  fmv.w.x f1, a0
  li    a0, 0x402df854         /* e */
  fmv.w.x f2, a0
  li    a0, 0x3f800000         /* 1.0 */
  fmv.w.x f3, a0
  li    a0, 7
  sw    a0, -8(sp)
  sw    a0, -4(sp)
.endm

.macro BODY
  FSETUP
  REGION div_ecall
  fdiv.s f5, f1, f2
  ecall
  fadd.s f6, f5, f3
  ENDREGION div_ecall

  FSETUP
  REGION div_illegal
  fdiv.s f5, f1, f2
  csrw  cycle, zero            /* read-only CSR: illegal instruction, skipped by the handler */
  fadd.s f6, f5, f3
  addi  a1, a0, 1
  ENDREGION div_illegal

  FSETUP
  la    a3, 1f
  REGION fadd_jalr
  fadd.s f5, f1, f2
  addi  a1, a0, 1
  addi  a2, a0, 2
  jalr  zero, 0(a3)
1:
  addi  a4, a0, 3
  fadd.s f6, f5, f3
  ENDREGION fadd_jalr

  FSETUP
  REGION fadd_misal
  fadd.s f5, f1, f2
  addi  a1, a0, 1
  lw    a2, -7(sp)
  addi  a4, a0, 3
  fadd.s f6, f5, f3
  ENDREGION fadd_misal

  FSETUP
  REGION fadd_lw_addi
  fadd.s f5, f1, f2
  lw    a2, -8(sp)
  addi  a4, a0, 3
  addi  a5, a0, 3
  fadd.s f6, f5, f3
  ENDREGION fadd_lw_addi

  FSETUP
  TB_TIMER_IRQ_ON
  REGION irq_div_int
  li    a1, 8
  sw    a1, 4(s0)              /* interrupt in about 8 cycles, while the fdiv computes */
  fdiv.s f5, f1, f2
  .rept 24
  addi  a2, a2, 1
  .endr
  fadd.s f6, f5, f3
  ENDREGION irq_div_int
  TB_TIMER_IRQ_OFF
.endm

PMU_PROGRAM
