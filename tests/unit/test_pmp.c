/* Physical memory protection (privileged spec 3.7): the registers' WARL rules and the access
 * check of hart/pmp.c, then the machine: S-mode accesses checked on every path (TLB fill, slow
 * path, page-table walk), the L bit on M mode, and protection changes taking effect at once
 * although translations are cached. */
#include "unit_util.h"

#include "csr/csr.h"
#include "hart/pmp.h"
#include "machine.h"

#define NAPOT_RWX (PMP_A_NAPOT | PMP_R | PMP_W | PMP_X)

static uint64_t read_phys_u64(struct rvpmu_machine *m, uint64_t pa) {
  const uint8_t *p = bus_ram_ptr(&((struct machine *)m)->bus, pa, 8);
  assert_non_null(p);
  uint64_t v;
  memcpy(&v, p, sizeof v);
  return v;
}

/* pmpaddr of the NAPOT region [base, base + size) (size a power of two >= 8). */
static uint64_t napot(uint64_t base, uint64_t size) { return (base | (size / 2 - 1)) >> 2; }

static void test_csr_layout(void **state) {
  (void)state;
  struct pmp p;
  pmp_reset(&p, 16, 0, 64);
  /* RV64: pmpcfg0, 2, ..., 14 hold 8 entries each; the odd ones do not exist. */
  assert_true(pmp_is_csr(&p, CSR_PMPCFG0));
  assert_false(pmp_is_csr(&p, CSR_PMPCFG0 + 1));
  assert_true(pmp_is_csr(&p, CSR_PMPCFG0 + 14));
  assert_true(pmp_is_csr(&p, CSR_PMPADDR0 + 63));
  assert_true(pmp_csr_write(&p, CSR_PMPCFG0 + 2, 0x0f0e0d0c0b0a0908ull));
  assert_int_equal(pmp_csr_read(&p, CSR_PMPCFG0 + 2), 0x0f0c0d0c0b080908ull); /* entries 10, 14: W=1 R=0 -> W=0 */
  /* Entries 16..63 are not implemented: read-only zero. */
  pmp_csr_write(&p, CSR_PMPCFG0 + 4, ~0ull);
  assert_int_equal(pmp_csr_read(&p, CSR_PMPCFG0 + 4), 0);
  pmp_csr_write(&p, CSR_PMPADDR0 + 16, ~0ull);
  assert_int_equal(pmp_csr_read(&p, CSR_PMPADDR0 + 16), 0);
  /* pmpaddr holds address bits 55:2 (54 bits) on RV64, 33:2 on RV32. */
  pmp_csr_write(&p, CSR_PMPADDR0 + 3, ~0ull);
  assert_int_equal(pmp_csr_read(&p, CSR_PMPADDR0 + 3), (1ull << 54) - 1);
  pmp_reset(&p, 16, 0, 32);
  assert_true(pmp_is_csr(&p, CSR_PMPCFG0 + 1));
  pmp_csr_write(&p, CSR_PMPCFG0 + 3, 0xff9f1f60ull); /* entries 12..15 */
  assert_int_equal(pmp_csr_read(&p, CSR_PMPCFG0 + 3), 0x9f9f1f00ull); /* reserved 6:5 cleared */
  pmp_reset(&p, 16, 0, 32); /* (entry 15 was locked) */
  pmp_csr_write(&p, CSR_PMPADDR0, ~0ull);
  assert_int_equal(pmp_csr_read(&p, CSR_PMPADDR0), 0xffffffffull);
}

