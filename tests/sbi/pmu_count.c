/* Counting real events through the SBI PMU, exactly: a counter configured and started through
 * the SBI counts the S-mode (or U-mode) instructions between the start and stop ecalls and
 * nothing of the firmware's own work (it sets MINH), read back through the counter CSR and
 * through snapshot memory. General events (instructions, cycles, branches), raw events type 2
 * and 3 (rvpmu's generic loads/stores selectors), the fixed instret counter (Smcntrpmf), the
 * SINH and UINH filters, wide initial values, RV32 high halves.
 * run: qemu=no harts=1,4 cores=default,small
 * (QEMU 7.2 has no mode filtering, counts M-mode instructions too, has no raw events)
 * Under OpenSBI 1.1: counts are as exact (it sets MINH too), but it hands out the highest free
 * counter, has no snapshots (SBI 2.0) and no raw events v2 (SBI 3.0), ignores CLEAR_VALUE for
 * raw events, and does not program Smcntrpmf: instret counts its M-mode instructions. */
#include "pmu_util.h"

static uint8_t shmem[4096] __attribute__((aligned(4096)));
static volatile uint64_t *const snap = (volatile uint64_t *)shmem;

/* U-mode function: 100 NOPs and the return (101 instructions). */
extern unsigned long u_nops(unsigned long);
__asm__(".text\n.globl u_nops\nu_nops:\n" NOPS(100) "\n\tret\n");

static unsigned long config(unsigned long base, unsigned long mask, unsigned long flags, unsigned long ev, uint64_t data) {
  struct sbiret r = sbi_pmu_counter_config_matching(base, mask, flags, ev, data);
  CHECK_EQ(r.error, SBI_SUCCESS);
  return r.value;
}

