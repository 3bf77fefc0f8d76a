/* Covers: a CSR write to mcycle/minstret/mhpmcounterN wins over that instruction's own increment ("the write is done instead of the increment", also for CSRRS/CSRRC/CSRRxI forms and for CSRRS/CSRRC whose rs1 != x0 holds zero); the old value returned by a writing CSR instruction is the value before its own increment. */
/* qemu: no (QEMU 7.2 increments the counter after the write: the next read gives t0+1) */
#include "hpm_util.h"

/* csrw CSR, v; csrr -> value read by the immediately following instruction. */
#define WRITE_THEN_READ(csr, v)                                                            \
  ({                                                                                       \
    uxlen_t r_;                                                                            \
    __asm__ volatile("csrw " #csr ", %1\n\tcsrr %0, " #csr : "=&r"(r_) : "r"((uxlen_t)(v)) \
                     : "memory");                                                          \
    r_;                                                                                    \
  })

/* csrw CSR, v; N nops; csrr. */
#define WRITE_NOPS_READ(csr, v, N)                                                          \
  ({                                                                                        \
    uxlen_t r_;                                                                             \
    __asm__ volatile(".option push\n\t.option norvc\n\tcsrw " #csr ", %1\n\t"               \
                     ".rept " #N "\n\tnop\n\t.endr\n\tcsrr %0, " #csr "\n\t.option pop"     \
                     : "=&r"(r_)                                                            \
                     : "r"((uxlen_t)(v))                                                    \
                     : "memory");                                                           \
    r_;                                                                                     \
  })

/* Checks one counter CSR that counts every retired instruction. */
#define CHECK_WRITE_WINS(csr)                                                               \
  do {                                                                                      \
    uxlen_t old_, got_, next_;                                                              \
    CHECK_EQ(WRITE_THEN_READ(csr, 1000), 1000);                                             \
    CHECK_EQ(WRITE_THEN_READ(csr, 0), 0);                                                   \
    CHECK_EQ(WRITE_THEN_READ(csr, (uxlen_t)0x12345678), 0x12345678);                        \
    CHECK_EQ(WRITE_NOPS_READ(csr, 500, 1), 501);                                            \
    CHECK_EQ(WRITE_NOPS_READ(csr, 500, 9), 509);                                            \
    /* csrrw returns the value before its own increment, then the written value stands. */ \
    __asm__ volatile("csrw " #csr ", %3\n\tcsrrw %0, " #csr ", %4\n\tcsrr %1, " #csr       \
                     "\n\tcsrr %2, " #csr                                                   \
                     : "=&r"(old_), "=&r"(got_), "=&r"(next_)                               \
                     : "r"((uxlen_t)300), "r"((uxlen_t)7000)                                \
                     : "memory");                                                           \
    CHECK_EQ(old_, 300);                                                                    \
    CHECK_EQ(got_, 7000);                                                                   \
    CHECK_EQ(next_, 7001);                                                                  \
    /* csrrs / csrrc with a register: the result of the set / clear replaces the increment. */ \
    __asm__ volatile("csrw " #csr ", %2\n\tcsrrs %0, " #csr ", %3\n\tcsrr %1, " #csr        \
                     : "=&r"(old_), "=&r"(got_)                                             \
                     : "r"((uxlen_t)0x100), "r"((uxlen_t)0x0f)                              \
                     : "memory");                                                           \
    CHECK_EQ(old_, 0x100);                                                                  \
    CHECK_EQ(got_, 0x10f);                                                                  \
    __asm__ volatile("csrw " #csr ", %2\n\tcsrrc %0, " #csr ", %3\n\tcsrr %1, " #csr        \
                     : "=&r"(old_), "=&r"(got_)                                             \
                     : "r"((uxlen_t)0x1ff), "r"((uxlen_t)0x0f)                              \
                     : "memory");                                                           \
    CHECK_EQ(old_, 0x1ff);                                                                  \
    CHECK_EQ(got_, 0x1f0);                                                                  \
    /* rs1 != x0 holding zero still writes (the unmodified value): no increment. */        \
    __asm__ volatile("csrw " #csr ", %2\n\tcsrrs %0, " #csr ", %3\n\tcsrr %1, " #csr        \
                     : "=&r"(old_), "=&r"(got_)                                             \
                     : "r"((uxlen_t)0x200), "r"((uxlen_t)0)                                 \
                     : "memory");                                                           \
    CHECK_EQ(old_, 0x200);                                                                  \
    CHECK_EQ(got_, 0x200);                                                                  \
    __asm__ volatile("csrw " #csr ", %2\n\tcsrrc %0, " #csr ", %3\n\tcsrr %1, " #csr        \
                     : "=&r"(old_), "=&r"(got_)                                             \
                     : "r"((uxlen_t)0x200), "r"((uxlen_t)0)                                 \
                     : "memory");                                                           \
    CHECK_EQ(old_, 0x200);                                                                  \
    CHECK_EQ(got_, 0x200);                                                                  \
    /* rs1 == x0: a pure read, the counter increments. */                                  \
    __asm__ volatile("csrw " #csr ", %2\n\tcsrrs %0, " #csr ", x0\n\tcsrr %1, " #csr        \
                     : "=&r"(old_), "=&r"(got_)                                             \
                     : "r"((uxlen_t)0x200)                                                  \
                     : "memory");                                                           \
    CHECK_EQ(old_, 0x200);                                                                  \
    CHECK_EQ(got_, 0x201);                                                                  \
    /* Immediate forms. */                                                                  \
    __asm__ volatile("csrw " #csr ", %2\n\tcsrrwi %0, " #csr ", 5\n\tcsrr %1, " #csr        \
                     : "=&r"(old_), "=&r"(got_)                                             \
                     : "r"((uxlen_t)0x300)                                                  \
                     : "memory");                                                           \
    CHECK_EQ(old_, 0x300);                                                                  \
    CHECK_EQ(got_, 5);                                                                      \
    __asm__ volatile("csrw " #csr ", %2\n\tcsrrsi %0, " #csr ", 0x11\n\tcsrr %1, " #csr     \
                     : "=&r"(old_), "=&r"(got_)                                             \
                     : "r"((uxlen_t)0x300)                                                  \
                     : "memory");                                                           \
    CHECK_EQ(old_, 0x300);                                                                  \
    CHECK_EQ(got_, 0x311);                                                                  \
    __asm__ volatile("csrw " #csr ", %2\n\tcsrrci %0, " #csr ", 0x1f\n\tcsrr %1, " #csr     \
                     : "=&r"(old_), "=&r"(got_)                                             \
                     : "r"((uxlen_t)0x33f)                                                  \
                     : "memory");                                                           \
    CHECK_EQ(old_, 0x33f);                                                                  \
    CHECK_EQ(got_, 0x320);                                                                  \
    /* csrrsi / csrrci with uimm = 0 do not write: the counter increments. */              \
    __asm__ volatile("csrw " #csr ", %2\n\tcsrrsi %0, " #csr ", 0\n\tcsrr %1, " #csr        \
                     : "=&r"(old_), "=&r"(got_)                                             \
                     : "r"((uxlen_t)0x400)                                                  \
                     : "memory");                                                           \
    CHECK_EQ(old_, 0x400);                                                                  \
    CHECK_EQ(got_, 0x401);                                                                  \
    __asm__ volatile("csrw " #csr ", %2\n\tcsrrci %0, " #csr ", 0\n\tcsrr %1, " #csr        \
                     : "=&r"(old_), "=&r"(got_)                                             \
                     : "r"((uxlen_t)0x400)                                                  \
                     : "memory");                                                           \
    CHECK_EQ(old_, 0x400);                                                                  \
    CHECK_EQ(got_, 0x401);                                                                  \
  } while (0)

