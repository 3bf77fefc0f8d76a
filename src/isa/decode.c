/* Instruction decoder: RV32/RV64 I, Zicsr, Zifencei into struct insn, and the optional
 * extensions of enum isa_ext (M, A, C, Zba, Zbb, Zbc, Zbs, Zicond, Zicbom, Zicboz, F, D, scalar
 * crypto: isa/decode_crypto.c) when enabled.
 * Compressed encodings expand to their base operation (RISC-V unprivileged spec, ch. "C"). */
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "isa/decode_crypto.h"
#include "isa/insn.h"

static const char *const op_names[OP_COUNT] = {
#define OP(name, cls) [OP_##name] = #name,
#include "isa/ops.def"
#undef OP
};

static const unsigned op_classes[OP_COUNT] = {
#define OP(name, cls) [OP_##name] = (cls),
#include "isa/ops.def"
#undef OP
};

const char *op_name(enum op op) { return op < OP_COUNT ? op_names[op] : "?"; }
unsigned op_class(enum op op) { return op < OP_COUNT ? op_classes[op] : 0; }

static inline uint32_t bits(uint32_t v, int hi, int lo) { return (v >> lo) & ((1u << (hi - lo + 1)) - 1); }
static inline int32_t sext(uint32_t v, int width) { return (int32_t)(v << (32 - width)) >> (32 - width); }

static void set(struct insn *in, enum op op, unsigned rd, unsigned rs1, unsigned rs2, int32_t imm) {
  in->op = (uint8_t)op;
  in->disp = (uint8_t)op_dispatch(op);
  in->rd = (uint8_t)(rd == 0 ? REG_SINK : rd);
  in->rs1 = (uint8_t)rs1;
  in->rs2 = (uint8_t)rs2;
  in->imm = imm;
  in->cls = (uint16_t)op_classes[op];
}

static void illegal(struct insn *in) { set(in, OP_ILLEGAL, 0, 0, 0, 0); }

/* Immediates of the 32-bit formats. */
static int32_t imm_i(uint32_t r) { return (int32_t)r >> 20; }
static int32_t imm_s(uint32_t r) { return sext(bits(r, 31, 25) << 5 | bits(r, 11, 7), 12); }
static int32_t imm_b(uint32_t r) {
  return sext(bits(r, 31, 31) << 12 | bits(r, 7, 7) << 11 | bits(r, 30, 25) << 5 | bits(r, 11, 8) << 1, 13);
}
static int32_t imm_u(uint32_t r) { return (int32_t)(r & 0xfffff000u); }
static int32_t imm_j(uint32_t r) {
  return sext(bits(r, 31, 31) << 20 | bits(r, 19, 12) << 12 | bits(r, 20, 20) << 11 | bits(r, 30, 21) << 1, 21);
}

/* Bit-manipulation OP-IMM encodings (funct3 1 or 5); OP_ILLEGAL if none. The unary ones (CLZ,
 * CTZ, CPOP, SEXT.B, SEXT.H, ORC.B, REV8) are selected by the whole imm[11:0]; the others by
 * funct6 (imm[11:6]), whose low bit is shamt[5] on RV64 and must be 0 on RV32. */
static enum op bitmanip_op_imm(uint32_t r, unsigned xlen, unsigned ext) {
  unsigned f3 = bits(r, 14, 12), f6 = bits(r, 31, 26), imm12 = bits(r, 31, 20);
  bool zbb = ext & ISA_EXT_ZBB, zbs = ext & ISA_EXT_ZBS, zbb_k = ext & (ISA_EXT_ZBB | ISA_EXT_ZBKB);
  if (xlen == 32 && bits(r, 25, 25)) return OP_ILLEGAL;
  if (f3 == 1) {
    if (zbb && (imm12 & ~7u) == 0x600) {
      static const enum op unary[8] = {OP_CLZ, OP_CTZ, OP_CPOP, OP_ILLEGAL, OP_SEXT_B, OP_SEXT_H, OP_ILLEGAL, OP_ILLEGAL};
      return unary[imm12 & 7];
    }
    if (f6 == 0x12 && zbs) return OP_BCLRI;
    if (f6 == 0x1a && zbs) return OP_BINVI;
    if (f6 == 0x0a && zbs) return OP_BSETI;
  } else {
    if (imm12 == 0x287 && zbb) return OP_ORC_B;
    if (imm12 == (xlen == 64 ? 0x6b8u : 0x698u) && zbb_k) return OP_REV8;
    if (f6 == 0x18 && zbb_k) return OP_RORI;
    if (f6 == 0x12 && zbs) return OP_BEXTI;
  }
  return OP_ILLEGAL;
}

