/* PMU counter_config_matching (spec 11.8) and the counter state it works with: the counter set
 * and flag checks, NOT_SUPPORTED for events no counter of the set can count, which counter is
 * chosen, SKIP_MATCH, CLEAR_VALUE, AUTO_START; fw_read/fw_read_hi validation (11.11, 11.12).
 * Under OpenSBI 1.1 the same cases run in opensbi_main(), with its answers.
 * run: qemu=yes harts=1,4 cores=default,small */
#include "pmu_util.h"

static void opensbi_main(void);

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
    {0x00008, 0},         /* STALLED_CYCLES_FRONTEND: likewise (no timing model) */
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
  if (OPENSBI) {
    opensbi_main();
    return 0;
  }

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
  CHECK_RET(sbi_pmu_counter_config_matching(FW_FIRST + 8, 1, 0, EV_FW(SBI_PMU_FW_HFENCE_VVMA_ASID_RECEIVED), 0),
            SBI_SUCCESS, FW_FIRST + 8);
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

/* ---- OpenSBI 1.1 (SBI v1.0), the same cases as main() with its answers (docs/sbi.md,
 * "Compared with OpenSBI"). Its rules, from lib/sbi/sbi_pmu.c and as observed:
 * - config_matching checks only that the highest counter of the set exists; flags and the
 *   counters of the set are not checked, events are not validated (a firmware event of any code
 *   is taken; hardware ones must be in the device tree's map);
 * - of the counters that the first matching map entry allows, it takes the highest one that is
 *   free and stopped (rvpmu's firmware: the lowest); cycles and instructions go to the fixed
 *   counter 0 or 2 when no programmable counter is found, and always without Sscofpmf, whether
 *   or not that counter is in the set, free or running;
 * - SKIP_MATCH takes counter_idx_base itself (not the first counter of the set) if it is
 *   configured, running or not, and keeps its old event;
 * - STOP with RESET unconfigures the fixed counters too;
 * - firmware counters share one state per event: two counters of one event count together. */
static struct sbiret cfg(unsigned long base, unsigned long mask, unsigned long flags, unsigned long ev, uint64_t data) {
  return sbi_pmu_counter_config_matching(base, mask, flags, ev, data);
}
/* Frees a counter that a call configured where rvpmu's firmware would have refused (never a
 * fixed counter: OpenSBI would unconfigure it). A stopped hardware counter answers
 * ALREADY_STOPPED and is freed anyway; a firmware counter never answers that. */
static void undo(struct sbiret r) {
  if (r.error == SBI_SUCCESS && r.value >= 3)
    CHECK_ERR(sbi_pmu_counter_stop(r.value, 1, SBI_PMU_STOP_FLAG_RESET),
              r.value < FW_FIRST ? SBI_ERR_ALREADY_STOPPED : SBI_SUCCESS);
}

