/* RISC-V assembly text from the decoder's struct insn (isa/insn.h). */
#include "tools/prof_disasm.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "isa/crypto.h"
#include "isa/insn.h"

static const char *const abi[33] = {"zero", "ra", "sp",  "gp",  "tp", "t0", "t1", "t2", "s0", "s1", "a0",
                                    "a1",   "a2", "a3",  "a4",  "a5", "a6", "a7", "s2", "s3", "s4", "s5",
                                    "s6",   "s7", "s8",  "s9",  "s10", "s11", "t3", "t4", "t5", "t6", "zero"};
static const char *const fabi[32] = {"ft0", "ft1", "ft2",  "ft3",  "ft4", "ft5", "ft6",  "ft7",
                                     "fs0", "fs1", "fa0",  "fa1",  "fa2", "fa3", "fa4",  "fa5",
                                     "fa6", "fa7", "fs2",  "fs3",  "fs4", "fs5", "fs6",  "fs7",
                                     "fs8", "fs9", "fs10", "fs11", "ft8", "ft9", "ft10", "ft11"};

static const struct {
  const char *name;
  unsigned number;
} csrs[] = {
#define CSR(name, number) {#name, number},
#include "isa/csr_names.def"
#undef CSR
};

static void csr_text(unsigned n, char *buf, size_t len) {
  for (size_t i = 0; i < sizeof csrs / sizeof *csrs; i++)
    if (csrs[i].number == n) {
      size_t k = 0;
      for (; csrs[i].name[k] && k + 1 < len; k++) buf[k] = (char)tolower((unsigned char)csrs[i].name[k]);
      buf[k] = '\0';
      return;
    }
  snprintf(buf, len, "0x%03x", n);
}

/* "ADDI" -> "addi", "FENCE_I" -> "fence.i", "FADD_S" -> "fadd.s". */
static void mnemonic(enum op op, char *buf, size_t len) {
  const char *n = op_name(op);
  size_t k = 0;
  for (; n[k] && k + 1 < len; k++) buf[k] = n[k] == '_' ? '.' : (char)tolower((unsigned char)n[k]);
  buf[k] = '\0';
}

static bool imm_form(enum op op) {
  switch (op) {
    case OP_ADDI: case OP_SLTI: case OP_SLTIU: case OP_XORI: case OP_ORI: case OP_ANDI: case OP_SLLI:
    case OP_SRLI: case OP_SRAI: case OP_ADDIW: case OP_SLLIW: case OP_SRLIW: case OP_SRAIW: case OP_RORI:
    case OP_BCLRI: case OP_BEXTI: case OP_BINVI: case OP_BSETI:
      return true;
    default:
      return false;
  }
}

static bool unary(enum op op) {
  switch (op) {
    case OP_CLZ: case OP_CTZ: case OP_CPOP: case OP_SEXT_B: case OP_SEXT_H: case OP_ZEXT_H: case OP_ORC_B:
    case OP_REV8: case OP_BREV8: case OP_ZIP: case OP_UNZIP:
      return true;
    default:
      return false;
  }
}

static bool is_zero(unsigned r) { return r == 0 || r == REG_SINK; }

/* objdump's pseudo-instructions (the unprivileged spec's table of them, "RISC-V Assembly
 * Programmer's Handbook"): true with buf written when `in` is one. */
