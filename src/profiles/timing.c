/* Helpers shared by the timing models (see timing.h). */
#include "profiles/timing.h"

/* The retired-instructions-by-kind event of an operation (events.def), 0 for the kinds that
 * have their own class bits (loads, stores, branches, multiplies, divides, atomics). */
static uint64_t kind_event(enum op op) {
  switch (op) {
    case OP_LUI: case OP_AUIPC: case OP_ADDI: case OP_SLTI: case OP_SLTIU: case OP_XORI: case OP_ORI: case OP_ANDI:
    case OP_SLLI: case OP_SRLI: case OP_SRAI: case OP_ADD: case OP_SUB: case OP_SLL: case OP_SLT: case OP_SLTU:
    case OP_XOR: case OP_SRL: case OP_SRA: case OP_OR: case OP_AND: case OP_ADDIW: case OP_SLLIW: case OP_SRLIW:
    case OP_SRAIW: case OP_ADDW: case OP_SUBW: case OP_SLLW: case OP_SRLW: case OP_SRAW: case OP_CZERO_EQZ:
    case OP_CZERO_NEZ:
      return EV_BIT(EV_ARITH_INSNS);
    case OP_SH1ADD: case OP_SH2ADD: case OP_SH3ADD: case OP_ANDN: case OP_ORN: case OP_XNOR: case OP_CLZ:
    case OP_CTZ: case OP_CPOP: case OP_MAX: case OP_MAXU: case OP_MIN: case OP_MINU: case OP_SEXT_B:
    case OP_SEXT_H: case OP_ZEXT_H: case OP_ROL: case OP_ROR: case OP_RORI: case OP_ORC_B: case OP_REV8:
    case OP_CLMUL: case OP_CLMULH: case OP_CLMULR: case OP_BCLR: case OP_BCLRI: case OP_BEXT: case OP_BEXTI:
    case OP_BINV: case OP_BINVI: case OP_BSET: case OP_BSETI: case OP_ADD_UW: case OP_SH1ADD_UW:
    case OP_SH2ADD_UW: case OP_SH3ADD_UW: case OP_SLLI_UW: case OP_CLZW: case OP_CTZW: case OP_CPOPW: case OP_ROLW:
    case OP_RORW: case OP_RORIW:
    /* Scalar cryptography (Zbkb, Zbkx, Zkn*, Zks*) too. */
    case OP_PACK: case OP_PACKH: case OP_PACKW: case OP_BREV8: case OP_ZIP: case OP_UNZIP: case OP_XPERM4:
    case OP_XPERM8: case OP_AES: case OP_SHA: case OP_SM:
      return EV_BIT(EV_BITMANIP_INSNS);
    case OP_JAL: return EV_BIT(EV_JAL_INSNS);
    case OP_JALR: return EV_BIT(EV_JALR_INSNS);
    case OP_FENCE: case OP_FENCE_I: case OP_ECALL: case OP_EBREAK: case OP_MRET: case OP_SRET: case OP_WFI:
    case OP_SFENCE_VMA: case OP_CSRRW: case OP_CSRRS: case OP_CSRRC: case OP_CSRRWI: case OP_CSRRSI:
    case OP_CSRRCI:
      return EV_BIT(EV_SYSTEM_INSNS);
    case OP_CBO: case OP_CBO_ZERO: return EV_BIT(EV_CBO_INSNS);
    default: return 0;
  }
}

