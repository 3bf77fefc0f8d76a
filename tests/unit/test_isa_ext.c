/* The generic core's default ISA (rv64gc/rv32gc + Zba, Zbb, Zbc, Zbs, Zicond, Zicbom, Zicboz,
 * Zihintpause) as software and Linux see it: misa, the ISA string, the device tree's riscv,isa
 * and riscv,isa-extensions; --isa narrowing it; menvcfg's CBO fields; Ibex's RV32B options. */
#include "unit_util.h"

#include <libfdt.h>

#include "csr/csr.h"
#include "csr/csrind.h"

/* misa letters: A B C D F I M S U (bits 0 1 2 3 5 8 12 18 20). */
#define MISA_GC_B_SU 0x14112full

static void test_default_misa_and_isa(void **state) {
  (void)state;
  struct rvpmu_machine *m = ut_machine(64);
  assert_int_equal(ut_csr(m, CSR_MISA), 2ull << 62 | MISA_GC_B_SU);
  assert_string_equal(rvpmu_machine_isa(m), "rv64imafdc_zicbom_zicboz_zicond_zihintpause_zba_zbb_zbc_zbkb_zbkc_zbkx_zbs_zknd_zkne_zknh_zksed_zksh_zkt");
  rvpmu_machine_destroy(m);
  m = ut_machine(32);
  assert_int_equal(ut_csr(m, CSR_MISA), 1ull << 30 | MISA_GC_B_SU);
  assert_string_equal(rvpmu_machine_isa(m), "rv32imafdc_zicbom_zicboz_zicond_zihintpause_zba_zbb_zbc_zbkb_zbkc_zbkx_zbs_zknd_zkne_zknh_zksed_zksh_zkt");
  rvpmu_machine_destroy(m);
  /* --isa narrows it: no B in misa, Zba's sh1add illegal. */
  m = ut_machine_isa("rv64imac");
  assert_int_equal(ut_csr(m, CSR_MISA), 2ull << 62 | 0x141105ull);
  ut_trap_to_spin(m);
  static const uint32_t prog[] = {0x20c5a533 /* sh1add a0, a1, a2 */, UT_SPIN};
  UT_RUN_PROGRAM(m, prog, 5);
  ut_assert_trap(m, UT_CAUSE_ILLEGAL, UT_RAM_BASE, prog[0]);
  rvpmu_machine_destroy(m);
  /* Zba without Zbb and Zbs: no B either. */
  m = ut_machine_isa("rv64gc_zba");
  assert_int_equal(ut_csr(m, CSR_MISA) & 2, 0);
  rvpmu_machine_destroy(m);
}

/* The device tree Linux reads: riscv,isa names every extension, riscv,isa-extensions lists
 * each, and riscv,cboz-block-size / riscv,cbom-block-size give the 64-byte block. */
static void test_device_tree(void **state) {
  (void)state;
  static char dtb[16384];
  struct rvpmu_machine *m = ut_machine(64);
  assert_true(rvpmu_machine_dtb(m, dtb, sizeof dtb) > 0);
  int cpu = fdt_path_offset(dtb, "/cpus/cpu@0");
  assert_true(cpu >= 0);
  const char *isa = fdt_getprop(dtb, cpu, "riscv,isa", NULL);
  assert_non_null(isa);
  assert_non_null(strstr(isa, "rv64imafdc_zicbom_zicboz_zicond_zihintpause_zba_zbb_zbc_zbkb_zbkc_zbkx_zbs_zknd_zkne_zknh_zksed_zksh_zkt_"));
  static const char *const exts[] = {"i", "m", "a", "f", "d", "c", "zicbom", "zicboz", "zicond", "zihintpause",
                                     "zba", "zbb", "zbc", "zbs", "zicsr", "zifencei", "zicntr", "zihpm",
                                     "zbkb", "zbkc", "zbkx", "zknd", "zkne", "zknh", "zksed", "zksh", "zkt"};
  int len;
  const char *list = fdt_getprop(dtb, cpu, "riscv,isa-extensions", &len);
  assert_non_null(list);
  for (size_t i = 0; i < sizeof exts / sizeof *exts; i++)
    if (fdt_stringlist_contains(list, len, exts[i]) != 1) fail_msg("riscv,isa-extensions lacks %s", exts[i]);
  const fdt32_t *cboz = fdt_getprop(dtb, cpu, "riscv,cboz-block-size", NULL);
  const fdt32_t *cbom = fdt_getprop(dtb, cpu, "riscv,cbom-block-size", NULL);
  assert_non_null(cboz);
  assert_non_null(cbom);
  assert_int_equal(fdt32_to_cpu(*cboz), 64);
  assert_int_equal(fdt32_to_cpu(*cbom), 64);
  rvpmu_machine_destroy(m);
}

