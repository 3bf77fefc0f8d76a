/* Helpers shared by the timing models (see timing.h). */
#include "profiles/timing.h"

uint64_t insn_retire_events(const struct insn *in) {
  unsigned cls = in->cls;
  uint64_t ev = EV_BIT(EV_INSNS);
  if (cls & CLS_LOAD) ev |= EV_BIT(EV_LOADS) | EV_BIT(EV_LOAD_ACCESSES);
  if (cls & CLS_STORE) ev |= EV_BIT(EV_STORES) | EV_BIT(EV_STORE_ACCESSES);
  if (cls & CLS_BRANCH) ev |= EV_BIT(EV_BRANCHES);
  if (cls & CLS_JUMP) ev |= EV_BIT(EV_JUMPS);
  if (cls & CLS_COMPRESSED) ev |= EV_BIT(EV_COMPRESSED);
  if (cls & CLS_MUL) ev |= EV_BIT(EV_MULS);
  if (cls & CLS_DIV) ev |= EV_BIT(EV_DIVS);
  if (cls & CLS_ATOMIC) ev |= EV_BIT(EV_ATOMICS);
  return ev;
}

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
    case OP_CSRRS: case OP_CSRRC:
      return 1;
    default:
      return 3; /* register-register ALU, M, branches, stores, AMOs, SFENCE.VMA */
  }
}

int insn_reads_reg(const struct insn *in, unsigned reg) {
  unsigned s = sources((enum op)in->op);
  return reg != 0 && (((s & 1) && in->rs1 == reg) || ((s & 2) && in->rs2 == reg));
}

int insn_writes_reg(const struct insn *in, unsigned reg) { return reg != 0 && reg < REG_SINK && in->rd == reg; }

void timing_one_cycle(const struct insn_context *c, struct insn_timing *t) {
  t->n = 0;
  timing_add(t, insn_retire_events(c->in), 1);
}