static void decode_op_imm(uint32_t r, unsigned xlen, unsigned ext, struct insn *in, unsigned rd, unsigned rs1) {
  unsigned f3 = bits(r, 14, 12), shamt_bits = xlen == 64 ? 6 : 5;
  uint32_t shamt = bits(r, 19 + shamt_bits, 20) & ((1u << shamt_bits) - 1);
  uint32_t top = bits(r, 31, 20 + shamt_bits);
  if ((f3 == 1 || f3 == 5) && top != 0 && !(f3 == 5 && top == (xlen == 64 ? 0x10u : 0x20u)) && ext) {
    enum op op = bitmanip_op_imm(r, xlen, ext);
    int32_t cimm;
    if (op == OP_ILLEGAL && (op = crypto_decode(r, xlen, ext, &cimm)) != OP_ILLEGAL)
      return set(in, op, rd, rs1, 0, cimm);
    if (op == OP_ILLEGAL) return illegal(in);
    /* The shift-amount and bit-index forms keep it in imm; the unary forms have none. */
    bool unary = op == OP_CLZ || op == OP_CTZ || op == OP_CPOP || op == OP_SEXT_B || op == OP_SEXT_H ||
                 op == OP_ORC_B || op == OP_REV8;
    return set(in, op, rd, rs1, 0, unary ? 0 : (int32_t)shamt);
  }
  switch (f3) {
    case 0: set(in, OP_ADDI, rd, rs1, 0, imm_i(r)); return;
    case 2: set(in, OP_SLTI, rd, rs1, 0, imm_i(r)); return;
    case 3: set(in, OP_SLTIU, rd, rs1, 0, imm_i(r)); return;
    case 4: set(in, OP_XORI, rd, rs1, 0, imm_i(r)); return;
    case 6: set(in, OP_ORI, rd, rs1, 0, imm_i(r)); return;
    case 7: set(in, OP_ANDI, rd, rs1, 0, imm_i(r)); return;
    case 1:
      if (top != 0) break;
      set(in, OP_SLLI, rd, rs1, 0, (int32_t)shamt);
      return;
    case 5:
      if (top == 0) set(in, OP_SRLI, rd, rs1, 0, (int32_t)shamt);
      else if (top == (xlen == 64 ? 0x10u : 0x20u)) set(in, OP_SRAI, rd, rs1, 0, (int32_t)shamt);
      else break;
      return;
  }
  illegal(in);
}

/* Bit-manipulation and Zicond OP encodings (funct7 other than 0 and 1); OP_ILLEGAL if none.
 * ZEXT.H has this encoding on RV32 only (RV64's is in OP-32). Zbkb and Zbkc have the rotates,
 * the inverted logic operations, CLMUL and CLMULH of Zbb and Zbc. */
static enum op bitmanip_op(uint32_t r, unsigned xlen, unsigned ext) {
  unsigned f3 = bits(r, 14, 12), f7 = bits(r, 31, 25);
  bool zba = ext & ISA_EXT_ZBA, zbb = ext & ISA_EXT_ZBB, zbc = ext & ISA_EXT_ZBC, zbs = ext & ISA_EXT_ZBS;
  bool zbb_k = ext & (ISA_EXT_ZBB | ISA_EXT_ZBKB), zbc_k = ext & (ISA_EXT_ZBC | ISA_EXT_ZBKC);
  switch (f7) {
    case 0x10:
      if (zba && (f3 == 2 || f3 == 4 || f3 == 6)) return f3 == 2 ? OP_SH1ADD : f3 == 4 ? OP_SH2ADD : OP_SH3ADD;
      break;
    case 0x20:
      if (zbb_k && (f3 == 4 || f3 == 6 || f3 == 7)) return f3 == 4 ? OP_XNOR : f3 == 6 ? OP_ORN : OP_ANDN;
      break;
    case 0x05: {
      static const enum op ops[8] = {OP_ILLEGAL, OP_CLMUL, OP_CLMULR, OP_CLMULH, OP_MIN, OP_MINU, OP_MAX, OP_MAXU};
      if (f3 >= 4 ? zbb : ((f3 == 2 && zbc) || ((f3 == 1 || f3 == 3) && zbc_k))) return ops[f3];
      break;
    }
    case 0x04:
      if (zbb && xlen == 32 && f3 == 4 && bits(r, 24, 20) == 0) return OP_ZEXT_H;
      break;
    case 0x07:
      if ((ext & ISA_EXT_ZICOND) && (f3 == 5 || f3 == 7)) return f3 == 5 ? OP_CZERO_EQZ : OP_CZERO_NEZ;
      break;
    case 0x30:
      if (zbb_k && (f3 == 1 || f3 == 5)) return f3 == 1 ? OP_ROL : OP_ROR;
      break;
    case 0x24:
      if (zbs && (f3 == 1 || f3 == 5)) return f3 == 1 ? OP_BCLR : OP_BEXT;
      break;
    case 0x34:
      if (zbs && f3 == 1) return OP_BINV;
      break;
    case 0x14:
      if (zbs && f3 == 1) return OP_BSET;
      break;
  }
  return OP_ILLEGAL;
}

