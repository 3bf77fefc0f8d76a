/* CSR behaviour through small programs run on a machine (src/csr/csr.c, src/hart/system.c).
 *
 * Spec statements covered:
 * - Privileged ISA §3.1.11 (mcounteren) and §4.1.5 (scounteren): in S mode a read of cycle/
 *   time/instret/hpmcounterN raises illegal instruction unless mcounteren bit N is set; in U mode
 *   it also needs scounteren bit N; mcycle/minstret/mhpmcounterN (0xB00..) are M-only by their
 *   address (§2.1: bits 9:8 give the lowest privilege).
 * - §2.1: CSR addresses 0xC00-0xFFF are read-only; every instruction that would write one
 *   (CSRRW/CSRRWI always, CSRRS/CSRRC with rs1 != x0, CSRRSI/CSRRCI with uimm != 0, whatever
 *   the register value) raises illegal instruction, and reads in any form are legal;
 *   §3.1.16/3.1.17: mcause = 2 and mtval = the faulting instruction's encoding.
 * - Zicsr: a CSR read returns the value before the reading instruction executes; a write to
 *   a counter is done instead of that instruction's increment (docs/counters.md rules 1-2).
 * - Zicntr/§3.1.10: on RV32 minstreth/mcycleh (and the unprivileged cycleh/instreth) are bits
 *   63:32 of the same counter, a write to one half keeps the other, the low half carries into
 *   the high half; on RV64 the *h CSRs do not exist.
 * - docs/counters.md "choices": a write to mcountinhibit or mhpmevent takes effect after the
 *   writing instruction, which is counted under the old configuration.
 * - Sscofpmf: scountovf bit N shadows mhpmeventN.OF; in S mode bits whose mcounteren bit is 0
 *   read as zero; U mode cannot access it (S-level CSR); the OF bit and the counter value are
 *   exact when read, also in the block where the counter wrapped (docs/counters.md);
 *   mip.LCOFIP (bit 13) is writable, and delegable in mideleg; with mie.LCOFIE and
 *   mstatus.MIE a wrap raises interrupt 13 once (LCOFIP stays pending, OF stays set).
 * - Zihpm: unimplemented counters (profile option counters=N) read zero, ignore writes, have
 *   no mcountinhibit bit, and their enable bits do not make reads trap; a counter narrower than
 *   64 bits (option width=N) drops the bits it does not have, also in the RV32 high half.
 * - §4.1.11 satp: a write of an unsupported MODE (Sv48 = 9, Sv57 = 10 on RV64) has no effect
 *   at all; ASID bits are WARL and read 0 here (ASIDLEN = 0).
 * - §3.1.14/§4.1.7: mepc/sepc bit 0 is always zero, bits 1:0 when only IALIGN = 32 (no C).
 * - §3.1.9 mie/mip and §3.1.8 mideleg/medeleg writable bits (S-mode interrupts, LCOFI;
 *   medeleg[11] read-only zero), sip/sie as the delegated view.
 *
 * Encodings from riscv64-unknown-elf-as 2.40 (-march=rv64imac_zicsr / rv32imac_zicsr). */
#include "unit_util.h"

#include "csr/csr.h"

#define MHPMEVENT_OF_BIT (1ull << 63)
#define SEL_INSNS 2 /* generic profile: SBI general event 2, instructions retired */

/* --- Counter access from S and U mode --- */

static void test_s_reads_counters_enabled_in_mcounteren(void **state) {
  (void)state;
  static const uint32_t code[] = {
      0xc0002573, /* csrr a0, cycle */
      0xc02025f3, /* csrr a1, instret */
      0xc0102673, /* csrr a2, time */
      UT_SPIN,    /* j . */
  };
  struct rvpmu_machine *m = ut_machine(64);
  UT_RUN_LOWER(m, UT_PRIV_S, 0x7 /* CY TM IR */, 0, code, 20);
  ut_assert_no_trap(m, UT_PRIV_S);
  assert_int_equal(rvpmu_hart_pc(m, 0), UT_LOWER + 12);
  assert_int_equal(ut_reg(m, UT_A0), UT_PROLOGUE_INSNS);     /* 1 cycle per instruction */
  assert_int_equal(ut_reg(m, UT_A1), UT_PROLOGUE_INSNS + 1); /* the first csrr retired */
  assert_int_equal(ut_reg(m, UT_A2), 0);                      /* 8 cycles < 1 tick (10) */
  rvpmu_machine_destroy(m);
}

