/* Helpers for the performance-monitor guest tests: CSR numbers and bits, accessors for the
 * counters by runtime index (CSR numbers are immediates, so these are switch statements), and
 * hpm_run_in_mode(), which runs a function in S or U mode and returns to M through an ECALL.
 *
 * Counter index n follows the mcountinhibit / mcounteren bit numbering: 0 = cycle, 1 = time,
 * 2 = instret, 3..31 = hpmcounter3..31.
 *
 *   mctr_read/mctr_write(n[, v])        64-bit machine counter n (RV32: both halves)
 *   mctr_read_lo/_hi, mctr_write_lo/_hi one half (the _hi ones on RV32 only)
 *   uctr_read_lo/_hi(n)                 unprivileged view 0xC00+n / 0xC80+n
 *   mevent_read/mevent_write(n[, v])    64-bit mhpmeventN (RV32: mhpmeventNh = upper word)
 *   mevent_read_lo/_hi, mevent_write_lo/_hi
 *   mcyclecfg_/minstretcfg_read/write   Smcntrpmf configuration (64-bit values)
 *   hpm_stop_and_clear()                inhibit all, events 0, counters 0
 *   HPM_RUN_NOPS(mask, N)               start with inhibit=mask, N NOPs, stop: N+1 counted
 *   hpm_run_in_mode(PRV_S/PRV_U, fn, a) run fn(a) in S or U mode, back in M with its result
 *   clint_mtime(), clint_set_mtimecmp(v), CLINT_MSIP
 *
 * Include it from one .c file per program only: it defines global asm symbols. */
#ifndef HPM_UTIL_H
#define HPM_UTIL_H

#include "guest.h"

#define XLEN __riscv_xlen
#define MCAUSE_INTERRUPT ((uxlen_t)1 << (XLEN - 1))
#define CAUSE_ILLEGAL 2
#define CAUSE_BREAKPOINT 3
#define CAUSE_LOAD_ACCESS 5
#define CAUSE_ECALL_U 8
#define CAUSE_ECALL_S 9
#define CAUSE_ECALL_M 11
#define IRQ_MSI 3
#define IRQ_MTI 7
#define IRQ_LCOF 13
#define MIP_LCOFIP ((uxlen_t)1 << IRQ_LCOF)

#define MSTATUS_SIE 0x2UL
#define MSTATUS_MIE 0x8UL
#define MSTATUS_SPIE 0x20UL
#define MSTATUS_MPIE 0x80UL
#define MSTATUS_SPP 0x100UL
#define MSTATUS_MPP 0x1800UL

#define PRV_U 0
#define PRV_S 1
#define PRV_M 3

/* CSRs the assembler may not know by name. */
#define CSR_MCYCLECFG 0x321
#define CSR_MINSTRETCFG 0x322
#define CSR_MCYCLECFGH 0x721
#define CSR_MINSTRETCFGH 0x722
#define CSR_SCOUNTOVF 0xDA0

/* mhpmevent selectors. */
#define EV_NONE 0x0
#define EV_CYCLES 0x1
#define EV_INSTRET 0x2
#define EV_BRANCHES 0x5
#define EV_LOADS 0x20001
#define EV_STORES 0x20002
#define EV_BR_TAKEN 0x20003
#define EV_BR_NOT_TAKEN 0x20004
#define EV_JUMPS 0x20005
#define EV_COMPRESSED 0x20006
#define EV_MUL 0x20007
#define EV_DIV 0x20008
#define EV_EXCEPTIONS 0x20009
#define EV_INTERRUPTS 0x2000a
#define EV_ATOMICS 0x2000b

/* Sscofpmf bits of the 64-bit mhpmevent (on RV32 the upper word is mhpmeventh) and the
 * Smcntrpmf bits of mcyclecfg/minstretcfg, which share the positions. */
