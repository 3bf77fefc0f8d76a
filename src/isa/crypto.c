/* Scalar cryptography 1.0.1: the instructions' pseudocode (spec ch. "Instructions") written
 * from the ciphers' definitions: AES (FIPS 197) S-boxes computed from the field inverse and
 * the affine map, ShiftRows and MixColumns from the state layout (the 128-bit state's bytes
 * 0-7 in rs1, 8-15 in rs2 for the AES64 instructions); SHA-2 (FIPS 180-4) sigma functions;
 * SM3 (GB/T 32905) P0/P1; SM4 (GB/T 32907) S-box; SM4's linear transforms per byte from the
 * instructions' pseudocode. */
#include "isa/crypto.h"

#include <stdbool.h>

#include "isa/insn.h"

static uint32_t ror32(uint32_t x, unsigned n) { return n ? (x >> n) | (x << (32 - n)) : x; }
static uint32_t rol32(uint32_t x, unsigned n) { return ror32(x, (32 - n) & 31); }
static uint64_t ror64(uint64_t x, unsigned n) { return n ? (x >> n) | (x << (64 - n)) : x; }
static uint64_t sext32(uint32_t v) { return (uint64_t)(int64_t)(int32_t)v; }

/* GF(2^8) with the AES polynomial x^8 + x^4 + x^3 + x + 1. */
static uint8_t gf_mul(uint8_t a, uint8_t b) {
  uint8_t r = 0;
  for (; b; b >>= 1) {
    if (b & 1) r ^= a;
    a = (uint8_t)(a << 1 ^ ((a & 0x80) ? 0x1b : 0));
  }
  return r;
}

static uint8_t rotl8(uint8_t v, unsigned k) { return (uint8_t)(v << k | v >> (8 - k)); }

/* The multiplicative inverse, x^254 (0 for 0). */
static uint8_t gf_inv(uint8_t x) {
  uint8_t r = 1, p = x;
  for (unsigned e = 254; e; e >>= 1, p = gf_mul(p, p))
    if (e & 1) r = gf_mul(r, p);
  return r;
}

/* FIPS 197 5.1.1: the inverse, then the affine map b ^ rotl(b,1..4) ^ 0x63; and 5.3.2 the
 * inverse S-box: the inverse affine map rotl(s,1) ^ rotl(s,3) ^ rotl(s,6) ^ 0x05, then the
 * field inverse. Computed, not tabled: the instructions are rare enough. */
static uint8_t aes_sbox(uint8_t x) {
  uint8_t i = gf_inv(x);
  return (uint8_t)(i ^ rotl8(i, 1) ^ rotl8(i, 2) ^ rotl8(i, 3) ^ rotl8(i, 4) ^ 0x63);
}
static uint8_t aes_inv_sbox(uint8_t s) { return gf_inv((uint8_t)(rotl8(s, 1) ^ rotl8(s, 3) ^ rotl8(s, 6) ^ 0x05)); }