static bool alias(const struct insn *in, unsigned xlen, uint64_t target, char *buf, size_t len) {
  const char *rd = abi[in->rd], *rs1 = abi[in->rs1 & 31], *rs2 = abi[in->rs2 & 31];
  bool z_rd = is_zero(in->rd), z_rs1 = is_zero(in->rs1 & 31), z_rs2 = is_zero(in->rs2 & 31);
  unsigned long long t = (unsigned long long)target;
  char csr[24];
  switch (in->op) {
    case OP_ADDI:
      if (z_rd && z_rs1 && in->imm == 0) return snprintf(buf, len, "nop"), true;
      if (z_rs1) return snprintf(buf, len, "li %s, %d", rd, in->imm), true;
      if (in->imm == 0) return snprintf(buf, len, "mv %s, %s", rd, rs1), true;
      return false;
    case OP_ADDIW:
      return in->imm == 0 && (snprintf(buf, len, "sext.w %s, %s", rd, rs1), true);
    case OP_XORI:
      return in->imm == -1 && (snprintf(buf, len, "not %s, %s", rd, rs1), true);
    case OP_SUB:
      return z_rs1 && (snprintf(buf, len, "neg %s, %s", rd, rs2), true);
    case OP_SUBW:
      return z_rs1 && (snprintf(buf, len, "negw %s, %s", rd, rs2), true);
    case OP_SLTIU:
      return in->imm == 1 && (snprintf(buf, len, "seqz %s, %s", rd, rs1), true);
    case OP_SLTU:
      return z_rs1 && (snprintf(buf, len, "snez %s, %s", rd, rs2), true);
    case OP_BEQ: case OP_BNE: case OP_BLT: case OP_BGE: {
      static const char *const rs2z[] = {"beqz", "bnez", "bltz", "bgez"}, *const rs1z[] = {"beqz", "bnez", "bgtz", "blez"};
      unsigned k = in->op == OP_BEQ ? 0 : in->op == OP_BNE ? 1 : in->op == OP_BLT ? 2 : 3;
      if (z_rs2) return snprintf(buf, len, "%s %s, 0x%llx", rs2z[k], rs1, t), true;
      if (z_rs1) return snprintf(buf, len, "%s %s, 0x%llx", rs1z[k], rs2, t), true;
      return false;
    }
    case OP_JAL:
      if (z_rd) return snprintf(buf, len, "j 0x%llx", t), true;
      if (in->rd == 1) return snprintf(buf, len, "jal 0x%llx", t), true;
      return false;
    case OP_JALR:
      if (in->imm) return false;
      if (z_rd && in->rs1 == 1) return snprintf(buf, len, "ret"), true;
      if (z_rd) return snprintf(buf, len, "jr %s", rs1), true;
      if (in->rd == 1) return snprintf(buf, len, "jalr %s", rs1), true;
      return false;
    case OP_CSRRS: case OP_CSRRW: case OP_CSRRC: case OP_CSRRSI: case OP_CSRRWI: case OP_CSRRCI: {
      csr_text((unsigned)in->imm & 0xfff, csr, sizeof csr);
      bool imm = in->op == OP_CSRRSI || in->op == OP_CSRRWI || in->op == OP_CSRRCI;
      char w = in->op == OP_CSRRS || in->op == OP_CSRRSI ? 's' : in->op == OP_CSRRW || in->op == OP_CSRRWI ? 'w' : 'c';
      if (w == 's' && !imm && z_rs1) return snprintf(buf, len, "csrr %s, %s", rd, csr), true;
      if (!z_rd) return false;
      if (imm) return snprintf(buf, len, "csr%ci %s, %u", w, csr, in->rs1 & 31), true;
      return snprintf(buf, len, "csr%c %s, %s", w, csr, rs1), true;
    }
    default:
      (void)xlen;
      return false;
  }
}

