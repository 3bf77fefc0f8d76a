/* SBI TIME (chapter 6): set_timer delivers a supervisor timer interrupt (sip.STIP) once
 * `time` reaches the value, not before; a new set_timer clears a pending one; a value in the
 * past fires at once; 64-bit values on RV32 (both halves). The firmware forwards the CLINT's
 * machine timer as STIP on rvpmu and uses Sstc's stimecmp on QEMU.
 * run: qemu=yes cores=default,microblaze harts=1,4 */
#include "test.h"

static volatile unsigned long ticks;
static volatile uint64_t fired_at;

static void on_interrupt(unsigned long cause) {
  if (cause != IRQ_S_TIMER) return;
  fired_at = uctr_read(1);
  ticks++;
  sbi_set_timer(~0ULL); /* clears STIP */
}

int main(void) {
  interrupt_hook = on_interrupt;
  CHECK_EQ(csr_read(CSR_SIP) & SIE_STIE, 0);
  /* Far away (bit 32 set: the high half matters on RV32): nothing pending. */
  uint64_t now = uctr_read(1);
  CHECK_RET(sbi_set_timer(now + (1ULL << 32)), SBI_SUCCESS, 0);
  for (volatile int i = 0; i < 10000; i++) {
  }
  CHECK_EQ(csr_read(CSR_SIP) & SIE_STIE, 0);
  /* In the past: pending at once (interrupts off, so it stays pending). */
  CHECK_RET(sbi_set_timer(0), SBI_SUCCESS, 0);
  CHECK_EQ(csr_read(CSR_SIP) & SIE_STIE, SIE_STIE);
  /* A new value clears it. */
  CHECK_RET(sbi_set_timer(~0ULL), SBI_SUCCESS, 0);
  CHECK_EQ(csr_read(CSR_SIP) & SIE_STIE, 0);

  /* Taken as an interrupt, at or after the requested time. */
  csr_set(CSR_SIE, SIE_STIE);
  csr_set(CSR_SSTATUS, SSTATUS_SIE);
  for (unsigned n = 1; n <= 3; n++) {
    uint64_t target = uctr_read(1) + 500 * n;
    CHECK_RET(sbi_set_timer(target), SBI_SUCCESS, 0);
    while (ticks < n) __asm__ volatile("wfi");
    CHECK_EQ(ticks, n);
    CHECK(fired_at >= target);
  }
  /* Past value: the interrupt comes right after the call returns. */
  CHECK_RET(sbi_set_timer(1), SBI_SUCCESS, 0);
  for (volatile int i = 0; i < 100 && ticks == 3; i++) {
  }
  CHECK_EQ(ticks, 4);
  csr_clear(CSR_SSTATUS, SSTATUS_SIE);
  csr_clear(CSR_SIE, SIE_STIE);
  CHECK_EQ(csr_read(CSR_SIP) & SIE_STIE, 0);
  return 0;
}
