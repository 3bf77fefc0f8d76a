/* Covers: Smcdeleg/Ssccfg v1.0.0 on the generic core. menvcfg.CDE (bit 60; RV32 menvcfgh bit 28) is writable; "When a counter i is delegated (mcounteren[i]=1 and menvcfg.CDE=1), the register state associated with counter i can be read or written via sireg*, while siselect holds 0x40+i": sireg = the counter, sireg4 = its high half (RV32), sireg2 = hpmevent / cyclecfg (0x40) / instretcfg (0x42), sireg5 = their high halves (RV32), with MINH "read-only 0 when accessed through sireg*"; illegal instruction, in M as in S mode, for "any sireg* when menvcfg.CDE = 0", "sireg3 or sireg6", "sireg4 or sireg5 when XLEN = 64", "siselect = 0x41, or when the counter selected by siselect is not delegated to S-mode"; scountinhibit (0x120) is "a masked alias of mcountinhibit": delegated bits read and write mcountinhibit, the others are read-only zero, and it is illegal while CDE = 0; an S-mode program delegated a counter programs its event, clears it, starts and stops it and reads the exact count through sireg* and scountinhibit; Sscofpmf overflow through the delegated path sets OF (seen through sireg2/sireg5), scountovf and sip.LCOFIP as through mhpmcounter; mstateen0.CSRIND gates it all from S mode. */
/* qemu: no (QEMU 7.2 has neither Smcdeleg nor Smcsrind) */
#include "hpm_util.h"

#define CSR_MSTATEEN0 0x30c
#define CSR_MSTATEEN0H 0x31c
#define CSR_SISELECT 0x150
#define CSR_SIREG 0x151
#define CSR_SIREG2 0x152
#define CSR_SIREG3 0x153
#define CSR_SIREG4 0x155
#define CSR_SIREG5 0x156
#define CSR_SIREG6 0x157
#define CSR_SCOUNTINHIBIT 0x120
#define CSR_MENVCFGH 0x31a
#define CSR_SIP 0x144
#define MIDELEG_LCOF (1u << 13)

#if XLEN == 64
static void set_cde(int on) {
  if (on) CSR_SET(menvcfg, 1ULL << 60);
  else CSR_CLEAR(menvcfg, 1ULL << 60);
}
static int cde(void) { return CSR_READ(menvcfg) >> 60 & 1; }
static void set_csrind(void) { CSR_WRITE_NUM(CSR_MSTATEEN0, 1ULL << 60); }
#else
static void set_cde(int on) {
  if (on) CSR_SET(0x31a, 1u << 28);
  else CSR_CLEAR(0x31a, 1u << 28);
}
static int cde(void) { return CSR_READ_NUM(CSR_MENVCFGH) >> 28 & 1; }
static void set_csrind(void) { CSR_WRITE_NUM(CSR_MSTATEEN0H, 1u << 28); }
#endif

/* Traps taken by one access to each alias (read). */
static uxlen_t traps_reading(unsigned which) {
  switch (which) {
    case 1: return TRAPS_IN((void)CSR_READ_NUM(CSR_SIREG));
    case 2: return TRAPS_IN((void)CSR_READ_NUM(CSR_SIREG2));
    case 3: return TRAPS_IN((void)CSR_READ_NUM(CSR_SIREG3));
    case 4: return TRAPS_IN((void)CSR_READ_NUM(CSR_SIREG4));
    case 5: return TRAPS_IN((void)CSR_READ_NUM(CSR_SIREG5));
    default: return TRAPS_IN((void)CSR_READ_NUM(CSR_SIREG6));
  }
}

/* ---- S-mode programs ---- */

/* Starts the counters in `bit` by clearing their scountinhibit bits (not counted: the write
 * applies after it retires), runs 20 NOPs and stops them (counted): 21 instructions. */
static inline __attribute__((always_inline)) void run_delegated(uxlen_t bit) {
  __asm__ volatile(".option push\n\t.option norvc\n\t"
                   "csrc 0x120, %0\n\t"
                   ".rept 20\n\tnop\n\t.endr\n\t"
                   "csrs 0x120, %0\n\t"
                   ".option pop" ::"r"(bit)
                   : "memory");
}

/* Counts N+1 instructions on delegated counter a (3..31) with event `instructions`: selects
 * it, writes the event and zero through sireg2/sireg, starts it through scountinhibit, runs
 * 20 NOPs, stops it, returns the count read through sireg. ~0 on any trap. */
static uxlen_t s_count(uxlen_t a) {
  uxlen_t v = 0;
  uxlen_t bit = (uxlen_t)1 << a;
  uxlen_t traps = TRAPS_IN({
    CSR_WRITE_NUM(CSR_SISELECT, 0x40 + a);
    CSR_WRITE_NUM(CSR_SIREG2, EV_INSTRET);
    CSR_WRITE_NUM(CSR_SIREG, 0);
#if XLEN == 32
    CSR_WRITE_NUM(CSR_SIREG4, 0);
#endif
    run_delegated(bit);
    v = CSR_READ_NUM(CSR_SIREG);
  });
  return traps ? ~(uxlen_t)0 : v;
}

