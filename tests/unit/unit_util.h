/* Shared helpers of the host unit tests (cmocka): a machine with a quiet console, programs
 * written into RAM at 0x80000000 as arrays of instruction words, and checked register / CSR
 * accessors. Every helper asserts on failure, so tests read as plain sequences.
 *
 * Programs: rvpmu_machine_run(m, N) stops at the first block boundary at or after N retired
 * instructions, so a program whose end must be exact ends in `j .` (0x0000006f), a one-
 * instruction block that spins, and the tests check registers and CSRs after a generous N. */
#ifndef UNIT_UTIL_H
#define UNIT_UTIL_H

/* cmocka needs these before its header. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "rvpmu/rvpmu.h"

#define UT_RAM_BASE 0x80000000ull
#define UT_SPIN 0x0000006fu /* jal x0, 0   (j .) */
#define UT_NOP 0x00000013u  /* addi x0, x0, 0 */

/* Privilege modes (rvpmu_hart_priv) and trap causes (privileged spec, mcause table). */
#define UT_PRIV_U 0
#define UT_PRIV_S 1
#define UT_PRIV_M 3
#define UT_CAUSE_ILLEGAL 2
#define UT_CAUSE_LOAD_MISALIGNED 4
#define UT_CAUSE_LOAD_ACCESS 5
#define UT_CAUSE_STORE_MISALIGNED 6
#define UT_CAUSE_ECALL_M 11
#define UT_CAUSE_LOAD_PAGE_FAULT 13

/* ABI register numbers, so that expected values name the same registers as the comments. */
enum { UT_RA = 1, UT_SP = 2, UT_T0 = 5, UT_T1 = 6, UT_T2 = 7, UT_S0 = 8, UT_S1 = 9, UT_A0 = 10,
       UT_A1 = 11, UT_A2 = 12, UT_A3 = 13, UT_A4 = 14, UT_A5 = 15, UT_A6 = 16, UT_A7 = 17 };

/* One console for every machine of the process: output goes nowhere. */
static inline FILE *ut_console(void) {
  static FILE *f;
  if (!f) {
    f = fopen("/dev/null", "w");
    assert_non_null(f);
  }
  return f;
}

/* A one-hart machine of the generic core (or `core`, e.g. "generic,counters=4") at XLEN 32 or
 * 64, pc at the start of RAM, M mode. */
static inline struct rvpmu_machine *ut_machine_config(unsigned xlen, const char *core, const char *isa) {
  char err[256] = "";
  struct rvpmu_config cfg = {0};
  cfg.core = core;
  cfg.isa = isa;
  cfg.xlen = xlen;
  cfg.ram_bytes = 16ull << 20; /* RAM 0x80000000-0x80ffffff */
  cfg.console = ut_console();
  struct rvpmu_machine *m = rvpmu_machine_create(&cfg, err, sizeof err);
  if (!m) fail_msg("rvpmu_machine_create(rv%u, %s, %s): %s", xlen, core ? core : "generic", isa ? isa : "-", err);
  return m;
}

static inline struct rvpmu_machine *ut_machine(unsigned xlen) { return ut_machine_config(xlen, NULL, NULL); }
static inline struct rvpmu_machine *ut_machine_core(unsigned xlen, const char *core) {
  return ut_machine_config(xlen, core, NULL);
}
/* A machine with an explicit ISA string, e.g. "rv64ima" (no C: 4-byte instruction alignment). */
static inline struct rvpmu_machine *ut_machine_isa(const char *isa) { return ut_machine_config(0, NULL, isa); }

/* Writes `n` 32-bit instruction words at physical address `addr`. */
static inline void ut_write_words(struct rvpmu_machine *m, uint64_t addr, const uint32_t *words, size_t n) {
  assert_int_equal(rvpmu_machine_write_memory(m, addr, words, n * sizeof *words), 0);
}

/* Writes `n` 16-bit parcels (compressed code) at `addr`. */
static inline void ut_write_halves(struct rvpmu_machine *m, uint64_t addr, const uint16_t *halves, size_t n) {
  assert_int_equal(rvpmu_machine_write_memory(m, addr, halves, n * sizeof *halves), 0);
}

static inline void ut_write_u64(struct rvpmu_machine *m, uint64_t addr, uint64_t value) {
  assert_int_equal(rvpmu_machine_write_memory(m, addr, &value, sizeof value), 0);
}

static inline void ut_write_u32(struct rvpmu_machine *m, uint64_t addr, uint32_t value) {
  assert_int_equal(rvpmu_machine_write_memory(m, addr, &value, sizeof value), 0);
}

/* Runs at least `insns` instructions; the machine must not stop. */
static inline void ut_run(struct rvpmu_machine *m, uint64_t insns) {
  enum rvpmu_stop s = rvpmu_machine_run(m, insns);
  if (s != RVPMU_RUNNING) fail_msg("machine stopped (%d): %s", (int)s, rvpmu_machine_stop_message(m));
}

/* Writes `words` at the start of RAM (at most 64: UT_HANDLER follows), sets pc there and
 * runs `insns` instructions. */
static inline void ut_run_program(struct rvpmu_machine *m, const uint32_t *words, size_t n, uint64_t insns) {
  assert_true(n <= 64);
  ut_write_words(m, UT_RAM_BASE, words, n);
  rvpmu_hart_set_pc(m, 0, UT_RAM_BASE);
  ut_run(m, insns);
}

#define UT_RUN_PROGRAM(m, prog, insns) ut_run_program((m), (prog), sizeof(prog) / sizeof *(prog), (insns))

