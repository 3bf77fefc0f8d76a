/* Helpers shared by the benchmark workloads in bench/.
 *
 * The workloads run bare-metal on rvpmu and QEMU through the guest runtime in tests/guest/lib.
 * They can also be built natively with -DBENCH_HOST (see bench/host.c) so that the expected
 * checksums are computed independently of any RISC-V simulator. Everything that feeds a
 * checksum therefore uses fixed-width types, so the result is the same on rv64 and x86-64. */
#ifndef BENCH_H
#define BENCH_H

#include <stdint.h>

#include "guest.h"

/* Retired-instruction count so far. The harness divides the final value by wall time to get
 * MIPS, so it must come from the simulator itself rather than from the host. On QEMU, minstret
 * only counts instructions with -icount; without it QEMU returns a host tick count instead. */
#ifndef BENCH_HOST
/* Reads a 64-bit counter CSR on RV64, or its two halves consistently on RV32. */
#if __riscv_xlen == 64
#define READ_COUNTER(name)                                  \
  ({                                                        \
    uint64_t v_;                                            \
    __asm__ volatile("csrr %0, " #name : "=r"(v_)::"memory"); \
    v_;                                                     \
  })
#else
#define READ_COUNTER(name)                                                      \
  ({                                                                            \
    uint32_t hi_, lo_, hi2_;                                                    \
    do {                                                                        \
      __asm__ volatile("csrr %0, " #name "h\n\tcsrr %1, " #name "\n\tcsrr %2, " #name "h" \
                       : "=r"(hi_), "=r"(lo_), "=r"(hi2_)::"memory");           \
    } while (hi_ != hi2_);                                                      \
    (uint64_t)hi_ << 32 | lo_;                                                  \
  })
#endif
#endif

static inline uint64_t read_minstret(void) {
#ifdef BENCH_HOST
  return 0;
#else
  return READ_COUNTER(minstret);
#endif
}

/* Programs three hardware performance counters the way a profiling run would (generic core
 * selectors: mhpmcounter3 = loads, 4 = stores, 5 = conditional branches) and starts every
 * counter, so the speed figure is measured with cycle, instret and three hpm counters on. */
static inline void start_hpm_counters(void) {
#ifndef BENCH_HOST
  __asm__ volatile("csrw mhpmevent3, %0\n\tcsrw mhpmevent4, %1\n\tcsrw mhpmevent5, %2\n\t"
                   "csrw mcountinhibit, zero" ::"r"(0x20001), "r"(0x20002), "r"(0x5)
                   : "memory");
#endif
}

/* Prints the three counters started by start_hpm_counters (zero on QEMU, which lacks these
 * events). */
static inline void print_hpm_counters(void) {
#ifndef BENCH_HOST
  uint64_t loads = READ_COUNTER(mhpmcounter3), stores = READ_COUNTER(mhpmcounter4),
           branches = READ_COUNTER(mhpmcounter5);
  guest_puts("hpm loads=");
  guest_put_dec(loads);
  guest_puts(" stores=");
  guest_put_dec(stores);
  guest_puts(" branches=");
  guest_put_dec(branches);
  guest_putc('\n');
#endif
}

/* Marsaglia's xorshift64: cheap, deterministic on every platform, and never returns 0 for a
 * non-zero state. */
static inline uint64_t xorshift64(uint64_t *state) {
  uint64_t x = *state;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  *state = x;
  return x;
}

/* Prints `label=0x...` so a failing checksum can be compared against the host build. */
static inline void print_hex_line(const char *label, uint64_t v) {
  guest_puts(label);
  guest_putc('=');
  guest_put_hex(v);
  guest_putc('\n');
}

/* The last line of every workload: bench/run.sh parses `insns=N` to compute MIPS. */
static inline void print_insns_line(uint64_t insns) {
  guest_puts("insns=");
  guest_put_dec(insns);
  guest_putc('\n');
}

#endif