static void decode_op(uint32_t r, unsigned xlen, unsigned ext, struct insn *in, unsigned rd, unsigned rs1,
                      unsigned rs2) {
  unsigned f3 = bits(r, 14, 12), f7 = bits(r, 31, 25);
  static const enum op base[8] = {OP_ADD, OP_SLL, OP_SLT, OP_SLTU, OP_XOR, OP_SRL, OP_OR, OP_AND};
  static const enum op mext[8] = {OP_MUL, OP_MULH, OP_MULHSU, OP_MULHU, OP_DIV, OP_DIVU, OP_REM, OP_REMU};
  int32_t cimm;
  enum op op;
  if (f7 == 0) set(in, base[f3], rd, rs1, rs2, 0);
  else if (f7 == 1 && (ext & ISA_EXT_M)) set(in, mext[f3], rd, rs1, rs2, 0);
  else if (f7 == 0x20 && f3 == 0) set(in, OP_SUB, rd, rs1, rs2, 0);
  else if (f7 == 0x20 && f3 == 5) set(in, OP_SRA, rd, rs1, rs2, 0);
  else if ((op = bitmanip_op(r, xlen, ext)) != OP_ILLEGAL) set(in, op, rd, rs1, rs2, 0);
  else if ((op = crypto_decode(r, xlen, ext, &cimm)) != OP_ILLEGAL) set(in, op, rd, rs1, rs2, cimm);
  else illegal(in);
}

/* RV64 bit manipulation in OP-32: ADD.UW, SHnADD.UW, ZEXT.H, ROLW, RORW; OP_ILLEGAL if none. */
static enum op bitmanip_op_32(uint32_t r, unsigned ext) {
  unsigned f3 = bits(r, 14, 12), f7 = bits(r, 31, 25);
  bool zba = ext & ISA_EXT_ZBA, zbb = ext & ISA_EXT_ZBB, zbb_k = ext & (ISA_EXT_ZBB | ISA_EXT_ZBKB);
  if (f7 == 0x04 && f3 == 0 && zba) return OP_ADD_UW;
  if (f7 == 0x04 && f3 == 4 && zbb && bits(r, 24, 20) == 0) return OP_ZEXT_H;
  if (f7 == 0x10 && zba && (f3 == 2 || f3 == 4 || f3 == 6))
    return f3 == 2 ? OP_SH1ADD_UW : f3 == 4 ? OP_SH2ADD_UW : OP_SH3ADD_UW;
  if (f7 == 0x30 && zbb_k && (f3 == 1 || f3 == 5)) return f3 == 1 ? OP_ROLW : OP_RORW;
  return OP_ILLEGAL;
}

/* RV64 bit manipulation in OP-IMM-32: SLLI.UW, CLZW, CTZW, CPOPW, RORIW; OP_ILLEGAL if none. */
static enum op bitmanip_op_imm_32(uint32_t r, unsigned ext) {
  unsigned f3 = bits(r, 14, 12), imm12 = bits(r, 31, 20);
  bool zba = ext & ISA_EXT_ZBA, zbb = ext & ISA_EXT_ZBB, zbb_k = ext & (ISA_EXT_ZBB | ISA_EXT_ZBKB);
  if (f3 == 1 && bits(r, 31, 26) == 0x02 && zba) return OP_SLLI_UW;
  if (f3 == 1 && zbb && imm12 >= 0x600 && imm12 <= 0x602) return imm12 == 0x600 ? OP_CLZW : imm12 == 0x601 ? OP_CTZW : OP_CPOPW;
  if (f3 == 5 && bits(r, 31, 25) == 0x30 && zbb_k) return OP_RORIW;
  return OP_ILLEGAL;
}

static void decode_op_32(uint32_t r, unsigned ext, struct insn *in, unsigned rd, unsigned rs1, unsigned rs2) {
  unsigned f3 = bits(r, 14, 12), f7 = bits(r, 31, 25);
  enum op op = OP_ILLEGAL;
  int32_t cimm;
  if ((op = bitmanip_op_32(r, ext)) != OP_ILLEGAL) return set(in, op, rd, rs1, rs2, 0);
  if ((op = crypto_decode(r, 64, ext, &cimm)) != OP_ILLEGAL) return set(in, op, rd, rs1, rs2, cimm);
  if (f7 == 0) op = f3 == 0 ? OP_ADDW : f3 == 1 ? OP_SLLW : f3 == 5 ? OP_SRLW : OP_ILLEGAL;
  else if (f7 == 0x20) op = f3 == 0 ? OP_SUBW : f3 == 5 ? OP_SRAW : OP_ILLEGAL;
  else if (f7 == 1 && (ext & ISA_EXT_M)) {
    static const enum op m[8] = {OP_MULW, OP_ILLEGAL, OP_ILLEGAL, OP_ILLEGAL, OP_DIVW, OP_DIVUW, OP_REMW, OP_REMUW};
    op = m[f3];
  }
  if (op == OP_ILLEGAL) illegal(in);
  else set(in, op, rd, rs1, rs2, 0);
}

