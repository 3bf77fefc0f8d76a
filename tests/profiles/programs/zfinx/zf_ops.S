/* RV32 Zfinx on CV32E40P with its FPU built with ZFINX=1: F's operations on the integer
 * registers. Every region checks a way the FP results and the integer registers meet:
 *   add_chain    4 dependent fadd.s
 *   add_int      an addi reading an fadd.s result, an fmul.s reading an addi result
 *   load_use     lw then an fadd.s reading it (a load-use stall, as for integer code)
 *   store_res    an fmul.s result stored by the next instruction
 *   div_int      an add reading an fdiv.s result; an li writing an fdiv.s destination
 *   sqrt_add     fsqrt.s then an fadd.s on its result, a branch on an feq.s result
 *   convert      fcvt.w.s / fcvt.s.w / feq / flt / fle / fclass / fsgnj / fmin / fmax / fmadd
 *   fcsr         frm/fflags/fcsr reads and writes behind an fdiv.s
 *   to_x0        F operations writing x0 (the result is dropped)
 *   illegal_*    flw, fsw, fmv.x.w and fmv.w.x (as .word): illegal with Zfinx, skipped by
 *                the trap handler; a write to the read-only cycle CSR for comparison
 * The result rows hold values the code computed (what the RTL computed must match). */
#include "pmu.h"

.macro SETUP
  li    s1, 0x40490fdb         /* pi */
  li    s2, 0x402df854         /* e */
  li    s3, 0x3f800000         /* 1.0 */
  li    s5, 0x41200000         /* 10.0 */
  li    a0, 7
  sw    a0, -8(sp)
  sw    s5, -4(sp)
.endm

.macro NO_MOVE name, word
  SETUP
  REGION \name
  .word \word
  addi  a4, a4, 1
  ENDREGION \name
.endm

.macro BODY
  SETUP
  REGION add_chain
  fadd.s a0, s1, s3
  fadd.s a0, a0, s3
  fadd.s a0, a0, s3
  fadd.s a0, a0, s3
  mv    s4, a0
  ENDREGION add_chain
  RESULT add_chain, s4

  SETUP
  REGION add_int
  fadd.s a0, s1, s2
  addi  a1, a0, 1
  fmul.s a2, a1, s3
  addi  a3, a3, 1
  mv    s4, a2
  ENDREGION add_int
  RESULT add_int, s4

  SETUP
  REGION load_use
  lw    a1, -4(sp)
  fadd.s a2, a1, s3
  lw    a3, -4(sp)
  addi  a4, a4, 1
  fmul.s a5, a3, s2
  mv    s4, a5
  ENDREGION load_use
  RESULT load_use, s4

  SETUP
  REGION store_res
  fmul.s a2, s1, s2
  sw    a2, -12(sp)
  fadd.s a3, s1, s3
  addi  a4, a4, 1
  sw    a3, -16(sp)
  lw    s4, -12(sp)
  ENDREGION store_res
  RESULT store_res, s4

  SETUP
  REGION div_int
  fdiv.s a0, s1, s2
  add   a3, a0, s3
  fdiv.s a1, s1, s2
  li    a1, 5
  addi  a4, a4, 1
  add   s4, a3, a1
  ENDREGION div_int
  RESULT div_int, s4

  SETUP
  REGION sqrt_add
  fsqrt.s a0, s5
  fadd.s a1, a0, s3
  feq.s a2, a1, s3
  beqz  a2, 1f
  addi  a4, a4, 1
1:
  mv    s4, a1
  ENDREGION sqrt_add
  RESULT sqrt_add, s4

  SETUP
  REGION convert
  fcvt.w.s a0, s1
  fcvt.s.w a1, a0
  feq.s a2, a1, s1
  flt.s a3, a1, s1
  fle.s a4, s2, s1
  fclass.s a5, s1
  fsgnjn.s a6, s1, s1
  fmin.s a7, s1, s2
  fmax.s t0, s1, s2
  fmadd.s t1, s1, s2, s3
  fnmsub.s t2, t1, s3, s2
  add   s4, a0, a2
  add   s4, s4, a3
  add   s4, s4, a4
  add   s4, s4, a5
  xor   s4, s4, t2
  ENDREGION convert
  RESULT convert, s4

  SETUP
  REGION fcsr
  fdiv.s a0, s1, s2
  frflags a1
  fsrm  a2, zero
  frrm  a3
  fscsr zero
  fadd.s a4, a0, s3
  frcsr s4
  ENDREGION fcsr
  RESULT fcsr, s4

  SETUP
  REGION to_x0
  fadd.s zero, s1, s2
  fcvt.w.s zero, s1
  fdiv.s zero, s1, s2
  addi  a1, zero, 3
  mv    s4, a1
  ENDREGION to_x0
  RESULT to_x0, s4

  NO_MOVE illegal_flw, 0xff812107     /* flw f2, -8(sp) */
  NO_MOVE illegal_fsw, 0xfe212c27     /* fsw f2, -8(sp) */
  NO_MOVE illegal_fmv_x_w, 0xe00485d3 /* fmv.x.w a1, f9 */
  NO_MOVE illegal_fmv_w_x, 0xf00484d3 /* fmv.w.x f9, s1 */
  NO_MOVE illegal_csr, 0xc0001073     /* csrw cycle, zero: read-only, for comparison */
.endm

PMU_PROGRAM
