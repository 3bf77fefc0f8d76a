/* Covers: mcountinhibit (CY bit 0, bit 1 read-only zero, IR bit 2, HPM3..31 bits 3..31); the csrw that writes mcountinhibit is counted according to the OLD inhibit value (start ... N ... stop advances by N+1); an inhibited counter does not change between reads; one hpm inhibit bit stops only that counter. */
/* qemu: no (QEMU 7.2: mcountinhibit bit 1 is writable, and a counter written while inhibited does not hold its value: after re-enabling it jumps by the instructions executed while inhibited) */
#include "hpm_util.h"

/* Stops and zeroes every counter and programs all hpm counters to event `ev`. */
static void setup_all(unsigned ev) {
  hpm_stop_and_clear();
  for (unsigned n = 3; n < 32; n++) mevent_write_lo(n, ev);
}

static void check_counts(uint32_t inhibit_during_run, uint64_t expected) {
  for (unsigned n = 0; n < 32; n++) {
    if (n == 1) continue;
    uint64_t want = (inhibit_during_run >> n) & 1 ? 0 : expected;
    uint64_t got = mctr_read(n);
    if (got != want) {
      guest_puts("counter ");
      guest_put_dec(n);
      guest_puts(": ");
    }
    CHECK_EQ(got, want);
  }
}

