/* Covers: the generic core's time base (docs/counters.md): mtime and the time CSR advance one tick per 10 simulated cycles (10 MHz timebase, 100 MHz core clock), derived from cycles, not host time. */
/* qemu: no (QEMU's mtime follows its own virtual clock, not mcycle) */
#include "hpm_util.h"

int main(void) {
  uint64_t t0 = clint_mtime();
  uxlen_t c0 = CSR_READ(mcycle);
  for (volatile int i = 0; i < 1000; i++) {
  }
  uxlen_t c1 = CSR_READ(mcycle);
  uint64_t t1 = clint_mtime();
  uint64_t ticks = t1 - t0, cycles = (uxlen_t)(c1 - c0);
  CHECK(cycles > 5000);
  CHECK(ticks + 2 >= cycles / 10 && ticks <= cycles / 10 + 2);
  return 0;
}
