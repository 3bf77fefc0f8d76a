/* Execution tests: programs run on a machine, results read from registers, CSRs and RAM
 * (src/isa/exec_template.h, src/hart/mmu.c, src/hart/system.c).
 *
 * Spec statements covered:
 * - M extension (unprivileged ISA ch. 7, table "Semantics for division by zero and division
 *   overflow"): x/0 gives quotient -1 (all ones, also for DIVU) and remainder x; INT_MIN/-1
 *   gives quotient INT_MIN and remainder 0; the W forms do the same on 32 bits and sign-extend;
 *   division rounds towards zero; MULH/MULHSU/MULHU return the upper XLEN bits of the signed x
 *   signed, signed x unsigned and unsigned x unsigned 2*XLEN-bit product.
 * - RV32I/RV64I (ch. 2, 5): SRA/SRL/SLL use the low log2(XLEN) bits of rs2 (5 bits for the W
 *   forms), SRAI is arithmetic; *W results are sign-extended from bit 31; on RV32 every value is
 *   32 bits.
 * - Loads (ch. 2.6): LB/LH/LW sign-extend, LBU/LHU/LWU zero-extend; stores write the low bytes.
 * - Privileged ISA §3.1.15-3.1.16: a misaligned load (the generic core does not emulate them)
 *   raises load-address-misaligned (4) with mtval = the address; misaligned store: 6; a load
 *   from an address with no memory or device raises load access fault (5), store: 7;
 *   ECALL raises 8/9/11 from U/S/M with mepc = the ECALL, mtval = 0 and mstatus.MPP = the
 *   mode it came from; EBREAK raises 3; without C a jump or taken branch to a target that is
 *   not 4-byte aligned raises instruction-address-misaligned (0) with mtval = the target.
 * - Zicntr: instructions that raise a synchronous exception (ECALL, EBREAK, illegal
 *   instructions, faulting loads and stores) do not retire: minstret does not count them, and
 *   the instructions before a fault in the same block do retire.
 * - §4.3 (Sv39): a three-level walk from satp.PPN, 1 GiB superpages, a load through a 4 KiB
 *   leaf, load page fault (13) with mtval = the virtual address for an invalid PTE, and the
 *   hardware A/D update (the walker sets A on any access and D on a store; docs/counters.md
 *   "choices") while menvcfg.ADUE = 1 (Svadu, its reset value here), page faults instead while
 *   it is 0 (Svade); ADUE is menvcfgh bit 29 on RV32 and read-only zero without S mode.
 *
 * Encodings from riscv64-unknown-elf-as 2.40 (canonical mnemonics from objdump -M no-aliases). */
#include "unit_util.h"

#include "csr/csr.h"
#include "machine.h"

static uint64_t xmask(unsigned xlen) { return xlen == 64 ? UINT64_MAX : 0xffffffffull; }

/* A 64-bit value as XLEN-bit register contents (RV32 registers hold zero-extended values). */
static uint64_t xv(unsigned xlen, uint64_t v) { return v & xmask(xlen); }

/* Physical memory, for checking stores and page-table updates. */
static uint64_t read_phys_u64(struct rvpmu_machine *m, uint64_t pa) {
  struct machine *mm = (struct machine *)m;
  const uint8_t *p = bus_ram_ptr(&mm->bus, pa, 8);
  assert_non_null(p);
  uint64_t v;
  memcpy(&v, p, sizeof v);
  return v;
}

/* A trap handler that records minstret (the instructions retired before the trap) in a3. */
static void handler_reads_minstret(struct rvpmu_machine *m) {
  static const uint32_t handler[] = {
      0xb02026f3, /* csrr a3, minstret */
      UT_SPIN,    /* j . */
  };
  ut_write_words(m, UT_HANDLER, handler, 2);
  ut_set_csr(m, CSR_MTVEC, UT_HANDLER);
}

/* --- M extension --- */

