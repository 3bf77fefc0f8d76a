/* MicroBlaze V profile (src/profiles/microblaze_v.c) and the ISA extensions it brings.
 *
 * Spec statements covered:
 * - Bit-manipulation spec 1.0.0 (Zba, Zbb, Zbc, Zbs; RV32): every instruction's result on
 *   known operands, including the zero-operand corners (clz/ctz of 0 = XLEN, cpop 0 = 0,
 *   rotations by 0), checked against a reference model; on a core without them (generic, or
 *   microblaze-v with --isa rv32imac) they raise illegal instruction with mtval = encoding.
 * - CMO spec 1.0 (Zicbom): CBO.CLEAN/FLUSH/INVAL execute in M mode; in U mode they need
 *   menvcfg.CBCFE (clean, flush) / menvcfg.CBIE != 00 (inval) and, with S mode, the same in
 *   senvcfg, else illegal instruction; CBIE's reserved value 10 is not kept (WARL: 00);
 *   without Zicbom menvcfg has no writable field.
 * - UG1629 "Machine HPM Event Register": selectors decode as class (bits 4:1) and event mask
 *   (bits 24:5); undefined classes, undefined bits and bit 0 select nothing; several bits of
 *   a class select each of their events; the latency pair's first selector has class 5
 *   fixed, its second reads 0; the layout of event counters and latency pairs follows
 *   event_counters/latency_counters within 29 counters.
 * - Latency pairs (hpm_latency_sample): the sum adds every latency of the selected events,
 *   the max/min counter keeps max in 31:16 and min in 15:0 (16-bit saturating, 0 = empty),
 *   inhibited counters keep their value, other events do not change the pair.
 * - Device tree (docs/microblaze-v.md "Peripheral AXI and the peripheral region"): the scratch
 *   peripheral is /soc/periph@4000000, compatible "rvpmu,scratch-periph", reg 0x4000000 +
 *   0x1000; a core without one (generic) has no such node.
 *
 * Encodings from riscv64-unknown-elf-as 2.40 -march=rv32imac_zba_zbb_zbc_zbs_zicbom
 * (objdump -M no-aliases); expected values from a Python model of the spec's pseudocode. */
#include "unit_util.h"

#include <libfdt.h>

#include "csr/csr.h"
#include "hpm/hpm.h"
#include "machine.h"
#include "profiles/profile.h"

#define MB "microblaze-v"
enum { S2 = 18, S3, S4, S5, S6, S7, S8, S9, S10, S11 };
#define A0_IN 0x81234561u
#define A1_IN 0x0000f0f3u /* shift amounts use its low 5 bits: 19 */

struct expect {
  unsigned reg;
  uint32_t value;
};

static void run_and_check(const char *core, const char *isa, const uint32_t *prog, size_t n, uint32_t a1,
                          const struct expect *e, size_t ne) {
  struct rvpmu_machine *m = ut_machine_config(32, core, isa);
  rvpmu_hart_set_reg(m, 0, UT_A0, A0_IN);
  rvpmu_hart_set_reg(m, 0, UT_A1, a1);
  ut_trap_to_spin(m);
  ut_run_program(m, prog, n, 100);
  ut_assert_no_trap(m, UT_PRIV_M);
  for (size_t i = 0; i < ne; i++)
    if (ut_reg(m, e[i].reg) != e[i].value)
      fail_msg("x%u = 0x%08llx, expected 0x%08x", e[i].reg, (unsigned long long)ut_reg(m, e[i].reg), e[i].value);
  rvpmu_machine_destroy(m);
}

