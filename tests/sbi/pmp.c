/* The firmware's memory is closed to S mode by PMP, as OpenSBI closes its own (a no-access
 * entry over the firmware, an allow-all entry last): loads and stores to the first 64 KiB of
 * RAM, where both firmwares live, take access faults that S mode gets with the address in
 * stval (counted by the firmware as ACCESS_LOAD/ACCESS_STORE on the way), no byte changes,
 * and the firmware goes on serving calls, IPIs and timers. RAM above the firmware stays open.
 * Without PMP (pmp=0: rvpmu's generic,pmp=0 and MicroBlaze V) nothing can stop S mode: the
 * loads succeed (the stores are not tried, they would wreck the firmware). Either way the
 * device tree the payload got reserves the firmware's memory (/memreserve/).
 * run: qemu=yes cores=default,nopmp,microblaze harts=1,2 */
#include "lib/fdt.h"
#include "pmu_util.h"

#if XLEN == 64
#define LOAD_WORD "ld"
#else
#define LOAD_WORD "lw"
#endif
#define FW_BYTES 0x10000UL /* both firmwares are larger; ours: a 128 KiB region, OpenSBI's 512 */

static uint64_t count(unsigned code) { return fw_counter_value(FW_FIRST + code); }

static volatile unsigned long timer_fired, other_ran;

/* On another hart: it ran (then stops through secondary_start's hart_stop). */
static void other_hart_runs(unsigned long hartid, void *arg) {
  (void)hartid, (void)arg;
  other_ran = 1;
}
static void on_timer(unsigned long cause) {
  if (cause == IRQ_S_TIMER) {
    timer_fired++;
    sbi_set_timer(~0ULL);
  }
}

/* rvpmu's firmware also puts its memory into the device tree's /memreserve/ block (OpenSBI adds
 * /reserved-memory nodes instead: not checked here). */
static void check_memreserve(void) {
  struct fdt f;
  uint64_t base = 0, size = 0;
  CHECK_EQ(fdt_open(&f, boot_dtb), FW_OK);
  unsigned found = 0;
  for (int n = 0; fdt_mem_rsv(&f, n, &base, &size) == FW_OK; n++)
    if (base == machine.ram_base) {
      found++;
      CHECK(size >= FW_BYTES && !(size & (size - 1))); /* the PMP region: a power of two */
    }
  CHECK_EQ(found, 1);
}

int main(void) {
  unsigned long fw = (unsigned long)machine.ram_base;
  if (!OPENSBI) check_memreserve();
  for (unsigned code = SBI_PMU_FW_ACCESS_LOAD; code <= SBI_PMU_FW_ACCESS_STORE; code++)
    CHECK_RET(sbi_pmu_counter_config_matching(FW_FIRST + code, 1, SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START,
                                              EV_FW(code), 0),
              SBI_SUCCESS, FW_FIRST + code);
  unsigned long faults = 0;
  for (unsigned long off = 0; off < FW_BYTES; off += 0x1000 - 8) {
    unsigned long a = fw + off, v = 0x5a5a;
    /* In asm, so that v's register holds 0x5a5a when the load (skipped after its trap) runs. */
    unsigned long t = TRAPS_IN(__asm__ volatile(LOAD_WORD " %0, 0(%1)" : "+r"(v) : "r"(a) : "memory"));
    CHECK_EQ(t, machine.pmp ? 1 : 0);
    if (t) {
      CHECK_EQ(last_trap.scause, CAUSE_LOAD_ACCESS);
      CHECK_EQ(last_trap.stval, a);
      CHECK_EQ(v, 0x5a5a); /* the load wrote nothing */
      faults++;
    }
  }
  CHECK_EQ(count(SBI_PMU_FW_ACCESS_LOAD), faults);
  if (machine.pmp) {
    unsigned long stores = 0;
    for (unsigned long off = 0; off < FW_BYTES; off += 0x800) {
      unsigned long a = fw + off;
      CHECK_EQ(TRAPS_IN(*(volatile uint32_t *)a = 0), 1);
      CHECK_EQ(last_trap.scause, CAUSE_STORE_ACCESS);
      CHECK_EQ(last_trap.stval, a);
      CHECK_EQ(TRAPS_IN(*(volatile uint8_t *)(a + 0x3ff) = 0xff), 1);
      CHECK_EQ(last_trap.scause, CAUSE_STORE_ACCESS);
      stores += 2;
    }
    CHECK_EQ(count(SBI_PMU_FW_ACCESS_STORE), stores);
  }
  /* S-mode RAM after the firmware is open (the payload itself lives there). */
  static volatile unsigned long mine = 7;
  CHECK_EQ(TRAPS_IN(mine = mine + 1), 0);
  CHECK_EQ(mine, 8);

  /* The firmware survived: calls, an IPI to itself, a timer interrupt, another hart. */
  CHECK_RET(sbi_get_spec_version(), SBI_SUCCESS, BY_FW(0x03000000UL, 0x01000000UL));
  CHECK_RET(sbi_send_ipi(1UL << boot_hartid, 0), SBI_SUCCESS, 0);
  CHECK_EQ(csr_read(CSR_SIP) & SIE_SSIE, SIE_SSIE);
  csr_clear(CSR_SIP, SIE_SSIE);
  interrupt_hook = on_timer;
  csr_set(CSR_SIE, SIE_STIE);
  CHECK_RET(sbi_set_timer(uctr_read(1) + 1000), SBI_SUCCESS, 0);
  csr_set(CSR_SSTATUS, SSTATUS_SIE);
  for (unsigned long i = 0; i < 100000000UL && !timer_fired; i++) __asm__ volatile("nop");
  csr_clear(CSR_SSTATUS, SSTATUS_SIE);
  csr_clear(CSR_SIE, SIE_STIE);
  CHECK_EQ(timer_fired, 1);
  long other = other_hart();
  if (other >= 0) {
    CHECK_RET(secondary_start((unsigned long)other, other_hart_runs, NULL), SBI_SUCCESS, 0);
    wait_for(&other_ran, 1);
    for (unsigned long i = 0; i < 100000000UL; i++) {
      struct sbiret r = sbi_hart_get_status((unsigned long)other);
      if (r.error == SBI_SUCCESS && r.value == SBI_HSM_STOPPED) break;
    }
    CHECK_RET(sbi_hart_get_status((unsigned long)other), SBI_SUCCESS, SBI_HSM_STOPPED);
  }
  return 0;
}
