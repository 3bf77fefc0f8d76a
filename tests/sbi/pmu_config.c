/* PMU counter_config_matching (spec 11.8) and the counter state it works with: the counter set
 * and flag checks, NOT_SUPPORTED for events no counter of the set can count, which counter is
 * chosen, SKIP_MATCH, CLEAR_VALUE, AUTO_START; fw_read/fw_read_hi validation (11.11, 11.12).
 * run: qemu=yes harts=1,4 cores=default,small */
#include "pmu_util.h"

/* Every event index in this list is malformed or not countable here: NOT_SUPPORTED. */
static const struct {
  unsigned long idx;
  uint64_t data;
} unsupported[] = {
    {0x00000, 0},         /* SBI_PMU_HW_NO_EVENT: "event_idx cannot be zero" */
    {0x0000b, 0},         /* general code 11: not defined */
    {0x0ffff, 0},
    {0x00001, 1},         /* CPU_CYCLES with event_data != 0 (reserved) */
    {0x00004, 0},         /* CACHE_MISSES: no counter of these machines counts it */
    {0x0000a, 0},         /* REF_CPU_CYCLES: likewise */
    {0x10038, 0},         /* cache id 7: not defined */
    {0x10006, 0},         /* op 3: not defined */
    {0x20001, 0},         /* raw with code != 0 */
    {0x40000, 0},         /* types 4..14 are not defined */
    {0xe0000, 0},
    {0x100001, 0},        /* bits above 19 of event_idx */
    {0xf0016, 0},         /* firmware code 22: reserved */
    {0xf00ff, 0},         /* firmware code 255: reserved */
    {0xf0100, 0},         /* 256: implementation specific, none implemented */
    {0xffffe, 0},
    {0xfffff, 0},         /* SBI_PMU_FW_PLATFORM: no platform events */
    {0xf0005, 1},         /* SET_TIMER with event_data != 0 (reserved) */
};