static void decode_system(uint32_t r, struct insn *in, unsigned rd, unsigned rs1) {
  unsigned f3 = bits(r, 14, 12);
  static const enum op csr_ops[8] = {OP_ILLEGAL, OP_CSRRW, OP_CSRRS, OP_CSRRC, OP_ILLEGAL, OP_CSRRWI, OP_CSRRSI, OP_CSRRCI};
  if (f3 != 0) {
    if (csr_ops[f3] == OP_ILLEGAL) return illegal(in);
    /* rd keeps x0 as 0 here: the CSR handler needs to know whether rd was x0 (for CSRRW side
     * effects no read happens), and writes go through a helper that drops x0. */
    set(in, csr_ops[f3], rd, rs1, 0, (int32_t)bits(r, 31, 20));
    in->rd = (uint8_t)rd;
    return;
  }
  if (rd != 0) return illegal(in);
  uint32_t f12 = bits(r, 31, 20);
  if (bits(r, 31, 25) == 0x09) return set(in, OP_SFENCE_VMA, 0, rs1, bits(r, 24, 20), 0);
  if (rs1 != 0) return illegal(in);
  switch (f12) {
    case 0x000: set(in, OP_ECALL, 0, 0, 0, 0); return;
    case 0x001: set(in, OP_EBREAK, 0, 0, 0, 0); return;
    case 0x302: set(in, OP_MRET, 0, 0, 0, 0); return;
    case 0x102: set(in, OP_SRET, 0, 0, 0, 0); return;
    case 0x105: set(in, OP_WFI, 0, 0, 0, 0); return;
  }
  illegal(in);
}

static void decode_amo(uint32_t r, unsigned xlen, unsigned ext, struct insn *in, unsigned rd, unsigned rs1,
                       unsigned rs2) {
  unsigned f3 = bits(r, 14, 12), f5 = bits(r, 31, 27);
  if (!(ext & ISA_EXT_A) || (f3 != 2 && !(f3 == 3 && xlen == 64))) return illegal(in);
  switch (f5) {
    case 0x00: case 0x01: case 0x04: case 0x08: case 0x0c: case 0x10: case 0x14: case 0x18: case 0x1c:
      break;
    case 0x02: /* LR requires rs2 == 0 */
      if (rs2 != 0) return illegal(in);
      break;
    case 0x03:
      break;
    default:
      return illegal(in);
  }
  set(in, f3 == 2 ? OP_AMO_W : OP_AMO_D, rd, rs1, rs2, (int32_t)f5);
}

/* An F/D operation whose destination is an FP register: rd keeps the number (f0 is a register
 * like any other; no REG_SINK). */
static void set_fp(struct insn *in, enum op op, unsigned rd, unsigned rs1, unsigned rs2, int32_t imm) {
  set(in, op, rd, rs1, rs2, imm);
  in->rd = (uint8_t)rd;
}

/* F and D (unprivileged spec ch. "F", "D"): LOAD-FP, STORE-FP, the four fused multiply-add
 * opcodes and OP-FP, when `ext` has ISA_EXT_F (and ISA_EXT_D for the D forms). Operations with
 * an rm field keep imm = rm | rs3 << 3; the reserved rm values 5 and 6 are illegal here, the
 * dynamic 7 is checked against frm when it executes. Formats H and Q do not exist. */
