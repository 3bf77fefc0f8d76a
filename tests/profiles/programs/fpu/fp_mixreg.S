/* RV32F on CV32E40P with its FPU: FP and integer instructions sharing registers next to loads
 * (issue 29 item 4, found with random mixed FP/integer sequences run on the RTL).
 * - A load followed by an instruction that writes the load's destination without reading it:
 *   the controller's write-after-write check stalls it (LD_STALL) only when the decoder sets
 *   regfile_alu_we for it (ALU, multiply, CSR...): not for an F operation, which writes back
 *   through the APU, whether to an FP register (flw f5; fadd.s f5, ...) or to an integer one
 *   (lw a2; fcvt.w.s a2, ...); nor for a second load.
 * - A CSR access right after a load of its destination (csrr a4 after lw a4: that stall)
 *   while a two- or multi-cycle F result is outstanding: its wait for the FPU covers the
 *   load-use stall instead of adding to it.
 * - A JAL or JALR that writes the destination of the load just before it: LD_STALL is counted
 *   in the cycle the jump refetches anyway, so it costs no cycle (the same cycles as without).
 * - A JAL or JALR right behind a divide or a MULH (which hold it in ID) is resolved during that
 *   wait: its refetch costs no cycle.
 * - A JAL that writes the register of an F operation in flight waits in ID (APU_DEP) and is
 *   resolved during the wait: its refetch is one of the wait's cycles.
 * - A short loop like compiled code's: pointer increments, FLW, FMADD, FSW, register reuse. */
#include "pmu.h"

.macro FSETUP
  la    s1, mixreg_buf
  li    a0, 0x3fc00000         /* 1.5 */
  fmv.w.x f1, a0
  li    a0, 0x40200000         /* 2.5 */
  fmv.w.x f2, a0
  li    a0, 0x40490fdb         /* pi */
  fmv.w.x f3, a0
  li    a0, 1000
  li    a1, 7
.endm

.macro BODY
  FSETUP
  REGION flw_fadd_waw
  flw   f5, 0(s1)
  fadd.s f5, f1, f2            /* writes f5, does not read it: no stall */
  ENDREGION flw_fadd_waw

  FSETUP
  REGION flw_fadd_raw
  flw   f5, 0(s1)
  fadd.s f6, f5, f2            /* reads f5: one LD_STALL */
  ENDREGION flw_fadd_raw

  FSETUP
  REGION cflw_fmul_waw
  .option push
  .option rvc
  c.flw f8, 4(s1)
  fmul.s f8, f1, f2
  .option pop
  ENDREGION cflw_fmul_waw

  FSETUP
  REGION flw_fmadd_waw
  flw   f5, 0(s1)
  fmadd.s f5, f1, f2, f3
  fsw   f5, 8(s1)
  ENDREGION flw_fmadd_waw

  FSETUP
  REGION lw_fcvt_waw
  lw    a2, 4(s1)
  fcvt.w.s a2, f3, rtz         /* an integer destination, through the APU: no stall */
  ENDREGION lw_fcvt_waw

  FSETUP
  REGION lw_fmvxw_waw
  lw    a2, 4(s1)
  fmv.x.w a2, f3
  ENDREGION lw_fmvxw_waw

  FSETUP
  REGION lw_feq_waw
  lw    a2, 4(s1)
  feq.s a2, f1, f2
  add   a3, a2, a1
  ENDREGION lw_feq_waw

  FSETUP
  REGION lw_add_waw
  lw    a2, 4(s1)
  add   a2, a0, a1             /* through the ALU port: one LD_STALL */
  ENDREGION lw_add_waw

  FSETUP
  REGION csr_after_load
  fcvt.s.w f6, a0
  lw    a4, 0(s1)
  csrr  a4, fflags             /* load-use stall and the wait for the FPU overlap */
  ENDREGION csr_after_load

  FSETUP
  REGION csr_after_load_fadd
  fadd.s f5, f1, f2
  lw    a4, 4(s1)
  csrr  a4, fcsr
  ENDREGION csr_after_load_fadd

  FSETUP
  REGION csr_after_load_fdiv
  fdiv.s f5, f3, f2
  lw    a4, 4(s1)
  csrr  a4, fflags
  ENDREGION csr_after_load_fdiv

  FSETUP
  REGION csr_after_load_far
  fadd.s f5, f1, f2
  lw    a4, 4(s1)
  addi  a3, a0, 1
  lw    a4, 0(s1)
  csrr  a4, frm
  ENDREGION csr_after_load_far

  FSETUP
  REGION jal_after_load
  lw    a5, 20(s1)
  jal   a5, 1f                 /* writes the loaded register: LD_STALL, in its refetch cycle */
  nop
1:
  ENDREGION jal_after_load

  FSETUP
  REGION jal_after_load_other
  lw    a3, 20(s1)
  jal   a5, 1f                 /* no stall: the same cycles */
  nop
1:
  ENDREGION jal_after_load_other

  FSETUP
  la    a4, 2f
  REGION jalr_after_load
  lw    a5, 20(s1)
  jalr  a5, 0(a4)
  nop
2:
  ENDREGION jalr_after_load

  FSETUP
  REGION fp_jal_after_load
  .option push
  .option rvc
  fmadd.s f5, f1, f2, f3
  lw    a5, 20(s1)
  jal   a5, 1f
  c.nop
1:
  fcvt.w.s a5, f5, rtz
  .option pop
  ENDREGION fp_jal_after_load

  FSETUP
  REGION jal_after_div
  div   a3, a0, a1
  jal   a5, 1f                 /* resolved while the divide holds it in ID */
  nop
1:
  ENDREGION jal_after_div

  FSETUP
  la    a4, 2f
  REGION jalr_after_div
  div   a3, a1, a1
  jalr  a5, 0(a4)
  nop
2:
  ENDREGION jalr_after_div

  FSETUP
  REGION jal_after_mulh
  fadd.s f5, f1, f2
  mulh  a3, a1, a1
  jal   a5, 1f
  nop
1:
  fmv.x.w a2, f5
  ENDREGION jal_after_mulh

  FSETUP
  REGION jal_waits_fp
  fcvt.s.w f5, a1
  fmv.x.w a5, f2               /* two-cycle with latency 1 */
  jal   a5, 1f                 /* writes a5 too: waits in ID, its refetch hidden */
  nop
1:
  mulh  a4, a1, a1
  ENDREGION jal_waits_fp

  FSETUP
  REGION loop_reuse
  li    a2, 4
  mv    a3, s1
1:
  flw   f5, 0(a3)
  flw   f6, 4(a3)
  fmadd.s f5, f5, f1, f2
  fsw   f5, 16(a3)
  lw    a4, 4(a3)
  fcvt.w.s a4, f6, rtz
  addi  a3, a3, 4
  add   a5, a4, a2
  addi  a2, a2, -1
  bnez  a2, 1b
  ENDREGION loop_reuse
.endm

PMU_PROGRAM

  .data
  .balign 4
mixreg_buf:
  .word 0x3f800000, 0x40000000, 0x40400000, 0x40800000, 0x40a00000, 0x40c00000, 0x40e00000, 0x41000000
  .word 0, 0, 0, 0, 0, 0, 0, 0
