/* RV32F on CV32E40P with its FPU: the latency of the iterative divide/square-root unit as
 * a function of its operands (one fdiv.s or fsqrt.s per region). The unit computes two
 * quotient bits per iteration and stops as soon as the partial remainder is zero, so exact
 * results with few significant bits finish early; operands that are subnormal, results
 * that overflow or underflow, and special operands take other paths. Generated cases:
 * quotients/roots with 0..23 fractional bits, dividend below/above divisor, subnormals. */
#include "pmu.h"

.macro DIV1 name, a, b
  li    a0, \a
  fmv.w.x f1, a0
  li    a0, \b
  fmv.w.x f2, a0
  REGION \name
  fdiv.s f5, f1, f2
  ENDREGION \name
.endm

.macro SQRT1 name, a
  li    a0, \a
  fmv.w.x f1, a0
  REGION \name
  fsqrt.s f5, f1
  ENDREGION \name
.endm

.macro BODY
  DIV1  q_1_001, 0x41100000, 0x41000000   /* 9.0 / 8.0 */
  DIV1  q_x_lt_d, 0x41100000, 0x41400000   /* 9.0 / 12.0 */
  DIV1  q_x_lt_d5, 0x42960000, 0x42c00000   /* 75.0 / 96.0 */
  DIV1  q_7_2, 0x40e00000, 0x40000000   /* 7.0 / 2.0 */
  DIV1  q_15_8, 0x41700000, 0x41000000   /* 15.0 / 8.0 */
  DIV1  q_255, 0x437f0000, 0x3f800000   /* 255.0 / 1.0 */
  DIV1  q_63_64, 0x427c0000, 0x42800000   /* 63.0 / 64.0 */
  DIV1  q_f20, 0x3f800008, 0x3f800000   /* 1.0000009536743164 / 1.0 */
  DIV1  q_f21, 0x3f800004, 0x3f800000   /* 1.0000004768371582 / 1.0 */
  DIV1  q_f22, 0x3f800002, 0x3f800000   /* 1.000000238418579 / 1.0 */
  DIV1  q_f23, 0x3f800001, 0x3f800000   /* 1.0000001192092896 / 1.0 */
  DIV1  q_f9, 0x3f804000, 0x3f800000   /* 1.001953125 / 1.0 */
  DIV1  q_f10, 0x3f802000, 0x3f800000   /* 1.0009765625 / 1.0 */
  DIV1  q_third, 0x3f800000, 0x40400000   /* 1.0 / 3.0 */
  DIV1  q_x_lt_d_f22, 0x3f800000, 0x3fc00000   /* 1.0 / 1.5 */
  DIV1  q_sub_res, 0x00080000, 0x3f800000   /* 7.346839692639297e-40 / 1.0 */
  DIV1  q_sub_res2, 0x00080000, 0x40400000   /* 7.346839692639297e-40 / 3.0 */
  DIV1  q_uf_edge, 0x00800000, 0x4b800000   /* 1.1754943508222875e-38 / 16777216.0 */
  DIV1  q_uf_deep, 0x00800000, 0x4e800000   /* 1.1754943508222875e-38 / 1073741824.0 */
  DIV1  q_of_edge, 0x7f000000, 0x3f000000   /* 1.7014118346046923e+38 / 0.5 */
  DIV1  q_neg_ex, 0xc0c00000, 0x40400000   /* -6.0 / 3.0 */
  DIV1  q_by_sub_inexact, 0x3f800000, 0x00000600   /* 1.0 / 2.152394441202919e-42 */
  SQRT1 r_1_5, 0x40100000   /* sqrt 2.25 */
  SQRT1 r_2_5, 0x40c80000   /* sqrt 6.25 */
  SQRT1 r_1_875, 0x40610000   /* sqrt 3.515625 */
  SQRT1 r_4_5, 0x41a20000   /* sqrt 20.25 */
  SQRT1 r_0_75, 0x3f100000   /* sqrt 0.5625 */
  SQRT1 r_f11, 0x3f802002   /* sqrt 1.000976800918579 */
  SQRT1 r_f10, 0x3f804008   /* sqrt 1.0019540786743164 */
  SQRT1 r_f5, 0x3f882000   /* sqrt 1.0634765625 */
  SQRT1 r_f6, 0x3f840800   /* sqrt 1.031494140625 */
  SQRT1 r_sub_exact, 0x00000200   /* sqrt 7.174648137343064e-43 */
  SQRT1 r_quarter, 0x3e800000   /* sqrt 0.25 */
  SQRT1 r_half, 0x3f000000   /* sqrt 0.5 */
  SQRT1 r_3, 0x40400000   /* sqrt 3.0 */
.endm

PMU_PROGRAM