static void test_division_and_multiply_edge_cases(void **state) {
  (void)state;
  static const uint32_t prog[] = {
      0x02c6c933, /* div s2, a3, a2        7 / 0 */
      0x02c6d9b3, /* divu s3, a3, a2       7 / 0 */
      0x02c76a33, /* rem s4, a4, a2        -7 % 0 */
      0x02c6fab3, /* remu s5, a3, a2       7 % 0 */
      0x02b54b33, /* div s6, a0, a1        INT_MIN / -1 */
      0x02b56bb3, /* rem s7, a0, a1        INT_MIN % -1 */
      0x02a51cb3, /* mulh s9, a0, a0       INT_MIN * INT_MIN */
      0x02b5ad33, /* mulhsu s10, a1, a1    -1 * UINT_MAX */
      0x02b5bdb3, /* mulhu s11, a1, a1     UINT_MAX * UINT_MAX */
      0x02d59e33, /* mulh t3, a1, a3       -1 * 7 */
      0x02b6aeb3, /* mulhsu t4, a3, a1     7 * UINT_MAX */
      0x02b50f33, /* mul t5, a0, a1        INT_MIN * -1 (low half) */
      0x02f74433, /* div s0, a4, a5        -7 / 2 */
      0x02f764b3, /* rem s1, a4, a5        -7 % 2 */
      UT_SPIN,    /* j . */
  };
  for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
    const uint64_t int_min = 1ull << (xlen - 1), ones = xmask(xlen);
    struct rvpmu_machine *m = ut_machine(xlen);
    rvpmu_hart_set_reg(m, 0, UT_A0, int_min);
    rvpmu_hart_set_reg(m, 0, UT_A1, (uint64_t)-1);
    rvpmu_hart_set_reg(m, 0, UT_A2, 0);
    rvpmu_hart_set_reg(m, 0, UT_A3, 7);
    rvpmu_hart_set_reg(m, 0, UT_A4, (uint64_t)-7);
    rvpmu_hart_set_reg(m, 0, UT_A5, 2);
    UT_RUN_PROGRAM(m, prog, 30);
    assert_int_equal(ut_reg(m, 18 /* s2 */), ones);
    assert_int_equal(ut_reg(m, 19 /* s3 */), ones);
    assert_int_equal(ut_reg(m, 20 /* s4 */), xv(xlen, (uint64_t)-7));
    assert_int_equal(ut_reg(m, 21 /* s5 */), 7);
    assert_int_equal(ut_reg(m, 22 /* s6 */), int_min);
    assert_int_equal(ut_reg(m, 23 /* s7 */), 0);
    assert_int_equal(ut_reg(m, 25 /* s9 */), 1ull << (xlen - 2)); /* 2^(2*XLEN-2) >> XLEN */
    assert_int_equal(ut_reg(m, 26 /* s10 */), ones);              /* -(2^XLEN - 1) >> XLEN = -1 */
    assert_int_equal(ut_reg(m, 27 /* s11 */), ones - 1);          /* (2^XLEN-1)^2 >> XLEN */
    assert_int_equal(ut_reg(m, 28 /* t3 */), ones);
    assert_int_equal(ut_reg(m, 29 /* t4 */), 6);
    assert_int_equal(ut_reg(m, 30 /* t5 */), int_min);
    assert_int_equal(ut_reg(m, UT_S0), xv(xlen, (uint64_t)-3)); /* rounds towards zero */
    assert_int_equal(ut_reg(m, UT_S1), xv(xlen, (uint64_t)-1));
    rvpmu_machine_destroy(m);
  }
}

static void test_rv64_word_operations(void **state) {
  (void)state;
  static const uint32_t prog[] = {
      0x02b5493b, /* divw s2, a0, a1       (int32)0x80000000 / -1 */
      0x02b569bb, /* remw s3, a0, a1 */
      0x02c6da3b, /* divuw s4, a3, a2      / 0 */
      0x02c57abb, /* remuw s5, a0, a2      0x80000000 % 0 */
      0x00e68b3b, /* addw s6, a3, a4       0x7fffffff + 1 */
      0x02d68bbb, /* mulw s7, a3, a3 */
      0x41f55c1b, /* sraiw s8, a0, 31 */
      0x0015dc9b, /* srliw s9, a1, 1 */
      0x00169d1b, /* slliw s10, a3, 1 */
      0x00050d9b, /* addiw s11, a0, 0      (sext.w) */
      0x40f55e3b, /* sraw t3, a0, a5       shift amount 33 & 31 = 1 */
      UT_SPIN,    /* j . */
  };
  struct rvpmu_machine *m = ut_machine(64);
  rvpmu_hart_set_reg(m, 0, UT_A0, 0x80000000);
  rvpmu_hart_set_reg(m, 0, UT_A1, UINT64_MAX);
  rvpmu_hart_set_reg(m, 0, UT_A2, 0);
  rvpmu_hart_set_reg(m, 0, UT_A3, 0x7fffffff);
  rvpmu_hart_set_reg(m, 0, UT_A4, 1);
  rvpmu_hart_set_reg(m, 0, UT_A5, 33);
  UT_RUN_PROGRAM(m, prog, 30);
  assert_int_equal(ut_reg(m, 18), 0xffffffff80000000ull);
  assert_int_equal(ut_reg(m, 19), 0);
  assert_int_equal(ut_reg(m, 20), UINT64_MAX);
  assert_int_equal(ut_reg(m, 21), 0xffffffff80000000ull);
  assert_int_equal(ut_reg(m, 22), 0xffffffff80000000ull);
  assert_int_equal(ut_reg(m, 23), 1); /* 0x3fffffff00000001: low word 1 */
  assert_int_equal(ut_reg(m, 24), UINT64_MAX);
  assert_int_equal(ut_reg(m, 25), 0x7fffffff);
  assert_int_equal(ut_reg(m, 26), 0xfffffffffffffffeull);
  assert_int_equal(ut_reg(m, 27), 0xffffffff80000000ull);
  assert_int_equal(ut_reg(m, 28), 0xffffffffc0000000ull);
  rvpmu_machine_destroy(m);
}

