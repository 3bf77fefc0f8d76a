/* PMU snapshot_set_shmem (spec 11.13) and the snapshot flags of counter_start/counter_stop:
 * alignment (INVALID_PARAM), RAM the supervisor owns (INVALID_ADDRESS: outside RAM, inside the
 * firmware, past the end), all-ones disables, per hart; the memory is read only by start with
 * INIT_SNAPSHOT and written only by stop with TAKE_SNAPSHOT, at counter_values[i] for counter
 * counter_idx_base + i, with the overflow bitmap relative to the base too.
 * OpenSBI 1.1 (SBI v1.0) has no snapshots (SBI 2.0): opensbi_main() checks that.
 * run: qemu=yes harts=1,4 */
#include "pmu_util.h"

#define PATTERN 0xa5a5a5a5a5a5a5a5ULL
static uint64_t area[2][512] __attribute__((aligned(4096)));
static volatile unsigned long other_result;

static void fill(uint64_t *page, uint64_t v) {
  for (unsigned i = 0; i < 512; i++) ((volatile uint64_t *)page)[i] = v;
}
static unsigned untouched(const uint64_t *page) {
  unsigned n = 0;
  for (unsigned i = 0; i < 512; i++) n += ((volatile const uint64_t *)page)[i] == PATTERN;
  return n;
}

/* On another hart: no snapshot memory there (it is per hart). */
static void other(unsigned long hartid, void *arg) {
  (void)hartid, (void)arg;
  struct sbiret r = sbi_pmu_counter_config_matching(FW_FIRST, 1, 0, EV_FW(SBI_PMU_FW_SET_TIMER), 0);
  struct sbiret s = sbi_pmu_counter_stop(FW_FIRST, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT);
  other_result = r.error == 0 && s.error == SBI_ERR_NO_SHMEM ? 1 : 2;
}

/* OpenSBI 1.1: snapshot_set_shmem is NOT_SUPPORTED whatever its arguments, on every hart; the
 * snapshot flags of start and stop are unknown to it and ignored: the memory is not touched. */
static void opensbi_other(unsigned long hartid, void *arg) {
  (void)hartid, (void)arg;
  struct sbiret r = sbi_pmu_snapshot_set_shmem((unsigned long)area[1], 0, 0);
  other_result = r.error == SBI_ERR_NOT_SUPPORTED ? 1 : 2;
}

static void opensbi_main(void) {
  unsigned long a = (unsigned long)area[0];
  CHECK_RET(sbi_pmu_snapshot_set_shmem(a, 0, 0), SBI_ERR_NOT_SUPPORTED, 0);
  CHECK_RET(sbi_pmu_snapshot_set_shmem(a, 0, 1), SBI_ERR_NOT_SUPPORTED, 0);
  CHECK_RET(sbi_pmu_snapshot_set_shmem(a + 8, 0, 0), SBI_ERR_NOT_SUPPORTED, 0);
  CHECK_RET(sbi_pmu_snapshot_set_shmem(0, 0, 0), SBI_ERR_NOT_SUPPORTED, 0);
  CHECK_RET(sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 0), SBI_ERR_NOT_SUPPORTED, 0);
  fill(area[0], PATTERN);
  CHECK_RET(sbi_pmu_counter_config_matching(FW_FIRST, 1, 0, EV_FW(SBI_PMU_FW_SET_TIMER), 0), SBI_SUCCESS, FW_FIRST);
  CHECK_RET(sbi_pmu_counter_start(FW_FIRST, 1, SBI_PMU_START_SET_INIT_VALUE, 10), SBI_SUCCESS, 0);
  for (int i = 0; i < 3; i++) CHECK_RET(sbi_set_timer(~0ULL), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_stop(FW_FIRST, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_start(FW_FIRST, 1, SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0), SBI_SUCCESS, 0);
  CHECK_EQ(fw_counter_value(FW_FIRST), 13);
  CHECK_RET(sbi_pmu_counter_stop(0, 0x5, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT), SBI_SUCCESS, 0);
  CHECK_EQ(untouched(area[0]), 512);
  long h = other_hart();
  if (h >= 0) {
    CHECK_RET(secondary_start((unsigned long)h, opensbi_other, NULL), SBI_SUCCESS, 0);
    wait_for(&other_result, 1);
  }
}

