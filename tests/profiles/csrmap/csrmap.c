/* Walks the whole CSR address space (0x000..0xfff) in M mode and prints, for every CSR that
 * can be read, its value at that point and what it holds after writing all ones, zero,
 * 0x5a5a5a5a and 0xa5a5a5a5 (each write followed by restoring the old value):
 *
 *     csr 0x300 r=0x00001800 w1=0x00001888 w0=0x00000000 w5a=0x00001808 wa5=0x00001880
 *
 * The writes say "trap" when the write raises illegal instruction (read-only CSRs) and
 * "skip" where writing would change what the rest of the walk reads (anything but all ones
 * into mcountinhibit would start the frozen counters). The write stubs of the PMP CSRs guard
 * their values (csrmap_guard.S): pmpcfg without lock bits, mseccfg without MML and MMWP, as
 * neither can be undone before reset. Every CSR whose read traps is counted, and the last
 * line gives that count: together the lines cover all 4096 addresses. The same ELF runs on
 * the RTL (tests/reference/csrmap-*.csv) and on rvpmu (tests/profiles/csrmap/run.sh).
 *
 * First, before anything can trap, it prints the reset values of the CSRs a trap changes
 * (mstatus, mepc, mcause, mtval; mip, mie; Ibex's cpuctrlsts last: it traps elsewhere):
 *
 *     reset 0x300=0x00000080        (or "reset 0x7c0=trap")
 *
 * Before the walk the counters are stopped (mcountinhibit = ~0, in csrmap_start.S) and
 * zeroed, so every counter reads 0. The trap CSRs (mepc, mcause, mtval) read what the
 * walk's own last illegal-instruction trap left in them, which is part of the comparison. */
#include <stdint.h>
#include "platform.h"

#define CSR_MCOUNTINHIBIT 0x320

static void out_char(char c) { *(volatile uint8_t *)PLAT_CHAR_OUT = (uint8_t)c; }
static void out_str(const char *s) { while (*s) out_char(*s++); }
static void out_hex(uint32_t v, int digits) {
  out_str("0x");
  for (int i = (digits - 1) * 4; i >= 0; i -= 4) out_char("0123456789abcdef"[(v >> i) & 15]);
}

extern char csrmap_read[], csrmap_write[];
extern volatile uint32_t csrmap_exc_sts, csrmap_nest;

/* Calls stub `n` of `table` with a1 = value; returns whether it trapped, the CSR's old
 * value (csrrs/csrrw's rd) in *old. The trap handler clobbers t0 and sets t1. */
static int stub(const char *table, unsigned n, uint32_t value, uint32_t *old) {
  register uint32_t a0 __asm__("a0");
  register uint32_t a1 __asm__("a1") = value;
  register uint32_t t1 __asm__("t1") = 0;
  register const char *t2 __asm__("t2") = table + 8 * n;
  __asm__ volatile("jalr ra, 0(t2)" : "=r"(a0), "+r"(t1) : "r"(a1), "r"(t2) : "ra", "t0", "memory");
  *old = a0;
  return (int)t1;
}

static int csr_read(unsigned n, uint32_t *v) { return stub(csrmap_read, n, 0, v); }
static int csr_write(unsigned n, uint32_t v) { uint32_t old; return stub(csrmap_write, n, v, &old); }

/* Writes `v`, reads back, restores `old`; prints " name=value" (or trap). */
static void probe_write(const char *name, unsigned n, uint32_t v, uint32_t old) {
  uint32_t back;
  out_str(name);
  if (csr_write(n, v)) {
    out_str("trap");
    return;
  }
  if (csr_read(n, &back)) back = 0xdeadbeef; /* cannot happen: it was readable */
  (void)csr_write(n, old);
  out_hex(back, 8);
}

static const unsigned reset_csrs[] = {0x300, 0x304, 0x341, 0x342, 0x343, 0x344, 0x7c0};

void csrmap_main(void) {
  for (unsigned i = 0; i < sizeof reset_csrs / sizeof reset_csrs[0]; i++) {
    uint32_t v;
    out_str("reset ");
    out_hex(reset_csrs[i], 3);
    out_char('=');
    if (csr_read(reset_csrs[i], &v)) out_str("trap");
    else out_hex(v, 8);
    out_char('\n');
  }
  /* Zero every counter that exists (mcycle..mhpmcounter31 and their high halves). */
  for (unsigned n = 0xb00; n < 0xba0; n++)
    if (n < 0xb20 || n >= 0xb80) (void)csr_write(n, 0);
  unsigned traps = 0;
  for (unsigned n = 0; n < 4096; n++) {
    uint32_t v;
    if (csr_read(n, &v)) {
      traps++;
      continue;
    }
    out_str("csr ");
    out_hex(n, 3);
    out_str(" r=");
    out_hex(v, 8);
    probe_write(" w1=", n, 0xffffffffu, v);
    if (n == CSR_MCOUNTINHIBIT) {
      out_str(" w0=skip w5a=skip wa5=skip");
    } else {
      probe_write(" w0=", n, 0, v);
      probe_write(" w5a=", n, 0x5a5a5a5au, v); /* alternating bits: WARL fields that are */
      probe_write(" wa5=", n, 0xa5a5a5a5u, v); /* legalized, not just masked */
    }
    out_char('\n');
  }
#if defined(PLATFORM_IBEX)
  /* Ibex's cpuctrlsts: sync_exc_seen (bit 6) while a handler runs, cleared by MRET;
   * double_fault_seen (bit 7) after an exception inside a handler, sticky. */
  uint32_t v;
  (void)csr_read(0x7b0, &v); /* dcsr: traps */
  out_str("exc cpuctrlsts handler=");
  out_hex(csrmap_exc_sts, 8);
  (void)csr_read(0x7c0, &v);
  out_str(" mret=");
  out_hex(v, 8);
  csrmap_nest = 1;
  (void)csr_read(0x7b0, &v);
  out_str(" nested_handler=");
  out_hex(csrmap_exc_sts, 8);
  (void)csr_read(0x7c0, &v);
  out_str(" nested_mret=");
  out_hex(v, 8);
  (void)csr_write(0x7c0, 0);
  (void)csr_read(0x7c0, &v);
  out_str(" cleared=");
  out_hex(v, 8);
  out_char('\n');
#endif
  out_str("csrmap.read_traps=");
  out_hex(traps, 3);
  out_str("\ncsrmap.end=1\n");
#if defined(PLATFORM_IBEX)
  *(volatile uint32_t *)PLAT_HALT = 1;
#else
  *(volatile uint32_t *)PLAT_PASSFAIL = 123456789;
#endif
  for (;;) {}
}

void csrmap_die(uint32_t mcause, uint32_t mepc) {
  out_str("csrmap.fatal mcause=");
  out_hex(mcause, 8);
  out_str(" mepc=");
  out_hex(mepc, 8);
  out_char('\n');
#if defined(PLATFORM_IBEX)
  *(volatile uint32_t *)PLAT_HALT = 1;
#else
  *(volatile uint32_t *)PLAT_PASSFAIL = 1;
#endif
  for (;;) {}
}