static void decode_fp(uint32_t r, unsigned xlen, unsigned ext, struct insn *in) {
  unsigned rd = bits(r, 11, 7), rs1 = bits(r, 19, 15), rs2 = bits(r, 24, 20), f3 = bits(r, 14, 12);
  unsigned opcode = bits(r, 6, 0), f5 = bits(r, 31, 27);
  bool d = (ext & ISA_EXT_D) != 0, rm_ok = f3 != 5 && f3 != 6;
  /* Zfinx (without F): the same operations on the integer registers (rd x0 is REG_SINK);
   * loads, stores and moves between the register files do not exist (Zfinx 1.0). */
  bool zfinx = !(ext & ISA_EXT_F) && (ext & ISA_EXT_ZFINX) && !d;
  if (!(ext & ISA_EXT_F) && !zfinx) return illegal(in);
  if (zfinx && (opcode == 0x07 || opcode == 0x27 || ((f5 == 0x1c || f5 == 0x1e) && opcode == 0x53 && f3 == 0)))
    return illegal(in);
  if (zfinx) { /* every destination is an integer register */
    decode_fp(r, xlen, (ext & ~ISA_EXT_ZFINX) | ISA_EXT_F, in);
    if (in->op != OP_ILLEGAL) set(in, (enum op)in->op, rd, in->rs1, in->rs2, in->imm);
    return;
  }
  if (opcode == 0x07 || opcode == 0x27) { /* FLW, FLD, FSW, FSD */
    if (f3 != 2 && !(f3 == 3 && d)) return illegal(in);
    if (opcode == 0x07) return set_fp(in, f3 == 2 ? OP_FLW : OP_FLD, rd, rs1, 0, imm_i(r));
    return set(in, f3 == 2 ? OP_FSW : OP_FSD, 0, rs1, rs2, imm_s(r));
  }
  unsigned fmt = bits(r, 26, 25); /* 0 S, 1 D (2 H, 3 Q: not implemented) */
  if (fmt > 1 || (fmt == 1 && !d)) return illegal(in);
  bool dbl = fmt == 1;
  int32_t rm = (int32_t)f3;
  if (opcode != 0x53) { /* 0x43 FMADD, 0x47 FMSUB, 0x4b FNMSUB, 0x4f FNMADD */
    static const enum op fma[2][4] = {{OP_FMADD_S, OP_FMSUB_S, OP_FNMSUB_S, OP_FNMADD_S},
                                      {OP_FMADD_D, OP_FMSUB_D, OP_FNMSUB_D, OP_FNMADD_D}};
    if (!rm_ok) return illegal(in);
    return set_fp(in, fma[dbl][(opcode >> 2) & 3], rd, rs1, rs2, (int32_t)(f3 | f5 << 3));
  }
  switch (f5) { /* funct7 = f5 << 2 | fmt */
    case 0x00: case 0x01: case 0x02: case 0x03: {
      static const enum op arith[2][4] = {{OP_FADD_S, OP_FSUB_S, OP_FMUL_S, OP_FDIV_S},
                                          {OP_FADD_D, OP_FSUB_D, OP_FMUL_D, OP_FDIV_D}};
      if (!rm_ok) break;
      return set_fp(in, arith[dbl][f5], rd, rs1, rs2, rm);
    }
    case 0x0b:
      if (rs2 != 0 || !rm_ok) break;
      return set_fp(in, dbl ? OP_FSQRT_D : OP_FSQRT_S, rd, rs1, 0, rm);
    case 0x04: {
      static const enum op sgnj[2][3] = {{OP_FSGNJ_S, OP_FSGNJN_S, OP_FSGNJX_S}, {OP_FSGNJ_D, OP_FSGNJN_D, OP_FSGNJX_D}};
      if (f3 > 2) break;
      return set_fp(in, sgnj[dbl][f3], rd, rs1, rs2, 0);
    }
    case 0x05:
      if (f3 > 1) break;
      return set_fp(in, dbl ? (f3 ? OP_FMAX_D : OP_FMIN_D) : (f3 ? OP_FMAX_S : OP_FMIN_S), rd, rs1, rs2, 0);
    case 0x08: /* FCVT.S.D (fmt S, rs2 1 = from D), FCVT.D.S (fmt D, rs2 0 = from S) */
      if (!d || rs2 != (dbl ? 0u : 1u) || !rm_ok) break;
      return set_fp(in, dbl ? OP_FCVT_D_S : OP_FCVT_S_D, rd, rs1, 0, rm);
    case 0x14: {
      static const enum op cmp[2][3] = {{OP_FLE_S, OP_FLT_S, OP_FEQ_S}, {OP_FLE_D, OP_FLT_D, OP_FEQ_D}};
      if (f3 > 2) break;
      return set(in, cmp[dbl][f3], rd, rs1, rs2, 0);
    }
    case 0x18: { /* FCVT.{W,WU,L,LU}.fmt: rs2 selects the integer type */
      static const enum op to_int[2][4] = {{OP_FCVT_W_S, OP_FCVT_WU_S, OP_FCVT_L_S, OP_FCVT_LU_S},
                                           {OP_FCVT_W_D, OP_FCVT_WU_D, OP_FCVT_L_D, OP_FCVT_LU_D}};
      if (rs2 > 3 || (rs2 > 1 && xlen != 64) || !rm_ok) break;
      return set(in, to_int[dbl][rs2], rd, rs1, 0, rm);
    }
    case 0x1a: {
      static const enum op from_int[2][4] = {{OP_FCVT_S_W, OP_FCVT_S_WU, OP_FCVT_S_L, OP_FCVT_S_LU},
                                             {OP_FCVT_D_W, OP_FCVT_D_WU, OP_FCVT_D_L, OP_FCVT_D_LU}};
      if (rs2 > 3 || (rs2 > 1 && xlen != 64) || !rm_ok) break;
      return set_fp(in, from_int[dbl][rs2], rd, rs1, 0, rm);
    }
    case 0x1c: /* FMV.X.W, FMV.X.D (funct3 0; .D on RV64 only), FCLASS (funct3 1) */
      if (rs2 != 0) break;
      if (f3 == 0 && !(dbl && xlen != 64)) return set(in, dbl ? OP_FMV_X_D : OP_FMV_X_W, rd, rs1, 0, 0);
      if (f3 == 1) return set(in, dbl ? OP_FCLASS_D : OP_FCLASS_S, rd, rs1, 0, 0);
      break;
    case 0x1e: /* FMV.W.X, FMV.D.X (RV64 only) */
      if (rs2 != 0 || f3 != 0 || (dbl && xlen != 64)) break;
      return set_fp(in, dbl ? OP_FMV_D_X : OP_FMV_W_X, rd, rs1, 0, 0);
  }
  illegal(in);
}

