/* F and D extension tests (src/isa/softfloat.c, src/hart/fp.c, the F/D parts of
 * src/isa/decode.c, src/isa/exec_template.h and src/csr/csr.c).
 *
 * Spec statements covered (RISC-V unprivileged ISA 20191213 and later, ch. "F" and "D";
 * privileged ISA 20211203, 3.1.6.6; IEEE 754-2019):
 * - Decoding: every F/D operation (OP-FP, the four fused multiply-add opcodes, LOAD-FP and
 *   STORE-FP funct3 2/3), C.FLD/C.FSD/C.FLDSP/C.FSDSP (RV32 and RV64 with D) and
 *   C.FLW/C.FSW/C.FLWSP/C.FSWSP (RV32 with F; the same encodings are C.LD... on RV64); the
 *   *_L/_LU forms and FMV.X.D/FMV.D.X exist on RV64 only; rm 5 and 6 are reserved (illegal);
 *   formats H and Q, and every F/D encoding without F (D forms without D), are illegal; f0 is
 *   an ordinary destination.
 * - Rounding: RNE, RTZ, RDN, RUP, RMM (ties away from zero), and dynamic rm 7 = frm; frm 5-7
 *   with a dynamic rm raise illegal instruction when the instruction executes.
 * - Results and fflags: the canonical NaN (0x7fc00000 / 0x7ff8000000000000) for every NaN
 *   result, invalid for signaling NaN operands, inf-inf, inf*0 (also in FMA with a quiet NaN
 *   addend), 0/0, sqrt of a negative; divide by zero; overflow by rounding mode; tininess
 *   detected after rounding, underflow only when also inexact; the sign of exact zero sums
 *   (-0 only when rounding down); FMA rounds once.
 * - FMIN/FMAX are minimumNumber/maximumNumber: a NaN operand yields the other one (signaling
 *   NaNs still raise invalid), two NaNs the canonical NaN, -0 < +0. FEQ is quiet, FLT/FLE
 *   signal on any NaN. FCLASS's ten classes.
 * - Conversions to integers round by rm and saturate: NaN and +overflow to the largest value,
 *   -overflow to the smallest (0 for unsigned), raising invalid and not inexact; a value that
 *   rounds into range only raises inexact; 32-bit results are sign-extended on RV64 (also
 *   FCVT.WU). The W forms read the low 32 bits of rs1.
 * - NaN-boxing: single values live in the low half of a 64-bit register with the upper half all
 *   ones; an improperly boxed operand reads as the canonical NaN; FLW, FMV.W.X and single
 *   results are boxed; FMV.X.W and FSW use the low 32 bits as they are.
 * - fcsr (0x003) = frm (7:5) | fflags (4:0), frm (0x002), fflags (0x001); bits 31:8 read 0.
 * - mstatus.FS: reset Off; Off makes FP instructions and fcsr accesses illegal (mtval = the
 *   encoding); a write of an FP register or of fflags/frm/fcsr sets Dirty, reads do not;
 *   SD (bit XLEN-1) reads 1 when FS is Dirty; sstatus shows FS and SD; FS is read-only zero
 *   without F. misa has F (bit 5) and D (bit 3) from the ISA string; G = IMAFD.
 * - Zfinx (1.0): the operations on the integer registers, without FP loads, stores and moves.
 * - FP loads and stores: misaligned ones trap (load/store address misaligned, mtval = address)
 *   on the generic core; FLD/FSD move 64 bits on RV32 too.
 *
 * Encodings from riscv64-unknown-elf-as 2.40 (-march=rv64imafdc / rv32imafdc, canonical forms
 * checked with objdump -d -M no-aliases). Expected results are derived from the rules above
 * (the comment beside each says how); the whole implementation was also compared bit for bit,
 * results and fflags, with QEMU 8 on ~24 million random and special operands (every
 * instruction, every rounding mode, RV32 and RV64). */
#include "unit_util.h"

#include "csr/csr.h"
#include "isa/insn.h"
#include "isa/softfloat.h"
#include "machine.h"
#include "profiles/timing.h"

#define S(x) (0xffffffff00000000ull | (uint64_t)(x)) /* a NaN-boxed single */
#define NX SF_NX
#define UF SF_UF
#define OF SF_OF
#define DZ SF_DZ
#define NV SF_NV
#define X32 1u
#define X64 2u
#define XB (X32 | X64)
#define SINK REG_SINK
#define MSTATUS_FS_INITIAL (1ull << MSTATUS_FS_SHIFT)
#define MSTATUS_FS_CLEAN (2ull << MSTATUS_FS_SHIFT)
#define MISA_D (1ull << ('d' - 'a'))
#define MISA_F (1ull << ('f' - 'a'))

static struct hart *hart0(struct rvpmu_machine *m) { return ((struct machine *)m)->harts[0]; }
static uint64_t xmask(unsigned xlen) { return xlen == 64 ? UINT64_MAX : 0xffffffffull; }
static const char *isa_of(unsigned xlen) { return xlen == 32 ? "rv32imafdc" : "rv64imafdc"; }

/* A generic-core machine with F and D, FS = Initial, traps landing on `j .` at UT_HANDLER. */
static struct rvpmu_machine *fp_machine(unsigned xlen) {
  struct rvpmu_machine *m = ut_machine_isa(isa_of(xlen));
  ut_set_csr(m, CSR_MSTATUS, MSTATUS_FS_INITIAL);
  ut_trap_to_spin(m);
  return m;
}

/* Runs `n` words at the start of RAM (then `j .`). */
static void run_words(struct rvpmu_machine *m, const uint32_t *words, size_t n) {
  uint32_t prog[16];
  assert_true(n < 16);
  memcpy(prog, words, n * sizeof *words);
  prog[n] = UT_SPIN;
  ut_run_program(m, prog, n + 1, n + 4);
}

static void run1(struct rvpmu_machine *m, uint32_t insn) { run_words(m, &insn, 1); }

static uint64_t phys_u64(struct rvpmu_machine *m, uint64_t pa) {
  uint64_t v;
  memcpy(&v, bus_ram_ptr(&((struct machine *)m)->bus, pa, 8), 8);
  return v;
}

static uint64_t fs_of(struct rvpmu_machine *m) { return (ut_csr(m, CSR_MSTATUS) & MSTATUS_FS) >> MSTATUS_FS_SHIFT; }

/* --- decoding --- */

struct fcase {
  uint32_t raw;
  unsigned xlens; /* where this expectation holds; elsewhere the encoding is illegal (32-bit
                   * ones) or another instruction (the RV32-only compressed ones) */
  enum op op;
  unsigned rd, rs1, rs2;
  int32_t imm;
};

/* imm of an operation with an rm field: rm | rs3 << 3 (rm 7 = dynamic). */
#define RM(rm, rs3) ((rm) | (rs3) << 3)