static void test_s_read_traps_without_mcounteren(void **state) {
  (void)state;
  static const uint32_t hpm3[] = {
      0xc0302573, /* csrr a0, hpmcounter3 */
      UT_SPIN,    /* j . */
  };
  static const uint32_t cycle[] = {
      0xc0002573, /* csrr a0, cycle */
      UT_SPIN,    /* j . */
  };
  struct rvpmu_machine *m = ut_machine(64);
  UT_RUN_LOWER(m, UT_PRIV_S, 0x7, 0xffffffff, hpm3, 20); /* scounteren does not help S */
  ut_assert_trap(m, UT_CAUSE_ILLEGAL, UT_LOWER, 0xc0302573);
  rvpmu_machine_destroy(m);

  m = ut_machine(32);
  UT_RUN_LOWER(m, UT_PRIV_S, 0xfffffffe, 0xffffffff, cycle, 20);
  ut_assert_trap(m, UT_CAUSE_ILLEGAL, UT_LOWER, 0xc0002573);
  rvpmu_machine_destroy(m);
}

static void test_s_ignores_scounteren(void **state) {
  (void)state;
  static const uint32_t code[] = {
      0xc0302573, /* csrr a0, hpmcounter3 */
      UT_SPIN,    /* j . */
  };
  struct rvpmu_machine *m = ut_machine(64);
  ut_set_csr(m, CSR_MHPMEVENT3, SEL_INSNS);
  UT_RUN_LOWER(m, UT_PRIV_S, 1u << 3, 0, code, 20);
  ut_assert_no_trap(m, UT_PRIV_S);
  assert_int_equal(ut_reg(m, UT_A0), UT_PROLOGUE_INSNS);
  rvpmu_machine_destroy(m);
}

static void test_u_read_needs_mcounteren_and_scounteren(void **state) {
  (void)state;
  static const uint32_t cycle[] = {
      0xc0002573, /* csrr a0, cycle */
      UT_SPIN,    /* j . */
  };
  struct rvpmu_machine *m = ut_machine(64);
  UT_RUN_LOWER(m, UT_PRIV_U, 0xffffffff, 0, cycle, 20);
  ut_assert_trap(m, UT_CAUSE_ILLEGAL, UT_LOWER, 0xc0002573);
  rvpmu_machine_destroy(m);

  m = ut_machine(64);
  UT_RUN_LOWER(m, UT_PRIV_U, 0, 0xffffffff, cycle, 20);
  ut_assert_trap(m, UT_CAUSE_ILLEGAL, UT_LOWER, 0xc0002573);
  rvpmu_machine_destroy(m);

  m = ut_machine(64);
  UT_RUN_LOWER(m, UT_PRIV_U, 1, 1, cycle, 20);
  ut_assert_no_trap(m, UT_PRIV_U);
  assert_int_equal(ut_reg(m, UT_A0), UT_PROLOGUE_INSNS);
  rvpmu_machine_destroy(m);
}

/* Per-counter bits: instret enabled, cycle not; hpmcounter3 enabled, hpmcounter4 not. */
static void test_u_enables_are_per_counter(void **state) {
  (void)state;
  static const uint32_t instret_then_cycle[] = {
      0xc0202573, /* csrr a0, instret */
      0xc00025f3, /* csrr a1, cycle */
      UT_SPIN,    /* j . */
  };
  static const uint32_t hpm3_then_hpm4[] = {
      0xc0302573, /* csrr a0, hpmcounter3 */
      0xc04025f3, /* csrr a1, hpmcounter4 */
      UT_SPIN,    /* j . */
  };
  struct rvpmu_machine *m = ut_machine(32);
  UT_RUN_LOWER(m, UT_PRIV_U, 1u << 2, 1u << 2, instret_then_cycle, 20);
  ut_assert_trap(m, UT_CAUSE_ILLEGAL, UT_LOWER + 4, 0xc00025f3);
  assert_int_equal(ut_reg(m, UT_A0), UT_PROLOGUE_INSNS);
  rvpmu_machine_destroy(m);

  m = ut_machine(64);
  ut_set_csr(m, CSR_MHPMEVENT3, SEL_INSNS);
  ut_set_csr(m, CSR_MHPMEVENT3 + 1, SEL_INSNS);
  UT_RUN_LOWER(m, UT_PRIV_U, 0xffffffff, 1u << 3, hpm3_then_hpm4, 20);
  ut_assert_trap(m, UT_CAUSE_ILLEGAL, UT_LOWER + 4, 0xc04025f3);
  assert_int_equal(ut_reg(m, UT_A0), UT_PROLOGUE_INSNS);
  rvpmu_machine_destroy(m);
}

