/* Decoding of the scalar-cryptography encodings (isa/decode_crypto.c), for isa/decode.c. */
#ifndef RVPMU_ISA_DECODE_CRYPTO_H
#define RVPMU_ISA_DECODE_CRYPTO_H

#include <stdint.h>

#include "isa/insn.h"

/* The operation of the 32-bit encoding `r` (opcode OP-IMM, OP or OP-32) among the ones of
 * isa/ops_crypto.def that `ext` enables at XLEN `xlen`, with its imm in *imm; OP_ILLEGAL if
 * none. The instructions Zbkb and Zbkc share with Zbb and Zbc are decoded by decode.c. */
enum op crypto_decode(uint32_t r, unsigned xlen, unsigned ext, int32_t *imm);

#endif