int main(void) {
  uxlen_t a, b;

  /* Bit 1 (TM) is read-only zero; every other bit is writable. */
  CSR_WRITE(mcountinhibit, -1);
  CHECK_EQ(CSR_READ(mcountinhibit), 0xFFFFFFFDu);
  CSR_WRITE(mcountinhibit, 0);
  CHECK_EQ(CSR_READ(mcountinhibit), 0);
  CSR_WRITE(mcountinhibit, 0x2);
  CHECK_EQ(CSR_READ(mcountinhibit), 0);
  CSR_WRITE(mcountinhibit, 0xA5A5A5A5u);
  CHECK_EQ(CSR_READ(mcountinhibit), 0xA5A5A5A5u);
  CSR_WRITE(mcountinhibit, 0x5A5A5A5Au);
  CHECK_EQ(CSR_READ(mcountinhibit), 0x5A5A5A58u);

  /* Start / stop around N instructions: N + 1 (the stopping write counts, the starting one
   * does not). */
  setup_all(EV_INSTRET);
  HPM_RUN_NOPS(0, 0);
  check_counts(0, 1);
  setup_all(EV_INSTRET);
  HPM_RUN_NOPS(0, 10);
  check_counts(0, 11);
  setup_all(EV_CYCLES);
  HPM_RUN_NOPS(0, 10);
  check_counts(0, 11);
  setup_all(EV_INSTRET);
  HPM_RUN_NOPS(0, 100);
  check_counts(0, 101);

  /* The same with explicit reads of minstret and mcycle. */
  CSR_WRITE(mcountinhibit, -1);
  CSR_WRITE(minstret, 50);
  CSR_WRITE(mcycle, 70);
  __asm__ volatile(".option push\n\t.option norvc\n\t"
                   "csrw mcountinhibit, zero\n\tnop\n\tnop\n\tnop\n\t"
                   "csrw mcountinhibit, %2\n\t"
                   "csrr %0, minstret\n\tcsrr %1, mcycle\n\t.option pop"
                   : "=&r"(a), "=&r"(b)
                   : "r"(-1L)
                   : "memory");
  CHECK_EQ(a, 54);
  CHECK_EQ(b, 74);

  /* Inhibited: two back-to-back reads and reads around NOPs see the same value. */
  CSR_WRITE(mcountinhibit, -1);
  __asm__ volatile("csrr %0, minstret\n\tcsrr %1, minstret" : "=&r"(a), "=&r"(b)::"memory");
  CHECK_EQ(a, b);
  __asm__ volatile("csrr %0, mcycle\n\tnop\n\tnop\n\tcsrr %1, mcycle" : "=&r"(a), "=&r"(b)::"memory");
  CHECK_EQ(a, b);
  CSR_WRITE(mhpmevent3, EV_INSTRET);
  __asm__ volatile("csrr %0, mhpmcounter3\n\tcsrr %1, mhpmcounter3" : "=&r"(a), "=&r"(b)::"memory");
  CHECK_EQ(a, b);
  /* ...and a written value stays put. */
  CSR_WRITE(minstret, 12345);
  CSR_WRITE(mcycle, 23456);
  CSR_WRITE(mhpmcounter3, 34567);
  __asm__ volatile("nop\n\tnop\n\tnop\n\tnop");
  CHECK_EQ(CSR_READ(minstret), 12345);
  CHECK_EQ(CSR_READ(mcycle), 23456);
  CHECK_EQ(CSR_READ(mhpmcounter3), 34567);

  /* Only IR inhibited: minstret frozen while mcycle counts. */
  CSR_WRITE(mcountinhibit, 0x4);
  __asm__ volatile("csrr %0, minstret\n\tcsrr %1, minstret" : "=&r"(a), "=&r"(b)::"memory");
  CHECK_EQ(b - a, 0);
  __asm__ volatile("csrr %0, mcycle\n\tcsrr %1, mcycle" : "=&r"(a), "=&r"(b)::"memory");
  CHECK_EQ(b - a, 1);
  /* Only CY inhibited. */
  CSR_WRITE(mcountinhibit, 0x1);
  __asm__ volatile("csrr %0, minstret\n\tcsrr %1, minstret" : "=&r"(a), "=&r"(b)::"memory");
  CHECK_EQ(b - a, 1);
  __asm__ volatile("csrr %0, mcycle\n\tcsrr %1, mcycle" : "=&r"(a), "=&r"(b)::"memory");
  CHECK_EQ(b - a, 0);

  /* Toggling within a sequence: csrs / csrc of one bit are counted by the old value. */
  CSR_WRITE(mcountinhibit, -1);
  CSR_WRITE(minstret, 0);
  CSR_WRITE(mcycle, 0);
  __asm__ volatile(".option push\n\t.option norvc\n\t"
                   "csrw mcountinhibit, zero\n\t" /* not counted (old: all inhibited) */
                   "nop\n\t"                      /* 1 */
                   "csrs mcountinhibit, %0\n\t"   /* IR: counted by minstret, old value 0 */
                   "nop\n\tnop\n\tnop\n\t"        /* mcycle only */
                   "csrc mcountinhibit, %0\n\t"   /* not counted by minstret (old: IR set) */
                   "nop\n\t"                      /* both */
                   "csrw mcountinhibit, %1\n\t"   /* both (old 0) */
                   ".option pop" ::"r"(4L),
                   "r"(-1L)
                   : "memory");
  CHECK_EQ(CSR_READ(minstret), 4);
  CHECK_EQ(CSR_READ(mcycle), 8);

  /* One counter inhibited at a time: only that one stays at 0, the others count N + 1. */
  for (unsigned k = 0; k < 32; k++) {
    if (k == 1) continue;
    uint32_t inhibit = 1u << k;
    setup_all(EV_INSTRET);
    HPM_RUN_NOPS(inhibit, 20);
    check_counts(inhibit, 21);
  }
  /* All but one inhibited. */
  for (unsigned k = 0; k < 32; k++) {
    if (k == 1) continue;
    uint32_t inhibit = ~(1u << k);
    setup_all(EV_CYCLES);
    HPM_RUN_NOPS(inhibit, 7);
    check_counts(inhibit, 8);
  }
  /* A mixed pattern. */
  setup_all(EV_INSTRET);
  HPM_RUN_NOPS(0x96696996u, 3);
  check_counts(0x96696996u, 4);

  hpm_stop_and_clear();
  return 0;
}