#define HPM_OF (1ULL << 63)
#define HPM_MINH (1ULL << 62)
#define HPM_SINH (1ULL << 61)
#define HPM_UINH (1ULL << 60)
#define HPM_VSINH (1ULL << 59)
#define HPM_VUINH (1ULL << 58)

#define ALL_ONES64 0xFFFFFFFFFFFFFFFFULL

/* Calls X(n) for every programmable counter n = 3..31. */
#define HPM_FOR_EACH(X)                                                                     \
  X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15) X(16) X(17) X(18) \
  X(19) X(20) X(21) X(22) X(23) X(24) X(25) X(26) X(27) X(28) X(29) X(30) X(31)

/* Calls X(n) for n = 0..31 (the unprivileged counter CSRs 0xC00+n). */
#define CTR_FOR_EACH(X) X(0) X(1) X(2) HPM_FOR_EACH(X)

#define HPM_STR_(x) #x
#define HPM_STR(x) HPM_STR_(x)

/* Reads / writes a CSR given by a numeric expression (e.g. 0xC00+5), in an asm operand. */
#define CSR_READ_NUM(num)                                                   \
  ({                                                                        \
    uxlen_t v_;                                                             \
    __asm__ volatile("csrr %0, " HPM_STR(num) : "=r"(v_)::"memory");        \
    v_;                                                                     \
  })
#define CSR_WRITE_NUM(num, val) \
  __asm__ volatile("csrw " HPM_STR(num) ", %0" ::"r"((uxlen_t)(val)) : "memory")

/* ---- Machine counters by index (0 = mcycle, 2 = minstret, 3..31 = mhpmcounterN) ---- */

