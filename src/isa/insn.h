/* The predecoded form of one instruction, as stored in blocks (isa/block.h). */
#ifndef RVPMU_ISA_INSN_H
#define RVPMU_ISA_INSN_H

#include <stdint.h>

enum op {
#define OP(name, cls) OP_##name,
#include "isa/ops.def"
#undef OP
  OP_COUNT
};

/* Static class bits of an operation (ops.def). */
enum insn_class {
  CLS_LOAD = 1 << 0,
  CLS_STORE = 1 << 1,
  CLS_BRANCH = 1 << 2,
  CLS_JUMP = 1 << 3,
  CLS_MUL = 1 << 4,
  CLS_DIV = 1 << 5,
  CLS_ATOMIC = 1 << 6,
  CLS_COMPRESSED = 1 << 7, /* set per instruction by the decoder, not in ops.def */
  CLS_END = 1 << 8,        /* ends a block: a control transfer */
  CLS_SYSTEM = 1 << 9,     /* ends a block and runs in the slow-path system handler */
};

/* Register index the decoder substitutes for rd == x0, so that handlers write without a check
 * and x0 stays zero. */
#define REG_SINK 32

/* 16 bytes, so four share a cache line. */
struct insn {
  uint8_t op;      /* enum op */
  uint8_t rd;      /* destination register, REG_SINK when the encoding names x0 */
  uint8_t rs1;     /* source registers; for AMOs rs2 also carries funct5 in `imm` */
  uint8_t rs2;
  int32_t imm;     /* sign-extended immediate; CSR number for CSR ops; AMO funct5<<1|aq/rl-free */
  uint16_t pc_off; /* byte offset of this instruction from the start of its block */
  uint16_t cls;    /* enum insn_class bits of this instance */
  uint32_t raw;    /* the encoding as fetched (16-bit ones zero-extended), for mtval */
};

/* Decodes one instruction (`raw`, 16 or 32 bits; 16-bit when (raw & 3) != 3) for XLEN 32 or
 * 64 into `out` (pc_off left 0). Unknown or unsupported encodings give OP_ILLEGAL. */
void insn_decode(uint32_t raw, unsigned xlen, struct insn *out);

/* Length in bytes (2 or 4) of the instruction whose low 16 bits are `low`. */
static inline unsigned insn_length(uint32_t low) { return (low & 3) == 3 ? 4 : 2; }

/* Mnemonic of an operation, for traces and tests. */
const char *op_name(enum op op);

/* Class bits of an operation as listed in ops.def. */
unsigned op_class(enum op op);

#endif