/* SM4's S-box (GB/T 32907-2016, table 1). */
static const uint8_t sm4_sbox[256] = {
    0xd6, 0x90, 0xe9, 0xfe, 0xcc, 0xe1, 0x3d, 0xb7, 0x16, 0xb6, 0x14, 0xc2, 0x28, 0xfb, 0x2c, 0x05,
    0x2b, 0x67, 0x9a, 0x76, 0x2a, 0xbe, 0x04, 0xc3, 0xaa, 0x44, 0x13, 0x26, 0x49, 0x86, 0x06, 0x99,
    0x9c, 0x42, 0x50, 0xf4, 0x91, 0xef, 0x98, 0x7a, 0x33, 0x54, 0x0b, 0x43, 0xed, 0xcf, 0xac, 0x62,
    0xe4, 0xb3, 0x1c, 0xa9, 0xc9, 0x08, 0xe8, 0x95, 0x80, 0xdf, 0x94, 0xfa, 0x75, 0x8f, 0x3f, 0xa6,
    0x47, 0x07, 0xa7, 0xfc, 0xf3, 0x73, 0x17, 0xba, 0x83, 0x59, 0x3c, 0x19, 0xe6, 0x85, 0x4f, 0xa8,
    0x68, 0x6b, 0x81, 0xb2, 0x71, 0x64, 0xda, 0x8b, 0xf8, 0xeb, 0x0f, 0x4b, 0x70, 0x56, 0x9d, 0x35,
    0x1e, 0x24, 0x0e, 0x5e, 0x63, 0x58, 0xd1, 0xa2, 0x25, 0x22, 0x7c, 0x3b, 0x01, 0x21, 0x78, 0x87,
    0xd4, 0x00, 0x46, 0x57, 0x9f, 0xd3, 0x27, 0x52, 0x4c, 0x36, 0x02, 0xe7, 0xa0, 0xc4, 0xc8, 0x9e,
    0xea, 0xbf, 0x8a, 0xd2, 0x40, 0xc7, 0x38, 0xb5, 0xa3, 0xf7, 0xf2, 0xce, 0xf9, 0x61, 0x15, 0xa1,
    0xe0, 0xae, 0x5d, 0xa4, 0x9b, 0x34, 0x1a, 0x55, 0xad, 0x93, 0x32, 0x30, 0xf5, 0x8c, 0xb1, 0xe3,
    0x1d, 0xf6, 0xe2, 0x2e, 0x82, 0x66, 0xca, 0x60, 0xc0, 0x29, 0x23, 0xab, 0x0d, 0x53, 0x4e, 0x6f,
    0xd5, 0xdb, 0x37, 0x45, 0xde, 0xfd, 0x8e, 0x2f, 0x03, 0xff, 0x6a, 0x72, 0x6d, 0x6c, 0x5b, 0x51,
    0x8d, 0x1b, 0xaf, 0x92, 0xbb, 0xdd, 0xbc, 0x7f, 0x11, 0xd9, 0x5c, 0x41, 0x1f, 0x10, 0x5a, 0xd8,
    0x0a, 0xc1, 0x31, 0x88, 0xa5, 0xcd, 0x7b, 0xbd, 0x2d, 0x74, 0xd0, 0x12, 0xb8, 0xe5, 0xb4, 0xb0,
    0x89, 0x69, 0x97, 0x4a, 0x0c, 0x96, 0x77, 0x7e, 0x65, 0xb9, 0xf1, 0x09, 0xc5, 0x6e, 0xc6, 0x84,
    0x18, 0xf0, 0x7d, 0xec, 0x3a, 0xdc, 0x4d, 0x20, 0x79, 0xee, 0x5f, 0x3e, 0xd7, 0xcb, 0x39, 0x48,
};

static uint8_t byte_of(uint64_t v, unsigned i) { return (uint8_t)(v >> (8 * i)); }

/* MixColumns (FIPS 197 5.1.3) and its inverse (5.3.3) on one column, byte 0 = row 0. */
static uint32_t mix_column(uint32_t col, bool inverse) {
  static const uint8_t fwd[4] = {2, 3, 1, 1}, inv[4] = {0x0e, 0x0b, 0x0d, 0x09};
  const uint8_t *m = inverse ? inv : fwd;
  uint32_t r = 0;
  for (unsigned row = 0; row < 4; row++) {
    uint8_t acc = 0;
    for (unsigned k = 0; k < 4; k++) acc ^= gf_mul(m[(k - row) & 3], byte_of(col, k));
    r |= (uint32_t)acc << (8 * row);
  }
  return r;
}

/* The low 64 bits (columns 0 and 1) of (Inv)ShiftRows applied to the state rs1 (bytes 0-7),
 * rs2 (bytes 8-15), each byte then through the (inverse) S-box: byte 4c + r of the result is
 * state byte 4((c + r) mod 4) + r, (c - r) for the inverse. */
static uint64_t aes64_rows_sub(uint64_t rs1, uint64_t rs2, bool inverse) {
  uint64_t r = 0;
  for (unsigned k = 0; k < 8; k++) {
    unsigned c = k / 4, row = k % 4, from = 4 * ((inverse ? c + 4 - row : c + row) & 3) + row;
    uint8_t b = from < 8 ? byte_of(rs1, from) : byte_of(rs2, from - 8);
    r |= (uint64_t)(inverse ? aes_inv_sbox(b) : aes_sbox(b)) << (8 * k);
  }
  return r;
}

static uint64_t mix64(uint64_t v, bool inverse) {
  return (uint64_t)mix_column((uint32_t)(v >> 32), inverse) << 32 | mix_column((uint32_t)v, inverse);
}

/* AES32*SI/SMI: one byte (bs) of rs2 through the S-box, for SMI multiplied into the column a
 * row-0 byte makes, rotated to bs and XORed into rs1. */
static uint64_t aes32(uint64_t rs1, uint64_t rs2, unsigned bs, bool decrypt, bool mix) {
  uint8_t in = byte_of(rs2, bs), so = decrypt ? aes_inv_sbox(in) : aes_sbox(in);
  uint32_t col = so;
  if (mix) col = mix_column(so, decrypt);
  return sext32((uint32_t)rs1 ^ rol32(col, 8 * bs));
}

