/* The CSR maps of the core profiles (src/profiles/ibex_csrs.c, cv32e40p_csrs.c; csr/csr.c):
 * which CSRs exist and which bits software can change, as the RTL has them. The guest walk
 * tests/profiles/csrmap compares every address with the RTL; these cases pin the rules the
 * map expresses through the embedding API (rvpmu_csr_read/write, M-mode semantics).
 *
 * Statements covered (values measured on the RTL, tests/reference/csrmap-*.csv):
 * - Ibex: cpuctrlsts (0x7c0) and secureseed (0x7c1) exist; cpuctrlsts keeps only bits 7:6
 *   with ICache=0/SecureIbex=0; secureseed reads 0. No S-mode CSR, no PMP (PMPEnable=0), no
 *   trigger CSR (DbgTriggerEn=0), no dcsr outside debug mode. marchid = 22. mstatus keeps
 *   MIE, MPIE, MPP, MPRV, TW (0x221888), MPP only M or U; mie the fast interrupts
 *   (0x7fff0888); mtvec base bits 31:8 with mode 1; mcounteren the existing counters;
 *   mcause an external/internal interrupt flag (bits 31:30 = 10 / 11) and a 5-bit code;
 *   mhpmeventN reads 1 << (N-3) (RTL) or 1 << N (the document).
 * - CV32E40P: M mode only, so MPP reads M whatever is written and there is no mcounteren;
 *   mtval is hardwired to 0; tdata1 reads 0x28001040 and tinfo 4 (writes ignored outside
 *   debug mode); mvendorid 0x602, marchid 4; mcause keeps 0x8000001f.
 * - The generic core keeps every CSR csr.c knows (sstatus, PMP registers read zero). */
#include "unit_util.h"

#include "csr/csr.h"
#include "profiles/csr_map.h"
#include "profiles/timing.h"

static bool csr_exists(struct rvpmu_machine *m, unsigned csr) {
  uint64_t v;
  return rvpmu_csr_read(m, 0, csr, &v) == 0;
}

/* Writes `value` and returns what reads back. */
static uint64_t write_read(struct rvpmu_machine *m, unsigned csr, uint64_t value) {
  ut_set_csr(m, csr, value);
  return ut_csr(m, csr);
}

static void test_ibex_custom_csrs_exist(void **state) {
  (void)state;
  struct rvpmu_machine *m = ut_machine_core(32, "ibex,variant=rtl,counters=2");
  assert_int_equal(ut_csr(m, CSR_CPUCTRLSTS), 0);
  assert_int_equal(write_read(m, CSR_CPUCTRLSTS, 0xffffffff), 0xc0);
  assert_int_equal(write_read(m, CSR_CPUCTRLSTS, 1), 0); /* icache_enable: no ICache */
  assert_int_equal(write_read(m, CSR_SECURESEED, 0x12345678), 0);
  assert_int_equal(ut_csr(m, CSR_MARCHID), 22);
  rvpmu_machine_destroy(m);
}

static void test_ibex_absent_csrs_trap(void **state) {
  (void)state;
  struct rvpmu_machine *m = ut_machine_core(32, "ibex");
  static const unsigned absent[] = {CSR_SSTATUS, CSR_SATP, CSR_MEDELEG, CSR_MIDELEG, CSR_PMPCFG0,
                                    CSR_PMPADDR0, CSR_TSELECT, CSR_TDATA1, 0x7b0 /* dcsr */,
                                    0x747 /* mseccfg */, CSR_TIME, CSR_MCYCLECFG, 0x7c2};
  for (unsigned i = 0; i < sizeof absent / sizeof *absent; i++)
    if (csr_exists(m, absent[i])) fail_msg("CSR 0x%03x exists on ibex", absent[i]);
  rvpmu_machine_destroy(m);
}

static void test_ibex_warl_masks(void **state) {
  (void)state;
  struct rvpmu_machine *m = ut_machine_core(32, "ibex,variant=rtl,counters=2");
  assert_int_equal(write_read(m, CSR_MSTATUS, 0xffffffff), 0x221888);
  assert_int_equal(write_read(m, CSR_MSTATUS, 1u << 11), 0); /* MPP = S: becomes U */
  assert_int_equal(write_read(m, CSR_MIE, 0xffffffff), 0x7fff0888);
  assert_int_equal(write_read(m, CSR_MTVEC, 0xffffffff), 0xffffff01);
  assert_int_equal(write_read(m, CSR_MTVEC, 0x00100000), 0x00100001);
  assert_int_equal(write_read(m, CSR_MCOUNTEREN, 0xffffffff), 0x1d); /* cycle, instret, 3, 4 */
  assert_int_equal(write_read(m, CSR_MIP, 0xffffffff) & ~0x80ull, 0);  /* read-only */
  assert_int_equal(write_read(m, CSR_MCAUSE, 0x5a5a5a5a), 0x1a);       /* bits 31:30 = 01 */
  assert_int_equal(write_read(m, CSR_MCAUSE, 0xa5a5a5a5), 0x80000005); /* external interrupt */
  assert_int_equal(write_read(m, CSR_MCAUSE, 0xc0000007), 0xffffffe7); /* internal interrupt */
  assert_int_equal(ut_csr(m, CSR_MHPMEVENT3), 1);
  assert_int_equal(ut_csr(m, CSR_MHPMEVENT3 + 1), 2);
  assert_int_equal(ut_csr(m, CSR_MHPMEVENT3 + 2), 0); /* counter 5 does not exist */
  rvpmu_machine_destroy(m);
  m = ut_machine_core(32, "ibex,counters=2"); /* variant=doc: the document's bit N */
  assert_int_equal(ut_csr(m, CSR_MHPMEVENT3), 8);
  rvpmu_machine_destroy(m);
}