static const struct fcase fp_cases[] = {
    {0x0085a507, XB, OP_FLW, 10, 11, 0, 8},                   /* flw fa0, 8(a1) */
    {0xff013487, XB, OP_FLD, 9, 2, 0, -16},                   /* fld fs1, -16(sp) */
    {0x00c6a627, XB, OP_FSW, SINK, 13, 12, 12},               /* fsw fa2, 12(a3) */
    {0x81f2b027, XB, OP_FSD, SINK, 5, 31, -2048},             /* fsd ft11, -2048(t0) */
    {0x00c58553, XB, OP_FADD_S, 10, 11, 12, RM(0, 0)},        /* fadd.s fa0, fa1, fa2, rne */
    {0x08209053, XB, OP_FSUB_S, 0, 1, 2, RM(1, 0)},           /* fsub.s ft0, ft1, ft2, rtz */
    {0x1124a453, XB, OP_FMUL_S, 8, 9, 18, RM(2, 0)},          /* fmul.s fs0, fs1, fs2, rdn */
    {0x185231d3, XB, OP_FDIV_S, 3, 4, 5, RM(3, 0)},           /* fdiv.s ft3, ft4, ft5, rup */
    {0x580746d3, XB, OP_FSQRT_S, 13, 14, 0, RM(4, 0)},        /* fsqrt.s fa3, fa4, rmm */
    {0x68c5f543, XB, OP_FMADD_S, 10, 11, 12, RM(7, 13)},      /* fmadd.s fa0, fa1, fa2, fa3, dyn */
    {0x18208047, XB, OP_FMSUB_S, 0, 1, 2, RM(0, 3)},          /* fmsub.s ft0, ft1, ft2, ft3, rne */
    {0xa949994b, XB, OP_FNMSUB_S, 18, 19, 20, RM(1, 21)},     /* fnmsub.s fs2, fs3, fs4, fs5, rtz */
    {0xe9efa04f, XB, OP_FNMADD_S, 0, 31, 30, RM(2, 29)},      /* fnmadd.s f0, f31, f30, f29, rdn */
    {0x20c58553, XB, OP_FSGNJ_S, 10, 11, 12, 0},              /* fsgnj.s fa0, fa1, fa2 */
    {0x20f716d3, XB, OP_FSGNJN_S, 13, 14, 15, 0},             /* fsgnjn.s fa3, fa4, fa5 */
    {0x2020a053, XB, OP_FSGNJX_S, 0, 1, 2, 0},                /* fsgnjx.s ft0, ft1, ft2 */
    {0x29248453, XB, OP_FMIN_S, 8, 9, 18, 0},                 /* fmin.s fs0, fs1, fs2 */
    {0x295a19d3, XB, OP_FMAX_S, 19, 20, 21, 0},               /* fmax.s fs3, fs4, fs5 */
    {0xc0051553, XB, OP_FCVT_W_S, 10, 10, 0, RM(1, 0)},       /* fcvt.w.s a0, fa0, rtz */
    {0xc015a5d3, XB, OP_FCVT_WU_S, 11, 11, 0, RM(2, 0)},      /* fcvt.wu.s a1, fa1, rdn */
    {0xc0263653, X64, OP_FCVT_L_S, 12, 12, 0, RM(3, 0)},      /* fcvt.l.s a2, fa2, rup */
    {0xc036c6d3, X64, OP_FCVT_LU_S, 13, 13, 0, RM(4, 0)},     /* fcvt.lu.s a3, fa3, rmm */
    {0xd0057553, XB, OP_FCVT_S_W, 10, 10, 0, RM(7, 0)},       /* fcvt.s.w fa0, a0, dyn */
    {0xd01585d3, XB, OP_FCVT_S_WU, 11, 11, 0, RM(0, 0)},      /* fcvt.s.wu fa1, a1, rne */
    {0xd0261653, X64, OP_FCVT_S_L, 12, 12, 0, RM(1, 0)},      /* fcvt.s.l fa2, a2, rtz */
    {0xd036a6d3, X64, OP_FCVT_S_LU, 13, 13, 0, RM(2, 0)},     /* fcvt.s.lu fa3, a3, rdn */
    {0xe0078553, XB, OP_FMV_X_W, 10, 15, 0, 0},               /* fmv.x.w a0, fa5 */
    {0xf00507d3, XB, OP_FMV_W_X, 15, 10, 0, 0},               /* fmv.w.x fa5, a0 */
    {0xa0b52553, XB, OP_FEQ_S, 10, 10, 11, 0},                /* feq.s a0, fa0, fa1 */
    {0xa0d615d3, XB, OP_FLT_S, 11, 12, 13, 0},                /* flt.s a1, fa2, fa3 */
    {0xa0f70653, XB, OP_FLE_S, 12, 14, 15, 0},                /* fle.s a2, fa4, fa5 */
    {0xe00816d3, XB, OP_FCLASS_S, 13, 16, 0, 0},              /* fclass.s a3, fa6 */
    {0x02c58553, XB, OP_FADD_D, 10, 11, 12, RM(0, 0)},        /* fadd.d fa0, fa1, fa2, rne */
    {0x0a209053, XB, OP_FSUB_D, 0, 1, 2, RM(1, 0)},           /* fsub.d ft0, ft1, ft2, rtz */
    {0x1324a453, XB, OP_FMUL_D, 8, 9, 18, RM(2, 0)},          /* fmul.d fs0, fs1, fs2, rdn */
    {0x1a5231d3, XB, OP_FDIV_D, 3, 4, 5, RM(3, 0)},           /* fdiv.d ft3, ft4, ft5, rup */
    {0x5a0746d3, XB, OP_FSQRT_D, 13, 14, 0, RM(4, 0)},        /* fsqrt.d fa3, fa4, rmm */
    {0x6ac5f543, XB, OP_FMADD_D, 10, 11, 12, RM(7, 13)},      /* fmadd.d fa0, fa1, fa2, fa3, dyn */
    {0x1a208047, XB, OP_FMSUB_D, 0, 1, 2, RM(0, 3)},          /* fmsub.d ft0, ft1, ft2, ft3, rne */
    {0xab49994b, XB, OP_FNMSUB_D, 18, 19, 20, RM(1, 21)},     /* fnmsub.d fs2, fs3, fs4, fs5, rtz */
    {0xebefa04f, XB, OP_FNMADD_D, 0, 31, 30, RM(2, 29)},      /* fnmadd.d f0, f31, f30, f29, rdn */
    {0x22c58553, XB, OP_FSGNJ_D, 10, 11, 12, 0},              /* fsgnj.d fa0, fa1, fa2 */
    {0x22f716d3, XB, OP_FSGNJN_D, 13, 14, 15, 0},             /* fsgnjn.d fa3, fa4, fa5 */
    {0x2220a053, XB, OP_FSGNJX_D, 0, 1, 2, 0},                /* fsgnjx.d ft0, ft1, ft2 */
    {0x2b248453, XB, OP_FMIN_D, 8, 9, 18, 0},                 /* fmin.d fs0, fs1, fs2 */
    {0x2b5a19d3, XB, OP_FMAX_D, 19, 20, 21, 0},               /* fmax.d fs3, fs4, fs5 */
    {0xc2051553, XB, OP_FCVT_W_D, 10, 10, 0, RM(1, 0)},       /* fcvt.w.d a0, fa0, rtz */
    {0xc215a5d3, XB, OP_FCVT_WU_D, 11, 11, 0, RM(2, 0)},      /* fcvt.wu.d a1, fa1, rdn */
    {0xc2263653, X64, OP_FCVT_L_D, 12, 12, 0, RM(3, 0)},      /* fcvt.l.d a2, fa2, rup */
    {0xc236c6d3, X64, OP_FCVT_LU_D, 13, 13, 0, RM(4, 0)},     /* fcvt.lu.d a3, fa3, rmm */
    {0xd2050553, XB, OP_FCVT_D_W, 10, 10, 0, RM(0, 0)},       /* fcvt.d.w fa0, a0 */
    {0xd21585d3, XB, OP_FCVT_D_WU, 11, 11, 0, RM(0, 0)},      /* fcvt.d.wu fa1, a1 */
    {0xd2261653, X64, OP_FCVT_D_L, 12, 12, 0, RM(1, 0)},      /* fcvt.d.l fa2, a2, rtz */
    {0xd236a6d3, X64, OP_FCVT_D_LU, 13, 13, 0, RM(2, 0)},     /* fcvt.d.lu fa3, a3, rdn */
    {0x4017c753, XB, OP_FCVT_S_D, 14, 15, 0, RM(4, 0)},       /* fcvt.s.d fa4, fa5, rmm */
    {0x42088853, XB, OP_FCVT_D_S, 16, 17, 0, RM(0, 0)},       /* fcvt.d.s fa6, fa7 */
    {0xe2078553, X64, OP_FMV_X_D, 10, 15, 0, 0},              /* fmv.x.d a0, fa5 */
    {0xf20507d3, X64, OP_FMV_D_X, 15, 10, 0, 0},              /* fmv.d.x fa5, a0 */
    {0xa2b52553, XB, OP_FEQ_D, 10, 10, 11, 0},                /* feq.d a0, fa0, fa1 */
    {0xa2d615d3, XB, OP_FLT_D, 11, 12, 13, 0},                /* flt.d a1, fa2, fa3 */
    {0xa2f70653, XB, OP_FLE_D, 12, 14, 15, 0},                /* fle.d a2, fa4, fa5 */
    {0xe20816d3, XB, OP_FCLASS_D, 13, 16, 0, 0},              /* fclass.d a3, fa6 */
    {0x00000053, XB, OP_FADD_S, 0, 0, 0, RM(0, 0)},           /* fadd.s ft0, ft0, ft0, rne: f0 is no sink */
    {0xa0c5a053, XB, OP_FEQ_S, SINK, 11, 12, 0},              /* feq.s zero, fa1, fa2: x0 is */
    {0xc0059053, XB, OP_FCVT_W_S, SINK, 11, 0, RM(1, 0)},     /* fcvt.w.s zero, fa1, rtz */
};

static const struct fcase fp_compressed_cases[] = {
    {0x2588, XB, OP_FLD, 10, 11, 0, 8},      /* c.fld fa0, 8(a1) */
    {0xbc64, XB, OP_FSD, SINK, 8, 9, 248},   /* c.fsd fs1, 248(s0) */
    {0x37fe, XB, OP_FLD, 15, 2, 0, 504},     /* c.fldsp fa5, 504(sp) */
    {0xa802, XB, OP_FSD, SINK, 2, 0, 16},    /* c.fsdsp ft0, 16(sp) */
    {0x2002, XB, OP_FLD, 0, 2, 0, 0},        /* c.fldsp ft0, 0(sp): f0 allowed */
    {0x61c8, X32, OP_FLW, 10, 11, 0, 4},     /* c.flw fa0, 4(a1)       (RV64: c.ld) */
    {0xfc64, X32, OP_FSW, SINK, 8, 9, 124},  /* c.fsw fs1, 124(s0)     (RV64: c.sd) */
    {0x77fe, X32, OP_FLW, 15, 2, 0, 252},    /* c.flwsp fa5, 252(sp)   (RV64: c.ldsp) */
    {0xe402, X32, OP_FSW, SINK, 2, 0, 8},    /* c.fswsp ft0, 8(sp)     (RV64: c.sdsp) */
    {0x6002, X32, OP_FLW, 0, 2, 0, 0},       /* c.flwsp ft0, 0(sp)     (RV64: reserved c.ldsp x0) */
};

static bool needs_d(enum op op) { return strstr(op_name(op), "_D") || op == OP_FLD || op == OP_FSD; }

static void check_fcase(const struct fcase *c, unsigned xlen, unsigned ext, bool compressed) {
  struct insn in;
  insn_decode_ext(c->raw, xlen, ext | ISA_EXT_MAC, &in); /* C for the compressed forms */
  if (in.op != c->op)
    fail_msg("0x%08x on RV%u: %s, expected %s", c->raw, xlen, op_name(in.op), op_name(c->op));
  if (in.rd != c->rd || in.rs1 != c->rs1 || in.rs2 != c->rs2 || in.imm != c->imm)
    fail_msg("0x%08x on RV%u (%s): rd %u rs1 %u rs2 %u imm %d, expected rd %u rs1 %u rs2 %u imm %d", c->raw, xlen,
             op_name(in.op), in.rd, in.rs1, in.rs2, in.imm, c->rd, c->rs1, c->rs2, c->imm);
  assert_int_equal(in.cls, op_class(c->op) | (compressed ? CLS_COMPRESSED : 0));
  assert_int_equal(in.raw, c->raw);
}

static void expect_illegal_ext(uint32_t raw, unsigned xlen, unsigned ext) {
  struct insn in;
  insn_decode_ext(raw, xlen, ext | ISA_EXT_MAC, &in);
  if (in.op != OP_ILLEGAL)
    fail_msg("0x%08x on RV%u with ext 0x%x decodes to %s, expected ILLEGAL", raw, xlen, ext, op_name(in.op));
}

static void test_decode_fp(void **state) {
  (void)state;
  const unsigned fd = ISA_EXT_F | ISA_EXT_D | ISA_EXT_MAC;
  for (size_t i = 0; i < sizeof fp_cases / sizeof *fp_cases; i++) {
    const struct fcase *c = &fp_cases[i];
    for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
      if (c->xlens & (xlen == 32 ? X32 : X64)) {
        check_fcase(c, xlen, fd, false);
        if (needs_d(c->op)) expect_illegal_ext(c->raw, xlen, ISA_EXT_F); /* F without D */
        else check_fcase(c, xlen, ISA_EXT_F, false);
      } else {
        expect_illegal_ext(c->raw, xlen, fd); /* an RV64-only form on RV32 */
      }
      expect_illegal_ext(c->raw, xlen, 0); /* no F: illegal, as on rv64imac */
      expect_illegal_ext(c->raw, xlen, ISA_EXT_ZBA | ISA_EXT_ZBB | ISA_EXT_ZBC | ISA_EXT_ZBS | ISA_EXT_ZICBOM);
    }
  }
  for (size_t i = 0; i < sizeof fp_compressed_cases / sizeof *fp_compressed_cases; i++) {
    const struct fcase *c = &fp_compressed_cases[i];
    check_fcase(c, 32, fd, true);
    if (c->xlens & X64) {
      check_fcase(c, 64, fd, true);
      expect_illegal_ext(c->raw, 32, ISA_EXT_F); /* C.FLD/C.FSD need D */
      expect_illegal_ext(c->raw, 64, ISA_EXT_F);
      expect_illegal_ext(c->raw, 64, 0); /* c.fsd on rv64imac: the SIGILL Linux userspace hit */
    } else {
      check_fcase(c, 32, ISA_EXT_F, true);
      struct insn in;
      insn_decode_ext(c->raw, 64, fd, &in); /* C.LD/C.SD/C.LDSP/C.SDSP there */
      assert_true(in.op == OP_LD || in.op == OP_SD || in.op == OP_ILLEGAL);
    }
    expect_illegal_ext(c->raw, 32, 0);
  }
}

/* Every F/D operation has a decoder case (test_decode.c leaves them to this file). */
static void test_every_fp_op_has_a_case(void **state) {
  (void)state;
  bool seen[OP_COUNT] = {false};
  for (size_t i = 0; i < sizeof fp_cases / sizeof *fp_cases; i++) seen[fp_cases[i].op] = true;
  unsigned n = 0;
  for (unsigned op = 0; op < OP_COUNT; op++) {
    if (!(op_class((enum op)op) & CLS_FP)) continue;
    n++;
    if (!seen[op]) fail_msg("no decoder case for OP_%s", op_name((enum op)op));
  }
  assert_int_equal(n, 62); /* 4 loads/stores + 30 S + 28 D operations */
}