static void test_machine_counters_are_m_only(void **state) {
  (void)state;
  static const uint32_t code[] = {
      0xb0002573, /* csrr a0, mcycle */
      UT_SPIN,    /* j . */
  };
  for (unsigned priv = UT_PRIV_U; priv <= UT_PRIV_S; priv++) {
    struct rvpmu_machine *m = ut_machine(64);
    UT_RUN_LOWER(m, priv, 0xffffffff, 0xffffffff, code, 20);
    ut_assert_trap(m, UT_CAUSE_ILLEGAL, UT_LOWER, 0xb0002573);
    rvpmu_machine_destroy(m);
  }
}

/* --- The read-only CSR space --- */

struct csr_form {
  uint32_t word;
  bool legal;
};

static const struct csr_form read_only_forms[] = {
    {0xc0051073, false}, /* csrrw zero, cycle, a0 */
    {0xc0001073, false}, /* csrrw zero, cycle, zero (the canonical unimp) */
    {0xc0205073, false}, /* csrrwi zero, instret, 0 */
    {0xc025a573, false}, /* csrrs a0, instret, a1  (a1 = 0: the register, not its value, decides) */
    {0xc1f5b573, false}, /* csrrc a0, hpmcounter31, a1 */
    {0xc010e573, false}, /* csrrsi a0, time, 1 */
    {0xda05a573, false}, /* csrrs a0, scountovf, a1 */
    {0xf1151073, false}, /* csrrw zero, mvendorid, a0 */
    {0xc0202573, true},  /* csrrs a0, instret, zero */
    {0xc0007573, true},  /* csrrci a0, cycle, 0 */
    {0xc0106573, true},  /* csrrsi a0, time, 0 */
    {0xc1f03573, true},  /* csrrc a0, hpmcounter31, zero */
    {0xda002573, true},  /* csrrs a0, scountovf, zero */
    {0xf1102573, true},  /* csrrs a0, mvendorid, zero */
};

static void test_writes_to_read_only_csrs_trap(void **state) {
  (void)state;
  for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
    for (size_t i = 0; i < sizeof read_only_forms / sizeof *read_only_forms; i++) {
      const struct csr_form *f = &read_only_forms[i];
      const uint32_t prog[] = {f->word, UT_SPIN /* j . */};
      struct rvpmu_machine *m = ut_machine(xlen);
      ut_trap_to_spin(m);
      rvpmu_hart_set_reg(m, 0, UT_A1, 0);
      UT_RUN_PROGRAM(m, prog, 10);
      if (f->legal) {
        ut_assert_no_trap(m, UT_PRIV_M);
        assert_int_equal(rvpmu_hart_pc(m, 0), UT_RAM_BASE + 4);
      } else {
        ut_assert_trap(m, UT_CAUSE_ILLEGAL, UT_RAM_BASE, f->word);
      }
      rvpmu_machine_destroy(m);
    }
  }
}

static void test_rv64_has_no_high_halves(void **state) {
  (void)state;
  static const uint32_t words[] = {
      0xb8202573, /* csrr a0, minstreth */
      0xb8002573, /* csrr a0, mcycleh */
      0xc8002573, /* csrr a0, cycleh */
      0x72302573, /* csrr a0, mhpmevent3h */
  };
  for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
    const uint32_t prog[] = {words[i], UT_SPIN /* j . */};
    struct rvpmu_machine *m = ut_machine(64);
    ut_trap_to_spin(m);
    UT_RUN_PROGRAM(m, prog, 10);
    ut_assert_trap(m, UT_CAUSE_ILLEGAL, UT_RAM_BASE, words[i]);
    rvpmu_machine_destroy(m);
  }
}

/* --- Counter read/write timing --- */

static void test_read_sees_value_before_reading_instruction(void **state) {
  (void)state;
  static const uint32_t prog[] = {
      0xb0202573, /* csrr a0, minstret */
      0xb02025f3, /* csrr a1, minstret */
      0x00000013, /* nop */
      0x00000013, /* nop */
      0xb0202673, /* csrr a2, minstret */
      0xb00026f3, /* csrr a3, mcycle */
      UT_SPIN,    /* j . */
  };
  for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
    struct rvpmu_machine *m = ut_machine(xlen);
    UT_RUN_PROGRAM(m, prog, 20);
    assert_int_equal(ut_reg(m, UT_A0), 0);
    assert_int_equal(ut_reg(m, UT_A1), 1);
    assert_int_equal(ut_reg(m, UT_A2), 4);
    assert_int_equal(ut_reg(m, UT_A3), 5);
    rvpmu_machine_destroy(m);
  }
}