static void test_shifts_and_compares(void **state) {
  (void)state;
  static const uint32_t prog[] = {
      0x40c55933, /* sra s2, a0, a2        by XLEN-1 */
      0x40b559b3, /* sra s3, a0, a1        by (XLEN+1) mod XLEN = 1 */
      0x00b55a33, /* srl s4, a0, a1 */
      0x00b51ab3, /* sll s5, a0, a1 */
      0x41f55b13, /* srai s6, a0, 31 */
      0x01f55b93, /* srli s7, a0, 31 */
      0x00052c33, /* slt s8, a0, zero */
      0x00a03cb3, /* sltu s9, zero, a0 */
      UT_SPIN,    /* j . */
  };
  for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
    const uint64_t top = 1ull << (xlen - 1);
    struct rvpmu_machine *m = ut_machine(xlen);
    rvpmu_hart_set_reg(m, 0, UT_A0, top);
    rvpmu_hart_set_reg(m, 0, UT_A1, xlen + 1);
    rvpmu_hart_set_reg(m, 0, UT_A2, xlen - 1);
    UT_RUN_PROGRAM(m, prog, 20);
    assert_int_equal(ut_reg(m, 18), xmask(xlen));
    assert_int_equal(ut_reg(m, 19), top | top >> 1);
    assert_int_equal(ut_reg(m, 20), top >> 1);
    assert_int_equal(ut_reg(m, 21), 0);
    assert_int_equal(ut_reg(m, 22), xlen == 64 ? 0xffffffff00000000ull : 0xffffffffull);
    assert_int_equal(ut_reg(m, 23), xlen == 64 ? 0x100000000ull : 1);
    assert_int_equal(ut_reg(m, 24), 1);
    assert_int_equal(ut_reg(m, 25), 1);
    rvpmu_machine_destroy(m);
  }
}

/* --- Loads and stores --- */

#define DATA 0x80001000ull

static void test_loads_sign_and_zero_extend(void **state) {
  (void)state;
  static const uint32_t prog[] = {
      0x00040503, /* lb a0, 0(s0)          0x88 */
      0x00044583, /* lbu a1, 0(s0) */
      0x00241603, /* lh a2, 2(s0)          0xb5a6 */
      0x00245683, /* lhu a3, 2(s0) */
      0x00442703, /* lw a4, 4(s0)          0xf1e2d3c4 */
      0x00140883, /* lb a7, 1(s0)          0x17 */
      0x00b40423, /* sb a1, 8(s0) */
      0x00d41523, /* sh a3, 10(s0) */
      0x00e42623, /* sw a4, 12(s0) */
      0x00842283, /* lw t0, 8(s0)          bytes 88 00 a6 b5 */
      0x00c42303, /* lw t1, 12(s0) */
      UT_SPIN,    /* j . */
  };
  for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
    struct rvpmu_machine *m = ut_machine(xlen);
    ut_write_u64(m, DATA, 0xf1e2d3c4b5a61788ull); /* bytes 88 17 a6 b5 c4 d3 e2 f1 */
    rvpmu_hart_set_reg(m, 0, UT_S0, DATA);
    UT_RUN_PROGRAM(m, prog, 20);
    assert_int_equal(ut_reg(m, UT_A0), xv(xlen, 0xffffffffffffff88ull));
    assert_int_equal(ut_reg(m, UT_A1), 0x88);
    assert_int_equal(ut_reg(m, UT_A2), xv(xlen, 0xffffffffffffb5a6ull));
    assert_int_equal(ut_reg(m, UT_A3), 0xb5a6);
    assert_int_equal(ut_reg(m, UT_A4), xv(xlen, 0xfffffffff1e2d3c4ull));
    assert_int_equal(ut_reg(m, UT_A7), 0x17);
    assert_int_equal(ut_reg(m, UT_T0), xv(xlen, 0xffffffffb5a60088ull));
    assert_int_equal(ut_reg(m, UT_T1), xv(xlen, 0xfffffffff1e2d3c4ull));
    assert_int_equal(read_phys_u64(m, DATA + 8), 0xf1e2d3c4b5a60088ull);
    rvpmu_machine_destroy(m);
  }
}

static void test_rv64_doubleword_and_lwu(void **state) {
  (void)state;
  static const uint32_t prog[] = {
      0x00446783, /* lwu a5, 4(s0) */
      0x00043803, /* ld a6, 0(s0) */
      0x01043823, /* sd a6, 16(s0) */
      0x01043383, /* ld t2, 16(s0) */
      UT_SPIN,    /* j . */
  };
  struct rvpmu_machine *m = ut_machine(64);
  ut_write_u64(m, DATA, 0xf1e2d3c4b5a61788ull);
  rvpmu_hart_set_reg(m, 0, UT_S0, DATA);
  UT_RUN_PROGRAM(m, prog, 10);
  assert_int_equal(ut_reg(m, UT_A5), 0xf1e2d3c4ull);
  assert_int_equal(ut_reg(m, UT_A6), 0xf1e2d3c4b5a61788ull);
  assert_int_equal(ut_reg(m, UT_T2), 0xf1e2d3c4b5a61788ull);
  assert_int_equal(read_phys_u64(m, DATA + 16), 0xf1e2d3c4b5a61788ull);
  rvpmu_machine_destroy(m);
}