/* Overflow through the delegated path: counter a counts instructions from all ones minus 3
 * (RV32: both halves through sireg/sireg4), OF clear; after 20 NOPs it has wrapped. Returns
 * bit 0: OF seen through sireg2 (RV32 sireg5 bit 31), bit 1: scountovf bit a, bit 2:
 * sip.LCOFIP. */
static uxlen_t s_overflow(uxlen_t a) {
  uxlen_t bit = (uxlen_t)1 << a, r = 0;
  CSR_WRITE_NUM(CSR_SISELECT, 0x40 + a);
  CSR_WRITE_NUM(CSR_SIREG2, EV_INSTRET); /* (RV64: OF bit 63 cleared by this write) */
#if XLEN == 32
  CSR_WRITE_NUM(CSR_SIREG5, 0); /* OF clear */
  CSR_WRITE_NUM(CSR_SIREG4, 0xffffffff);
#endif
  CSR_WRITE_NUM(CSR_SIREG, (uxlen_t)-4);
  run_delegated(bit);
#if XLEN == 64
  if (CSR_READ_NUM(CSR_SIREG2) >> 63) r |= 1;
#else
  if (CSR_READ_NUM(CSR_SIREG5) >> 31) r |= 1;
#endif
  if (CSR_READ_NUM(0xda0) & bit) r |= 2;
  if (CSR_READ_NUM(CSR_SIP) & MIP_LCOFIP) r |= 4;
  return r;
}

static uxlen_t s_traps_sireg(uxlen_t a) {
  uxlen_t t = TRAPS_IN(CSR_WRITE_NUM(CSR_SISELECT, 0x40 + a));
  return t ? 100 : traps_reading(1);
}
static uxlen_t s_traps_scountinhibit(uxlen_t a) { (void)a; return TRAPS_IN((void)CSR_READ_NUM(CSR_SCOUNTINHIBIT)); }

