/* Reporting for the reference programs: prints counters as "<region>.<counter>=<value>"
 * lines through the platform's character output. Runs only while the counters are
 * stopped (after ENDREGION / after the "whole" stop), so it is never measured. */
#include <stdint.h>
#include "platform.h"

static void out_char(char c) { *(volatile uint8_t *)PLAT_CHAR_OUT = (uint8_t)c; }

static void out_str(const char *s) {
  while (*s) out_char(*s++);
}

/* Decimal without 64-bit division (no libgcc needed). */
static void out_dec(uint64_t v) {
  static const uint64_t pow10[] = {
    10000000000000000000ull, 1000000000000000000ull, 100000000000000000ull,
    10000000000000000ull, 1000000000000000ull, 100000000000000ull, 10000000000000ull,
    1000000000000ull, 100000000000ull, 10000000000ull, 1000000000ull, 100000000ull,
    10000000ull, 1000000ull, 100000ull, 10000ull, 1000ull, 100ull, 10ull, 1ull};
  int started = 0;
  for (unsigned i = 0; i < sizeof pow10 / sizeof pow10[0]; i++) {
    char d = '0';
    while (v >= pow10[i]) { v -= pow10[i]; d++; }
    if (d != '0' || started || i == sizeof pow10 / sizeof pow10[0] - 1) {
      out_char(d);
      started = 1;
    }
  }
}

static void out_hex(uint32_t v) {
  out_str("0x");
  for (int i = 28; i >= 0; i -= 4) out_char("0123456789abcdef"[(v >> i) & 15]);
}

static void line(const char *region, const char *counter, uint64_t v) {
  out_str(region);
  out_char('.');
  out_str(counter);
  out_char('=');
  out_dec(v);
  out_char('\n');
}

#define RD64(c) ({ uint32_t lo_, hi_;                        \
    __asm__ volatile("csrr %0, " #c : "=r"(lo_));            \
    __asm__ volatile("csrr %0, " #c "h" : "=r"(hi_));        \
    ((uint64_t)hi_ << 32) | lo_; })
#define REP(name, c) line(name, #c, RD64(c))

void pmu_report(const char *name) {
  REP(name, mcycle);
  REP(name, minstret);
  REP(name, mhpmcounter3);
  REP(name, mhpmcounter4);
  REP(name, mhpmcounter5);
  REP(name, mhpmcounter6);
  REP(name, mhpmcounter7);
  REP(name, mhpmcounter8);
  REP(name, mhpmcounter9);
  REP(name, mhpmcounter10);
  REP(name, mhpmcounter11);
  REP(name, mhpmcounter12);
#if PLAT_NUM_HPM > 10
  REP(name, mhpmcounter13);
  REP(name, mhpmcounter14);
  REP(name, mhpmcounter15);
  REP(name, mhpmcounter16);
  REP(name, mhpmcounter17);
  REP(name, mhpmcounter18);
  REP(name, mhpmcounter19);
  REP(name, mhpmcounter20);
  REP(name, mhpmcounter21);
  REP(name, mhpmcounter22);
  REP(name, mhpmcounter23);
  REP(name, mhpmcounter24);
  REP(name, mhpmcounter25);
  REP(name, mhpmcounter26);
  REP(name, mhpmcounter27);
  REP(name, mhpmcounter28);
  REP(name, mhpmcounter29);
  REP(name, mhpmcounter30);
  REP(name, mhpmcounter31);
#endif
}

/* Extra values a program wants checked (results, interrupt counts). */
void pmu_value(const char *name, const char *what, uint32_t v) { line(name, what, v); }

extern volatile uint32_t pmu_irq_count;

void pmu_finish(void) {
  out_str("pmu.irq_count=");
  out_dec(pmu_irq_count);
  out_str("\npmu.end=1\n");
#if defined(PLATFORM_IBEX)
  *(volatile uint32_t *)PLAT_HALT = 1;
#else
  *(volatile uint32_t *)PLAT_PASSFAIL = 123456789;
#endif
  for (;;) {}
}

void pmu_fatal(uint32_t mcause, uint32_t mepc) {
  out_str("pmu.fatal mcause=");
  out_hex(mcause);
  out_str(" mepc=");
  out_hex(mepc);
  out_char('\n');
#if defined(PLATFORM_IBEX)
  *(volatile uint32_t *)PLAT_HALT = 1;
#else
  *(volatile uint32_t *)PLAT_PASSFAIL = 1;
#endif
  for (;;) {}
}
