/* PMU num_counters and counter_get_info (spec 11.6, 11.7): logical indices 0..31 are the
 * hardware counters at their CSR index (0 cycle, 2 instret, 3.. hpmcounterN), with gaps at 1
 * (the time slot) and at counters the hart does not implement; 32..47 are 16 firmware
 * counters; num_counters is 48, the size of that index space (docs/sbi.md).
 * run: qemu=yes harts=1 cores=default,small */
#include "test.h"

#define NUM_COUNTERS 48
#define FW_FIRST 32

static unsigned long hw_info(unsigned idx, unsigned width) { return (0xc00 + idx) | (unsigned long)(width - 1) << 12; }

int main(void) {
  CHECK_RET(sbi_pmu_num_counters(), SBI_SUCCESS, NUM_COUNTERS);
  /* Fixed counters: csr = the user CSR (cycle 0xc00, instret 0xc02), width 64 - 1. */
  CHECK_RET(sbi_pmu_counter_get_info(0), SBI_SUCCESS, hw_info(0, 64));
  CHECK_RET(sbi_pmu_counter_get_info(2), SBI_SUCCESS, hw_info(2, 64));
  /* The time slot is not a counter. */
  CHECK_RET(sbi_pmu_counter_get_info(1), SBI_ERR_INVALID_PARAM, 0);
  for (unsigned i = 3; i < 32; i++) {
    if (i < 3 + machine.hpm) CHECK_RET(sbi_pmu_counter_get_info(i), SBI_SUCCESS, hw_info(i, machine.width));
    else CHECK_RET(sbi_pmu_counter_get_info(i), SBI_ERR_INVALID_PARAM, 0);
  }
  /* Firmware counters: type bit XLEN-1 set; width 64 - 1 (csr 0, to be ignored). */
  for (unsigned i = FW_FIRST; i < NUM_COUNTERS; i++)
    CHECK_RET(sbi_pmu_counter_get_info(i), SBI_SUCCESS, 1UL << (XLEN - 1) | 63UL << 12);
  /* Past the last counter. */
  CHECK_RET(sbi_pmu_counter_get_info(NUM_COUNTERS), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_get_info(64), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_get_info(~0UL), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_get_info(1UL << (XLEN - 1)), SBI_ERR_INVALID_PARAM, 0);

  /* The firmware opened every counter to S-mode reads (mcounteren): cycle, time and instret
   * move; a stopped programmable counter reads 0 and does not move. */
  uint64_t c0 = uctr_read(0), t0 = uctr_read(1), i0 = uctr_read(2);
  for (volatile int k = 0; k < 1000; k++) {
  }
  CHECK(uctr_read(0) > c0);
  CHECK(uctr_read(2) > i0);
  if (machine.rvpmu) CHECK(uctr_read(1) > t0); /* QEMU's time is host time: may not have ticked */
  for (unsigned i = 3; i < 3 + machine.hpm; i++) CHECK_EQ(uctr_read(i), 0);
  return 0;
}