static void test_decode_fp_reserved(void **state) {
  (void)state;
  const unsigned fd = ISA_EXT_F | ISA_EXT_D | ISA_EXT_MAC;
  static const uint32_t reserved[] = {
      0x00c5d553, /* fadd.s fa0, fa1, fa2 with rm 5 (reserved) */
      0x00c5e553, /* ... rm 6 (reserved) */
      0x6ac5d543, /* fmadd.d with rm 5 */
      0xc005e553, /* fcvt.w.s with rm 6 */
      0x04c58553, /* fadd.h (fmt 2: Zfh, not implemented) */
      0x06c58553, /* fadd.q (fmt 3: Q) */
      0x5817f6d3, /* fsqrt.s with rs2 = 1 */
      0x4007f753, /* fcvt.s.s (FCVT.S.D's slot with rs2 = 0) */
      0x4217f753, /* fcvt.d.d (rs2 = 1) */
      0x20c5b553, /* fsgnj.s funct3 3 */
      0x28c5a553, /* fmin.s funct3 2 */
      0xa0c5b553, /* feq.s funct3 3 */
      0xc0451553, /* fcvt.w.s with rs2 = 4 */
      0xe0178553, /* fmv.x.w with rs2 = 1 */
      0xe007a553, /* fmv.x.w funct3 2 (funct3 1 is fclass) */
      0xf0051553, /* fmv.w.x funct3 1 */
      0x0005c507, /* LOAD-FP funct3 4 (flq) */
      0x00059507, /* LOAD-FP funct3 1 (flh) */
      0x00b5c427, /* STORE-FP funct3 4 (fsq) */
  };
  for (size_t i = 0; i < sizeof reserved / sizeof *reserved; i++) {
    expect_illegal_ext(reserved[i], 32, fd);
    expect_illegal_ext(reserved[i], 64, fd);
  }
}

/* Timing models see FP instructions by kind and register file (isa/insn.h, profiles/timing.h). */
static void test_fp_classes_for_timing_models(void **state) {
  (void)state;
  const unsigned fd = ISA_EXT_F | ISA_EXT_D | ISA_EXT_MAC;
  static const struct {
    uint32_t raw;
    enum fp_kind kind;
  } kinds[] = {
      {0x0085a507, FP_KIND_LOAD},  /* flw fa0, 8(a1) */
      {0x2588, FP_KIND_LOAD},      /* c.fld fa0, 8(a1) */
      {0x81f2b027, FP_KIND_STORE}, /* fsd ft11, -2048(t0) */
      {0x08209053, FP_KIND_ADD},   /* fsub.s ft0, ft1, ft2, rtz */
      {0x1324a453, FP_KIND_MUL},   /* fmul.d fs0, fs1, fs2, rdn */
      {0x185231d3, FP_KIND_DIV},   /* fdiv.s ft3, ft4, ft5, rup */
      {0x5a0746d3, FP_KIND_SQRT},  /* fsqrt.d fa3, fa4, rmm */
      {0xe9efa04f, FP_KIND_FUSED}, /* fnmadd.s f0, f31, f30, f29, rdn */
      {0xa0b52553, FP_KIND_OTHER}, /* feq.s a0, fa0, fa1 */
      {0x00c58533, FP_KIND_NONE},  /* add a0, a1, a2 */
  };
  for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++) {
    struct insn in;
    insn_decode_ext(kinds[i].raw, 64, fd, &in);
    assert_int_equal(insn_fp_kind(&in), kinds[i].kind);
    assert_int_equal((in.cls & CLS_FP) != 0, kinds[i].kind != FP_KIND_NONE);
    assert_int_equal(in.cls & (CLS_LOAD | CLS_STORE), 0); /* not the integer loads/stores */
  }
  struct insn in;
  insn_decode_ext(0xe9efa04f, 64, fd, &in); /* fnmadd.s f0, f31, f30, f29, rdn */
  assert_int_equal(insn_fp_operands(&in), FPO_RD | FPO_RS1 | FPO_RS2 | FPO_RS3);
  assert_true(insn_writes_freg(&in, 0) && insn_reads_freg(&in, 31) && insn_reads_freg(&in, 30) &&
              insn_reads_freg(&in, 29));
  assert_false(insn_reads_reg(&in, 31) || insn_writes_reg(&in, 0) || insn_reads_freg(&in, 1));
  insn_decode_ext(0x0005b507, 64, fd, &in); /* fld fa0, 0(a1): x11 in, f10 out */
  assert_true(insn_reads_reg(&in, 11) && insn_writes_freg(&in, 10));
  assert_false(insn_writes_reg(&in, 10) || insn_reads_freg(&in, 11));
  insn_decode_ext(0x00b5b427, 64, fd, &in); /* fsd fa1, 8(a1): x11 base, f11 data */
  assert_true(insn_reads_reg(&in, 11) && insn_reads_freg(&in, 11));
  insn_decode_ext(0xc0051553, 64, fd, &in); /* fcvt.w.s a0, fa0, rtz: f10 in, x10 out */
  assert_true(insn_writes_reg(&in, 10) && insn_reads_freg(&in, 10));
  assert_false(insn_reads_reg(&in, 10) || insn_writes_freg(&in, 10));
  insn_decode_ext(0xd0057553, 64, fd, &in); /* fcvt.s.w fa0, a0, dyn: x10 in, f10 out */
  assert_true(insn_reads_reg(&in, 10) && insn_writes_freg(&in, 10));
  assert_false(insn_writes_reg(&in, 10));
}

/* --- results and flags, one instruction at a time --- */

/* Operands: a in fa1 and a1, b in fa2, c in fa3; the result is read from fa0 or a0 (whichever
 * the instruction writes; single results NaN-boxed); fflags is cleared before. Values are RV64
 * ones: RV32 keeps the low 32 bits of integer results and operands. */
struct vector {
  uint32_t insn;
  unsigned xlens;
  uint64_t a, b, c;
  unsigned frm; /* for rm = dyn */
  uint64_t expect;
  unsigned flags;
  const char *what;
};

