/* Scalar cryptography 1.0.1 encodings (spec ch. "Instructions"; riscv-opcodes' rv*_zk*,
 * rv*_zbk* tables): Zbkb's PACK, PACKH, PACKW, BREV8, ZIP, UNZIP; Zbkx; the AES (Zkne, Zknd),
 * SHA-2 (Zknh), SM4 (Zksed) and SM3 (Zksh) instructions. */
#include "isa/decode_crypto.h"

#include <stdbool.h>

#include "isa/crypto.h"

static uint32_t field(uint32_t v, int hi, int lo) { return (v >> lo) & ((1u << (hi - lo + 1)) - 1); }

/* OP-IMM, funct3 1 or 5: selected by imm[11:0] (AES64KS1I by imm[11:4], rnum in imm[3:0]). */
static enum op op_imm(uint32_t r, unsigned xlen, unsigned ext, int32_t *imm) {
  unsigned f3 = field(r, 14, 12), imm12 = field(r, 31, 20);
  bool rv64 = xlen == 64;
  if (f3 == 5) {
    if (imm12 == 0x687 && (ext & ISA_EXT_ZBKB)) return OP_BREV8;
    if (imm12 == 0x08f && !rv64 && (ext & ISA_EXT_ZBKB)) return OP_UNZIP;
    return OP_ILLEGAL;
  }
  if (f3 != 1) return OP_ILLEGAL;
  if (imm12 == 0x08f && !rv64 && (ext & ISA_EXT_ZBKB)) return OP_ZIP;
  if (imm12 >= 0x100 && imm12 <= 0x103 && (ext & ISA_EXT_ZKNH)) {
    static const enum crypto_fn sha256[4] = {CRYPTO_SHA256SUM0, CRYPTO_SHA256SUM1, CRYPTO_SHA256SIG0, CRYPTO_SHA256SIG1};
    *imm = CRYPTO_IMM(sha256[imm12 & 3], 0);
    return OP_SHA;
  }
  if (imm12 >= 0x104 && imm12 <= 0x107 && rv64 && (ext & ISA_EXT_ZKNH)) {
    static const enum crypto_fn sha512[4] = {CRYPTO_SHA512SUM0, CRYPTO_SHA512SUM1, CRYPTO_SHA512SIG0, CRYPTO_SHA512SIG1};
    *imm = CRYPTO_IMM(sha512[imm12 & 3], 0);
    return OP_SHA;
  }
  if ((imm12 == 0x108 || imm12 == 0x109) && (ext & ISA_EXT_ZKSH)) {
    *imm = CRYPTO_IMM(imm12 == 0x108 ? CRYPTO_SM3P0 : CRYPTO_SM3P1, 0);
    return OP_SM;
  }
  if (imm12 == 0x300 && rv64 && (ext & ISA_EXT_ZKND)) {
    *imm = CRYPTO_IMM(CRYPTO_AES64IM, 0);
    return OP_AES;
  }
  /* AES64KS1I is in both Zknd and Zkne; rnum 0xB-0xF are reserved (illegal). */
  if ((imm12 >> 4) == 0x31 && rv64 && (ext & (ISA_EXT_ZKND | ISA_EXT_ZKNE)) && (imm12 & 0xf) <= 0xa) {
    *imm = CRYPTO_IMM(CRYPTO_AES64KS1I, imm12 & 0xf);
    return OP_AES;
  }
  return OP_ILLEGAL;
}

/* OP, funct3 0: the AES32 and SM4 instructions have bs in funct7[6:5]; RV32's SHA-512 halves
 * and RV64's AES64 ones are whole funct7 values. */
static enum op op_f3_0(uint32_t r, unsigned xlen, unsigned ext, int32_t *imm) {
  unsigned f7 = field(r, 31, 25), f5 = f7 & 0x1f, bs = f7 >> 5;
  bool rv64 = xlen == 64;
  if ((f5 == 0x18 || f5 == 0x1a) && (ext & ISA_EXT_ZKSED)) {
    *imm = CRYPTO_IMM(f5 == 0x18 ? CRYPTO_SM4ED : CRYPTO_SM4KS, bs);
    return OP_SM;
  }
  if (!rv64) {
    unsigned need = (f5 == 0x11 || f5 == 0x13) ? ISA_EXT_ZKNE : (f5 == 0x15 || f5 == 0x17) ? ISA_EXT_ZKND : 0;
    if (need && (ext & need)) {
      static const enum crypto_fn aes32[4] = {CRYPTO_AES32ESI, CRYPTO_AES32ESMI, CRYPTO_AES32DSI, CRYPTO_AES32DSMI};
      *imm = CRYPTO_IMM(aes32[(f5 - 0x11) / 2], bs);
      return OP_AES;
    }
    if (f7 >= 0x28 && f7 <= 0x2f && f7 != 0x2c && f7 != 0x2d && (ext & ISA_EXT_ZKNH)) {
      static const enum crypto_fn sha512[8] = {CRYPTO_SHA512SUM0R, CRYPTO_SHA512SUM1R, CRYPTO_SHA512SIG0L,
                                               CRYPTO_SHA512SIG1L, CRYPTO_FN_COUNT,    CRYPTO_FN_COUNT,
                                               CRYPTO_SHA512SIG0H, CRYPTO_SHA512SIG1H};
      *imm = CRYPTO_IMM(sha512[f7 - 0x28], 0);
      return OP_SHA;
    }
    return OP_ILLEGAL;
  }
  if (f7 == 0x19 || f7 == 0x1b) {
    if (!(ext & ISA_EXT_ZKNE)) return OP_ILLEGAL;
    *imm = CRYPTO_IMM(f7 == 0x19 ? CRYPTO_AES64ES : CRYPTO_AES64ESM, 0);
    return OP_AES;
  }
  if (f7 == 0x1d || f7 == 0x1f) {
    if (!(ext & ISA_EXT_ZKND)) return OP_ILLEGAL;
    *imm = CRYPTO_IMM(f7 == 0x1d ? CRYPTO_AES64DS : CRYPTO_AES64DSM, 0);
    return OP_AES;
  }
  if (f7 == 0x3f && (ext & (ISA_EXT_ZKND | ISA_EXT_ZKNE))) {
    *imm = CRYPTO_IMM(CRYPTO_AES64KS2, 0);
    return OP_AES;
  }
  return OP_ILLEGAL;
}

enum op crypto_decode(uint32_t r, unsigned xlen, unsigned ext, int32_t *imm) {
  unsigned f3 = field(r, 14, 12), f7 = field(r, 31, 25);
  *imm = 0;
  switch (field(r, 6, 0)) {
    case 0x13: return op_imm(r, xlen, ext, imm);
    case 0x33:
      if (f3 == 0) return op_f3_0(r, xlen, ext, imm);
      if (f7 == 0x04 && (ext & ISA_EXT_ZBKB) && (f3 == 4 || f3 == 7)) return f3 == 4 ? OP_PACK : OP_PACKH;
      if (f7 == 0x14 && (ext & ISA_EXT_ZBKX) && (f3 == 2 || f3 == 4)) return f3 == 2 ? OP_XPERM4 : OP_XPERM8;
      return OP_ILLEGAL;
    case 0x3b:
      if (xlen == 64 && f7 == 0x04 && f3 == 4 && (ext & ISA_EXT_ZBKB)) return OP_PACKW;
      return OP_ILLEGAL;
  }
  return OP_ILLEGAL;
}
