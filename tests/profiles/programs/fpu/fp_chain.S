/* RV32F on CV32E40P with its FPU: dependent chains and independent streams of each FP
 * operation group (ADDMUL: fadd/fsub/fmul/fmadd; NONCOMP: fsgnj/fmin/fmax/fmv; CONV:
 * fcvt), the result used at once, one or two instructions later, by FP and by integer
 * instructions, and an FP result next to integer instructions that write the register
 * file in the cycle the FP result comes back (write-port contention).
 * Operands are set up before the regions from integer constants with fmv.w.x. */
#include "pmu.h"

.macro FSETUP
  li    a0, 0x3fc00000         /* 1.5 */
  fmv.w.x f1, a0
  li    a0, 0x40200000         /* 2.5 */
  fmv.w.x f2, a0
  li    a0, 0x3f800000         /* 1.0 */
  fmv.w.x f3, a0
  li    a0, 0xc0400000         /* -3.0 */
  fmv.w.x f4, a0
.endm

.macro BODY
  FSETUP
  REGION fadd1
  fadd.s f5, f1, f2
  ENDREGION fadd1

  FSETUP
  REGION fadd_chain4
  fadd.s f5, f1, f2
  fadd.s f5, f5, f2
  fadd.s f5, f5, f2
  fadd.s f5, f5, f2
  ENDREGION fadd_chain4

  FSETUP
  REGION fadd_indep4
  fadd.s f5, f1, f2
  fadd.s f6, f1, f2
  fadd.s f7, f1, f2
  fadd.s f8, f1, f2
  ENDREGION fadd_indep4

  FSETUP
  REGION fmul_chain4
  fmul.s f5, f1, f2
  fmul.s f5, f5, f2
  fmul.s f5, f5, f1
  fmul.s f5, f5, f3
  ENDREGION fmul_chain4

  FSETUP
  REGION fmadd_chain4
  fmadd.s f5, f1, f2, f3
  fmadd.s f5, f5, f2, f3
  fmsub.s f5, f1, f2, f5
  fnmadd.s f5, f5, f2, f3
  ENDREGION fmadd_chain4

  FSETUP
  REGION fmadd_indep4
  fmadd.s f5, f1, f2, f3
  fnmsub.s f6, f1, f2, f3
  fmsub.s f7, f1, f2, f3
  fnmadd.s f8, f1, f2, f3
  ENDREGION fmadd_indep4

  FSETUP
  REGION fadd_dist1
  fadd.s f5, f1, f2
  addi  a1, a0, 1
  fadd.s f6, f5, f2
  addi  a1, a0, 2
  fadd.s f7, f6, f2
  ENDREGION fadd_dist1

  FSETUP
  REGION fadd_dist2
  fadd.s f5, f1, f2
  addi  a1, a0, 1
  addi  a2, a0, 1
  fadd.s f6, f5, f2
  addi  a1, a0, 2
  addi  a2, a0, 2
  fadd.s f7, f6, f2
  ENDREGION fadd_dist2

  FSETUP
  REGION fadd_int_after
  fadd.s f5, f1, f2
  addi  a1, a0, 1
  addi  a2, a0, 2
  addi  a3, a0, 3
  addi  a4, a0, 4
  ENDREGION fadd_int_after

  FSETUP
  REGION fadd_int_mixed
  .rept 4
  fadd.s f5, f1, f2
  addi  a1, a0, 1
  .endr
  ENDREGION fadd_int_mixed

  FSETUP
  REGION fmul_nop_store
  fmul.s f5, f1, f2
  sw    a0, -8(sp)
  fmul.s f6, f1, f2
  lw    a1, -8(sp)
  fmul.s f7, f1, f2
  lw    a1, -8(sp)
  addi  a2, a1, 1
  ENDREGION fmul_nop_store

  FSETUP
  REGION sgnj_chain4
  fsgnj.s f5, f1, f4
  fsgnjn.s f5, f5, f4
  fsgnjx.s f5, f5, f4
  fabs.s f5, f5
  ENDREGION sgnj_chain4

  FSETUP
  REGION minmax_chain4
  fmin.s f5, f1, f2
  fmax.s f5, f5, f4
  fmin.s f5, f5, f3
  fmax.s f5, f5, f2
  ENDREGION minmax_chain4

  FSETUP
  REGION group_mix
  fadd.s f5, f1, f2
  fmin.s f6, f1, f2
  fcvt.w.s a1, f1
  fmul.s f7, f1, f2
  fsgnj.s f8, f1, f2
  fcvt.s.w f9, a0
  fadd.s f10, f5, f6
  ENDREGION group_mix

  FSETUP
  REGION group_mix_dep
  fadd.s f5, f1, f2
  fmin.s f6, f5, f2
  fmul.s f7, f6, f2
  fmax.s f8, f7, f2
  fcvt.w.s a1, f8
  addi  a2, a1, 1
  ENDREGION group_mix_dep
.endm

PMU_PROGRAM