static const struct vector vectors[] = {
    {0x00c58553, XB, S(0x3f800000), S(0x33800000), 0, 0, S(0x3f800000), NX, "fadd.s fa0, fa1, fa2, rne: 1 + 2^-24 (a tie), rne"},
    {0x00c59553, XB, S(0x3f800000), S(0x33800000), 0, 0, S(0x3f800000), NX, "fadd.s fa0, fa1, fa2, rtz: 1 + 2^-24 (a tie), rtz"},
    {0x00c5a553, XB, S(0x3f800000), S(0x33800000), 0, 0, S(0x3f800000), NX, "fadd.s fa0, fa1, fa2, rdn: 1 + 2^-24 (a tie), rdn"},
    {0x00c5b553, XB, S(0x3f800000), S(0x33800000), 0, 0, S(0x3f800001), NX, "fadd.s fa0, fa1, fa2, rup: 1 + 2^-24 (a tie), rup"},
    {0x00c5c553, XB, S(0x3f800000), S(0x33800000), 0, 0, S(0x3f800001), NX, "fadd.s fa0, fa1, fa2, rmm: 1 + 2^-24 (a tie), rmm"},
    {0x00c58553, XB, S(0xbf800000), S(0xb3800000), 0, 0, S(0xbf800000), NX, "fadd.s fa0, fa1, fa2, rne: -1 - 2^-24 (a tie), rne"},
    {0x00c59553, XB, S(0xbf800000), S(0xb3800000), 0, 0, S(0xbf800000), NX, "fadd.s fa0, fa1, fa2, rtz: -1 - 2^-24 (a tie), rtz"},
    {0x00c5a553, XB, S(0xbf800000), S(0xb3800000), 0, 0, S(0xbf800001), NX, "fadd.s fa0, fa1, fa2, rdn: -1 - 2^-24 (a tie), rdn"},
    {0x00c5b553, XB, S(0xbf800000), S(0xb3800000), 0, 0, S(0xbf800000), NX, "fadd.s fa0, fa1, fa2, rup: -1 - 2^-24 (a tie), rup"},
    {0x00c5c553, XB, S(0xbf800000), S(0xb3800000), 0, 0, S(0xbf800001), NX, "fadd.s fa0, fa1, fa2, rmm: -1 - 2^-24 (a tie), rmm"},
    {0x00c58553, XB, S(0x3f800000), S(0x33c00000), 0, 0, S(0x3f800001), NX, "fadd.s fa0, fa1, fa2, rne: 1 + 1.5*2^-24 (above the tie), rne"},
    {0x00c59553, XB, S(0x3f800000), S(0x33c00000), 0, 0, S(0x3f800000), NX, "fadd.s fa0, fa1, fa2, rtz: 1 + 1.5*2^-24 (above the tie), rtz"},
    {0x00c5a553, XB, S(0x3f800000), S(0x33c00000), 0, 0, S(0x3f800000), NX, "fadd.s fa0, fa1, fa2, rdn: 1 + 1.5*2^-24 (above the tie), rdn"},
    {0x00c5b553, XB, S(0x3f800000), S(0x33c00000), 0, 0, S(0x3f800001), NX, "fadd.s fa0, fa1, fa2, rup: 1 + 1.5*2^-24 (above the tie), rup"},
    {0x00c5c553, XB, S(0x3f800000), S(0x33c00000), 0, 0, S(0x3f800001), NX, "fadd.s fa0, fa1, fa2, rmm: 1 + 1.5*2^-24 (above the tie), rmm"},
    {0x00c5f553, XB, S(0x3f800000), S(0x33800000), 0, 0, S(0x3f800000), NX, "fadd.s fa0, fa1, fa2, dyn: 1 + 2^-24, dynamic with frm = 0"},
    {0x00c5f553, XB, S(0x3f800000), S(0x33800000), 0, 1, S(0x3f800000), NX, "fadd.s fa0, fa1, fa2, dyn: 1 + 2^-24, dynamic with frm = 1"},
    {0x00c5f553, XB, S(0x3f800000), S(0x33800000), 0, 2, S(0x3f800000), NX, "fadd.s fa0, fa1, fa2, dyn: 1 + 2^-24, dynamic with frm = 2"},
    {0x00c5f553, XB, S(0x3f800000), S(0x33800000), 0, 3, S(0x3f800001), NX, "fadd.s fa0, fa1, fa2, dyn: 1 + 2^-24, dynamic with frm = 3"},
    {0x00c5f553, XB, S(0x3f800000), S(0x33800000), 0, 4, S(0x3f800001), NX, "fadd.s fa0, fa1, fa2, dyn: 1 + 2^-24, dynamic with frm = 4"},
    {0x02c5c553, XB, 0x3ff0000000000000, 0x3ca0000000000000, 0, 0, 0x3ff0000000000001, NX, "fadd.d fa0, fa1, fa2, rmm: 1 + 2^-53 (a tie), rmm: away from zero"},
    {0x02c58553, XB, 0x3ff0000000000000, 0x3ca0000000000000, 0, 0, 0x3ff0000000000000, NX, "fadd.d fa0, fa1, fa2, rne: 1 + 2^-53 (a tie), rne: to even"},
    {0x02c58553, XB, 0x3ff0000000000000, 0xbff0000000000000, 0, 0, 0x0000000000000000, 0, "fadd.d fa0, fa1, fa2, rne: 1 + -1 = +0"},
    {0x02c5a553, XB, 0x3ff0000000000000, 0xbff0000000000000, 0, 0, 0x8000000000000000, 0, "fadd.d fa0, fa1, fa2, rdn: 1 + -1 = -0 when rounding down"},
    {0x08c5a553, XB, S(0x3f800000), S(0x3f800000), 0, 0, S(0x80000000), 0, "fsub.s fa0, fa1, fa2, rdn: 1 - 1 = -0 when rounding down"},
    {0x00c58553, XB, S(0x80000000), S(0x80000000), 0, 0, S(0x80000000), 0, "fadd.s fa0, fa1, fa2, rne: -0 + -0 = -0"},
    {0x00c58553, XB, S(0x7fc12345), S(0x3f800000), 0, 0, S(0x7fc00000), 0, "fadd.s fa0, fa1, fa2, rne: quiet NaN with payload: canonical NaN, no flag"},
    {0x00c58553, XB, S(0xffc00000), S(0x3f800000), 0, 0, S(0x7fc00000), 0, "fadd.s fa0, fa1, fa2, rne: negative quiet NaN: canonical (positive) NaN"},
    {0x00c58553, XB, S(0x7f800001), S(0x3f800000), 0, 0, S(0x7fc00000), NV, "fadd.s fa0, fa1, fa2, rne: signaling NaN: canonical NaN, invalid"},
    {0x00c58553, XB, S(0x7f800000), S(0xff800000), 0, 0, S(0x7fc00000), NV, "fadd.s fa0, fa1, fa2, rne: inf + -inf: invalid"},
    {0x10c58553, XB, S(0x7f800000), S(0x00000000), 0, 0, S(0x7fc00000), NV, "fmul.s fa0, fa1, fa2, rne: inf * 0: invalid"},
    {0x1ac58553, XB, 0x0000000000000000, 0x0000000000000000, 0, 0, 0x7ff8000000000000, NV, "fdiv.d fa0, fa1, fa2, rne: 0 / 0: invalid"},
    {0x18c58553, XB, S(0x3f800000), S(0x00000000), 0, 0, S(0x7f800000), DZ, "fdiv.s fa0, fa1, fa2, rne: 1 / 0 = inf, divide by zero"},
    {0x18c58553, XB, S(0xbf800000), S(0x00000000), 0, 0, S(0xff800000), DZ, "fdiv.s fa0, fa1, fa2, rne: -1 / +0 = -inf, divide by zero"},
    {0x18c58553, XB, S(0x3f800000), S(0x40400000), 0, 0, S(0x3eaaaaab), NX, "fdiv.s fa0, fa1, fa2, rne: 1 / 3"},
    {0x1ac58553, XB, 0x3ff0000000000000, 0x4008000000000000, 0, 0, 0x3fd5555555555555, NX, "fdiv.d fa0, fa1, fa2, rne: 1 / 3"},
    {0x58058553, XB, S(0x80000000), 0, 0, 0, S(0x80000000), 0, "fsqrt.s fa0, fa1, rne: sqrt(-0) = -0"},
    {0x58058553, XB, S(0xbf800000), 0, 0, 0, S(0x7fc00000), NV, "fsqrt.s fa0, fa1, rne: sqrt(-1): invalid"},
    {0x58058553, XB, S(0x40800000), 0, 0, 0, S(0x40000000), 0, "fsqrt.s fa0, fa1, rne: sqrt(4) = 2 exactly"},
    {0x58058553, XB, S(0x40000000), 0, 0, 0, S(0x3fb504f3), NX, "fsqrt.s fa0, fa1, rne: sqrt(2)"},
    {0x5a058553, XB, 0x4000000000000000, 0, 0, 0, 0x3ff6a09e667f3bcd, NX, "fsqrt.d fa0, fa1, rne: sqrt(2)"},
    {0x5a05a553, XB, 0x4000000000000000, 0, 0, 0, 0x3ff6a09e667f3bcc, NX, "fsqrt.d fa0, fa1, rdn: sqrt(2) rounded down (rne rounded up)"},
    {0x10c58553, XB, S(0x7f7fffff), S(0x40000000), 0, 0, S(0x7f800000), OF|NX, "fmul.s fa0, fa1, fa2, rne: max * 2: overflow to inf"},
    {0x10c59553, XB, S(0x7f7fffff), S(0x40000000), 0, 0, S(0x7f7fffff), OF|NX, "fmul.s fa0, fa1, fa2, rtz: max * 2, rtz: the largest finite"},
    {0x10c5b553, XB, S(0xff7fffff), S(0x40000000), 0, 0, S(0xff7fffff), OF|NX, "fmul.s fa0, fa1, fa2, rup: -max * 2, rup: -max"},
    {0x10c5a553, XB, S(0xff7fffff), S(0x40000000), 0, 0, S(0xff800000), OF|NX, "fmul.s fa0, fa1, fa2, rdn: -max * 2, rdn: -inf"},
    {0x40158553, XB, 0x380ffffff0000000, 0, 0, 0, S(0x00800000), NX, "fcvt.s.d fa0, fa1, rne: 2^-126 - 2^-151 rounds to the smallest normal: not tiny after rounding, no underflow"},
    {0x40159553, XB, 0x380ffffff0000000, 0, 0, 0, S(0x007fffff), UF|NX, "fcvt.s.d fa0, fa1, rtz: the same truncated: tiny and inexact"},
    {0x40158553, XB, 0x3690000000000000, 0, 0, 0, S(0x00000000), UF|NX, "fcvt.s.d fa0, fa1, rne: 2^-150: a tie between 0 and 2^-149, to even"},
    {0x4015b553, XB, 0x3690000000000000, 0, 0, 0, S(0x00000001), UF|NX, "fcvt.s.d fa0, fa1, rup: 2^-150 rounded up: the smallest subnormal"},
    {0x40158553, XB, 0x7e37e43c8800759c, 0, 0, 0, S(0x7f800000), OF|NX, "fcvt.s.d fa0, fa1, rne: 1e300 to single: overflow"},
    {0x4015c553, XB, 0x3ff0000010000000, 0, 0, 0, S(0x3f800001), NX, "fcvt.s.d fa0, fa1, rmm: 1 + 2^-24 to single, rmm"},
    {0x40158553, XB, 0x7ff8000000012345, 0, 0, 0, S(0x7fc00000), 0, "fcvt.s.d fa0, fa1, rne: NaN payloads are not kept"},
    {0x42058553, XB, S(0x7f800001), 0, 0, 0, 0x7ff8000000000000, NV, "fcvt.d.s fa0, fa1: signaling NaN to double: canonical NaN, invalid"},
    {0x42058553, XB, S(0x00000001), 0, 0, 0, 0x36a0000000000000, 0, "fcvt.d.s fa0, fa1: the smallest subnormal single is a normal double"},
    {0x12c58553, XB, 0x0010000000000000, 0x3fe0000000000000, 0, 0, 0x0008000000000000, 0, "fmul.d fa0, fa1, fa2, rne: an exact subnormal result: no underflow flag"},
    {0x6ac58543, XB, 0x3ff0000000000001, 0x3ff0000000000001, 0xbff0000000000002, 0, 0x3970000000000000, 0, "fmadd.d fa0, fa1, fa2, fa3, rne: (1+2^-52)^2 - (1+2^-51) = 2^-104: one rounding"},
    {0x6ac58543, XB, 0x3ff0000000000000, 0x3ff0000000000000, 0xbff0000000000000, 0, 0x0000000000000000, 0, "fmadd.d fa0, fa1, fa2, fa3, rne: 1*1 - 1 = +0"},
    {0x6ac5a543, XB, 0x3ff0000000000000, 0x3ff0000000000000, 0xbff0000000000000, 0, 0x8000000000000000, 0, "fmadd.d fa0, fa1, fa2, fa3, rdn: 1*1 - 1 = -0 rounding down"},
    {0x68c58543, XB, S(0x7f800000), S(0x00000000), S(0x7fc00000), 0, S(0x7fc00000), NV, "fmadd.s fa0, fa1, fa2, fa3, rne: inf * 0 + qNaN: invalid all the same"},
    {0x68c58543, XB, S(0x3f800000), S(0x3f800000), S(0x7fc00000), 0, S(0x7fc00000), 0, "fmadd.s fa0, fa1, fa2, fa3, rne: 1 * 1 + qNaN: no flag"},
    {0x68c58543, XB, S(0x7f800000), S(0x3f800000), S(0xff800000), 0, S(0x7fc00000), NV, "fmadd.s fa0, fa1, fa2, fa3, rne: inf * 1 + -inf: invalid"},
    {0x68c58547, XB, S(0x3f800000), S(0x40000000), S(0x40400000), 0, S(0xbf800000), 0, "fmsub.s fa0, fa1, fa2, fa3, rne: 1*2 - 3"},
    {0x68c5854b, XB, S(0x3f800000), S(0x40000000), S(0x40400000), 0, S(0x3f800000), 0, "fnmsub.s fa0, fa1, fa2, fa3, rne: -(1*2) + 3"},
    {0x68c5854f, XB, S(0x3f800000), S(0x40000000), S(0x40400000), 0, S(0xc0a00000), 0, "fnmadd.s fa0, fa1, fa2, fa3, rne: -(1*2) - 3"},
    {0x6ac5854f, XB, 0x3ff0000000000000, 0x4000000000000000, 0x4008000000000000, 0, 0xc014000000000000, 0, "fnmadd.d fa0, fa1, fa2, fa3, rne: -(1*2) - 3"},
    {0x28c58553, XB, S(0x7fc00000), S(0x3f800000), 0, 0, S(0x3f800000), 0, "fmin.s fa0, fa1, fa2: min(qNaN, 1) = 1, no flag"},
    {0x28c58553, XB, S(0x7f800001), S(0x3f800000), 0, 0, S(0x3f800000), NV, "fmin.s fa0, fa1, fa2: min(sNaN, 1) = 1, invalid"},
    {0x28c59553, XB, S(0x3f800000), S(0x7f800001), 0, 0, S(0x3f800000), NV, "fmax.s fa0, fa1, fa2: max(1, sNaN) = 1, invalid"},
    {0x28c58553, XB, S(0x7fc00001), S(0x7fc00000), 0, 0, S(0x7fc00000), 0, "fmin.s fa0, fa1, fa2: min(qNaN, qNaN): the canonical NaN"},
    {0x2ac59553, XB, 0x7ff0000000000001, 0x7ff0000000000001, 0, 0, 0x7ff8000000000000, NV, "fmax.d fa0, fa1, fa2: max(sNaN, sNaN): canonical NaN, invalid"},
    {0x28c58553, XB, S(0x00000000), S(0x80000000), 0, 0, S(0x80000000), 0, "fmin.s fa0, fa1, fa2: min(+0, -0) = -0"},
    {0x28c59553, XB, S(0x80000000), S(0x00000000), 0, 0, S(0x00000000), 0, "fmax.s fa0, fa1, fa2: max(-0, +0) = +0"},
    {0x2ac58553, XB, 0xbff0000000000000, 0x4000000000000000, 0, 0, 0xbff0000000000000, 0, "fmin.d fa0, fa1, fa2: min(-1, 2)"},
    {0x2ac59553, XB, 0xbff0000000000000, 0x4000000000000000, 0, 0, 0x4000000000000000, 0, "fmax.d fa0, fa1, fa2: max(-1, 2)"},
    {0x20c58553, XB, S(0x3f800000), S(0xc0000000), 0, 0, S(0xbf800000), 0, "fsgnj.s fa0, fa1, fa2: fsgnj(1, -2) = -1"},
    {0x20c59553, XB, S(0x3f800000), S(0xc0000000), 0, 0, S(0x3f800000), 0, "fsgnjn.s fa0, fa1, fa2: fsgnjn(1, -2) = 1"},
    {0x20c5a553, XB, S(0xbf800000), S(0xc0000000), 0, 0, S(0x3f800000), 0, "fsgnjx.s fa0, fa1, fa2: fsgnjx(-1, -2) = 1"},
    {0x22c58553, XB, 0x7ff0000000000001, 0xbff0000000000000, 0, 0, 0xfff0000000000001, 0, "fsgnj.d fa0, fa1, fa2: fsgnj keeps a signaling NaN's payload, no flag"},
    {0xa0c5a553, XB, S(0x7fc00000), S(0x3f800000), 0, 0, 0, 0, "feq.s a0, fa1, fa2: feq(qNaN, 1) = 0 without invalid (quiet)"},
    {0xa0c5a553, XB, S(0x7f800001), S(0x3f800000), 0, 0, 0, NV, "feq.s a0, fa1, fa2: feq(sNaN, 1) = 0, invalid"},
    {0xa0c59553, XB, S(0x7fc00000), S(0x3f800000), 0, 0, 0, NV, "flt.s a0, fa1, fa2: flt(qNaN, 1) = 0, invalid (signaling)"},
    {0xa2c58553, XB, 0x3ff0000000000000, 0x7ff8000000000000, 0, 0, 0, NV, "fle.d a0, fa1, fa2: fle(1, qNaN) = 0, invalid"},
    {0xa0c5a553, XB, S(0x00000000), S(0x80000000), 0, 0, 1, 0, "feq.s a0, fa1, fa2: +0 == -0"},
    {0xa0c59553, XB, S(0x80000000), S(0x00000000), 0, 0, 0, 0, "flt.s a0, fa1, fa2: -0 < +0 is false"},
    {0xa0c58553, XB, S(0x80000000), S(0x00000000), 0, 0, 1, 0, "fle.s a0, fa1, fa2: -0 <= +0"},
    {0xa2c59553, XB, 0xfff0000000000000, 0xffefffffffffffff, 0, 0, 1, 0, "flt.d a0, fa1, fa2: -inf < -max"},
    {0xa2c59553, XB, 0xc000000000000000, 0xbff0000000000000, 0, 0, 1, 0, "flt.d a0, fa1, fa2: -2 < -1"},
    {0xa2c5a553, XB, 0x4000000000000000, 0x4000000000000000, 0, 0, 1, 0, "feq.d a0, fa1, fa2: 2 == 2"},
    {0xe0059553, XB, S(0xff800000), 0, 0, 0, 1, 0, "fclass.s a0, fa1: fclass.s -inf"},
    {0xe0059553, XB, S(0xbf800000), 0, 0, 0, 2, 0, "fclass.s a0, fa1: fclass.s -1"},
    {0xe0059553, XB, S(0x80000001), 0, 0, 0, 4, 0, "fclass.s a0, fa1: fclass.s negative subnormal"},
    {0xe0059553, XB, S(0x80000000), 0, 0, 0, 8, 0, "fclass.s a0, fa1: fclass.s -0"},
    {0xe0059553, XB, S(0x00000000), 0, 0, 0, 0x10ull, 0, "fclass.s a0, fa1: fclass.s +0"},
    {0xe0059553, XB, S(0x00000001), 0, 0, 0, 0x20ull, 0, "fclass.s a0, fa1: fclass.s positive subnormal"},
    {0xe0059553, XB, S(0x3f800000), 0, 0, 0, 0x40ull, 0, "fclass.s a0, fa1: fclass.s 1"},
    {0xe0059553, XB, S(0x7f800000), 0, 0, 0, 0x80ull, 0, "fclass.s a0, fa1: fclass.s +inf"},
    {0xe0059553, XB, S(0x7f800001), 0, 0, 0, 0x100ull, 0, "fclass.s a0, fa1: fclass.s signaling NaN"},
    {0xe0059553, XB, S(0x7fc00000), 0, 0, 0, 0x200ull, 0, "fclass.s a0, fa1: fclass.s quiet NaN"},
    {0xe2059553, XB, 0xfff0000000000000, 0, 0, 0, 1, 0, "fclass.d a0, fa1: fclass.d -inf"},
    {0xe2059553, XB, 0xbff0000000000000, 0, 0, 0, 2, 0, "fclass.d a0, fa1: fclass.d -1"},
    {0xe2059553, XB, 0x8000000000000001, 0, 0, 0, 4, 0, "fclass.d a0, fa1: fclass.d negative subnormal"},
    {0xe2059553, XB, 0x8000000000000000, 0, 0, 0, 8, 0, "fclass.d a0, fa1: fclass.d -0"},
    {0xe2059553, XB, 0x0000000000000000, 0, 0, 0, 0x10ull, 0, "fclass.d a0, fa1: fclass.d +0"},
    {0xe2059553, XB, 0x0000000000000001, 0, 0, 0, 0x20ull, 0, "fclass.d a0, fa1: fclass.d positive subnormal"},
    {0xe2059553, XB, 0x3ff0000000000000, 0, 0, 0, 0x40ull, 0, "fclass.d a0, fa1: fclass.d 1"},
    {0xe2059553, XB, 0x7ff0000000000000, 0, 0, 0, 0x80ull, 0, "fclass.d a0, fa1: fclass.d +inf"},
    {0xe2059553, XB, 0x7ff0000000000001, 0, 0, 0, 0x100ull, 0, "fclass.d a0, fa1: fclass.d signaling NaN"},
    {0xe2059553, XB, 0x7ff8000000000000, 0, 0, 0, 0x200ull, 0, "fclass.d a0, fa1: fclass.d quiet NaN"},
    {0xc0058553, XB, S(0x40200000), 0, 0, 0, 2, NX, "fcvt.w.s a0, fa1, rne: 2.5 rne"},
    {0xc0059553, XB, S(0x40200000), 0, 0, 0, 2, NX, "fcvt.w.s a0, fa1, rtz: 2.5 rtz"},
    {0xc005a553, XB, S(0x40200000), 0, 0, 0, 2, NX, "fcvt.w.s a0, fa1, rdn: 2.5 rdn"},
    {0xc005b553, XB, S(0x40200000), 0, 0, 0, 3, NX, "fcvt.w.s a0, fa1, rup: 2.5 rup"},
    {0xc005c553, XB, S(0x40200000), 0, 0, 0, 3, NX, "fcvt.w.s a0, fa1, rmm: 2.5 rmm"},
    {0xc2058553, XB, 0xc004000000000000, 0, 0, 0, 0xfffffffffffffffeull, NX, "fcvt.w.d a0, fa1, rne: -2.5 rne"},
    {0xc2059553, XB, 0xc004000000000000, 0, 0, 0, 0xfffffffffffffffeull, NX, "fcvt.w.d a0, fa1, rtz: -2.5 rtz"},
    {0xc205a553, XB, 0xc004000000000000, 0, 0, 0, 0xfffffffffffffffdull, NX, "fcvt.w.d a0, fa1, rdn: -2.5 rdn"},
    {0xc205b553, XB, 0xc004000000000000, 0, 0, 0, 0xfffffffffffffffeull, NX, "fcvt.w.d a0, fa1, rup: -2.5 rup"},
    {0xc205c553, XB, 0xc004000000000000, 0, 0, 0, 0xfffffffffffffffdull, NX, "fcvt.w.d a0, fa1, rmm: -2.5 rmm"},
    {0xc0059553, XB, S(0x7fc00000), 0, 0, 0, 0x7fffffffull, NV, "fcvt.w.s a0, fa1, rtz: NaN: the largest int32, invalid"},
    {0xc0059553, XB, S(0xff800000), 0, 0, 0, 0xffffffff80000000ull, NV, "fcvt.w.s a0, fa1, rtz: -inf: INT32_MIN"},
    {0xc0059553, XB, S(0x4f32d05e), 0, 0, 0, 0x7fffffffull, NV, "fcvt.w.s a0, fa1, rtz: 3e9: saturates to INT32_MAX"},
    {0xc2059553, XB, 0xc1e00000001ccccd, 0, 0, 0, 0xffffffff80000000ull, NX, "fcvt.w.d a0, fa1, rtz: -2147483648.9 rtz: fits, inexact"},
    {0xc205a553, XB, 0xc1e00000001ccccd, 0, 0, 0, 0xffffffff80000000ull, NV, "fcvt.w.d a0, fa1, rdn: -2147483648.9 rdn: -2^31-1 does not fit, invalid only"},
    {0xc0159553, XB, S(0xbf800000), 0, 0, 0, 0, NV, "fcvt.wu.s a0, fa1, rtz: -1 to unsigned: 0, invalid"},
    {0xc0159553, XB, S(0xbf000000), 0, 0, 0, 0, NX, "fcvt.wu.s a0, fa1, rtz: -0.5 rtz: 0, only inexact"},
    {0xc015a553, XB, S(0xbf000000), 0, 0, 0, 0, NV, "fcvt.wu.s a0, fa1, rdn: -0.5 rdn: -1, invalid"},
    {0xc0159553, XB, S(0x4f32d05e), 0, 0, 0, 0xffffffffb2d05e00ull, 0, "fcvt.wu.s a0, fa1, rtz: 3e9: exact; sign-extended from 32 bits on RV64"},
    {0xc0159553, XB, S(0x7fc00000), 0, 0, 0, 0xffffffffffffffffull, NV, "fcvt.wu.s a0, fa1, rtz: NaN: UINT32_MAX (sign-extended)"},
    {0xc2159553, XB, 0x41f0000000000000, 0, 0, 0, 0xffffffffffffffffull, NV, "fcvt.wu.d a0, fa1, rtz: 2^32: UINT32_MAX, invalid"},
    {0xc0259553, X64, S(0x7fc00000), 0, 0, 0, 0x7fffffffffffffffull, NV, "fcvt.l.s a0, fa1, rtz: NaN: INT64_MAX"},
    {0xc0359553, X64, S(0xff800000), 0, 0, 0, 0, NV, "fcvt.lu.s a0, fa1, rtz: -inf: 0"},
    {0xc2259553, X64, 0x43e0000000000000, 0, 0, 0, 0x7fffffffffffffffull, NV, "fcvt.l.d a0, fa1, rtz: 2^63: INT64_MAX, invalid"},
    {0xc2259553, X64, 0xc3e0000000000000, 0, 0, 0, 0x8000000000000000ull, 0, "fcvt.l.d a0, fa1, rtz: -2^63: exact"},
    {0xc2359553, X64, 0x43f0000000000000, 0, 0, 0, 0xffffffffffffffffull, NV, "fcvt.lu.d a0, fa1, rtz: 2^64: UINT64_MAX, invalid"},
    {0xc235c553, X64, 0x3fe0000000000000, 0, 0, 0, 1, NX, "fcvt.lu.d a0, fa1, rmm: 0.5 rmm: 1"},
    {0xd0058553, XB, 16777217, 0, 0, 0, S(0x4b800000), NX, "fcvt.s.w fa0, a1, rne: 2^24+1: to even"},
    {0xd005b553, XB, 16777217, 0, 0, 0, S(0x4b800001), NX, "fcvt.s.w fa0, a1, rup: 2^24+1 rounded up"},
    {0xd0058553, XB, 0x100000001ull, 0, 0, 0, S(0x3f800000), 0, "fcvt.s.w fa0, a1, rne: W forms read the low 32 bits of rs1"},
    {0xd0058553, XB, 0xffffffffull, 0, 0, 0, S(0xbf800000), 0, "fcvt.s.w fa0, a1, rne: 0xffffffff as int32: -1"},
    {0xd0158553, XB, 0xffffffffull, 0, 0, 0, S(0x4f800000), NX, "fcvt.s.wu fa0, a1, rne: UINT32_MAX: 2^32"},
    {0xd2158553, XB, 0xffffffffull, 0, 0, 0, 0x41efffffffe00000, 0, "fcvt.d.wu fa0, a1: UINT32_MAX: exact in double"},
    {0xd2058553, XB, 0x80000000ull, 0, 0, 0, 0xc1e0000000000000, 0, "fcvt.d.w fa0, a1: INT32_MIN"},
    {0xd0359553, X64, UINT64_MAX, 0, 0, 0, S(0x5f7fffff), NX, "fcvt.s.lu fa0, a1, rtz: UINT64_MAX rtz"},
    {0xd2258553, X64, 0x8000000000000000ull, 0, 0, 0, 0xc3e0000000000000, 0, "fcvt.d.l fa0, a1, rne: INT64_MIN: exact"},
    {0xd2358553, X64, UINT64_MAX, 0, 0, 0, 0x43f0000000000000, NX, "fcvt.d.lu fa0, a1, rne: UINT64_MAX: 2^64"},
    {0xe0058553, XB, S(0xbf800000), 0, 0, 0, 0xffffffffbf800000ull, 0, "fmv.x.w a0, fa1: fmv.x.w sign-extends bit 31"},
    {0xe0058553, XB, 0x123456783f800000ull, 0, 0, 0, 0x3f800000ull, 0, "fmv.x.w a0, fa1: fmv.x.w moves the low 32 bits, boxed or not"},
    {0xf0058553, XB, 0x12345678bf800000ull, 0, 0, 0, S(0xbf800000), 0, "fmv.w.x fa0, a1: fmv.w.x NaN-boxes the low 32 bits"},
    {0xe2058553, X64, 0x7ff0000000000001, 0, 0, 0, 0x7ff0000000000001ull, 0, "fmv.x.d a0, fa1: fmv.x.d: the bits, no flag"},
    {0xf2058553, X64, 0x7ff0000000000001ull, 0, 0, 0, 0x7ff0000000000001, 0, "fmv.d.x fa0, a1: fmv.d.x: the bits"},
    {0x00c58553, XB, 0x000000003f800000ull, S(0x3f800000), 0, 0, S(0x7fc00000), 0, "fadd.s fa0, fa1, fa2, rne: an unboxed single operand reads as the canonical (quiet) NaN: no invalid"},
    {0x20c59553, XB, 0xfffffffe3f800000ull, S(0x3f800000), 0, 0, S(0xffc00000), 0, "fsgnjn.s fa0, fa1, fa2: fsgnjn of an unboxed value: -canonical NaN"},
    {0xe0059553, XB, 0x7fffffff00000001ull, 0, 0, 0, 0x200ull, 0, "fclass.s a0, fa1: fclass.s of an unboxed value: quiet NaN"},
    {0x42058553, XB, 0x3f80000000000000ull, 0, 0, 0, 0x7ff8000000000000, 0, "fcvt.d.s fa0, fa1: fcvt.d.s of an unboxed value: canonical NaN, no flag"},
    {0xa0c5a553, XB, 0x000000003f800000ull, S(0x3f800000), 0, 0, 0, 0, "feq.s a0, fa1, fa2: feq.s with an unboxed operand: 0, no flag"},
};