/* One S-box output byte x through SM4's linear transforms as the instructions define them
 * (scalar crypto spec, sm4ed and sm4ks pseudocode): L for the rounds, L' for the key schedule,
 * as the byte's contribution before the rotation to its lane bs. */
static uint32_t sm4_l(uint32_t x) {
  return x ^ (x << 8) ^ (x << 2) ^ (x << 18) ^ ((x & 0x3f) << 26) ^ ((x & 0xc0) << 10);
}
static uint32_t sm4_l_key(uint32_t x) {
  return x ^ ((x & 0x7) << 29) ^ ((x & 0xfe) << 7) ^ ((x & 0x1) << 23) ^ ((x & 0xf8) << 13);
}

static uint64_t scalar_crypto(unsigned fn, unsigned sel, uint64_t a, uint64_t b) {
  uint32_t a32 = (uint32_t)a, b32 = (uint32_t)b;
  switch ((enum crypto_fn)fn) {
    case CRYPTO_AES32ESI: return aes32(a, b, sel, false, false);
    case CRYPTO_AES32ESMI: return aes32(a, b, sel, false, true);
    case CRYPTO_AES32DSI: return aes32(a, b, sel, true, false);
    case CRYPTO_AES32DSMI: return aes32(a, b, sel, true, true);
    case CRYPTO_AES64ES: return aes64_rows_sub(a, b, false);
    case CRYPTO_AES64ESM: return mix64(aes64_rows_sub(a, b, false), false);
    case CRYPTO_AES64DS: return aes64_rows_sub(a, b, true);
    case CRYPTO_AES64DSM: return mix64(aes64_rows_sub(a, b, true), true);
    case CRYPTO_AES64IM: return mix64(a, true);
    case CRYPTO_AES64KS1I: { /* rnum 0..9: RotWord, SubWord, Rcon; 10: SubWord only */
      static const uint8_t rcon[11] = {0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36, 0x00};
      uint32_t w = (uint32_t)(a >> 32), s = 0;
      if (sel != 10) w = ror32(w, 8);
      for (unsigned i = 0; i < 4; i++) s |= (uint32_t)aes_sbox(byte_of(w, i)) << (8 * i);
      s ^= rcon[sel < 11 ? sel : 10];
      return (uint64_t)s << 32 | s;
    }
    case CRYPTO_AES64KS2: {
      uint32_t w0 = (uint32_t)(a >> 32) ^ b32, w1 = w0 ^ (uint32_t)(b >> 32);
      return (uint64_t)w1 << 32 | w0;
    }
    case CRYPTO_SHA256SIG0: return sext32(ror32(a32, 7) ^ ror32(a32, 18) ^ (a32 >> 3));
    case CRYPTO_SHA256SIG1: return sext32(ror32(a32, 17) ^ ror32(a32, 19) ^ (a32 >> 10));
    case CRYPTO_SHA256SUM0: return sext32(ror32(a32, 2) ^ ror32(a32, 13) ^ ror32(a32, 22));
    case CRYPTO_SHA256SUM1: return sext32(ror32(a32, 6) ^ ror32(a32, 11) ^ ror32(a32, 25));
    /* RV32: one half of the 64-bit SHA-512 function of {rs2, rs1} (H: rs1 the high half) or
     * {rs1, rs2} (L: rs1 the low half); sum0r/sum1r are symmetric in the halves. */
    case CRYPTO_SHA512SIG0H: return sext32((a32 >> 1) ^ (a32 >> 7) ^ (a32 >> 8) ^ (b32 << 31) ^ (b32 << 24));
    case CRYPTO_SHA512SIG0L:
      return sext32((a32 >> 1) ^ (a32 >> 7) ^ (a32 >> 8) ^ (b32 << 31) ^ (b32 << 25) ^ (b32 << 24));
    case CRYPTO_SHA512SIG1H: return sext32((a32 << 3) ^ (a32 >> 6) ^ (a32 >> 19) ^ (b32 >> 29) ^ (b32 << 13));
    case CRYPTO_SHA512SIG1L:
      return sext32((a32 << 3) ^ (a32 >> 6) ^ (a32 >> 19) ^ (b32 >> 29) ^ (b32 << 26) ^ (b32 << 13));
    case CRYPTO_SHA512SUM0R:
      return sext32((a32 << 25) ^ (a32 << 30) ^ (a32 >> 28) ^ (b32 >> 7) ^ (b32 >> 2) ^ (b32 << 4));
    case CRYPTO_SHA512SUM1R:
      return sext32((a32 << 23) ^ (a32 >> 14) ^ (a32 >> 18) ^ (b32 >> 9) ^ (b32 << 18) ^ (b32 << 14));
    case CRYPTO_SHA512SIG0: return ror64(a, 1) ^ ror64(a, 8) ^ (a >> 7);
    case CRYPTO_SHA512SIG1: return ror64(a, 19) ^ ror64(a, 61) ^ (a >> 6);
    case CRYPTO_SHA512SUM0: return ror64(a, 28) ^ ror64(a, 34) ^ ror64(a, 39);
    case CRYPTO_SHA512SUM1: return ror64(a, 14) ^ ror64(a, 18) ^ ror64(a, 41);
    case CRYPTO_SM4ED: return sext32(a32 ^ rol32(sm4_l(sm4_sbox[byte_of(b, sel)]), 8 * sel));
    case CRYPTO_SM4KS: return sext32(a32 ^ rol32(sm4_l_key(sm4_sbox[byte_of(b, sel)]), 8 * sel));
    case CRYPTO_SM3P0: return sext32(a32 ^ rol32(a32, 9) ^ rol32(a32, 17));
    case CRYPTO_SM3P1: return sext32(a32 ^ rol32(a32, 15) ^ rol32(a32, 23));
    case CRYPTO_FN_COUNT: break;
  }
  return 0;
}