int main(void) {
  hpm_stop_and_clear();
  /* menvcfg.CDE: reset 0, writable. */
  CHECK_EQ(cde(), 0);
  set_cde(1);
  CHECK_EQ(cde(), 1);
  set_cde(0);

  /* CDE = 0: sireg* and scountinhibit are illegal, in M mode too. */
  CSR_WRITE(mcounteren, -1);
  CSR_WRITE_NUM(CSR_SISELECT, 0x43);
  for (unsigned r = 1; r <= 6; r++) CHECK_EQ(traps_reading(r), 1);
  CHECK_EQ(last_trap.mcause, CAUSE_ILLEGAL);
  CHECK_EQ(TRAPS_IN((void)CSR_READ_NUM(CSR_SCOUNTINHIBIT)), 1);

  set_cde(1);
  /* sireg3 and sireg6 never; sireg4/sireg5 only on RV32. */
  CHECK_EQ(traps_reading(1), 0);
  CHECK_EQ(traps_reading(2), 0);
  CHECK_EQ(traps_reading(3), 1);
  CHECK_EQ(traps_reading(6), 1);
  CHECK_EQ(traps_reading(4), XLEN == 64);
  CHECK_EQ(traps_reading(5), XLEN == 64);
  /* 0x41 (time) never, even with mcounteren.TM set. */
  CSR_WRITE_NUM(CSR_SISELECT, 0x41);
  CHECK_EQ(traps_reading(1) + traps_reading(2), 2);
  /* Not delegated (mcounteren[i] = 0): illegal. */
  CSR_WRITE(mcounteren, ~(1u << 4));
  CSR_WRITE_NUM(CSR_SISELECT, 0x44);
  CHECK_EQ(traps_reading(1) + traps_reading(2), 2);
  CSR_WRITE_NUM(CSR_SISELECT, 0x45);
  CHECK_EQ(traps_reading(1) + traps_reading(2), 0);

  /* sireg is mhpmcounter5, both ways. */
  mctr_write(5, 0x123456789abcULL);
  CSR_WRITE_NUM(CSR_SISELECT, 0x45);
  CHECK_EQ(CSR_READ_NUM(CSR_SIREG), (uxlen_t)0x123456789abcULL);
#if XLEN == 32
  CHECK_EQ(CSR_READ_NUM(CSR_SIREG4), 0x1234);
  CSR_WRITE_NUM(CSR_SIREG4, 0x55);
#endif
  CSR_WRITE_NUM(CSR_SIREG, 0x777);
  CHECK_EQ(mctr_read(5), XLEN == 64 ? 0x777 : 0x5500000777ULL);
  /* sireg2 is mhpmevent5 without MINH. */
  mevent_write(5, HPM_MINH | HPM_UINH | EV_BRANCHES);
#if XLEN == 64
  CHECK_EQ(CSR_READ_NUM(CSR_SIREG2), HPM_UINH | EV_BRANCHES);
  CSR_WRITE_NUM(CSR_SIREG2, HPM_SINH | EV_LOADS); /* MINH kept, UINH cleared */
#else
  CHECK_EQ(CSR_READ_NUM(CSR_SIREG2), EV_BRANCHES);
  CHECK_EQ(CSR_READ_NUM(CSR_SIREG5), (HPM_UINH) >> 32);
  CSR_WRITE_NUM(CSR_SIREG2, EV_LOADS);
  CSR_WRITE_NUM(CSR_SIREG5, HPM_SINH >> 32); /* MINH kept, UINH cleared */
#endif
  CHECK_EQ(mevent_read(5), HPM_MINH | HPM_SINH | EV_LOADS);
  CSR_WRITE_NUM(CSR_SIREG2, ~(uxlen_t)0);
#if XLEN == 64
  CHECK_EQ(CSR_READ_NUM(CSR_SIREG2) >> 62 & 1, 0); /* MINH still reads 0 */
#else
  CSR_WRITE_NUM(CSR_SIREG5, 0);
  CHECK_EQ(mevent_read(5) >> 62 & 1, 1);
#endif
  CHECK_EQ(mevent_read(5) >> 62 & 1, 1);
  mevent_write(5, EV_NONE);

  /* 0x40 / 0x42: mcycle / minstret and mcyclecfg / minstretcfg (Smcntrpmf), MINH hidden. */
  mctr_write(0, 1000);
  mcyclecfg_write(HPM_MINH | HPM_SINH);
  minstretcfg_write(HPM_UINH);
  CSR_WRITE_NUM(CSR_SISELECT, 0x40);
  CHECK_EQ(CSR_READ_NUM(CSR_SIREG), 1000);
#if XLEN == 64
  CHECK_EQ(CSR_READ_NUM(CSR_SIREG2), HPM_SINH);
#else
  CHECK_EQ(CSR_READ_NUM(CSR_SIREG2), 0);
  CHECK_EQ(CSR_READ_NUM(CSR_SIREG5), HPM_SINH >> 32);
#endif
  CSR_WRITE_NUM(CSR_SISELECT, 0x42);
#if XLEN == 64
  CHECK_EQ(CSR_READ_NUM(CSR_SIREG2), HPM_UINH);
  CSR_WRITE_NUM(CSR_SIREG2, 0);
#else
  CHECK_EQ(CSR_READ_NUM(CSR_SIREG5), HPM_UINH >> 32);
  CSR_WRITE_NUM(CSR_SIREG5, 0);
#endif
  CHECK_EQ(minstretcfg_read(), 0);
  mcyclecfg_write(0);

  /* scountinhibit: delegated bits only. */
  CSR_WRITE(mcounteren, (1u << 3) | (1u << 6));
  CSR_WRITE(mcountinhibit, (1u << 4) | (1u << 6));
  CHECK_EQ(CSR_READ_NUM(CSR_SCOUNTINHIBIT), 1u << 6);
  CSR_WRITE_NUM(CSR_SCOUNTINHIBIT, ~(uxlen_t)0);
  CHECK_EQ(CSR_READ(mcountinhibit), (1u << 3) | (1u << 4) | (1u << 6));
  CSR_WRITE_NUM(CSR_SCOUNTINHIBIT, 0);
  CHECK_EQ(CSR_READ(mcountinhibit), 1u << 4);
  CSR_WRITE(mcountinhibit, -1);

  /* S mode: mstateen0.CSRIND = 0 blocks siselect/sireg*, but not scountinhibit. */
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_traps_sireg, 3), 100);
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_traps_scountinhibit, 0), 0);
  set_csrind();
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_traps_sireg, 3), 0);
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_traps_sireg, 4), 1); /* not delegated */
  CHECK_EQ(hpm_run_in_mode(PRV_U, s_traps_sireg, 3), 100); /* SRW */
  CHECK_EQ(hpm_run_in_mode(PRV_U, s_traps_scountinhibit, 0), 1);

  /* S mode programs, runs and reads counter 3 itself: 20 NOPs and the stopping write. */
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_count, 3), 21);
  CHECK_EQ(mctr_read(3), 21);
  CHECK_EQ(mevent_read(3), EV_INSTRET);
  CHECK_EQ(CSR_READ(mcountinhibit) >> 3 & 1, 1);
  /* ... and an undelegated counter is out of its reach. */
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_count, 4), ~(uxlen_t)0);
  /* CDE = 0 takes everything back. */
  set_cde(0);
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_count, 3), ~(uxlen_t)0);
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_traps_scountinhibit, 0), 1);
  set_cde(1);

  /* Overflow through the delegated path: OF, scountovf, LCOFIP (delegated, not enabled). */
  CSR_WRITE(mideleg, MIDELEG_LCOF);
  CSR_CLEAR(mip, MIP_LCOFIP);
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_overflow, 3), 7);
  CHECK_EQ(mevent_read(3) >> 63, 1);
  CHECK_EQ(mctr_read(3), 17); /* -4 + 20 NOPs + the stopping write */
  CHECK_EQ(CSR_READ(mip) & MIP_LCOFIP, MIP_LCOFIP);
  CSR_CLEAR(mip, MIP_LCOFIP);
  CSR_WRITE(mideleg, 0);
  return 0;
}