static void test_lock(void **state) {
  (void)state;
  struct pmp p;
  pmp_reset(&p, 16, 0, 64);
  pmp_csr_write(&p, CSR_PMPADDR0 + 1, 0x1000);
  pmp_csr_write(&p, CSR_PMPADDR0 + 2, 0x2000);
  pmp_csr_write(&p, CSR_PMPCFG0, (uint64_t)(PMP_L | PMP_A_TOR | PMP_R) << 16); /* entry 2: locked TOR */
  /* A locked entry ignores writes to its cfg and pmpaddr; a locked TOR entry also locks the
   * pmpaddr below it (its lower bound), not the one below that. */
  pmp_csr_write(&p, CSR_PMPCFG0, 0x1f1f1f);
  assert_int_equal(pmp_csr_read(&p, CSR_PMPCFG0), 0x891f1f);
  pmp_csr_write(&p, CSR_PMPADDR0 + 2, 0x5555);
  pmp_csr_write(&p, CSR_PMPADDR0 + 1, 0x5555);
  pmp_csr_write(&p, CSR_PMPADDR0, 0x777);
  assert_int_equal(pmp_csr_read(&p, CSR_PMPADDR0 + 2), 0x2000);
  assert_int_equal(pmp_csr_read(&p, CSR_PMPADDR0 + 1), 0x1000);
  assert_int_equal(pmp_csr_read(&p, CSR_PMPADDR0), 0x777);
  /* The lock applies to M mode: [0x4000, 0x8000) is read-only for it, the rest of memory
   * is free for M (entries 0 and 1 are unlocked NAPOT ones that match elsewhere). */
  pmp_csr_write(&p, CSR_PMPCFG0, 0x0000); /* entries 0, 1 off (entry 2 stays) */
  assert_true(pmp_allows(&p, 0x4000, 8, PMP_R, PRIV_M));
  assert_false(pmp_allows(&p, 0x4000, 8, PMP_W, PRIV_M));
  assert_false(pmp_allows(&p, 0x7ffc, 4, PMP_X, PRIV_M));
  assert_true(pmp_allows(&p, 0x8000, 4, PMP_W, PRIV_M));
  assert_true(pmp_allows(&p, 0x3ff8, 8, PMP_W, PRIV_M));
  assert_false(pmp_allows(&p, 0x3ffc, 8, PMP_R, PRIV_M)); /* straddles the entry: fails */
}

/* 3.7.1.1: with granularity 2^(G+2), bits G-1:0 of pmpaddr read zero in OFF and TOR mode and
 * bits G-2:0 read one in NAPOT mode; the bits are kept (the riscv-tests pmpaddr case). */
static void test_granularity(void **state) {
  (void)state;
  struct pmp p;
  pmp_reset(&p, 16, 4 /* 64 bytes */, 64);
  pmp_csr_write(&p, CSR_PMPADDR0, ~0ull);
  assert_int_equal(pmp_csr_read(&p, CSR_PMPADDR0), ((1ull << 54) - 1) & ~0xfull); /* G = 4 found */
  pmp_csr_write(&p, CSR_PMPADDR0, 0x12345);
  pmp_csr_write(&p, CSR_PMPCFG0, PMP_A_NAPOT);
  assert_int_equal(pmp_csr_read(&p, CSR_PMPADDR0), 0x12347); /* bits 2:0 read one */
  pmp_csr_write(&p, CSR_PMPCFG0, PMP_A_TOR);
  assert_int_equal(pmp_csr_read(&p, CSR_PMPADDR0), 0x12340); /* bits 3:0 read zero */
  pmp_csr_write(&p, CSR_PMPCFG0, PMP_A_OFF);
  assert_int_equal(pmp_csr_read(&p, CSR_PMPADDR0), 0x12340);
  pmp_csr_write(&p, CSR_PMPCFG0, PMP_A_NAPOT);
  assert_int_equal(p.addr[0], 0x12345); /* kept */
  /* NA4 is not selectable with G >= 1: it becomes NAPOT. */
  pmp_csr_write(&p, CSR_PMPCFG0, PMP_A_NA4 | PMP_R);
  assert_int_equal(pmp_csr_read(&p, CSR_PMPCFG0), PMP_A_NAPOT | PMP_R);
  /* A NAPOT region is never smaller than the granularity: pmpaddr 0x20000 (no trailing one)
   * with G = 4 covers [0x80000, 0x80040). */
  pmp_csr_write(&p, CSR_PMPADDR0, 0x20000);
  assert_true(pmp_allows(&p, 0x80038, 8, PMP_R, PRIV_S));
  assert_false(pmp_allows(&p, 0x80040, 1, PMP_R, PRIV_S));
  /* TOR bounds ignore bits G-1:0: pmpaddr0 = 0x1000f, pmpaddr1 = 0x2000f match [0x40000, 0x80000). */
  pmp_csr_write(&p, CSR_PMPADDR0, 0x1000f);
  pmp_csr_write(&p, CSR_PMPADDR0 + 1, 0x2000f);
  pmp_csr_write(&p, CSR_PMPCFG0, (uint64_t)(PMP_A_TOR | PMP_R) << 8);
  assert_true(pmp_allows(&p, 0x40000, 4, PMP_R, PRIV_U));
  assert_true(pmp_allows(&p, 0x7fffc, 4, PMP_R, PRIV_U));
  assert_false(pmp_allows(&p, 0x80000, 4, PMP_R, PRIV_U));
  assert_false(pmp_allows(&p, 0x3fffc, 4, PMP_R, PRIV_U));
}

