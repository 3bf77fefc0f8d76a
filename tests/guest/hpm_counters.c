/* Covers: generic profile implements all 29 mhpmcounter3..31 (64-bit, writable) and mhpmevent3..31 (writable); event 0 = no event (counter does not count); 0x1 = cycles; 0x2 = instructions retired; 0x5 = conditional branches retired; an unknown selector counts nothing; each counter follows only its own event. */
/* qemu: no (QEMU 7.2 implements only mhpmcounter3..18 with its default pmu-num=16, and its mcountinhibit does not stop/hold counters reliably) */
#include "hpm_util.h"

static void check_hpm(unsigned n, uint64_t got, uint64_t want) {
  if (got != want) {
    guest_puts("mhpmcounter");
    guest_put_dec(n);
    guest_puts(": ");
  }
  CHECK_EQ(got, want);
}

/* Runs 10 iterations of a loop of 3 instructions (one taken-or-not conditional branch each)
 * between start and stop: 1 (li) + 30 + 1 (stop) = 32 instructions, 10 conditional
 * branches. */
static void run_branch_loop(void) {
  __asm__ volatile(".option push\n\t.option norvc\n\t"
                   "csrw mcountinhibit, zero\n\t"
                   "li t0, 10\n\t"
                   "1: addi t0, t0, -1\n\t"
                   "nop\n\t"
                   "bnez t0, 1b\n\t"
                   "csrw mcountinhibit, %0\n\t"
                   ".option pop" ::"r"(-1L)
                   : "t0", "memory");
}

int main(void) {
  hpm_stop_and_clear();

  /* mhpmevent3..31 hold the selectors written. */
  static const uxlen_t sel[] = {EV_CYCLES, EV_INSTRET, EV_BRANCHES, EV_LOADS, EV_ATOMICS, EV_NONE};
  for (unsigned n = 3; n < 32; n++) {
    for (unsigned i = 0; i < sizeof sel / sizeof sel[0]; i++) {
      mevent_write_lo(n, sel[i]);
      CHECK_EQ(mevent_read_lo(n), sel[i]);
    }
  }

  /* mhpmcounter3..31: 64-bit read/write, distinct values. */
  for (unsigned n = 3; n < 32; n++) mctr_write(n, 0x0123456789abcdefULL ^ ((uint64_t)n << 40) ^ n);
  for (unsigned n = 3; n < 32; n++)
    check_hpm(n, mctr_read(n), 0x0123456789abcdefULL ^ ((uint64_t)n << 40) ^ n);
  for (unsigned n = 3; n < 32; n++) mctr_write(n, ALL_ONES64);
  for (unsigned n = 3; n < 32; n++) check_hpm(n, mctr_read(n), ALL_ONES64);
  for (unsigned n = 3; n < 32; n++) mctr_write(n, 0);
  for (unsigned n = 3; n < 32; n++) check_hpm(n, mctr_read(n), 0);

  /* Event 0 (after reset of the selectors above): nothing counts. */
  HPM_RUN_NOPS(0, 30);
  for (unsigned n = 3; n < 32; n++) check_hpm(n, mctr_read(n), 0);

  /* All counting instructions: 31 each; all counting cycles: 31 each. */
  for (unsigned n = 3; n < 32; n++) mevent_write_lo(n, EV_INSTRET);
  HPM_RUN_NOPS(0, 30);
  for (unsigned n = 3; n < 32; n++) check_hpm(n, mctr_read(n), 31);
  for (unsigned n = 3; n < 32; n++) {
    mevent_write_lo(n, EV_CYCLES);
    mctr_write(n, 1000 + n);
  }
  HPM_RUN_NOPS(0, 30);
  for (unsigned n = 3; n < 32; n++) check_hpm(n, mctr_read(n), 1031 + n);

  /* Mixed: counter n gets selector n % 4 (0 none, 1 cycles, 2 instret, 3 unknown). */
  for (unsigned n = 3; n < 32; n++) {
    mevent_write_lo(n, n % 4);
    mctr_write(n, 0);
  }
  HPM_RUN_NOPS(0, 12);
  for (unsigned n = 3; n < 32; n++) check_hpm(n, mctr_read(n), (n % 4 == 1 || n % 4 == 2) ? 13 : 0);

  /* Unknown selectors count nothing, whatever runs. */
  static const uxlen_t unknown[] = {0x3, 0x4, 0x8, 0xff, 0x20000, 0x2000c, 0x2ffff, 0x12345, 0x7fffffff};
  for (unsigned i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
    for (unsigned n = 3; n < 32; n++) {
      mevent_write_lo(n, unknown[i]);
      mctr_write(n, 77);
    }
    run_branch_loop();
    for (unsigned n = 3; n < 32; n++) check_hpm(n, mctr_read(n), 77);
  }

  /* Conditional branches (0x5) against instructions and cycles, on every counter. */
  for (unsigned n = 3; n < 32; n++) {
    mevent_write_lo(n, n % 3 == 0 ? EV_BRANCHES : n % 3 == 1 ? EV_INSTRET : EV_CYCLES);
    mctr_write(n, 0);
  }
  mctr_write(0, 0);
  mctr_write(2, 0);
  run_branch_loop();
  for (unsigned n = 3; n < 32; n++) check_hpm(n, mctr_read(n), n % 3 == 0 ? 10 : 32);
  CHECK_EQ(mctr_read(0), 32);
  CHECK_EQ(mctr_read(2), 32);
  /* NOPs are no branches. */
  for (unsigned n = 3; n < 32; n++) {
    mevent_write_lo(n, EV_BRANCHES);
    mctr_write(n, 0);
  }
  HPM_RUN_NOPS(0, 25);
  for (unsigned n = 3; n < 32; n++) check_hpm(n, mctr_read(n), 0);

  hpm_stop_and_clear();
  return 0;
}