static void decode32(uint32_t r, unsigned xlen, unsigned ext, struct insn *in) {
  unsigned rd = bits(r, 11, 7), rs1 = bits(r, 19, 15), rs2 = bits(r, 24, 20), f3 = bits(r, 14, 12);
  switch (bits(r, 6, 0)) {
    case 0x37: set(in, OP_LUI, rd, 0, 0, imm_u(r)); return;
    case 0x17: set(in, OP_AUIPC, rd, 0, 0, imm_u(r)); return;
    case 0x6f: set(in, OP_JAL, rd, 0, 0, imm_j(r)); return;
    case 0x67:
      if (f3 != 0) break;
      set(in, OP_JALR, rd, rs1, 0, imm_i(r));
      return;
    case 0x63: {
      static const enum op br[8] = {OP_BEQ, OP_BNE, OP_ILLEGAL, OP_ILLEGAL, OP_BLT, OP_BGE, OP_BLTU, OP_BGEU};
      if (br[f3] == OP_ILLEGAL) break;
      set(in, br[f3], 0, rs1, rs2, imm_b(r));
      return;
    }
    case 0x03: {
      static const enum op ld[8] = {OP_LB, OP_LH, OP_LW, OP_LD, OP_LBU, OP_LHU, OP_LWU, OP_ILLEGAL};
      if (ld[f3] == OP_ILLEGAL || (xlen == 32 && (f3 == 3 || f3 == 6))) break;
      set(in, ld[f3], rd, rs1, 0, imm_i(r));
      return;
    }
    case 0x23: {
      static const enum op st[8] = {OP_SB, OP_SH, OP_SW, OP_SD, OP_ILLEGAL, OP_ILLEGAL, OP_ILLEGAL, OP_ILLEGAL};
      if (st[f3] == OP_ILLEGAL || (xlen == 32 && f3 == 3)) break;
      set(in, st[f3], 0, rs1, rs2, imm_s(r));
      return;
    }
    case 0x13: decode_op_imm(r, xlen, ext, in, rd, rs1); return;
    case 0x33: decode_op(r, xlen, ext, in, rd, rs1, rs2); return;
    case 0x1b:
      if (xlen != 64) break;
      if (f3 == 0) set(in, OP_ADDIW, rd, rs1, 0, imm_i(r));
      else if (f3 == 1 && bits(r, 31, 25) == 0) set(in, OP_SLLIW, rd, rs1, 0, (int32_t)rs2);
      else if (f3 == 5 && bits(r, 31, 25) == 0) set(in, OP_SRLIW, rd, rs1, 0, (int32_t)rs2);
      else if (f3 == 5 && bits(r, 31, 25) == 0x20) set(in, OP_SRAIW, rd, rs1, 0, (int32_t)rs2);
      else if (ext && bitmanip_op_imm_32(r, ext) != OP_ILLEGAL) {
        enum op op = bitmanip_op_imm_32(r, ext);
        /* SLLI.UW has a 6-bit shift amount, RORIW a 5-bit one; the counts have none. */
        int32_t sh = op == OP_SLLI_UW ? (int32_t)bits(r, 25, 20) : op == OP_RORIW ? (int32_t)rs2 : 0;
        set(in, op, rd, rs1, 0, sh);
      } else break;
      return;
    case 0x3b:
      if (xlen != 64) break;
      decode_op_32(r, ext, in, rd, rs1, rs2);
      return;
    case 0x2f: decode_amo(r, xlen, ext, in, rd, rs1, rs2); return;
    case 0x0f:
      /* FENCE with any pred/succ (PAUSE included) is a no-op here: one hart retires in order.
       * fm, rs1 and rd are reserved-for-future fields that implementations ignore. */
      if (f3 == 0) set(in, OP_FENCE, 0, 0, 0, 0);
      else if (f3 == 1) set(in, OP_FENCE_I, 0, 0, 0, 0);
      /* Zicbom: CBO.INVAL/CLEAN/FLUSH (imm 0/1/2) with rd = 0; imm 4 (CBO.ZERO) is Zicboz. */
      else if (f3 == 2 && (ext & ISA_EXT_ZICBOM) && rd == 0 && bits(r, 31, 20) <= 2)
        set(in, OP_CBO, 0, rs1, 0, (int32_t)bits(r, 31, 20));
      else if (f3 == 2 && (ext & ISA_EXT_ZICBOZ) && rd == 0 && bits(r, 31, 20) == 4) set(in, OP_CBO_ZERO, 0, rs1, 0, 0);
      else break;
      return;
    case 0x73: decode_system(r, in, rd, rs1); return;
    case 0x07: case 0x27: case 0x43: case 0x47: case 0x4b: case 0x4f: case 0x53:
      decode_fp(r, xlen, ext, in);
      return;
  }
  illegal(in);
}

/* Register numbers of the compressed formats' 3-bit fields: x8..x15. */
static unsigned creg(uint32_t v) { return 8 + (v & 7); }