int main(void) {
  CSR_WRITE(mcountinhibit, -1);
  CSR_WRITE(mhpmevent3, EV_INSTRET);
  CSR_WRITE(mhpmevent4, EV_CYCLES);
  CSR_WRITE(mhpmevent31, EV_INSTRET);
  CSR_WRITE(mcountinhibit, 0);

  CHECK_WRITE_WINS(minstret);
  CHECK_WRITE_WINS(mcycle);
  CHECK_WRITE_WINS(mhpmcounter3);  /* counting instructions retired */
  CHECK_WRITE_WINS(mhpmcounter4);  /* counting cycles */
  CHECK_WRITE_WINS(mhpmcounter31); /* the last one */

  /* A write to one counter does not disturb the others' own increments. */
  {
    uxlen_t i0, i1, c0, c1;
    __asm__ volatile("csrr %0, minstret\n\tcsrr %2, mcycle\n\t"
                     "csrw mhpmcounter3, zero\n\tcsrw mcycle, zero\n\t"
                     "csrr %1, minstret\n\tcsrr %3, mcycle"
                     : "=&r"(i0), "=&r"(i1), "=&r"(c0), "=&r"(c1)::"memory");
    CHECK_EQ(i1 - i0, 4);
    CHECK_EQ(c1, 1); /* written 0 by csrw mcycle, then the csrr minstret counted */
    (void)c0;
  }

#if XLEN == 64
  CHECK_EQ(WRITE_THEN_READ(minstret, 0x123456789abcdef0UL), 0x123456789abcdef0UL);
  CHECK_EQ(WRITE_THEN_READ(mcycle, 0xfedcba9876543210UL), 0xfedcba9876543210UL);
#endif
  CSR_WRITE(mcountinhibit, -1);
  return 0;
}