static const uint32_t prog1[] = {
    0x20b52633, /* sh1add a2, a0, a1 */
    0x20a5c6b3, /* sh2add a3, a1, a0 */
    0x20a5e733, /* sh3add a4, a1, a0 */
    0x40b577b3, /* andn a5, a0, a1 */
    0x40a5e833, /* orn a6, a1, a0 */
    0x40b548b3, /* xnor a7, a0, a1 */
    0x60059913, /* clz s2, a1 */
    0x60159993, /* ctz s3, a1 */
    0x60251a13, /* cpop s4, a0 */
    0x0ab56ab3, /* max s5, a0, a1 */
    0x0ab57b33, /* maxu s6, a0, a1 */
    0x0ab54bb3, /* min s7, a0, a1 */
    0x0ab55c33, /* minu s8, a0, a1 */
    0x60459c93, /* sext.b s9, a1 */
    0x60559d13, /* sext.h s10, a1 */
    0x08054db3, /* zext.h s11, a0 */
    UT_SPIN,
};
static const struct expect expect1[] = {
    {UT_A2, 0x02477bb5}, {UT_A3, 0x8127092d}, {UT_A4, 0x812accf9}, {UT_A5, 0x81230500}, {UT_A6, 0x7edcfaff},
    {UT_A7, 0x7edc4a6d}, {S2, 0x00000010},    {S3, 0x00000000},    {S4, 0x0000000b},    {S5, 0x0000f0f3},
    {S6, 0x81234561},    {S7, 0x81234561},    {S8, 0x0000f0f3},    {S9, 0xfffffff3},    {S10, 0xfffff0f3},
    {S11, 0x00004561},
};

static const uint32_t prog2[] = {
    0x60b51633, /* rol a2, a0, a1 */
    0x60b556b3, /* ror a3, a0, a1 */
    0x60455713, /* rori a4, a0, 4 */
    0x2875d793, /* orc.b a5, a1 */
    0x69855813, /* rev8 a6, a0 */
    0x0ab518b3, /* clmul a7, a0, a1 */
    0x0ab53933, /* clmulh s2, a0, a1 */
    0x0ab529b3, /* clmulr s3, a0, a1 */
    0x48b51a33, /* bclr s4, a0, a1 */
    0x49f51a93, /* bclri s5, a0, 31 */
    0x48b55b33, /* bext s6, a0, a1 */
    0x48055b93, /* bexti s7, a0, 0 */
    0x68b51c33, /* binv s8, a0, a1 */
    0x68151c93, /* binvi s9, a0, 1 */
    0x28b51d33, /* bset s10, a0, a1 */
    0x28751d93, /* bseti s11, a0, 7 */
    UT_SPIN,
};
static const struct expect expect2[] = {
    {UT_A2, 0x2b0c091a}, {UT_A3, 0x68ac3024}, {UT_A4, 0x18123456}, {UT_A5, 0x0000ffff}, {UT_A6, 0x61452381},
    {UT_A7, 0x43582d53}, {S2, 0x00007896},    {S3, 0x0000f12c},    {S4, 0x81234561},    {S5, 0x01234561},
    {S6, 0x00000000},    {S7, 0x00000001},    {S8, 0x812b4561},    {S9, 0x81234563},    {S10, 0x812b4561},
    {S11, 0x812345e1},
};

/* Zero operands; a1 = 0x00f00000. */
static const uint32_t prog3[] = {
    0x60001613, /* clz a2, zero */
    0x60101693, /* ctz a3, zero */
    0x60201713, /* cpop a4, zero */
    0x600557b3, /* ror a5, a0, zero */
    0x60055813, /* rori a6, a0, 0 */
    0x60159893, /* ctz a7, a1 */
    0x60059913, /* clz s2, a1 */
    0x0ab5b9b3, /* clmulh s3, a1, a1 */
    0x20002a33, /* sh1add s4, zero, zero */
    UT_SPIN,
};
static const struct expect expect3[] = {
    {UT_A2, 32}, {UT_A3, 32}, {UT_A4, 0}, {UT_A5, A0_IN}, {UT_A6, A0_IN}, {UT_A7, 20}, {S2, 8}, {S3, 0x5500}, {S4, 0},
};

static void test_bitmanip_semantics(void **state) {
  (void)state;
  run_and_check(MB, NULL, prog1, sizeof prog1 / sizeof *prog1, A1_IN, expect1, sizeof expect1 / sizeof *expect1);
  run_and_check(MB, NULL, prog2, sizeof prog2 / sizeof *prog2, A1_IN, expect2, sizeof expect2 / sizeof *expect2);
  run_and_check(MB, NULL, prog3, sizeof prog3 / sizeof *prog3, 0x00f00000u, expect3, sizeof expect3 / sizeof *expect3);
}

