/* Covers: the time CSR (0xC01; RV32 timeh 0xC81) reads the CLINT mtime (0x200BFF8), also after software writes mtime (values across the 32-bit boundary). */
/* qemu: yes */
#include "hpm_util.h"

static uint64_t read_time64(void) {
#if XLEN == 64
  return CSR_READ(time);
#else
  for (;;) {
    uxlen_t hi = CSR_READ(timeh), lo = CSR_READ(time);
    if (CSR_READ(timeh) == hi) return ((uint64_t)hi << 32) | lo;
  }
#endif
}

static void write_mtime(uint64_t v) {
#if XLEN == 64
  *(volatile uint64_t *)(CLINT_BASE + 0xBFF8) = v;
#else
  *CLINT_MTIME_LO = 0;
  *CLINT_MTIME_HI = (uint32_t)(v >> 32);
  *CLINT_MTIME_LO = (uint32_t)v;
#endif
}

int main(void) {
  /* time lies between two reads of mtime. */
  for (int k = 0; k < 3; k++) {
    uint64_t m0 = clint_mtime();
    uint64_t t = read_time64();
    uint64_t m1 = clint_mtime();
    CHECK(m0 <= t);
    CHECK(t <= m1);
  }

  /* After writing mtime (across the 32-bit boundary), time follows. */
  static const uint64_t points[] = {0x00000000FFFFF000ULL, 0x0000001234567890ULL,
                                    0x7FFFFFFF00000000ULL, 0x100000ULL};
  for (unsigned p = 0; p < sizeof points / sizeof points[0]; p++) {
    write_mtime(points[p]);
    uint64_t m0 = clint_mtime();
    uint64_t t = read_time64();
    uint64_t m1 = clint_mtime();
    CHECK(m0 >= points[p]);
    CHECK(m0 - points[p] < 0x1000000);
    CHECK(m0 <= t);
    CHECK(t <= m1);
  }

  return 0;
}