/* --isa leaves out each extension it does not name (unprivileged spec: an encoding of an
 * extension the hart lacks is reserved, raising an illegal-instruction exception with the
 * encoding in mtval, privileged spec 3.1.16); misa and the device tree say so (misa letters M A
 * C F D, 3.1.1; riscv,isa-extensions per the Linux binding). */
static void test_isa_narrowing(void **state) {
  (void)state;
  static const struct {
    const char *isa, *missing; /* the ISA, the extension it lacks */
    uint32_t word, mtval;      /* an instruction of that extension (16-bit ones padded with C.NOP) */
  } cases[] = {
      {"rv32i", "m", 0x02c58533, 0x02c58533},        /* mul a0, a1, a2 */
      {"rv64i", "m", 0x02c5c53b, 0x02c5c53b},        /* divw a0, a1, a2 */
      {"rv64im", "a", 0x00c5a52f, 0x00c5a52f},       /* amoadd.w a0, a2, (a1) */
      {"rv32imaf", "c", 0x00010505, 0x0505},         /* c.addi a0, 1 */
      {"rv64imac", "f", 0x00c58553, 0x00c58553},     /* fadd.s fa0, fa1, fa2 */
      {"rv64imafc", "d", 0x02c58553, 0x02c58553},    /* fadd.d fa0, fa1, fa2 */
      {"rv64gc_zbb", "zbkb", 0x08c5c533, 0x08c5c533}, /* pack a0, a1, a2 */
      {"rv32gc_zbkb", "zbkx", 0x28c5c533, 0x28c5c533}, /* xperm8 a0, a1, a2 */
      {"rv64gc_zbb", "zbkc", 0x0ac59533, 0x0ac59533}, /* clmul a0, a1, a2 */
      {"rv64gc_zknd", "zkne", 0x32c58533, 0x32c58533}, /* aes64es a0, a1, a2 */
      {"rv32gc_zkne", "zknd", 0x2ac58533, 0x2ac58533}, /* aes32dsi a0, a1, a2, 0 */
      {"rv64gc_zkn", "zknh" /* not: Zkn has it */, 0, 0},
      {"rv64gc_zks", "zknh", 0x10259513, 0x10259513}, /* sha256sig0 a0, a1 */
      {"rv64gc_zknh", "zksed", 0x30c58533, 0x30c58533}, /* sm4ed a0, a1, a2, 0 */
      {"rv32gc_zksed", "zksh", 0x10859513, 0x10859513}, /* sm3p0 a0, a1 */
  };
  static char dtb[16384];
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    struct rvpmu_machine *m = ut_machine_isa(cases[i].isa);
    assert_true(rvpmu_machine_dtb(m, dtb, sizeof dtb) > 0);
    int cpu = fdt_path_offset(dtb, "/cpus/cpu@0"), len;
    const char *list = fdt_getprop(dtb, cpu, "riscv,isa-extensions", &len);
    assert_non_null(list);
    bool listed = fdt_stringlist_contains(list, len, cases[i].missing) == 1;
    if (!cases[i].word) { /* the shorthand names it */
      if (!listed) fail_msg("%s: riscv,isa-extensions lacks %s", cases[i].isa, cases[i].missing);
      rvpmu_machine_destroy(m);
      continue;
    }
    if (listed) fail_msg("%s: riscv,isa-extensions lists %s", cases[i].isa, cases[i].missing);
    if (!cases[i].missing[1]) /* a letter: its misa bit is clear */
      assert_int_equal((ut_csr(m, CSR_MISA) >> (cases[i].missing[0] - 'a')) & 1, 0);
    ut_trap_to_spin(m);
    const uint32_t prog[] = {cases[i].word, UT_SPIN};
    UT_RUN_PROGRAM(m, prog, 5);
    ut_assert_trap(m, UT_CAUSE_ILLEGAL, UT_RAM_BASE, cases[i].mtval);
    rvpmu_machine_destroy(m);
  }
  /* Zbkc alone runs CLMUL (3 clmul 3 = 5). */
  struct rvpmu_machine *m = ut_machine_isa("rv64gc_zbkc");
  rvpmu_hart_set_reg(m, 0, UT_A1, 3);
  rvpmu_hart_set_reg(m, 0, UT_A2, 3);
  static const uint32_t clmul[] = {0x0ac59533, UT_SPIN};
  UT_RUN_PROGRAM(m, clmul, 5);
  assert_int_equal(ut_reg(m, UT_A0), 5);
  rvpmu_machine_destroy(m);
}

