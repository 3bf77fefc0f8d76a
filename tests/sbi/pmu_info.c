/* PMU num_counters and counter_get_info (spec 11.6, 11.7): logical indices 0..31 are the
 * hardware counters at their CSR index (0 cycle, 2 instret, 3.. hpmcounterN), with gaps at 1
 * (the time slot) and at counters the hart does not implement; 32..47 are 16 firmware
 * counters; num_counters is 48, the size of that index space (docs/sbi.md).
 * OpenSBI 1.1 numbers them without gaps past the last hardware counter: hardware 0 .. 2 + hpm,
 * firmware from 3 + hpm, num_counters 3 + hpm + 16 (pmu_util.h); it also reads counter_idx
 * as 32 bits.
 * run: qemu=yes harts=1 cores=default,small */
#include "pmu_util.h"

static unsigned long hw_info(unsigned idx, unsigned width) { return (0xc00 + idx) | (unsigned long)(width - 1) << 12; }

int main(void) {
  CHECK_RET(sbi_pmu_num_counters(), SBI_SUCCESS, NUM_COUNTERS);
  /* Fixed counters: csr = the user CSR (cycle 0xc00, instret 0xc02), width 64 - 1. */
  CHECK_RET(sbi_pmu_counter_get_info(0), SBI_SUCCESS, hw_info(0, 64));
  CHECK_RET(sbi_pmu_counter_get_info(2), SBI_SUCCESS, hw_info(2, 64));
  /* The time slot is not a counter. */
  CHECK_RET(sbi_pmu_counter_get_info(1), SBI_ERR_INVALID_PARAM, 0);
  for (unsigned i = 3; i < FW_FIRST; i++) {
    if (i < 3 + machine.hpm) CHECK_RET(sbi_pmu_counter_get_info(i), SBI_SUCCESS, hw_info(i, machine.width));
    else CHECK_RET(sbi_pmu_counter_get_info(i), SBI_ERR_INVALID_PARAM, 0);
  }
  /* Firmware counters: type bit XLEN-1 set; width 64 - 1 (csr 0, to be ignored). OpenSBI's are
   * XLEN bits wide (the same 63 on RV64). */
  for (unsigned i = FW_FIRST; i < NUM_COUNTERS; i++)
    CHECK_RET(sbi_pmu_counter_get_info(i), SBI_SUCCESS, 1UL << (XLEN - 1) | 63UL << 12);
  /* Past the last counter. */
  CHECK_RET(sbi_pmu_counter_get_info(NUM_COUNTERS), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_get_info(64), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_get_info(~0UL), SBI_ERR_INVALID_PARAM, 0);
  /* counter_idx is an unsigned long; OpenSBI 1.1 takes its low 32 bits (a uint32_t parameter),
   * so 1 << 63 is counter 0 there. */
  if (XLEN == 64 && OPENSBI) CHECK_RET(sbi_pmu_counter_get_info(1UL << (XLEN - 1)), SBI_SUCCESS, hw_info(0, 64));
  else CHECK_RET(sbi_pmu_counter_get_info(1UL << (XLEN - 1)), SBI_ERR_INVALID_PARAM, 0);

  /* The firmware opened every counter to S-mode reads (mcounteren): cycle, time and instret
   * move; a stopped programmable counter reads 0 and does not move. */
  uint64_t c0 = uctr_read(0), t0 = uctr_read(1), i0 = uctr_read(2), hpm0[32];
  for (unsigned i = 3; i < 3 + machine.hpm; i++) hpm0[i] = uctr_read(i);
  for (volatile int k = 0; k < 1000; k++) {
  }
  CHECK(uctr_read(0) > c0);
  CHECK(uctr_read(2) > i0);
  if (machine.rvpmu) CHECK(uctr_read(1) > t0); /* QEMU's time is host time: may not have ticked */
  /* OpenSBI 1.1 probes the counter width by writing all ones to mhpmcounter3 and leaves it
   * there (the spec says nothing about values at boot). */
  for (unsigned i = 3; i < 3 + machine.hpm; i++) {
    CHECK_EQ(hpm0[i], BY_FW(0, i == 3 ? hpm_max() : 0));
    CHECK_EQ(uctr_read(i), hpm0[i]);
  }
  return 0;
}