static void test_matching(void **state) {
  (void)state;
  struct pmp p;
  pmp_reset(&p, 16, 0, 64);
  /* No entry on: M mode may do anything, S and U nothing (entries are implemented). */
  assert_true(pmp_allows(&p, 0x80000000, 8, PMP_W, PRIV_M));
  assert_false(pmp_allows(&p, 0x80000000, 8, PMP_R, PRIV_S));
  struct pmp none;
  pmp_reset(&none, 0, 0, 64);
  assert_true(pmp_allows(&none, 0x80000000, 8, PMP_R, PRIV_U)); /* pmp=0: no check */
  /* OpenSBI's layout: entry 0 denies [0x80000000, +512 KiB), entry 1 allows everything. */
  pmp_csr_write(&p, CSR_PMPADDR0, napot(0x80000000, 0x80000));
  pmp_csr_write(&p, CSR_PMPADDR0 + 1, ~0ull);
  pmp_csr_write(&p, CSR_PMPCFG0, PMP_A_NAPOT | (uint64_t)NAPOT_RWX << 8);
  assert_false(pmp_allows(&p, 0x80000000, 8, PMP_R, PRIV_S));
  assert_false(pmp_allows(&p, 0x8007fff8, 8, PMP_W, PRIV_U));
  assert_false(pmp_allows(&p, 0x8007fffc, 8, PMP_R, PRIV_S)); /* partly in entry 0: fails */
  assert_true(pmp_allows(&p, 0x80080000, 8, PMP_X, PRIV_S));
  assert_true(pmp_allows(&p, 0x10000000, 1, PMP_W, PRIV_S));
  assert_true(pmp_allows(&p, 0x80000000, 8, PMP_W, PRIV_M)); /* unlocked: not for M */
  assert_int_equal(pmp_region_end(&p, 0x80000000), 0x80080000);
  assert_int_equal(pmp_region_end(&p, 0x7ffff000), 0x80000000);
  /* NA4: exactly 4 bytes. */
  pmp_csr_write(&p, CSR_PMPADDR0, 0x1000 >> 2);
  pmp_csr_write(&p, CSR_PMPCFG0, PMP_A_NA4 | PMP_X); /* entry 1 off */
  assert_true(pmp_allows(&p, 0x1000, 4, PMP_X, PRIV_U));
  assert_false(pmp_allows(&p, 0x1000, 4, PMP_R, PRIV_U));
  assert_false(pmp_allows(&p, 0x1004, 4, PMP_X, PRIV_U)); /* no match */
  assert_false(pmp_allows(&p, 0x0ffe, 4, PMP_X, PRIV_U)); /* partial */
  /* TOR of entry 0: from address 0 to pmpaddr0. */
  pmp_csr_write(&p, CSR_PMPCFG0, PMP_A_TOR | PMP_R);
  assert_true(pmp_allows(&p, 0, 8, PMP_R, PRIV_U));
  assert_true(pmp_allows(&p, 0xff8, 8, PMP_R, PRIV_U));
  assert_false(pmp_allows(&p, 0xffc, 8, PMP_R, PRIV_U));
  assert_int_equal(pmp_region_end(&p, 0), 0x1000);
  /* An empty TOR range (pmpaddr[i-1] >= pmpaddr[i]) matches nothing. */
  pmp_csr_write(&p, CSR_PMPADDR0 + 3, 0x10);
  pmp_csr_write(&p, CSR_PMPADDR0 + 4, 0x10);
  pmp_csr_write(&p, CSR_PMPCFG0, (uint64_t)(PMP_A_TOR | PMP_R) << 32);
  assert_false(pmp_allows(&p, 0x40, 4, PMP_R, PRIV_U));
}

/* Smepmp 1.0 (mseccfg), as Ibex implements it (rtl/ibex_cs_registers.sv, rtl/ibex_pmp.sv):
 * the register's rules, then the access table under MML and the default under MMWP. */
