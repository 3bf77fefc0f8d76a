/* Covers: unprivileged views cycle/time/instret/hpmcounter3..31 (0xC00..0xC1F, RV32 also 0xC80..0xC9F) read the same values as mcycle/mtime/minstret/mhpmcounterN; every read form (csrrs/csrrc rd,csr,x0; csrrsi/csrrci rd,csr,0) is legal and returns the value; every write form (csrrw even with rd=x0, csrrs/csrrc with rs1!=x0 even holding 0, csrrwi, csrrsi/csrrci with uimm!=0) traps with illegal instruction (mcause 2), leaves rd and the counter unchanged. */
/* qemu: no (QEMU 7.2 lacks hpmcounter19..31 with its default pmu-num=16, does not trap csrrs/csrrc with rs1!=x0 holding zero, and its mcountinhibit does not hold counters) */
#include "hpm_util.h"

/* The four read forms of CSR 0xC00+i (or 0xC80+i), results in r[0..3]. */
#define READ_FORMS(num, r)                                                                   \
  __asm__ volatile("csrrs %0, " HPM_STR(num) ", x0\n\t"                                      \
                   "csrrc %1, " HPM_STR(num) ", x0\n\t"                                      \
                   "csrrsi %2, " HPM_STR(num) ", 0\n\t"                                      \
                   "csrrci %3, " HPM_STR(num) ", 0"                                          \
                   : "=&r"(r[0]), "=&r"(r[1]), "=&r"(r[2]), "=&r"(r[3])::"memory")

/* Each write form; rd is preset to `mark` and must still hold it after the trap, and each
 * trap must be an illegal-instruction exception. Sets `traps` to the number of traps taken
 * and `bad` to the number of the first form that broke a rule (100 + form: wrong mcause). */
#define NWRITE_FORMS 11
#define WF_(insn, k)                                                                         \
  rd_ = mark;                                                                                \
  last_trap.mcause = 0;                                                                      \
  __asm__ volatile(insn : "+r"(rd_) : "r"(one_), "r"(zero_) : "memory");                     \
  if (!bad && rd_ != mark) bad = k;                                                          \
  if (!bad && last_trap.mcause != CAUSE_ILLEGAL) bad = 100 + k;
#define WRITE_FORMS(num, mark, traps, bad)                                                   \
  do {                                                                                       \
    uxlen_t rd_;                                                                             \
    uxlen_t one_ = 1, zero_ = 0;                                                             \
    uxlen_t c0_ = last_trap.count;                                                           \
    trap_expected = 1;                                                                       \
    WF_("csrrw %0, " HPM_STR(num) ", %1", 1)                                                 \
    WF_("csrrw x0, " HPM_STR(num) ", %1", 2)                                                 \
    WF_("csrrs %0, " HPM_STR(num) ", %1", 3)                                                 \
    WF_("csrrs %0, " HPM_STR(num) ", %2", 4) /* rs1 != x0 holding zero */                   \
    WF_("csrrc %0, " HPM_STR(num) ", %1", 5)                                                 \
    WF_("csrrc %0, " HPM_STR(num) ", %2", 6) /* rs1 != x0 holding zero */                   \
    WF_("csrrwi %0, " HPM_STR(num) ", 0", 7)                                                 \
    WF_("csrrwi x0, " HPM_STR(num) ", 7", 8)                                                 \
    WF_("csrrsi %0, " HPM_STR(num) ", 1", 9)                                                 \
    WF_("csrrci %0, " HPM_STR(num) ", 31", 10)                                               \
    WF_("csrrsi %0, " HPM_STR(num) ", 16", 11)                                               \
    trap_expected = 0;                                                                       \
    traps = last_trap.count - c0_;                                                           \
  } while (0)

static uxlen_t read_forms_lo(unsigned n, uxlen_t r[4]) {
  switch (n) {
#define X_(i) \
  case i: READ_FORMS(0xC00 + i, r); return 0;
    CTR_FOR_EACH(X_)
#undef X_
  }
  return 1;
}

#if XLEN == 32
static uxlen_t read_forms_hi(unsigned n, uxlen_t r[4]) {
  switch (n) {
#define X_(i) \
  case i: READ_FORMS(0xC80 + i, r); return 0;
    CTR_FOR_EACH(X_)
#undef X_
  }
  return 1;
}
#endif

/* Counts the traps of all write forms to 0xC00+n (hi: 0xC80+n); every one must be mcause 2. */
static void check_write_forms(unsigned n, int hi) {
  uxlen_t traps = 0;
  int bad = 0;
  uxlen_t mark = 0x5a5a0000u + n;
  if (!hi) {
    switch (n) {
#define X_(i) \
  case i: WRITE_FORMS(0xC00 + i, mark, traps, bad); break;
      CTR_FOR_EACH(X_)
#undef X_
    }
  }
#if XLEN == 32
  else {
    switch (n) {
#define X_(i) \
  case i: WRITE_FORMS(0xC80 + i, mark, traps, bad); break;
      CTR_FOR_EACH(X_)
#undef X_
    }
  }
#endif
  if (traps != NWRITE_FORMS || bad) {
    guest_puts(hi ? "high counter " : "counter ");
    guest_put_dec(n);
    guest_puts(": ");
  }
  CHECK_EQ(traps, NWRITE_FORMS);
  CHECK_EQ(bad, 0);
}