static void opensbi_main(void) {
  const unsigned long all_hw = hw_mask(), fw_all = (1UL << FW_COUNTERS) - 1;
  const bool sscof = machine.sscofpmf;
  const unsigned long top = 2 + machine.hpm; /* the highest programmable counter */
  struct sbiret r;

  /* ---- the counter set and the flags ---- */
  /* Reserved flag bits: not checked (SBI v1.0 has no such error), the event is configured. */
  r = cfg(3, 1, 1UL << 8, EV_INSTRUCTIONS, 0);
  CHECK_RET(r, SBI_SUCCESS, sscof ? 3 : 2);
  undo(r);
  r = cfg(3, 1, 1UL << (XLEN - 1), EV_INSTRUCTIONS, 0);
  CHECK_RET(r, SBI_SUCCESS, sscof ? 3 : 2);
  undo(r);
  /* The empty set passes, and instructions fall back on instret, which is not in it. */
  CHECK_RET(cfg(3, 0, 0, EV_INSTRUCTIONS, 0), SBI_SUCCESS, 2);
  /* Past the last counter: INVALID_PARAM, as rvpmu's firmware. */
  CHECK_RET(cfg(NUM_COUNTERS - 1, 3, 0, EV_FW(5), 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(cfg(NUM_COUNTERS, 1, 0, EV_FW(5), 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(cfg(~0UL, 1, 0, EV_FW(5), 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(cfg(FW_FIRST, ~0UL, 0, EV_FW(5), 0), SBI_ERR_INVALID_PARAM, 0);
  /* The time slot in the set: not checked; cycles go to counter 0 (running, in use). */
  CHECK_RET(cfg(0, 0x7, 0, EV_CYCLES, 0), SBI_SUCCESS, 0);
  CHECK_RET(cfg(1, 1, 0, EV_CYCLES, 0), SBI_SUCCESS, 0);
  if (machine.hpm < 29) {
    /* Unimplemented counters in the set: not checked, the highest implemented one is taken. */
    r = cfg(0, hpm_mask() << 1 | hpm_mask(), 0, EV_INSTRUCTIONS, 0);
    CHECK_RET(r, SBI_SUCCESS, sscof ? top : 2);
    undo(r);
    /* A base past the hardware counters: every failure of the search is NOT_SUPPORTED. */
    CHECK_RET(cfg(3 + machine.hpm, 1, 0, EV_INSTRUCTIONS, 0), SBI_ERR_NOT_SUPPORTED, 0);
  }

  /* ---- events nobody can count ---- */
  for (unsigned i = 0; i < sizeof unsupported / sizeof *unsupported; i++) {
    /* event_data of general events is not read: CPU_CYCLES with data 1 is cycles. */
    bool cycles = unsupported[i].idx == EV_CYCLES;
    r = cfg(0, all_hw, 0, unsupported[i].idx, unsupported[i].data);
    CHECK_RET(r, cycles ? SBI_SUCCESS : SBI_ERR_NOT_SUPPORTED, cycles && sscof ? top : 0);
    undo(r);
  }
  for (unsigned i = 0; i < sizeof unsupported / sizeof *unsupported; i++) {
    /* Any firmware event code is taken, reserved (22..255), implementation-specific and
     * platform ones included, and event_data is not read. Codes past 31 are left for the end:
     * stopping such a counter makes OpenSBI write outside its table of 32 events. */
    unsigned long idx = unsupported[i].idx, code = idx & 0xffff;
    bool fw = (idx >> 16) == 0xf;
    if (fw && code > 31) continue;
    r = cfg(FW_FIRST, fw_all, 0, idx, unsupported[i].data);
    CHECK_RET(r, fw ? SBI_SUCCESS : SBI_ERR_NOT_SUPPORTED, fw ? FW_FIRST : 0);
    undo(r);
  }
  CHECK_RET(cfg(FW_FIRST, fw_all, 0, EV_CYCLES, 0), SBI_ERR_NOT_SUPPORTED, 0);
  CHECK_RET(cfg(0, all_hw, 0, EV_FW(SBI_PMU_FW_SET_TIMER), 0), SBI_ERR_NOT_SUPPORTED, 0);
  /* Cycles asked of counter 2 go to counter 0. */
  CHECK_RET(cfg(2, 1, 0, EV_CYCLES, 0), SBI_SUCCESS, 0);
  CHECK_RET(cfg(0, 1, 0, EV_BRANCHES, 0), SBI_ERR_NOT_SUPPORTED, 0);

  /* ---- fixed counters: handed out while running and while in use ---- */
  CHECK_RET(cfg(0, 1, 0, EV_CYCLES, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_stop(0, 0x5, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_stop(0, 0x5, 0), SBI_ERR_ALREADY_STOPPED, 0);
  CHECK_RET(cfg(0, 1, 0, EV_CYCLES, 0), SBI_SUCCESS, 0);
  CHECK_RET(cfg(0, 1, 0, EV_CYCLES, 0), SBI_SUCCESS, 0);
  CHECK_RET(cfg(2, 1, 0, EV_INSTRUCTIONS, 0), SBI_SUCCESS, 2);
  CHECK_RET(sbi_pmu_counter_start(0, 0x5, 0, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_stop(0, 0x5, SBI_PMU_STOP_FLAG_RESET), SBI_SUCCESS, 0);
  /* RESET unconfigured counters 0 and 2: SKIP_MATCH refuses them, a second stop finds no
   * configured counter in the set (INVALID_PARAM). */
  CHECK_RET(cfg(0, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_CYCLES, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(cfg(2, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_CYCLES, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_stop(0, 0x5, SBI_PMU_STOP_FLAG_RESET), SBI_ERR_INVALID_PARAM, 0);

  /* ---- matching: the highest free counter of the set ---- */
  CHECK_RET(cfg(0, all_hw, 0, EV_CYCLES, 0), SBI_SUCCESS, sscof ? top : 0);
  CHECK_RET(cfg(0, all_hw, 0, EV_CYCLES, 0), SBI_SUCCESS, sscof ? top - 1 : 0);
  CHECK_RET(cfg(0, all_hw, 0, EV_INSTRUCTIONS, 0), SBI_SUCCESS, sscof ? top - 2 : 2);
  /* Base 4, bits 1 and 2: counters 5 and 6 (on the small core both are taken: instret). */
  CHECK_RET(cfg(4, 0x6, 0, EV_INSTRUCTIONS, 0), SBI_SUCCESS, sscof && machine.hpm > 4 ? 6 : 2);
  /* Everything configured in the set is stopped: the last one answers ALREADY_STOPPED. */
  CHECK_RET(sbi_pmu_counter_stop(0, all_hw, SBI_PMU_STOP_FLAG_RESET), SBI_ERR_ALREADY_STOPPED, 0);

  /* ---- firmware counters ---- */
  CHECK_RET(cfg(FW_FIRST, fw_all, 0, EV_FW(SBI_PMU_FW_SET_TIMER), 0), SBI_SUCCESS, FW_FIRST);
  CHECK_RET(cfg(FW_FIRST, fw_all, 0, EV_FW(SBI_PMU_FW_SET_TIMER), 0), SBI_SUCCESS, FW_FIRST + 1);
  CHECK_RET(cfg(FW_FIRST + 8, 1, 0, EV_FW(SBI_PMU_FW_HFENCE_VVMA_ASID_RECEIVED), 0), SBI_SUCCESS, FW_FIRST + 8);
  if (machine.hpm == 29) CHECK_RET(cfg(31, 0x13, 0, EV_FW(SBI_PMU_FW_ILLEGAL_INSN), 0), SBI_SUCCESS, 35);

  /* ---- SKIP_MATCH: counter_idx_base itself, whatever the mask ---- */
  CHECK_RET(cfg(FW_FIRST, 0x2, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_FW(SBI_PMU_FW_IPI_SENT), 0), SBI_SUCCESS, FW_FIRST);
  CHECK_RET(cfg(FW_FIRST, 0x6, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_FW(SBI_PMU_FW_IPI_SENT), 0), SBI_SUCCESS, FW_FIRST);
  CHECK_RET(cfg(FW_FIRST, 0x4, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_FW(SBI_PMU_FW_IPI_SENT), 0), SBI_SUCCESS, FW_FIRST);
  CHECK_RET(cfg(3, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_INSTRUCTIONS, 0), SBI_ERR_INVALID_PARAM, 0); /* reset */
  if (!sscof) {
    /* Without Sscofpmf cycles and instructions never get a programmable counter. */
    CHECK_RET(cfg(3, 1, 0, EV_CYCLES, 0), SBI_SUCCESS, 0);
  } else {
    CHECK_RET(cfg(3, 1, 0, EV_CYCLES, 0), SBI_SUCCESS, 3);
    CHECK_RET(cfg(3, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_INSTRUCTIONS, 0), SBI_SUCCESS, 3);
    /* ... running or not. */
    CHECK_RET(sbi_pmu_counter_start(3, 1, 0, 0), SBI_SUCCESS, 0);
    CHECK_RET(cfg(3, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_INSTRUCTIONS, 0), SBI_SUCCESS, 3);
    CHECK_RET(sbi_pmu_counter_stop(3, 1, 0), SBI_SUCCESS, 0);

    /* ---- CLEAR_VALUE and AUTO_START (values on rvpmu only, as in main) ---- */
    CHECK_RET(sbi_pmu_counter_start(3, 1, SBI_PMU_START_SET_INIT_VALUE, 1000), SBI_SUCCESS, 0);
    CHECK_RET(sbi_pmu_counter_stop(3, 1, 0), SBI_SUCCESS, 0);
    uint64_t v = uctr_read(3);
    if (machine.rvpmu) CHECK(v >= 1000 && v < 2000);
    CHECK_RET(cfg(3, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_INSTRUCTIONS, 0), SBI_SUCCESS, 3);
    if (machine.rvpmu) CHECK_EQ(uctr_read(3), v);
    CHECK_RET(cfg(3, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH | SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_INSTRUCTIONS, 0), SBI_SUCCESS, 3);
    if (machine.rvpmu) CHECK_EQ(uctr_read(3), 0);
    CHECK_RET(sbi_pmu_counter_start(3, 1, SBI_PMU_START_SET_INIT_VALUE, 5000), SBI_SUCCESS, 0);
    CHECK_RET(sbi_pmu_counter_stop(3, 1, 0), SBI_SUCCESS, 0);
    v = uctr_read(3);
    CHECK_RET(cfg(3, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH | SBI_PMU_CFG_FLAG_AUTO_START, EV_INSTRUCTIONS, 0), SBI_SUCCESS, 3);
    uint64_t w = uctr_read(3);
    if (machine.rvpmu) {
      CHECK(w >= v && w < v + 1000);
      CHECK(uctr_read(3) > w); /* counting */
    }
    CHECK_RET(sbi_pmu_counter_start(3, 1, 0, 0), SBI_ERR_ALREADY_STARTED, 0);
  }
  /* CLEAR_VALUE | AUTO_START on a firmware counter; starting it again is no error. Counter
   * FW_FIRST counts set_timer too, though it was never started: the state is the event's. */
  CHECK_RET(cfg(FW_FIRST + 5, 1, SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START, EV_FW(SBI_PMU_FW_SET_TIMER), 0),
            SBI_SUCCESS, FW_FIRST + 5);
  CHECK_EQ(fw_counter_value(FW_FIRST + 5), 0);
  CHECK_RET(sbi_set_timer(~0ULL), SBI_SUCCESS, 0);
  CHECK_EQ(fw_counter_value(FW_FIRST + 5), 1);
  CHECK_EQ(fw_counter_value(FW_FIRST), 1);
  CHECK_RET(sbi_pmu_counter_start(FW_FIRST + 5, 1, 0, 0), SBI_SUCCESS, 0);

  /* Filter flags: accepted. */
  if (sscof) CHECK_RET(sbi_pmu_counter_stop(3, 1, SBI_PMU_STOP_FLAG_RESET), SBI_SUCCESS, 0);
  CHECK_RET(cfg(3, 1, 0xf8, EV_INSTRUCTIONS, 0), SBI_SUCCESS, sscof ? 3 : 2);
  CHECK_RET(cfg(FW_FIRST + 6, 1, 0xf8, EV_FW(SBI_PMU_FW_SET_TIMER), 0), SBI_SUCCESS, FW_FIRST + 6);

  /* ---- fw_read: a configured hardware counter reads as SUCCESS, 0 (the value is not
   * returned); fw_read_hi does not exist (SBI 2.0). fw_read(~0UL) is not tried: OpenSBI takes
   * the index as 32 bits, reads its table at index 0xffffffff before the range check and
   * faults in M mode (it hangs). ---- */
  CHECK_RET(sbi_pmu_counter_fw_read(sscof ? 3 : 2), SBI_SUCCESS, 0);
  static const unsigned long bad_fw[] = {1, 0 /* FW_FIRST + 2 */, 1000};
  for (unsigned i = 0; i < sizeof bad_fw / sizeof *bad_fw; i++)
    CHECK_RET(sbi_pmu_counter_fw_read(bad_fw[i] ? bad_fw[i] : FW_FIRST + 2), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_fw_read(NUM_COUNTERS - 1), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_fw_read(NUM_COUNTERS), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_fw_read_hi(FW_FIRST + 5), SBI_ERR_NOT_SUPPORTED, 0);
  CHECK_RET(sbi_pmu_counter_fw_read_hi(1), SBI_ERR_NOT_SUPPORTED, 0);

  /* ---- last: firmware event codes past 31 are configured too ---- */
  for (unsigned i = 0; i < sizeof unsupported / sizeof *unsupported; i++) {
    unsigned long idx = unsupported[i].idx;
    if ((idx >> 16) == 0xf && (idx & 0xffff) > 31) CHECK_ERR(cfg(FW_FIRST, fw_all, 0, idx, unsupported[i].data), SBI_SUCCESS);
  }
}
