/* CV32E40P with its FPU (src/profiles/cv32e40p_fpu.c, docs/cv32e40p.md "With the FPU").
 *
 * - The divide/square-root unit's latency for every operand pair measured on the RTL
 *   (tests/reference/cv32e40p-fpu-lat0.csv, programs fp_divsqrt and fp_divlat): a region
 *   holding one fdiv.s/fsqrt.s takes 4 cycles for its brackets, 1 for the operation and the
 *   stopping CSR write waits for the result (latency + 1 cycles), plus one cycle when the FPU
 *   refuses the request first (APU_CONT = 1, a subnormal divisor). So latency = mcycle - 6 -
 *   APU_CONT. The table below is those regions, generated from the CSV.
 * - The options: fpu=on makes the core RV32IMFC (default ISA, ISA letters), the latency
 *   options need fpu=on and take 0..3 (the measured range), bad values fail with a message. */
#include "unit_util.h"

#include "profiles/cv32e40p_fpu.h"
#include "profiles/profile.h"

struct divsqrt_case {
  bool sqrt;
  uint32_t a, b;
  unsigned cycles;
  bool nack;
  const char *region;
};

static const struct divsqrt_case measured[] = {
    {false, 0x40490fdb, 0x402df854, 18, false, "fp_divsqrt/div_norm"},
    {false, 0x41200000, 0x40000000, 6, false, "fp_divsqrt/div_exact"},
    {false, 0x40490fdb, 0x3f800000, 17, false, "fp_divsqrt/div_by1"},
    {false, 0x00800000, 0x7f000000, 4, false, "fp_divsqrt/div_small"},
    {false, 0x7f000000, 0x00800000, 4, false, "fp_divsqrt/div_big"},
    {false, 0x00000000, 0x40000000, 2, false, "fp_divsqrt/div_zero_num"},
    {false, 0x3f800000, 0x00000000, 2, false, "fp_divsqrt/div_by_zero"},
    {false, 0x00000000, 0x00000000, 2, false, "fp_divsqrt/div_zero_zero"},
    {false, 0x7f800000, 0x40000000, 2, false, "fp_divsqrt/div_inf"},
    {false, 0x40000000, 0x7f800000, 2, false, "fp_divsqrt/div_by_inf"},
    {false, 0x7fc00000, 0x40000000, 2, false, "fp_divsqrt/div_nan"},
    {false, 0x7f800001, 0x40000000, 2, false, "fp_divsqrt/div_snan"},
    {false, 0x00000001, 0x3f000000, 5, false, "fp_divsqrt/div_sub"},
    {false, 0x3f800000, 0x00400000, 5, true, "fp_divsqrt/div_by_sub"},
    {false, 0xc0490fdb, 0x402df854, 18, false, "fp_divsqrt/div_neg"},
    {true, 0x40000000, 0, 18, false, "fp_divsqrt/sqrt_norm"},
    {true, 0x41800000, 0, 5, false, "fp_divsqrt/sqrt_exact"},
    {true, 0x41000000, 0, 18, false, "fp_divsqrt/sqrt_odd_exp"},
    {true, 0x3f800000, 0, 5, false, "fp_divsqrt/sqrt_one"},
    {true, 0x00000000, 0, 2, false, "fp_divsqrt/sqrt_zero"},
    {true, 0x80000000, 0, 2, false, "fp_divsqrt/sqrt_negzero"},
    {true, 0xc0000000, 0, 2, false, "fp_divsqrt/sqrt_neg"},
    {true, 0x7f800000, 0, 2, false, "fp_divsqrt/sqrt_inf"},
    {true, 0x7fc00000, 0, 2, false, "fp_divsqrt/sqrt_nan"},
    {true, 0x00000010, 0, 18, false, "fp_divsqrt/sqrt_sub"},
    {false, 0x41100000, 0x41000000, 7, false, "fp_divlat/q_1_001"},
    {false, 0x41100000, 0x41400000, 6, false, "fp_divlat/q_x_lt_d"},
    {false, 0x42960000, 0x42c00000, 8, false, "fp_divlat/q_x_lt_d5"},
    {false, 0x40e00000, 0x40000000, 6, false, "fp_divlat/q_7_2"},
    {false, 0x41700000, 0x41000000, 7, false, "fp_divlat/q_15_8"},
    {false, 0x437f0000, 0x3f800000, 9, false, "fp_divlat/q_255"},
    {false, 0x427c0000, 0x42800000, 8, false, "fp_divlat/q_63_64"},
    {false, 0x3f800008, 0x3f800000, 15, false, "fp_divlat/q_f20"},
    {false, 0x3f800004, 0x3f800000, 16, false, "fp_divlat/q_f21"},
    {false, 0x3f800002, 0x3f800000, 16, false, "fp_divlat/q_f22"},
    {false, 0x3f800001, 0x3f800000, 17, false, "fp_divlat/q_f23"},
    {false, 0x3f804000, 0x3f800000, 10, false, "fp_divlat/q_f9"},
    {false, 0x3f802000, 0x3f800000, 10, false, "fp_divlat/q_f10"},
    {false, 0x3f800000, 0x40400000, 18, false, "fp_divlat/q_third"},
    {false, 0x3f800000, 0x3fc00000, 18, false, "fp_divlat/q_x_lt_d_f22"},
    {false, 0x00080000, 0x3f800000, 5, false, "fp_divlat/q_sub_res"},
    {false, 0x00080000, 0x40400000, 18, false, "fp_divlat/q_sub_res2"},
    {false, 0x00800000, 0x4b800000, 5, false, "fp_divlat/q_uf_edge"},
    {false, 0x00800000, 0x4e800000, 4, false, "fp_divlat/q_uf_deep"},
    {false, 0x7f000000, 0x3f000000, 5, false, "fp_divlat/q_of_edge"},
    {false, 0xc0c00000, 0x40400000, 5, false, "fp_divlat/q_neg_ex"},
    {false, 0x3f800000, 0x00000600, 4, true, "fp_divlat/q_by_sub_inexact"},
    {true, 0x40100000, 0, 6, false, "fp_divlat/r_1_5"},
    {true, 0x40c80000, 0, 6, false, "fp_divlat/r_2_5"},
    {true, 0x40610000, 0, 7, false, "fp_divlat/r_1_875"},
    {true, 0x41a20000, 0, 7, false, "fp_divlat/r_4_5"},
    {true, 0x3f100000, 0, 6, false, "fp_divlat/r_0_75"},
    {true, 0x3f802002, 0, 11, false, "fp_divlat/r_f11"},
    {true, 0x3f804008, 0, 10, false, "fp_divlat/r_f10"},
    {true, 0x3f882000, 0, 8, false, "fp_divlat/r_f5"},
    {true, 0x3f840800, 0, 8, false, "fp_divlat/r_f6"},
    {true, 0x00000200, 0, 5, false, "fp_divlat/r_sub_exact"},
    {true, 0x3e800000, 0, 5, false, "fp_divlat/r_quarter"},
    {true, 0x3f000000, 0, 18, false, "fp_divlat/r_half"},
    {true, 0x40400000, 0, 18, false, "fp_divlat/r_3"},
};

