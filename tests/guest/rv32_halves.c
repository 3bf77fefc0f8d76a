/* Covers: RV32 high halves: mcycleh/minstreth/mhpmcounterNh (and the cycleh/instreth/hpmcounterNh views) hold bits 63:32; a write to one half leaves the other unchanged (and, being a write, replaces the instruction's increment); the low half carries into the high half; mhpmeventNh (0x720+N) holds mhpmevent bits 63:32 independently of mhpmeventN. On RV64 these RV32-only CSRs do not exist (illegal instruction). */
/* qemu: no (QEMU 7.2 increments a counter after writing it, lacks mhpmeventh without Sscofpmf and mhpmcounter19..31 with its default pmu-num=16) */
#include "hpm_util.h"

#if XLEN == 32
static void check_pair(unsigned n, uint32_t hi, uint32_t lo) {
  uxlen_t h = mctr_read_hi(n), l = mctr_read_lo(n);
  if (h != hi || l != lo) {
    guest_puts("counter ");
    guest_put_dec(n);
    guest_puts(": ");
  }
  CHECK_EQ(h, hi);
  CHECK_EQ(l, lo);
  CHECK_EQ(uctr_read_hi(n), hi);
  CHECK_EQ(uctr_read_lo(n), lo);
}

int main(void) {
  uxlen_t a, b, c, d;
  hpm_stop_and_clear();

  /* Frozen counters: each half written alone leaves the other. */
  for (unsigned n = 0; n < 32; n++) {
    if (n == 1) continue;
    mctr_write_lo(n, 0x11111111u * (n & 15));
    mctr_write_hi(n, 0x01010101u * n);
    check_pair(n, 0x01010101u * n, 0x11111111u * (n & 15));
    mctr_write_hi(n, 0xdeadbeefu);
    check_pair(n, 0xdeadbeefu, 0x11111111u * (n & 15));
    mctr_write_lo(n, 0xcafef00du);
    check_pair(n, 0xdeadbeefu, 0xcafef00du);
    mctr_write_hi(n, 0);
    check_pair(n, 0, 0xcafef00du);
    mctr_write_lo(n, 0);
    check_pair(n, 0, 0);
  }

  /* Counting: the write to the high half replaces the increment and keeps the low half. */
  CSR_WRITE(mhpmevent3, EV_INSTRET);
  CSR_WRITE(mhpmevent4, EV_CYCLES);
  CSR_WRITE(mcountinhibit, 0);
  __asm__ volatile("csrw minstret, %4\n\tcsrw minstreth, %5\n\t"
                   "csrr %0, minstret\n\tcsrr %1, minstreth\n\tcsrr %2, minstret\n\t"
                   "csrw minstreth, %6\n\tcsrr %3, minstret"
                   : "=&r"(a), "=&r"(b), "=&r"(c), "=&r"(d)
                   : "r"(100), "r"(5), "r"(9)
                   : "memory");
  CHECK_EQ(a, 100);
  CHECK_EQ(b, 5);
  CHECK_EQ(c, 102);
  CHECK_EQ(d, 103); /* csrw minstreth: no increment, low half kept */
  CHECK_EQ(CSR_READ(minstreth), 9);
  __asm__ volatile("csrw mcycle, %4\n\tcsrw mcycleh, %5\n\t"
                   "csrr %0, mcycle\n\tcsrr %1, mcycleh\n\tcsrr %2, mcycle\n\t"
                   "csrw mcycleh, %6\n\tcsrr %3, mcycle"
                   : "=&r"(a), "=&r"(b), "=&r"(c), "=&r"(d)
                   : "r"(100), "r"(5), "r"(9)
                   : "memory");
  CHECK_EQ(a, 100);
  CHECK_EQ(b, 5);
  CHECK_EQ(c, 102);
  CHECK_EQ(d, 103);
  __asm__ volatile("csrw mhpmcounter3, %4\n\tcsrw mhpmcounter3h, %5\n\t"
                   "csrr %0, mhpmcounter3\n\tcsrr %1, mhpmcounter3h\n\tcsrr %2, mhpmcounter3\n\t"
                   "csrw mhpmcounter3h, %6\n\tcsrr %3, mhpmcounter3"
                   : "=&r"(a), "=&r"(b), "=&r"(c), "=&r"(d)
                   : "r"(100), "r"(5), "r"(9)
                   : "memory");
  CHECK_EQ(a, 100);
  CHECK_EQ(b, 5);
  CHECK_EQ(c, 102);
  CHECK_EQ(d, 103);
  __asm__ volatile("csrw mhpmcounter4, %4\n\tcsrw mhpmcounter4h, %5\n\t"
                   "csrr %0, mhpmcounter4\n\tcsrr %1, mhpmcounter4h\n\tcsrr %2, mhpmcounter4\n\t"
                   "csrw mhpmcounter4h, %6\n\tcsrr %3, mhpmcounter4"
                   : "=&r"(a), "=&r"(b), "=&r"(c), "=&r"(d)
                   : "r"(100), "r"(5), "r"(9)
                   : "memory");
  CHECK_EQ(a, 100);
  CHECK_EQ(b, 5);
  CHECK_EQ(c, 102);
  CHECK_EQ(d, 103);
  /* The high-half view while counting: instreth read right after minstreth is equal. */
  __asm__ volatile("csrr %0, minstreth\n\tcsrr %1, instreth" : "=&r"(a), "=&r"(b)::"memory");
  CHECK_EQ(a, b);

  /* Carry from the low into the high half on every counter: 0x7_FFFFFFFE + 5. */
  for (unsigned ev = EV_CYCLES; ev <= EV_INSTRET; ev++) {
    hpm_stop_and_clear();
    for (unsigned n = 3; n < 32; n++) mevent_write_lo(n, ev);
    for (unsigned n = 0; n < 32; n++) {
      if (n == 1) continue;
      mctr_write_lo(n, 0xFFFFFFFEu);
      mctr_write_hi(n, 7);
    }
    HPM_RUN_NOPS(0, 4);
    for (unsigned n = 0; n < 32; n++)
      if (n != 1) check_pair(n, 8, 3);
    /* No carry below the boundary; the high half alone does not count. */
    for (unsigned n = 0; n < 32; n++) {
      if (n == 1) continue;
      mctr_write_lo(n, 0xFFFFFFF0u);
      mctr_write_hi(n, 0xFFFFFFFFu);
    }
    HPM_RUN_NOPS(0, 4);
    for (unsigned n = 0; n < 32; n++)
      if (n != 1) check_pair(n, 0xFFFFFFFFu, 0xFFFFFFF5u);
  }

  /* mhpmeventNh and mhpmeventN are independent halves of one 64-bit register. */
  CSR_WRITE(mcountinhibit, -1);
  for (unsigned n = 3; n < 32; n++) {
    mevent_write_lo(n, EV_INSTRET);
    mevent_write_hi(n, 0x40000000u); /* MINH */
    CHECK_EQ(mevent_read_lo(n), EV_INSTRET);
    CHECK_EQ(mevent_read_hi(n), 0x40000000u);
    mevent_write_lo(n, EV_CYCLES);
    CHECK_EQ(mevent_read_hi(n), 0x40000000u);
    mevent_write_hi(n, 0x10000000u); /* UINH */
    CHECK_EQ(mevent_read_lo(n), EV_CYCLES);
    CHECK_EQ(mevent_read(n), HPM_UINH | EV_CYCLES);
    mevent_write_hi(n, 0);
    mevent_write_lo(n, 0);
  }

  hpm_stop_and_clear();
  return 0;
}

