/* Covers: Sscofpmf mode filtering: mhpmevent MINH (bit 62), SINH (61), UINH (60) stop the counter from counting while in M, S, U mode respectively (RV32: bits 30..28 of mhpmeventh); VSINH/VUINH are read-only zero without the H extension; an MRET from M counts as an M-mode instruction and an ECALL does not retire, so a MINH counter read in M around a trip to S/U counts exactly the S/U instructions. */
/* qemu: no (Sscofpmf is not enabled in QEMU 7.2's default CPU: mhpmeventh traps and the xINH bits are ignored) */
#include "hpm_util.h"

/* measure6(out): reads hpmcounter3..8, executes 10 NOPs, reads them again, stores the six
 * differences in out[0..5]: 16 for a counter that counted every instruction in between, 0 for
 * one that was inhibited. ten_nops: 10 NOPs and a return (11 instructions). */
#if XLEN == 64
#define F_ST "sd"
#define F_R "8"
#else
#define F_ST "sw"
#define F_R "4"
#endif
__asm__(".pushsection .text.sscofpmf_filter, \"ax\", @progbits\n"
        ".option push\n"
        ".option norvc\n"
        "measure6:\n"
        "  csrr t0, hpmcounter3\n"
        "  csrr t1, hpmcounter4\n"
        "  csrr t2, hpmcounter5\n"
        "  csrr t3, hpmcounter6\n"
        "  csrr t4, hpmcounter7\n"
        "  csrr t5, hpmcounter8\n"
        "  .rept 10\n  nop\n  .endr\n"
        "  csrr a1, hpmcounter3\n"
        "  csrr a2, hpmcounter4\n"
        "  csrr a3, hpmcounter5\n"
        "  csrr a4, hpmcounter6\n"
        "  csrr a5, hpmcounter7\n"
        "  csrr a6, hpmcounter8\n"
        "  sub a1, a1, t0\n  " F_ST " a1, 0*" F_R "(a0)\n"
        "  sub a2, a2, t1\n  " F_ST " a2, 1*" F_R "(a0)\n"
        "  sub a3, a3, t2\n  " F_ST " a3, 2*" F_R "(a0)\n"
        "  sub a4, a4, t3\n  " F_ST " a4, 3*" F_R "(a0)\n"
        "  sub a5, a5, t4\n  " F_ST " a5, 4*" F_R "(a0)\n"
        "  sub a6, a6, t5\n  " F_ST " a6, 5*" F_R "(a0)\n"
        "  ret\n"
        "ten_nops:\n"
        "  .rept 10\n  nop\n  .endr\n"
        "  ret\n"
        ".option pop\n"
        ".popsection\n");
void measure6(volatile uxlen_t *out);
uxlen_t ten_nops(uxlen_t);

static volatile uxlen_t diffs[6];

static uxlen_t lower_measure(uxlen_t arg) {
  (void)arg;
  measure6(diffs);
  return 0;
}

/* Counters 3..8: event and filter, and whether each counts in U, S, M (bit 0, 1, 3). */
static const struct {
  uint64_t event;
  unsigned counts_in;
} cfg[6] = {
    {EV_INSTRET, 0xB},                                   /* 3: everywhere */
    {EV_INSTRET | HPM_SINH, 0x9},                        /* 4: M, U */
    {EV_INSTRET | HPM_MINH | HPM_UINH, 0x2},             /* 5: S */
    {EV_CYCLES | HPM_UINH, 0xA},                         /* 6: M, S */
    {EV_CYCLES | HPM_MINH | HPM_SINH, 0x1},              /* 7: U */
    {EV_INSTRET | HPM_MINH | HPM_SINH | HPM_UINH, 0x0}, /* 8: nowhere */
};

static void setup_filters(void) {
  CSR_WRITE(mcountinhibit, -1);
  for (unsigned n = 3; n < 32; n++) {
    mevent_write(n, EV_NONE);
    mctr_write(n, 0);
  }
  for (unsigned i = 0; i < 6; i++) mevent_write(3 + i, cfg[i].event);
  CSR_WRITE(mcounteren, -1);
  CSR_WRITE(scounteren, -1);
  CSR_WRITE(mcountinhibit, 0);
}

