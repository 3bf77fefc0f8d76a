/* Sscofpmf through the SBI PMU: a counter started near its maximum wraps, sets OF, and the
 * counter-overflow interrupt (13, delegated by the firmware) reaches S mode with scountovf
 * showing the counter; the snapshot's overflow bitmap has the counter's bit relative to
 * counter_idx_base; counter_start clears OF only when no overflow interrupt is pending.
 * Counting is restricted to U mode (SINH) so that the S-mode interrupt handler does not count
 * and the values are exact.
 * run: qemu=no harts=1,4 cores=default,small
 * (QEMU 7.2 has no privilege-mode filtering and raises overflow from a host timer)
 * OpenSBI 1.1 does all of this alike, except the snapshot (SBI 2.0): not checked there. */
#include "pmu_util.h"

static uint64_t area[512] __attribute__((aligned(4096)));
static volatile unsigned long lcof_count, lcof_scountovf, other_cause;

extern unsigned long u_nops(unsigned long);
__asm__(".text\n.globl u_nops\nu_nops:\n" NOPS(100) "\n\tret\n"); /* 101 instructions */

static void on_interrupt(unsigned long cause) {
  if (cause != IRQ_LCOF) {
    other_cause = cause;
    return;
  }
  lcof_count++;
  lcof_scountovf = csr_read(CSR_SCOUNTOVF);
  csr_clear(CSR_SIP, SIE_LCOFIE); /* S mode acknowledges LCOFIP itself */
}

int main(void) {
  CHECK(machine.sscofpmf);
  const uint64_t max = hpm_max();
  CHECK_RET(sbi_pmu_snapshot_set_shmem((unsigned long)area, 0, 0), BY_FW(SBI_SUCCESS, SBI_ERR_NOT_SUPPORTED), 0);
  /* The firmware delegates interrupt 13: sie.LCOFIE is writable from S. */
  csr_set(CSR_SIE, SIE_LCOFIE);
  CHECK_EQ(csr_read(CSR_SIE) & SIE_LCOFIE, SIE_LCOFIE);
  interrupt_hook = on_interrupt;
  csr_set(CSR_SSTATUS, SSTATUS_SIE);

  /* OpenSBI 1.1 writes OF | MINH to every mhpmevent at boot (no interrupt before a counter is
   * used): the other counters show in scountovf there. */
  const unsigned long others = BY_FW(0, hpm_mask() & ~(1UL << 4));
  /* Counter 4 counts U-mode instructions, from max - 49: the 50th wraps it. */
  CHECK_RET(sbi_pmu_counter_config_matching(3, 0x2, SBI_PMU_CFG_FLAG_SET_SINH, EV_INSTRUCTIONS, 0), SBI_SUCCESS, 4);
  /* Configuring sets OF (no interrupt until the counter is started), starting clears it. */
  CHECK_EQ(csr_read(CSR_SCOUNTOVF), 1u << 4 | others);
  CHECK_RET(sbi_pmu_counter_start(4, 1, SBI_PMU_START_SET_INIT_VALUE, max - 49), SBI_SUCCESS, 0);
  CHECK_EQ(csr_read(CSR_SCOUNTOVF), others);
  umode_call(u_nops, 0);
  CHECK_EQ(lcof_count, 1);
  CHECK_EQ(other_cause, 0);
  CHECK_EQ(lcof_scountovf, 1u << 4 | others);
  CHECK_EQ(csr_read(CSR_SCOUNTOVF), 1u << 4 | others); /* OF stays set */
  /* Base 2: counter 4 is bit 2 of the set, of the bitmap and of counter_values. */
  area[0] = area[3] = 0x5a5a;
  CHECK_RET(sbi_pmu_counter_stop(2, 0x4, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT), SBI_SUCCESS, 0);
  CHECK_EQ(area[0], BY_FW(1u << 2, 0x5a5a));
  CHECK_EQ(area[1 + 2], BY_FW(101 - 50, 0x5a5a)); /* wrapped: (max - 49 + 101) mod 2^width */
  CHECK_EQ(uctr_read(4), 101 - 50);
  /* Starting again with no overflow pending clears OF. */
  CHECK_RET(sbi_pmu_counter_start(4, 1, 0, 0), SBI_SUCCESS, 0);
  CHECK_EQ(csr_read(CSR_SCOUNTOVF), others);
  CHECK_RET(sbi_pmu_counter_stop(4, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT), SBI_SUCCESS, 0);
  CHECK_EQ(area[0], BY_FW(0, 0x5a5a));

  /* With the interrupt masked, the overflow stays pending in sip; a start while it is pending
   * leaves OF set (the supervisor has not seen that overflow yet). */
  csr_clear(CSR_SIE, SIE_LCOFIE);
  CHECK_RET(sbi_pmu_counter_start(4, 1, SBI_PMU_START_SET_INIT_VALUE, max - 9), SBI_SUCCESS, 0);
  umode_call(u_nops, 0);
  CHECK_EQ(lcof_count, 1);
  CHECK_EQ(csr_read(CSR_SIP) & SIE_LCOFIE, SIE_LCOFIE);
  CHECK_RET(sbi_pmu_counter_stop(4, 1, 0), SBI_SUCCESS, 0);
  CHECK_EQ(uctr_read(4), 101 - 10);
  CHECK_RET(sbi_pmu_counter_start(4, 1, 0, 0), SBI_SUCCESS, 0);
  CHECK_EQ(csr_read(CSR_SCOUNTOVF), 1u << 4 | others);
  CHECK_RET(sbi_pmu_counter_stop(4, 1, 0), SBI_SUCCESS, 0);
  csr_clear(CSR_SIP, SIE_LCOFIE);
  CHECK_RET(sbi_pmu_counter_start(4, 1, 0, 0), SBI_SUCCESS, 0);
  CHECK_EQ(csr_read(CSR_SCOUNTOVF), others);
  CHECK_RET(sbi_pmu_counter_stop(4, 1, SBI_PMU_STOP_FLAG_RESET), SBI_SUCCESS, 0);
  CHECK_EQ(csr_read(CSR_SCOUNTOVF), others); /* RESET clears the whole selector */

  /* A stopped counter does not count, so does not overflow. */
  CHECK_RET(sbi_pmu_counter_config_matching(3, 0x2, SBI_PMU_CFG_FLAG_SET_SINH, EV_INSTRUCTIONS, 0), SBI_SUCCESS, 4);
  CHECK_RET(sbi_pmu_counter_start(4, 1, SBI_PMU_START_SET_INIT_VALUE, max - 9), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_stop(4, 1, 0), SBI_SUCCESS, 0);
  umode_call(u_nops, 0);
  CHECK_EQ(uctr_read(4), max - 9);
  CHECK_EQ(csr_read(CSR_SCOUNTOVF), others);
  CHECK_EQ(lcof_count, 1);
  csr_clear(CSR_SSTATUS, SSTATUS_SIE);
  return 0;
}
