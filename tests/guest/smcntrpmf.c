/* Covers: Smcntrpmf: mcyclecfg (0x321) and minstretcfg (0x322) (RV32: upper bits in mcyclecfgh 0x721 / minstretcfgh 0x722) with MINH (bit 62), SINH (61), UINH (60) writable, other bits read-only zero (no H extension); xINH stops mcycle/minstret counting in that mode only; instructions that trap do not retire, MRET counts in its originating mode (M), so with MINH a trip to S/U counts exactly the S/U instructions. */
/* qemu: no (QEMU 7.2 does not implement Smcntrpmf: mcyclecfg/minstretcfg trap) */
#include "hpm_util.h"

/* measure_ic(out): reads instret and cycle, 10 NOPs, reads them again: out[0] = instret
 * difference, out[1] = cycle difference (12 each when counting). ten_nops: 11 instructions.
 * trap_between(out): reads instret, executes an illegal instruction, reads instret again. */
#if XLEN == 64
#define F_ST "sd"
#define F_R "8"
#else
#define F_ST "sw"
#define F_R "4"
#endif
__asm__(".pushsection .text.smcntrpmf, \"ax\", @progbits\n"
        ".option push\n"
        ".option norvc\n"
        "measure_ic:\n"
        "  csrr t0, instret\n"
        "  csrr t1, cycle\n"
        "  .rept 10\n  nop\n  .endr\n"
        "  csrr t2, instret\n"
        "  csrr t3, cycle\n"
        "  sub t2, t2, t0\n  " F_ST " t2, 0*" F_R "(a0)\n"
        "  sub t3, t3, t1\n  " F_ST " t3, 1*" F_R "(a0)\n"
        "  ret\n"
        "ten_nops:\n"
        "  .rept 10\n  nop\n  .endr\n"
        "  ret\n"
        "trap_between:\n"
        "  csrr t0, instret\n"
        "  .4byte 0xc0001073\n" /* unimp: illegal instruction */
        "  csrr t2, instret\n"
        "  sub t2, t2, t0\n  " F_ST " t2, 0(a0)\n"
        "  ret\n"
        ".option pop\n"
        ".popsection\n");
void measure_ic(volatile uxlen_t *out);
void trap_between(volatile uxlen_t *out);
uxlen_t ten_nops(uxlen_t);

static volatile uxlen_t diffs[2];

static uxlen_t lower_measure(uxlen_t arg) {
  (void)arg;
  measure_ic(diffs);
  return 0;
}
static uxlen_t lower_trap(uxlen_t arg) {
  (void)arg;
  trap_expected = 1;
  trap_between(diffs);
  trap_expected = 0;
  return last_trap.mcause;
}

static const uint64_t filters[] = {0, HPM_MINH, HPM_SINH, HPM_UINH, HPM_SINH | HPM_UINH,
                                   HPM_MINH | HPM_UINH, HPM_MINH | HPM_SINH | HPM_UINH};

static int counts(uint64_t filter, unsigned prv) {
  uint64_t bit = prv == PRV_M ? HPM_MINH : prv == PRV_S ? HPM_SINH : HPM_UINH;
  return !(filter & bit);
}

static void check_in_mode(unsigned prv, uint64_t icfg, uint64_t ccfg) {
  diffs[0] = diffs[1] = 99;
  minstretcfg_write(icfg);
  mcyclecfg_write(ccfg);
  if (prv == PRV_M)
    measure_ic(diffs);
  else
    hpm_run_in_mode(prv, lower_measure, 0);
  minstretcfg_write(0);
  mcyclecfg_write(0);
  uxlen_t wi = counts(icfg, prv) ? 12 : 0, wc = counts(ccfg, prv) ? 12 : 0;
  if (diffs[0] != wi || diffs[1] != wc) {
    guest_puts(prv == PRV_M ? "M" : prv == PRV_S ? "S" : "U");
    guest_puts(" mode, minstretcfg=");
    guest_put_hex(icfg);
    guest_puts(" mcyclecfg=");
    guest_put_hex(ccfg);
    guest_puts(": ");
  }
  CHECK_EQ(diffs[0], wi);
  CHECK_EQ(diffs[1], wc);
}