/* --- Exceptions --- */

static void test_misaligned_load_traps(void **state) {
  (void)state;
  static const uint32_t prog[] = {
      0x00100593, /* li a1, 1 */
      0x00200613, /* li a2, 2 */
      0x00242503, /* lw a0, 2(s0)          misaligned */
      UT_SPIN,    /* j . */
  };
  for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
    struct rvpmu_machine *m = ut_machine_core(xlen, "generic,misaligned=trap");
    handler_reads_minstret(m);
    rvpmu_hart_set_reg(m, 0, UT_S0, DATA);
    rvpmu_hart_set_reg(m, 0, UT_A0, 0x5a);
    UT_RUN_PROGRAM(m, prog, 10);
    ut_assert_trap(m, UT_CAUSE_LOAD_MISALIGNED, UT_RAM_BASE + 8, DATA + 2);
    assert_int_equal(ut_reg(m, UT_A3), 2);    /* the two li retired, the lw did not */
    assert_int_equal(ut_reg(m, UT_A0), 0x5a); /* and did not write its destination */
    assert_int_equal(ut_reg(m, UT_A2), 2);
    rvpmu_machine_destroy(m);
  }
}

static void test_misaligned_store_traps(void **state) {
  (void)state;
  static const uint32_t prog[] = {
      0x00b410a3, /* sh a1, 1(s0) */
      UT_SPIN,    /* j . */
  };
  struct rvpmu_machine *m = ut_machine_core(64, "generic,misaligned=trap");
  handler_reads_minstret(m);
  rvpmu_hart_set_reg(m, 0, UT_S0, DATA);
  rvpmu_hart_set_reg(m, 0, UT_A1, 0xffff);
  UT_RUN_PROGRAM(m, prog, 10);
  ut_assert_trap(m, UT_CAUSE_STORE_MISALIGNED, UT_RAM_BASE, DATA + 1);
  assert_int_equal(ut_reg(m, UT_A3), 0);
  assert_int_equal(read_phys_u64(m, DATA), 0); /* nothing written */
  rvpmu_machine_destroy(m);
}

/* By default the generic core performs misaligned loads and stores itself (as QEMU does): a
 * word load at DATA + 2 reads bytes 2..5 little-endian, sign-extended; a doubleword store at
 * DATA + 3 writes bytes 3..10; no trap, all three retire. */
static void test_misaligned_in_hardware(void **state) {
  (void)state;
  static const uint32_t prog[] = {
      0x00242503, /* lw a0, 2(s0) */
      0x00b431a3, /* sd a1, 3(s0) */
      0x00346603, /* lwu a2, 3(s0) */
      UT_SPIN,    /* j . */
  };
  struct rvpmu_machine *m = ut_machine(64);
  ut_trap_to_spin(m);
  ut_write_u64(m, DATA, 0x8877665544332211ull);
  rvpmu_hart_set_reg(m, 0, UT_S0, DATA);
  rvpmu_hart_set_reg(m, 0, UT_A1, 0x0102030405060708ull);
  UT_RUN_PROGRAM(m, prog, 4);
  assert_int_equal(ut_reg(m, UT_A0), 0x66554433ull);
  assert_int_equal(read_phys_u64(m, DATA), 0x0405060708332211ull);
  assert_int_equal(read_phys_u64(m, DATA + 8), 0x010203ull);
  assert_int_equal(ut_reg(m, UT_A2), 0x05060708ull);
  assert_int_equal(ut_csr(m, 0x342 /* mcause */), 0); /* no trap */
  rvpmu_machine_destroy(m);
}

/* A misaligned access that runs off the end of RAM faults as a whole: load access fault with
 * mtval = its address, nothing written to rd; a store that does writes no byte. */
static void test_misaligned_across_ram_end(void **state) {
  (void)state;
  static const uint32_t load[] = {0x00043503 /* ld a0, 0(s0) */, UT_SPIN};
  static const uint32_t store[] = {0x00b43023 /* sd a1, 0(s0) */, UT_SPIN};
  const uint64_t end = UT_RAM_BASE + (16ull << 20), va = end - 4;
  struct rvpmu_machine *m = ut_machine(64);
  handler_reads_minstret(m);
  rvpmu_hart_set_reg(m, 0, UT_S0, va);
  rvpmu_hart_set_reg(m, 0, UT_A0, 0x5a);
  UT_RUN_PROGRAM(m, load, 10);
  ut_assert_trap(m, UT_CAUSE_LOAD_ACCESS, UT_RAM_BASE, va);
  assert_int_equal(ut_reg(m, UT_A0), 0x5a);
  rvpmu_machine_destroy(m);
  m = ut_machine(64);
  handler_reads_minstret(m);
  rvpmu_hart_set_reg(m, 0, UT_S0, va);
  rvpmu_hart_set_reg(m, 0, UT_A1, ~0ull);
  UT_RUN_PROGRAM(m, store, 10);
  ut_assert_trap(m, 7 /* store access fault */, UT_RAM_BASE, va);
  assert_int_equal(read_phys_u64(m, end - 8), 0);
  rvpmu_machine_destroy(m);
}