static void test_counter_write_wins_over_own_increment(void **state) {
  (void)state;
  static const uint32_t prog[] = {
      0x06400293, /* li t0, 100 */
      0xb0229073, /* csrw minstret, t0          -> 100 */
      0xb0202573, /* csrr a0, minstret          a0 = 100 */
      0xb02025f3, /* csrr a1, minstret          a1 = 101 */
      0xb0229673, /* csrrw a2, minstret, t0     a2 = 102 (old), -> 100 */
      0xb02026f3, /* csrr a3, minstret          a3 = 100 */
      0xb0329073, /* csrw mhpmcounter3, t0      -> 100 */
      0xb0302773, /* csrr a4, mhpmcounter3      a4 = 100 */
      0xb020f7f3, /* csrrci a5, minstret, 1     a5 = 103 (old), -> 102 */
      0xb0202873, /* csrr a6, minstret          a6 = 102 */
      0xb03028f3, /* csrr a7, mhpmcounter3      a7 = 103 */
      UT_SPIN,    /* j . */
  };
  for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
    struct rvpmu_machine *m = ut_machine(xlen);
    ut_set_csr(m, CSR_MHPMEVENT3, SEL_INSNS);
    UT_RUN_PROGRAM(m, prog, 30);
    assert_int_equal(ut_reg(m, UT_A0), 100);
    assert_int_equal(ut_reg(m, UT_A1), 101);
    assert_int_equal(ut_reg(m, UT_A2), 102);
    assert_int_equal(ut_reg(m, UT_A3), 100);
    assert_int_equal(ut_reg(m, UT_A4), 100);
    assert_int_equal(ut_reg(m, UT_A5), 103);
    assert_int_equal(ut_reg(m, UT_A6), 102);
    assert_int_equal(ut_reg(m, UT_A7), 103);
    rvpmu_machine_destroy(m);
  }
}

static void test_mcountinhibit_write_counts_under_old_value(void **state) {
  (void)state;
  static const uint32_t prog[] = {
      0xb0202573, /* csrr a0, minstret           a0 = 0 */
      0x32025073, /* csrwi mcountinhibit, 4      counted: inhibit was 0 */
      0x00000013, /* nop                         not counted */
      0x00000013, /* nop                         not counted */
      0x32005073, /* csrwi mcountinhibit, 0      not counted: inhibit was 4 */
      0xb02025f3, /* csrr a1, minstret           a1 = 2 */
      0xb0002673, /* csrr a2, mcycle             a2 = 6: mcycle was never inhibited */
      0x320026f3, /* csrr a3, mcountinhibit */
      UT_SPIN,    /* j . */
  };
  for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
    struct rvpmu_machine *m = ut_machine(xlen);
    UT_RUN_PROGRAM(m, prog, 20);
    assert_int_equal(ut_reg(m, UT_A0), 0);
    assert_int_equal(ut_reg(m, UT_A1), 2);
    assert_int_equal(ut_reg(m, UT_A2), 6);
    assert_int_equal(ut_reg(m, UT_A3), 0);
    rvpmu_machine_destroy(m);
  }
}

static void test_mhpmevent_write_counts_under_old_selector(void **state) {
  (void)state;
  static const uint32_t prog[] = {
      0x00200313, /* li t1, 2                    (selector: instructions) */
      0x32331073, /* csrw mhpmevent3, t1         not counted: selected nothing before */
      0x00000013, /* nop                         counted */
      0x32301073, /* csrw mhpmevent3, zero       counted: selected instructions before */
      0xb0302573, /* csrr a0, mhpmcounter3       a0 = 2 */
      0x323025f3, /* csrr a1, mhpmevent3         a1 = 0 */
      UT_SPIN,    /* j . */
  };
  struct rvpmu_machine *m = ut_machine(64);
  UT_RUN_PROGRAM(m, prog, 20);
  assert_int_equal(ut_reg(m, UT_A0), 2);
  assert_int_equal(ut_reg(m, UT_A1), 0);
  rvpmu_machine_destroy(m);
}

/* --- RV32 high halves --- */

static void test_rv32_minstreth_carry_and_half_writes(void **state) {
  (void)state;
  static const uint32_t prog[] = {
      0x00500513, /* li a0, 5 */
      0xffe00593, /* li a1, -2 */
      0xb8251073, /* csrw minstreth, a0          -> 0x5_00000002 */
      0xb0259073, /* csrw minstret, a1           -> 0x5_fffffffe */
      0xb0202673, /* csrr a2, minstret           a2 = 0xfffffffe */
      0xb82026f3, /* csrr a3, minstreth          a3 = 5 (value 0x5_ffffffff) */
      0xb0202773, /* csrr a4, minstret           a4 = 0 (value 0x6_00000000) */
      0xb82027f3, /* csrr a5, minstreth          a5 = 6 */
      UT_SPIN,    /* j . */
  };
  struct rvpmu_machine *m = ut_machine(32);
  UT_RUN_PROGRAM(m, prog, 20);
  assert_int_equal(ut_reg(m, UT_A2), 0xfffffffe);
  assert_int_equal(ut_reg(m, UT_A3), 5);
  assert_int_equal(ut_reg(m, UT_A4), 0);
  assert_int_equal(ut_reg(m, UT_A5), 6);
  rvpmu_machine_destroy(m);
}