static void test_smepmp_registers(void **state) {
  (void)state;
  struct pmp p;
  pmp_reset(&p, 4, 0, 32);
  assert_false(pmp_is_csr(&p, CSR_MSECCFG)); /* only with the option */
  p.flags = PMP_SMEPMP;
  assert_true(pmp_is_csr(&p, CSR_MSECCFG));
  assert_true(pmp_is_csr(&p, CSR_MSECCFGH));
  pmp_csr_write(&p, CSR_MSECCFGH, ~0ull);
  assert_int_equal(pmp_csr_read(&p, CSR_MSECCFGH), 0);
  /* RLB writable while no entry is locked; it lets locked entries be written. */
  pmp_csr_write(&p, CSR_MSECCFG, ~0ull & ~(uint64_t)(MSECCFG_MML | MSECCFG_MMWP));
  assert_int_equal(pmp_csr_read(&p, CSR_MSECCFG), MSECCFG_RLB);
  pmp_csr_write(&p, CSR_PMPCFG0, PMP_L | PMP_A_NAPOT | PMP_R);
  pmp_csr_write(&p, CSR_PMPCFG0, PMP_A_TOR | PMP_W | PMP_R);
  assert_int_equal(pmp_csr_read(&p, CSR_PMPCFG0), PMP_A_TOR | PMP_W | PMP_R);
  pmp_csr_write(&p, CSR_PMPCFG0, PMP_L | PMP_A_NAPOT | PMP_R);
  pmp_csr_write(&p, CSR_PMPADDR0, 0x123);
  assert_int_equal(pmp_csr_read(&p, CSR_PMPADDR0), 0x123);
  /* Cleared with an entry locked, RLB cannot be set again; the lock binds. */
  pmp_csr_write(&p, CSR_MSECCFG, 0);
  pmp_csr_write(&p, CSR_MSECCFG, MSECCFG_RLB);
  assert_int_equal(pmp_csr_read(&p, CSR_MSECCFG), 0);
  pmp_csr_write(&p, CSR_PMPADDR0, 0x456);
  assert_int_equal(pmp_csr_read(&p, CSR_PMPADDR0), 0x123);
  /* MML and MMWP stay set. */
  pmp_csr_write(&p, CSR_MSECCFG, MSECCFG_MML);
  pmp_csr_write(&p, CSR_MSECCFG, MSECCFG_MMWP);
  pmp_csr_write(&p, CSR_MSECCFG, 0);
  assert_int_equal(pmp_csr_read(&p, CSR_MSECCFG), MSECCFG_MML | MSECCFG_MMWP);
  /* Under MML (RLB clear) rules letting M execute are not added; R=0 W=1 is legal. */
  static const uint8_t refused[] = {PMP_L | PMP_X, PMP_L | PMP_R | PMP_X, PMP_L | PMP_W, PMP_L | PMP_W | PMP_X};
  for (unsigned k = 0; k < sizeof refused; k++) {
    pmp_csr_write(&p, CSR_PMPCFG0, (uint64_t)(PMP_A_NAPOT | refused[k]) << 8);
    assert_int_equal(pmp_csr_read(&p, CSR_PMPCFG0), PMP_L | PMP_A_NAPOT | PMP_R); /* entry 1 stays 0 */
  }
  pmp_csr_write(&p, CSR_PMPCFG0, (uint64_t)(PMP_A_NAPOT | PMP_W) << 8 | (PMP_L | PMP_R | PMP_W | PMP_X) << 16);
  assert_int_equal(pmp_csr_read(&p, CSR_PMPCFG0),
                   (PMP_L | PMP_R | PMP_W | PMP_X) << 16 | (PMP_A_NAPOT | PMP_W) << 8 | PMP_L | PMP_A_NAPOT | PMP_R);
  /* Ibex: with a granularity NA4 selects OFF (the generic PMP: NAPOT, test_granularity). */
  struct pmp q;
  pmp_reset(&q, 4, 1, 32);
  q.flags = PMP_NA4_TO_OFF;
  pmp_csr_write(&q, CSR_PMPCFG0, PMP_A_NA4 | PMP_X);
  assert_int_equal(pmp_csr_read(&q, CSR_PMPCFG0), PMP_X);
}

