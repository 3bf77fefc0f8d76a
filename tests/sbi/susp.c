/* SBI System Suspend (SUSP): sleep types (only SUSPEND_TO_RAM; reserved and platform-specific
 * ones are INVALID_PARAM, bits 63:32 of the 32-bit sleep_type are ignored), resume addresses
 * (INVALID_ADDRESS outside S-mode RAM, in the firmware, odd), the entry criterion (DENIED while
 * another hart is not STOPPED), then a suspend to RAM woken by the timer that resumes at the
 * given address with a0 = hart id, a1 = opaque, satp = 0, sstatus.SIE = 0.
 * OpenSBI 1.1 (SBI v1.0) has no SUSP: probe_extension answers 0 and the test ends there.
 * run: qemu=yes cores=default,microblaze harts=1,2 */
#include "test.h"

#define MAGIC_ARG 0x5115UL
static volatile unsigned long ran, go;

/* On another hart: runs until told to stop (then stops through secondary_start's hart_stop). */
static void bystander(unsigned long hartid, void *arg) {
  (void)hartid, (void)arg;
  ran = 1;
  wait_for(&go, 1);
}

/* The boot hart after the system suspend: the resume state of the SUSP chapter. */
static void after_resume(unsigned long hartid, void *arg) {
  CHECK_EQ(hartid, boot_hartid);
  CHECK_EQ((unsigned long)arg, MAGIC_ARG);
  CHECK_EQ(csr_read(CSR_SATP), 0);
  CHECK_EQ(csr_read(CSR_SSTATUS) & SSTATUS_SIE, 0);
  CHECK_EQ(csr_read(CSR_SIP) & SIE_STIE, SIE_STIE); /* the timer that woke it */
  CHECK_RET(sbi_hart_get_status(hartid), SBI_SUCCESS, SBI_HSM_STARTED);
  sbi_set_timer(~0ULL);
  csr_clear(CSR_SIE, SIE_STIE);
  test_pass();
}

int main(void) {
  CHECK_RET(sbi_probe_extension(SBI_EXT_SUSP), SBI_SUCCESS, BY_FW(1, 0));
  if (OPENSBI) return 0;
  CHECK_RET(sbi_ecall(SBI_EXT_SUSP, 1, 0, 0, 0, 0, 0, 0), SBI_ERR_NOT_SUPPORTED, 0);
  unsigned long self = boot_hartid, entry = (unsigned long)secondary_entry;
  unsigned long opaque = secondary_prepare(self, after_resume, (void *)MAGIC_ARG);

  /* Reserved (1..0x7fffffff) and unimplemented platform-specific (0x80000000..) types. */
  static const unsigned long bad_types[] = {1, 0x7fffffff, 0x80000000, 0xffffffff};
  for (unsigned i = 0; i < sizeof bad_types / sizeof *bad_types; i++)
    CHECK_RET(sbi_system_suspend(bad_types[i], entry, opaque), SBI_ERR_INVALID_PARAM, 0);
#if XLEN == 64
  CHECK_RET(sbi_system_suspend(1UL << 32 | 1, entry, opaque), SBI_ERR_INVALID_PARAM, 0); /* type 1 */
#endif
  /* Resume addresses S mode cannot execute at: not RAM, the firmware's image, odd. */
  CHECK_RET(sbi_system_suspend(0, 0x1000, opaque), SBI_ERR_INVALID_ADDRESS, 0);
  CHECK_RET(sbi_system_suspend(0, machine.ram_base, opaque), SBI_ERR_INVALID_ADDRESS, 0);
  CHECK_RET(sbi_system_suspend(0, entry + 1, opaque), SBI_ERR_INVALID_ADDRESS, 0);
  CHECK_RET(sbi_system_suspend(0, machine.ram_base + machine.ram_size, opaque), SBI_ERR_INVALID_ADDRESS, 0);

  /* Entry criterion: every other hart STOPPED. */
  long other = other_hart();
  if (other >= 0) {
    CHECK_RET(secondary_start((unsigned long)other, bystander, NULL), SBI_SUCCESS, 0);
    wait_for(&ran, 1);
    CHECK_RET(sbi_system_suspend(0, entry, opaque), SBI_ERR_DENIED, 0);
    go = 1;
    for (unsigned long i = 0; i < 100000000UL; i++) {
      struct sbiret r = sbi_hart_get_status((unsigned long)other);
      if (r.error == SBI_SUCCESS && r.value == SBI_HSM_STOPPED) break;
    }
    CHECK_RET(sbi_hart_get_status((unsigned long)other), SBI_SUCCESS, SBI_HSM_STOPPED);
  }

  /* Suspend to RAM with the timer as the wake-up source (enabled in sie, SIE off). Bits 63:32 of
   * sleep_type are ignored (RV64): this is SUSPEND_TO_RAM. */
  interrupt_hook = NULL;
  csr_clear(CSR_SSTATUS, SSTATUS_SIE);
  csr_set(CSR_SIE, SIE_STIE);
  CHECK_RET(sbi_set_timer(uctr_read(1) + 2000), SBI_SUCCESS, 0);
  unsigned long type = 0;
#if XLEN == 64
  type = 1UL << 32;
#endif
  struct sbiret r = sbi_system_suspend(type, entry, opaque);
  tprintf("system_suspend returned %ld\n", r.error);
  return 1;
}