static void test_rv32_mcycleh_views_and_mhpmeventh(void **state) {
  (void)state;
  static const uint32_t prog[] = {
      0x00a00593, /* li a1, 10 */
      0x00700513, /* li a0, 7 */
      0xb0059073, /* csrw mcycle, a1             -> 10 */
      0xb8051073, /* csrw mcycleh, a0            -> 0x7_0000000a */
      0xb0002673, /* csrr a2, mcycle             a2 = 10 */
      0xb80026f3, /* csrr a3, mcycleh            a3 = 7 */
      0xc8002773, /* csrr a4, cycleh             a4 = 7 */
      0xc82027f3, /* csrr a5, instreth           a5 = 0 */
      0x800002b7, /* lui t0, 0x80000 */
      0x72329073, /* csrw mhpmevent3h, t0        OF = bit 31 of mhpmevent3h */
      0xda002873, /* csrr a6, scountovf          a6 = 1 << 3 */
      0x723028f3, /* csrr a7, mhpmevent3h        a7 = 0x80000000 */
      UT_SPIN,    /* j . */
  };
  struct rvpmu_machine *m = ut_machine(32);
  UT_RUN_PROGRAM(m, prog, 20);
  assert_int_equal(ut_reg(m, UT_A2), 10);
  assert_int_equal(ut_reg(m, UT_A3), 7);
  assert_int_equal(ut_reg(m, UT_A4), 7);
  assert_int_equal(ut_reg(m, UT_A5), 0);
  assert_int_equal(ut_reg(m, UT_A6), 1u << 3);
  assert_int_equal(ut_reg(m, UT_A7), 0x80000000u);
  rvpmu_machine_destroy(m);
}

/* --- Sscofpmf --- */

static void test_scountovf_masked_by_mcounteren_in_s(void **state) {
  (void)state;
  static const uint32_t code[] = {
      0xda002573, /* csrr a0, scountovf */
      UT_SPIN,    /* j . */
  };
  static const unsigned of_counters[] = {3, 5, 31};
  const uint64_t all = 1u << 3 | 1u << 5 | 1u << 31;
  const uint32_t masks[] = {1u << 4 | 1u << 5 | 1u << 31, 0, 0xffffffff};
  for (size_t i = 0; i < sizeof masks / sizeof *masks; i++) {
    struct rvpmu_machine *m = ut_machine(64);
    for (size_t k = 0; k < 3; k++) ut_set_csr(m, CSR_MHPMEVENT3 + of_counters[k] - 3, MHPMEVENT_OF_BIT);
    assert_int_equal(ut_csr(m, CSR_SCOUNTOVF), all); /* M sees every bit */
    UT_RUN_LOWER(m, UT_PRIV_S, masks[i], 0, code, 20);
    ut_assert_no_trap(m, UT_PRIV_S); /* never traps in S: bits read as zero instead */
    assert_int_equal(ut_reg(m, UT_A0), all & masks[i]);
    rvpmu_machine_destroy(m);
  }
  struct rvpmu_machine *m = ut_machine(64);
  UT_RUN_LOWER(m, UT_PRIV_U, 0xffffffff, 0xffffffff, code, 20);
  ut_assert_trap(m, UT_CAUSE_ILLEGAL, UT_LOWER, 0xda002573);
  rvpmu_machine_destroy(m);
}

/* The counter wraps in the middle of a block that ends with the reads: OF, scountovf, the
 * counter and mip.LCOFIP must already show it. */
static void test_of_exact_in_the_wrapping_block(void **state) {
  (void)state;
  static const uint32_t prog[] = {
      0x00000013, /* nop */
      0x00000013, /* nop */
      0x00000013, /* nop                    the counter wraps here (2^64 - 3 + 3) */
      0x00000013, /* nop */
      0x00000013, /* nop */
      0x32302573, /* csrr a0, mhpmevent3 */
      0xb03025f3, /* csrr a1, mhpmcounter3 */
      0xda002673, /* csrr a2, scountovf */
      0x344026f3, /* csrr a3, mip */
      UT_SPIN,    /* j . */
  };
  struct rvpmu_machine *m = ut_machine(64);
  ut_set_csr(m, CSR_MHPMEVENT3, SEL_INSNS);
  ut_set_csr(m, CSR_MHPMCOUNTER3, UINT64_MAX - 2);
  UT_RUN_PROGRAM(m, prog, 20);
  assert_int_equal(ut_reg(m, UT_A0), MHPMEVENT_OF_BIT | SEL_INSNS);
  assert_int_equal(ut_reg(m, UT_A1), 3); /* 2^64 - 3 + 6 retired */
  assert_int_equal(ut_reg(m, UT_A2), 1u << 3);
  assert_int_equal(ut_reg(m, UT_A3) & MIP_LCOFIP, MIP_LCOFIP);
  rvpmu_machine_destroy(m);
}