int main(void) {
  long serr, perr;
  const unsigned long top = 2 + machine.hpm; /* the highest programmable counter */
  CHECK_RET(sbi_pmu_snapshot_set_shmem((unsigned long)shmem, 0, 0), BY_FW(SBI_SUCCESS, SBI_ERR_NOT_SUPPORTED), 0);

  /* Instructions on a programmable counter: 1000 NOPs + the 5 instructions of PMU_RUN. */
  unsigned long c = config(3, hpm_mask() >> 3, SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_INSTRUCTIONS, 0);
  CHECK_EQ(c, BY_FW(3, top)); /* the lowest free counter; OpenSBI: the highest */
  PMU_RUN(NOPS(1000), c, 1, 0, 0, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT, serr, perr);
  CHECK_EQ(serr, SBI_SUCCESS);
  CHECK_EQ(perr, SBI_SUCCESS);
  CHECK_EQ(uctr_read(c), 1000 + PMU_RUN_OVERHEAD);
  if (!OPENSBI) {
    CHECK_EQ(snap[1], 1000 + PMU_RUN_OVERHEAD); /* counter_values[0] = counter base + 0 */
    CHECK_EQ(snap[0], 0);                       /* no overflow */
  }
  /* Stopped: it does not move. */
  CHECK_EQ(uctr_read(c), 1000 + PMU_RUN_OVERHEAD);

  /* Started again without a value: continues. */
  PMU_RUN(NOPS(10), c, 1, 0, 0, 0, serr, perr);
  CHECK_EQ(serr, SBI_SUCCESS);
  CHECK_EQ(uctr_read(c), 1010 + 2 * PMU_RUN_OVERHEAD);

  /* SET_INIT_VALUE, above 32 bits where the counter is wide enough (RV32: both halves). */
  uint64_t init = machine.width > 40 ? 0x123456789aULL : 0x12345678ULL;
  PMU_RUN(NOPS(7), c, 1, SBI_PMU_START_SET_INIT_VALUE, init, 0, serr, perr);
  CHECK_EQ(uctr_read(c), init + 7 + PMU_RUN_OVERHEAD);

  /* The fixed instret counter, filtered with Smcntrpmf's minstretcfg. OpenSBI 1.1 does not
   * know Smcntrpmf: instret also counts its own M-mode instructions in the two ecalls. */
  CHECK_RET(sbi_pmu_counter_stop(0, 0x5, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_config_matching(2, 1, SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_INSTRUCTIONS, 0), SBI_SUCCESS, 2);
  PMU_RUN(NOPS(300), 2, 1, 0, 0, 0, serr, perr);
  CHECK_EQ(serr, SBI_SUCCESS);
  if (OPENSBI) CHECK(uctr_read(2) > 300 + PMU_RUN_OVERHEAD);
  else CHECK_EQ(uctr_read(2), 300 + PMU_RUN_OVERHEAD);

  /* Two counters in one set, relative to counter_idx_base: instructions on c (bit 0) and on
   * instret (base 2: bit 0 = counter 2, bit 1 = counter 3; OpenSBI: c is the top counter). */
  PMU_RUN(NOPS(50), 2, 1UL | 1UL << (c - 2), SBI_PMU_START_SET_INIT_VALUE, 1000000, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT,
          serr, perr);
  CHECK_EQ(serr, SBI_SUCCESS);
  CHECK_EQ(perr, SBI_SUCCESS);
  if (!OPENSBI) {
    CHECK_EQ(snap[1], 1000000 + 50 + PMU_RUN_OVERHEAD); /* counter 2 */
    CHECK_EQ(snap[2], 1000000 + 50 + PMU_RUN_OVERHEAD); /* counter 3 */
    CHECK_EQ(uctr_read(2), 1000000 + 50 + PMU_RUN_OVERHEAD);
  } else {
    CHECK_EQ(uctr_read(c), 1000000 + 50 + PMU_RUN_OVERHEAD);
    CHECK(uctr_read(2) > 1000000 + 50 + PMU_RUN_OVERHEAD);
  }

  /* Cycles: at least one per instruction (the generic core has no stalls in straight-line
   * code, but a timing model may add some). */
  unsigned long cyc = config(3, hpm_mask() >> 3, SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_CYCLES, 0);
  CHECK_EQ(cyc, BY_FW(4, top - 1));
  PMU_RUN(NOPS(500), cyc, 1, 0, 0, 0, serr, perr);
  CHECK(uctr_read(cyc) >= 500 + PMU_RUN_OVERHEAD);

  /* Branches (general event 5): 64 never-taken BNEs. */
  unsigned long br = config(3, hpm_mask() >> 3, SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_BRANCHES, 0);
  CHECK_EQ(br, BY_FW(5, top - 2));
  PMU_RUN(BRANCHES(64), br, 1, 0, 0, 0, serr, perr);
  CHECK_EQ(uctr_read(br), 64);

  /* Raw events: type 2 (48-bit data) and type 3 (56-bit data) with rvpmu's selectors. OpenSBI
   * ignores CLEAR_VALUE for raw events (it honours the flags for general and firmware events
   * only): the count starts from the counter's old value, set to 0 here with SET_INIT_VALUE.
   * Raw events v2 (type 3) came with SBI 3.0: NOT_SUPPORTED there. */
  unsigned long ld = config(3, hpm_mask() >> 3, SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_RAW, GENERIC_LOADS);
  CHECK_EQ(ld, BY_FW(6, top - 3));
  if (OPENSBI)
    CHECK_RET(sbi_pmu_counter_config_matching(3, hpm_mask() >> 3, 0, EV_RAW_V2, GENERIC_STORES), SBI_ERR_NOT_SUPPORTED, 0);
  else if (machine.hpm > 4) /* the small core has counters 3..6 only, all taken now */
    CHECK_EQ(config(3, hpm_mask() >> 3, SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_RAW_V2, GENERIC_STORES), 7);
  else
    CHECK_RET(sbi_pmu_counter_config_matching(3, hpm_mask() >> 3, 0, EV_RAW_V2, GENERIC_STORES),
              SBI_ERR_NOT_SUPPORTED, 0);
  PMU_RUN(LOADS(33), ld, 1, OPENSBI ? SBI_PMU_START_SET_INIT_VALUE : 0, 0, 0, serr, perr);
  CHECK_EQ(uctr_read(ld), 33);
  /* Configured again with CLEAR_VALUE: 0 (OpenSBI: still 33). */
  CHECK_RET(sbi_pmu_counter_stop(ld, 1, SBI_PMU_STOP_FLAG_RESET), SBI_ERR_ALREADY_STOPPED, 0);
  CHECK_EQ(config(ld, 1, SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_RAW, GENERIC_LOADS), ld);
  CHECK_EQ(uctr_read(ld), BY_FW(0, 33));
  /* Raw data the map does not know, and bits past 48 / 56: NOT_SUPPORTED. */
  CHECK_RET(sbi_pmu_counter_config_matching(3, hpm_mask() >> 3, 0, EV_RAW, 0x20fff), SBI_ERR_NOT_SUPPORTED, 0);
  CHECK_RET(sbi_pmu_counter_config_matching(3, hpm_mask() >> 3, 0, EV_RAW, 1ULL << 48 | GENERIC_LOADS),
            SBI_ERR_NOT_SUPPORTED, 0);
  CHECK_RET(sbi_pmu_counter_config_matching(3, hpm_mask() >> 3, 0, EV_RAW_V2, 1ULL << 56 | GENERIC_LOADS),
            SBI_ERR_NOT_SUPPORTED, 0);
  CHECK_RET(sbi_pmu_counter_stop(3, hpm_mask() >> 3, SBI_PMU_STOP_FLAG_RESET), SBI_ERR_ALREADY_STOPPED, 0);
  /* Raw type 3 stores, now that counters are free again (OpenSBI: type 2, from 0). */
  unsigned long st = config(3, hpm_mask() >> 3, SBI_PMU_CFG_FLAG_CLEAR_VALUE, BY_FW(EV_RAW_V2, EV_RAW), GENERIC_STORES);
  CHECK_EQ(st, BY_FW(3, top));
  PMU_RUN(STORES(17) "\n\t" LOADS(5), st, 1, OPENSBI ? SBI_PMU_START_SET_INIT_VALUE : 0, 0, 0, serr, perr);
  CHECK_EQ(uctr_read(st), 17);
  CHECK_RET(sbi_pmu_counter_stop(st, 1, SBI_PMU_STOP_FLAG_RESET), SBI_ERR_ALREADY_STOPPED, 0);

  /* Filters. SINH: S-mode instructions are not counted. */
  c = config(3, 1, SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_SET_SINH, EV_INSTRUCTIONS, 0);
  PMU_RUN(NOPS(100), c, 1, 0, 0, 0, serr, perr);
  CHECK_EQ(uctr_read(3), 0);
  /* ... but U-mode ones are: u_nops is 101 instructions; the U ecall does not retire, sret
   * runs in S. */
  CHECK_RET(sbi_pmu_counter_start(3, 1, 0, 0), SBI_SUCCESS, 0);
  umode_call(u_nops, 0);
  CHECK_RET(sbi_pmu_counter_stop(3, 1, SBI_PMU_STOP_FLAG_RESET), SBI_SUCCESS, 0);
  CHECK_EQ(uctr_read(3), 101);
  /* UINH: the U-mode instructions are not counted, the S-mode ones are. */
  c = config(3, 1, SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_SET_UINH, EV_INSTRUCTIONS, 0);
  PMU_RUN(NOPS(100), c, 1, 0, 0, 0, serr, perr);
  CHECK_EQ(uctr_read(3), 100 + PMU_RUN_OVERHEAD);
  /* Around umode_call, UINH leaves only its S-mode instructions (entry, the U ecall's trap
   * handler, the way back); without the filter the count is 101 higher. */
  CHECK_RET(sbi_pmu_counter_start(3, 1, SBI_PMU_START_SET_INIT_VALUE, 0), SBI_SUCCESS, 0);
  umode_call(u_nops, 0);
  CHECK_RET(sbi_pmu_counter_stop(3, 1, SBI_PMU_STOP_FLAG_RESET), SBI_SUCCESS, 0);
  uint64_t s_only = uctr_read(3);
  c = config(3, 1, SBI_PMU_CFG_FLAG_CLEAR_VALUE, EV_INSTRUCTIONS, 0);
  CHECK_RET(sbi_pmu_counter_start(3, 1, 0, 0), SBI_SUCCESS, 0);
  umode_call(u_nops, 0);
  CHECK_RET(sbi_pmu_counter_stop(3, 1, SBI_PMU_STOP_FLAG_RESET), SBI_SUCCESS, 0);
  CHECK_EQ(uctr_read(3), s_only + 101);
  /* Filters on the fixed counter (Smcntrpmf): SINH on instret. OpenSBI: not filtered, and the
   * firmware's instructions count. */
  CHECK_RET(sbi_pmu_counter_stop(2, 1, SBI_PMU_STOP_FLAG_RESET), SBI_ERR_ALREADY_STOPPED, 0);
  CHECK_RET(sbi_pmu_counter_config_matching(2, 1, SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_SET_SINH,
                                            EV_INSTRUCTIONS, 0),
            SBI_SUCCESS, 2);
  PMU_RUN(NOPS(100), 2, 1, 0, 0, 0, serr, perr);
  if (OPENSBI) CHECK(uctr_read(2) > 100 + PMU_RUN_OVERHEAD);
  else CHECK_EQ(uctr_read(2), 0);
  uint64_t before = uctr_read(2);
  CHECK_RET(sbi_pmu_counter_start(2, 1, 0, 0), SBI_SUCCESS, 0);
  umode_call(u_nops, 0);
  CHECK_RET(sbi_pmu_counter_stop(2, 1, 0), SBI_SUCCESS, 0);
  if (OPENSBI) CHECK(uctr_read(2) > before + 101);
  else CHECK_EQ(uctr_read(2), 101);
  return 0;
}