static void test_access_faults(void **state) {
  (void)state;
  static const uint32_t load[] = {
      0x0004a503, /* lw a0, 0(s1) */
      UT_SPIN,    /* j . */
  };
  static const uint32_t store[] = {
      0x00a4a023, /* sw a0, 0(s1) */
      UT_SPIN,    /* j . */
  };
  /* Nothing at 0x1000 on virt; RAM (16 MiB here) ends at 0x81000000. */
  static const uint64_t addrs[] = {0x1000, 0x81000000ull};
  for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
    for (size_t i = 0; i < 2; i++) {
      struct rvpmu_machine *m = ut_machine(xlen);
      handler_reads_minstret(m);
      rvpmu_hart_set_reg(m, 0, UT_S1, addrs[i]);
      UT_RUN_PROGRAM(m, load, 10);
      ut_assert_trap(m, UT_CAUSE_LOAD_ACCESS, UT_RAM_BASE, addrs[i]);
      assert_int_equal(ut_reg(m, UT_A3), 0);
      rvpmu_machine_destroy(m);

      m = ut_machine(xlen);
      handler_reads_minstret(m);
      rvpmu_hart_set_reg(m, 0, UT_S1, addrs[i]);
      UT_RUN_PROGRAM(m, store, 10);
      ut_assert_trap(m, 7 /* store access fault */, UT_RAM_BASE, addrs[i]);
      rvpmu_machine_destroy(m);
    }
  }
}

static void test_ecall_from_m_does_not_retire(void **state) {
  (void)state;
  static const uint32_t prog[] = {
      0xb0202573, /* csrr a0, minstret */
      0x00000073, /* ecall */
      UT_SPIN,    /* j . */
  };
  for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
    struct rvpmu_machine *m = ut_machine(xlen);
    handler_reads_minstret(m);
    UT_RUN_PROGRAM(m, prog, 10);
    ut_assert_trap(m, UT_CAUSE_ECALL_M, UT_RAM_BASE + 4, 0);
    assert_int_equal(ut_reg(m, UT_A0), 0);
    assert_int_equal(ut_reg(m, UT_A3), 1); /* only the csrr retired */
    /* mstatus.MPP = M: the trap came from M mode. */
    assert_int_equal(ut_csr(m, CSR_MSTATUS) & MSTATUS_MPP, MSTATUS_MPP);
    rvpmu_machine_destroy(m);
  }
}

static void test_ecall_cause_per_mode(void **state) {
  (void)state;
  static const uint32_t code[] = {
      0x00000073, /* ecall */
      UT_SPIN,    /* j . */
  };
  struct rvpmu_machine *m = ut_machine(64);
  UT_RUN_LOWER(m, UT_PRIV_U, 0, 0, code, 20);
  ut_assert_trap(m, 8 /* ECALL from U */, UT_LOWER, 0);
  assert_int_equal(ut_csr(m, CSR_MSTATUS) & MSTATUS_MPP, 0);
  rvpmu_machine_destroy(m);
  m = ut_machine(32);
  UT_RUN_LOWER(m, UT_PRIV_S, 0, 0, code, 20);
  ut_assert_trap(m, 9 /* ECALL from S */, UT_LOWER, 0);
  assert_int_equal(ut_csr(m, CSR_MSTATUS) & MSTATUS_MPP, 1ull << MSTATUS_MPP_SHIFT);
  rvpmu_machine_destroy(m);
}