static void check_diffs(unsigned prv) {
  for (unsigned i = 0; i < 6; i++) {
    uxlen_t want = (cfg[i].counts_in >> prv) & 1 ? 16 : 0;
    if (diffs[i] != want) {
      guest_puts(prv == PRV_M ? "M" : prv == PRV_S ? "S" : "U");
      guest_puts(" mode, counter ");
      guest_put_dec(3 + i);
      guest_puts(": ");
    }
    CHECK_EQ(diffs[i], want);
  }
}

int main(void) {
  /* The filter bits are writable; VSINH/VUINH read as zero (no hypervisor). */
  CSR_WRITE(mcountinhibit, -1);
  for (unsigned n = 3; n < 32; n++) {
    mevent_write(n, HPM_MINH | HPM_SINH | HPM_UINH | HPM_VSINH | HPM_VUINH | EV_INSTRET);
    CHECK_EQ(mevent_read(n), HPM_MINH | HPM_SINH | HPM_UINH | EV_INSTRET);
#if XLEN == 32
    CHECK_EQ(mevent_read_hi(n), 0x70000000u);
    CHECK_EQ(mevent_read_lo(n), EV_INSTRET);
#endif
    mevent_write(n, HPM_SINH | EV_CYCLES);
    CHECK_EQ(mevent_read(n), HPM_SINH | EV_CYCLES);
    mevent_write(n, EV_NONE);
    CHECK_EQ(mevent_read(n), 0);
  }

  /* M mode, all 29 counters: MINH ones stay at 0, SINH/UINH ones count. */
  for (unsigned n = 3; n < 32; n++) {
    static const uint64_t f[4] = {HPM_MINH, HPM_SINH, HPM_UINH, HPM_SINH | HPM_UINH};
    mevent_write(n, f[n % 4] | (n & 4 ? EV_CYCLES : EV_INSTRET));
    mctr_write(n, 0);
  }
  HPM_RUN_NOPS(0, 20);
  for (unsigned n = 3; n < 32; n++) {
    if (mctr_read(n) != (n % 4 == 0 ? 0u : 21u)) {
      guest_puts("counter ");
      guest_put_dec(n);
      guest_puts(": ");
    }
    CHECK_EQ(mctr_read(n), n % 4 == 0 ? 0 : 21);
  }

  /* Measured inside each mode. */
  setup_filters();
  measure6(diffs);
  check_diffs(PRV_M);
  setup_filters();
  hpm_run_in_mode(PRV_S, lower_measure, 0);
  check_diffs(PRV_S);
  setup_filters();
  hpm_run_in_mode(PRV_U, lower_measure, 0);
  check_diffs(PRV_U);

  /* Measured from M around a trip to S or U: only the lower mode's instructions count (the
   * trampoline's JALR and ten_nops' 11; MRET originates in M, ECALL does not retire). */
  CSR_WRITE(mcountinhibit, -1);
  mevent_write(3, HPM_MINH | EV_INSTRET);             /* S and U */
  mevent_write(4, HPM_MINH | HPM_UINH | EV_INSTRET);  /* S only */
  mevent_write(5, HPM_MINH | HPM_SINH | EV_INSTRET);  /* U only */
  mevent_write(6, HPM_SINH | HPM_UINH | EV_INSTRET);  /* M only */
  for (unsigned prv = PRV_U; prv <= PRV_S; prv++) {
    for (unsigned n = 3; n <= 6; n++) mctr_write(n, 0);
    CSR_WRITE(mcountinhibit, 0);
    hpm_run_in_mode(prv, ten_nops, 0);
    CSR_WRITE(mcountinhibit, -1);
    CHECK_EQ(mctr_read(3), 12);
    CHECK_EQ(mctr_read(4), prv == PRV_S ? 12 : 0);
    CHECK_EQ(mctr_read(5), prv == PRV_U ? 12 : 0);
    CHECK(mctr_read(6) > 12); /* everything in M between the two mcountinhibit writes */
  }

  CSR_WRITE(mcounteren, 0);
  CSR_WRITE(scounteren, 0);
  for (unsigned n = 3; n < 32; n++) mevent_write(n, EV_NONE);
  return 0;
}
