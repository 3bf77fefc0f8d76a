/* strings: the C library's string and memory routines as embedded libraries write them
 * (word-at-a-time memcpy/memset with byte heads and tails, byte loops for strlen, strcmp,
 * strchr and a naive strstr), over buffers of many sizes and alignments: copy-heavy code
 * with short, data-dependent loops. Every call is checked against a byte-by-byte reference
 * at a few sizes; the checksum is compared to the native build's. */
#include "bench.h"

#ifndef ROUNDS
#define ROUNDS 2500
#endif
#define BUF 2048
#define EXPECTED_CHECKSUM 0x4634d8105ad2a809ull

typedef unsigned long __attribute__((may_alias)) word_t; /* reads char buffers by words */

static void *copy(void *dst, const void *src, uint32_t n) {
  uint8_t *d = dst;
  const uint8_t *s = src;
  while (n && ((uintptr_t)d & (sizeof(word_t) - 1))) *d++ = *s++, n--;
  if (!((uintptr_t)s & (sizeof(word_t) - 1))) {
    for (; n >= 4 * sizeof(word_t); n -= 4 * sizeof(word_t)) {
      word_t *dw = (word_t *)d;
      const word_t *sw = (const word_t *)s;
      dw[0] = sw[0], dw[1] = sw[1], dw[2] = sw[2], dw[3] = sw[3];
      d += 4 * sizeof(word_t), s += 4 * sizeof(word_t);
    }
  }
  while (n--) *d++ = *s++;
  return dst;
}

static void *fill(void *dst, int c, uint32_t n) {
  uint8_t *d = dst;
  while (n && ((uintptr_t)d & (sizeof(word_t) - 1))) *d++ = (uint8_t)c, n--;
  word_t w = (uint8_t)c;
  w |= w << 8, w |= w << 16;
  if (sizeof(word_t) > 4) w |= w << 16 << 16;
  for (; n >= sizeof(word_t); n -= sizeof(word_t), d += sizeof(word_t)) *(word_t *)d = w;
  while (n--) *d++ = (uint8_t)c;
  return dst;
}

static uint32_t length(const char *s) {
  const char *p = s;
  while (*p) p++;
  return (uint32_t)(p - s);
}

static int compare(const char *a, const char *b) {
  while (*a && *a == *b) a++, b++;
  return (uint8_t)*a - (uint8_t)*b;
}

static const char *find_char(const char *s, char c) {
  for (; *s; s++)
    if (*s == c) return s;
  return 0;
}

static const char *find(const char *hay, const char *needle) {
  uint32_t n = length(needle);
  for (; *hay; hay++) {
    uint32_t i = 0;
    while (i < n && hay[i] == needle[i]) i++;
    if (i == n) return hay;
  }
  return 0;
}

static char src[BUF + 16], dst[BUF + 16];

int main(void) {
  start_hpm_counters();
  uint64_t rng = 0x2545F4914F6CDD1Dull, checksum = 0;
  for (uint32_t round = 0; round < ROUNDS; round++) {
    uint32_t len = (uint32_t)(xorshift64(&rng) % (BUF - 64)) + 32;
    uint32_t so = round % 8, dof = (round / 8) % 8;
    for (uint32_t i = 0; i < len; i++) src[so + i] = (char)('a' + (xorshift64(&rng) % 26));
    src[so + len] = 0;
    copy(dst + dof, src + so, len + 1);
    if (round % 64 == 0)
      for (uint32_t i = 0; i <= len; i++) CHECK_EQ(dst[dof + i], src[so + i]);
    CHECK_EQ(length(dst + dof), len);
    CHECK_EQ(compare(dst + dof, src + so), 0);
    dst[dof + len / 2] = 'A';
    CHECK(compare(dst + dof, src + so) < 0);
    const char *z = find_char(dst + dof, 'z');
    const char *hit = find(src + so, "zq");
    checksum = (checksum ^ (uint32_t)(z ? z - (dst + dof) : -1)) * 0x100000001B3ull;
    checksum = (checksum ^ (uint32_t)(hit ? hit - (src + so) : -1)) * 0x100000001B3ull;
    fill(dst + dof, (int)round, len);
    CHECK_EQ((uint8_t)dst[dof + len - 1], (uint8_t)round);
    CHECK_EQ((uint8_t)dst[dof], (uint8_t)round);
  }
  uint64_t insns = read_minstret();
  print_hex_line("strings checksum", checksum);
  CHECK_EQ(checksum, EXPECTED_CHECKSUM);
  print_hpm_counters();
  print_insns_line(insns);
  return 0;
}
