/* sha256: the SHA-256 compression function (FIPS 180-4) over a buffer, chained ROUNDS times.
 * Straight-line crypto code: long basic blocks of rotates, shifts, xors and adds on 32-bit
 * words, with the message schedule in memory (the shape of table-free hash and cipher code,
 * which QEMU runs at its fastest). The FIPS 180-4 "abc" test vector is checked first; the
 * final digest is compared to the native build's (`make bench-host-check`). */
#include "bench.h"

#ifndef ROUNDS
#define ROUNDS 600
#endif
#define MSG_BYTES 4096
#define EXPECTED_CHECKSUM 0x5c95b4aa68268b1dull

static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

static uint32_t ror(uint32_t x, int n) { return x >> n | x << (32 - n); }

/* One 64-byte block into the state h (FIPS 180-4, 6.2.2). */
static void compress(uint32_t h[8], const uint8_t *block) {
  uint32_t w[64];
  for (int i = 0; i < 16; i++)
    w[i] = (uint32_t)block[4 * i] << 24 | (uint32_t)block[4 * i + 1] << 16 |
           (uint32_t)block[4 * i + 2] << 8 | block[4 * i + 3];
  for (int i = 16; i < 64; i++) {
    uint32_t s0 = ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^ (w[i - 15] >> 3);
    uint32_t s1 = ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^ (w[i - 2] >> 10);
    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
  }
  uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
  for (int i = 0; i < 64; i++) {
    uint32_t t1 = hh + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i];
    uint32_t t2 = (ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
    hh = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
  }
  h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += hh;
}

/* SHA-256 of len bytes (len < 2^29), with the padding of FIPS 180-4, 5.1.1. */
static void sha256(const uint8_t *msg, uint32_t len, uint32_t out[8]) {
  static const uint32_t init[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  uint8_t tail[128];
  uint32_t full = len & ~63u, rest = len - full;
  for (int i = 0; i < 8; i++) out[i] = init[i];
  for (uint32_t off = 0; off < full; off += 64) compress(out, msg + off);
  for (uint32_t i = 0; i < sizeof tail; i++) tail[i] = i < rest ? msg[full + i] : 0;
  tail[rest] = 0x80;
  uint32_t tail_len = rest < 56 ? 64 : 128;
  uint64_t bits = (uint64_t)len * 8;
  for (int i = 0; i < 8; i++) tail[tail_len - 1 - i] = (uint8_t)(bits >> (8 * i));
  for (uint32_t off = 0; off < tail_len; off += 64) compress(out, tail + off);
}

static uint8_t message[MSG_BYTES];

int main(void) {
  start_hpm_counters();
  uint32_t digest[8];
  sha256((const uint8_t *)"abc", 3, digest); /* FIPS 180-2, appendix B.1 */
  CHECK_EQ(digest[0], 0xba7816bf);
  CHECK_EQ(digest[7], 0xf20015ad);

  uint64_t rng = 0x243F6A8885A308D3ull, checksum = 0;
  for (uint32_t i = 0; i < MSG_BYTES; i++) message[i] = (uint8_t)xorshift64(&rng);
  for (uint32_t round = 0; round < ROUNDS; round++) {
    sha256(message, MSG_BYTES - (round & 63), digest);
    for (int i = 0; i < 8; i++) message[(round * 8 + i * 4) % MSG_BYTES] ^= (uint8_t)digest[i];
    checksum = (checksum ^ ((uint64_t)digest[0] << 32 | digest[1])) * 0x100000001B3ull;
  }
  uint64_t insns = read_minstret();
  print_hex_line("sha256 checksum", checksum);
  CHECK_EQ(checksum, EXPECTED_CHECKSUM);
  print_hpm_counters();
  print_insns_line(insns);
  return 0;
}