static void decode16(uint32_t r, unsigned xlen, unsigned ext, struct insn *in) {
  unsigned f3 = bits(r, 15, 13), rd = bits(r, 11, 7), rs2 = bits(r, 6, 2);
  unsigned rdp = creg(bits(r, 4, 2)), rs1p = creg(bits(r, 9, 7));
  switch (bits(r, 1, 0) << 3 | f3) {
    case 000: { /* C.ADDI4SPN */
      uint32_t imm = bits(r, 12, 11) << 4 | bits(r, 10, 7) << 6 | bits(r, 6, 6) << 2 | bits(r, 5, 5) << 3;
      if (imm == 0) break; /* includes the all-zero illegal instruction */
      return set(in, OP_ADDI, rdp, 2, 0, (int32_t)imm);
    }
    case 002: /* C.LW */
      return set(in, OP_LW, rdp, rs1p, 0, (int32_t)(bits(r, 12, 10) << 3 | bits(r, 6, 6) << 2 | bits(r, 5, 5) << 6));
    case 001: /* C.FLD (D) */
      if (!(ext & ISA_EXT_D)) break;
      return set_fp(in, OP_FLD, rdp, rs1p, 0, (int32_t)(bits(r, 12, 10) << 3 | bits(r, 6, 5) << 6));
    case 003: /* C.LD (RV64), C.FLW (RV32 with F) */
      if (xlen != 64) {
        if (!(ext & ISA_EXT_F)) break;
        return set_fp(in, OP_FLW, rdp, rs1p, 0,
                      (int32_t)(bits(r, 12, 10) << 3 | bits(r, 6, 6) << 2 | bits(r, 5, 5) << 6));
      }
      return set(in, OP_LD, rdp, rs1p, 0, (int32_t)(bits(r, 12, 10) << 3 | bits(r, 6, 5) << 6));
    case 005: /* C.FSD (D) */
      if (!(ext & ISA_EXT_D)) break;
      return set(in, OP_FSD, 0, rs1p, rdp, (int32_t)(bits(r, 12, 10) << 3 | bits(r, 6, 5) << 6));
    case 006: /* C.SW */
      return set(in, OP_SW, 0, rs1p, rdp, (int32_t)(bits(r, 12, 10) << 3 | bits(r, 6, 6) << 2 | bits(r, 5, 5) << 6));
    case 007: /* C.SD (RV64), C.FSW (RV32 with F) */
      if (xlen != 64) {
        if (!(ext & ISA_EXT_F)) break;
        return set(in, OP_FSW, 0, rs1p, rdp, (int32_t)(bits(r, 12, 10) << 3 | bits(r, 6, 6) << 2 | bits(r, 5, 5) << 6));
      }
      return set(in, OP_SD, 0, rs1p, rdp, (int32_t)(bits(r, 12, 10) << 3 | bits(r, 6, 5) << 6));
    case 010: /* C.ADDI, C.NOP */
      return set(in, OP_ADDI, rd, rd, 0, sext(bits(r, 12, 12) << 5 | bits(r, 6, 2), 6));
    case 011: { /* C.JAL (RV32), C.ADDIW (RV64) */
      if (xlen == 32) {
        uint32_t o = bits(r, 12, 12) << 11 | bits(r, 11, 11) << 4 | bits(r, 10, 9) << 8 | bits(r, 8, 8) << 10 |
                     bits(r, 7, 7) << 6 | bits(r, 6, 6) << 7 | bits(r, 5, 3) << 1 | bits(r, 2, 2) << 5;
        return set(in, OP_JAL, 1, 0, 0, sext(o, 12));
      }
      if (rd == 0) break;
      return set(in, OP_ADDIW, rd, rd, 0, sext(bits(r, 12, 12) << 5 | bits(r, 6, 2), 6));
    }
    case 012: /* C.LI */
      return set(in, OP_ADDI, rd, 0, 0, sext(bits(r, 12, 12) << 5 | bits(r, 6, 2), 6));
    case 013: { /* C.ADDI16SP, C.LUI */
      if (rd == 2) {
        uint32_t imm = bits(r, 12, 12) << 9 | bits(r, 6, 6) << 4 | bits(r, 5, 5) << 6 | bits(r, 4, 3) << 7 |
                       bits(r, 2, 2) << 5;
        if (imm == 0) break;
        return set(in, OP_ADDI, 2, 2, 0, sext(imm, 10));
      }
      int32_t imm = sext(bits(r, 12, 12) << 17 | bits(r, 6, 2) << 12, 18);
      if (imm == 0) break;
      return set(in, OP_LUI, rd, 0, 0, imm);
    }
    case 014: { /* C.SRLI, C.SRAI, C.ANDI, C.SUB, C.XOR, C.OR, C.AND, C.SUBW, C.ADDW */
      uint32_t shamt = bits(r, 12, 12) << 5 | bits(r, 6, 2);
      switch (bits(r, 11, 10)) {
        case 0:
        case 1:
          if (xlen == 32 && bits(r, 12, 12)) goto bad;
          return set(in, bits(r, 11, 10) ? OP_SRAI : OP_SRLI, rs1p, rs1p, 0, (int32_t)shamt);
        case 2:
          return set(in, OP_ANDI, rs1p, rs1p, 0, sext(bits(r, 12, 12) << 5 | bits(r, 6, 2), 6));
        case 3: {
          static const enum op ops[8] = {OP_SUB, OP_XOR, OP_OR, OP_AND, OP_SUBW, OP_ADDW, OP_ILLEGAL, OP_ILLEGAL};
          enum op op = ops[bits(r, 12, 12) << 2 | bits(r, 6, 5)];
          if (op == OP_ILLEGAL || (xlen == 32 && bits(r, 12, 12))) goto bad;
          return set(in, op, rs1p, rs1p, rdp, 0);
        }
      }
      break;
    }
    case 015: { /* C.J */
      uint32_t o = bits(r, 12, 12) << 11 | bits(r, 11, 11) << 4 | bits(r, 10, 9) << 8 | bits(r, 8, 8) << 10 |
                   bits(r, 7, 7) << 6 | bits(r, 6, 6) << 7 | bits(r, 5, 3) << 1 | bits(r, 2, 2) << 5;
      return set(in, OP_JAL, 0, 0, 0, sext(o, 12));
    }
    case 016:
    case 017: { /* C.BEQZ, C.BNEZ */
      uint32_t o = bits(r, 12, 12) << 8 | bits(r, 11, 10) << 3 | bits(r, 6, 5) << 6 | bits(r, 4, 3) << 1 |
                   bits(r, 2, 2) << 5;
      return set(in, f3 == 6 ? OP_BEQ : OP_BNE, 0, rs1p, 0, sext(o, 9));
    }
    case 020: { /* C.SLLI */
      uint32_t shamt = bits(r, 12, 12) << 5 | bits(r, 6, 2);
      if (xlen == 32 && bits(r, 12, 12)) break;
      return set(in, OP_SLLI, rd, rd, 0, (int32_t)shamt);
    }
    case 022: /* C.LWSP */
      if (rd == 0) break;
      return set(in, OP_LW, rd, 2, 0, (int32_t)(bits(r, 12, 12) << 5 | bits(r, 6, 4) << 2 | bits(r, 3, 2) << 6));
    case 021: /* C.FLDSP (D; f0 allowed) */
      if (!(ext & ISA_EXT_D)) break;
      return set_fp(in, OP_FLD, rd, 2, 0, (int32_t)(bits(r, 12, 12) << 5 | bits(r, 6, 5) << 3 | bits(r, 4, 2) << 6));
    case 023: /* C.LDSP (RV64), C.FLWSP (RV32 with F; f0 allowed) */
      if (xlen != 64) {
        if (!(ext & ISA_EXT_F)) break;
        return set_fp(in, OP_FLW, rd, 2, 0, (int32_t)(bits(r, 12, 12) << 5 | bits(r, 6, 4) << 2 | bits(r, 3, 2) << 6));
      }
      if (rd == 0) break;
      return set(in, OP_LD, rd, 2, 0, (int32_t)(bits(r, 12, 12) << 5 | bits(r, 6, 5) << 3 | bits(r, 4, 2) << 6));
    case 024:
      if (!bits(r, 12, 12)) {
        if (rs2 == 0) { /* C.JR */
          if (rd == 0) break;
          return set(in, OP_JALR, 0, rd, 0, 0);
        }
        return set(in, OP_ADD, rd, 0, rs2, 0); /* C.MV */
      }
      if (rs2 == 0) {
        if (rd == 0) return set(in, OP_EBREAK, 0, 0, 0, 0);
        return set(in, OP_JALR, 1, rd, 0, 0); /* C.JALR */
      }
      return set(in, OP_ADD, rd, rd, rs2, 0); /* C.ADD */
    case 026: /* C.SWSP */
      return set(in, OP_SW, 0, 2, rs2, (int32_t)(bits(r, 12, 9) << 2 | bits(r, 8, 7) << 6));
    case 025: /* C.FSDSP (D) */
      if (!(ext & ISA_EXT_D)) break;
      return set(in, OP_FSD, 0, 2, rs2, (int32_t)(bits(r, 12, 10) << 3 | bits(r, 9, 7) << 6));
    case 027: /* C.SDSP (RV64), C.FSWSP (RV32 with F) */
      if (xlen != 64) {
        if (!(ext & ISA_EXT_F)) break;
        return set(in, OP_FSW, 0, 2, rs2, (int32_t)(bits(r, 12, 9) << 2 | bits(r, 8, 7) << 6));
      }
      return set(in, OP_SD, 0, 2, rs2, (int32_t)(bits(r, 12, 10) << 3 | bits(r, 9, 7) << 6));
  }
bad:
  illegal(in);
}

void insn_decode(uint32_t raw, unsigned xlen, struct insn *out) { insn_decode_ext(raw, xlen, ISA_EXT_MAC, out); }

void insn_decode_ext(uint32_t raw, unsigned xlen, unsigned ext, struct insn *out) {
  memset(out, 0, sizeof *out);
  if ((raw & 3) == 3) {
    out->raw = raw;
    decode32(raw, xlen, ext, out);
  } else {
    out->raw = raw & 0xffff;
    if (ext & ISA_EXT_C) decode16(raw & 0xffff, xlen, ext, out);
    else illegal(out); /* without C a 16-bit encoding is none (IALIGN = 32) */
    out->cls |= CLS_COMPRESSED;
  }
}
