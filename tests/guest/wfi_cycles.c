/* Covers: WFI sleep does not count cycles (generic profile: 1 cycle per retired instruction): across a WFI that sleeps until the machine timer fires, and across one that does not wait, mcycle and minstret both advance by exactly one for the WFI. */
/* qemu: no (QEMU 7.2 with -icount derives mcycle and minstret from virtual time: both jump by the time slept in WFI, and a non-sleeping WFI counts 2) */
#include "hpm_util.h"

/* mcycle and minstret differences across `wfi` (reads on both sides). */
static void across_wfi(uxlen_t *dc, uxlen_t *di) {
  uxlen_t c0, i0, c1, i1;
  __asm__ volatile(".option push\n\t.option norvc\n\t"
                   "csrr %0, mcycle\n\tcsrr %1, minstret\n\twfi\n\t"
                   "csrr %2, mcycle\n\tcsrr %3, minstret\n\t.option pop"
                   : "=&r"(c0), "=&r"(i0), "=&r"(c1), "=&r"(i1)::"memory");
  *dc = c1 - c0;
  *di = i1 - i0;
}

int main(void) {
  CSR_WRITE(mcountinhibit, 0);

  /* WFI sleeping until the machine timer: MTIE enabled, MIE clear (no trap, WFI just
   * resumes). Reads: mcycle, minstret, wfi, mcycle, minstret: 3 and 3. */
  uxlen_t dc, di;
  CSR_CLEAR(mstatus, MSTATUS_MIE);
  CSR_WRITE(mie, 1u << IRQ_MTI);
  for (int k = 0; k < 3; k++) {
    uint64_t target = clint_mtime() + 1000;
    clint_set_mtimecmp(target);
    across_wfi(&dc, &di);
    CHECK(clint_mtime() >= target); /* it really waited for the timer */
    CHECK_EQ(dc, 3);
    CHECK_EQ(di, 3);
  }
  /* With the timer interrupt already pending, WFI does not wait: the same counts. */
  across_wfi(&dc, &di);
  CHECK_EQ(dc, 3);
  CHECK_EQ(di, 3);
  clint_set_mtimecmp(ALL_ONES64);
  CSR_WRITE(mie, 0);
  return 0;
}
