/* PMU event_get_info (spec 11.14): the output word of each valid entry says whether some
 * counter of the hart can count the event (by capability, whether or not the counters are
 * busy), 0 for a valid event_idx of a defined type that names no event the firmware knows;
 * entries with a reserved type or event_data the type does not take keep their output word; flags,
 * alignment, reserved event_idx bits (checked before anything is written) and addresses.
 * OpenSBI 1.1 (SBI v1.0) has no event_get_info (SBI 3.0): NOT_SUPPORTED, the table untouched.
 * run: qemu=yes harts=1 cores=default,small */
#include "pmu_util.h"

struct entry {
  uint32_t event_idx;
  uint32_t output;
  uint64_t event_data;
};

#define UNTOUCHED 0xdeadbeefu
#define N 64
static struct entry table[N] __attribute__((aligned(16)));

/* One event and what each machine answers: 1 or 0, or UNTOUCHED for an invalid entry. */
struct expect {
  uint32_t idx;
  uint64_t data;
  uint32_t rvpmu, qemu;
};

static const struct expect expects[] = {
    {0x00001, 0, 1, 1},                  /* CPU_CYCLES: counter 0 and the device tree */
    {0x00002, 0, 1, 1},                  /* INSTRUCTIONS */
    {0x00005, 0, 1, 0},                  /* BRANCH_INSTRUCTIONS: rvpmu's generic profile only */
    {0x00003, 0, 0, 0},                  /* CACHE_REFERENCES: no counter */
    {0x00004, 0, 0, 0},
    {0x0000a, 0, 1, 0},                  /* REF_CPU_CYCLES: the generic core's constant clock */
    {0x00007, 0, 1, 0},                  /* BUS_CYCLES: likewise */
    {0x00008, 0, 0, 0},                  /* STALLED_CYCLES_FRONTEND: no timing model */
    {0x00001, 0x55, 1, 1},               /* event_data of general events is not read (table 47) */
    /* A valid event_idx the firmware does not support: 0 (SBI v3.0 11.14: the whole word is
     * updated for a valid event_idx), not left as it was. */
    {0x00000, 0, 0, 0},                  /* NO_EVENT is not an event */
    {0x0000b, 0, 0, 0},                  /* general code 11: not defined */
    {0x007ff, 0, 0, 0},                  /* general code 0x7ff */
    {0x0ffff, 0, 0, 0},                  /* general code 0xffff: not defined */
    {0x00006, 0, 1, 0},                  /* BRANCH_MISSES: rvpmu's branch predictor model */
    {0x10019, 0, 1, 1},                  /* DTLB read miss: rvpmu's TLB model; QEMU maps it too */
    {0x1001b, 0, 1, 1},                  /* DTLB write miss */
    {0x10021, 0, 1, 1},                  /* ITLB read miss */
    {0x10018, 0, 0, 0},                  /* DTLB read access: no counter */
    {0x10000, 0, 1, 0},                  /* L1D read access: rvpmu's cache model */
    {0x10001, 0, 1, 0},                  /* L1D read miss */
    {0x10002, 0, 1, 0},                  /* L1D write access */
    {0x10003, 0, 1, 0},                  /* L1D write miss */
    {0x10008, 0, 1, 0},                  /* L1I read access */
    {0x10009, 0, 1, 0},                  /* L1I read miss */
    {0x10004, 0, 0, 0},                  /* L1D prefetch access: no counter */
    {0x10010, 0, 1, 0},                  /* LL read access: the L1D is the last level */
    {0x10011, 0, 1, 0},                  /* LL read miss */
    {0x10028, 0, 1, 0},                  /* BPU read access: the branch predictor */
    {0x1002a, 0, 0, 0},                  /* BPU write access: no counter */
    {0x10038, 0, 0, 0},                  /* cache id 7: not defined */
    {0x10006, 0, 0, 0},                  /* op 3 */
    {0x1fff9, 0, 0, 0},                  /* cache id 8191 */
    {0x10031, 0, 0, 0},                  /* NODE read miss: defined, no counter */
    {0x20000, 0x20001, 1, 0},            /* raw: rvpmu's loads */
    {0x20000, 0x20fff, 0, 0},            /* raw: an unknown selector */
    {0x20000, 1ULL << 48, UNTOUCHED, UNTOUCHED}, /* raw type 2: 48 bits */
    {0x20001, 0x20001, UNTOUCHED, UNTOUCHED},    /* raw with code != 0 */
    {0x30000, 0x20002, 1, 0},            /* raw v2: rvpmu's stores */
    {0x30000, 1ULL << 55 | 0x20002, 0, 0},       /* raw v2: 56 bits allowed, but not mapped */
    {0x30000, 1ULL << 56, UNTOUCHED, UNTOUCHED},
    {0x40000, 0, UNTOUCHED, UNTOUCHED},  /* type 4 */
    {0xe0001, 0, UNTOUCHED, UNTOUCHED},  /* type 14 */
    {0xf0000, 0, 1, 1},                  /* firmware events 0..21: all countable */
    {0xf0005, 0, 1, 1},
    {0xf000e, 0, 1, 1},                  /* HFENCE_GVMA_SENT: countable (stays 0 without H) */
    {0xf0015, 0, 1, 1},
    {0xf0005, 1, UNTOUCHED, UNTOUCHED},  /* firmware event with event_data */
    {0xf0016, 0, 0, 0},                  /* 22: reserved code, a valid firmware event_idx */
    {0xf00ff, 0, 0, 0},                  /* 255 */
    {0xffffe, 0, 0, 0},                  /* 65534: the last implementation-specific code */
    {0xf0100, 5, UNTOUCHED, UNTOUCHED},  /* implementation specific with event_data */
    {0xf0100, 0, 0, 0},                  /* implementation specific: valid, none implemented */
    {0xfffff, 0x1234, 0, 0},             /* SBI_PMU_FW_PLATFORM: valid with any data, none */
};
#define NUM_EXPECTS (sizeof expects / sizeof *expects)

