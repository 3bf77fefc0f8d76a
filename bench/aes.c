/* aes: AES-128 (FIPS 197) encryption in counter mode with the classic four 1 KiB T-tables,
 * built at start-up from the S-box the program derives itself (multiplicative inverse in
 * GF(2^8) and the affine map). Table-driven cipher code: every round is 16 table loads indexed
 * by data bytes, xors and shifts in long basic blocks. The FIPS 197 appendix C.1 vector is
 * checked first; the final checksum is compared to the native build's. */
#include "bench.h"

#ifndef ROUNDS
#define ROUNDS 9000
#endif
#define BLOCKS 16 /* 16-byte blocks encrypted per round */
#define EXPECTED_CHECKSUM 0x08057beeaa54379cull

static uint8_t sbox[256];
static uint32_t te0[256], te1[256], te2[256], te3[256];

static uint8_t xtime(uint8_t x) { return (uint8_t)(x << 1 ^ (x & 0x80 ? 0x1b : 0)); }

static uint8_t gf_mul(uint8_t a, uint8_t b) {
  uint8_t p = 0;
  for (int i = 0; i < 8; i++, b >>= 1, a = xtime(a))
    if (b & 1) p ^= a;
  return p;
}

/* FIPS 197, 5.1.1: the inverse in GF(2^8) (x^254) followed by the affine transformation. */
static void build_tables(void) {
  for (int x = 0; x < 256; x++) {
    uint8_t inv = 1, base = (uint8_t)x;
    for (int e = 254; e; e >>= 1, base = gf_mul(base, base))
      if (e & 1) inv = gf_mul(inv, base);
    if (x == 0) inv = 0;
    uint8_t s = inv;
    for (int r = 1; r < 5; r++) s ^= (uint8_t)(inv << r | inv >> (8 - r));
    sbox[x] = s ^ 0x63;
  }
  for (int x = 0; x < 256; x++) {
    uint8_t s = sbox[x], s2 = xtime(s), s3 = s2 ^ s;
    te0[x] = (uint32_t)s2 << 24 | (uint32_t)s << 16 | (uint32_t)s << 8 | s3;
    te1[x] = te0[x] >> 8 | te0[x] << 24;
    te2[x] = te0[x] >> 16 | te0[x] << 16;
    te3[x] = te0[x] >> 24 | te0[x] << 8;
  }
}

/* FIPS 197, 5.2: the 44 round-key words of a 128-bit key. */
static void expand_key(const uint8_t key[16], uint32_t rk[44]) {
  uint8_t rcon = 1;
  for (int i = 0; i < 4; i++)
    rk[i] = (uint32_t)key[4 * i] << 24 | (uint32_t)key[4 * i + 1] << 16 |
            (uint32_t)key[4 * i + 2] << 8 | key[4 * i + 3];
  for (int i = 4; i < 44; i++) {
    uint32_t t = rk[i - 1];
    if (i % 4 == 0) {
      t = (uint32_t)sbox[t >> 16 & 0xff] << 24 | (uint32_t)sbox[t >> 8 & 0xff] << 16 |
          (uint32_t)sbox[t & 0xff] << 8 | sbox[t >> 24];
      t ^= (uint32_t)rcon << 24;
      rcon = xtime(rcon);
    }
    rk[i] = rk[i - 4] ^ t;
  }
}

#define BYTE(w, n) ((w) >> (24 - 8 * (n)) & 0xff)

static void encrypt(const uint32_t rk[44], const uint32_t in[4], uint32_t out[4]) {
  uint32_t s0 = in[0] ^ rk[0], s1 = in[1] ^ rk[1], s2 = in[2] ^ rk[2], s3 = in[3] ^ rk[3];
  for (int r = 1; r < 10; r++) {
    const uint32_t *k = rk + 4 * r;
    uint32_t t0 = te0[BYTE(s0, 0)] ^ te1[BYTE(s1, 1)] ^ te2[BYTE(s2, 2)] ^ te3[BYTE(s3, 3)] ^ k[0];
    uint32_t t1 = te0[BYTE(s1, 0)] ^ te1[BYTE(s2, 1)] ^ te2[BYTE(s3, 2)] ^ te3[BYTE(s0, 3)] ^ k[1];
    uint32_t t2 = te0[BYTE(s2, 0)] ^ te1[BYTE(s3, 1)] ^ te2[BYTE(s0, 2)] ^ te3[BYTE(s1, 3)] ^ k[2];
    uint32_t t3 = te0[BYTE(s3, 0)] ^ te1[BYTE(s0, 1)] ^ te2[BYTE(s1, 2)] ^ te3[BYTE(s2, 3)] ^ k[3];
    s0 = t0, s1 = t1, s2 = t2, s3 = t3;
  }
  const uint32_t *k = rk + 40;
  uint32_t st[4] = {s0, s1, s2, s3};
  for (int c = 0; c < 4; c++)
    out[c] = ((uint32_t)sbox[BYTE(st[c], 0)] << 24 | (uint32_t)sbox[BYTE(st[(c + 1) % 4], 1)] << 16 |
              (uint32_t)sbox[BYTE(st[(c + 2) % 4], 2)] << 8 | sbox[BYTE(st[(c + 3) % 4], 3)]) ^
             k[c];
}

int main(void) {
  start_hpm_counters();
  build_tables();
  /* FIPS 197 appendix C.1: key 000102..0f, plaintext 00112233..ff. */
  uint8_t key[16];
  uint32_t rk[44], block[4], ct[4];
  for (int i = 0; i < 16; i++) key[i] = (uint8_t)i;
  expand_key(key, rk);
  const uint32_t pt[4] = {0x00112233, 0x44556677, 0x8899aabb, 0xccddeeff};
  encrypt(rk, pt, ct);
  CHECK_EQ(ct[0], 0x69c4e0d8);
  CHECK_EQ(ct[3], 0x70b4c55a);

  uint64_t checksum = 0;
  uint32_t counter = 0;
  for (uint32_t round = 0; round < ROUNDS; round++) {
    for (int b = 0; b < BLOCKS; b++, counter++) {
      block[0] = round, block[1] = 0x5a5a0000u ^ (uint32_t)b, block[2] = 0, block[3] = counter;
      encrypt(rk, block, ct);
      checksum = (checksum ^ ((uint64_t)ct[0] << 32 | ct[3])) * 0x100000001B3ull;
    }
    if (round % 512 == 511) { /* rekey now and then from the stream itself */
      for (int i = 0; i < 16; i++) key[i] ^= (uint8_t)(checksum >> (i % 8 * 8));
      expand_key(key, rk);
    }
  }
  uint64_t insns = read_minstret();
  print_hex_line("aes checksum", checksum);
  CHECK_EQ(checksum, EXPECTED_CHECKSUM);
  print_hpm_counters();
  print_insns_line(insns);
  return 0;
}