static void test_ebreak_and_illegal_do_not_retire(void **state) {
  (void)state;
  static const uint32_t ebreak[] = {
      0x00100593, /* li a1, 1 */
      0x00100073, /* ebreak */
      UT_SPIN,    /* j . */
  };
  static const uint32_t illegal[] = {
      0x00100593, /* li a1, 1 */
      0x0000400f, /* MISC-MEM funct3 = 4 (reserved) */
      UT_SPIN,    /* j . */
  };
  struct rvpmu_machine *m = ut_machine(64);
  handler_reads_minstret(m);
  UT_RUN_PROGRAM(m, ebreak, 10);
  /* mtval: the spec allows 0 or the address of the EBREAK; rvpmu writes the address. */
  ut_assert_trap(m, 3 /* breakpoint */, UT_RAM_BASE + 4, UT_RAM_BASE + 4);
  assert_int_equal(ut_reg(m, UT_A3), 1);
  rvpmu_machine_destroy(m);

  m = ut_machine(32);
  handler_reads_minstret(m);
  UT_RUN_PROGRAM(m, illegal, 10);
  ut_assert_trap(m, UT_CAUSE_ILLEGAL, UT_RAM_BASE + 4, 0x0000400f);
  assert_int_equal(ut_reg(m, UT_A3), 1);
  rvpmu_machine_destroy(m);

  /* A reserved 16-bit encoding: mtval holds just its 16 bits (§3.1.16). */
  static const uint16_t compressed[] = {
      0x0001, /* c.nop */
      0x6501, /* c.lui a0, 0 (reserved: nzimm = 0) */
      0x0001, /* c.nop */
      0xa001, /* c.j . */
  };
  m = ut_machine(64);
  handler_reads_minstret(m);
  ut_write_halves(m, UT_RAM_BASE, compressed, 4);
  rvpmu_hart_set_pc(m, 0, UT_RAM_BASE);
  ut_run(m, 10);
  ut_assert_trap(m, UT_CAUSE_ILLEGAL, UT_RAM_BASE + 2, 0x6501);
  assert_int_equal(ut_reg(m, UT_A3), 1);
  rvpmu_machine_destroy(m);
}

/* Without C, a taken jump or branch to an address that is not 4-byte aligned raises
 * instruction-address-misaligned (0) with mtval = the target, at the jump, which does not
 * retire or write rd (unprivileged ISA 2.5). JALR clears bit 0 of the target first. */
static void test_misaligned_jump_target_without_c(void **state) {
  (void)state;
  static const uint32_t jal[] = {
      0x006000ef, /* jal ra, .+6 */
      UT_SPIN,    /* j . */
  };
  static const uint32_t beq[] = {
      0x00000013, /* nop */
      0x00000563, /* beq zero, zero, .+10 */
      UT_SPIN,    /* j . */
  };
  static const uint32_t jalr[] = {
      0x002500e7, /* jalr ra, 2(a0)       (a0 + 2) & ~1 = a0 + 2 */
      UT_SPIN,    /* j . */
  };
  static const char *const isas[] = {"rv32ima", "rv64ima"};
  for (size_t i = 0; i < 2; i++) {
    struct rvpmu_machine *m = ut_machine_isa(isas[i]);
    handler_reads_minstret(m);
    UT_RUN_PROGRAM(m, jal, 10);
    ut_assert_trap(m, 0, UT_RAM_BASE, UT_RAM_BASE + 6);
    assert_int_equal(ut_reg(m, UT_RA), 0);
    assert_int_equal(ut_reg(m, UT_A3), 0);
    rvpmu_machine_destroy(m);

    m = ut_machine_isa(isas[i]);
    handler_reads_minstret(m);
    UT_RUN_PROGRAM(m, beq, 10);
    ut_assert_trap(m, 0, UT_RAM_BASE + 4, UT_RAM_BASE + 14);
    assert_int_equal(ut_reg(m, UT_A3), 1); /* the nop */
    rvpmu_machine_destroy(m);

    m = ut_machine_isa(isas[i]);
    handler_reads_minstret(m);
    rvpmu_hart_set_reg(m, 0, UT_A0, UT_RAM_BASE + 0x41);
    UT_RUN_PROGRAM(m, jalr, 10);
    ut_assert_trap(m, 0, UT_RAM_BASE, UT_RAM_BASE + 0x42);
    assert_int_equal(ut_reg(m, UT_RA), 0);
    rvpmu_machine_destroy(m);
  }
  /* With C the same JAL is legal (2-byte alignment). */
  static const uint32_t jal_c[] = {
      0x006000ef, /* jal ra, .+6 */
      0xa0010001, /* +4: c.nop (0x0001); +6: c.j . (0xa001) */
  };
  struct rvpmu_machine *m = ut_machine(64);
  UT_RUN_PROGRAM(m, jal_c, 10);
  ut_assert_no_trap(m, UT_PRIV_M);
  assert_int_equal(rvpmu_hart_pc(m, 0), UT_RAM_BASE + 6);
  assert_int_equal(ut_reg(m, UT_RA), UT_RAM_BASE + 4);
  rvpmu_machine_destroy(m);
}

/* --- Sv39 --- */

#define PTE_V 0x01u
#define PTE_R 0x02u
#define PTE_W 0x04u
#define PTE_X 0x08u
#define PTE_A 0x40u
#define PTE_D 0x80u
#define ROOT 0x80010000ull /* level-2 table */
#define L1 0x80011000ull
#define L0 0x80012000ull
#define PAGE_PA 0x80020000ull
#define PAGE_VA 0x10000000ull     /* vpn2 0, vpn1 0x80, vpn0 0 */
#define UNMAPPED_VA 0x10001000ull /* vpn0 1: invalid PTE */

static uint64_t pte(uint64_t pa, unsigned flags) { return (pa >> 12) << 10 | flags; }