/* menvcfg/senvcfg: CBIE, CBCFE (Zicbom) and CBZE (Zicboz) are writable by default; none
 * without the extensions. */
static void test_envcfg_cbo_fields(void **state) {
  (void)state;
  struct rvpmu_machine *m = ut_machine(64);
  ut_set_csr(m, CSR_MENVCFG, ~0ull);
  /* Svadu (firmware FWFT PTE A/D), Smcdeleg's CDE and Zicbo* */
  assert_int_equal(ut_csr(m, CSR_MENVCFG), ENVCFG_ADUE | ENVCFG_CDE | 0xf0);
  ut_set_csr(m, CSR_SENVCFG, 0x80);
  assert_int_equal(ut_csr(m, CSR_SENVCFG), 0x80);
  rvpmu_machine_destroy(m);
  m = ut_machine_isa("rv64gc_zicbom");
  ut_set_csr(m, CSR_MENVCFG, ~0ull);
  assert_int_equal(ut_csr(m, CSR_MENVCFG), ENVCFG_ADUE | ENVCFG_CDE | 0x70);
  rvpmu_machine_destroy(m);
}

/* An Ibex on the virt memory map (RAM at UT_RAM_BASE, as the helpers assume). */
static struct rvpmu_machine *ibex(const char *core) {
  char err[256];
  struct rvpmu_config cfg = {.core = core, .platform = "virt", .ram_bytes = 16ull << 20, .console = ut_console()};
  struct rvpmu_machine *m = rvpmu_machine_create(&cfg, err, sizeof err);
  if (!m) fail_msg("%s: %s", core, err);
  return m;
}

/* Ibex's RV32B options (ibex_decoder.sv): balanced decodes Zba, Zbb, Zbs but not Zbc;
 * otearlgrey Zbc too; rotates take one more cycle than other ALU operations. */
static void test_ibex_rv32b(void **state) {
  (void)state;
  struct rvpmu_machine *m = ibex("ibex,rv32b=balanced");
  assert_string_equal(rvpmu_machine_isa(m), "rv32imc_zba_zbb_zbs");
  rvpmu_machine_destroy(m);
  static const uint32_t clmul[] = {0x0ac59533 /* clmul a0, a1, a2 */, UT_SPIN};
  for (int full = 0; full <= 1; full++) {
    m = ibex(full ? "ibex,rv32b=otearlgrey" : "ibex,rv32b=balanced");
    ut_trap_to_spin(m);
    rvpmu_hart_set_reg(m, 0, UT_A1, 3);
    rvpmu_hart_set_reg(m, 0, UT_A2, 3);
    UT_RUN_PROGRAM(m, clmul, 5);
    if (full) assert_int_equal(ut_reg(m, UT_A0), 5); /* 0b11 clmul 0b11 = 0b101 */
    else ut_assert_trap(m, UT_CAUSE_ILLEGAL, UT_RAM_BASE, clmul[0]);
    rvpmu_machine_destroy(m);
  }
  /* mcycle across one instruction: csrr a3, mcycle; OP; csrr a4, mcycle. */
  static const uint32_t ror[] = {0xb00026f3, 0x60c5d533 /* ror a0, a1, a2 */, 0xb0002773, UT_SPIN};
  static const uint32_t add[] = {0xb00026f3, 0x00c58533 /* add a0, a1, a2 */, 0xb0002773, UT_SPIN};
  uint64_t cycles[2];
  for (int k = 0; k < 2; k++) {
    m = ibex("ibex,rv32b=balanced");
    ut_trap_to_spin(m);
    rvpmu_hart_set_reg(m, 0, UT_A1, 0x80000001u);
    rvpmu_hart_set_reg(m, 0, UT_A2, 1);
    ut_run_program(m, k ? ror : add, 4, 10);
    cycles[k] = ut_reg(m, UT_A4) - ut_reg(m, UT_A3);
    if (k) assert_int_equal(ut_reg(m, UT_A0), 0xc0000000u);
    rvpmu_machine_destroy(m);
  }
  assert_int_equal(cycles[1], cycles[0] + 1);
}