static void test_fp_vectors(void **state) {
  (void)state;
  for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
    struct rvpmu_machine *m = fp_machine(xlen);
    struct hart *h = hart0(m);
    for (size_t i = 0; i < sizeof vectors / sizeof *vectors; i++) {
      const struct vector *v = &vectors[i];
      if (!(v->xlens & (xlen == 32 ? X32 : X64))) continue;
      struct insn in;
      insn_decode_ext(v->insn, xlen, ISA_EXT_F | ISA_EXT_D, &in);
      bool to_x = (insn_fp_operands(&in) & FPO_X_RD) != 0;
      h->f[11] = v->a, h->f[12] = v->b, h->f[13] = v->c;
      h->f[10] = 0x5555555555555555ull;
      rvpmu_hart_set_reg(m, 0, UT_A1, v->a);
      rvpmu_hart_set_reg(m, 0, UT_A0, 0x5555555555555555ull);
      h->frm = v->frm;
      h->fflags = 0;
      run1(m, v->insn);
      uint64_t got = to_x ? ut_reg(m, UT_A0) : h->f[10];
      uint64_t want = to_x ? v->expect & xmask(xlen) : v->expect;
      if (got != want || h->fflags != v->flags)
        fail_msg("RV%u %s: got 0x%016llx flags 0x%02x, expected 0x%016llx flags 0x%02x", xlen, v->what,
                 (unsigned long long)got, h->fflags, (unsigned long long)want, v->flags);
    }
    ut_assert_no_trap(m, UT_PRIV_M);
    rvpmu_machine_destroy(m);
  }
}