static inline uint64_t ut_reg(struct rvpmu_machine *m, unsigned reg) { return rvpmu_hart_reg(m, 0, reg); }

static inline uint64_t ut_csr(struct rvpmu_machine *m, unsigned csr) {
  uint64_t v = 0;
  if (rvpmu_csr_read(m, 0, csr, &v) != 0) fail_msg("rvpmu_csr_read(0x%03x) failed", csr);
  return v;
}

static inline void ut_set_csr(struct rvpmu_machine *m, unsigned csr, uint64_t value) {
  if (rvpmu_csr_write(m, 0, csr, value) != 0) fail_msg("rvpmu_csr_write(0x%03x) failed", csr);
}

/* Running code in S or U mode: a prologue at the start of RAM sets mtvec, mcounteren,
 * scounteren, mstatus.MPP and mepc from t0..t4 and executes MRET; M-mode traps land on a
 * `j .` at UT_HANDLER (so mcause/mepc/mtval stay as the trap left them) and the code under test
 * starts at UT_LOWER in mode `priv`. The prologue retires UT_PROLOGUE_INSNS instructions (and
 * as many cycles) in M mode before the first instruction of the code. */
#define UT_HANDLER (UT_RAM_BASE + 0x100)
#define UT_LOWER (UT_RAM_BASE + 0x200)
#define UT_PROLOGUE_INSNS 6

static inline void ut_run_lower(struct rvpmu_machine *m, unsigned priv, uint32_t mcounteren, uint32_t scounteren,
                                const uint32_t *code, size_t n, uint64_t insns) {
  static const uint32_t prologue[UT_PROLOGUE_INSNS] = {
      0x30529073, /* csrw mtvec, t0 */
      0x30631073, /* csrw mcounteren, t1 */
      0x10639073, /* csrw scounteren, t2 */
      0x300e1073, /* csrw mstatus, t3 */
      0x341e9073, /* csrw mepc, t4 */
      0x30200073, /* mret */
  };
  static const uint32_t handler = UT_SPIN;
  /* S and U mode may access all memory, as firmware sets up the PMP (entry 0: NAPOT over the
   * whole address space, RWX; privileged spec 3.7), without an instruction of its own; unless
   * the test configured the PMP itself. */
  if (ut_csr(m, 0x3a0 /* pmpcfg0 */) == 0) {
    ut_set_csr(m, 0x3b0 /* pmpaddr0 */, ~0ull);
    ut_set_csr(m, 0x3a0 /* pmpcfg0 */, 0x1f /* NAPOT | X | W | R */);
  }
  ut_write_words(m, UT_RAM_BASE, prologue, UT_PROLOGUE_INSNS);
  ut_write_words(m, UT_HANDLER, &handler, 1);
  ut_write_words(m, UT_LOWER, code, n);
  rvpmu_hart_set_reg(m, 0, UT_T0, UT_HANDLER);
  rvpmu_hart_set_reg(m, 0, UT_T1, mcounteren);
  rvpmu_hart_set_reg(m, 0, UT_T2, scounteren);
  rvpmu_hart_set_reg(m, 0, 28 /* t3 */, (uint64_t)priv << 11 /* mstatus.MPP */);
  rvpmu_hart_set_reg(m, 0, 29 /* t4 */, UT_LOWER);
  rvpmu_hart_set_pc(m, 0, UT_RAM_BASE);
  ut_run(m, insns);
}

/* For programs run in M mode: traps land on a `j .` at UT_HANDLER. */
static inline void ut_trap_to_spin(struct rvpmu_machine *m) {
  static const uint32_t handler = UT_SPIN;
  ut_write_words(m, UT_HANDLER, &handler, 1);
  ut_set_csr(m, 0x305 /* mtvec */, UT_HANDLER);
}

#define UT_RUN_LOWER(m, priv, mcounteren, scounteren, code, insns) \
  ut_run_lower((m), (priv), (mcounteren), (scounteren), (code), sizeof(code) / sizeof *(code), (insns))

/* Asserts that the hart took exactly one trap, an exception to M with `cause`, `epc` and
 * `tval`, and sits in M mode. */
static inline void ut_assert_trap(struct rvpmu_machine *m, uint64_t cause, uint64_t epc, uint64_t tval) {
  uint64_t exceptions = 0;
  assert_int_equal(rvpmu_event_total(m, 0, "exceptions", &exceptions), 0);
  assert_int_equal(exceptions, 1);
  assert_int_equal(rvpmu_hart_priv(m, 0), UT_PRIV_M);
  assert_int_equal(ut_csr(m, 0x342 /* mcause */), cause);
  assert_int_equal(ut_csr(m, 0x341 /* mepc */), epc);
  assert_int_equal(ut_csr(m, 0x343 /* mtval */), tval);
}

/* Asserts that no trap has been taken since the machine was created (the host-side
 * exception and interrupt totals are 0) and the hart is in `priv`. */
static inline void ut_assert_no_trap(struct rvpmu_machine *m, unsigned priv) {
  uint64_t exceptions = 0, interrupts = 0;
  assert_int_equal(rvpmu_event_total(m, 0, "exceptions", &exceptions), 0);
  assert_int_equal(rvpmu_event_total(m, 0, "interrupts", &interrupts), 0);
  if (exceptions != 0 || interrupts != 0)
    fail_msg("unexpected trap: mcause 0x%llx mepc 0x%llx mtval 0x%llx", (unsigned long long)ut_csr(m, 0x342),
             (unsigned long long)ut_csr(m, 0x341), (unsigned long long)ut_csr(m, 0x343));
  assert_int_equal(rvpmu_hart_priv(m, 0), priv);
}

#endif