/* The table of Smepmp 1.0 (2.4) for one NAPOT region, M and U mode, R W X. */
static void test_smepmp_mml_table(void **state) {
  (void)state;
  static const struct {
    uint8_t lrwx;          /* cfg bits L R W X as 8 4 2 1 */
    const char m[4], u[4]; /* the permissions M and U mode get */
  } table[] = {
      {0x0, "", ""},       {0x1, "", "x"},      {0x2, "rw", "r"},    {0x3, "rw", "rw"},
      {0x4, "", "r"},      {0x5, "", "rx"},     {0x6, "", "rw"},     {0x7, "", "rwx"},
      {0x8, "", ""},       {0x9, "x", ""},      {0xa, "x", "x"},     {0xb, "rx", "x"},
      {0xc, "r", ""},      {0xd, "rx", ""},     {0xe, "rw", ""},     {0xf, "r", "r"},
  };
  for (unsigned k = 0; k < sizeof table / sizeof table[0]; k++) {
    struct pmp p;
    pmp_reset(&p, 4, 0, 32);
    p.flags = PMP_SMEPMP;
    pmp_csr_write(&p, CSR_MSECCFG, MSECCFG_RLB | MSECCFG_MML); /* RLB: any rule can be added */
    uint8_t l = table[k].lrwx;
    uint8_t cfg = (uint8_t)(PMP_A_NAPOT | ((l & 8) ? PMP_L : 0) | ((l & 4) ? PMP_R : 0) | ((l & 2) ? PMP_W : 0) |
                            ((l & 1) ? PMP_X : 0));
    pmp_csr_write(&p, CSR_PMPADDR0, napot(0x1000, 0x100));
    pmp_csr_write(&p, CSR_PMPCFG0, cfg);
    assert_int_equal(pmp_csr_read(&p, CSR_PMPCFG0), cfg);
    static const unsigned perms[] = {PMP_R, PMP_W, PMP_X};
    for (unsigned i = 0; i < 3; i++) {
      bool m = strchr(table[k].m, "rwx"[i]) != NULL, u = strchr(table[k].u, "rwx"[i]) != NULL;
      assert_int_equal(pmp_allows(&p, 0x1040, 4, perms[i], PRIV_M), m);
      assert_int_equal(pmp_allows(&p, 0x1040, 4, perms[i], PRIV_U), u);
    }
    /* Unmatched: M may read and write but not execute; U nothing. With MMWP M nothing. */
    assert_true(pmp_allows(&p, 0x2000, 4, PMP_W, PRIV_M));
    assert_false(pmp_allows(&p, 0x2000, 4, PMP_X, PRIV_M));
    assert_false(pmp_allows(&p, 0x2000, 4, PMP_R, PRIV_U));
    pmp_csr_write(&p, CSR_MSECCFG, MSECCFG_MMWP);
    assert_false(pmp_allows(&p, 0x2000, 4, PMP_R, PRIV_M));
  }
  /* MMWP alone: M mode is denied unmatched memory; rules keep their classic meaning. */
  struct pmp p;
  pmp_reset(&p, 4, 0, 32);
  p.flags = PMP_SMEPMP;
  pmp_csr_write(&p, CSR_PMPADDR0, napot(0x1000, 0x100));
  pmp_csr_write(&p, CSR_PMPCFG0, PMP_A_NAPOT | PMP_R);
  pmp_csr_write(&p, CSR_MSECCFG, MSECCFG_MMWP);
  assert_true(pmp_allows(&p, 0x1000, 4, PMP_W, PRIV_M)); /* unlocked: not for M */
  assert_false(pmp_allows(&p, 0x2000, 4, PMP_R, PRIV_M));
}

/* The machine. S-mode code (ut_run_lower first opens all memory with entry 0) loads from DATA;
 * then entry 0 becomes a 16-byte NAPOT region at DATA without permissions (or with them) and
 * entry 1 the open one: the same load faults (cached translation or not), or still works. */
#define DATA (UT_RAM_BASE + 0x4000)

/* The last trap went to M mode with these values (the run may have taken others before). */
static void assert_last_trap(struct rvpmu_machine *m, uint64_t cause, uint64_t epc, uint64_t tval) {
  assert_int_equal(rvpmu_hart_priv(m, 0), UT_PRIV_M);
  assert_int_equal(ut_csr(m, 0x342 /* mcause */), cause);
  assert_int_equal(ut_csr(m, 0x341 /* mepc */), epc);
  assert_int_equal(ut_csr(m, 0x343 /* mtval */), tval);
}