/* The generic core's event classes see the new instructions for what they are: RV64 Zb* forms
 * are bitmanip-insns (the event MicroBlaze V's class 0 BITMANIP selects), CZERO arithmetic,
 * CBO.ZERO a cache-block operation and no load or store; all of them instructions. */
static void test_event_classes(void **state) {
  (void)state;
  static const uint32_t prog[] = {
      0x08c5853b, /* add.uw a0, a1, a2 */
      0x6005951b, /* clzw a0, a1 */
      0x60c5d533, /* ror a0, a1, a2 */
      0x0ec5d533, /* czero.eqz a0, a1, a2 */
      0x0044200f, /* cbo.zero (s0) */
      0x0100000f, /* pause */
      UT_SPIN,
  };
  struct rvpmu_machine *m = ut_machine(64);
  ut_trap_to_spin(m);
  static const char *const events[] = {"bitmanip-insns", "arith-insns", "cbo-insns", "loads", "stores", "instructions"};
  for (size_t i = 0; i < sizeof events / sizeof *events; i++) assert_int_equal(rvpmu_watch(m, events[i]), 0);
  rvpmu_hart_set_reg(m, 0, UT_S0, UT_RAM_BASE + 0x1000);
  UT_RUN_PROGRAM(m, prog, 6);
  static const uint64_t want[] = {3, 1, 1, 0, 0, 6};
  for (size_t i = 0; i < sizeof events / sizeof *events; i++) {
    uint64_t n = 0;
    assert_int_equal(rvpmu_event_total(m, 0, events[i], &n), 0);

    if (n != want[i]) fail_msg("%s: %llu, expected %llu", events[i], (unsigned long long)n, (unsigned long long)want[i]);
  }
  rvpmu_machine_destroy(m);
  /* Scalar cryptography: bitmanip-insns too (docs/events-generic.md). */
  static const uint32_t crypto[] = {
      0x08c5c533, /* pack a0, a1, a2 */
      0x28c5c533, /* xperm8 a0, a1, a2 */
      0x32c58533, /* aes64es a0, a1, a2 */
      0x10259513, /* sha256sig0 a0, a1 */
      0x10859513, /* sm3p0 a0, a1 */
      UT_SPIN,
  };
  m = ut_machine(64);
  ut_trap_to_spin(m);
  for (size_t i = 0; i < sizeof events / sizeof *events; i++) assert_int_equal(rvpmu_watch(m, events[i]), 0);
  UT_RUN_PROGRAM(m, crypto, 5);
  static const uint64_t want_crypto[] = {5, 0, 0, 0, 0, 5};
  for (size_t i = 0; i < sizeof events / sizeof *events; i++) {
    uint64_t n = 0;
    assert_int_equal(rvpmu_event_total(m, 0, events[i], &n), 0);
    if (n != want_crypto[i])
      fail_msg("crypto %s: %llu, expected %llu", events[i], (unsigned long long)n, (unsigned long long)want_crypto[i]);
  }
  rvpmu_machine_destroy(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_default_misa_and_isa),
      cmocka_unit_test(test_device_tree),
      cmocka_unit_test(test_isa_narrowing),
      cmocka_unit_test(test_envcfg_cbo_fields),
      cmocka_unit_test(test_ibex_rv32b),
      cmocka_unit_test(test_event_classes),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
