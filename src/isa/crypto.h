/* Scalar cryptography (RISC-V scalar crypto spec 1.0.1): the results of the operations of
 * isa/ops_crypto.def, as pure functions of their operands. */
#ifndef RVPMU_ISA_CRYPTO_H
#define RVPMU_ISA_CRYPTO_H

#include <stdint.h>

/* The function of an OP_AES, OP_SHA or OP_SM instruction: imm = fn | sel << 8, where sel is the
 * byte select bs of the AES32 and SM4 instructions or AES64KS1I's round number. */
enum crypto_fn {
  CRYPTO_AES32ESI, CRYPTO_AES32ESMI, CRYPTO_AES32DSI, CRYPTO_AES32DSMI,         /* RV32 Zkne, Zknd */
  CRYPTO_AES64ES, CRYPTO_AES64ESM, CRYPTO_AES64DS, CRYPTO_AES64DSM, CRYPTO_AES64IM, /* RV64 */
  CRYPTO_AES64KS1I, CRYPTO_AES64KS2,
  CRYPTO_SHA256SIG0, CRYPTO_SHA256SIG1, CRYPTO_SHA256SUM0, CRYPTO_SHA256SUM1,     /* Zknh */
  CRYPTO_SHA512SIG0H, CRYPTO_SHA512SIG0L, CRYPTO_SHA512SIG1H, CRYPTO_SHA512SIG1L, /* RV32 */
  CRYPTO_SHA512SUM0R, CRYPTO_SHA512SUM1R,
  CRYPTO_SHA512SIG0, CRYPTO_SHA512SIG1, CRYPTO_SHA512SUM0, CRYPTO_SHA512SUM1,     /* RV64 */
  CRYPTO_SM4ED, CRYPTO_SM4KS, CRYPTO_SM3P0, CRYPTO_SM3P1,                         /* Zksed, Zksh */
  CRYPTO_FN_COUNT
};
#define CRYPTO_IMM(fn, sel) ((int32_t)(fn) | (int32_t)(sel) << 8)

/* The value an operation of ops_crypto.def writes to rd, for operands a = x[rs1], b = x[rs2] and
 * the instruction's imm, at XLEN `xlen` (32-bit results are sign-extended on RV64). */
uint64_t crypto_exec(unsigned op, int32_t imm, uint64_t a, uint64_t b, unsigned xlen);

/* Mnemonic of an OP_AES/OP_SHA/OP_SM function ("aes64es", ...), for disassembly. */
const char *crypto_fn_name(unsigned fn);

#endif
