/* RV32F on CV32E40P with its FPU: moves, conversions, compares and classification between
 * the FP and integer register files (fmv.w.x, fmv.x.w, fcvt.s.w[u], fcvt.w[u].s, feq/flt/
 * fle, fclass), their results used at once by integer instructions, branches and jumps;
 * FP loads and stores (flw/fsw) with the loaded value used at once, and the FP CSRs
 * (fcsr, frm, fflags) read and written next to FP operations. */
#include "pmu.h"

.macro FSETUP
  li    a0, 0x3fc00000         /* 1.5 */
  fmv.w.x f1, a0
  li    a0, 0x40200000         /* 2.5 */
  fmv.w.x f2, a0
  li    a0, 7
  sw    a0, -8(sp)
  sw    a0, -4(sp)
.endm

.macro BODY
  FSETUP
  REGION fmv_wx_use
  fmv.w.x f5, a0
  fadd.s f6, f5, f1
  ENDREGION fmv_wx_use

  FSETUP
  REGION fmv_xw_use
  fmv.x.w a1, f1
  addi  a2, a1, 1
  ENDREGION fmv_xw_use

  FSETUP
  REGION fmv_xw_indep
  fmv.x.w a1, f1
  addi  a2, a0, 1
  addi  a3, a0, 1
  ENDREGION fmv_xw_indep

  FSETUP
  REGION fcvt_ws_use
  fcvt.w.s a1, f2
  add   a2, a1, a1
  ENDREGION fcvt_ws_use

  FSETUP
  REGION fcvt_wus_use
  fcvt.wu.s a1, f2, rtz
  add   a2, a1, a1
  ENDREGION fcvt_wus_use

  FSETUP
  REGION fcvt_sw_use
  fcvt.s.w f5, a0
  fmul.s f6, f5, f5
  ENDREGION fcvt_sw_use

  FSETUP
  REGION fcvt_swu_chain
  fcvt.s.wu f5, a0
  fcvt.w.s a1, f5
  fcvt.s.w f6, a1
  fcvt.wu.s a2, f6
  ENDREGION fcvt_swu_chain

  FSETUP
  REGION fcmp_branch
  flt.s a1, f1, f2
  bnez  a1, 1f
  nop
1:
  feq.s a2, f1, f2
  beqz  a2, 2f
  nop
2:
  ENDREGION fcmp_branch

  FSETUP
  REGION fcmp_use
  fle.s a1, f1, f2
  add   a2, a1, a1
  feq.s a3, f1, f1
  ENDREGION fcmp_use

  FSETUP
  REGION fclass_use
  fclass.s a1, f1
  andi  a2, a1, 0x40
  ENDREGION fclass_use

  FSETUP
  REGION fcvt_jalr
  la    a3, 1f
  fmv.x.w a1, f1
  jalr  zero, 0(a3)
1:
  ENDREGION fcvt_jalr

  FSETUP
  REGION fcvt_jalr_dep
  la    a3, 1f
  fmv.w.x f5, a3
  fmv.x.w a4, f5
  jalr  zero, 0(a4)
1:
  ENDREGION fcvt_jalr_dep

  FSETUP
  REGION flw_use
  flw   f5, -8(sp)
  fadd.s f6, f5, f1
  ENDREGION flw_use

  FSETUP
  REGION flw_use_dist1
  flw   f5, -8(sp)
  addi  a1, a0, 1
  fadd.s f6, f5, f1
  ENDREGION flw_use_dist1

  FSETUP
  REGION flw_fsw
  flw   f5, -8(sp)
  fsw   f5, -12(sp)
  ENDREGION flw_fsw

  FSETUP
  REGION fadd_fsw
  fadd.s f5, f1, f2
  fsw   f5, -12(sp)
  ENDREGION fadd_fsw

  FSETUP
  REGION fadd_fsw_indep
  fadd.s f5, f1, f2
  fsw   f1, -12(sp)
  ENDREGION fadd_fsw_indep

  FSETUP
  REGION fadd_lw
  fadd.s f5, f1, f2
  lw    a1, -8(sp)
  addi  a2, a1, 1
  ENDREGION fadd_lw

  FSETUP
  REGION fadd_flw_waw
  fadd.s f5, f1, f2
  flw   f5, -8(sp)
  ENDREGION fadd_flw_waw

  FSETUP
  REGION flw_stream4
  flw   f5, -8(sp)
  flw   f6, -4(sp)
  fsw   f5, -12(sp)
  fsw   f6, -16(sp)
  ENDREGION flw_stream4

  FSETUP
  REGION fcsr_read
  fadd.s f5, f1, f2
  csrr  a1, fcsr
  ENDREGION fcsr_read

  FSETUP
  REGION fflags_read
  fmul.s f5, f1, f2
  frflags a1
  ENDREGION fflags_read

  FSETUP
  REGION frm_write
  fsrmi a1, 1
  fadd.s f5, f1, f2
  fsrmi a1, 0
  ENDREGION frm_write

  FSETUP
  REGION fflags_write
  fadd.s f5, f1, f2
  fsflags zero
  fadd.s f6, f1, f2
  ENDREGION fflags_write

  FSETUP
  REGION fcsr_alone
  csrr  a1, fcsr
  csrw  fcsr, a1
  csrr  a2, frm
  ENDREGION fcsr_alone

  FSETUP
  REGION fadd_mstatus
  fadd.s f5, f1, f2
  csrr  a1, mstatus
  ENDREGION fadd_mstatus
.endm

PMU_PROGRAM