int main(void) {
  unsigned long a = (unsigned long)area[0], b = (unsigned long)area[1];
  if (OPENSBI) {
    opensbi_main();
    return 0;
  }
  uint64_t ram_end = machine.ram_base + machine.ram_size;

  /* ---- set_shmem checks ---- */
  CHECK_RET(sbi_pmu_snapshot_set_shmem(a, 0, 1), SBI_ERR_INVALID_PARAM, 0);        /* flags are reserved */
  CHECK_RET(sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 1), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_snapshot_set_shmem(a + 8, 0, 0), SBI_ERR_INVALID_PARAM, 0);    /* not 4 KiB aligned */
  CHECK_RET(sbi_pmu_snapshot_set_shmem(a + 2048, 0, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_snapshot_set_shmem(~0UL, 0, 0), SBI_ERR_INVALID_PARAM, 0);     /* only both all-ones disable */
  CHECK_RET(sbi_pmu_snapshot_set_shmem(a, 1, 0), SBI_ERR_INVALID_ADDRESS, 0);      /* above 2^XLEN: no RAM */
  CHECK_RET(sbi_pmu_snapshot_set_shmem(0, 0, 0), SBI_ERR_INVALID_ADDRESS, 0);      /* not RAM */
  CHECK_RET(sbi_pmu_snapshot_set_shmem(0x10000000, 0, 0), SBI_ERR_INVALID_ADDRESS, 0); /* the UART */
  CHECK_RET(sbi_pmu_snapshot_set_shmem((unsigned long)machine.ram_base, 0, 0), SBI_ERR_INVALID_ADDRESS, 0); /* firmware */
  CHECK_RET(sbi_pmu_snapshot_set_shmem((unsigned long)ram_end, 0, 0), SBI_ERR_INVALID_ADDRESS, 0);
  CHECK_RET(sbi_pmu_snapshot_set_shmem((unsigned long)(ram_end - 4096), 0, 0), SBI_SUCCESS, 0); /* last page */
  CHECK_RET(sbi_pmu_snapshot_set_shmem(~0UL & ~4095UL, 0, 0), SBI_ERR_INVALID_ADDRESS, 0);

  /* ---- set_shmem touches nothing; a failed call keeps the memory that was set ---- */
  fill(area[0], PATTERN);
  fill(area[1], PATTERN);
  CHECK_RET(sbi_pmu_snapshot_set_shmem(a, 0, 0), SBI_SUCCESS, 0);
  CHECK_EQ(untouched(area[0]), 512);
  CHECK_RET(sbi_pmu_snapshot_set_shmem(b + 8, 0, 0), SBI_ERR_INVALID_PARAM, 0);

  /* Firmware counters 32 and 34 on set_timer, counted from 10. */
  CHECK_RET(sbi_pmu_counter_config_matching(FW_FIRST, 1, 0, EV_FW(SBI_PMU_FW_SET_TIMER), 0), SBI_SUCCESS, 32);
  CHECK_RET(sbi_pmu_counter_config_matching(FW_FIRST + 2, 1, 0, EV_FW(SBI_PMU_FW_SET_TIMER), 0), SBI_SUCCESS, 34);
  CHECK_RET(sbi_pmu_counter_start(FW_FIRST, 0x5, SBI_PMU_START_SET_INIT_VALUE, 10), SBI_SUCCESS, 0);
  for (int i = 0; i < 3; i++) CHECK_RET(sbi_set_timer(~0ULL), SBI_SUCCESS, 0);
  /* Start and stop without the flags do not touch it. */
  CHECK_RET(sbi_pmu_counter_stop(FW_FIRST, 0x5, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_start(FW_FIRST, 0x5, 0, 0), SBI_SUCCESS, 0);
  CHECK_EQ(untouched(area[0]), 512);

  /* ---- TAKE_SNAPSHOT with base 30: counters 32 and 34 are bits 2 and 4 ---- */
  CHECK_RET(sbi_pmu_counter_stop(30, 0x14, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT), SBI_SUCCESS, 0);
  CHECK_EQ(area[0][0], 0);        /* overflow bitmap: written, nothing overflowed */
  CHECK_EQ(area[0][1 + 2], 13);   /* counter_values[2] = counter 32 */
  CHECK_EQ(area[0][1 + 4], 13);   /* counter_values[4] = counter 34 */
  CHECK_EQ(untouched(area[0]), 512 - 3);
  CHECK_EQ(area[0][1 + 3], PATTERN); /* counter 33 is not in the set */
  CHECK_EQ(untouched(area[1]), 512);
  /* Stopping again: ALREADY_STOPPED, and the values are written again. */
  area[0][1 + 2] = PATTERN;
  CHECK_RET(sbi_pmu_counter_stop(FW_FIRST, 0x1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT), SBI_ERR_ALREADY_STOPPED, 0);
  CHECK_EQ(area[0][1 + 0], 13); /* base 32 now: counter_values[0] */
  CHECK_EQ(area[0][1 + 2], PATTERN);

  /* ---- INIT_SNAPSHOT reads counter_values relative to the base ---- */
  area[0][1 + 0] = 500;  /* counter 32 */
  area[0][1 + 2] = 700;  /* counter 34 */
  CHECK_RET(sbi_pmu_counter_start(FW_FIRST, 0x5, SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0), SBI_SUCCESS, 0);
  CHECK_EQ(fw_counter_value(32), 500);
  CHECK_EQ(fw_counter_value(34), 700);
  CHECK_RET(sbi_set_timer(~0ULL), SBI_SUCCESS, 0);
  CHECK_EQ(fw_counter_value(32), 501);
  CHECK_EQ(fw_counter_value(34), 701);
  /* ALREADY_STARTED with INIT_SNAPSHOT: the running counter keeps its value. */
  area[0][1 + 0] = 9;
  CHECK_RET(sbi_pmu_counter_start(FW_FIRST, 0x1, SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0), SBI_ERR_ALREADY_STARTED, 0);
  CHECK_EQ(fw_counter_value(32), 501);

  /* ---- switching memory, disabling it ---- */
  CHECK_RET(sbi_pmu_snapshot_set_shmem(b, 0, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_stop(FW_FIRST, 0x5, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT), SBI_SUCCESS, 0);
  CHECK_EQ(area[1][0], 0);
  CHECK_EQ(area[1][1], 501);
  CHECK_EQ(area[1][3], 701);
  CHECK_EQ(untouched(area[1]), 512 - 3);
  CHECK_RET(sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_stop(FW_FIRST, 0x5, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT), SBI_ERR_NO_SHMEM, 0);
  CHECK_RET(sbi_pmu_counter_start(FW_FIRST, 0x5, SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0), SBI_ERR_NO_SHMEM, 0);
  CHECK_EQ(untouched(area[1]), 512 - 3);

  /* ---- hardware counters: the value of a stopped counter, bitmap bits relative to base ----
   * (QEMU 7.2 shows a counter stopped through mcountinhibit at the value last written to it,
   * 0 here, instead of the count: only rvpmu is checked for the values.) */
  CHECK_RET(sbi_pmu_snapshot_set_shmem(a, 0, 0), SBI_SUCCESS, 0);
  fill(area[0], PATTERN);
  CHECK_RET(sbi_pmu_counter_stop(0, 0x5, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT), SBI_SUCCESS, 0);
  CHECK_EQ(area[0][0], 0);
  CHECK(area[0][1] != PATTERN);  /* cycle */
  CHECK_EQ(area[0][2], PATTERN); /* the time slot is not in the set */
  CHECK(area[0][3] != PATTERN);  /* instret */
  if (machine.rvpmu) {
    CHECK(area[0][1] > 0);
    CHECK_EQ(area[0][1], uctr_read(0));
    CHECK_EQ(area[0][3], uctr_read(2));
  }

  /* ---- per hart ---- */
  long h = other_hart();
  if (h >= 0) {
    CHECK_RET(secondary_start((unsigned long)h, other, NULL), SBI_SUCCESS, 0);
    wait_for(&other_result, 1);
  }
  return 0;
}