int main(void) {
  uxlen_t a, b, r[4];

  /* Counting: each view reads its machine counter as the next instruction sees it. */
  hpm_stop_and_clear();
  CSR_WRITE(mhpmevent3, EV_INSTRET);
  CSR_WRITE(mhpmevent31, EV_CYCLES);
  CSR_WRITE(mcountinhibit, 0);
  __asm__ volatile("csrr %0, mcycle\n\tcsrr %1, cycle" : "=&r"(a), "=&r"(b)::"memory");
  CHECK_EQ(b - a, 1);
  __asm__ volatile("csrr %0, minstret\n\tcsrr %1, instret" : "=&r"(a), "=&r"(b)::"memory");
  CHECK_EQ(b - a, 1);
  __asm__ volatile("csrr %0, instret\n\tcsrr %1, minstret" : "=&r"(a), "=&r"(b)::"memory");
  CHECK_EQ(b - a, 1);
  __asm__ volatile("csrr %0, mhpmcounter3\n\tcsrr %1, hpmcounter3" : "=&r"(a), "=&r"(b)::"memory");
  CHECK_EQ(b - a, 1);
  __asm__ volatile("csrr %0, hpmcounter31\n\tnop\n\tcsrr %1, mhpmcounter31" : "=&r"(a), "=&r"(b)::"memory");
  CHECK_EQ(b - a, 2);

  /* Frozen counters with distinct values: every view and every read form gives exactly the
   * machine counter's value. */
  CSR_WRITE(mcountinhibit, -1);
  for (unsigned n = 0; n < 32; n++)
    if (n != 1) mctr_write(n, 0x1000000000000000ULL * (n & 7) + 0x0000000100000001ULL * (n + 1) + 0xabc00);
  for (unsigned n = 0; n < 32; n++) {
    if (n == 1) continue;
    uint64_t want = mctr_read(n);
    CHECK_EQ(want, 0x1000000000000000ULL * (n & 7) + 0x0000000100000001ULL * (n + 1) + 0xabc00);
    CHECK_EQ(uctr_read_lo(n), (uxlen_t)want);
    CHECK_EQ(read_forms_lo(n, r), 0);
    for (int f = 0; f < 4; f++) {
      if (r[f] != (uxlen_t)want) {
        guest_puts("counter ");
        guest_put_dec(n);
        guest_puts(" read form ");
        guest_put_dec(f);
        guest_puts(": ");
      }
      CHECK_EQ(r[f], (uxlen_t)want);
    }
#if XLEN == 32
    CHECK_EQ(uctr_read_hi(n), (uxlen_t)(want >> 32));
    CHECK_EQ(read_forms_hi(n, r), 0);
    for (int f = 0; f < 4; f++) CHECK_EQ(r[f], (uxlen_t)(want >> 32));
#endif
  }

  /* time: between two reads of the CLINT's mtime, with every read form (modular compare of
   * the low XLEN bits). */
  {
    uint64_t m0 = clint_mtime();
    uxlen_t t = CSR_READ(time);
    uint64_t m1 = clint_mtime();
    CHECK(t - (uxlen_t)m0 <= (uxlen_t)(m1 - m0));
    m0 = clint_mtime();
    CHECK_EQ(read_forms_lo(1, r), 0);
    m1 = clint_mtime();
    for (int f = 0; f < 4; f++) CHECK(r[f] - (uxlen_t)m0 <= (uxlen_t)(m1 - m0));
#if XLEN == 32
    m0 = clint_mtime();
    CHECK_EQ(read_forms_hi(1, r), 0);
    m1 = clint_mtime();
    for (int f = 0; f < 4; f++) CHECK(r[f] >= (uxlen_t)(m0 >> 32) && r[f] <= (uxlen_t)(m1 >> 32));
#endif
  }

  /* Every write form of every view traps (illegal instruction) and changes nothing. */
  for (unsigned n = 0; n < 32; n++) {
    check_write_forms(n, 0);
#if XLEN == 32
    check_write_forms(n, 1);
#endif
  }
  for (unsigned n = 0; n < 32; n++) {
    if (n == 1) continue;
    CHECK_EQ(mctr_read(n), 0x1000000000000000ULL * (n & 7) + 0x0000000100000001ULL * (n + 1) + 0xabc00);
  }

  hpm_stop_and_clear();
  return 0;
}