/* The overflow interrupt (Sscofpmf): with mie.LCOFIE and mstatus.MIE set, a wrap raises
 * interrupt 13 once; LCOFIP stays pending until software clears it. The wrap happens on the
 * jump that ends the block, so the precise point and rvpmu's block-end check coincide. */
static void test_overflow_interrupt_taken_once(void **state) {
  (void)state;
  static const uint32_t prog[] = {
      0x00000013, /* nop                         counter: 2^64 - 1 */
      0x0040006f, /* jal zero, .+4               counter wraps to 0 */
      UT_SPIN,    /* j .                         mepc: the interrupt is taken here */
  };
  static const uint32_t handler[] = {
      0xb02026f3, /* csrr a3, minstret */
      UT_SPIN,    /* j . */
  };
  for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
    struct rvpmu_machine *m = ut_machine(xlen);
    ut_write_words(m, UT_HANDLER, handler, 2);
    ut_set_csr(m, CSR_MTVEC, UT_HANDLER);
    ut_set_csr(m, CSR_MHPMEVENT3, SEL_INSNS);
    ut_set_csr(m, CSR_MHPMCOUNTER3, UINT64_MAX - 1);
    if (xlen == 32) ut_set_csr(m, CSR_MHPMCOUNTER3H, 0xffffffff);
    ut_set_csr(m, CSR_MIE, MIP_LCOFIP);
    ut_set_csr(m, CSR_MSTATUS, MSTATUS_MIE);
    UT_RUN_PROGRAM(m, prog, 20);
    uint64_t interrupts = 0;
    assert_int_equal(rvpmu_event_total(m, 0, "interrupts", &interrupts), 0);
    assert_int_equal(interrupts, 1);
    assert_int_equal(ut_csr(m, CSR_MCAUSE), 1ull << (xlen - 1) | IRQ_LCOF);
    assert_int_equal(ut_csr(m, CSR_MEPC), UT_RAM_BASE + 8);
    assert_int_equal(ut_csr(m, CSR_MTVAL), 0);
    assert_int_equal(ut_reg(m, UT_A3), 2);
    assert_int_equal(ut_csr(m, CSR_MIP) & MIP_LCOFIP, MIP_LCOFIP);
    assert_int_equal(ut_csr(m, CSR_SCOUNTOVF), 1u << 3);
    assert_int_equal(ut_csr(m, CSR_MSTATUS) & (MSTATUS_MIE | MSTATUS_MPIE), MSTATUS_MPIE);
    rvpmu_machine_destroy(m);
  }
}

/* --- Profile options: counter width and number --- */

static void test_counter_width_option(void **state) {
  (void)state;
  static const uint32_t prog64[] = {
      0xb0329073, /* csrw mhpmcounter3, t0 */
      0xb0302573, /* csrr a0, mhpmcounter3 */
      UT_SPIN,    /* j . */
  };
  static const uint32_t prog32[] = {
      0xb8329073, /* csrw mhpmcounter3h, t0 */
      0xb8302573, /* csrr a0, mhpmcounter3h */
      0xb03025f3, /* csrr a1, mhpmcounter3 */
      UT_SPIN,    /* j . */
  };
  struct rvpmu_machine *m = ut_machine_core(64, "generic,width=8");
  rvpmu_hart_set_reg(m, 0, UT_T0, 0x1ff);
  UT_RUN_PROGRAM(m, prog64, 10);
  assert_int_equal(ut_reg(m, UT_A0), 0xff);
  rvpmu_machine_destroy(m);

  m = ut_machine_core(32, "generic,width=40");
  rvpmu_hart_set_reg(m, 0, UT_T0, 0xffffffff);
  UT_RUN_PROGRAM(m, prog32, 10);
  assert_int_equal(ut_reg(m, UT_A0), 0xff); /* bits 39:32 */
  assert_int_equal(ut_reg(m, UT_A1), 0);    /* the low half is unchanged */
  rvpmu_machine_destroy(m);
}

