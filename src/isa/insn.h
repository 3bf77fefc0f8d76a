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
_Static_assert(OP_COUNT <= 256, "insn.op is a byte");
/* Operations below this have their own dispatch index (= op); the ones after OP_CRYPTO_EXEC
 * share a handler (ops.def). */
#define OP_DISPATCH_COUNT (OP_CRYPTO_EXEC + 1)
static inline unsigned op_dispatch(unsigned op) {
  return op < OP_DISPATCH_COUNT ? op : op < OP_PACK ? (unsigned)OP_FP_EXEC : (unsigned)OP_CRYPTO_EXEC;
}

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
  /* Bits 13:10: the enum fp_kind of an F/D operation, 0 for every other one; so
   * (cls & CLS_FP) != 0 exactly for F/D instructions. FP loads and stores are not CLS_LOAD or
   * CLS_STORE (those are the integer ones the "loads"/"stores" events count). */
  CLS_FP = 0xf << 10,
};
#define CLS_FP_SHIFT 10
#define CLS_FP_KIND(kind) ((unsigned)(kind) << CLS_FP_SHIFT)

/* What kind of F/D operation an instruction is, for timing models and events (ops_fp.def). */
enum fp_kind {
  FP_KIND_NONE = 0, /* not an F/D instruction */
  FP_KIND_LOAD,     /* FLW, FLD, C.FLW, C.FLD, C.FLWSP, C.FLDSP */
  FP_KIND_STORE,    /* FSW, FSD, C.FSW, C.FSD, C.FSWSP, C.FSDSP */
  FP_KIND_ADD,      /* FADD, FSUB */
  FP_KIND_MUL,      /* FMUL */
  FP_KIND_DIV,      /* FDIV */
  FP_KIND_SQRT,     /* FSQRT */
  FP_KIND_FUSED,    /* FMADD, FMSUB, FNMSUB, FNMADD */
  FP_KIND_OTHER,    /* FSGNJ*, FMIN, FMAX, FCVT, FMV, FEQ, FLT, FLE, FCLASS */
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
  uint8_t pc_off;  /* byte offset of this instruction from the start of its block (at most
                    * 63 * 4; END_BLOCK has the one of the instruction before it: block.h) */
  uint8_t disp;    /* what the dispatch loops jump on: `op`, or on the first instruction of a
                    * fused pair that pair's handler (isa/fuse.h); only the dispatch loops read
                    * it, everything else (timing models, counts) sees `op` */
  uint16_t cls;    /* enum insn_class bits of this instance */
  uint32_t raw;    /* the encoding as fetched (16-bit ones zero-extended), for mtval */
};
/* F/D operations: rd is the FP register number itself (f0 included) when the destination is
 * an FP register, REG_SINK-mapped like any integer rd otherwise; imm = rm | rs3 << 3 when the
 * encoding has an rm field (rm 7 = dynamic, never 5 or 6), 0 otherwise. */
static inline unsigned insn_rs3(const struct insn *in) { return ((unsigned)in->imm >> 3) & 31; }
static inline enum fp_kind insn_fp_kind(const struct insn *in) {
  return (enum fp_kind)((in->cls & CLS_FP) >> CLS_FP_SHIFT);
}

/* Optional extensions the decoder accepts only when asked to (insn_decode_ext): without them
 * their encodings are illegal instructions, as on a core that lacks them. I, Zicsr and Zifencei
 * are always decoded; PAUSE (Zihintpause) is a FENCE hint, decoded with or without it.
 * insn_decode (no `ext`) decodes M, A and C, as every core rvpmu models has them. */
enum isa_ext {
  ISA_EXT_ZBA = 1 << 0,    /* address generation: SH1ADD, SH2ADD, SH3ADD */
  ISA_EXT_ZBB = 1 << 1,    /* basic bit manipulation */
  ISA_EXT_ZBC = 1 << 2,    /* carry-less multiplication */
  ISA_EXT_ZBS = 1 << 3,    /* single-bit instructions */
  ISA_EXT_ZICBOM = 1 << 4, /* cache-block management: CBO.CLEAN, CBO.FLUSH, CBO.INVAL */
  ISA_EXT_F = 1 << 5,      /* single-precision floating point (letter F) */
  ISA_EXT_D = 1 << 6,      /* double-precision floating point (letter D; needs F) */
  ISA_EXT_ZICOND = 1 << 7, /* integer conditional operations: CZERO.EQZ, CZERO.NEZ */
  ISA_EXT_ZICBOZ = 1 << 8, /* cache-block zero: CBO.ZERO */
  ISA_EXT_ZIHINTPAUSE = 1 << 9, /* PAUSE (a FENCE hint; named in the ISA string only) */
  ISA_EXT_ZFINX = 1 << 10, /* F's operations on the integer registers (without F): no FP
                            * registers, loads, stores or moves; single precision, RV32 */
  ISA_EXT_M = 1 << 11,     /* integer multiply and divide (letter M) */
  ISA_EXT_A = 1 << 12,     /* atomics: LR/SC and AMOs (letter A) */
  ISA_EXT_C = 1 << 13,     /* compressed instructions (letter C; IALIGN 16) */
  /* Scalar cryptography 1.0.1 (isa/decode_crypto.c). Zbkb and Zbkc share Zbb's and Zbc's
   * operations where the instructions are the same. */
  ISA_EXT_ZBKB = 1 << 14,  /* bit manipulation for cryptography: PACK, PACKH, PACKW, BREV8, ZIP, UNZIP,
                            * and Zbb's ROL, ROR, RORI, ANDN, ORN, XNOR, REV8 (and the W forms) */
  ISA_EXT_ZBKC = 1 << 15,  /* carry-less multiply for cryptography: CLMUL, CLMULH */
  ISA_EXT_ZBKX = 1 << 16,  /* crossbar permutations: XPERM4, XPERM8 */
  ISA_EXT_ZKND = 1 << 17,  /* AES decryption */
  ISA_EXT_ZKNE = 1 << 18,  /* AES encryption (and, on RV64, the key schedule it shares with Zknd) */
  ISA_EXT_ZKNH = 1 << 19,  /* SHA-256 and SHA-512 */
  ISA_EXT_ZKSED = 1 << 20, /* SM4 */
  ISA_EXT_ZKSH = 1 << 21,  /* SM3 */
  /* 1 << 22 is kept for Zkr (the seed CSR), not implemented yet. */
  ISA_EXT_ZKT = 1 << 23,   /* data-independent execution time (declared: every listed instruction's
                            * latency here is independent of its operand values) */
};
/* What insn_decode decodes: I, M, A, C. */
#define ISA_EXT_MAC (ISA_EXT_M | ISA_EXT_A | ISA_EXT_C)

/* Decodes one instruction (`raw`, 16 or 32 bits; 16-bit when (raw & 3) != 3) for XLEN 32 or
 * 64 into `out` (pc_off left 0, disp = op_dispatch(op)). Unknown or unsupported encodings give OP_ILLEGAL. */
void insn_decode(uint32_t raw, unsigned xlen, struct insn *out);
/* The same with the optional extensions in `ext` (enum isa_ext bits) enabled. */
void insn_decode_ext(uint32_t raw, unsigned xlen, unsigned ext, struct insn *out);

/* Length in bytes (2 or 4) of the instruction whose low 16 bits are `low`. */
static inline unsigned insn_length(uint32_t low) { return (low & 3) == 3 ? 4 : 2; }

/* Mnemonic of an operation, for traces and tests. */
const char *op_name(enum op op);

/* Class bits of an operation as listed in ops.def. */
unsigned op_class(enum op op);

#endif