uint64_t insn_retire_events(const struct insn *in) {
  unsigned cls = in->cls;
  uint64_t ev = EV_BIT(EV_INSNS) | kind_event((enum op)in->op);
  if (cls & CLS_LOAD) ev |= EV_BIT(EV_LOADS) | EV_BIT(EV_LOAD_ACCESSES);
  if (cls & CLS_STORE) ev |= EV_BIT(EV_STORES) | EV_BIT(EV_STORE_ACCESSES);
  if (cls & CLS_BRANCH) ev |= EV_BIT(EV_BRANCHES);
  if (cls & CLS_JUMP) ev |= EV_BIT(EV_JUMPS);
  if (cls & CLS_COMPRESSED) ev |= EV_BIT(EV_COMPRESSED);
  if (cls & CLS_MUL) ev |= EV_BIT(EV_MULS);
  if (cls & CLS_DIV) ev |= EV_BIT(EV_DIVS);
  if (cls & CLS_ATOMIC) ev |= EV_BIT(EV_ATOMICS);
  /* FP loads and stores are memory transactions, but not the integer "loads"/"stores". */
  if (insn_fp_kind(in) == FP_KIND_LOAD) ev |= EV_BIT(EV_LOAD_ACCESSES);
  if (insn_fp_kind(in) == FP_KIND_STORE) ev |= EV_BIT(EV_STORE_ACCESSES);
  /* Their kind (the FP events of events.def; FSQRT counts as "other"). */
  static const uint8_t fp_event[] = {
      [FP_KIND_LOAD] = EV_FP_LOADS, [FP_KIND_STORE] = EV_FP_STORES, [FP_KIND_ADD] = EV_FP_ADDS,
      [FP_KIND_MUL] = EV_FP_MULS,   [FP_KIND_DIV] = EV_FP_DIVS,     [FP_KIND_SQRT] = EV_FP_OTHER,
      [FP_KIND_FUSED] = EV_FP_FUSED, [FP_KIND_OTHER] = EV_FP_OTHER,
  };
  enum fp_kind k = insn_fp_kind(in);
  if (k != FP_KIND_NONE && (unsigned)k < sizeof fp_event && fp_event[k]) ev |= EV_BIT(fp_event[k]);
  return ev;
}

unsigned insn_fp_operands(const struct insn *in) {
  switch ((enum op)in->op) {
    case OP_FLW: case OP_FLD: return FPO_RD | FPO_X_RS1;
    case OP_FSW: case OP_FSD: return FPO_X_RS1 | FPO_RS2;
    case OP_FSQRT_S: case OP_FSQRT_D: case OP_FCVT_S_D: case OP_FCVT_D_S: return FPO_RD | FPO_RS1;
    case OP_FMADD_S: case OP_FMSUB_S: case OP_FNMSUB_S: case OP_FNMADD_S: case OP_FMADD_D: case OP_FMSUB_D:
    case OP_FNMSUB_D: case OP_FNMADD_D:
      return FPO_RD | FPO_RS1 | FPO_RS2 | FPO_RS3;
    case OP_FCVT_W_S: case OP_FCVT_WU_S: case OP_FCVT_L_S: case OP_FCVT_LU_S: case OP_FCVT_W_D: case OP_FCVT_WU_D:
    case OP_FCVT_L_D: case OP_FCVT_LU_D: case OP_FMV_X_W: case OP_FMV_X_D: case OP_FCLASS_S: case OP_FCLASS_D:
      return FPO_X_RD | FPO_RS1;
    case OP_FEQ_S: case OP_FLT_S: case OP_FLE_S: case OP_FEQ_D: case OP_FLT_D: case OP_FLE_D:
      return FPO_X_RD | FPO_RS1 | FPO_RS2;
    case OP_FCVT_S_W: case OP_FCVT_S_WU: case OP_FCVT_S_L: case OP_FCVT_S_LU: case OP_FCVT_D_W: case OP_FCVT_D_WU:
    case OP_FCVT_D_L: case OP_FCVT_D_LU: case OP_FMV_W_X: case OP_FMV_D_X:
      return FPO_RD | FPO_X_RS1;
    default:
      /* FADD, FSUB, FMUL, FDIV, FSGNJ*, FMIN, FMAX; 0 for integer instructions */
      return (in->cls & CLS_FP) ? FPO_RD | FPO_RS1 | FPO_RS2 : 0;
  }
}

