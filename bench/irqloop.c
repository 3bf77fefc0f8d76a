/* irqloop: the CSR- and interrupt-heavy loop of an RTOS tick and a driver's polling: work
 * interleaved with CSR reads and writes (mscratch, mcycle, minstret) and mtime reads from the
 * CLINT, an ECALL every 64 iterations (a synchronous trap through the runtime's handler and
 * back), and a machine timer interrupt about every 200 timer ticks whose handler rearms the
 * CLINT's mtimecmp. The
 * checksum covers the work only (where an interrupt lands depends on the simulator's timing);
 * the program checks that interrupts and traps were taken and that every CSR write read back. */
#include "bench.h"
#ifndef BENCH_HOST
#include "hpm_util.h"
#endif

#ifndef ROUNDS
#define ROUNDS 6000000
#endif
#define TICKS 200 /* timer period in mtime ticks */
#define EXPECTED_CHECKSUM 0x791bd368207ac37dull

static volatile uint32_t interrupts;

#ifdef BENCH_HOST
#define SCRATCH_ROUNDTRIP(v) (v)
#define ECALL() ((void)0)
#define READ_CYCLE_SUM() 0u
#else
static void on_interrupt(uxlen_t mcause) {
  if ((mcause & 0xff) == IRQ_MTI) {
    interrupts++;
    clint_set_mtimecmp(clint_mtime() + TICKS);
  }
}
/* Writes v to mscratch and reads it back. */
static inline uxlen_t scratch_roundtrip(uxlen_t v) {
  uxlen_t r;
  __asm__ volatile("csrw mscratch, %1\n\tcsrr %0, mscratch" : "=r"(r) : "r"(v) : "memory");
  return r;
}
#define SCRATCH_ROUNDTRIP(v) scratch_roundtrip(v)
#define ECALL() (void)TRAPS_IN(__asm__ volatile("ecall" ::: "memory"))
/* mtime from the CLINT: Ibex and CV32E40P have no time CSR (a read traps, as on their RTL). */
#define READ_CYCLE_SUM() ((uint32_t)CSR_READ(mcycle) + (uint32_t)CSR_READ(minstret) + (uint32_t)clint_mtime())
#endif

int main(void) {
  start_hpm_counters();
#ifndef BENCH_HOST
  interrupt_hook = on_interrupt;
  clint_set_mtimecmp(clint_mtime() + TICKS);
  CSR_SET(mie, 1ul << IRQ_MTI);
  CSR_SET(mstatus, MSTATUS_MIE);
  uxlen_t traps_before = last_trap.count;
#endif
  uint64_t checksum = 0;
  uint32_t x = 1, noise = 0;
  for (uint32_t i = 0; i < ROUNDS; i++) {
    x = x * 1664525u + 1013904223u;
    uxlen_t back = SCRATCH_ROUNDTRIP((uxlen_t)x);
    if ((uint32_t)back != x) return 3;
    if ((i & 15) == 0) noise += READ_CYCLE_SUM(); /* timing-dependent: not in the checksum */
    if ((i & 63) == 0) ECALL();
    checksum = (checksum ^ (x >> 7)) * 0x100000001B3ull;
  }
  (void)noise;
#ifndef BENCH_HOST
  CSR_CLEAR(mstatus, MSTATUS_MIE);
  uxlen_t traps = last_trap.count - traps_before;
  CHECK(traps >= ROUNDS / 64);
  CHECK(interrupts > 0);
  guest_puts("irqloop interrupts=");
  guest_put_dec(interrupts);
  guest_putc('\n');
#endif
  uint64_t insns = read_minstret();
  print_hex_line("irqloop checksum", checksum);
  CHECK_EQ(checksum, EXPECTED_CHECKSUM);
  print_hpm_counters();
  print_insns_line(insns);
  return 0;
}