/* fflags accrue (OR) across instructions; fcsr, frm and fflags are views of one register. */
static void test_fcsr_views(void **state) {
  (void)state;
  for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
    struct rvpmu_machine *m = fp_machine(xlen);
    struct hart *h = hart0(m);
    h->f[11] = S(0x3f800000), h->f[12] = S(0);
    static const uint32_t prog[] = {
        0x00c5f553, /* fadd.s fa0, fa1, fa2, dyn  1 + 0: exact */
        0x18c5f553, /* fdiv.s fa0, fa1, fa2, dyn  1 / 0: DZ */
        0x00359573, /* csrrw a0, fcsr, a1         old fcsr to a0, write a1 */
        0x00202673, /* csrr a2, frm */
        0x001026f3, /* csrr a3, fflags */
        0x00302773, /* csrr a4, fcsr */
    };
    rvpmu_hart_set_reg(m, 0, UT_A1, 0xfffffff5); /* frm 7, fflags NV|OF|NX, bits 31:8 set */
    h->frm = 3;
    run_words(m, prog, 6);
    assert_int_equal(ut_reg(m, UT_A0), 3 << 5 | DZ);
    assert_int_equal(ut_reg(m, UT_A2), 7);                  /* frm holds any 3-bit value */
    assert_int_equal(ut_reg(m, UT_A3), NV | OF | NX);
    assert_int_equal(ut_reg(m, UT_A4), 7 << 5 | NV | OF | NX); /* bits 31:8 read zero */
    ut_assert_no_trap(m, UT_PRIV_M);
    rvpmu_machine_destroy(m);
  }
}

/* A dynamic rounding mode with frm 5, 6 or 7 is an illegal instruction when it executes; a static
 * rm 5/6 always is; an instruction without an rm field does not care about frm. */
static void test_invalid_rounding_mode_traps(void **state) {
  (void)state;
  for (unsigned frm = 5; frm <= 7; frm++) {
    struct rvpmu_machine *m = fp_machine(64);
    hart0(m)->frm = frm;
    run1(m, 0x20c58553); /* fsgnj.s fa0, fa1, fa2: no rm field */
    ut_assert_no_trap(m, UT_PRIV_M);
    static const uint32_t prog[] = {
        0x00500513, /* addi a0, zero, 5   (retires) */
        0x00c5f553, /* fadd.s fa0, fa1, fa2, dyn */
    };
    run_words(m, prog, 2);
    ut_assert_trap(m, UT_CAUSE_ILLEGAL, UT_RAM_BASE + 4, 0x00c5f553);
    assert_int_equal(ut_reg(m, UT_A0), 5);
    rvpmu_machine_destroy(m);
  }
  struct rvpmu_machine *m = fp_machine(32);
  run1(m, 0x00c5d553); /* fadd.s fa0, fa1, fa2 with rm 5 */
  ut_assert_trap(m, UT_CAUSE_ILLEGAL, UT_RAM_BASE, 0x00c5d553);
  rvpmu_machine_destroy(m);
}

/* --- mstatus.FS --- */

/* FS resets to Off; with FS = Off every FP instruction and fcsr access is illegal (mtval = the
 * encoding); the instruction before it in the block retires. */
static void test_fs_off_traps(void **state) {
  (void)state;
  static const uint32_t insns[] = {
      0x02c58553, /* fadd.d fa0, fa1, fa2, rne */
      0x0005b507, /* fld fa0, 0(a1) */
      0x00b5b427, /* fsd fa1, 8(a1) */
      0xe0078553, /* fmv.x.w a0, fa5 */
      0xa0c5a553, /* feq.s a0, fa1, fa2 */
      0x00102573, /* csrr a0, fflags */
      0x00202573, /* csrr a0, frm */
      0x00359073, /* csrw fcsr, a1 */
  };
  for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
    for (size_t i = 0; i < sizeof insns / sizeof *insns; i++) {
      struct rvpmu_machine *m = ut_machine_isa(isa_of(xlen));
      assert_int_equal(fs_of(m), 0);
      ut_trap_to_spin(m);
      rvpmu_hart_set_reg(m, 0, UT_A1, UT_RAM_BASE + 0x1000);
      uint32_t prog[] = {0x00500513 /* addi a0, zero, 5 */, insns[i]};
      run_words(m, prog, 2);
      ut_assert_trap(m, UT_CAUSE_ILLEGAL, UT_RAM_BASE + 4, insns[i]);
      assert_int_equal(ut_reg(m, UT_A0), 5); /* the ADDI before it retired */
      rvpmu_machine_destroy(m);
    }
  }
  /* The compressed FP store that Debian's rv64gc glibc executes early. */
  struct rvpmu_machine *m = ut_machine_isa("rv64imafdc");
  ut_trap_to_spin(m);
  static const uint16_t c_fsd[] = {0xa988 /* c.fsd fa0, 16(a1) */, 0xa001 /* c.j . */};
  rvpmu_hart_set_reg(m, 0, UT_A1, UT_RAM_BASE + 0x1000);
  ut_write_halves(m, UT_RAM_BASE, c_fsd, 2);
  rvpmu_hart_set_pc(m, 0, UT_RAM_BASE);
  ut_run(m, 10);
  ut_assert_trap(m, UT_CAUSE_ILLEGAL, UT_RAM_BASE, 0xa988);
  rvpmu_machine_destroy(m);
}