/* Page tables: VA 0x80000000.. maps 1:1 through a 1 GiB superpage (so S mode runs the code in
 * place); PAGE_VA maps to PAGE_PA through a 4 KiB leaf with A and D clear. */
static struct rvpmu_machine *sv39_machine(void) {
  struct rvpmu_machine *m = ut_machine(64);
  ut_write_u64(m, ROOT + 2 * 8, pte(0x80000000ull, PTE_V | PTE_R | PTE_W | PTE_X | PTE_A | PTE_D));
  ut_write_u64(m, ROOT + 0 * 8, pte(L1, PTE_V));
  ut_write_u64(m, L1 + 0x80 * 8, pte(L0, PTE_V));
  ut_write_u64(m, L0 + 0 * 8, pte(PAGE_PA, PTE_V | PTE_R | PTE_W));
  ut_write_u64(m, PAGE_PA, 0x1122334455667788ull);
  ut_set_csr(m, CSR_SATP, 8ull << 60 | ROOT >> 12);
  return m;
}

static void test_sv39_load_store_and_page_fault(void **state) {
  (void)state;
  static const uint32_t code[] = {
      0x100005b7, /* lui a1, 0x10000       a1 = PAGE_VA */
      0x0005b503, /* ld a0, 0(a1) */
      0x00a5b423, /* sd a0, 8(a1) */
      0x0085b703, /* ld a4, 8(a1) */
      0x10001637, /* lui a2, 0x10001       a2 = UNMAPPED_VA */
      0x00063683, /* ld a3, 0(a2)          load page fault */
      UT_SPIN,    /* j . */
  };
  struct rvpmu_machine *m = sv39_machine();
  UT_RUN_LOWER(m, UT_PRIV_S, 0, 0, code, 20);
  ut_assert_trap(m, UT_CAUSE_LOAD_PAGE_FAULT, UT_LOWER + 20, UNMAPPED_VA);
  assert_int_equal(ut_csr(m, CSR_MSTATUS) & MSTATUS_MPP, 1ull << MSTATUS_MPP_SHIFT); /* from S */
  assert_int_equal(ut_reg(m, UT_A0), 0x1122334455667788ull);
  assert_int_equal(ut_reg(m, UT_A4), 0x1122334455667788ull);
  assert_int_equal(read_phys_u64(m, PAGE_PA + 8), 0x1122334455667788ull); /* the store's PA */
  assert_int_equal(read_phys_u64(m, L0), pte(PAGE_PA, PTE_V | PTE_R | PTE_W | PTE_A | PTE_D));
  assert_int_equal(read_phys_u64(m, L0 + 8), 0); /* the walker never writes an invalid PTE */
  rvpmu_machine_destroy(m);
}

static void test_sv39_load_sets_only_a(void **state) {
  (void)state;
  static const uint32_t code[] = {
      0x100005b7, /* lui a1, 0x10000 */
      0x0005a503, /* lw a0, 0(a1) */
      UT_SPIN,    /* j . */
  };
  struct rvpmu_machine *m = sv39_machine();
  UT_RUN_LOWER(m, UT_PRIV_S, 0, 0, code, 20);
  ut_assert_no_trap(m, UT_PRIV_S);
  assert_int_equal(ut_reg(m, UT_A0), 0x55667788);
  assert_int_equal(read_phys_u64(m, L0), pte(PAGE_PA, PTE_V | PTE_R | PTE_W | PTE_A));
  rvpmu_machine_destroy(m);
}

/* Svadu (menvcfg.ADUE): resets to 1 on harts with S mode (the walk sets A/D, as above), is
 * writable there and read-only zero without S mode; on RV32 it is bit 29 of menvcfgh. */
static void test_menvcfg_adue(void **state) {
  (void)state;
  struct rvpmu_machine *m = ut_machine(64);
  assert_int_equal(ut_csr(m, CSR_MENVCFG) & ENVCFG_ADUE, ENVCFG_ADUE);
  ut_set_csr(m, CSR_MENVCFG, 0);
  assert_int_equal(ut_csr(m, CSR_MENVCFG) & ENVCFG_ADUE, 0);
  ut_set_csr(m, CSR_MENVCFG, ENVCFG_ADUE);
  assert_int_equal(ut_csr(m, CSR_MENVCFG) & ENVCFG_ADUE, ENVCFG_ADUE);
  rvpmu_machine_destroy(m);
  m = ut_machine(32);
  assert_int_equal(ut_csr(m, CSR_MENVCFGH), ENVCFG_ADUE >> 32); /* bit 29 */
  ut_set_csr(m, CSR_MENVCFG, 0xffffffffu); /* the low half does not reach ADUE */
  assert_int_equal(ut_csr(m, CSR_MENVCFGH), ENVCFG_ADUE >> 32);
  ut_set_csr(m, CSR_MENVCFGH, 0);
  assert_int_equal(ut_csr(m, CSR_MENVCFGH), 0);
  rvpmu_machine_destroy(m);
  m = ut_machine_config(32, "ibex", NULL); /* M and U only: no ADUE */
  assert_int_equal(ut_csr(m, CSR_MENVCFGH), 0);
  ut_set_csr(m, CSR_MENVCFGH, 0xffffffffu);
  assert_int_equal(ut_csr(m, CSR_MENVCFGH), 0);
  rvpmu_machine_destroy(m);
}