/* Without the extensions: illegal instruction, the encoding in mtval, nothing retired. */
static void test_bitmanip_illegal_without_extension(void **state) {
  (void)state;
  static const char *const cores[][2] = {{"generic", "rv32imac"}, {MB, "rv32imac"}, {MB, "rv32imac_zbb"}};
  for (size_t c = 0; c < 3; c++) {
    struct rvpmu_machine *m = ut_machine_config(32, cores[c][0], cores[c][1]);
    ut_trap_to_spin(m);
    /* sh1add needs Zba, which none of these has. */
    ut_run_program(m, prog1, 1, 10);
    ut_assert_trap(m, UT_CAUSE_ILLEGAL, UT_RAM_BASE, prog1[0]);
    rvpmu_machine_destroy(m);
  }
}

static void test_isa_strings(void **state) {
  (void)state;
  char err[256];
  struct rvpmu_config cfg = {.core = MB, .console = ut_console()};
  struct rvpmu_machine *m = rvpmu_machine_create(&cfg, err, sizeof err);
  assert_non_null(m);
  assert_string_equal(rvpmu_machine_isa(m), "rv32imafc_zicbom_zba_zbb_zbc_zbs"); /* canonical order */
  rvpmu_machine_destroy(m);
  cfg.isa = "rv32imc_zbs_zicbom";
  m = rvpmu_machine_create(&cfg, err, sizeof err);
  assert_non_null(m);
  assert_string_equal(rvpmu_machine_isa(m), "rv32imc_zicbom_zbs");
  rvpmu_machine_destroy(m);
  static const char *const bad[][2] = {{MB, "rv64imac"}, {"generic", "rv64imac_zfh"}, {"cv32e40p", "rv32imc_zicond"},
                                       {MB, "rv32imac_zbkb"}, {"ibex", "rv32imc_zbb"}};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    cfg.core = bad[i][0];
    cfg.isa = bad[i][1];
    m = rvpmu_machine_create(&cfg, err, sizeof err);
    if (m) fail_msg("core %s accepted --isa %s", bad[i][0], bad[i][1]);
  }
}

/* --- Zicbom --- */

#define CBO_CLEAN_A0 0x0015200fu /* cbo.clean (a0) */
#define CBO_FLUSH_A0 0x0025200fu /* cbo.flush (a0) */
#define CBO_INVAL_A0 0x0005200fu /* cbo.inval (a0) */
#define ENVCFG_ALL 0x70u         /* CBIE = 11, CBCFE = 1 */

static void test_cbo_in_m_mode(void **state) {
  (void)state;
  static const uint32_t prog[] = {CBO_CLEAN_A0, CBO_FLUSH_A0, CBO_INVAL_A0, 0x00100593 /* li a1, 1 */, UT_SPIN};
  struct rvpmu_machine *m = ut_machine_core(32, MB);
  ut_trap_to_spin(m);
  rvpmu_hart_set_reg(m, 0, UT_A0, UT_RAM_BASE + 0x1000);
  UT_RUN_PROGRAM(m, prog, 20);
  ut_assert_no_trap(m, UT_PRIV_M);
  assert_int_equal(ut_reg(m, UT_A1), 1);
  uint64_t n = 0;
  assert_int_equal(rvpmu_event_total(m, 0, "instructions", &n), 0);
  assert_true(n >= 4);
  rvpmu_machine_destroy(m);
}

static void test_envcfg_warl(void **state) {
  (void)state;
  struct rvpmu_machine *m = ut_machine_core(32, MB);
  ut_set_csr(m, CSR_MENVCFG, 0xffffffff);
  assert_int_equal(ut_csr(m, CSR_MENVCFG), ENVCFG_ALL);
  ut_set_csr(m, CSR_MENVCFG, 0x20); /* CBIE = 10: reserved */
  assert_int_equal(ut_csr(m, CSR_MENVCFG), 0);
  ut_set_csr(m, CSR_SENVCFG, 0x50);
  assert_int_equal(ut_csr(m, CSR_SENVCFG), 0x50);
  rvpmu_machine_destroy(m);
  m = ut_machine_isa("rv32imac"); /* generic without Zicbom and Zicboz: no field */
  ut_set_csr(m, CSR_MENVCFG, 0xffffffff);
  assert_int_equal(ut_csr(m, CSR_MENVCFG), 0);
  rvpmu_machine_destroy(m);
}

