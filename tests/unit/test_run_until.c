/* rvpmu_machine_run_until_cycles (what rvpmu stat -I samples with): it stops at the first
 * instruction boundary at or after the requested clock, and stopping there changes no count. */
#include "unit_util.h"

/* loop: addi t0, t0, 1 ; addi t1, t1, 2 ; j loop   (3 instructions, 3 cycles on the generic core) */
static const uint32_t loop[] = {
    0x00128293, /* addi t0, t0, 1 */
    0x00230313, /* addi t1, t1, 2 */
    0xff9ff06f, /* jal  x0, -8 */
};

/* On the generic core (one cycle per instruction) the clock lands exactly on the target,
 * also in the middle of a block. */
static void test_stops_exactly_on_the_generic_core(void **state) {
  (void)state;
  struct rvpmu_machine *m = ut_machine(64);
  ut_write_words(m, UT_RAM_BASE, loop, 3);
  rvpmu_hart_set_pc(m, 0, UT_RAM_BASE);
  uint64_t targets[] = {1000, 1001, 2500, 2502, 100000};
  for (size_t i = 0; i < sizeof targets / sizeof *targets; i++) {
    assert_int_equal(rvpmu_machine_run_until_cycles(m, targets[i]), RVPMU_RUNNING);
    assert_int_equal(rvpmu_machine_cycles(m), targets[i]);
    uint64_t insns = 0;
    assert_int_equal(rvpmu_event_total(m, 0, "instructions", &insns), 0);
    assert_int_equal(insns, targets[i]);
    assert_int_equal(rvpmu_machine_stopped(m), RVPMU_RUNNING);
  }
  /* A target already passed returns at once. */
  assert_int_equal(rvpmu_machine_run_until_cycles(m, 50), RVPMU_RUNNING);
  assert_int_equal(rvpmu_machine_cycles(m), 100000);
  /* t0 counted the loop's iterations: 100000 instructions = 33333 loops and one addi. */
  assert_int_equal(ut_reg(m, UT_T0), 33334);
  rvpmu_machine_destroy(m);
}

/* Stopping at clock targets and going on gives the same counts as one run. */
static void test_sampling_changes_no_count(void **state) {
  (void)state;
  struct rvpmu_machine *a = ut_machine(32), *b = ut_machine(32);
  for (int k = 0; k < 2; k++) {
    struct rvpmu_machine *m = k ? b : a;
    ut_write_words(m, UT_RAM_BASE, loop, 3);
    rvpmu_hart_set_pc(m, 0, UT_RAM_BASE);
  }
  for (uint64_t t = 777; t <= 77700; t += 777) assert_int_equal(rvpmu_machine_run_until_cycles(a, t), RVPMU_RUNNING);
  ut_run(b, 77700);
  uint64_t ca = 0, cb = 0, ia = 0, ib = 0;
  assert_int_equal(rvpmu_event_total(a, 0, "cycles", &ca), 0);
  assert_int_equal(rvpmu_event_total(b, 0, "cycles", &cb), 0);
  assert_int_equal(rvpmu_event_total(a, 0, "instructions", &ia), 0);
  assert_int_equal(rvpmu_event_total(b, 0, "instructions", &ib), 0);
  assert_int_equal(ca, 77700);
  assert_int_equal(ca, cb);
  assert_int_equal(ia, ib);
  assert_int_equal(ut_reg(a, UT_T1), ut_reg(b, UT_T1));
  rvpmu_machine_destroy(a);
  rvpmu_machine_destroy(b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_stops_exactly_on_the_generic_core),
      cmocka_unit_test(test_sampling_changes_no_count),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
