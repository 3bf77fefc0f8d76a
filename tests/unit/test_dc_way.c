/* Unit tests of the models loop's two ways to a D-cache line and of the outcomes it counts
 * lazily (src/hart/model_hits.h, "Lazy fills" and "Two ways to a line").
 *
 * Statements covered:
 * - the lazy D-cache fills add, when settled, what the inline path adds for each (the read
 *   hit taken back, the memory read, the stall event and cycles) times their number, and are
 *   then none; their cycles are in the clock before that (model_lazy_cycles);
 * - the way is chosen only after DC_WAY_SPAN instructions since the last choice, from the
 *   fills in them: branch-free above DC_WAY_ON_PER_MILLE per 1000 instructions, back to the
 *   line TLB below DC_WAY_OFF_PER_MILLE, unchanged in between;
 * - going back forgets every line of the line TLB (the branch-free way did not keep it);
 * - never branch-free outside the models loop or without a one-way write-through D-cache
 *   (read_fill); RVPMU_DC_WAY's choice (dc_way_forced) holds at once, whatever the fills. */
#include "unit_util.h"

#include "hart/hart.h"
#include "hart/model_hits.h"

#define SETS 4

static struct hart *hart;
static struct data_hit_filter filter;
static struct data_line lines_load[SETS];
static struct data_store_line lines_store[SETS];
static uint64_t tags[SETS];

static int setup(void **state) {
  (void)state;
  hart = calloc(1, sizeof *hart); /* (large: not on the stack) */
  assert_non_null(hart);
  memset(&filter, 0, sizeof filter);
  filter.set_mask = SETS - 1;
  filter.line_shift = 5;
  filter.line_mask = ~31ull;
  filter.lines_load = lines_load, filter.lines_store = lines_store;
  filter.lines_on = true;
  filter.tag = tags;
  filter.read_fill = true;
  filter.stores = true;
  filter.read_hit = &hart->hpm.acc[EV_DC_READ_HITS];
  model_stall_init(hart, &filter.fill, EV_BIT(EV_DC_MEM_READS), EV_BIT(EV_STALL_MEM), 10);
  hart->data_hits = hart->data_hits_offered = &filter;
  hart->models_loop = true;
  return 0;
}

static int teardown(void **state) {
  (void)state;
  free(hart);
  return 0;
}

static void test_lazy_settle(void **state) {
  (void)state;
  uint64_t *acc = hart->hpm.acc;
  acc[EV_DC_READ_HITS] = 100; /* the blocks counted every load a hit */
  hart->lazy_dc_fills = 3;
  assert_true(model_lazy_pending(hart));
  assert_int_equal(model_lazy_cycles(hart), 3 * 10);
  model_lazy_settle(hart);
  assert_int_equal(acc[EV_DC_READ_HITS], 97);
  assert_int_equal(acc[EV_DC_MEM_READS], 3);
  assert_int_equal(acc[EV_STALL_MEM], 30);
  assert_int_equal(acc[EV_CYCLES], 30);
  assert_int_equal(hart->dc_fills_seen, 3);
  assert_false(model_lazy_pending(hart));
  assert_int_equal(model_lazy_cycles(hart), 0);
  model_lazy_settle(hart); /* nothing more */
  assert_int_equal(acc[EV_CYCLES], 30);
  assert_int_equal(acc[EV_DC_MEM_READS], 3);
}

/* Runs `insns` more instructions with `fills` fills, then the choice. */
static void window(uint64_t insns, uint64_t fills) {
  hart->hpm.acc[EV_INSNS] += insns;
  hart->dc_fills_seen += fills;
  model_data_way(hart);
}

static void test_choice_and_hysteresis(void **state) {
  (void)state;
  window(DC_WAY_SPAN - 1, DC_WAY_SPAN); /* too few instructions yet: no choice */
  assert_false(hart->dc_branch_free);
  window(1, 0); /* the whole span now: DC_WAY_SPAN fills in DC_WAY_SPAN instructions */
  assert_true(hart->dc_branch_free);
  /* Between the two thresholds: stays branch-free. */
  window(20000, 20 * (DC_WAY_ON_PER_MILLE + DC_WAY_OFF_PER_MILLE) / 2);
  assert_true(hart->dc_branch_free);
  /* Back below: the line TLB again, every line forgotten. */
  lines_load[1].vline = 0x80001020, lines_store[2].vline = 0x80001040;
  window(20000, 20 * DC_WAY_OFF_PER_MILLE - 1);
  assert_false(hart->dc_branch_free);
  for (unsigned i = 0; i < SETS; i++) {
    assert_true(lines_load[i].vline == DATA_LINE_NONE);
    assert_true(lines_store[i].vline == DATA_LINE_NONE);
  }
  /* Between the thresholds from below: stays with the line TLB. */
  window(20000, 20 * (DC_WAY_ON_PER_MILLE + DC_WAY_OFF_PER_MILLE) / 2);
  assert_false(hart->dc_branch_free);
  /* Just above the upper threshold: branch-free. */
  window(20000, 20 * DC_WAY_ON_PER_MILLE + 1);
  assert_true(hart->dc_branch_free);
}

static void test_never_without_models_loop_or_read_fill(void **state) {
  (void)state;
  filter.read_fill = false; /* write-back or several ways */
  window(20000, 20000);
  assert_false(hart->dc_branch_free);
  filter.read_fill = true;
  hart->models_loop = false;
  window(20000, 20000);
  assert_false(hart->dc_branch_free);
  hart->models_loop = true;
  window(20000, 20000);
  assert_true(hart->dc_branch_free);
}

static void test_forced(void **state) {
  (void)state;
  hart->dc_way_forced = 2; /* RVPMU_DC_WAY=branch-free: at once, without fills */
  window(1, 0);
  assert_true(hart->dc_branch_free);
  hart->dc_way_forced = 1; /* lines, however many */
  window(1, 1000);
  assert_false(hart->dc_branch_free);
  filter.read_fill = false;
  hart->dc_way_forced = 2; /* not without read_fill */
  window(1, 0);
  assert_false(hart->dc_branch_free);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_lazy_settle, setup, teardown),
      cmocka_unit_test_setup_teardown(test_choice_and_hysteresis, setup, teardown),
      cmocka_unit_test_setup_teardown(test_never_without_models_loop_or_read_fill, setup, teardown),
      cmocka_unit_test_setup_teardown(test_forced, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
