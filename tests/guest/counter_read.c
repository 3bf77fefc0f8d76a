/* Covers: a CSR read of mcycle/minstret returns the value before the reading instruction's own increment (back-to-back reads differ by 1); 1 cycle and 1 instret per retired instruction (generic profile), compressed instructions included; mcycle and minstret advance alike. */
/* qemu: yes */
#include "hpm_util.h"

/* Differences between two reads of a counter with N 4-byte NOPs (or C.NOPs) in between. */
#define DELTA_NOPS(csr, N)                                                                  \
  ({                                                                                        \
    uxlen_t a_, b_;                                                                         \
    __asm__ volatile(".option push\n\t.option norvc\n\t"                                    \
                     "csrr %0, " #csr "\n\t.rept " #N "\n\tnop\n\t.endr\n\t"                \
                     "csrr %1, " #csr "\n\t.option pop"                                     \
                     : "=&r"(a_), "=&r"(b_)::"memory");                                     \
    b_ - a_;                                                                                \
  })
#define DELTA_CNOPS(csr, N)                                                                 \
  ({                                                                                        \
    uxlen_t a_, b_;                                                                         \
    __asm__ volatile(".option push\n\t.option rvc\n\t"                                      \
                     "csrr %0, " #csr "\n\t.rept " #N "\n\tc.nop\n\t.endr\n\t"              \
                     "csrr %1, " #csr "\n\t.option pop"                                     \
                     : "=&r"(a_), "=&r"(b_)::"memory");                                     \
    b_ - a_;                                                                                \
  })

static volatile uxlen_t scratch[4] = {7, 11, 13, 17};
static volatile uint32_t words[2] = {5, 0};

/* Calls a C function between reads of mcycle and minstret: both advance by the same amount. */
static uxlen_t __attribute__((noinline)) busy(uxlen_t n) {
  uxlen_t acc = 0;
  for (uxlen_t i = 0; i < n; i++) acc += scratch[i & 3] * (i + 1);
  return acc;
}

int main(void) {
  CSR_WRITE(mcountinhibit, 0);

  /* Back-to-back reads differ by exactly 1 (the first read's own increment). */
  CHECK_EQ(DELTA_NOPS(minstret, 0), 1);
  CHECK_EQ(DELTA_NOPS(mcycle, 0), 1);

  /* N instructions in between: N + 1. */
  CHECK_EQ(DELTA_NOPS(minstret, 1), 2);
  CHECK_EQ(DELTA_NOPS(minstret, 5), 6);
  CHECK_EQ(DELTA_NOPS(minstret, 37), 38);
  CHECK_EQ(DELTA_NOPS(mcycle, 1), 2);
  CHECK_EQ(DELTA_NOPS(mcycle, 5), 6);
  CHECK_EQ(DELTA_NOPS(mcycle, 37), 38);

  /* Compressed instructions retire (and take a cycle) like any other. */
  CHECK_EQ(DELTA_CNOPS(minstret, 10), 11);
  CHECK_EQ(DELTA_CNOPS(mcycle, 10), 11);

  /* A loop with loads, stores, multiplies, divides, branches: 1 + 1 + 1 + 100 * 7 + 1. */
  {
    uxlen_t c0, c1, i0, i1;
    __asm__ volatile(".option push\n\t.option norvc\n\t"
                     "csrr %0, mcycle\n\t"
                     "csrr %2, minstret\n\t"
                     "li t0, 100\n\t"
                     "mv t1, %4\n\t"
                     "1: lw t2, 0(t1)\n\t"
                     "mul t2, t2, t0\n\t"
                     "divu t2, t2, t0\n\t"
                     "sw t2, 4(t1)\n\t"
                     "addi t0, t0, -1\n\t"
                     "beqz t0, 2f\n\t" /* not taken 99 times, taken once */
                     "bnez t0, 1b\n\t" /* taken 99 times */
                     "2: csrr %1, mcycle\n\t"
                     "csrr %3, minstret\n\t"
                     ".option pop"
                     : "=&r"(c0), "=&r"(c1), "=&r"(i0), "=&r"(i1)
                     : "r"(words)
                     : "t0", "t1", "t2", "memory");
    /* Between the two mcycle reads: csrr mcycle, csrr minstret, li, mv, then 99 iterations of 7
     * and a last one of 6 loop instructions; the same count between the two minstret reads. */
    CHECK_EQ(c1 - c0, 4 + 99 * 7 + 6);
    CHECK_EQ(i1 - i0, 4 + 99 * 7 + 6);
    CHECK_EQ(words[1], 5);
  }

  /* Arbitrary compiled code: mcycle and minstret advance by the same amount. */
  {
    uxlen_t c0, i0, c1, i1;
    __asm__ volatile("csrr %0, mcycle\n\tcsrr %1, minstret" : "=&r"(c0), "=&r"(i0)::"memory");
    uxlen_t r = busy(1000);
    __asm__ volatile("csrr %0, mcycle\n\tcsrr %1, minstret" : "=&r"(c1), "=&r"(i1)::"memory");
    CHECK_EQ(r, 7 * 124750 + 11 * 125000 + 13 * 125250 + 17 * 125500);
    CHECK_EQ(c1 - c0, i1 - i0);
    CHECK(i1 - i0 > 1000);
  }
  return 0;
}