int insn_reads_freg(const struct insn *in, unsigned reg) {
  unsigned o = insn_fp_operands(in);
  return ((o & FPO_RS1) && in->rs1 == reg) || ((o & FPO_RS2) && in->rs2 == reg) ||
         ((o & FPO_RS3) && insn_rs3(in) == reg);
}

int insn_writes_freg(const struct insn *in, unsigned reg) { return (insn_fp_operands(in) & FPO_RD) && in->rd == reg; }

/* Which operand fields an operation reads: bit 0 rs1, bit 1 rs2. */
static unsigned sources(enum op op) {
  switch (op) {
    case OP_LUI: case OP_AUIPC: case OP_JAL: case OP_FENCE: case OP_FENCE_I: case OP_ECALL: case OP_EBREAK:
    case OP_MRET: case OP_SRET: case OP_WFI: case OP_CSRRWI: case OP_CSRRSI: case OP_CSRRCI: case OP_ILLEGAL:
    case OP_END_BLOCK:
      return 0;
    case OP_JALR: case OP_LB: case OP_LH: case OP_LW: case OP_LD: case OP_LBU: case OP_LHU: case OP_LWU:
    case OP_ADDI: case OP_SLTI: case OP_SLTIU: case OP_XORI: case OP_ORI: case OP_ANDI: case OP_SLLI:
    case OP_SRLI: case OP_SRAI: case OP_ADDIW: case OP_SLLIW: case OP_SRLIW: case OP_SRAIW: case OP_CSRRW:
    case OP_CSRRS: case OP_CSRRC: case OP_CLZ: case OP_CTZ: case OP_CPOP: case OP_SEXT_B: case OP_SEXT_H:
    case OP_ZEXT_H: case OP_RORI: case OP_ORC_B: case OP_REV8: case OP_BCLRI: case OP_BEXTI: case OP_BINVI:
    case OP_BSETI: case OP_CBO: case OP_CBO_ZERO: case OP_SLLI_UW: case OP_CLZW: case OP_CTZW: case OP_CPOPW:
    case OP_RORIW: case OP_BREV8: case OP_ZIP: case OP_UNZIP:
      return 1;
    case OP_AES: case OP_SHA: case OP_SM: /* the unary ones read rs1 only; rs2 is 0 for them */
      return 3;
    default:
      return 3; /* register-register ALU, M, branches, stores, AMOs, SFENCE.VMA */
  }
}

int insn_reads_reg(const struct insn *in, unsigned reg) {
  if (in->cls & CLS_FP) return reg != 0 && (insn_fp_operands(in) & FPO_X_RS1) && in->rs1 == reg;
  unsigned s = sources((enum op)in->op);
  return reg != 0 && (((s & 1) && in->rs1 == reg) || ((s & 2) && in->rs2 == reg));
}

int insn_reads_x0(const struct insn *in) {
  if (in->cls & CLS_FP) return (insn_fp_operands(in) & FPO_X_RS1) && in->rs1 == 0;
  unsigned s = sources((enum op)in->op);
  return ((s & 1) && in->rs1 == 0) || ((s & 2) && in->rs2 == 0);
}

int insn_writes_reg(const struct insn *in, unsigned reg) {
  if ((in->cls & CLS_FP) && !(insn_fp_operands(in) & FPO_X_RD)) return 0; /* rd names an FP register */
  return reg != 0 && reg < REG_SINK && in->rd == reg;
}

void timing_one_cycle(const struct insn_context *c, struct insn_timing *t) {
  t->n = 0;
  timing_add(t, insn_retire_events(c->in), 1);
}

void timing_split_first_cycle(const struct insn_timing *t, struct insn_timing *first, struct insn_timing *rest) {
  unsigned pick = 0;
  for (unsigned i = 0; i < t->n; i++)
    if (!t->run[i].events) {
      pick = i;
      break;
    }
  first->n = rest->n = 0;
  if (!t->n) return;
  timing_add(first, t->run[pick].events, 1);
  for (unsigned i = 0; i < t->n; i++) timing_add(rest, t->run[i].events, t->run[i].count - (i == pick));
}