static void load(void) {
  for (unsigned i = 0; i < N; i++) table[i] = (struct entry){0xf0000, UNTOUCHED, 0};
  for (unsigned i = 0; i < NUM_EXPECTS; i++)
    table[i] = (struct entry){expects[i].idx, UNTOUCHED, expects[i].data};
}

int main(void) {
  unsigned long t = (unsigned long)table;
  uint64_t ram_end = machine.ram_base + machine.ram_size;
  /* RV32 without Sscofpmf has no mhpmeventh: mhpmevent is 32 bits, and so is valid raw data
   * (spec 11.3, 11.4). */
  const bool narrow = XLEN == 32 && !machine.sscofpmf;
  load();
  if (OPENSBI) {
    CHECK_RET(sbi_pmu_event_get_info(t, 0, NUM_EXPECTS, 0), SBI_ERR_NOT_SUPPORTED, 0);
    CHECK_RET(sbi_pmu_event_get_info(t, 0, 0, 0), SBI_ERR_NOT_SUPPORTED, 0);
    CHECK_RET(sbi_pmu_event_get_info(t + 8, 0, 1, 1), SBI_ERR_NOT_SUPPORTED, 0);
    for (unsigned i = 0; i < N; i++) CHECK_EQ(table[i].output, UNTOUCHED);
    return 0;
  }
  CHECK_RET(sbi_pmu_event_get_info(t, 0, NUM_EXPECTS, 0), SBI_SUCCESS, 0);
  for (unsigned i = 0; i < NUM_EXPECTS; i++) {
    bool raw = (expects[i].idx >> 16) == 2 || (expects[i].idx >> 16) == 3;
    CHECK_EQ(table[i].event_idx, expects[i].idx);
    if (narrow && raw && (expects[i].data >> 32))
      CHECK_EQ(table[i].output, UNTOUCHED);
    else
      CHECK_EQ(table[i].output, machine.rvpmu ? expects[i].rvpmu : expects[i].qemu);
    CHECK_EQ(table[i].event_data, expects[i].data);
  }
  CHECK_EQ(table[NUM_EXPECTS].output, UNTOUCHED); /* past num_entries */

  /* By capability: with every counter claimed, cycles are still countable. */
  CHECK_RET(sbi_pmu_counter_stop(0, 0x5, 0), SBI_SUCCESS, 0);
  for (unsigned long i = 0; i < 1 + machine.hpm; i++) /* counter 0 and the programmable ones */
    CHECK_ERR(sbi_pmu_counter_config_matching(0, hw_mask(), 0, EV_CYCLES, 0), SBI_SUCCESS);
  CHECK_RET(sbi_pmu_counter_config_matching(0, hw_mask(), 0, EV_CYCLES, 0), SBI_ERR_NOT_SUPPORTED, 0);
  load();
  CHECK_RET(sbi_pmu_event_get_info(t, 0, 1, 0), SBI_SUCCESS, 0);
  CHECK_EQ(table[0].output, 1);

  /* Checks: flags, alignment, addresses. */
  load();
  CHECK_RET(sbi_pmu_event_get_info(t, 0, 1, 1), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_event_get_info(t, 0, 1, 1UL << (XLEN - 1)), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_event_get_info(t + 8, 0, 1, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_event_get_info(t + 4, 0, 1, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_pmu_event_get_info(t, 1, 1, 0), SBI_ERR_INVALID_ADDRESS, 0);
  CHECK_RET(sbi_pmu_event_get_info(0x1000, 0, 1, 0), SBI_ERR_INVALID_ADDRESS, 0);
  CHECK_RET(sbi_pmu_event_get_info((unsigned long)machine.ram_base, 0, 1, 0), SBI_ERR_INVALID_ADDRESS, 0); /* firmware */
  CHECK_RET(sbi_pmu_event_get_info((unsigned long)ram_end - 16, 0, 2, 0), SBI_ERR_INVALID_ADDRESS, 0); /* crosses the end */
  CHECK_RET(sbi_pmu_event_get_info(t, 0, ~0UL / 16 + 1, 0), SBI_ERR_INVALID_ADDRESS, 0);
  CHECK_RET(sbi_pmu_event_get_info(t, 0, ~0UL / 16, 0), SBI_ERR_INVALID_ADDRESS, 0);
  CHECK_RET(sbi_pmu_event_get_info(t, 0, 0, 0), SBI_SUCCESS, 0); /* nothing to do */
  for (unsigned i = 0; i < N; i++) CHECK_EQ(table[i].output, UNTOUCHED);

  /* A reserved bit (31:20) in any event_idx word fails the call before anything is written. */
  load();
  table[5].event_idx |= 1u << 20;
  CHECK_RET(sbi_pmu_event_get_info(t, 0, NUM_EXPECTS, 0), SBI_ERR_INVALID_PARAM, 0);
  table[5].event_idx = expects[5].idx | 1u << 31;
  CHECK_RET(sbi_pmu_event_get_info(t, 0, NUM_EXPECTS, 0), SBI_ERR_INVALID_PARAM, 0);
  for (unsigned i = 0; i < N; i++) CHECK_EQ(table[i].output, UNTOUCHED);
  /* ... but only within num_entries. */
  CHECK_RET(sbi_pmu_event_get_info(t, 0, 5, 0), SBI_SUCCESS, 0);
  CHECK_EQ(table[0].output, 1);
  CHECK_EQ(table[5].output, UNTOUCHED);
  /* The last 16 bytes of RAM are a valid table. */
  volatile struct entry *last = (volatile struct entry *)(unsigned long)(ram_end - 16);
  struct entry saved = *last;
  *last = (struct entry){0x00002, UNTOUCHED, 0};
  CHECK_RET(sbi_pmu_event_get_info((unsigned long)last, 0, 1, 0), SBI_SUCCESS, 0);
  CHECK_EQ(last->output, 1);
  *last = saved;
  return 0;
}
