/* SBI HSM (chapter 9): hart states at boot, hart_start (argument checks, a0/a1 and the S-mode
 * state a started hart gets, ALREADY_AVAILABLE), hart_stop and restarting, get_status,
 * retentive suspend (woken by the timer, and on another hart by an IPI, SUSPENDED seen from
 * outside), non-retentive suspend (resuming at the given address), suspend type checks.
 * Under OpenSBI 1.1: start and resume addresses are checked against its domain only (S mode may
 * execute anything outside the firmware, odd addresses included), unimplemented
 * platform-specific suspend types are NOT_SUPPORTED (SBI v1.0), and suspend_type is used as 32
 * bits (binary encoding: "higher privilege software must ensure that it only uses 32 bit data").
 * run: qemu=yes cores=default,microblaze harts=1,2,4 */
#include "test.h"

#define MAGIC_ARG 0x5eedUL
static volatile unsigned long ran, go, seen_hartid, seen_a1, seen_sie, seen_satp, woken, resumed;

/* Runs on a started hart: records what it got. */
static void started(unsigned long hartid, void *arg) {
  seen_hartid = hartid;
  seen_a1 = (unsigned long)arg;
  seen_sie = csr_read(CSR_SSTATUS) & SSTATUS_SIE;
  seen_satp = csr_read(CSR_SATP);
  ran++;
  wait_for(&go, ran);
}

static void ignore_interrupt(unsigned long cause) {
  if (cause == IRQ_S_SOFT) csr_clear(CSR_SIP, SIE_SSIE);
  if (cause == IRQ_S_TIMER) sbi_set_timer(~0ULL);
}

/* On another hart: retentive suspend until an IPI. */
static void suspender(unsigned long hartid, void *arg) {
  (void)hartid, (void)arg;
  csr_set(CSR_SIE, SIE_SSIE);
  ran++;
  struct sbiret r = sbi_hart_suspend(SBI_HSM_SUSPEND_RET_DEFAULT, 0, 0);
  woken = r.error == SBI_SUCCESS && (csr_read(CSR_SIP) & SIE_SSIE) ? 1 : 2;
  csr_clear(CSR_SIP, SIE_SSIE);
  csr_clear(CSR_SIE, SIE_SSIE);
}

/* The boot hart after a non-retentive suspend: a0 = hart id, a1 = opaque (a struct secondary
 * whose arg we check), S interrupts off, and a fresh stack. */
static void after_resume(unsigned long hartid, void *arg) {
  CHECK_EQ(hartid, boot_hartid);
  CHECK_EQ((unsigned long)arg, MAGIC_ARG);
  CHECK_EQ(csr_read(CSR_SSTATUS) & SSTATUS_SIE, 0);
  CHECK_EQ(csr_read(CSR_SIP) & SIE_STIE, SIE_STIE); /* the timer that woke it */
  CHECK_RET(sbi_hart_get_status(hartid), SBI_SUCCESS, SBI_HSM_STARTED);
  sbi_set_timer(~0ULL);
  csr_clear(CSR_SIE, SIE_STIE);
  test_pass();
}

/* OpenSBI only: hart_start with the addresses rvpmu's firmware refuses (not RAM: 0x1000; the
 * end of RAM; odd) succeeds. The harts then run nothing useful (from 0x1000 and the end of RAM a
 * fetch fault that the firmware sends back to S mode, whose stvec is 0, over and over; from an
 * odd address rvpmu starts at the even one, mepc bit 0 being 0 with the C extension, while QEMU
 * 7.2 jumps to the odd address itself), so this is done last, on the other harts, as many as
 * there are (one with 2 harts, three with 4). */
static void lose_harts(void) {
  const unsigned long addr[3] = {0x1000, (unsigned long)(machine.ram_base + machine.ram_size),
                                 (unsigned long)secondary_entry + 1};
  unsigned n = 0;
  for (unsigned long o = 0; o < 32 && n < 3; o++) {
    if (!(machine.hart_mask >> o & 1) || o == boot_hartid) continue;
    CHECK_RET(sbi_hart_start(o, addr[n], 0), SBI_SUCCESS, 0);
    for (unsigned long i = 0; i < 100000000 && sbi_hart_get_status(o).value != SBI_HSM_STARTED; i++) {
    }
    CHECK_RET(sbi_hart_get_status(o), SBI_SUCCESS, SBI_HSM_STARTED);
    n++;
  }
}