static uint64_t brev8(uint64_t v) {
  uint64_t r = 0;
  for (unsigned i = 0; i < 64; i++)
    if ((v >> i) & 1) r |= 1ull << ((i & ~7u) | (7 - (i & 7)));
  return r;
}

/* XPERM4/XPERM8: element i of the result is element x[rs2].element[i] of x[rs1], 0 when that
 * index is XLEN / width or more. */
static uint64_t xperm(uint64_t a, uint64_t b, unsigned width, unsigned xlen) {
  uint64_t r = 0, mask = (1ull << width) - 1;
  for (unsigned i = 0; i < xlen; i += width) {
    uint64_t idx = (b >> i) & mask;
    if (idx < xlen / width) r |= ((a >> (idx * width)) & mask) << i;
  }
  return r;
}

uint64_t crypto_exec(unsigned op, int32_t imm, uint64_t a, uint64_t b, unsigned xlen) {
  uint64_t r = 0;
  switch ((enum op)op) {
    case OP_PACK: /* low halves of rs1 (low) and rs2 (high) */
      r = xlen == 32 ? (uint64_t)((uint32_t)b << 16 | (uint16_t)a) : (b << 32 | (uint32_t)a);
      break;
    case OP_PACKH: r = (uint64_t)(uint8_t)b << 8 | (uint8_t)a; break;
    case OP_PACKW: r = sext32((uint32_t)b << 16 | (uint16_t)a); break;
    case OP_BREV8: r = brev8(a); break;
    case OP_ZIP: /* RV32: bit i of the low half to bit 2i, bit i of the high half to 2i + 1 */
      for (unsigned i = 0; i < 16; i++) r |= ((a >> i) & 1) << (2 * i) | ((a >> (i + 16)) & 1) << (2 * i + 1);
      break;
    case OP_UNZIP: /* its inverse */
      for (unsigned i = 0; i < 16; i++) r |= ((a >> (2 * i)) & 1) << i | ((a >> (2 * i + 1)) & 1) << (i + 16);
      break;
    case OP_XPERM4: r = xperm(a, b, 4, xlen); break;
    case OP_XPERM8: r = xperm(a, b, 8, xlen); break;
    case OP_AES: case OP_SHA: case OP_SM:
      r = scalar_crypto((unsigned)imm & 0xff, ((unsigned)imm >> 8) & 0xff, a, b);
      break;
    default: break;
  }
  return xlen == 32 ? (uint64_t)(uint32_t)r : r;
}

const char *crypto_fn_name(unsigned fn) {
  static const char *const names[CRYPTO_FN_COUNT] = {
      "aes32esi", "aes32esmi", "aes32dsi", "aes32dsmi", "aes64es", "aes64esm", "aes64ds", "aes64dsm",
      "aes64im", "aes64ks1i", "aes64ks2", "sha256sig0", "sha256sig1", "sha256sum0", "sha256sum1",
      "sha512sig0h", "sha512sig0l", "sha512sig1h", "sha512sig1l", "sha512sum0r", "sha512sum1r",
      "sha512sig0", "sha512sig1", "sha512sum0", "sha512sum1", "sm4ed", "sm4ks", "sm3p0", "sm3p1"};
  return fn < CRYPTO_FN_COUNT ? names[fn] : "?";
}
