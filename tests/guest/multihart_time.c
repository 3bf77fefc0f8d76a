/* Covers: Zicntr (time): "the real-time clocks of all harts must be synchronized to within one tick" and time counts wall-clock time: with two harts, while one sleeps in WFI (waiting for a software interrupt) the other's time and mtime advance with its cycles (100 MHz core, 10 MHz timebase), whichever hart sleeps; the sleeper wakes at a time no earlier than the sender's; a machine timer set by the running hart fires at its compare value. */
/* qemu: no (needs --harts 2; QEMU's time follows its own virtual clock, not mcycle) guest-harts: 2 */
#include "hpm_util.h"

#define MIP_MSIP ((uxlen_t)1 << 3)
#define MIP_MTIP ((uxlen_t)1 << 7)
#define CYCLES_PER_TICK 10
#define SPIN 100000 /* loop iterations: about 400 k cycles, 40 k ticks */

static uint64_t read_time(void) {
#if XLEN == 32
  for (;;) {
    uxlen_t hi = CSR_READ(timeh), lo = CSR_READ(time);
    if (CSR_READ(timeh) == hi) return ((uint64_t)hi << 32) | lo;
  }
#else
  return CSR_READ(time);
#endif
}

/* What the spinning hart saw, and what the sleeper saw when it woke. */
static struct {
  volatile uint64_t time0, time1, mtime0, mtime1, cycle0, cycle1, woke;
  volatile uxlen_t phase, asleep, done;
} s;

static void set_mtimecmp_hart1(uint64_t v) {
  volatile uint32_t *cmp = (volatile uint32_t *)(CLINT_BASE + 0x4000 + 8);
  cmp[1] = 0xFFFFFFFFu; /* no early match while the halves disagree */
  cmp[0] = (uint32_t)v;
  cmp[1] = (uint32_t)(v >> 32);
}

static void spin(void) {
  for (volatile int i = 0; i < SPIN; i++) {
  }
}

/* Spins while hart `sleeper` waits, then wakes it with a software interrupt. */
static void spin_and_wake(unsigned sleeper) {
  while (!s.asleep) {
  }
  s.cycle0 = mctr_read(0);
  s.time0 = read_time();
  s.mtime0 = clint_mtime();
  spin();
  s.time1 = read_time();
  s.mtime1 = clint_mtime();
  s.cycle1 = mctr_read(0);
  CLINT_MSIP[sleeper] = 1;
}

/* Sleeps in WFI until a software interrupt is pending (not taken: mstatus.MIE = 0). */
static void sleep_for_ipi(unsigned self) {
  CSR_CLEAR(mstatus, 8);
  CSR_WRITE(mie, MIP_MSIP);
  s.asleep = 1;
  while (!(CSR_READ(mip) & MIP_MSIP)) __asm__ volatile("wfi");
  s.woke = read_time();
  CLINT_MSIP[self] = 0;
  s.asleep = 0;
}

static void check_spin(void) {
  uint64_t cycles = s.cycle1 - s.cycle0, ticks = s.time1 - s.time0, mticks = s.mtime1 - s.mtime0;
  CHECK(cycles > 200000);
  /* time advances with the running hart's cycles however long the other sleeps */
  CHECK(ticks + 1 >= cycles / CYCLES_PER_TICK && ticks <= cycles / CYCLES_PER_TICK + 1);
  CHECK(mticks + 2 >= cycles / CYCLES_PER_TICK && mticks <= cycles / CYCLES_PER_TICK + 2);
  /* the sleeper wakes after the interrupt was sent: its clock is not behind the sender's */
  CHECK(s.woke >= s.time1);
  CHECK(s.woke <= s.time1 + 10);
}

void guest_secondary(uxlen_t hartid) {
  while (s.phase != 1) {
  }
  spin_and_wake(0);            /* phase 1: hart 0 sleeps */
  while (s.phase != 2) {
  }
  sleep_for_ipi((unsigned)hartid); /* phase 2: hart 1 sleeps */
  s.done = 2;
  while (s.phase != 3) {
  }
  /* phase 3: hart 0 sleeps; this hart's timer, set ~5000 ticks ahead, fires at its compare
   * value by the time it reads (mip.MTIP polled, not taken) */
  uint64_t cmp = read_time() + 5000;
  uint64_t c0 = mctr_read(0);
  set_mtimecmp_hart1(cmp);
  while (!(CSR_READ(mip) & MIP_MTIP)) {
  }
  s.time1 = read_time();
  s.cycle1 = mctr_read(0) - c0;
  s.time0 = cmp;
  CLINT_MSIP[0] = 1;
  for (;;) {
  }
}

int main(void) {
  s.phase = 1;
  guest_release_harts();
  sleep_for_ipi(0);
  check_spin();

  s.phase = 2;
  spin_and_wake(1);
  while (s.done != 2) {
  }
  check_spin();

  s.phase = 3;
  sleep_for_ipi(0);
  CHECK(s.time1 >= s.time0);      /* not before the compare value */
  CHECK(s.time1 <= s.time0 + 10); /* and promptly */
  CHECK(s.cycle1 + 100 >= 5000 * CYCLES_PER_TICK && s.cycle1 <= 5000 * CYCLES_PER_TICK + 200);
  return 0;
}