/* ADUE = 0 (Svade): a load through a PTE without A and a store through one without D are page
 * faults (13, 15) with mtval = the address, and the walk writes nothing. */
static void test_sv39_svade_faults(void **state) {
  (void)state;
  static const uint32_t load[] = {
      0x100005b7, /* lui a1, 0x10000 */
      0x0005a503, /* lw a0, 0(a1)          load page fault: A clear */
      UT_SPIN,
  };
  static const uint32_t store[] = {
      0x100005b7, /* lui a1, 0x10000 */
      0x00a5a223, /* sw a0, 4(a1)          store page fault: D clear */
      UT_SPIN,
  };
  struct rvpmu_machine *m = sv39_machine();
  ut_set_csr(m, CSR_MENVCFG, 0);
  UT_RUN_LOWER(m, UT_PRIV_S, 0, 0, load, 20);
  ut_assert_trap(m, UT_CAUSE_LOAD_PAGE_FAULT, UT_LOWER + 4, PAGE_VA);
  assert_int_equal(read_phys_u64(m, L0), pte(PAGE_PA, PTE_V | PTE_R | PTE_W));
  rvpmu_machine_destroy(m);
  m = sv39_machine();
  ut_set_csr(m, CSR_MENVCFG, 0);
  ut_write_u64(m, L0, pte(PAGE_PA, PTE_V | PTE_R | PTE_W | PTE_A)); /* A set, D clear */
  UT_RUN_LOWER(m, UT_PRIV_S, 0, 0, store, 20);
  ut_assert_trap(m, 15 /* store page fault */, UT_LOWER + 4, PAGE_VA + 4);
  assert_int_equal(read_phys_u64(m, L0), pte(PAGE_PA, PTE_V | PTE_R | PTE_W | PTE_A));
  rvpmu_machine_destroy(m);
}

/* A jump to an address that differs from a cached block's only in bits 63:62 faults: the jump
 * cache compares the whole pc (its key used to be vpc << 2 | priv, which dropped those bits and
 * ran the block of 0x80000020 for 0xc000000080000020). Bare M mode: no memory there. */
static void test_wild_jump_does_not_alias_a_cached_block(void **state) {
  (void)state;
  static const uint32_t prog[] = {
      0x00000297, /* auipc t0, 0             t0 = 0x80000000 */
      0x02028293, /* addi t0, t0, 32         t0 = 0x80000020 */
      0x000280e7, /* jalr ra, 0(t0)          run (and cache) the block at 0x80000020 */
      0x00300313, /* li t1, 3 */
      0x03e31313, /* slli t1, t1, 62         t1 = 0xc000000000000000 */
      0x0062e2b3, /* or t0, t0, t1           t0 = 0xc000000080000020 */
      0x000280e7, /* jalr ra, 0(t0)          instruction access fault */
      UT_SPIN,    /* j . */
      0x00150513, /* addi a0, a0, 1          0x80000020 */
      0x00008067, /* ret */
  };
  struct rvpmu_machine *m = ut_machine(64);
  ut_trap_to_spin(m);
  ut_run_program(m, prog, sizeof prog / sizeof *prog, 100);
  ut_assert_trap(m, 1 /* instruction access fault */, 0xc000000080000020ull, 0xc000000080000020ull);
  assert_int_equal(ut_reg(m, UT_A0), 1); /* the block ran once, for the call at 0x80000008 */
  rvpmu_machine_destroy(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_division_and_multiply_edge_cases),
      cmocka_unit_test(test_rv64_word_operations),
      cmocka_unit_test(test_shifts_and_compares),
      cmocka_unit_test(test_loads_sign_and_zero_extend),
      cmocka_unit_test(test_rv64_doubleword_and_lwu),
      cmocka_unit_test(test_misaligned_load_traps),
      cmocka_unit_test(test_misaligned_store_traps),
      cmocka_unit_test(test_misaligned_in_hardware),
      cmocka_unit_test(test_misaligned_across_ram_end),
      cmocka_unit_test(test_access_faults),
      cmocka_unit_test(test_ecall_from_m_does_not_retire),
      cmocka_unit_test(test_ecall_cause_per_mode),
      cmocka_unit_test(test_ebreak_and_illegal_do_not_retire),
      cmocka_unit_test(test_misaligned_jump_target_without_c),
      cmocka_unit_test(test_sv39_load_store_and_page_fault),
      cmocka_unit_test(test_sv39_load_sets_only_a),
      cmocka_unit_test(test_menvcfg_adue),
      cmocka_unit_test(test_sv39_svade_faults),
      cmocka_unit_test(test_wild_jump_does_not_alias_a_cached_block),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