/* Low XLEN bits of machine counter n. */
static inline uxlen_t mctr_read_lo(unsigned n) {
  switch (n) {
    case 0: return CSR_READ(mcycle);
    case 2: return CSR_READ(minstret);
#define X_(i) \
  case i: return CSR_READ(mhpmcounter##i);
      HPM_FOR_EACH(X_)
#undef X_
  }
  guest_puts("mctr_read_lo: bad index\n");
  guest_exit(0x7fe);
}

static inline void mctr_write_lo(unsigned n, uxlen_t v) {
  switch (n) {
    case 0: CSR_WRITE(mcycle, v); return;
    case 2: CSR_WRITE(minstret, v); return;
#define X_(i) \
  case i: CSR_WRITE(mhpmcounter##i, v); return;
      HPM_FOR_EACH(X_)
#undef X_
  }
  guest_puts("mctr_write_lo: bad index\n");
  guest_exit(0x7fe);
}

#if XLEN == 32
/* High 32 bits of machine counter n (mcycleh, minstreth, mhpmcounterNh). */
static inline uxlen_t mctr_read_hi(unsigned n) {
  switch (n) {
    case 0: return CSR_READ(mcycleh);
    case 2: return CSR_READ(minstreth);
#define X_(i) \
  case i: return CSR_READ(mhpmcounter##i##h);
      HPM_FOR_EACH(X_)
#undef X_
  }
  guest_puts("mctr_read_hi: bad index\n");
  guest_exit(0x7fe);
}

static inline void mctr_write_hi(unsigned n, uxlen_t v) {
  switch (n) {
    case 0: CSR_WRITE(mcycleh, v); return;
    case 2: CSR_WRITE(minstreth, v); return;
#define X_(i) \
  case i: CSR_WRITE(mhpmcounter##i##h, v); return;
      HPM_FOR_EACH(X_)
#undef X_
  }
  guest_puts("mctr_write_hi: bad index\n");
  guest_exit(0x7fe);
}
#endif

/* Full 64-bit value of machine counter n (on RV32 a consistent hi/lo/hi read). */
static inline uint64_t mctr_read(unsigned n) {
#if XLEN == 32
  for (;;) {
    uxlen_t hi = mctr_read_hi(n), lo = mctr_read_lo(n);
    if (mctr_read_hi(n) == hi) return ((uint64_t)hi << 32) | lo;
  }
#else
  return mctr_read_lo(n);
#endif
}

/* Writes all 64 bits of machine counter n (low half first, then high half). */
static inline void mctr_write(unsigned n, uint64_t v) {
  mctr_write_lo(n, (uxlen_t)v);
#if XLEN == 32
  mctr_write_hi(n, (uxlen_t)(v >> 32));
#endif
}

/* ---- Unprivileged counters by index (0xC00+n, and 0xC80+n on RV32) ---- */

static inline uxlen_t uctr_read_lo(unsigned n) {
  switch (n) {
#define X_(i) \
  case i: return CSR_READ_NUM(0xC00 + i);
    CTR_FOR_EACH(X_)
#undef X_
  }
  guest_puts("uctr_read_lo: bad index\n");
  guest_exit(0x7fe);
}

#if XLEN == 32
static inline uxlen_t uctr_read_hi(unsigned n) {
  switch (n) {
#define X_(i) \
  case i: return CSR_READ_NUM(0xC80 + i);
    CTR_FOR_EACH(X_)
#undef X_
  }
  guest_puts("uctr_read_hi: bad index\n");
  guest_exit(0x7fe);
}
#endif

/* ---- mhpmevent by index (3..31) ---- */

static inline uxlen_t mevent_read_lo(unsigned n) {
  switch (n) {
#define X_(i) \
  case i: return CSR_READ(mhpmevent##i);
    HPM_FOR_EACH(X_)
#undef X_
  }
  guest_puts("mevent_read_lo: bad index\n");
  guest_exit(0x7fe);
}

static inline void mevent_write_lo(unsigned n, uxlen_t v) {
  switch (n) {
#define X_(i) \
  case i: CSR_WRITE(mhpmevent##i, v); return;
    HPM_FOR_EACH(X_)
#undef X_
  }
  guest_puts("mevent_write_lo: bad index\n");
  guest_exit(0x7fe);
}

#if XLEN == 32
/* mhpmeventNh = CSR 0x720+N (Sscofpmf, RV32 only): bits 63:32 of mhpmeventN. */
static inline uxlen_t mevent_read_hi(unsigned n) {
  switch (n) {
#define X_(i) \
  case i: return CSR_READ_NUM(0x720 + i);
    HPM_FOR_EACH(X_)
#undef X_
  }
  guest_puts("mevent_read_hi: bad index\n");
  guest_exit(0x7fe);
}

static inline void mevent_write_hi(unsigned n, uxlen_t v) {
  switch (n) {
#define X_(i) \
  case i: CSR_WRITE_NUM(0x720 + i, v); return;
    HPM_FOR_EACH(X_)
#undef X_
  }
  guest_puts("mevent_write_hi: bad index\n");
  guest_exit(0x7fe);
}
#endif

/* The 64-bit mhpmeventN (on RV32 from mhpmeventN and mhpmeventNh). */
static inline uint64_t mevent_read(unsigned n) {
#if XLEN == 32
  return ((uint64_t)mevent_read_hi(n) << 32) | mevent_read_lo(n);
#else
  return mevent_read_lo(n);
#endif
}

/* Writes the 64-bit mhpmeventN. On RV32 the upper word goes to mhpmeventNh, which exists only
 * with Sscofpmf: use mevent_write_lo() in tests that must run without it. */
static inline void mevent_write(unsigned n, uint64_t v) {
#if XLEN == 32
  mevent_write_hi(n, (uxlen_t)(v >> 32));
#endif
  mevent_write_lo(n, (uxlen_t)v);
}

/* Smcntrpmf configuration registers as 64-bit values (RV32: low word and ...h word). */
static inline void mcyclecfg_write(uint64_t v) {
  CSR_WRITE_NUM(CSR_MCYCLECFG, (uxlen_t)v);
#if XLEN == 32
  CSR_WRITE_NUM(CSR_MCYCLECFGH, (uxlen_t)(v >> 32));
#endif
}
static inline void minstretcfg_write(uint64_t v) {
  CSR_WRITE_NUM(CSR_MINSTRETCFG, (uxlen_t)v);
#if XLEN == 32
  CSR_WRITE_NUM(CSR_MINSTRETCFGH, (uxlen_t)(v >> 32));
#endif
}
static inline uint64_t mcyclecfg_read(void) {
#if XLEN == 32
  return ((uint64_t)CSR_READ_NUM(CSR_MCYCLECFGH) << 32) | CSR_READ_NUM(CSR_MCYCLECFG);
#else
  return CSR_READ_NUM(CSR_MCYCLECFG);
#endif
}
static inline uint64_t minstretcfg_read(void) {
#if XLEN == 32
  return ((uint64_t)CSR_READ_NUM(CSR_MINSTRETCFGH) << 32) | CSR_READ_NUM(CSR_MINSTRETCFG);
#else
  return CSR_READ_NUM(CSR_MINSTRETCFG);
#endif
}

/* Stops every counter and clears all events and counters (mcountinhibit = all ones). Events
 * are written with mevent_write_lo only, so this also works without Sscofpmf on RV32 (where
 * the upper words are then assumed zero). */
static inline void hpm_stop_and_clear(void) {
  CSR_WRITE(mcountinhibit, -1);
  for (unsigned n = 3; n < 32; n++) mevent_write_lo(n, EV_NONE);
  mctr_write(0, 0);
  mctr_write(2, 0);
  for (unsigned n = 3; n < 32; n++) mctr_write(n, 0);
}

/* Executes `csrw mcountinhibit, start_mask`, then N (a literal) 4-byte NOPs, then
 * `csrw mcountinhibit, -1`. Counters enabled by start_mask count N+1 instructions: the
 * starting write is counted by the old (all-inhibited) value, the stopping one by the new. */
#define HPM_RUN_NOPS(start_mask, N)                                                   \
  __asm__ volatile(".option push\n\t.option norvc\n\t"                                \
                   "csrw mcountinhibit, %0\n\t"                                       \
                   ".rept " #N "\n\tnop\n\t.endr\n\t"                                 \
                   "csrw mcountinhibit, %1\n\t"                                       \
                   ".option pop" ::"r"((uxlen_t)(start_mask)),                        \
                   "r"((uxlen_t)-1)                                                   \
                   : "memory")

/* ---- Running code in S or U mode ---- */

/* Runs fn(arg) in privilege mode prv (PRV_S or PRV_U) and returns its result in M mode.
 *
 * Implementation (asm below): saves the callee-saved registers, sp, mtvec and mstatus,
 * installs hpm_mode_vector as mtvec, sets mstatus.MPP = prv and mepc = hpm_lower_entry and
 * executes MRET. In the lower mode, hpm_lower_entry executes `jalr t2` (calls fn, a0 = arg) and
 * then the ECALL at hpm_lower_ecall. hpm_mode_vector recognises that ECALL (mcause 8 or 9 and
 * mepc == hpm_lower_ecall), restores the saved state and returns fn's result. Every other trap
 * goes on to the runtime's trap_entry, so trap_expected / TRAPS_IN and interrupt_hook work
 * for code running in the lower mode (MRET then returns to that mode).
 *
 * Instructions retired in the lower mode around fn: exactly one (the `jalr t2`); the ECALL
 * does not retire. In M mode: the MRET (whose originating mode is M) and the handler.
 *
 * Physical memory protection: hpm_pmp_open() first gives S/U access to all memory (PMP entry 0
 * = NAPOT over the whole address space, RWX); if PMP is not implemented those writes trap and
 * are skipped. */
uxlen_t hpm_run_in_mode_asm(uxlen_t prv, uxlen_t (*fn)(uxlen_t), uxlen_t arg);

static inline void hpm_pmp_open(void) {
  (void)TRAPS_IN({
    CSR_WRITE(pmpaddr0, -1);
    CSR_WRITE(pmpcfg0, 0x1f); /* A = NAPOT, R, W, X */
  });
}

static inline uxlen_t hpm_run_in_mode(unsigned prv, uxlen_t (*fn)(uxlen_t), uxlen_t arg) {
  hpm_pmp_open();
  return hpm_run_in_mode_asm(prv, fn, arg);
}

#if XLEN == 64
#define HPM_ASM_STORE "sd"
#define HPM_ASM_LOAD "ld"
#define HPM_ASM_REGBYTES "8"
#else
#define HPM_ASM_STORE "sw"
#define HPM_ASM_LOAD "lw"
#define HPM_ASM_REGBYTES "4"
#endif

__asm__(
    ".pushsection .text.hpm_util, \"ax\", @progbits\n"
    ".option push\n"
    ".option norvc\n"
    ".set HPM_R, " HPM_ASM_REGBYTES "\n"
    ".globl hpm_run_in_mode_asm\n"
    "hpm_run_in_mode_asm:\n"
    "  addi sp, sp, -16*HPM_R\n"
    "  " HPM_ASM_STORE " ra, 0*HPM_R(sp)\n"
    "  " HPM_ASM_STORE " s0, 1*HPM_R(sp)\n"
    "  " HPM_ASM_STORE " s1, 2*HPM_R(sp)\n"
    "  " HPM_ASM_STORE " s2, 3*HPM_R(sp)\n"
    "  " HPM_ASM_STORE " s3, 4*HPM_R(sp)\n"
    "  " HPM_ASM_STORE " s4, 5*HPM_R(sp)\n"
    "  " HPM_ASM_STORE " s5, 6*HPM_R(sp)\n"
    "  " HPM_ASM_STORE " s6, 7*HPM_R(sp)\n"
    "  " HPM_ASM_STORE " s7, 8*HPM_R(sp)\n"
    "  " HPM_ASM_STORE " s8, 9*HPM_R(sp)\n"
    "  " HPM_ASM_STORE " s9, 10*HPM_R(sp)\n"
    "  " HPM_ASM_STORE " s10, 11*HPM_R(sp)\n"
    "  " HPM_ASM_STORE " s11, 12*HPM_R(sp)\n"
    "  la t0, hpm_mode_ctx\n"
    "  " HPM_ASM_STORE " sp, 0*HPM_R(t0)\n"
    "  csrr t1, mtvec\n"
    "  " HPM_ASM_STORE " t1, 1*HPM_R(t0)\n"
    "  csrr t1, mstatus\n"
    "  " HPM_ASM_STORE " t1, 2*HPM_R(t0)\n"
    "  la t1, hpm_mode_vector\n"
    "  csrw mtvec, t1\n"
    "  li t1, 0x1800\n"
    "  csrc mstatus, t1\n"
    "  andi a0, a0, 3\n"
    "  slli t1, a0, 11\n"
    "  csrs mstatus, t1\n"
    "  la t1, hpm_lower_entry\n"
    "  csrw mepc, t1\n"
    "  mv t2, a1\n"
    "  mv a0, a2\n"
    "  mret\n"
    ".globl hpm_lower_entry\n"
    "hpm_lower_entry:\n"
    "  jalr t2\n"
    ".globl hpm_lower_ecall\n"
    "hpm_lower_ecall:\n"
    "  ecall\n"
    "1: j 1b\n"
    "\n"
    ".align 4\n"
    ".globl hpm_mode_vector\n"
    "hpm_mode_vector:\n"
    "  csrw mscratch, t0\n"
    "  la t0, hpm_mode_ctx\n"
    "  " HPM_ASM_STORE " t1, 3*HPM_R(t0)\n"
    "  csrr t0, mcause\n"
    "  li t1, 8\n"
    "  beq t0, t1, 2f\n"
    "  li t1, 9\n"
    "  beq t0, t1, 2f\n"
    "3:\n"
    "  la t0, hpm_mode_ctx\n"
    "  " HPM_ASM_LOAD " t1, 3*HPM_R(t0)\n"
    "  csrr t0, mscratch\n"
    "  j trap_entry\n"
    "2:\n"
    "  csrr t0, mepc\n"
    "  la t1, hpm_lower_ecall\n"
    "  bne t0, t1, 3b\n"
    /* Back in M mode for good: restore the caller's state and return a0. */
    "  la t0, hpm_mode_ctx\n"
    "  " HPM_ASM_LOAD " sp, 0*HPM_R(t0)\n"
    "  " HPM_ASM_LOAD " t1, 1*HPM_R(t0)\n"
    "  csrw mtvec, t1\n"
    "  " HPM_ASM_LOAD " t1, 2*HPM_R(t0)\n"
    "  csrw mstatus, t1\n"
    "  " HPM_ASM_LOAD " ra, 0*HPM_R(sp)\n"
    "  " HPM_ASM_LOAD " s0, 1*HPM_R(sp)\n"
    "  " HPM_ASM_LOAD " s1, 2*HPM_R(sp)\n"
    "  " HPM_ASM_LOAD " s2, 3*HPM_R(sp)\n"
    "  " HPM_ASM_LOAD " s3, 4*HPM_R(sp)\n"
    "  " HPM_ASM_LOAD " s4, 5*HPM_R(sp)\n"
    "  " HPM_ASM_LOAD " s5, 6*HPM_R(sp)\n"
    "  " HPM_ASM_LOAD " s6, 7*HPM_R(sp)\n"
    "  " HPM_ASM_LOAD " s7, 8*HPM_R(sp)\n"
    "  " HPM_ASM_LOAD " s8, 9*HPM_R(sp)\n"
    "  " HPM_ASM_LOAD " s9, 10*HPM_R(sp)\n"
    "  " HPM_ASM_LOAD " s10, 11*HPM_R(sp)\n"
    "  " HPM_ASM_LOAD " s11, 12*HPM_R(sp)\n"
    "  addi sp, sp, 16*HPM_R\n"
    "  ret\n"
    ".option pop\n"
    ".popsection\n"
    ".pushsection .bss.hpm_mode_ctx, \"aw\", @nobits\n"
    ".align 3\n"
    "hpm_mode_ctx: .skip 4*" HPM_ASM_REGBYTES "\n"
    ".popsection\n");

/* ---- CLINT (virt): msip at +0, mtimecmp at +0x4000, mtime at +0xBFF8 ---- */

#define CLINT_BASE 0x2000000UL
#define CLINT_MSIP ((volatile uint32_t *)(CLINT_BASE + 0x0))
#define CLINT_MTIMECMP_LO ((volatile uint32_t *)(CLINT_BASE + 0x4000))
#define CLINT_MTIMECMP_HI ((volatile uint32_t *)(CLINT_BASE + 0x4004))
#define CLINT_MTIME_LO ((volatile uint32_t *)(CLINT_BASE + 0xBFF8))
#define CLINT_MTIME_HI ((volatile uint32_t *)(CLINT_BASE + 0xBFFC))

static inline uint64_t clint_mtime(void) {
#if XLEN == 64
  return *(volatile uint64_t *)(CLINT_BASE + 0xBFF8);
#else
  for (;;) {
    uint32_t hi = *CLINT_MTIME_HI, lo = *CLINT_MTIME_LO;
    if (*CLINT_MTIME_HI == hi) return ((uint64_t)hi << 32) | lo;
  }
#endif
}

static inline void clint_set_mtimecmp(uint64_t v) {
#if XLEN == 64
  *(volatile uint64_t *)(CLINT_BASE + 0x4000) = v;
#else
  *CLINT_MTIMECMP_HI = 0xFFFFFFFFu; /* no spurious match while the halves are inconsistent */
  *CLINT_MTIMECMP_LO = (uint32_t)v;
  *CLINT_MTIMECMP_HI = (uint32_t)(v >> 32);
#endif
}

#endif