static void test_divsqrt_latency_as_measured(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof measured / sizeof *measured; i++) {
    const struct divsqrt_case *c = &measured[i];
    struct divsqrt_latency l = cv32e40p_divsqrt_latency(c->sqrt, c->a, c->b);
    if (l.cycles != c->cycles || l.nack != c->nack)
      fail_msg("%s: %s(0x%08x, 0x%08x): model %u cycles nack %d, RTL %u nack %d", c->region, c->sqrt ? "sqrt" : "div",
               c->a, c->b, l.cycles, l.nack, c->cycles, c->nack);
  }
}

static void test_options(void **state) {
  (void)state;
  char err[256];
  struct profile *p = profile_create("cv32e40p,fpu=on,fpu_addmul_lat=2,fpu_others_lat=1", err, sizeof err);
  assert_non_null(p);
  assert_string_equal(p->default_isa, "rv32imfc");
  assert_string_equal(p->isa_letters, "imfc");
  assert_int_equal(p->options[CV32E40P_OPT_ADDMUL_LAT], 2);
  assert_int_equal(p->options[CV32E40P_OPT_OTHERS_LAT], 1);
  assert_non_null(p->operand_latency);
  profile_free(p);
  p = profile_create("cv32e40p", err, sizeof err);
  assert_non_null(p);
  assert_string_equal(p->default_isa, "rv32imc");
  assert_null(p->operand_latency);
  assert_null(p->fetch_block);
  profile_free(p);
  assert_null(profile_create("cv32e40p,fpu_addmul_lat=1", err, sizeof err));
  assert_non_null(strstr(err, "need fpu=on"));
  assert_null(profile_create("cv32e40p,fpu=on,fpu_others_lat=4", err, sizeof err));
  assert_non_null(strstr(err, "0..3"));
  assert_null(profile_create("cv32e40p,fpu=yes", err, sizeof err));
  assert_non_null(strstr(err, "on or off"));
  /* zfinx=on: ZFINX=1, F's operations on the integer registers */
  p = profile_create("cv32e40p,fpu=on,zfinx=on", err, sizeof err);
  assert_non_null(p);
  assert_string_equal(p->default_isa, "rv32imc_zfinx");
  assert_string_equal(p->isa_letters, "imc");
  assert_true(p->isa_ext & ISA_EXT_ZFINX);
  assert_non_null(p->trap_taken);
  profile_free(p);
  assert_null(profile_create("cv32e40p,zfinx=on", err, sizeof err));
  assert_non_null(strstr(err, "zfinx=on needs fpu=on"));
  assert_null(profile_create("cv32e40p,fpu=on,zfinx=1", err, sizeof err));
  assert_non_null(strstr(err, "on or off"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_divsqrt_latency_as_measured),
      cmocka_unit_test(test_options),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
