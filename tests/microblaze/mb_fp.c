/* MicroBlaze V floating point (F): the FP events of class 0 (load, store, add/sub, multiply,
 * divide, fused, other; FSQRT counts as other), FP subnormal results (class 4 bit 6: computed
 * results only, not moves or sign injection; docs/microblaze-v.md), the FP execute-stage
 * cycles (5 stages: add 4, divide 28) and FP data hazards (a result used at once: 2 cycles).
 * run: core=microblaze-v,dcache=0
 */
#include "mb.h"

MB_DEFINE_DATA

#define MSTATUS_FS_INITIAL (1ul << 13)

/* mb_data[0] = 1e-20f, [1] = 2.0f, [2] = 3.0f, [3] = the subnormal 1e-40f. */
MB_SNIPPET(s_kinds, "flw ft0, 0(t6)\nflw ft1, 4(t6)\nfsw ft1, 16(t6)\n"
                    "fadd.s ft2, ft1, ft1\nfsub.s ft3, ft1, ft1\nfmul.s ft4, ft1, ft1\nfdiv.s ft5, ft1, ft1\n"
                    "fmadd.s ft6, ft1, ft1, ft1\nfnmsub.s ft7, ft1, ft1, ft1\n"
                    "fsqrt.s ft8, ft1\nfsgnj.s ft9, ft1, ft1\nfcvt.w.s t0, ft1\nfmv.x.w t1, ft1\nfeq.s t2, ft1, ft1\n"
                    "fclass.s t3, ft1\nfmin.s ft10, ft1, ft0")
MB_SNIPPET(s_compressed, "mv a0, t6\n" RVC("c.flw fa0, 4(a0)") RVC("c.fsw fa0, 20(a0)"))
/* Subnormal results: 1e-20 * 1e-20 (twice), subnormal + 0, and a fused one; not: moves, sign
 * injection, min, and normal results. */
MB_SNIPPET(s_subnormal, "flw ft0, 0(t6)\nflw ft1, 12(t6)\nfmv.w.x ft2, zero\n"
                        "fmul.s ft3, ft0, ft0\nfadd.s ft4, ft1, ft2\nfmadd.s ft5, ft0, ft0, ft2\n"
                        "fsgnj.s ft6, ft1, ft1\nfmin.s ft7, ft1, ft0\nfmv.s ft8, ft1\nfmul.s ft9, ft0, ft0\n"
                        "flw ft10, 4(t6)\nfadd.s ft11, ft10, ft10")
MB_SNIPPET(s_fdiv, "fdiv.s ft5, ft1, ft1")
MB_SNIPPET(s_fadd_use, "fadd.s ft2, ft1, ft1\nfadd.s ft3, ft2, ft1")

int main(void) {
  CSR_SET(mstatus, MSTATUS_FS_INITIAL);
  mb_data[0] = 0x1e3ce508; /* 1e-20f */
  mb_data[1] = 0x40000000; /* 2.0f */
  mb_data[2] = 0x40400000; /* 3.0f */
  mb_data[3] = 0x000116c2; /* 1e-40f */

  CHECK_EQ(mb_measure(MB_SEL(0, B(17)), s_kinds), 2); /* FLW */
  CHECK_EQ(mb_measure(MB_SEL(0, B(18)), s_kinds), 1); /* FSW */
  CHECK_EQ(mb_measure(MB_SEL(0, B(19)), s_kinds), 2); /* FADD, FSUB */
  CHECK_EQ(mb_measure(MB_SEL(0, B(20)), s_kinds), 1); /* FMUL */
  CHECK_EQ(mb_measure(MB_SEL(0, B(21)), s_kinds), 1); /* FDIV */
  CHECK_EQ(mb_measure(MB_SEL(0, B(22)), s_kinds), 2); /* FMADD, FNMSUB */
  CHECK_EQ(mb_measure(MB_SEL(0, B(23)), s_kinds), 7); /* FSQRT FSGNJ FCVT FMV FEQ FCLASS FMIN */
  CHECK_EQ(mb_measure(C0_FP_ALL, s_kinds), 16);
  CHECK_EQ(mb_measure(C0_LOAD | C0_STORE | C0_ARITH, s_kinds), 0); /* FP is none of those */
  CHECK_EQ(mb_measure(MB_SEL(0, B(17)) | C0_COMPRESSED, s_compressed), 2);
  CHECK_EQ(mb_measure(MB_SEL(0, B(18)), s_compressed), 1);
  CHECK_EQ(mb_measure(C0_COMPRESSED, s_compressed), 2);

  CHECK_EQ(mb_measure(C4_FP_SUBNORMAL, s_subnormal), 4);
  CHECK_EQ(mb_measure(C4_FP_SUBNORMAL | C4_DIV0, s_subnormal), 4);
  CHECK_EQ(mb_data[5], 0x40000000); /* the FSW of s_kinds stored 2.0f */

  CHECK_EQ(mb_measure(C3_EX, s_fdiv), 27);
  CHECK_EQ(mb_measure(C3_OF, s_fadd_use), 2);
  CHECK_EQ(mb_measure(C3_EX, s_fadd_use), 2 * 3);
  guest_puts("mb_fp ok\n");
  return 0;
}