#else

/* RV64: the RV32-only CSRs are not there. */
static uxlen_t try_read(unsigned which) {
  switch (which) {
    case 0: return CSR_READ_NUM(0xB80); /* mcycleh */
    case 1: return CSR_READ_NUM(0xB82); /* minstreth */
    case 2: return CSR_READ_NUM(0xB83); /* mhpmcounter3h */
    case 3: return CSR_READ_NUM(0xB9F); /* mhpmcounter31h */
    case 4: return CSR_READ_NUM(0xC80); /* cycleh */
    case 5: return CSR_READ_NUM(0xC81); /* timeh */
    case 6: return CSR_READ_NUM(0xC82); /* instreth */
    case 7: return CSR_READ_NUM(0xC83); /* hpmcounter3h */
    case 8: return CSR_READ_NUM(0xC9F); /* hpmcounter31h */
    case 9: return CSR_READ_NUM(0x723); /* mhpmevent3h */
    case 10: return CSR_READ_NUM(0x73F); /* mhpmevent31h */
    case 11: return CSR_READ_NUM(0x721); /* mcyclecfgh */
    case 12: return CSR_READ_NUM(0x722); /* minstretcfgh */
  }
  return 0;
}

int main(void) {
  for (unsigned i = 0; i < 13; i++) {
    if (TRAPS_IN((void)try_read(i)) != 1) {
      guest_puts("RV32-only CSR #");
      guest_put_dec(i);
      guest_puts(": ");
    }
    CHECK_EQ(TRAPS_IN((void)try_read(i)), 1);
    CHECK_EQ(last_trap.mcause, CAUSE_ILLEGAL);
  }
  return 0;
}
#endif