static void test_cv32e40p_map(void **state) {
  (void)state;
  struct rvpmu_machine *m = ut_machine_core(32, "cv32e40p");
  assert_int_equal(ut_csr(m, CSR_MSTATUS), 0x1800);
  assert_int_equal(write_read(m, CSR_MSTATUS, 0), 0x1800); /* MPP stays M */
  assert_int_equal(write_read(m, CSR_MSTATUS, 0xffffffff), 0x1888);
  assert_int_equal(write_read(m, CSR_MTVAL, 0xffffffff), 0);
  assert_int_equal(write_read(m, CSR_MCAUSE, 0xffffffff), 0x8000001f);
  assert_int_equal(write_read(m, CSR_MIE, 0xffffffff), 0xffff0888);
  assert_int_equal(write_read(m, CSR_MTVEC, 0xffffffff), 0xffffff01);
  assert_int_equal(write_read(m, CSR_TDATA1, 0), 0x28001040);
  assert_int_equal(ut_csr(m, CSR_TINFO), 4);
  assert_int_equal(ut_csr(m, CSR_MVENDORID), 0x602);
  assert_int_equal(ut_csr(m, CSR_MARCHID), 4);
  assert_false(csr_exists(m, CSR_MCOUNTEREN));
  assert_false(csr_exists(m, CSR_MSTATUSH));
  assert_false(csr_exists(m, CSR_MCONFIGPTR));
  assert_false(csr_exists(m, CSR_CPUCTRLSTS));
  assert_false(csr_exists(m, 0xcc0)); /* PULP hardware loops: COREV_PULP=0 */
  rvpmu_machine_destroy(m);
}

static void test_generic_keeps_every_csr(void **state) {
  (void)state;
  struct rvpmu_machine *m = ut_machine(32);
  assert_true(csr_exists(m, CSR_SSTATUS));
  assert_true(csr_exists(m, CSR_PMPCFG0));
  assert_true(csr_exists(m, CSR_TSELECT));
  assert_false(csr_exists(m, CSR_CPUCTRLSTS));
  rvpmu_machine_destroy(m);
}

/* Every map is well formed: ranges in order within themselves, register slots that exist, and
 * no address covered twice for the same ISA (entries for "with F" and "without F" may pair). */
static void check_map(const char *name, const struct csr_map_entry *map) {
  for (const struct csr_map_entry *e = map; e->kind != CSR_MAP_END; e++) {
    if (e->first > e->last || e->last > 0xfff) fail_msg("%s %s: bad range", name, e->name);
    if (e->kind == CSR_MAP_REGISTER && e->reg >= CSR_MAP_REGS) fail_msg("%s %s: bad slot", name, e->name);
    for (const struct csr_map_entry *o = e + 1; o->kind != CSR_MAP_END; o++) {
      bool overlap = e->first <= o->last && o->first <= e->last;
      unsigned fe = e->flags & (CSR_MAP_WITH_F | CSR_MAP_WITHOUT_F), fo = o->flags & (CSR_MAP_WITH_F | CSR_MAP_WITHOUT_F);
      bool exclusive = fe && fo && fe != fo;
      if (overlap && !exclusive) fail_msg("%s: %s and %s overlap", name, e->name, o->name);
    }
  }
}

static void test_maps_well_formed(void **state) {
  (void)state;
  check_map("ibex", ibex_csr_map);
  check_map("cv32e40p", cv32e40p_csr_map);
}

/* A CSR write that takes effect after the first cycle: the first cycle comes from a run
 * without events (the cycle in which the core executes it), the rest keeps the others. */
static void test_timing_split_first_cycle(void **state) {
  (void)state;
  struct insn_timing t = {0}, first, rest;
  timing_add(&t, EV_BIT(EV_STALL_IF), 1);
  timing_add(&t, 0, 1);
  timing_add(&t, EV_BIT(EV_SYSTEM_INSNS), 1);
  timing_split_first_cycle(&t, &first, &rest);
  assert_int_equal(first.n, 1);
  assert_int_equal(first.run[0].events, 0);
  assert_int_equal(first.run[0].count, 1);
  assert_int_equal(rest.n, 2);
  assert_int_equal(rest.run[0].events, EV_BIT(EV_STALL_IF));
  assert_int_equal(rest.run[1].events, EV_BIT(EV_SYSTEM_INSNS));
  struct insn_timing one = {0};
  timing_add(&one, EV_BIT(EV_SYSTEM_INSNS), 1); /* a one-cycle instruction: all of it is first */
  timing_split_first_cycle(&one, &first, &rest);
  assert_int_equal(first.n, 1);
  assert_int_equal(first.run[0].events, EV_BIT(EV_SYSTEM_INSNS));
  assert_int_equal(rest.n, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_ibex_custom_csrs_exist),
      cmocka_unit_test(test_ibex_absent_csrs_trap),
      cmocka_unit_test(test_ibex_warl_masks),
      cmocka_unit_test(test_cv32e40p_map),
      cmocka_unit_test(test_generic_keeps_every_csr),
      cmocka_unit_test(test_timing_split_first_cycle),
      cmocka_unit_test(test_maps_well_formed),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