int main(void) {
  uxlen_t a, b;
  CSR_WRITE(mcountinhibit, 0);
  CSR_WRITE(mcounteren, -1);
  CSR_WRITE(scounteren, -1);

  /* Writable bits: MINH, SINH, UINH only. */
  mcyclecfg_write(ALL_ONES64);
  CHECK_EQ(mcyclecfg_read(), HPM_MINH | HPM_SINH | HPM_UINH);
  minstretcfg_write(ALL_ONES64);
  CHECK_EQ(minstretcfg_read(), HPM_MINH | HPM_SINH | HPM_UINH);
#if XLEN == 32
  CHECK_EQ(CSR_READ_NUM(CSR_MCYCLECFGH), 0x70000000u);
  CHECK_EQ(CSR_READ_NUM(CSR_MCYCLECFG), 0);
  CHECK_EQ(CSR_READ_NUM(CSR_MINSTRETCFGH), 0x70000000u);
  CHECK_EQ(CSR_READ_NUM(CSR_MINSTRETCFG), 0);
#endif
  mcyclecfg_write(HPM_SINH);
  CHECK_EQ(mcyclecfg_read(), HPM_SINH);
  minstretcfg_write(HPM_UINH);
  CHECK_EQ(minstretcfg_read(), HPM_UINH);
  mcyclecfg_write(0);
  CHECK_EQ(mcyclecfg_read(), 0);
  minstretcfg_write(0);
  CHECK_EQ(minstretcfg_read(), 0);

  /* M mode: minstretcfg.MINH freezes minstret only; mcyclecfg.MINH freezes mcycle only. */
  minstretcfg_write(HPM_MINH);
  __asm__ volatile("csrr %0, minstret\n\tnop\n\tnop\n\tcsrr %1, minstret" : "=&r"(a), "=&r"(b)::"memory");
  CHECK_EQ(b - a, 0);
  __asm__ volatile("csrr %0, mcycle\n\tnop\n\tnop\n\tcsrr %1, mcycle" : "=&r"(a), "=&r"(b)::"memory");
  CHECK_EQ(b - a, 3);
  minstretcfg_write(0);
  mcyclecfg_write(HPM_MINH);
  __asm__ volatile("csrr %0, minstret\n\tnop\n\tnop\n\tcsrr %1, minstret" : "=&r"(a), "=&r"(b)::"memory");
  CHECK_EQ(b - a, 3);
  __asm__ volatile("csrr %0, mcycle\n\tnop\n\tnop\n\tcsrr %1, mcycle" : "=&r"(a), "=&r"(b)::"memory");
  CHECK_EQ(b - a, 0);
  mcyclecfg_write(0);
  /* SINH / UINH do not affect M mode. */
  minstretcfg_write(HPM_SINH | HPM_UINH);
  mcyclecfg_write(HPM_SINH | HPM_UINH);
  __asm__ volatile("csrr %0, minstret\n\tcsrr %1, minstret" : "=&r"(a), "=&r"(b)::"memory");
  CHECK_EQ(b - a, 1);
  __asm__ volatile("csrr %0, mcycle\n\tcsrr %1, mcycle" : "=&r"(a), "=&r"(b)::"memory");
  CHECK_EQ(b - a, 1);
  minstretcfg_write(0);
  mcyclecfg_write(0);

  /* Measured inside each mode, every filter combination on each counter. */
  for (unsigned i = 0; i < sizeof filters / sizeof filters[0]; i++) {
    for (unsigned j = 0; j < sizeof filters / sizeof filters[0]; j += 3) {
      check_in_mode(PRV_M, filters[i], filters[j]);
      check_in_mode(PRV_S, filters[i], filters[j]);
      check_in_mode(PRV_U, filters[i], filters[j]);
      check_in_mode(PRV_M, filters[j], filters[i]);
      check_in_mode(PRV_S, filters[j], filters[i]);
      check_in_mode(PRV_U, filters[j], filters[i]);
    }
  }

  /* Read from M around a trip to S or U with minstretcfg.MINH: only the lower mode's JALR and
   * ten_nops' 11 instructions count (MRET originates in M, ECALL does not retire). */
  static const struct {
    uint64_t cfg;
    unsigned prv;
    uxlen_t want;
  } trips[] = {
      {HPM_MINH, PRV_S, 12},
      {HPM_MINH, PRV_U, 12},
      {HPM_MINH | HPM_UINH, PRV_S, 12},
      {HPM_MINH | HPM_UINH, PRV_U, 0},
      {HPM_MINH | HPM_SINH, PRV_S, 0},
      {HPM_MINH | HPM_SINH, PRV_U, 12},
  };
  for (unsigned i = 0; i < sizeof trips / sizeof trips[0]; i++) {
    minstretcfg_write(trips[i].cfg);
    a = CSR_READ(minstret);
    hpm_run_in_mode(trips[i].prv, ten_nops, 0);
    b = CSR_READ(minstret);
    minstretcfg_write(0);
    CHECK_EQ(b - a, trips[i].want);
  }

  /* The spec's example: with M mode inhibited, an S/U instruction that traps to M does not
   * count, nor does the M-mode handler or its MRET: only the first csrr counts. */
  for (unsigned prv = PRV_U; prv <= PRV_S; prv++) {
    minstretcfg_write(HPM_MINH);
    diffs[0] = 99;
    CHECK_EQ(hpm_run_in_mode(prv, lower_trap, 0), CAUSE_ILLEGAL);
    minstretcfg_write(0);
    CHECK_EQ(diffs[0], 1);
  }
  /* Without the filter the handler's instructions count. */
  diffs[0] = 0;
  CHECK_EQ(hpm_run_in_mode(PRV_S, lower_trap, 0), CAUSE_ILLEGAL);
  CHECK(diffs[0] > 10);

  CSR_WRITE(mcounteren, 0);
  CSR_WRITE(scounteren, 0);
  return 0;
}
