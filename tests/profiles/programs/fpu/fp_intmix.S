/* RV32F on CV32E40P with its FPU: FP operations next to integer multiplies, divides,
 * loads, jumps and branches (the register-file write port, the load-use and
 * jump-register hazards with an FP operation in flight), and short loops mixing both. */
#include "pmu.h"

.macro FSETUP
  li    a0, 0x3fc00000
  fmv.w.x f1, a0
  li    a0, 0x40200000
  fmv.w.x f2, a0
  li    a0, 1000
  li    a1, 7
.endm

.macro BODY
  FSETUP
  REGION fmul_mul
  fmul.s f5, f1, f2
  mul   a2, a0, a1
  fmul.s f6, f1, f2
  mul   a3, a0, a1
  ENDREGION fmul_mul

  FSETUP
  REGION mul_fmul
  mul   a2, a0, a1
  fmul.s f5, f1, f2
  mulh  a3, a0, a1
  fadd.s f6, f1, f2
  ENDREGION mul_fmul

  FSETUP
  REGION fadd_mulh
  fadd.s f5, f1, f2
  mulh  a2, a0, a1
  fadd.s f6, f5, f2
  ENDREGION fadd_mulh

  FSETUP
  REGION fadd_div
  fadd.s f5, f1, f2
  div   a2, a0, a1
  fadd.s f6, f5, f2
  ENDREGION fadd_div

  FSETUP
  REGION div_fadd
  div   a2, a0, a1
  fadd.s f5, f1, f2
  fadd.s f6, f5, f2
  ENDREGION div_fadd

  FSETUP
  REGION fadd_load_use
  fadd.s f5, f1, f2
  lw    a2, -8(sp)
  add   a3, a2, a2
  ENDREGION fadd_load_use

  FSETUP
  REGION fadd_jal
  fadd.s f5, f1, f2
  jal   a3, 1f
1:
  fadd.s f6, f5, f2
  ENDREGION fadd_jal

  FSETUP
  REGION fadd_branch_taken
  fmul.s f5, f1, f2
  bnez  a0, 1f
  nop
1:
  fadd.s f6, f5, f2
  ENDREGION fadd_branch_taken

  FSETUP
  REGION fcvt_branch_dep
  fcvt.w.s a2, f2
  beq   a2, a0, 1f
  nop
1:
  ENDREGION fcvt_branch_dep

  FSETUP
  REGION loop_fma
  li    a2, 8
  fmv.w.x f5, zero
1:
  fmadd.s f5, f1, f2, f5
  addi  a2, a2, -1
  bnez  a2, 1b
  ENDREGION loop_fma

  FSETUP
  REGION loop_fma2
  li    a2, 8
  fmv.w.x f5, zero
  fmv.w.x f6, zero
1:
  fmadd.s f5, f1, f2, f5
  fmadd.s f6, f2, f1, f6
  addi  a2, a2, -1
  bnez  a2, 1b
  fadd.s f7, f5, f6
  ENDREGION loop_fma2

  FSETUP
  REGION loop_div
  li    a2, 4
  fmv.s f5, f2
1:
  fdiv.s f5, f5, f1
  addi  a2, a2, -1
  bnez  a2, 1b
  fmv.x.w a3, f5
  ENDREGION loop_div
.endm

PMU_PROGRAM
