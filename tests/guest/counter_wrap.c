/* Covers: mcycle, minstret and all 29 mhpmcounters are 64 bits wide and wrap from all-ones to zero (on RV32 with carry from the low into the high half); a write of all-ones followed by two reads gives all-ones then zero. */
/* qemu: no (QEMU 7.2 increments a counter after writing it, so the first read after the write already wrapped; mhpmcounter19..31 do not exist with QEMU's default pmu-num=16) */
#include "hpm_util.h"

int main(void) {
  uxlen_t a, b, c;

  CSR_WRITE(mcountinhibit, 0);

  /* Write all-ones; the next instruction reads all-ones (before its own increment), the one
   * after it reads 0. */
#if XLEN == 64
  __asm__ volatile("csrw minstret, %3\n\tcsrr %0, minstret\n\tcsrr %1, minstret\n\t"
                   "csrr %2, minstret"
                   : "=&r"(a), "=&r"(b), "=&r"(c)
                   : "r"(-1L)
                   : "memory");
  CHECK_EQ(a, ALL_ONES64);
  CHECK_EQ(b, 0);
  CHECK_EQ(c, 1);
  __asm__ volatile("csrw mcycle, %3\n\tcsrr %0, mcycle\n\tcsrr %1, mcycle\n\tcsrr %2, mcycle"
                   : "=&r"(a), "=&r"(b), "=&r"(c)
                   : "r"(-1L)
                   : "memory");
  CHECK_EQ(a, ALL_ONES64);
  CHECK_EQ(b, 0);
  CHECK_EQ(c, 1);
  /* From all-ones minus 2 through the wrap. */
  __asm__ volatile("csrw minstret, %3\n\tnop\n\tnop\n\tcsrr %0, minstret\n\tcsrr %1, minstret\n\t"
                   "csrr %2, minstret"
                   : "=&r"(a), "=&r"(b), "=&r"(c)
                   : "r"(-3L)
                   : "memory");
  CHECK_EQ(a, ALL_ONES64);
  CHECK_EQ(b, 0);
  CHECK_EQ(c, 1);
#else
  /* RV32: low word then high word written (the second write leaves the low word alone and
   * replaces the increment), then: low reads all-ones, the 64-bit counter wraps to 0. */
  {
    uxlen_t d;
    __asm__ volatile("csrw minstret, %4\n\tcsrw minstreth, %4\n\t"
                     "csrr %0, minstret\n\tcsrr %1, minstreth\n\tcsrr %2, minstret\n\t"
                     "csrr %3, minstreth"
                     : "=&r"(a), "=&r"(b), "=&r"(c), "=&r"(d)
                     : "r"(-1L)
                     : "memory");
    CHECK_EQ(a, 0xFFFFFFFF);
    CHECK_EQ(b, 0);
    CHECK_EQ(c, 1);
    CHECK_EQ(d, 0);
    __asm__ volatile("csrw mcycle, %4\n\tcsrw mcycleh, %4\n\t"
                     "csrr %0, mcycle\n\tcsrr %1, mcycleh\n\tcsrr %2, mcycle\n\t"
                     "csrr %3, mcycleh"
                     : "=&r"(a), "=&r"(b), "=&r"(c), "=&r"(d)
                     : "r"(-1L)
                     : "memory");
    CHECK_EQ(a, 0xFFFFFFFF);
    CHECK_EQ(b, 0);
    CHECK_EQ(c, 1);
    CHECK_EQ(d, 0);
    /* Carry from the low into the high half: low = all-ones, high = 0. */
    __asm__ volatile("csrw minstret, %3\n\tcsrw minstreth, zero\n\t"
                     "csrr %0, minstret\n\tcsrr %1, minstreth\n\tcsrr %2, minstret"
                     : "=&r"(a), "=&r"(b), "=&r"(c)
                     : "r"(-1L)
                     : "memory");
    CHECK_EQ(a, 0xFFFFFFFF);
    CHECK_EQ(b, 1);
    CHECK_EQ(c, 1);
  }
#endif

  /* Every counter, counting instructions or cycles while enabled for exactly 5 instructions:
   * from all-ones - 1 to 3; from 0x00000000FFFFFFFE to 0x0000000100000003 (carry out of the
   * low 32 bits); from 0x7FFFFFFFFFFFFFFF to 0x8000000000000004. */
  static const uint64_t start[3] = {0xFFFFFFFFFFFFFFFEULL, 0x00000000FFFFFFFEULL,
                                    0x7FFFFFFFFFFFFFFFULL};
  static const uint64_t end[3] = {3, 0x0000000100000003ULL, 0x8000000000000004ULL};
  for (unsigned ev = EV_CYCLES; ev <= EV_INSTRET; ev++) {
    for (unsigned k = 0; k < 3; k++) {
      hpm_stop_and_clear();
      for (unsigned n = 3; n < 32; n++) mevent_write_lo(n, ev);
      mctr_write(0, start[k]);
      mctr_write(2, start[k]);
      for (unsigned n = 3; n < 32; n++) mctr_write(n, start[k]);
      HPM_RUN_NOPS(0, 4);
      CHECK_EQ(mctr_read(0), end[k]);
      CHECK_EQ(mctr_read(2), end[k]);
      for (unsigned n = 3; n < 32; n++) {
        uint64_t v = mctr_read(n);
        if (v != end[k]) {
          guest_puts("counter ");
          guest_put_dec(n);
          guest_puts(": ");
        }
        CHECK_EQ(v, end[k]);
      }
    }
  }

  hpm_stop_and_clear();
  CSR_CLEAR(mip, MIP_LCOFIP); /* the wraps set OF bits and LCOFIP (Sscofpmf): tidy up */
  return 0;
}