static void test_unimplemented_counters_read_zero(void **state) {
  (void)state;
  static const uint32_t prog[] = {
      0xb0729073, /* csrw mhpmcounter7, t0 */
      0xb0702573, /* csrr a0, mhpmcounter7 */
      0x32731073, /* csrw mhpmevent7, t1 */
      0x327025f3, /* csrr a1, mhpmevent7 */
      0x32039073, /* csrw mcountinhibit, t2 */
      0x32002673, /* csrr a2, mcountinhibit */
      0xc07026f3, /* csrr a3, hpmcounter7 */
      UT_SPIN,    /* j . */
  };
  static const uint32_t lower[] = {
      0xc07026f3, /* csrr a3, hpmcounter7 */
      UT_SPIN,    /* j . */
  };
  struct rvpmu_machine *m = ut_machine_core(64, "generic,counters=4"); /* mhpmcounter3..6 */
  rvpmu_hart_set_reg(m, 0, UT_T0, 1234);
  rvpmu_hart_set_reg(m, 0, UT_T1, SEL_INSNS);
  rvpmu_hart_set_reg(m, 0, UT_T2, UINT64_MAX);
  rvpmu_hart_set_reg(m, 0, UT_A3, 99);
  UT_RUN_PROGRAM(m, prog, 20);
  ut_assert_no_trap(m, UT_PRIV_M);
  assert_int_equal(ut_reg(m, UT_A0), 0);
  assert_int_equal(ut_reg(m, UT_A1), 0);
  assert_int_equal(ut_reg(m, UT_A2), 0x7d); /* CY, IR, HPM3..6; bit 1 (time) is zero */
  assert_int_equal(ut_reg(m, UT_A3), 0);
  rvpmu_machine_destroy(m);

  m = ut_machine_core(64, "generic,counters=4");
  UT_RUN_LOWER(m, UT_PRIV_U, 0xffffffff, 0xffffffff, lower, 20);
  ut_assert_no_trap(m, UT_PRIV_U); /* enable bits of absent counters are writable; reads give 0 */
  assert_int_equal(ut_reg(m, UT_A3), 0);
  assert_int_equal(ut_csr(m, CSR_MCOUNTEREN), 0xffffffff);
  rvpmu_machine_destroy(m);
}

/* --- Exception PC registers --- */

/* mepc/sepc bit 0 is always zero; with IALIGN = 32 (no C) bits 1:0 are (3.1.14, 4.1.7). */
static void test_xepc_low_bits(void **state) {
  (void)state;
  static const uint32_t prog[] = {
      0x34151073, /* csrw mepc, a0 */
      0x341025f3, /* csrr a1, mepc */
      0x14151073, /* csrw sepc, a0 */
      0x14102673, /* csrr a2, sepc */
      UT_SPIN,    /* j . */
  };
  static const struct {
    const char *isa;
    uint64_t expect;
  } cases[] = {{"rv64imac", 0x80000002}, {"rv32imac", 0x80000002}, {"rv64ima", 0x80000000}, {"rv32ima", 0x80000000}};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    struct rvpmu_machine *m = ut_machine_isa(cases[i].isa);
    rvpmu_hart_set_reg(m, 0, UT_A0, 0x80000003);
    UT_RUN_PROGRAM(m, prog, 10);
    assert_int_equal(ut_reg(m, UT_A1), cases[i].expect);
    assert_int_equal(ut_reg(m, UT_A2), cases[i].expect);
    rvpmu_machine_destroy(m);
  }
}

/* --- satp --- */

static void test_satp_ignores_unsupported_modes(void **state) {
  (void)state;
  static const uint32_t prog[] = {
      0x18051073, /* csrw satp, a0       Sv48: ignored */
      0x180025f3, /* csrr a1, satp */
      0x18061073, /* csrw satp, a2       Sv57: ignored */
      0x180026f3, /* csrr a3, satp */
      0x18071073, /* csrw satp, a4       Sv39 with ASID bits set */
      0x180027f3, /* csrr a5, satp */
      0x18051073, /* csrw satp, a0       Sv48 again: the Sv39 value stays */
      0x18002873, /* csrr a6, satp */
      0x18001073, /* csrw satp, zero     Bare */
      0x180028f3, /* csrr a7, satp */
      UT_SPIN,    /* j . */
  };
  const uint64_t ppn = 0x80010;
  struct rvpmu_machine *m = ut_machine(64);
  rvpmu_hart_set_reg(m, 0, UT_A0, 9ull << 60 | ppn);
  rvpmu_hart_set_reg(m, 0, UT_A2, 10ull << 60 | ppn);
  rvpmu_hart_set_reg(m, 0, UT_A4, 8ull << 60 | 0xffffull << 44 | ppn);
  UT_RUN_PROGRAM(m, prog, 20);
  ut_assert_no_trap(m, UT_PRIV_M);
  assert_int_equal(ut_reg(m, UT_A1), 0);
  assert_int_equal(ut_reg(m, UT_A3), 0);
  assert_int_equal(ut_reg(m, UT_A5), 8ull << 60 | ppn);
  assert_int_equal(ut_reg(m, UT_A6), 8ull << 60 | ppn);
  assert_int_equal(ut_reg(m, UT_A7), 0);
  rvpmu_machine_destroy(m);
}

