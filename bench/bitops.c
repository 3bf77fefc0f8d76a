/* bitops: bit manipulation as codecs, compressors and bitmap allocators write it without
 * special instructions: population count, count leading/trailing zeros, bit reversal,
 * a bitmap allocator's first-fit search, Gray codes and a 32-bit integer hash (murmur3's
 * finaliser) — shifts, masks and data-dependent short loops. Each function is checked on
 * fixed values; the checksum is compared to the native build's. */
#include "bench.h"

#ifndef ROUNDS
#define ROUNDS 600000
#endif
#define BITMAP_WORDS 64
#define EXPECTED_CHECKSUM 0xa513056b7a43810bull

static uint32_t popcount(uint32_t x) {
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  return (((x + (x >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24;
}

static uint32_t leading_zeros(uint32_t x) {
  uint32_t n = 0;
  if (!x) return 32;
  while (!(x & 0x80000000u)) x <<= 1, n++;
  return n;
}

static uint32_t trailing_zeros(uint32_t x) {
  uint32_t n = 0;
  if (!x) return 32;
  while (!(x & 1)) x >>= 1, n++;
  return n;
}

static uint32_t reverse(uint32_t x) {
  x = (x >> 1 & 0x55555555u) | (x & 0x55555555u) << 1;
  x = (x >> 2 & 0x33333333u) | (x & 0x33333333u) << 2;
  x = (x >> 4 & 0x0f0f0f0fu) | (x & 0x0f0f0f0fu) << 4;
  x = (x >> 8 & 0x00ff00ffu) | (x & 0x00ff00ffu) << 8;
  return x >> 16 | x << 16;
}

static uint32_t mix(uint32_t h) { /* murmur3's fmix32 */
  h ^= h >> 16, h *= 0x85ebca6bu, h ^= h >> 13, h *= 0xc2b2ae35u;
  return h ^ h >> 16;
}

static uint32_t bitmap[BITMAP_WORDS];

/* First fit of a run of `len` free (zero) bits; marks it used and returns its start, or -1. */
static int32_t allocate(uint32_t len) {
  uint32_t run = 0;
  for (uint32_t bit = 0; bit < BITMAP_WORDS * 32; bit++) {
    if (bitmap[bit / 32] >> (bit % 32) & 1) {
      run = 0;
      continue;
    }
    if (++run == len) {
      uint32_t start = bit + 1 - len;
      for (uint32_t b = start; b <= bit; b++) bitmap[b / 32] |= 1u << (b % 32);
      return (int32_t)start;
    }
  }
  return -1;
}

static void release(uint32_t start, uint32_t len) {
  for (uint32_t b = start; b < start + len; b++) bitmap[b / 32] &= ~(1u << (b % 32));
}

int main(void) {
  start_hpm_counters();
  CHECK_EQ(popcount(0xF00F1001u), 10);
  CHECK_EQ(leading_zeros(0x00010000u), 15);
  CHECK_EQ(trailing_zeros(0x00010000u), 16);
  CHECK_EQ(reverse(0x00000001u), 0x80000000u);
  CHECK_EQ(mix(1), 0x514e28b7u);

  uint64_t rng = 0x853C49E6748FEA9Bull, checksum = 0;
  int32_t held[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
  uint32_t held_len[8] = {0};
  for (uint32_t round = 0; round < ROUNDS; round++) {
    uint32_t x = (uint32_t)xorshift64(&rng) >> (round % 29);
    uint32_t v = popcount(x) + 33 * leading_zeros(x) + 1089 * trailing_zeros(x);
    v ^= reverse(x) ^ mix(x ^ round);
    v ^= (x ^ x >> 1) * 0x9E3779B9u; /* Gray code */
    checksum = (checksum ^ v) * 0x100000001B3ull;
    if (round % 16 == 0) {
      uint32_t slot = round / 16 % 8;
      if (held[slot] >= 0) release((uint32_t)held[slot], held_len[slot]);
      held_len[slot] = (x & 63) + 1;
      held[slot] = allocate(held_len[slot]);
      checksum = (checksum ^ (uint32_t)held[slot]) * 0x100000001B3ull;
    }
  }
  uint64_t insns = read_minstret();
  print_hex_line("bitops checksum", checksum);
  CHECK_EQ(checksum, EXPECTED_CHECKSUM);
  print_hpm_counters();
  print_insns_line(insns);
  return 0;
}