static void test_s_mode_access_faults(void **state) {
  (void)state;
  static const uint32_t code[] = {
      0x0004b503, /* ld a0, 0(s1) */
      0x00000073, /* ecall: back to M mode (the handler's j .) */
  };
  for (int denied = 0; denied <= 1; denied++) {
    struct rvpmu_machine *m = ut_machine(64);
    rvpmu_hart_set_reg(m, 0, UT_S1, DATA + 8);
    ut_write_u64(m, DATA + 8, 0x1122334455667788ull);
    ut_run_lower(m, UT_PRIV_S, 0, 0, code, 2, 20);
    assert_last_trap(m, 9 /* ECALL from S */, UT_LOWER + 4, 0);
    /* Now entry 0 (everything) moves to entry 1 and entry 0 denies the 16 bytes at DATA. */
    ut_set_csr(m, CSR_PMPADDR0 + 1, ~0ull);
    ut_set_csr(m, CSR_PMPADDR0, napot(DATA, 16));
    ut_set_csr(m, CSR_PMPCFG0, (denied ? PMP_A_NAPOT : NAPOT_RWX) | (uint64_t)NAPOT_RWX << 8);
    rvpmu_hart_set_reg(m, 0, UT_A0, 0);
    ut_run_lower(m, UT_PRIV_S, 0, 0, code, 2, 20);
    if (denied) {
      assert_last_trap(m, UT_CAUSE_LOAD_ACCESS, UT_LOWER, DATA + 8);
      assert_int_equal(ut_reg(m, UT_A0), 0);
    } else {
      assert_last_trap(m, 9 /* ECALL from S */, UT_LOWER + 4, 0);
      assert_int_equal(ut_reg(m, UT_A0), 0x1122334455667788ull);
    }
    rvpmu_machine_destroy(m);
  }
}

/* A store through Sv39 (M mode with MPRV, MPP = S: translated and checked as S mode) whose
 * leaf PTE lies in memory the PMP denies: store access fault (the walk's accesses are checked
 * as S mode's, 3.7.1), mtval = the virtual address; allowed, the store and the D update land. */
static void test_page_walk_checked(void **state) {
  (void)state;
  const uint64_t root = UT_RAM_BASE + 0x10000, l1 = root + 0x1000, l0 = root + 0x2000, va = 0x1000;
  static const uint32_t prog[] = {
      0x00b4b023, /* sd a1, 0(s1) */
      UT_SPIN,    /* j . */
  };
  for (int denied = 0; denied <= 1; denied++) {
    struct rvpmu_machine *m = ut_machine(64);
    ut_trap_to_spin(m);
    ut_write_u64(m, root, (l1 >> 12) << 10 | 1);                /* V: next level */
    ut_write_u64(m, l1, (l0 >> 12) << 10 | 1);
    ut_write_u64(m, l0 + 8, (DATA >> 12) << 10 | 0x47);         /* VA 0x1000: V R W A */
    ut_set_csr(m, CSR_PMPADDR0, napot(l0, 0x1000));
    ut_set_csr(m, CSR_PMPADDR0 + 1, ~0ull);
    ut_set_csr(m, CSR_PMPCFG0, (denied ? PMP_A_NAPOT : NAPOT_RWX) | (uint64_t)NAPOT_RWX << 8);
    ut_set_csr(m, CSR_SATP, 8ull << 60 | root >> 12);
    ut_set_csr(m, CSR_MSTATUS, 1ull << 17 | 1ull << 11); /* MPRV, MPP = S */
    rvpmu_hart_set_reg(m, 0, UT_S1, va);
    rvpmu_hart_set_reg(m, 0, UT_A1, 0xabcdef);
    UT_RUN_PROGRAM(m, prog, 10);
    if (denied) {
      ut_assert_trap(m, 7 /* store access fault */, UT_RAM_BASE, va);
    } else {
      ut_assert_no_trap(m, UT_PRIV_M);
      assert_int_equal(read_phys_u64(m, DATA), 0xabcdef);
      assert_int_equal(read_phys_u64(m, l0 + 8) & 0x80, 0x80); /* D set by the walker */
    }
    rvpmu_machine_destroy(m);
  }
}

/* M mode: a load fills the TLB; then `csrw pmpcfg0` locks entry 0 (read-only over DATA): the
 * next store to the same page faults although its translation was cached, and the load
 * before it still works. */