int main(void) {
  unsigned long self = boot_hartid;
  /* ---- states at boot ---- */
  for (unsigned long h = 0; h < 8; h++) {
    if (h == self) CHECK_RET(sbi_hart_get_status(h), SBI_SUCCESS, SBI_HSM_STARTED);
    else if (machine.hart_mask >> h & 1) CHECK_RET(sbi_hart_get_status(h), SBI_SUCCESS, SBI_HSM_STOPPED);
    else CHECK_RET(sbi_hart_get_status(h), SBI_ERR_INVALID_PARAM, 0);
  }
  CHECK_RET(sbi_hart_get_status(64), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_hart_get_status(~0UL), SBI_ERR_INVALID_PARAM, 0);

  /* ---- hart_start checks ---- */
  unsigned long entry = (unsigned long)secondary_entry;
  CHECK_RET(sbi_hart_start(8, entry, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_hart_start(~0UL, entry, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_hart_start(8, 0x1000, 0), SBI_ERR_INVALID_PARAM, 0); /* the hart id first */
  CHECK_RET(sbi_hart_start(self, entry, 0), SBI_ERR_ALREADY_AVAILABLE, 0);
  long h = other_hart();
  if (h >= 0) {
    /* OpenSBI accepts the three addresses that are not S-mode RAM or not even: the hart would be
     * lost (it starts where there is nothing to run), so they are tried at the end on harts the
     * test does not need (lose_harts). */
    if (!OPENSBI) CHECK_RET(sbi_hart_start(h, 0x1000, 0), SBI_ERR_INVALID_ADDRESS, 0);            /* not RAM */
    CHECK_RET(sbi_hart_start(h, (unsigned long)machine.ram_base, 0), SBI_ERR_INVALID_ADDRESS, 0); /* firmware */
    if (!OPENSBI) {
      CHECK_RET(sbi_hart_start(h, entry + 1, 0), SBI_ERR_INVALID_ADDRESS, 0); /* odd */
      CHECK_RET(sbi_hart_start(h, (unsigned long)(machine.ram_base + machine.ram_size), 0), SBI_ERR_INVALID_ADDRESS, 0);
    }
    CHECK_RET(sbi_hart_get_status(h), SBI_SUCCESS, SBI_HSM_STOPPED);

    /* ---- start, a0/a1, state; ALREADY_AVAILABLE while it runs; stop; start again ---- */
    unsigned long opaque = secondary_prepare(h, started, (void *)MAGIC_ARG);
    CHECK_RET(sbi_hart_start(h, entry, opaque), SBI_SUCCESS, 0);
    wait_for(&ran, 1);
    CHECK_EQ(seen_hartid, (unsigned long)h);
    CHECK_EQ(seen_a1, MAGIC_ARG); /* the runtime passed a1 = opaque through to fn's arg */
    CHECK_EQ(seen_sie, 0);
    CHECK_EQ(seen_satp, 0);
    CHECK_RET(sbi_hart_get_status(h), SBI_SUCCESS, SBI_HSM_STARTED);
    CHECK_RET(sbi_hart_start(h, entry, opaque), SBI_ERR_ALREADY_AVAILABLE, 0);
    go = 1; /* it returns from `started` and calls hart_stop */
    for (unsigned long i = 0; i < 100000000 && sbi_hart_get_status(h).value != SBI_HSM_STOPPED; i++) {
    }
    CHECK_RET(sbi_hart_get_status(h), SBI_SUCCESS, SBI_HSM_STOPPED);
    CHECK_RET(secondary_start(h, started, (void *)(MAGIC_ARG + 1)), SBI_SUCCESS, 0);
    wait_for(&ran, 2);
    CHECK_EQ(seen_a1, MAGIC_ARG + 1);
    go = 2;
    for (unsigned long i = 0; i < 100000000 && sbi_hart_get_status(h).value != SBI_HSM_STOPPED; i++) {
    }
    CHECK_RET(sbi_hart_get_status(h), SBI_SUCCESS, SBI_HSM_STOPPED);

    /* ---- retentive suspend on the other hart: SUSPENDED, woken by an IPI ---- */
    interrupt_hook = ignore_interrupt;
    ran = 0;
    CHECK_RET(secondary_start(h, suspender, NULL), SBI_SUCCESS, 0);
    wait_for(&ran, 1);
    for (unsigned long i = 0; i < 100000000 && sbi_hart_get_status(h).value != SBI_HSM_SUSPENDED; i++) {
    }
    CHECK_RET(sbi_hart_get_status(h), SBI_SUCCESS, SBI_HSM_SUSPENDED);
    CHECK_RET(sbi_send_ipi(1UL << h, 0), SBI_SUCCESS, 0);
    wait_for(&woken, 1);
    for (unsigned long i = 0; i < 100000000 && sbi_hart_get_status(h).value != SBI_HSM_STOPPED; i++) {
    }
    CHECK_RET(sbi_hart_get_status(h), SBI_SUCCESS, SBI_HSM_STOPPED);
  } else {
    CHECK_RET(sbi_hart_start(1, entry, 0), SBI_ERR_INVALID_PARAM, 0); /* one hart: 1 does not exist */
  }

  /* ---- suspend types ----
   * Reserved types are INVALID_PARAM. So are the platform-specific ranges (0x10000000..,
   * 0x90000000..) when the platform has none (SBI 2.0+: "reserved or is platform-specific and
   * unimplemented"); OpenSBI 1.1 answers NOT_SUPPORTED for those, as SBI v1.0 said ("valid
   * but not implemented"). */
  static const struct {
    unsigned long type;
    long opensbi;
  } bad_types[] = {{0x1, SBI_ERR_INVALID_PARAM},         {0x0fffffff, SBI_ERR_INVALID_PARAM},
                   {0x10000000, SBI_ERR_NOT_SUPPORTED},  {0x7fffffff, SBI_ERR_NOT_SUPPORTED},
                   {0x80000001, SBI_ERR_INVALID_PARAM},  {0x8fffffff, SBI_ERR_INVALID_PARAM},
                   {0x90000000, SBI_ERR_NOT_SUPPORTED},  {0xffffffff, SBI_ERR_NOT_SUPPORTED}};
  for (unsigned i = 0; i < sizeof bad_types / sizeof *bad_types; i++)
    CHECK_RET(sbi_hart_suspend(bad_types[i].type, entry, 0), BY_FW(SBI_ERR_INVALID_PARAM, bad_types[i].opensbi), 0);
  /* Bits above 31 of the 32-bit suspend_type (RV64) are ignored (SBI v3.0, Binary Encoding: "In
   * case the data is defined as 32bit wide, higher privilege software must ensure that it only
   * uses 32 bit data"), as OpenSBI does: 1 << 32 | 1 is reserved type 1, and 1 << 63 or 1 << 32
   * is a retentive suspend (tried below, woken by the timer). */
#if XLEN == 64
  CHECK_RET(sbi_hart_suspend(1UL << 32 | 1, entry, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_hart_suspend(1UL << 63 | 0x10000000, entry, 0), BY_FW(SBI_ERR_INVALID_PARAM, SBI_ERR_NOT_SUPPORTED), 0);
#endif
  /* Resume addresses: OpenSBI accepts both (its domain lets S mode execute there; not tried:
   * the hart would be lost, lose_harts shows the same check for hart_start). */
  if (!OPENSBI) {
    CHECK_RET(sbi_hart_suspend(SBI_HSM_SUSPEND_NON_RET_DEFAULT, 0x1000, 0), SBI_ERR_INVALID_ADDRESS, 0);
    CHECK_RET(sbi_hart_suspend(SBI_HSM_SUSPEND_NON_RET_DEFAULT, entry + 1, 0), SBI_ERR_INVALID_ADDRESS, 0);
  }

  /* ---- retentive suspend on this hart, woken by its timer (enabled in sie, SIE off) ---- */
  interrupt_hook = ignore_interrupt;
  uint64_t t0 = uctr_read(1);
  CHECK_RET(sbi_set_timer(t0 + 2000), SBI_SUCCESS, 0);
  csr_set(CSR_SIE, SIE_STIE);
  CHECK_RET(sbi_hart_suspend(SBI_HSM_SUSPEND_RET_DEFAULT, 0, 0), SBI_SUCCESS, 0);
  CHECK(uctr_read(1) >= t0 + 2000);
  CHECK_EQ(csr_read(CSR_SIP) & SIE_STIE, SIE_STIE);
  CHECK_RET(sbi_set_timer(~0ULL), SBI_SUCCESS, 0);
  CHECK_EQ(csr_read(CSR_SIP) & SIE_STIE, 0);
#if XLEN == 64
  for (unsigned high = 32; high < 64; high += 31) { /* 1 << 32 and 1 << 63: retentive suspends */
    t0 = uctr_read(1);
    CHECK_RET(sbi_set_timer(t0 + 2000), SBI_SUCCESS, 0);
    CHECK_RET(sbi_hart_suspend(1UL << high | SBI_HSM_SUSPEND_RET_DEFAULT, entry, 0), SBI_SUCCESS, 0);
    CHECK(uctr_read(1) >= t0 + 2000);
    CHECK_RET(sbi_set_timer(~0ULL), SBI_SUCCESS, 0);
  }
#endif
  if (OPENSBI) lose_harts();

  /* ---- non-retentive suspend: resumes at secondary_entry with a1 = opaque ---- */
  unsigned long opaque = secondary_prepare(self, after_resume, (void *)MAGIC_ARG);
  CHECK_RET(sbi_set_timer(uctr_read(1) + 2000), SBI_SUCCESS, 0);
  sbi_hart_suspend(SBI_HSM_SUSPEND_NON_RET_DEFAULT, entry, opaque);
  tputs("non-retentive suspend returned\n");
  return 1;
}