unsigned prof_disasm(const uint8_t *bytes, size_t avail, uint64_t pc, unsigned xlen, char *buf, size_t len) {
  if (avail < 2) return 0;
  uint32_t raw = (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8;
  unsigned size = insn_length(raw);
  if (size == 4) {
    if (avail < 4) return 0;
    raw |= (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
  }
  struct insn in;
  insn_decode_ext(raw, xlen,
                  ISA_EXT_MAC | ISA_EXT_ZBA | ISA_EXT_ZBB | ISA_EXT_ZBC | ISA_EXT_ZBS | ISA_EXT_ZICBOM | ISA_EXT_F |
                      ISA_EXT_D | ISA_EXT_ZBKB | ISA_EXT_ZBKC | ISA_EXT_ZBKX | ISA_EXT_ZKND | ISA_EXT_ZKNE |
                      ISA_EXT_ZKNH | ISA_EXT_ZKSED | ISA_EXT_ZKSH,
                  &in);
  enum op op = (enum op)in.op;
  char m[24], csr[24];
  mnemonic(op, m, sizeof m);
  const char *rd = abi[in.rd], *rs1 = abi[in.rs1 & 31], *rs2 = abi[in.rs2 & 31];
  uint64_t target = pc + (uint64_t)(int64_t)in.imm;
  if (xlen == 32) target = (uint32_t)target;
  unsigned cls = in.cls;
  if (op == OP_ILLEGAL) snprintf(buf, len, ".insn 0x%0*x", size == 2 ? 4 : 8, raw);
  else if (alias(&in, xlen, target, buf, len)) { /* a pseudo-instruction */
  } else if (op == OP_LUI || op == OP_AUIPC) snprintf(buf, len, "%s %s, 0x%x", m, rd, ((uint32_t)in.imm >> 12) & 0xfffff);
  else if (op == OP_JAL) {
    if (in.rd == REG_SINK) snprintf(buf, len, "j 0x%llx", (unsigned long long)target);
    else snprintf(buf, len, "jal %s, 0x%llx", rd, (unsigned long long)target);
  } else if (op == OP_JALR) {
    if (in.rd == REG_SINK && in.rs1 == 1 && in.imm == 0) snprintf(buf, len, "ret");
    else snprintf(buf, len, "jalr %s, %d(%s)", rd, in.imm, rs1);
  } else if (cls & CLS_BRANCH) snprintf(buf, len, "%s %s, %s, 0x%llx", m, rs1, rs2, (unsigned long long)target);
  else if (cls & CLS_LOAD) snprintf(buf, len, "%s %s, %d(%s)", m, rd, in.imm, rs1);
  else if (cls & CLS_STORE) snprintf(buf, len, "%s %s, %d(%s)", m, rs2, in.imm, rs1);
  else if (op == OP_FLW || op == OP_FLD) snprintf(buf, len, "%s %s, %d(%s)", m, fabi[in.rd & 31], in.imm, rs1);
  else if (op == OP_FSW || op == OP_FSD) snprintf(buf, len, "%s %s, %d(%s)", m, fabi[in.rs2 & 31], in.imm, rs1);
  else if (op >= OP_CSRRW && op <= OP_CSRRCI) {
    csr_text((unsigned)in.imm & 0xfff, csr, sizeof csr);
    if (op >= OP_CSRRWI) snprintf(buf, len, "%s %s, %s, %u", m, rd, csr, in.rs1);
    else snprintf(buf, len, "%s %s, %s, %s", m, rd, csr, rs1);
  } else if (op == OP_AMO_W || op == OP_AMO_D) snprintf(buf, len, "%s %s, %s, (%s)", m, rd, rs2, rs1);
  else if (op == OP_CBO) snprintf(buf, len, "cbo.%s (%s)", in.imm == 0 ? "inval" : in.imm == 1 ? "clean" : "flush", rs1);
  else if (op == OP_SFENCE_VMA) snprintf(buf, len, "%s %s, %s", m, rs1, rs2);
  else if (cls & CLS_SYSTEM || op == OP_FENCE) snprintf(buf, len, "%s", m);
  else if (cls & CLS_FP) snprintf(buf, len, "%s %u, %u, %u", m, in.rd & 31, in.rs1 & 31, in.rs2 & 31);
  else if (op == OP_AES || op == OP_SHA || op == OP_SM) /* the function and its operands (isa/crypto.h) */
    snprintf(buf, len, "%s %s, %s, %s, %u", crypto_fn_name((unsigned)in.imm & 0xff), rd, rs1, rs2,
             ((unsigned)in.imm >> 8) & 0xff);
  else if (imm_form(op)) snprintf(buf, len, "%s %s, %s, %d", m, rd, rs1, in.imm);
  else if (unary(op)) snprintf(buf, len, "%s %s, %s", m, rd, rs1);
  else snprintf(buf, len, "%s %s, %s, %s", m, rd, rs1, rs2);
  if (size == 2) { /* compressed: the decoder expands it; say so */
    size_t l = strlen(buf);
    snprintf(buf + l, len - l, "  # c");
  }
  return size;
}