/* Dirty: set by writes of FP registers and of fflags/frm/fcsr, not by reads or by instructions
 * that only write integer registers without raising flags; SD follows FS = Dirty; sstatus
 * shows both. */
static void test_fs_dirty_tracking(void **state) {
  (void)state;
  static const struct {
    uint32_t insn;
    bool dirties;
    const char *what;
  } cases[] = {
      {0x00b5b427, false, "fsd fa1, 8(a1): reads only"},
      {0xe0078553, false, "fmv.x.w a0, fa5"},
      {0xa0c5a553, false, "feq.s a0, fa1, fa2 (1.0, 1.0): no flag"},
      {0x00202573, false, "csrr a0, frm"},
      {0x0005b507, true, "fld fa0, 0(a1)"},
      {0x00c58553, true, "fadd.s fa0, fa1, fa2, rne"},
      {0xf00507d3, true, "fmv.w.x fa5, a0"},
      {0xa0d59553, true, "flt.s a0, fa1, fa3 (qNaN): raises NV"},
      {0x00159073, true, "csrw fflags, a1"},
      {0x00259073, true, "csrw frm, a1"},
  };
  for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
    const uint64_t sd = xlen == 32 ? MSTATUS_SD32 : MSTATUS_SD64;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
      struct rvpmu_machine *m = fp_machine(xlen);
      struct hart *h = hart0(m);
      h->f[11] = h->f[12] = S(0x3f800000), h->f[13] = S(0x7fc00000);
      rvpmu_hart_set_reg(m, 0, UT_A1, UT_RAM_BASE + 0x1000);
      ut_set_csr(m, CSR_MSTATUS, MSTATUS_FS_CLEAN);
      assert_int_equal(ut_csr(m, CSR_MSTATUS) & (MSTATUS_FS | sd), MSTATUS_FS_CLEAN);
      run1(m, cases[i].insn);
      ut_assert_no_trap(m, UT_PRIV_M);
      uint64_t want = cases[i].dirties ? MSTATUS_FS | sd : MSTATUS_FS_CLEAN;
      if ((ut_csr(m, CSR_MSTATUS) & (MSTATUS_FS | sd)) != want)
        fail_msg("RV%u %s: mstatus 0x%llx", xlen, cases[i].what, (unsigned long long)ut_csr(m, CSR_MSTATUS));
      assert_int_equal(ut_csr(m, CSR_SSTATUS) & (MSTATUS_FS | sd), want);
      rvpmu_machine_destroy(m);
    }
  }
}

/* FS is writable through mstatus and sstatus with F, read-only zero without; fcsr does not exist
 * without F. misa shows F and D; G spells IMAFD. */
static void test_fs_and_misa_by_isa(void **state) {
  (void)state;
  struct rvpmu_machine *m = ut_machine_isa("rv64imac");
  ut_set_csr(m, CSR_MSTATUS, MSTATUS_FS);
  assert_int_equal(ut_csr(m, CSR_MSTATUS) & (MSTATUS_FS | MSTATUS_SD64), 0);
  uint64_t v;
  assert_int_not_equal(rvpmu_csr_read(m, 0, CSR_FCSR, &v), 0);
  assert_int_equal(ut_csr(m, CSR_MISA) & (MISA_F | MISA_D), 0);
  rvpmu_machine_destroy(m);

  m = ut_machine_isa("rv64gc");
  assert_string_equal(rvpmu_machine_isa(m), "rv64imafdc");
  assert_int_equal(ut_csr(m, CSR_MISA), 2ull << 62 | 0x14112d); /* RV64 ACDFIMSU */
  ut_set_csr(m, CSR_SSTATUS, 1ull << MSTATUS_FS_SHIFT);     /* S mode can turn FP on */
  assert_int_equal(ut_csr(m, CSR_MSTATUS) & MSTATUS_FS, MSTATUS_FS_INITIAL);
  assert_int_equal(rvpmu_csr_read(m, 0, CSR_FCSR, &v), 0);
  rvpmu_machine_destroy(m);

  m = ut_machine_isa("rv32imafc");
  assert_int_equal(ut_csr(m, CSR_MISA), 1ull << 30 | 0x141125); /* RV32 ACFIMSU */
  ut_set_csr(m, CSR_MSTATUS, MSTATUS_FS); /* Dirty: SD is bit 31 */
  assert_int_equal(ut_csr(m, CSR_MSTATUS) & (MSTATUS_FS | MSTATUS_SD32), MSTATUS_FS | MSTATUS_SD32);
  ut_trap_to_spin(m);
  run1(m, 0x02c58553); /* fadd.d fa0, fa1, fa2: no D */
  ut_assert_trap(m, UT_CAUSE_ILLEGAL, UT_RAM_BASE, 0x02c58553);
  rvpmu_machine_destroy(m);
}

/* Zfinx 1.0 (without F): F's operations on the integer registers, rd x0 discarded (REG_SINK);
 * no FP loads, stores (also compressed) or moves between register files; no D forms. On
 * CV32E40P with zfinx=on (ZFINX=1): operands and results in x registers, no NaN-boxing, fcsr
 * accessible with mstatus.FS read-only 0, misa without F. */
static void test_zfinx(void **state) {
  (void)state;
  static const struct {
    uint32_t raw;
    enum op op;
    unsigned rd;
  } ok[] = {
      {0x00c5f553, OP_FADD_S, 10},   /* fadd.s a0, a1, a2 */
      {0x00c5f053, OP_FADD_S, SINK}, /* fadd.s zero, a1, a2 */
      {0x18b576d3, OP_FDIV_S, 13},   /* fdiv.s a3, a0, a1 */
      {0xc0057753, OP_FCVT_W_S, 14}, /* fcvt.w.s a4, a0 */
      {0xd0057753, OP_FCVT_S_W, 14}, /* fcvt.s.w a4, a0 */
      {0xe0051753, OP_FCLASS_S, 14}, /* fclass.s a4, a0 */
      {0x60b57543, OP_FMADD_S, 10},  /* fmadd.s a0, a0, a1, a2 */
  };
  for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
    struct insn in;
    insn_decode_ext(ok[i].raw, 32, ISA_EXT_ZFINX, &in);
    if (in.op != ok[i].op || in.rd != ok[i].rd)
      fail_msg("0x%08x with Zfinx: %s rd %u, expected %s rd %u", ok[i].raw, op_name(in.op), in.rd, op_name(ok[i].op),
               ok[i].rd);
  }
  static const uint32_t illegal[] = {
      0xff812107, /* flw f2, -8(sp) */
      0xfe212c27, /* fsw f2, -8(sp) */
      0xe00485d3, /* fmv.x.w a1, f9 */
      0xf00484d3, /* fmv.w.x f9, s1 */
      0x02c58553, /* fadd.d: no D */
      0x6188,     /* c.flw fa0, 0(a1) */
      0xe188,     /* c.fsw fa0, 0(a1) */
  };
  for (size_t i = 0; i < sizeof illegal / sizeof *illegal; i++) expect_illegal_ext(illegal[i], 32, ISA_EXT_ZFINX);

  /* CV32E40P with ZFINX=1 (tb platform: RAM at 0) */
  struct rvpmu_machine *m = ut_machine_core(32, "cv32e40p,fpu=on,zfinx=on");
  assert_string_equal(rvpmu_machine_isa(m), "rv32imc_zfinx");
  assert_int_equal(ut_csr(m, CSR_MISA), 0x40001104); /* RV32 IMC, no F (as the RTL) */
  ut_set_csr(m, CSR_MSTATUS, MSTATUS_FS);
  assert_int_equal(ut_csr(m, CSR_MSTATUS) & MSTATUS_FS, 0); /* read-only 0 */
  static const uint32_t prog[] = {
      0x00c5f553, /* fadd.s a0, a1, a2: 1.5 + 2.25 */
      0x00a7f7d3, /* fadd.s a5, a5, a0: 1.5 + 3.75 */
      0x0080006f, /* j +8 */
      0x00000013, /* nop (skipped) */
      0x0000006f, /* j . */
  };
  ut_write_words(m, 0x1000, prog, sizeof prog / sizeof *prog);
  rvpmu_hart_set_reg(m, 0, UT_A1, 0x3fc00000);
  rvpmu_hart_set_reg(m, 0, UT_A2, 0x40100000);
  rvpmu_hart_set_reg(m, 0, 15, 0x3fc00000);
  rvpmu_hart_set_pc(m, 0, 0x1000);
  ut_run(m, 4);
  assert_int_equal(ut_reg(m, UT_A0), 0x40700000);  /* 3.75 */
  assert_int_equal(ut_reg(m, 15), 0x40a80000);     /* 5.25 */
  assert_int_equal(ut_csr(m, CSR_MSTATUS) & MSTATUS_FS, 0);
  ut_set_csr(m, CSR_FCSR, 0xff);                   /* accessible with FS = 0 */
  assert_int_equal(ut_csr(m, CSR_FCSR), 0xff);
  assert_int_equal(ut_csr(m, CSR_MSTATUS) & MSTATUS_FS, 0);
  rvpmu_machine_destroy(m);
}

/* Cores without F refuse ISA strings with F, D or G. */
static void test_cores_without_f(void **state) {
  (void)state;
  static const struct {
    const char *core, *isa;
  } refused[] = {{"ibex", "rv32imafc"}, {"ibex", "rv32gc"}, {"cv32e40p", "rv32imfc"}, {"generic", "rv64imadc"}};
  for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
    char err[256] = "";
    struct rvpmu_config cfg = {0};
    cfg.core = refused[i].core;
    cfg.isa = refused[i].isa;
    cfg.console = ut_console();
    struct rvpmu_machine *m = rvpmu_machine_create(&cfg, err, sizeof err);
    if (m) fail_msg("core %s accepted %s", refused[i].core, refused[i].isa);
    assert_true(err[0] != '\0');
  }
  /* The generic core's default ISA has no F: FP encodings are illegal. */
  struct rvpmu_machine *m = ut_machine(64);
  ut_trap_to_spin(m);
  run1(m, 0x0005b507); /* fld fa0, 0(a1) */
  ut_assert_trap(m, UT_CAUSE_ILLEGAL, UT_RAM_BASE, 0x0005b507);
  rvpmu_machine_destroy(m);
}

/* --- loads and stores --- */

