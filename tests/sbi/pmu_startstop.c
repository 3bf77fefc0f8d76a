/* PMU counter_start and counter_stop (spec 11.9, 11.10): flag and set checks, NO_SHMEM, the
 * mutually exclusive start flags, ALREADY_STARTED / ALREADY_STOPPED when any counter of the set
 * is in that state (the others still change state), STOP with RESET freeing a counter even
 * when it was already stopped, unconfigured counters. Under OpenSBI 1.1 the same cases run in
 * opensbi_main(), with its answers.
 * run: qemu=yes harts=1,4 cores=default,small */
#include "pmu_util.h"

static uint8_t shmem[4096] __attribute__((aligned(4096)));
static void opensbi_main(void);

int main(void) {
  if (OPENSBI) {
    opensbi_main();
    return 0;
  }
  /* Counters 3 and 4 on instructions, firmware counters 32 and 33 on set_timer. */
  CHECK_RET(sbi_pmu_counter_config_matching(3, 1, 0, EV_INSTRUCTIONS, 0), SBI_SUCCESS, 3);
  CHECK_RET(sbi_pmu_counter_config_matching(3, 2, 0, EV_INSTRUCTIONS, 0), SBI_SUCCESS, 4);
  CHECK_RET(sbi_pmu_counter_config_matching(FW_FIRST, 1, 0, EV_FW(SBI_PMU_FW_SET_TIMER), 0), SBI_SUCCESS, 32);
  CHECK_RET(sbi_pmu_counter_config_matching(FW_FIRST, 2, 0, EV_FW(SBI_PMU_FW_SET_TIMER), 0), SBI_SUCCESS, 33);

  /* ---- start: checks ---- */
  CHECK_RET(sbi_pmu_counter_start(3, 1, 1UL << 2, 0), SBI_ERR_INVALID_PARAM, 0); /* reserved flag */
  CHECK_RET(sbi_pmu_counter_start(3, 1, 1UL << (XLEN - 1), 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_start(3, 0, 0, 0), SBI_ERR_INVALID_PARAM, 0);        /* empty set */
  CHECK_RET(sbi_pmu_counter_start(47, 3, 0, 0), SBI_ERR_INVALID_PARAM, 0);       /* 48 is past the end */
  CHECK_RET(sbi_pmu_counter_start(~0UL, 1, 0, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_start(1, 1, 0, 0), SBI_ERR_INVALID_PARAM, 0);        /* the time slot */
  CHECK_RET(sbi_pmu_counter_start(1, 0x7, 0, 0), SBI_ERR_INVALID_PARAM, 0);      /* 2, 3 valid; 1 not */
  CHECK_RET(sbi_pmu_counter_start(3, 0x4, 0, 0), SBI_ERR_INVALID_PARAM, 0);      /* 5: not configured */
  CHECK_RET(sbi_pmu_counter_start(FW_FIRST + 2, 1, 0, 0), SBI_ERR_INVALID_PARAM, 0); /* 34: not configured */
  if (machine.hpm < 29) CHECK_RET(sbi_pmu_counter_start(3 + machine.hpm, 1, 0, 0), SBI_ERR_INVALID_PARAM, 0);
  /* Nothing of the above started anything. */
  CHECK_RET(sbi_pmu_counter_stop(3, 0x3, 0), SBI_ERR_ALREADY_STOPPED, 0);
  /* INIT_SNAPSHOT without snapshot memory; both value flags at once. */
  CHECK_RET(sbi_pmu_counter_start(3, 1, SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0), SBI_ERR_NO_SHMEM, 0);
  CHECK_RET(sbi_pmu_counter_start(3, 1, SBI_PMU_START_SET_INIT_VALUE | SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0),
            SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_snapshot_set_shmem((unsigned long)shmem, 0, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_start(3, 1, SBI_PMU_START_SET_INIT_VALUE | SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0),
            SBI_ERR_INVALID_PARAM, 0); /* exclusive even with memory */
  CHECK_RET(sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 0), SBI_SUCCESS, 0);

  /* ---- stop: checks ---- */
  CHECK_RET(sbi_pmu_counter_stop(3, 1, 1UL << 2), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_stop(3, 0, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_stop(0, 0x7, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_stop(NUM_COUNTERS, 1, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_stop(3, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT), SBI_ERR_NO_SHMEM, 0);

  /* ---- ALREADY_STARTED: any counter of the set; the others start anyway ---- */
  CHECK_RET(sbi_pmu_counter_start(3, 1, 0, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_start(3, 1, 0, 0), SBI_ERR_ALREADY_STARTED, 0);
  CHECK_RET(sbi_pmu_counter_start(3, 0x3, 0, 0), SBI_ERR_ALREADY_STARTED, 0);
  CHECK_RET(sbi_pmu_counter_start(4, 1, 0, 0), SBI_ERR_ALREADY_STARTED, 0); /* 4 was started above */
  /* Firmware counters alike, with counter_idx_base 32. */
  CHECK_RET(sbi_pmu_counter_start(FW_FIRST, 1, 0, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_start(FW_FIRST, 3, 0, 0), SBI_ERR_ALREADY_STARTED, 0);
  CHECK_RET(sbi_pmu_counter_start(FW_FIRST + 1, 1, 0, 0), SBI_ERR_ALREADY_STARTED, 0);

  /* ---- ALREADY_STOPPED: any counter of the set; the others stop anyway ---- */
  CHECK_RET(sbi_pmu_counter_stop(3, 1, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_stop(3, 0x3, 0), SBI_ERR_ALREADY_STOPPED, 0);
  CHECK_RET(sbi_pmu_counter_stop(4, 1, 0), SBI_ERR_ALREADY_STOPPED, 0);
  CHECK_RET(sbi_pmu_counter_stop(FW_FIRST + 1, 1, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_stop(FW_FIRST, 3, 0), SBI_ERR_ALREADY_STOPPED, 0);
  /* A stopped firmware counter does not count. */
  uint64_t v = fw_counter_value(32);
  CHECK_RET(sbi_set_timer(~0ULL), SBI_SUCCESS, 0);
  CHECK_EQ(fw_counter_value(32), v);

  /* ---- STOP with RESET frees the mapping even of a stopped counter ---- */
  CHECK_RET(sbi_pmu_counter_stop(3, 1, SBI_PMU_STOP_FLAG_RESET), SBI_ERR_ALREADY_STOPPED, 0);
  CHECK_RET(sbi_pmu_counter_start(3, 1, 0, 0), SBI_ERR_INVALID_PARAM, 0); /* no longer configured */
  CHECK_RET(sbi_pmu_counter_config_matching(3, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, EV_INSTRUCTIONS, 0),
            SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_config_matching(3, 0x3, 0, EV_CYCLES, 0), SBI_SUCCESS, 3); /* free again */
  CHECK_RET(sbi_pmu_counter_stop(FW_FIRST, 1, SBI_PMU_STOP_FLAG_RESET), SBI_ERR_ALREADY_STOPPED, 0);
  CHECK_RET(sbi_pmu_counter_fw_read(FW_FIRST), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_config_matching(FW_FIRST, 3, 0, EV_FW(SBI_PMU_FW_ILLEGAL_INSN), 0), SBI_SUCCESS, 32);
  /* RESET on a running counter stops it and frees it. */
  CHECK_RET(sbi_pmu_counter_start(3, 0x3, 0, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_stop(3, 0x3, SBI_PMU_STOP_FLAG_RESET), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_start(3, 1, 0, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_start(4, 1, 0, 0), SBI_ERR_INVALID_PARAM, 0);

  /* ---- the fixed counters: running at boot, always configured ---- */
  CHECK_RET(sbi_pmu_counter_start(0, 0x5, 0, 0), SBI_ERR_ALREADY_STARTED, 0);
  CHECK_RET(sbi_pmu_counter_stop(0, 0x5, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_stop(0, 0x5, SBI_PMU_STOP_FLAG_RESET), SBI_ERR_ALREADY_STOPPED, 0);
  CHECK_RET(sbi_pmu_counter_start(0, 0x5, SBI_PMU_START_SET_INIT_VALUE, 0), SBI_SUCCESS, 0);
  CHECK(uctr_read(2) > 0);

  /* SET_INIT_VALUE writes the value, and a stopped counter holds still. Not on QEMU 7.2: an
   * inhibited minstret there reads the running count once and the written value after. */
  CHECK_RET(sbi_pmu_counter_stop(2, 1, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_start(2, 1, SBI_PMU_START_SET_INIT_VALUE, 0x100000000ULL), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_stop(2, 1, 0), SBI_SUCCESS, 0);
  v = uctr_read(2);
  if (machine.rvpmu) {
    CHECK(v >= 0x100000000ULL && v < 0x100000000ULL + 1000);
    CHECK_EQ(uctr_read(2), v);
  }
  return 0;
}

/* ---- OpenSBI 1.1 (SBI v1.0): the same cases with its answers (docs/sbi.md, "Compared with
 * OpenSBI"). Its rules, from lib/sbi/sbi_pmu.c and as observed: start and stop check only that
 * the highest counter of the set exists; they skip the unconfigured counters of the set, act on
 * the others and answer with the result of the last configured one (INVALID_PARAM if there is
 * none); no flag is checked and only SET_INIT_VALUE and RESET are known (no snapshots: SBI
 * 2.0); firmware counters are never ALREADY_STARTED or ALREADY_STOPPED, and share one state
 * per event; STOP with RESET unconfigures the fixed counters too. ---- */
static void opensbi_main(void) {
  const bool sscof = machine.sscofpmf;
  /* Without Sscofpmf OpenSBI gives instructions and cycles only to the fixed counters: QEMU's
   * DTLB read/write miss events (programmable counters 3..18 in its device tree) stand in. */
  const unsigned long ev = sscof ? EV_INSTRUCTIONS : 0x10019, ev2 = sscof ? EV_CYCLES : 0x1001b;
  CHECK_RET(sbi_pmu_counter_config_matching(3, 1, 0, ev, 0), SBI_SUCCESS, 3);
  CHECK_RET(sbi_pmu_counter_config_matching(3, 2, 0, ev, 0), SBI_SUCCESS, 4);
  CHECK_RET(sbi_pmu_counter_config_matching(FW_FIRST, 1, 0, EV_FW(SBI_PMU_FW_SET_TIMER), 0), SBI_SUCCESS, FW_FIRST);
  CHECK_RET(sbi_pmu_counter_config_matching(FW_FIRST, 2, 0, EV_FW(SBI_PMU_FW_SET_TIMER), 0), SBI_SUCCESS, FW_FIRST + 1);

  /* ---- start: checks ---- */
  /* Reserved flags are ignored: counter 3 starts (and is stopped again). */
  CHECK_RET(sbi_pmu_counter_start(3, 1, 1UL << 2, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_stop(3, 1, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_start(3, 1, 1UL << (XLEN - 1), 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_stop(3, 1, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_start(3, 0, 0, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_start(NUM_COUNTERS - 1, 3, 0, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_start(~0UL, 1, 0, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_start(1, 1, 0, 0), SBI_ERR_INVALID_PARAM, 0);
  /* 1, 2, 3: the time slot is skipped, instret is ALREADY_STARTED, 3 starts and answers. */
  CHECK_RET(sbi_pmu_counter_start(1, 0x7, 0, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_stop(3, 1, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_start(3, 0x4, 0, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_start(FW_FIRST + 2, 1, 0, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_stop(3, 0x3, 0), SBI_ERR_ALREADY_STOPPED, 0);
  /* INIT_SNAPSHOT is not known (SBI 2.0): a plain start, or with SET_INIT_VALUE a start from
   * the value. set_shmem does not exist. */
  CHECK_RET(sbi_pmu_counter_start(3, 1, SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_stop(3, 1, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_start(3, 1, SBI_PMU_START_SET_INIT_VALUE | SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_stop(3, 1, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_snapshot_set_shmem((unsigned long)shmem, 0, 0), SBI_ERR_NOT_SUPPORTED, 0);
  CHECK_RET(sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 0), SBI_ERR_NOT_SUPPORTED, 0);

  /* ---- stop: checks ---- */
  CHECK_RET(sbi_pmu_counter_stop(3, 1, 1UL << 2), SBI_ERR_ALREADY_STOPPED, 0); /* the flag is ignored */
  CHECK_RET(sbi_pmu_counter_stop(3, 0, 0), SBI_ERR_INVALID_PARAM, 0);
  /* 0, 1, 2: cycle and instret stop (the time slot is skipped); started again. */
  CHECK_RET(sbi_pmu_counter_stop(0, 0x7, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_start(0, 0x5, 0, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_stop(NUM_COUNTERS, 1, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_stop(3, 1, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT), SBI_ERR_ALREADY_STOPPED, 0);

  /* ---- ALREADY_STARTED: the last counter of the set answers ---- */
  CHECK_RET(sbi_pmu_counter_start(3, 1, 0, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_start(3, 1, 0, 0), SBI_ERR_ALREADY_STARTED, 0);
  CHECK_RET(sbi_pmu_counter_start(3, 0x3, 0, 0), SBI_SUCCESS, 0); /* 3 already, 4 starts */
  CHECK_RET(sbi_pmu_counter_start(4, 1, 0, 0), SBI_ERR_ALREADY_STARTED, 0);
  CHECK_RET(sbi_pmu_counter_start(FW_FIRST, 1, 0, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_start(FW_FIRST, 3, 0, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_start(FW_FIRST + 1, 1, 0, 0), SBI_SUCCESS, 0);

  /* ---- ALREADY_STOPPED: likewise ---- */
  CHECK_RET(sbi_pmu_counter_stop(3, 1, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_stop(3, 0x3, 0), SBI_SUCCESS, 0); /* 3 already, 4 stops */
  CHECK_RET(sbi_pmu_counter_stop(4, 1, 0), SBI_ERR_ALREADY_STOPPED, 0);
  /* Stopping counter FW_FIRST + 1 stops the event, so counter FW_FIRST stops too. */
  CHECK_RET(sbi_pmu_counter_stop(FW_FIRST + 1, 1, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_stop(FW_FIRST, 3, 0), SBI_SUCCESS, 0);
  uint64_t v = fw_counter_value(FW_FIRST);
  CHECK_RET(sbi_set_timer(~0ULL), SBI_SUCCESS, 0);
  CHECK_EQ(fw_counter_value(FW_FIRST), v);

  /* ---- STOP with RESET frees the mapping even of a stopped counter ---- */
  CHECK_RET(sbi_pmu_counter_stop(3, 1, SBI_PMU_STOP_FLAG_RESET), SBI_ERR_ALREADY_STOPPED, 0);
  CHECK_RET(sbi_pmu_counter_start(3, 1, 0, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_config_matching(3, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, ev, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_config_matching(3, 0x3, 0, ev2, 0), SBI_SUCCESS, 3);
  CHECK_RET(sbi_pmu_counter_stop(FW_FIRST, 1, SBI_PMU_STOP_FLAG_RESET), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_fw_read(FW_FIRST), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_config_matching(FW_FIRST, 3, 0, EV_FW(SBI_PMU_FW_ILLEGAL_INSN), 0), SBI_SUCCESS, FW_FIRST);
  CHECK_RET(sbi_pmu_counter_start(3, 0x3, 0, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_stop(3, 0x3, SBI_PMU_STOP_FLAG_RESET), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_start(3, 1, 0, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_counter_start(4, 1, 0, 0), SBI_ERR_INVALID_PARAM, 0);

  /* ---- the fixed counters: RESET unconfigures them ---- */
  CHECK_RET(sbi_pmu_counter_start(0, 0x5, 0, 0), SBI_ERR_ALREADY_STARTED, 0);
  CHECK_RET(sbi_pmu_counter_stop(0, 0x5, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_stop(0, 0x5, SBI_PMU_STOP_FLAG_RESET), SBI_ERR_ALREADY_STOPPED, 0);
  CHECK_RET(sbi_pmu_counter_start(0, 0x5, SBI_PMU_START_SET_INIT_VALUE, 0), SBI_ERR_INVALID_PARAM, 0);
  /* Configured again through a set of the fixed counter alone (no programmable candidate). */
  CHECK_RET(sbi_pmu_counter_config_matching(0, 1, 0, EV_CYCLES, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_config_matching(2, 1, 0, EV_INSTRUCTIONS, 0), SBI_SUCCESS, 2);
  CHECK_RET(sbi_pmu_counter_start(0, 0x5, SBI_PMU_START_SET_INIT_VALUE, 0), SBI_SUCCESS, 0);
  CHECK(uctr_read(2) > 0);
  CHECK_RET(sbi_pmu_counter_stop(2, 1, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_start(2, 1, SBI_PMU_START_SET_INIT_VALUE, 0x100000000ULL), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_stop(2, 1, 0), SBI_SUCCESS, 0);
  v = uctr_read(2);
  if (machine.rvpmu) {
    CHECK(v >= 0x100000000ULL && v < 0x100000000ULL + 1000);
    CHECK_EQ(uctr_read(2), v);
  }
}
