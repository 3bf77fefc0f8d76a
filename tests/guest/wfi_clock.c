/* Covers: the generic core halts its clock in WFI (SBI PMU: CPU cycles "are not counted when
 * the CPU clock is halted"): mcycle does not advance while the hart sleeps, time does; and
 * time = simulated cycles / 10 (10 MHz timebase, 100 MHz core clock) while running. */
/* qemu: no (QEMU's mcycle is not a clock-halting cycle counter; its mtime follows host time) */
#include "hpm_util.h"

static uint64_t now(void) {
#if __riscv_xlen == 32
  uint32_t hi, lo;
  do {
    hi = CSR_READ(timeh);
    lo = CSR_READ(time);
  } while (hi != CSR_READ(timeh));
  return (uint64_t)hi << 32 | lo;
#else
  return CSR_READ(time);
#endif
}

int main(void) {
  /* While running, 10 cycles per tick: 10000 instructions of a loop advance time by ~1000. */
  uint64_t t0 = now();
  uxlen_t c0 = CSR_READ(mcycle);
  for (volatile int i = 0; i < 1000; i++) {
  }
  uxlen_t c1 = CSR_READ(mcycle);
  uint64_t t1 = now();
  uint64_t ticks = t1 - t0, cycles = c1 - c0;
  CHECK(ticks >= cycles / 10 - 2 && ticks <= cycles / 10 + 2);

  /* Sleep 100000 ticks: time jumps, mcycle barely moves (the instructions around WFI). */
  CSR_SET(mie, 1UL << IRQ_MTI);
  uint64_t before = now();
  clint_set_mtimecmp(before + 100000);
  uxlen_t cyc_before = CSR_READ(mcycle);
  __asm__ volatile("wfi");
  uxlen_t cyc_after = CSR_READ(mcycle);
  uint64_t after = now();
  CHECK(after >= before + 100000);
  CHECK(cyc_after - cyc_before < 20);
  return 0;
}