static void test_lock_binds_m_mode_at_once(void **state) {
  (void)state;
  static const uint32_t prog[] = {
      0x0004b503, /* ld a0, 0(s1)      (the load and store TLBs map the page) */
      0x00a4b023, /* sd a0, 0(s1) */
      0x3a029073, /* csrw pmpcfg0, t0 */
      0x0004b583, /* ld a1, 0(s1) */
      0x00a4b023, /* sd a0, 0(s1) */
      UT_SPIN,    /* j . */
  };
  struct rvpmu_machine *m = ut_machine(64);
  ut_trap_to_spin(m);
  ut_write_u64(m, DATA, 42);
  ut_set_csr(m, CSR_PMPADDR0, napot(DATA, 0x1000));
  rvpmu_hart_set_reg(m, 0, UT_S1, DATA);
  rvpmu_hart_set_reg(m, 0, UT_T0, PMP_L | PMP_A_NAPOT | PMP_R);
  UT_RUN_PROGRAM(m, prog, 20);
  ut_assert_trap(m, 7 /* store access fault */, UT_RAM_BASE + 16, DATA);
  assert_int_equal(ut_reg(m, UT_A0), 42);
  assert_int_equal(ut_reg(m, UT_A1), 42);
  assert_int_equal(ut_csr(m, CSR_PMPCFG0), PMP_L | PMP_A_NAPOT | PMP_R);
  rvpmu_machine_destroy(m);
}

/* S-mode fetch from a region without X: instruction access fault at its first instruction,
 * the one before it retired; M mode (unlocked entries do not bind it) ran the same code first,
 * so blocks over those bytes were built already (they end where a PMP region ends). */
static void test_s_mode_fetch_denied(void **state) {
  (void)state;
  static const uint32_t code[] = {
      0x00150513, /* 1: addi a0, a0, 1 */
      0x00158593, /*    addi a1, a1, 1 */
      0xfec56ce3, /*    bltu a0, a2, 1b   (M mode loops: its block holds all three) */
      UT_SPIN,    /*    j . */
  };
  struct rvpmu_machine *m = ut_machine(64);
  ut_write_words(m, UT_LOWER, code, 4);
  /* Written first: a memory write from the host flushes every block. */
  static const uint32_t prologue[] = {
      0x30529073, /* csrw mtvec, t0 */
      0x300e1073, /* csrw mstatus, t3 */
      0x341e9073, /* csrw mepc, t4 */
      0x30200073, /* mret */
  };
  static const uint32_t handler = UT_SPIN;
  ut_write_words(m, UT_RAM_BASE, prologue, 4);
  ut_write_words(m, UT_HANDLER, &handler, 1);
  rvpmu_hart_set_reg(m, 0, UT_A2, 50);
  /* Entry 0: the 4 bytes at UT_LOWER + 4 are readable, not executable; entry 1: all memory. */
  ut_set_csr(m, CSR_PMPADDR0, (UT_LOWER + 4) >> 2);
  ut_set_csr(m, CSR_PMPADDR0 + 1, ~0ull);
  ut_set_csr(m, CSR_PMPCFG0, (PMP_A_NA4 | PMP_R) | (uint64_t)NAPOT_RWX << 8);
  rvpmu_hart_set_pc(m, 0, UT_LOWER);
  ut_run(m, 200);
  assert_int_equal(ut_reg(m, UT_A1), 50); /* M mode ran through */
  rvpmu_hart_set_reg(m, 0, UT_A0, 0);
  rvpmu_hart_set_reg(m, 0, UT_A1, 0);
  rvpmu_hart_set_reg(m, 0, UT_T0, UT_HANDLER);
  rvpmu_hart_set_reg(m, 0, 28, (uint64_t)UT_PRIV_S << 11);
  rvpmu_hart_set_reg(m, 0, 29, UT_LOWER);
  rvpmu_hart_set_pc(m, 0, UT_RAM_BASE);
  ut_run(m, 20);
  ut_assert_trap(m, 1 /* instruction access fault */, UT_LOWER + 4, UT_LOWER + 4);
  assert_int_equal(ut_reg(m, UT_A0), 1);
  assert_int_equal(ut_reg(m, UT_A1), 0);
  rvpmu_machine_destroy(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_csr_layout),
      cmocka_unit_test(test_lock),
      cmocka_unit_test(test_granularity),
      cmocka_unit_test(test_matching),
      cmocka_unit_test(test_smepmp_registers),
      cmocka_unit_test(test_smepmp_mml_table),
      cmocka_unit_test(test_s_mode_access_faults),
      cmocka_unit_test(test_page_walk_checked),
      cmocka_unit_test(test_lock_binds_m_mode_at_once),
      cmocka_unit_test(test_s_mode_fetch_denied),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
