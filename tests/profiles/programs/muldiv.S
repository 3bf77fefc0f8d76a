/* M extension: MUL/MULH/MULHSU/MULHU (independent, dependent, result used at once)
 * and DIV/DIVU/REM/REMU with operands that exercise the short and long paths:
 * divide by zero, signed overflow, small and large quotients, dividend < divisor. */
#include "pmu.h"

/* one operation on a0 = a, a1 = b (set up before the region) */
.macro DIVCASE name, op, a, b
  li    a0, \a
  li    a1, \b
  REGION \name
  \op   a2, a0, a1
  ENDREGION \name
.endm

.macro BODY
  li    a0, 0x12345678
  li    a1, 0x9abcdef0
  REGION mul1
  mul   a2, a0, a1
  ENDREGION mul1

  li    a0, 0x12345678
  li    a1, 0x9abcdef0
  REGION mul_indep4
  mul   a2, a0, a1
  mul   a3, a0, a1
  mul   a4, a0, a1
  mul   a5, a0, a1
  ENDREGION mul_indep4

  li    a0, 3
  li    a1, 5
  REGION mul_chain4
  mul   a0, a0, a1
  mul   a0, a0, a1
  mul   a0, a0, a1
  mul   a0, a0, a1
  ENDREGION mul_chain4

  li    a0, 3
  li    a1, 5
  REGION mul_use4
  .rept 4
  mul   a2, a0, a1
  addi  a3, a2, 1
  .endr
  ENDREGION mul_use4

  li    a0, 0x12345678
  li    a1, 0x9abcdef0
  REGION mulh1
  mulh  a2, a0, a1
  ENDREGION mulh1

  li    a0, 0x12345678
  li    a1, 0x9abcdef0
  REGION mulhsu1
  mulhsu a2, a0, a1
  ENDREGION mulhsu1

  li    a0, 0x12345678
  li    a1, 0x9abcdef0
  REGION mulhu1
  mulhu a2, a0, a1
  ENDREGION mulhu1

  li    a0, 0x12345678
  li    a1, 0x9abcdef0
  REGION mulh_indep4
  mulh  a2, a0, a1
  mulhu a3, a0, a1
  mulhsu a4, a0, a1
  mulh  a5, a0, a1
  ENDREGION mulh_indep4

  li    a0, 2
  li    a1, 3
  REGION mul_small1
  mul   a2, a0, a1
  ENDREGION mul_small1

  li    a0, 0
  li    a1, 0x9abcdef0
  REGION mul_zero1
  mul   a2, a0, a1
  ENDREGION mul_zero1

  /* operand-dependent multiplier latency (Ibex slow multiplier: rs2) */
  DIVCASE mul_b0,         mul,  0x12345678, 0
  DIVCASE mul_b1,         mul,  0x12345678, 1
  DIVCASE mul_b2,         mul,  0x12345678, 2
  DIVCASE mul_b255,       mul,  0x12345678, 255
  DIVCASE mul_b65536,     mul,  0x12345678, 0x10000
  DIVCASE mul_bm1,        mul,  5, -1
  DIVCASE mul_a0_b3,      mul,  0, 3
  DIVCASE mulhu_small,    mulhu, 2, 3
  DIVCASE mulh_b0,        mulh, 0x12345678, 0

  DIVCASE div_100_7,      div,  100, 7
  DIVCASE div_big_3,      div,  0x7fffffff, 3
  DIVCASE div_big_big,    div,  0x7fffffff, 0x7ffffff0
  DIVCASE div_1_1,        div,  1, 1
  DIVCASE div_3_100,      div,  3, 100
  DIVCASE div_neg,        div,  -1000, 7
  DIVCASE div_by0,        div,  100, 0
  DIVCASE div_ovf,        div,  0x80000000, -1
  DIVCASE div_0_5,        div,  0, 5
  DIVCASE divu_max_3,     divu, 0xffffffff, 3
  DIVCASE divu_max_1,     divu, 0xffffffff, 1
  DIVCASE divu_by0,       divu, 12345, 0
  DIVCASE divu_1_max,     divu, 1, 0xffffffff
  DIVCASE rem_100_7,      rem,  100, 7
  DIVCASE rem_by0,        rem,  100, 0
  DIVCASE rem_ovf,        rem,  0x80000000, -1
  DIVCASE remu_max_3,     remu, 0xffffffff, 3
  DIVCASE remu_by0,       remu, 12345, 0
  DIVCASE div_pow2,       div,  0x40000000, 0x10
  DIVCASE divu_pow2,      divu, 0x80000000, 0x80000000
  DIVCASE div_by_m7,      div,  100, -7
  DIVCASE div_by_m8,      div,  100, -8
  DIVCASE div_by_m2,      div,  100, -2
  DIVCASE div_by_minint,  div,  100, 0x80000000
  DIVCASE div_by_m65536,  div,  100, -65536
  DIVCASE rem_by_m7,      rem,  -100, -7
  DIVCASE divu_by_m7,     divu, 100, -7
  DIVCASE div_by_2,       div,  100, 2
  DIVCASE div_by_65536,   div,  100, 65536

  li    a0, 1000
  li    a1, 7
  REGION div_use2
  div   a2, a0, a1
  addi  a3, a2, 1
  rem   a4, a0, a1
  addi  a5, a4, 1
  ENDREGION div_use2

  li    a0, 1000
  li    a1, 7
  REGION div_rem_pair
  div   a2, a0, a1
  rem   a3, a0, a1
  ENDREGION div_rem_pair

  li    a0, 1000
  li    a1, 7
  REGION mul_div_mix
  mul   a2, a0, a1
  div   a3, a2, a1
  mulhu a4, a3, a0
  remu  a5, a2, a0
  ENDREGION mul_div_mix
.endm

PMU_PROGRAM