static void test_satp_rv32_asid_reads_zero(void **state) {
  (void)state;
  static const uint32_t prog[] = {
      0x18051073, /* csrw satp, a0 */
      0x180025f3, /* csrr a1, satp */
      UT_SPIN,    /* j . */
  };
  struct rvpmu_machine *m = ut_machine(32);
  rvpmu_hart_set_reg(m, 0, UT_A0, 0xffffffff);
  UT_RUN_PROGRAM(m, prog, 10);
  assert_int_equal(ut_reg(m, UT_A1), 0x803fffff); /* MODE = Sv32, ASID (30:22) = 0, PPN */
  rvpmu_machine_destroy(m);
}

/* --- Interrupt and delegation registers --- */

static void test_interrupt_register_masks(void **state) {
  (void)state;
  static const uint32_t prog[] = {
      0xfff00293, /* li t0, -1 */
      0x30329073, /* csrw mideleg, t0 */
      0x30302573, /* csrr a0, mideleg */
      0x30429073, /* csrw mie, t0 */
      0x304025f3, /* csrr a1, mie */
      0x30401073, /* csrw mie, zero */
      0x34429073, /* csrw mip, t0 */
      0x34402673, /* csrr a2, mip */
      0x34401073, /* csrw mip, zero */
      0x344026f3, /* csrr a3, mip */
      0x00002337, /* lui t1, 0x2          (LCOFIP) */
      0x34431073, /* csrw mip, t1 */
      0x34402773, /* csrr a4, mip */
      0x30229073, /* csrw medeleg, t0 */
      0x302027f3, /* csrr a5, medeleg */
      0x14402873, /* csrr a6, sip */
      0x104028f3, /* csrr a7, sie */
      UT_SPIN,    /* j . */
  };
  for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
    struct rvpmu_machine *m = ut_machine(xlen);
    UT_RUN_PROGRAM(m, prog, 30);
    ut_assert_no_trap(m, UT_PRIV_M);
    assert_int_equal(ut_reg(m, UT_A0), MIP_SSIP | MIP_STIP | MIP_SEIP | MIP_LCOFIP); /* 0x2222 */
    assert_int_equal(ut_reg(m, UT_A1), 0x2aaa); /* SSIE MSIE STIE MTIE SEIE MEIE LCOFIE */
    assert_int_equal(ut_reg(m, UT_A2), 0x2222); /* MSIP/MTIP/MEIP are read-only */
    assert_int_equal(ut_reg(m, UT_A3), 0);
    assert_int_equal(ut_reg(m, UT_A4), MIP_LCOFIP);
    assert_int_equal(ut_reg(m, UT_A5), 0xb3ff); /* not 10, 11 (ECALL from M), 14 */
    assert_int_equal(ut_reg(m, UT_A6), MIP_LCOFIP);
    assert_int_equal(ut_reg(m, UT_A7), 0);
    rvpmu_machine_destroy(m);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_s_reads_counters_enabled_in_mcounteren),
      cmocka_unit_test(test_s_read_traps_without_mcounteren),
      cmocka_unit_test(test_s_ignores_scounteren),
      cmocka_unit_test(test_u_read_needs_mcounteren_and_scounteren),
      cmocka_unit_test(test_u_enables_are_per_counter),
      cmocka_unit_test(test_machine_counters_are_m_only),
      cmocka_unit_test(test_writes_to_read_only_csrs_trap),
      cmocka_unit_test(test_rv64_has_no_high_halves),
      cmocka_unit_test(test_read_sees_value_before_reading_instruction),
      cmocka_unit_test(test_counter_write_wins_over_own_increment),
      cmocka_unit_test(test_mcountinhibit_write_counts_under_old_value),
      cmocka_unit_test(test_mhpmevent_write_counts_under_old_selector),
      cmocka_unit_test(test_rv32_minstreth_carry_and_half_writes),
      cmocka_unit_test(test_rv32_mcycleh_views_and_mhpmeventh),
      cmocka_unit_test(test_scountovf_masked_by_mcounteren_in_s),
      cmocka_unit_test(test_of_exact_in_the_wrapping_block),
      cmocka_unit_test(test_overflow_interrupt_taken_once),
      cmocka_unit_test(test_counter_width_option),
      cmocka_unit_test(test_unimplemented_counters_read_zero),
      cmocka_unit_test(test_xepc_low_bits),
      cmocka_unit_test(test_satp_ignores_unsupported_modes),
      cmocka_unit_test(test_satp_rv32_asid_reads_zero),
      cmocka_unit_test(test_interrupt_register_masks),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