/* U mode: each CBO needs its enable in menvcfg and in senvcfg. */
static void test_cbo_enables_in_u_mode(void **state) {
  (void)state;
  static const struct {
    uint32_t insn;
    uint64_t menvcfg, senvcfg;
    bool traps;
  } cases[] = {
      {CBO_CLEAN_A0, 0, 0, true},          {CBO_CLEAN_A0, 0x40, 0, true},     {CBO_CLEAN_A0, 0x40, 0x40, false},
      {CBO_FLUSH_A0, 0x30, 0x30, true},    {CBO_FLUSH_A0, 0x40, 0x40, false}, {CBO_INVAL_A0, 0x40, 0x40, true},
      {CBO_INVAL_A0, 0x10, 0x30, false},   {CBO_INVAL_A0, 0x30, 0, true},     {CBO_INVAL_A0, 0x30, 0x30, false},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    uint32_t code[] = {cases[i].insn, UT_SPIN};
    struct rvpmu_machine *m = ut_machine_core(32, MB);
    ut_set_csr(m, CSR_MENVCFG, cases[i].menvcfg);
    ut_set_csr(m, CSR_SENVCFG, cases[i].senvcfg);
    rvpmu_hart_set_reg(m, 0, UT_A0, UT_RAM_BASE + 0x1000);
    UT_RUN_LOWER(m, UT_PRIV_U, 0, 0, code, 30);
    if (cases[i].traps) ut_assert_trap(m, UT_CAUSE_ILLEGAL, UT_LOWER, cases[i].insn);
    else ut_assert_no_trap(m, UT_PRIV_U);
    rvpmu_machine_destroy(m);
  }
}

/* --- Selectors, layout, latency pairs --- */

#define SEL(cls, bits) ((uint64_t)(bits) | (uint64_t)(cls) << 1)

static void test_selector_decode(void **state) {
  (void)state;
  char err[256];
  struct profile *p = profile_create(MB, err, sizeof err);
  assert_non_null(p);
  unsigned n = 0;
  for (const struct profile_event *e = p->events; e->name; e++, n++) {
    uint64_t want = e->event == EV_NONE ? 0 : EV_BIT(e->event);
    assert_int_equal(p->decode_selector(p, e->selector), want);
    /* Each has exactly one event bit and a class 0..5. */
    assert_int_equal(__builtin_popcountll(e->selector >> 5), 1);
    assert_true((e->selector >> 1 & 0xf) <= 5);
    assert_int_equal(e->selector & 1, 0);
  }
  assert_int_equal(n, 20 + 6 + 6 + 3 + 2 + 6); /* UG1629 tables 2-7 */
  assert_int_equal(p->decode_selector(p, SEL(0, 1u << 5 | 1u << 6)), EV_BIT(EV_LOADS) | EV_BIT(EV_STORES));
  assert_int_equal(p->decode_selector(p, SEL(0, 1u << 12)), 0); /* CUSTOM: defined, never occurs */
  assert_int_equal(p->decode_selector(p, SEL(0, 1u << 5 | 1u << 12)), EV_BIT(EV_LOADS));
  assert_int_equal(p->decode_selector(p, 0), 0);
  assert_int_equal(p->decode_selector(p, SEL(0, 1u << 5) | 1), 0);   /* "no event" bit */
  assert_int_equal(p->decode_selector(p, SEL(0, 0)), 0);
  for (unsigned cls = 6; cls < 16; cls++) assert_int_equal(p->decode_selector(p, SEL(cls, 1u << 5)), 0);
  assert_int_equal(p->decode_selector(p, SEL(3, 1u << 5)), 0);        /* class 3 bit 5 */
  assert_int_equal(p->decode_selector(p, SEL(3, 1u << 6 | 1u << 5)), 0);
  assert_int_equal(p->decode_selector(p, SEL(1, 1u << 11)), 0);
  assert_int_equal(p->decode_selector(p, SEL(5, 1u << 6)), 0);        /* even class 5 bits */
  assert_int_equal(p->decode_selector(p, SEL(5, 1u << 5)), EV_BIT(EV_INTERRUPTS));
  assert_int_equal(p->decode_selector(p, SEL(0, 1u << 25)), 0);       /* beyond bit 24 */
  /* Names and raw selectors resolve through the profile (rvpmu stat -e). */
  assert_int_equal(profile_event_by_name(p, "DC_READ_HIT"), EV_DC_READ_HITS);
  assert_int_equal(profile_event_by_name(p, "r2a"), EV_INTERRUPTS);
  profile_free(p);
}