static void test_fp_loads_and_stores(void **state) {
  (void)state;
  for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
    struct rvpmu_machine *m = fp_machine(xlen);
    struct hart *h = hart0(m);
    const uint64_t data = UT_RAM_BASE + 0x1000;
    ut_write_u64(m, data, 0x400921fb54442d18ull);      /* pi */
    ut_write_u64(m, data + 16, 0x12345678c0490fdbull); /* a single (-pi) in the low word */
    h->f[11] = 0x3ff0000000000000ull;                  /* 1.0 */
    h->f[13] = 0x0badc0de3f800000ull;                  /* not boxed: FSW stores the low word */
    rvpmu_hart_set_reg(m, 0, UT_A1, data);
    static const uint32_t prog[] = {
        0x0005b507, /* fld fa0, 0(a1) */
        0x00b5b427, /* fsd fa1, 8(a1) */
        0x0105a607, /* flw fa2, 16(a1) */
        0x00d5ac27, /* fsw fa3, 24(a1) */
    };
    run_words(m, prog, 4);
    ut_assert_no_trap(m, UT_PRIV_M);
    assert_int_equal(h->f[10], 0x400921fb54442d18ull);
    assert_int_equal(phys_u64(m, data + 8), 0x3ff0000000000000ull);
    assert_int_equal(h->f[12], S(0xc0490fdb)); /* FLW NaN-boxes */
    assert_int_equal(phys_u64(m, data + 24) & 0xffffffffull, 0x3f800000);
    /* Misaligned: the generic core does it in hardware by default: FLD at data + 3 reads bytes
     * 3..10 (the low 5 bytes of 1.0's word above, the first 3 of the next: 0x3ff0 0000 0000
     * 0000 at data + 8); with misaligned=trap it traps (mtval = the address). */
    run1(m, 0x0035b707); /* fld fa4, 3(a1) */
    ut_assert_no_trap(m, UT_PRIV_M);
    assert_int_equal(h->f[14], (phys_u64(m, data) >> 24) | (phys_u64(m, data + 8) << 40));
    rvpmu_machine_destroy(m);
    char core_isa[64];
    snprintf(core_isa, sizeof core_isa, "%s", isa_of(xlen));
    m = ut_machine_config(0, "generic,misaligned=trap", core_isa);
    ut_set_csr(m, CSR_MSTATUS, MSTATUS_FS_INITIAL);
    ut_trap_to_spin(m);
    rvpmu_hart_set_reg(m, 0, UT_A1, data);
    run1(m, 0x0035b707); /* fld fa4, 3(a1) */
    ut_assert_trap(m, UT_CAUSE_LOAD_MISALIGNED, UT_RAM_BASE, data + 3);
    rvpmu_machine_destroy(m);
    m = ut_machine_config(0, "generic,misaligned=trap", core_isa);
    ut_set_csr(m, CSR_MSTATUS, MSTATUS_FS_INITIAL);
    ut_trap_to_spin(m);
    rvpmu_hart_set_reg(m, 0, UT_A1, data);
    run1(m, 0x00e5b227); /* fsd fa4, 4(a1) */
    ut_assert_trap(m, UT_CAUSE_STORE_MISALIGNED, UT_RAM_BASE, data + 4);
    rvpmu_machine_destroy(m);
  }
}

static void test_compressed_fp_loads_and_stores(void **state) {
  (void)state;
  const uint64_t data = UT_RAM_BASE + 0x1000, stack = UT_RAM_BASE + 0x2000;
  /* RV64: C.FLD, C.FSD, C.FLDSP, C.FSDSP. */
  struct rvpmu_machine *m = fp_machine(64);
  struct hart *h = hart0(m);
  ut_write_u64(m, data + 8, 0x4000000000000000ull);
  ut_write_u64(m, stack + 24, 0xc000000000000000ull);
  rvpmu_hart_set_reg(m, 0, UT_A1, data);
  rvpmu_hart_set_reg(m, 0, UT_SP, stack);
  static const uint16_t prog64[] = {
      0x2588, /* c.fld fa0, 8(a1) */
      0xa988, /* c.fsd fa0, 16(a1) */
      0x25e2, /* c.fldsp fa1, 24(sp) */
      0xb02e, /* c.fsdsp fa1, 32(sp) */
      0xa001, /* c.j . */
  };
  ut_write_halves(m, UT_RAM_BASE, prog64, 5);
  rvpmu_hart_set_pc(m, 0, UT_RAM_BASE);
  ut_run(m, 10);
  ut_assert_no_trap(m, UT_PRIV_M);
  assert_int_equal(h->f[10], 0x4000000000000000ull);
  assert_int_equal(phys_u64(m, data + 16), 0x4000000000000000ull);
  assert_int_equal(h->f[11], 0xc000000000000000ull);
  assert_int_equal(phys_u64(m, stack + 32), 0xc000000000000000ull);
  rvpmu_machine_destroy(m);
  /* RV32: C.FLW, C.FSW, C.FLWSP, C.FSWSP, and 64-bit FLD/FSD on a 32-bit hart. */
  m = fp_machine(32);
  h = hart0(m);
  ut_write_u64(m, data, 0x400921fb54442d18ull);
  ut_write_u32(m, data + 4, 0x40490fdb);
  ut_write_u32(m, stack + 12, 0xbf800000);
  rvpmu_hart_set_reg(m, 0, UT_A1, data);
  rvpmu_hart_set_reg(m, 0, UT_SP, stack);
  static const uint16_t prog32[] = {
      0x61c8, /* c.flw fa0, 4(a1) */
      0xe588, /* c.fsw fa0, 8(a1) */
      0x65b2, /* c.flwsp fa1, 12(sp) */
      0xe82e, /* c.fswsp fa1, 16(sp) */
      0x2190, /* c.fld fa2, 0(a1) */
      0xad90, /* c.fsd fa2, 24(a1) */
      0xa001, /* c.j . */
  };
  ut_write_halves(m, UT_RAM_BASE, prog32, 7);
  rvpmu_hart_set_pc(m, 0, UT_RAM_BASE);
  ut_run(m, 10);
  ut_assert_no_trap(m, UT_PRIV_M);
  assert_int_equal(h->f[10], S(0x40490fdb));
  assert_int_equal(phys_u64(m, data + 8) & 0xffffffffull, 0x40490fdb);
  assert_int_equal(h->f[11], S(0xbf800000));
  assert_int_equal(phys_u64(m, stack + 16) & 0xffffffffull, 0xbf800000);
  assert_int_equal(h->f[12], 0x40490fdb54442d18ull); /* the word at data + 4 was overwritten */
  assert_int_equal(phys_u64(m, data + 24), 0x40490fdb54442d18ull);
  rvpmu_machine_destroy(m);
}

/* FP instructions retire like any other; FP loads are not the integer "loads" event. */
static void test_fp_instructions_count(void **state) {
  (void)state;
  struct rvpmu_machine *m = fp_machine(64);
  assert_int_equal(rvpmu_watch(m, "loads"), 0);
  rvpmu_hart_set_reg(m, 0, UT_A1, UT_RAM_BASE + 0x1000);
  static const uint32_t prog[] = {
      0x0005b507, /* fld fa0, 0(a1) */
      0x02c58553, /* fadd.d fa0, fa1, fa2, rne */
      0x00b5b427, /* fsd fa1, 8(a1) */
      0x0005b603, /* ld a2, 0(a1) */
  };
  run_words(m, prog, 4);
  uint64_t loads = 0;
  assert_int_equal(rvpmu_event_total(m, 0, "loads", &loads), 0);
  assert_int_equal(loads, 1);
  assert_true(ut_csr(m, 0xb02 /* minstret */) >= 4);
  rvpmu_machine_destroy(m);
}

/* --- the arithmetic directly --- */

static void test_softfloat_edges(void **state) {
  (void)state;
  unsigned fl = 0;
  /* Sticky bits through alignment: 1 - 2^-60 rounds to 1 (RNE, RUP) or to 1 - 2^-53 (RTZ, RDN). */
  uint64_t tiny = 0x3c30000000000000ull; /* 2^-60 */
  assert_int_equal(sf_add(SF_D, 0x3ff0000000000000ull, tiny, true, SF_RNE, &fl), 0x3ff0000000000000ull);
  assert_int_equal(sf_add(SF_D, 0x3ff0000000000000ull, tiny, true, SF_RTZ, &fl), 0x3fefffffffffffffull);
  assert_int_equal(fl, NX);
  /* Massive cancellation is exact: (1 + 2^-52) - 1 = 2^-52. */
  fl = 0;
  assert_int_equal(sf_add(SF_D, 0x3ff0000000000001ull, 0x3ff0000000000000ull, true, SF_RNE, &fl),
                   0x3cb0000000000000ull);
  assert_int_equal(fl, 0);
  /* Subnormal arithmetic: min_subnormal / 2 is a tie to even (0), underflows. */
  fl = 0;
  assert_int_equal(sf_mul(SF_S, 1, 0x3f000000, SF_RNE, &fl), 0);
  assert_int_equal(fl, UF | NX);
  fl = 0;
  assert_int_equal(sf_mul(SF_S, 3, 0x3f000000, SF_RNE, &fl), 2); /* 1.5 ulp: to even */
  /* sqrt of the largest double and of a subnormal. */
  fl = 0;
  assert_int_equal(sf_sqrt(SF_D, 0x7fefffffffffffffull, SF_RNE, &fl), 0x5fefffffffffffffull);
  assert_int_equal(fl, NX);
  fl = 0;
  assert_int_equal(sf_sqrt(SF_D, 0x0000000000000001ull, SF_RNE, &fl), 0x1e60000000000000ull); /* 2^-537 */
  assert_int_equal(fl, 0);
  /* Integer conversions at the limits. */
  fl = 0;
  assert_int_equal(sf_to_int(SF_D, 0xc1e0000000000000ull, true, 32, SF_RNE, &fl), 0x80000000ull); /* -2^31 */
  assert_int_equal(sf_to_int(SF_S, 0x4f000000, true, 32, SF_RNE, &fl), 0x7fffffff); /* 2^31 */
  assert_int_equal(fl, NV);
  fl = 0;
  assert_int_equal(sf_from_int(SF_S, 0x8000000000000000ull, true, 64, SF_RNE, &fl), 0xdf000000);
  assert_int_equal(sf_from_int(SF_D, 0xffffffffffffffffull, true, 64, SF_RNE, &fl), 0xbff0000000000000ull);
  assert_int_equal(fl, 0);
  /* FMA whose exact result underflows after cancellation. */
  fl = 0;
  assert_int_equal(sf_muladd(SF_S, 0x00800001, 0x3f800000, 0x80800000, false, false, SF_RNE, &fl), 1);
  assert_int_equal(fl, 0); /* exact subnormal: no underflow flag */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_decode_fp),
      cmocka_unit_test(test_every_fp_op_has_a_case),
      cmocka_unit_test(test_decode_fp_reserved),
      cmocka_unit_test(test_fp_classes_for_timing_models),
      cmocka_unit_test(test_fp_vectors),
      cmocka_unit_test(test_fcsr_views),
      cmocka_unit_test(test_invalid_rounding_mode_traps),
      cmocka_unit_test(test_fs_off_traps),
      cmocka_unit_test(test_fs_dirty_tracking),
      cmocka_unit_test(test_fs_and_misa_by_isa),
      cmocka_unit_test(test_cores_without_f),
      cmocka_unit_test(test_zfinx),
      cmocka_unit_test(test_fp_loads_and_stores),
      cmocka_unit_test(test_compressed_fp_loads_and_stores),
      cmocka_unit_test(test_fp_instructions_count),
      cmocka_unit_test(test_softfloat_edges),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
