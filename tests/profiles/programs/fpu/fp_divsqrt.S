/* RV32F on CV32E40P with its FPU: the iterative divide/square-root unit. fdiv.s and fsqrt.s
 * with normal operands of several magnitudes and mantissas, and with special operands
 * (zero, infinity, NaN, subnormal, divide by zero, negative square root, x/1), followed by
 * a dependent FP operation, an independent FP operation, integer work, a second divide,
 * an fmv.x.w / fcvt reading the result, and a CSR read of fflags.
 * Operands come from integer constants (A, B) moved with fmv.w.x before the region. */
#include "pmu.h"

.macro OPS a, b
  li    a0, \a
  fmv.w.x f1, a0
  li    a0, \b
  fmv.w.x f2, a0
  li    a0, 0x3f800000
  fmv.w.x f3, a0
.endm

/* one fdiv f5 = A / B alone */
.macro DIV1 name, a, b
  OPS   \a, \b
  REGION \name
  fdiv.s f5, f1, f2
  ENDREGION \name
.endm

/* one fsqrt f5 = sqrt(A) alone */
.macro SQRT1 name, a
  OPS   \a, 0
  REGION \name
  fsqrt.s f5, f1
  ENDREGION \name
.endm

.macro BODY
  DIV1  div_norm, 0x40490fdb, 0x402df854       /* pi / e */
  DIV1  div_exact, 0x41200000, 0x40000000      /* 10 / 2 */
  DIV1  div_by1, 0x40490fdb, 0x3f800000        /* pi / 1 */
  DIV1  div_small, 0x00800000, 0x7f000000      /* min normal / 2^127: underflow */
  DIV1  div_big, 0x7f000000, 0x00800000        /* overflow */
  DIV1  div_zero_num, 0x00000000, 0x40000000   /* 0 / 2 */
  DIV1  div_by_zero, 0x3f800000, 0x00000000    /* 1 / 0 */
  DIV1  div_zero_zero, 0x00000000, 0x00000000  /* 0 / 0: NaN */
  DIV1  div_inf, 0x7f800000, 0x40000000        /* inf / 2 */
  DIV1  div_by_inf, 0x40000000, 0x7f800000     /* 2 / inf */
  DIV1  div_nan, 0x7fc00000, 0x40000000        /* qNaN / 2 */
  DIV1  div_snan, 0x7f800001, 0x40000000       /* sNaN / 2 */
  DIV1  div_sub, 0x00000001, 0x3f000000        /* subnormal / 0.5 */
  DIV1  div_by_sub, 0x3f800000, 0x00400000     /* 1 / subnormal */
  DIV1  div_neg, 0xc0490fdb, 0x402df854        /* -pi / e */
  SQRT1 sqrt_norm, 0x40000000                  /* sqrt 2 */
  SQRT1 sqrt_exact, 0x41800000                 /* sqrt 16 */
  SQRT1 sqrt_odd_exp, 0x41000000               /* sqrt 8 */
  SQRT1 sqrt_one, 0x3f800000                   /* sqrt 1 */
  SQRT1 sqrt_zero, 0x00000000                  /* sqrt 0 */
  SQRT1 sqrt_negzero, 0x80000000               /* sqrt -0 */
  SQRT1 sqrt_neg, 0xc0000000                   /* sqrt -2: NaN */
  SQRT1 sqrt_inf, 0x7f800000                   /* sqrt inf */
  SQRT1 sqrt_nan, 0x7fc00000                   /* sqrt qNaN */
  SQRT1 sqrt_sub, 0x00000010                   /* sqrt subnormal */

  OPS   0x40490fdb, 0x402df854
  REGION div_dep_fadd
  fdiv.s f5, f1, f2
  fadd.s f6, f5, f3
  ENDREGION div_dep_fadd

  OPS   0x40490fdb, 0x402df854
  REGION div_indep_fadd
  fdiv.s f5, f1, f2
  fadd.s f6, f1, f3
  fadd.s f7, f2, f3
  ENDREGION div_indep_fadd

  OPS   0x40490fdb, 0x402df854
  REGION div_indep_fmv
  fdiv.s f5, f1, f2
  fsgnj.s f6, f1, f3
  ENDREGION div_indep_fmv

  OPS   0x40490fdb, 0x402df854
  REGION div_int_work
  fdiv.s f5, f1, f2
  .rept 12
  addi  a1, a1, 1
  .endr
  ENDREGION div_int_work

  OPS   0x40490fdb, 0x402df854
  REGION div_int_long
  fdiv.s f5, f1, f2
  .rept 30
  addi  a1, a1, 1
  .endr
  fadd.s f6, f5, f3
  ENDREGION div_int_long

  OPS   0x40490fdb, 0x402df854
  REGION div_div
  fdiv.s f5, f1, f2
  fdiv.s f6, f2, f1
  ENDREGION div_div

  OPS   0x40490fdb, 0x402df854
  REGION div_sqrt
  fdiv.s f5, f1, f2
  fsqrt.s f6, f2
  ENDREGION div_sqrt

  OPS   0x40490fdb, 0x402df854
  REGION div_chain3
  fdiv.s f5, f1, f2
  fdiv.s f5, f5, f2
  fdiv.s f5, f5, f2
  ENDREGION div_chain3

  OPS   0x40490fdb, 0x402df854
  REGION div_fmvx
  fdiv.s f5, f1, f2
  fmv.x.w a1, f5
  addi  a2, a1, 1
  ENDREGION div_fmvx

  OPS   0x40490fdb, 0x402df854
  REGION div_fcvt
  fdiv.s f5, f1, f2
  fcvt.w.s a1, f1
  addi  a2, a1, 1
  ENDREGION div_fcvt

  OPS   0x40490fdb, 0x402df854
  REGION div_fflags
  fdiv.s f5, f1, f2
  csrr  a1, fflags
  ENDREGION div_fflags

  OPS   0x40490fdb, 0x402df854
  REGION div_mcycle
  fdiv.s f5, f1, f2
  csrr  a1, mscratch
  ENDREGION div_mcycle

  OPS   0x40490fdb, 0x402df854
  REGION div_flw_fsw
  fdiv.s f5, f1, f2
  flw   f6, -8(sp)
  fsw   f5, -12(sp)
  ENDREGION div_flw_fsw

  OPS   0x40490fdb, 0x402df854
  REGION div_fsw_dep
  fdiv.s f5, f1, f2
  fsw   f5, -12(sp)
  lw    a1, -12(sp)
  ENDREGION div_fsw_dep

  OPS   0x40490fdb, 0x402df854
  REGION div_flw_waw
  fdiv.s f5, f1, f2
  flw   f5, -8(sp)
  ENDREGION div_flw_waw

  OPS   0x40490fdb, 0x402df854
  REGION div_branch
  fdiv.s f5, f1, f2
  beqz  zero, 1f
  nop
1:
  addi  a1, a1, 1
  ENDREGION div_branch

  OPS   0x40490fdb, 0x402df854
  REGION div_mul_div
  fdiv.s f5, f1, f2
  mul   a1, a0, a0
  li    a3, 7
  div   a2, a0, a3
  fadd.s f6, f5, f3
  ENDREGION div_mul_div
.endm

PMU_PROGRAM