static void test_layout_and_selector_warl(void **state) {
  (void)state;
  char err[256];
  struct profile *p = profile_create(MB, err, sizeof err);
  assert_non_null(p);
  assert_int_equal(p->num_hpm, 7);
  assert_int_equal(p->latency_pairs, 1u << 8);
  assert_int_equal(p->selector_reset(p, 3), 0);
  assert_int_equal(p->selector_reset(p, 8), 0xa);
  assert_int_equal(p->selector_reset(p, 9), 0);
  assert_int_equal(p->selector_write(p, 3, 0, 0xffffffff), 0x1ffffff);
  assert_int_equal(p->selector_write(p, 8, 0xa, 0xffffffff), 0x1ffffea);
  assert_int_equal(p->selector_write(p, 8, 0xa, SEL(2, 1u << 7)), SEL(5, 1u << 7));
  assert_int_equal(p->selector_write(p, 9, 0, 0xffffffff), 0);
  profile_free(p);
  p = profile_create(MB ",event_counters=3,latency_counters=2", err, sizeof err);
  assert_non_null(p);
  assert_int_equal(p->num_hpm, 7);
  assert_int_equal(p->latency_pairs, 1u << 6 | 1u << 8);
  profile_free(p);
  p = profile_create(MB ",event_counters=20,latency_counters=14", err, sizeof err); /* 48 > 29 */
  assert_non_null(p);
  assert_int_equal(p->num_hpm, 20 + 2 * 4);
  profile_free(p);
  static const char *const bad[] = {MB ",pipeline=4",       MB ",icache=1000",    MB ",event_counters=30",
                                    MB ",dcache_policy=wa", MB ",btc=3",          MB ",priv=su",
                                    MB ",dcache_line=8",    MB ",axi_read=0",     MB ",nosuch=1"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    if (profile_create(bad[i], err, sizeof err)) fail_msg("accepted %s", bad[i]);
}

static void test_latency_pair(void **state) {
  (void)state;
  char err[256];
  struct profile *p = profile_create(MB, err, sizeof err);
  assert_non_null(p);
  struct hpm hpm;
  hpm_init(&hpm, p, PRIV_M);
  assert_true(hpm_is_latency_counter(&hpm, 8));
  assert_true(hpm_is_latency_counter(&hpm, 9));
  assert_false(hpm_is_latency_counter(&hpm, 7));
  hpm_write_event(&hpm, 8, SEL(5, 1u << 5)); /* interrupt latency */
  assert_int_equal(hpm.mhpmevent[8], 0x2a);
  hpm_latency_sample(&hpm, EV_INTERRUPTS, 30);
  assert_int_equal(hpm_counter_value(&hpm, 8), 30);
  assert_int_equal(hpm_counter_value(&hpm, 9), 30u << 16 | 30);
  hpm_latency_sample(&hpm, EV_INTERRUPTS, 12);
  hpm_latency_sample(&hpm, EV_INTERRUPTS, 45);
  hpm_latency_sample(&hpm, EV_DC_MEM_READS, 1000); /* not selected */
  assert_int_equal(hpm_counter_value(&hpm, 8), 87);
  assert_int_equal(hpm_counter_value(&hpm, 9), 45u << 16 | 12);
  hpm_latency_sample(&hpm, EV_INTERRUPTS, 70000); /* saturates the fields, not the sum */
  assert_int_equal(hpm_counter_value(&hpm, 8), 70087);
  assert_int_equal(hpm_counter_value(&hpm, 9), 0xffffu << 16 | 12);
  /* Inhibit: each counter of the pair by its own bit. */
  hpm_write_inhibit(&hpm, 1u << 8);
  hpm_latency_sample(&hpm, EV_INTERRUPTS, 5);
  assert_int_equal(hpm_counter_value(&hpm, 8), 70087);
  assert_int_equal(hpm_counter_value(&hpm, 9), 0xffffu << 16 | 5);
  hpm_write_inhibit(&hpm, 3u << 8);
  hpm_latency_sample(&hpm, EV_INTERRUPTS, 1);
  assert_int_equal(hpm_counter_value(&hpm, 9), 0xffffu << 16 | 5);
  hpm_write_inhibit(&hpm, 0);
  /* Writes: the max/min counter is 32 bits; 0 means no latency yet. */
  hpm_counter_write(&hpm, 9, 0x1234567800000000ull);
  assert_int_equal(hpm_counter_value(&hpm, 9), 0);
  hpm_latency_sample(&hpm, EV_INTERRUPTS, 9);
  assert_int_equal(hpm_counter_value(&hpm, 9), 9u << 16 | 9);
  /* Several events: every latency of each. */
  hpm_write_event(&hpm, 8, SEL(5, 1u << 13 | 1u << 15));
  hpm_counter_write(&hpm, 8, 0);
  hpm_latency_sample(&hpm, EV_AXI_READS, 7);
  hpm_latency_sample(&hpm, EV_AXI_WRITES, 3);
  hpm_latency_sample(&hpm, EV_INTERRUPTS, 100);
  assert_int_equal(hpm_counter_value(&hpm, 8), 10);
  assert_int_equal(hpm_counter_value(&hpm, 9), 9u << 16 | 3);
  /* Latency counters count no events. */
  hpm.acc[EV_AXI_READS] += 50;
  assert_int_equal(hpm_counter_value(&hpm, 8), 10);
  profile_free(p);
}

/* --- Device tree --- */

static void test_dtb_periph_node(void **state) {
  (void)state;
  static char dtb[64 << 10];
  char err[256];
  struct rvpmu_config cfg = {.core = MB, .console = ut_console()};
  struct rvpmu_machine *m = rvpmu_machine_create(&cfg, err, sizeof err);
  assert_non_null(m);
  assert_true(rvpmu_machine_dtb(m, dtb, sizeof dtb) > 0);
  int node = fdt_path_offset(dtb, "/soc/periph@4000000");
  assert_true(node >= 0);
  assert_int_equal(fdt_node_check_compatible(dtb, node, "rvpmu,scratch-periph"), 0);
  int len;
  const fdt64_t *reg = fdt_getprop(dtb, node, "reg", &len); /* /soc has 2 address and 2 size cells */
  assert_non_null(reg);
  assert_int_equal(len, 16);
  assert_int_equal(fdt64_to_cpu(reg[0]), 0x4000000);
  assert_int_equal(fdt64_to_cpu(reg[1]), 0x1000);
  assert_int_equal(fdt_node_offset_by_compatible(dtb, node, "rvpmu,scratch-periph"), -FDT_ERR_NOTFOUND);
  rvpmu_machine_destroy(m);
  cfg.core = "generic";
  m = rvpmu_machine_create(&cfg, err, sizeof err);
  assert_non_null(m);
  assert_true(rvpmu_machine_dtb(m, dtb, sizeof dtb) > 0);
  assert_int_equal(fdt_node_offset_by_compatible(dtb, -1, "rvpmu,scratch-periph"), -FDT_ERR_NOTFOUND);
  assert_true(fdt_path_offset(dtb, "/soc/serial@10000000") >= 0); /* the tree itself is there */
  rvpmu_machine_destroy(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_bitmanip_semantics),
      cmocka_unit_test(test_bitmanip_illegal_without_extension),
      cmocka_unit_test(test_isa_strings),
      cmocka_unit_test(test_cbo_in_m_mode),
      cmocka_unit_test(test_envcfg_warl),
      cmocka_unit_test(test_cbo_enables_in_u_mode),
      cmocka_unit_test(test_selector_decode),
      cmocka_unit_test(test_layout_and_selector_warl),
      cmocka_unit_test(test_latency_pair),
      cmocka_unit_test(test_dtb_periph_node),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