int main(void) {
  const unsigned long all_hw = hw_mask(), fw_all = (1UL << FW_COUNTERS) - 1;
  struct sbiret r;

  /* ---- the counter set and the flags ---- */
  CHECK_RET(sbi_pmu_counter_config_matching(3, 1, 1UL << 8, EV_INSTRUCTIONS, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_config_matching(3, 1, 1UL << (XLEN - 1), EV_INSTRUCTIONS, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_config_matching(3, 0, 0, EV_INSTRUCTIONS, 0), SBI_ERR_INVALID_PARAM, 0); /* empty */
  CHECK_RET(sbi_pmu_counter_config_matching(NUM_COUNTERS - 1, 3, 0, EV_FW(5), 0), SBI_ERR_INVALID_PARAM, 0); /* 48 */
  CHECK_RET(sbi_pmu_counter_config_matching(NUM_COUNTERS, 1, 0, EV_FW(5), 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_config_matching(~0UL, 1, 0, EV_FW(5), 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_config_matching(FW_FIRST, ~0UL, 0, EV_FW(5), 0), SBI_ERR_INVALID_PARAM, 0);
  /* A set with the time slot, or with an unimplemented counter, is invalid as a whole. */
  CHECK_RET(sbi_pmu_counter_config_matching(0, 0x7, 0, EV_CYCLES, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_config_matching(1, 1, 0, EV_CYCLES, 0), SBI_ERR_INVALID_PARAM, 0);
  if (machine.hpm < 29) {
    CHECK_RET(sbi_pmu_counter_config_matching(0, hpm_mask() << 1 | hpm_mask(), 0, EV_INSTRUCTIONS, 0),
              SBI_ERR_INVALID_PARAM, 0);
    CHECK_RET(sbi_pmu_counter_config_matching(3 + machine.hpm, 1, 0, EV_INSTRUCTIONS, 0), SBI_ERR_INVALID_PARAM, 0);
  }

  /* ---- events nobody can count ---- */
  for (unsigned i = 0; i < sizeof unsupported / sizeof *unsupported; i++)
    CHECK_RET(sbi_pmu_counter_config_matching(0, all_hw, 0, unsupported[i].idx, unsupported[i].data),
              SBI_ERR_NOT_SUPPORTED, 0);
  for (unsigned i = 0; i < sizeof unsupported / sizeof *unsupported; i++)
    CHECK_RET(sbi_pmu_counter_config_matching(FW_FIRST, fw_all, 0, unsupported[i].idx, unsupported[i].data),
              SBI_ERR_NOT_SUPPORTED, 0);
  /* Hardware events on firmware counters and the other way round. */
  CHECK_RET(sbi_pmu_counter_config_matching(FW_FIRST, fw_all, 0, EV_CYCLES, 0), SBI_ERR_NOT_SUPPORTED, 0);
  CHECK_RET(sbi_pmu_counter_config_matching(0, all_hw, 0, EV_FW(SBI_PMU_FW_SET_TIMER), 0), SBI_ERR_NOT_SUPPORTED, 0);
  /* A fixed counter counts only its own event. */
  CHECK_RET(sbi_pmu_counter_config_matching(2, 1, 0, EV_CYCLES, 0), SBI_ERR_NOT_SUPPORTED, 0);
  CHECK_RET(sbi_pmu_counter_config_matching(0, 1, 0, EV_BRANCHES, 0), SBI_ERR_NOT_SUPPORTED, 0);

  /* ---- fixed counters: running at boot, so not free until stopped ---- */
  CHECK_RET(sbi_pmu_counter_config_matching(0, 1, 0, EV_CYCLES, 0), SBI_ERR_NOT_SUPPORTED, 0);
  CHECK_RET(sbi_pmu_counter_stop(0, 0x5, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_stop(0, 0x5, 0), SBI_ERR_ALREADY_STOPPED, 0);
  CHECK_RET(sbi_pmu_counter_config_matching(0, 1, 0, EV_CYCLES, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_config_matching(0, 1, 0, EV_CYCLES, 0), SBI_ERR_NOT_SUPPORTED, 0); /* claimed */
  CHECK_RET(sbi_pmu_counter_config_matching(2, 1, 0, EV_INSTRUCTIONS, 0), SBI_SUCCESS, 2);
  CHECK_RET(sbi_pmu_counter_start(0, 0x5, 0, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_stop(0, 0x5, SBI_PMU_STOP_FLAG_RESET), SBI_SUCCESS, 0);
  /* SKIP_MATCH on a fixed counter: always configured with its own event. */
  CHECK_RET(sbi_pmu_counter_config_matching(0, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_CYCLES, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_config_matching(2, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_CYCLES, 0), SBI_ERR_NOT_SUPPORTED, 0);
  CHECK_RET(sbi_pmu_counter_stop(0, 0x5, SBI_PMU_STOP_FLAG_RESET), SBI_ERR_ALREADY_STOPPED, 0);

  /* ---- matching: the lowest free counter of the set that can count the event ---- */
  /* With Sscofpmf the programmable counters come first (they can interrupt on overflow). */
  unsigned long first = machine.sscofpmf ? 3 : 0;
  CHECK_RET(sbi_pmu_counter_config_matching(0, all_hw, 0, EV_CYCLES, 0), SBI_SUCCESS, first);
  CHECK_RET(sbi_pmu_counter_config_matching(0, all_hw, 0, EV_CYCLES, 0), SBI_SUCCESS, machine.sscofpmf ? 4 : 3);
  CHECK_RET(sbi_pmu_counter_config_matching(0, all_hw, 0, EV_INSTRUCTIONS, 0), SBI_SUCCESS, machine.sscofpmf ? 5 : 2);
  /* counter_idx_base shifts the mask: base 4, bit 1 = counter 5 (taken with Sscofpmf), bit 2 =
   * counter 6. */
  CHECK_RET(sbi_pmu_counter_config_matching(4, 0x6, 0, EV_INSTRUCTIONS, 0), SBI_SUCCESS, machine.sscofpmf ? 6 : 5);
  if (!machine.sscofpmf) {
    CHECK_RET(sbi_pmu_counter_config_matching(3, 0xf, 0, EV_INSTRUCTIONS, 0), SBI_SUCCESS, 4);
    CHECK_RET(sbi_pmu_counter_config_matching(3, 0xf, 0, EV_INSTRUCTIONS, 0), SBI_SUCCESS, 6);
  }
  /* Only claimed counters left in the set (3..6). */
  CHECK_RET(sbi_pmu_counter_config_matching(3, 0xf, 0, EV_INSTRUCTIONS, 0), SBI_ERR_NOT_SUPPORTED, 0);
  /* Counters the device tree does not map to an event are not candidates: on both machines
   * every programmable counter counts cycles and instructions, so take a set with 0 and 2
   * and see the fixed ones chosen once the programmable ones are claimed (or first without
   * Sscofpmf). */
  CHECK_RET(sbi_pmu_counter_stop(3, 0xf, SBI_PMU_STOP_FLAG_RESET), SBI_ERR_ALREADY_STOPPED, 0);
  CHECK_RET(sbi_pmu_counter_stop(0, 0x5, SBI_PMU_STOP_FLAG_RESET), SBI_ERR_ALREADY_STOPPED, 0);

  /* ---- firmware counters: any of them counts any firmware event ---- */
  CHECK_RET(sbi_pmu_counter_config_matching(FW_FIRST, fw_all, 0, EV_FW(SBI_PMU_FW_SET_TIMER), 0), SBI_SUCCESS, 32);
  CHECK_RET(sbi_pmu_counter_config_matching(FW_FIRST, fw_all, 0, EV_FW(SBI_PMU_FW_SET_TIMER), 0), SBI_SUCCESS, 33);
  CHECK_RET(sbi_pmu_counter_config_matching(40, 1, 0, EV_FW(SBI_PMU_FW_HFENCE_VVMA_ASID_RECEIVED), 0), SBI_SUCCESS, 40);
  /* A set of hardware and firmware counters (31 exists only with 29 programmable counters):
   * counter 31 cannot count a firmware event, 32 is taken, 35 is free. */
  if (machine.hpm == 29)
    CHECK_RET(sbi_pmu_counter_config_matching(31, 0x13, 0, EV_FW(SBI_PMU_FW_ILLEGAL_INSN), 0), SBI_SUCCESS, 35);

  /* ---- SKIP_MATCH: the first counter of the set, which must be configured ---- */
  CHECK_RET(sbi_pmu_counter_config_matching(FW_FIRST, 0x2, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_FW(SBI_PMU_FW_IPI_SENT), 0),
            SBI_SUCCESS, 33);
  CHECK_RET(sbi_pmu_counter_config_matching(FW_FIRST, 0x6, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_FW(SBI_PMU_FW_IPI_SENT), 0),
            SBI_SUCCESS, 33);
  CHECK_RET(sbi_pmu_counter_config_matching(FW_FIRST, 0x4, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_FW(SBI_PMU_FW_IPI_SENT), 0),
            SBI_ERR_INVALID_PARAM, 0); /* counter 34 is not configured */
  CHECK_RET(sbi_pmu_counter_config_matching(3, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_INSTRUCTIONS, 0),
            SBI_ERR_INVALID_PARAM, 0); /* counter 3 was reset */
  CHECK_RET(sbi_pmu_counter_config_matching(3, 1, 0, EV_CYCLES, 0), SBI_SUCCESS, 3);
  CHECK_RET(sbi_pmu_counter_config_matching(3, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_INSTRUCTIONS, 0), SBI_SUCCESS, 3);
  /* ... and must not be running. */
  CHECK_RET(sbi_pmu_counter_start(3, 1, 0, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_config_matching(3, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_INSTRUCTIONS, 0),
            SBI_ERR_NOT_SUPPORTED, 0);
  CHECK_RET(sbi_pmu_counter_stop(3, 1, 0), SBI_SUCCESS, 0);

  /* ---- CLEAR_VALUE and AUTO_START ----
   * The values are checked on rvpmu only: QEMU 7.2 does not stop a programmable counter that
   * counts cycles or instructions when its mcountinhibit bit is set (riscv_pmu_read_ctr marks
   * a copy of the counter stopped), and shows the last written value once mhpmevent changes. */
  CHECK_RET(sbi_pmu_counter_start(3, 1, SBI_PMU_START_SET_INIT_VALUE, 1000), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_stop(3, 1, 0), SBI_SUCCESS, 0);
  uint64_t v = uctr_read(3);
  if (machine.rvpmu) CHECK(v >= 1000 && v < 2000);
  /* Reconfiguring without CLEAR_VALUE keeps the value; with it the counter reads 0. */
  CHECK_RET(sbi_pmu_counter_config_matching(3, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_INSTRUCTIONS, 0), SBI_SUCCESS, 3);
  if (machine.rvpmu) CHECK_EQ(uctr_read(3), v);
  CHECK_RET(sbi_pmu_counter_config_matching(3, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH | SBI_PMU_CFG_FLAG_CLEAR_VALUE,
                                            EV_INSTRUCTIONS, 0),
            SBI_SUCCESS, 3);
  if (machine.rvpmu) CHECK_EQ(uctr_read(3), 0);
  /* AUTO_START starts it, from the value it has ("no impact on the counter value"). */
  CHECK_RET(sbi_pmu_counter_start(3, 1, SBI_PMU_START_SET_INIT_VALUE, 5000), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_stop(3, 1, 0), SBI_SUCCESS, 0);
  v = uctr_read(3);
  CHECK_RET(sbi_pmu_counter_config_matching(3, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH | SBI_PMU_CFG_FLAG_AUTO_START,
                                            EV_INSTRUCTIONS, 0),
            SBI_SUCCESS, 3);
  uint64_t w = uctr_read(3);
  if (machine.rvpmu) CHECK(w >= v && w < v + 1000);
  CHECK(uctr_read(3) > w); /* counting */
  CHECK_RET(sbi_pmu_counter_start(3, 1, 0, 0), SBI_ERR_ALREADY_STARTED, 0);
  /* CLEAR_VALUE | AUTO_START on a firmware counter. */
  CHECK_RET(sbi_pmu_counter_config_matching(FW_FIRST + 5, 1, SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START,
                                            EV_FW(SBI_PMU_FW_SET_TIMER), 0),
            SBI_SUCCESS, 37);
  CHECK_EQ(fw_counter_value(37), 0);
  CHECK_RET(sbi_set_timer(~0ULL), SBI_SUCCESS, 0);
  CHECK_EQ(fw_counter_value(37), 1);
  CHECK_RET(sbi_pmu_counter_start(37, 1, 0, 0), SBI_ERR_ALREADY_STARTED, 0);

  /* Filter flags are hints: accepted on every counter kind (their effect: pmu_count). */
  CHECK_RET(sbi_pmu_counter_stop(3, 1, SBI_PMU_STOP_FLAG_RESET), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_config_matching(3, 1, 0xf8, EV_INSTRUCTIONS, 0), SBI_SUCCESS, 3);
  CHECK_RET(sbi_pmu_counter_config_matching(FW_FIRST + 6, 1, 0xf8, EV_FW(SBI_PMU_FW_SET_TIMER), 0), SBI_SUCCESS, 38);

  /* ---- fw_read and fw_read_hi: only configured firmware counters ---- */
  static const unsigned long bad_fw[] = {0, 1, 2, 3, 31, 34, 47, 48, 1000, ~0UL};
  for (unsigned i = 0; i < sizeof bad_fw / sizeof *bad_fw; i++) {
    CHECK_RET(sbi_pmu_counter_fw_read(bad_fw[i]), SBI_ERR_INVALID_PARAM, 0);
    CHECK_RET(sbi_pmu_counter_fw_read_hi(bad_fw[i]), SBI_ERR_INVALID_PARAM, 0);
  }
  r = sbi_pmu_counter_fw_read_hi(37);
  CHECK_RET(r, SBI_SUCCESS, 0); /* RV64: always 0; RV32: the high half of 1 */
  return 0;
}
