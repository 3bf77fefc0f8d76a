/* PMP and Smepmp on the Ibex simple system with PMPEnable=1: what each
 * access does in M and U mode (loads, stores, instruction fetches; misaligned ones that the
 * core splits into two word accesses; MPRV), with NAPOT, NA4 and TOR entries, their priority,
 * locked entries and mseccfg's RLB, MML and MMWP. Prints one line per case:
 *
 *     pmp u.napot_r.sw cycles=0x51 lsu=0x15 if=0x4 loads=0xa stores=0x9 cause=0x7 tval=0x140010
 *     pmp u.napot_r.lw cycles=0x56 ... cause=- value=0x5a4e0010
 *     pmp u.straddle32.exec cycles=... cause=0x1 tval=0x143100 epc=0x1430fe
 *
 * (all numbers as 8 hex digits; the cycles and the counters mhpmcounter3..6, NumCyclesLSU,
 * NumCyclesIF, NumLoads, NumStores, from just before the case's call to just after it, which
 * includes the way into and out of U mode and the trap handler; "cause=-": nothing trapped;
 * value: what a load read, or for stores the memory words around the address afterwards; epc
 * for instruction fetches, whose addresses do not depend on this program's layout), the CSR
 * values after writes, mcycle and minstret of the whole run, and "pmp.end=1". The same ELF ran
 * on the RTL (tests/reference/pmp-ibex-pmp16.csv); tests/profiles/pmp/compare.py runs it on
 * rvpmu and compares every line.
 *
 * MML and MMWP stay set until reset and a locked entry stays locked once RLB is clear, so the
 * phases run in this order: plain PMP (no lock), locks with RLB, locks without RLB, MML, MMWP.
 * The entries that keep the program itself running are set up on the way (pmp.ld's regions):
 * 12 the U code (X), 13 the M code (L R X), 14 data and stack (L R W), 15 the output device
 * (L R W). Entries 0..3 are the ones under test, over the test area TEST..TEST+0x10000. With
 * fewer than 16 entries (PMPNumRegions) only the plain phase runs, which needs entries 0..2,
 * with the U code in the last entry; without a PMP only the bus errors before it. */
#include <stdint.h>

#include "platform.h"

#define TEST 0x140000u
#define R 0x01u
#define W 0x02u
#define X 0x04u
#define TOR 0x08u
#define NA4 0x10u
#define NAPOT 0x18u
#define L 0x80u
#define MML 1u
#define MMWP 2u
#define RLB 4u
#define MSTATUS_MPRV (1u << 17)
#define MSTATUS_MPP (3u << 11)

#define LI_A0(imm) (((uint32_t)(imm) << 20) | 0x513u) /* addi a0, zero, imm */
#define ADDI_A0_1 0x00150513u                           /* addi a0, a0, 1 */
#define RET 0x00008067u                                 /* jalr zero, 0(ra) */
#define C_LI_A0_5 0x4515u                               /* c.li a0, 5 */
#define C_ADDI_A0_1 0x0505u                             /* c.addi a0, 1 */
#define C_RET 0x8082u                                   /* c.jr ra */

#define csr_write(csr, v) __asm__ volatile("csrw " #csr ", %0" ::"r"(v) : "memory")
#define csr_set(csr, v) __asm__ volatile("csrs " #csr ", %0" ::"r"(v) : "memory")
#define csr_clear(csr, v) __asm__ volatile("csrc " #csr ", %0" ::"r"(v) : "memory")
#define csr_read(csr)                                          \
  ({                                                           \
    uint32_t v_;                                               \
    __asm__ volatile("csrr %0, " #csr : "=r"(v_)::"memory"); \
    v_;                                                        \
  })

typedef uint32_t stub_fn(uint32_t addr, uint32_t value);
extern stub_fn pmp_m_lw, pmp_m_lh, pmp_m_lbu, pmp_m_sw, pmp_m_sh, pmp_m_sb;
extern stub_fn pmp_u_lw, pmp_u_lh, pmp_u_lbu, pmp_u_sw, pmp_u_sh, pmp_u_sb;
extern uint32_t pmp_run_user(stub_fn *fn, uint32_t a0, uint32_t a1);
extern uint32_t pmp_mprv_call(stub_fn *fn, uint32_t a0, uint32_t a1);
extern uint32_t pmp_read_pmpcfg0(void);
extern volatile int32_t pmp_cause;
extern volatile uint32_t pmp_tval, pmp_epc;

/* A word of the M code region and a RET in the data region (the M-mode lock cases). */
const uint32_t pmp_code_word = 0x0badc0deu; /* .rodata: in the M code region */
__attribute__((aligned(4))) uint32_t pmp_data_ret = RET;

static void out_char(char c) { *(volatile uint8_t *)PLAT_CHAR_OUT = (uint8_t)c; }
static void out_str(const char *s) { while (*s) out_char(*s++); }
static void out_hex(uint32_t v) {
  out_str("0x");
  for (int i = 28; i >= 0; i -= 4) out_char("0123456789abcdef"[(v >> i) & 15]);
}

/* pmpcfg/pmpaddr by number (CSR instructions name their CSR in the immediate). */
#define CFG_CASES(op) op(0, 0x3a0) op(1, 0x3a1) op(2, 0x3a2) op(3, 0x3a3)
#define ADDR_CASES(op)                                                                          \
  op(0, 0x3b0) op(1, 0x3b1) op(2, 0x3b2) op(3, 0x3b3) op(4, 0x3b4) op(5, 0x3b5) op(6, 0x3b6)   \
  op(7, 0x3b7) op(8, 0x3b8) op(9, 0x3b9) op(10, 0x3ba) op(11, 0x3bb) op(12, 0x3bc) op(13, 0x3bd) \
  op(14, 0x3be) op(15, 0x3bf)
#define READ_CASE(n, csr) case n: return csr_read(csr);
#define WRITE_CASE(n, csr) case n: csr_write(csr, v); return;
static uint32_t cfg_reg(unsigned n) { switch (n) { CFG_CASES(READ_CASE) } return 0; }
static void set_cfg_reg(unsigned n, uint32_t v) { switch (n) { CFG_CASES(WRITE_CASE) } }
static uint32_t addr_reg(unsigned i) { switch (i) { ADDR_CASES(READ_CASE) } return 0; }
static void set_addr(unsigned i, uint32_t v) { switch (i) { ADDR_CASES(WRITE_CASE) } }

/* Entry i's cfg byte := cfg (the other three of its register rewritten with their values). */
static void set_cfg(unsigned i, uint32_t cfg) {
  unsigned shift = 8 * (i % 4);
  set_cfg_reg(i / 4, (cfg_reg(i / 4) & ~(0xffu << shift)) | cfg << shift);
}
/* pmpaddr of the NAPOT region [base, base + size), size a power of two >= 8. */
static uint32_t napot(uint32_t base, uint32_t size) { return (base | (size / 2 - 1)) >> 2; }
static void napot_entry(unsigned i, uint32_t base, uint32_t size, uint32_t cfg) {
  set_addr(i, napot(base, size));
  set_cfg(i, NAPOT | cfg);
}

static void show(const char *name, uint32_t v) {
  out_str("pmp ");
  out_str(name);
  out_char('=');
  out_hex(v);
  out_char('\n');
}
static void show_cfg(const char *name) {
  out_str("pmp ");
  out_str(name);
  out_str(" pmpcfg0=");
  out_hex(cfg_reg(0));
  out_str(" pmpcfg3=");
  out_hex(cfg_reg(3));
  out_str(" mseccfg=");
  out_hex(csr_read(0x747));
  out_char('\n');
}

/* The counters at the start of a case (start()): mcycle, then mhpmcounter3..6. */
static uint32_t start_cycles, start_events[4];
static void start(void) {
  pmp_cause = -1;
  start_events[0] = csr_read(0xb03), start_events[1] = csr_read(0xb04);
  start_events[2] = csr_read(0xb05), start_events[3] = csr_read(0xb06);
  start_cycles = csr_read(mcycle);
}

enum { VALUE = 1, NO_VALUE = 0, EPC = 2 };
/* Prints the case's costs and outcome: the trap (cause, tval; epc with EPC) or, if nothing
 * trapped and with VALUE, `value`. */
static void report(const char *name, uint32_t value, int what) {
  uint32_t cycles = csr_read(mcycle) - start_cycles;
  uint32_t events[4] = {csr_read(0xb03) - start_events[0], csr_read(0xb04) - start_events[1],
                        csr_read(0xb05) - start_events[2], csr_read(0xb06) - start_events[3]};
  static const char *const names[4] = {" lsu=", " if=", " loads=", " stores="};
  out_str("pmp ");
  out_str(name);
  out_str(" cycles=");
  out_hex(cycles);
  for (unsigned k = 0; k < 4; k++) {
    out_str(names[k]);
    out_hex(events[k]);
  }
  out_str(" cause=");
  if (pmp_cause < 0) {
    out_char('-');
    if (what & VALUE) {
      out_str(" value=");
      out_hex(value);
    }
  } else {
    out_hex((uint32_t)pmp_cause);
    out_str(" tval=");
    out_hex(pmp_tval);
    if (what & EPC) {
      out_str(" epc=");
      out_hex(pmp_epc);
    }
  }
  out_char('\n');
}

/* One access by a stub, in M mode or (u) in U mode. */
static void m_access(const char *name, stub_fn *fn, uint32_t addr, uint32_t value, int what) {
  start();
  uint32_t r = fn(addr, value);
  report(name, r, what);
}
static void u_access(const char *name, stub_fn *fn, uint32_t addr, uint32_t value, int what) {
  start();
  uint32_t r = pmp_run_user(fn, addr, value);
  report(name, r, what);
}
/* An M-mode access with mstatus.MPRV set and MPP = U: U's permissions. */
static void mprv_access(const char *name, stub_fn *fn, uint32_t addr, uint32_t value) {
  start();
  uint32_t r = pmp_mprv_call(fn, addr, value);
  report(name, r, VALUE);
}
/* Calls code at `addr` (a0 = what it returns) in M or U mode. */
static void m_exec(const char *name, uint32_t addr) {
  start();
  uint32_t r = ((uint32_t (*)(void))addr)();
  report(name, r, VALUE | EPC);
}
static void u_exec(const char *name, uint32_t addr) {
  start();
  uint32_t r = pmp_run_user((stub_fn *)addr, 0, 0);
  report(name, r, VALUE | EPC);
}

/* Prints the two words around a store (what it wrote, partly or not at all). */
static void mem(const char *name, uint32_t addr) {
  volatile uint32_t *p = (volatile uint32_t *)(addr & ~3u);
  out_str("pmp ");
  out_str(name);
  out_str(" mem=");
  out_hex(p[0]);
  out_char(',');
  out_hex(p[1]);
  out_char('\n');
}

static uint32_t pattern(uint32_t a) { return a ^ 0x5a5a0000u; }
static void fill(uint32_t from, uint32_t to) {
  for (uint32_t a = from; a < to; a += 4) *(volatile uint32_t *)a = pattern(a);
}
static void put32(uint32_t a, uint32_t insn) {
  *(volatile uint16_t *)a = (uint16_t)insn;
  *(volatile uint16_t *)(a + 2) = (uint16_t)(insn >> 16);
}
static void put16(uint32_t a, uint32_t insn) { *(volatile uint16_t *)a = (uint16_t)insn; }
/* A function returning `value` at a. */
static void put_func(uint32_t a, uint32_t value) {
  put32(a, LI_A0(value));
  put32(a + 4, RET);
}
static void fence_i(void) { __asm__ volatile("fence.i" ::: "memory"); }
static void off(unsigned i) { set_cfg(i, 0); }

/* Bus errors (no PMP needed): aligned, and misaligned split as for the PMP, at the last word of
 * RAM and the unmapped one after it, or the unmapped word before RAM's first. */
static void bus_errors(void) {
  m_access("m.bus_error.lw", pmp_m_lw, 0x200000, 0, VALUE);
  m_access("m.bus_error.sw", pmp_m_sw, 0x200000, 0, VALUE);
  *(volatile uint32_t *)0x1ffffc = 0x01020304;
  m_access("m.mis.sw_bus_error", pmp_m_sw, 0x1ffffe, 0xa1b2c3d4, VALUE);
  out_str("pmp m.mis.sw_bus_error mem=");
  out_hex(*(volatile uint32_t *)0x1ffffc);
  out_char('\n');
  m_access("m.mis.lw_bus_error", pmp_m_lw, 0x1ffffe, 0, VALUE);
  m_access("m.mis.lw_bus_error_first", pmp_m_lw, 0x0ffffe, 0, VALUE); /* then the vectors */
}

/* Plain PMP: no entry locked, so M mode is unrestricted. */
static void plain(void) {
  u_access("u.unmatched.lw", pmp_u_lw, TEST, 0, VALUE);
  u_access("u.unmatched.sw", pmp_u_sw, TEST, 1, VALUE);
  m_access("m.unmatched.lw", pmp_m_lw, TEST, 0, VALUE);

  napot_entry(0, TEST, 0x1000, R);
  show_cfg("napot_r");
  u_access("u.napot_r.lw", pmp_u_lw, TEST + 0x10, 0, VALUE);
  u_access("u.napot_r.lw_last", pmp_u_lw, TEST + 0xffc, 0, VALUE);
  u_access("u.napot_r.lw_after", pmp_u_lw, TEST + 0x1000, 0, VALUE);
  u_access("u.napot_r.sw", pmp_u_sw, TEST + 0x10, 0x11111111, VALUE);
  m_access("m.napot_r.sw", pmp_m_sw, TEST + 0x14, 0x22222222, VALUE);
  mem("m.napot_r.sw", TEST + 0x10);
  u_exec("u.napot_r.exec", TEST + 0x800);
  set_cfg(0, NAPOT | R | W | X);
  u_exec("u.napot_rwx.exec", TEST + 0x800);
  u_access("u.napot_rwx.sb", pmp_u_sb, TEST + 0x21, 0xab, VALUE);
  mem("u.napot_rwx.sb", TEST + 0x20);
  /* Write-only (R=0 W=1) is reserved without MML: W reads 0. */
  set_cfg(0, NAPOT | W);
  show_cfg("napot_w_reserved");
  u_access("u.napot_w_reserved.sw", pmp_u_sw, TEST + 0x30, 3, VALUE);
  off(0);

  /* NA4: one word. */
  set_addr(1, (TEST + 0x1100) >> 2);
  set_cfg(1, NA4 | R | W);
  show_cfg("na4");
  u_access("u.na4.lw", pmp_u_lw, TEST + 0x1100, 0, VALUE);
  u_access("u.na4.lw_after", pmp_u_lw, TEST + 0x1104, 0, VALUE);
  u_access("u.na4.lw_before", pmp_u_lw, TEST + 0x10fc, 0, VALUE);
  u_access("u.na4.sb", pmp_u_sb, TEST + 0x1103, 0xcd, VALUE);
  mem("u.na4.sb", TEST + 0x1100);
  off(1);

  /* TOR: [pmpaddr1, pmpaddr2); empty when the bounds cross; entry 0 from address 0. */
  set_addr(1, (TEST + 0x1200) >> 2);
  set_addr(2, (TEST + 0x1300) >> 2);
  set_cfg(2, TOR | R | W);
  show_cfg("tor");
  u_access("u.tor.lw_first", pmp_u_lw, TEST + 0x1200, 0, VALUE);
  u_access("u.tor.lw_last", pmp_u_lw, TEST + 0x12fc, 0, VALUE);
  u_access("u.tor.lw_after", pmp_u_lw, TEST + 0x1300, 0, VALUE);
  u_access("u.tor.lw_before", pmp_u_lw, TEST + 0x11fc, 0, VALUE);
  set_addr(1, (TEST + 0x1300) >> 2);
  set_addr(2, (TEST + 0x1200) >> 2);
  u_access("u.tor_empty.lw", pmp_u_lw, TEST + 0x1200, 0, VALUE);
  off(2);
  set_addr(0, (TEST + 0x10) >> 2);
  set_cfg(0, TOR | R | X); /* [0, TEST + 0x10): the U code too */
  u_access("u.tor0.lw", pmp_u_lw, TEST + 0xc, 0, VALUE);
  u_access("u.tor0.lw_after", pmp_u_lw, TEST + 0x10, 0, VALUE);
  off(0);

  /* Priority: the lowest-numbered matching entry decides. */
  napot_entry(1, TEST + 0x1400, 0x400, R | W);
  napot_entry(0, TEST + 0x1400, 0x100, 0);
  u_access("u.priority_deny.lw", pmp_u_lw, TEST + 0x1400, 0, VALUE);
  u_access("u.priority_deny.lw_outside", pmp_u_lw, TEST + 0x1500, 0, VALUE);
  napot_entry(0, TEST + 0x1400, 0x400, R | W);
  napot_entry(1, TEST + 0x1400, 0x100, 0);
  u_access("u.priority_allow.lw", pmp_u_lw, TEST + 0x1400, 0, VALUE);
  off(0), off(1);

  /* Misaligned accesses: two word accesses, each checked on its own. */
  napot_entry(0, TEST + 0x1800, 0x100, R | W);
  u_access("u.mis.lw_second", pmp_u_lw, TEST + 0x18fe, 0, VALUE);
  u_access("u.mis.lw_first", pmp_u_lw, TEST + 0x17fe, 0, VALUE);
  u_access("u.mis.lh_second", pmp_u_lh, TEST + 0x18ff, 0, VALUE);
  u_access("u.mis.lh_inside", pmp_u_lh, TEST + 0x18fd, 0, VALUE);
  u_access("u.mis.lw_inside", pmp_u_lw, TEST + 0x1802, 0, VALUE);
  u_access("u.mis.sw_second", pmp_u_sw, TEST + 0x18fe, 0x11223344, VALUE);
  mem("u.mis.sw_second", TEST + 0x18fc);
  u_access("u.mis.sw_first", pmp_u_sw, TEST + 0x17fe, 0x55667788, VALUE);
  mem("u.mis.sw_first", TEST + 0x17fc);
  u_access("u.mis.sh_second", pmp_u_sh, TEST + 0x18ff, 0x99aa, VALUE);
  mem("u.mis.sh_second", TEST + 0x18fc);
  /* Two entries that allow one word each allow the access. */
  napot_entry(1, TEST + 0x1900, 0x100, R | W);
  u_access("u.mis.lw_two_entries", pmp_u_lw, TEST + 0x18fe, 0, VALUE);
  off(0), off(1);

  /* Instruction fetch: an instruction in two words needs both; mtval is the address of the
   * word that faults. */
  napot_entry(0, TEST + 0x3000, 0x100, X);
  put16(TEST + 0x30fc, C_LI_A0_5);
  put32(TEST + 0x30fe, ADDI_A0_1);
  put16(TEST + 0x3102, C_RET);
  fence_i();
  u_exec("u.straddle32.exec", TEST + 0x30fc);
  napot_entry(1, TEST + 0x3100, 0x100, X);
  u_exec("u.straddle32_two_entries.exec", TEST + 0x30fc);
  off(1);
  put16(TEST + 0x30fe, C_ADDI_A0_1);
  put16(TEST + 0x3100, C_RET);
  fence_i();
  u_exec("u.straddle16.exec", TEST + 0x30fc);
  off(0);
  u_exec("u.unmatched.exec", TEST + 0x800);

  /* MPRV: M-mode loads and stores with U's permissions (MPP = U); fetches unaffected. */
  napot_entry(0, TEST + 0x1800, 0x100, R);
  mprv_access("m.mprv.lw", pmp_m_lw, TEST + 0x1800, 0);
  mprv_access("m.mprv.sw", pmp_m_sw, TEST + 0x1800, 5);
  mprv_access("m.mprv.lw_unmatched", pmp_m_lw, TEST + 0x2000, 0);
  m_access("m.no_mprv.sw", pmp_m_sw, TEST + 0x1800, 6, VALUE);
  off(0);
}

/* Locked entries, first with RLB set (locks bypassed for writes), then without. */
static void locks(void) {
  csr_write(0x747, RLB);
  show("mseccfg_rlb", csr_read(0x747));
  put_func(TEST + 0x1880, 0x123);
  fence_i();
  napot_entry(0, TEST + 0x1800, 0x100, L | R);
  show_cfg("lock_r");
  m_access("m.lock_r.lw", pmp_m_lw, TEST + 0x1800, 0, VALUE);
  m_access("m.lock_r.sw", pmp_m_sw, TEST + 0x1800, 7, VALUE);
  m_exec("m.lock_r.exec", TEST + 0x1880);
  u_access("u.lock_r.lw", pmp_u_lw, TEST + 0x1800, 0, VALUE);
  u_access("u.lock_r.sw", pmp_u_sw, TEST + 0x1800, 7, VALUE);
  /* RLB: a locked entry's registers can be written. */
  set_addr(0, napot(TEST + 0x1c00, 0x100));
  show("rlb.pmpaddr0", addr_reg(0));
  set_cfg(0, NAPOT | R | W);
  show_cfg("rlb.unlocked");
  off(0);

  /* The program's own regions, locked: M mode keeps running. */
  napot_entry(12, 0x108000, 0x1000, X);
  napot_entry(13, 0x100000, 0x8000, L | R | X);
  napot_entry(14, 0x110000, 0x10000, L | R | W);
  napot_entry(15, PLAT_CHAR_OUT, 0x10000, L | R | W);
  show_cfg("own_regions");
  m_access("m.code.sw", pmp_m_sw, (uint32_t)&pmp_code_word, 0, VALUE);
  show("m.code.word", pmp_code_word);
  m_exec("m.data.exec", (uint32_t)&pmp_data_ret);
  m_access("m.timer.lw", pmp_m_lw, PLAT_MTIME, 0, NO_VALUE);

  /* A locked TOR entry (1) also locks the pmpaddr below it (0, itself unlocked). */
  set_addr(0, (TEST + 0x2800) >> 2);
  set_addr(1, (TEST + 0x2900) >> 2);
  set_cfg(1, L | TOR | R);
  csr_write(0x747, 0);
  show("mseccfg_rlb_cleared", csr_read(0x747));
  set_addr(0, 0x12345);
  set_addr(1, 0x12345);
  set_addr(13, 0x12345);
  show("locked.pmpaddr0", addr_reg(0));
  show("locked.pmpaddr1", addr_reg(1));
  show("locked.pmpaddr13", addr_reg(13));
  set_cfg_reg(0, 0);
  set_cfg_reg(3, NAPOT | X); /* entry 12 (the U code) unchanged */
  show_cfg("locked.cfg_cleared");
  csr_write(0x747, RLB);
  show("mseccfg_rlb_again", csr_read(0x747));
  m_access("m.tor_lock.lw", pmp_m_lw, TEST + 0x2800, 0, VALUE);
  m_access("m.tor_lock.sw", pmp_m_sw, TEST + 0x2800, 8, VALUE);
  m_access("m.tor_lock.lw_after", pmp_m_lw, TEST + 0x2900, 0, VALUE);
  u_access("u.tor_lock.lw", pmp_u_lw, TEST + 0x2800, 0, VALUE);
}

/* One region under an MML rule: every kind of access from M and U. */
static void mml_rule(const char *rule, unsigned entry, uint32_t base, uint32_t cfg) {
  static char name[48];
  napot_entry(entry, base, 0x100, cfg);
  char *p = name;
  for (const char *s = rule; *s; s++) *p++ = *s;
  show_cfg(rule);
  const char *kinds[] = {".m.lw", ".m.sw", ".m.exec", ".u.lw", ".u.sw", ".u.exec"};
  for (unsigned k = 0; k < 6; k++) {
    char *q = p;
    for (const char *s = kinds[k]; *s; s++) *q++ = *s;
    *q = 0;
    switch (k) {
      case 0: m_access(name, pmp_m_lw, base, 0, VALUE); break;
      case 1: m_access(name, pmp_m_sw, base + 4, 0x600d, VALUE); break;
      case 2: m_exec(name, base + 0x80); break;
      case 3: u_access(name, pmp_u_lw, base, 0, VALUE); break;
      case 4: u_access(name, pmp_u_sw, base + 8, 0x700d, VALUE); break;
      default: u_exec(name, base + 0x80); break;
    }
  }
}

/* Smepmp's machine mode lockdown (RLB clear: no rule letting M execute can be added). */
static void mml(void) {
  for (uint32_t a = TEST + 0x3800; a < TEST + 0x3e00; a += 0x100) put_func(a + 0x80, 0x40 + ((a >> 8) & 0xf));
  put_func(TEST + 0x4880, 0x48);
  fence_i();
  csr_write(0x747, MML);
  show("mseccfg_mml", csr_read(0x747));
  csr_write(0x747, 0);
  show("mseccfg_mml_sticky", csr_read(0x747));
  /* Rules that would let M execute are not added. */
  napot_entry(2, TEST + 0x3800, 0x100, L | X);
  show_cfg("mml.add_l_x");
  set_cfg(2, NAPOT | L | R | X);
  show_cfg("mml.add_l_rx");
  set_cfg(2, NAPOT | L | W);
  show_cfg("mml.add_l_w");
  set_cfg(2, NAPOT | L | W | X);
  show_cfg("mml.add_l_wx");
  /* Unlocked rules: S/U-mode-only, or shared data (R=0 W=1). */
  mml_rule("mml.w", 2, TEST + 0x3800, W);
  mml_rule("mml.wx", 2, TEST + 0x3900, W | X);
  mml_rule("mml.r", 2, TEST + 0x3a00, R);
  mml_rule("mml.rwx", 2, TEST + 0x3b00, R | W | X);
  off(2);
  /* Unmatched: M may read and write, not execute; U nothing. */
  m_access("mml.unmatched.m.lw", pmp_m_lw, TEST + 0x4800, 0, VALUE);
  m_access("mml.unmatched.m.sw", pmp_m_sw, TEST + 0x4804, 0x800d, VALUE);
  m_exec("mml.unmatched.m.exec", TEST + 0x4880);
  u_access("mml.unmatched.u.lw", pmp_u_lw, TEST + 0x4800, 0, VALUE);
  /* Locked rules (they stay): shared read-only, M-mode-only RW. */
  mml_rule("mml.l_rwx", 3, TEST + 0x3c00, L | R | W | X);
  mml_rule("mml.l_rw", 2, TEST + 0x3d00, L | R | W);
}

/* Smepmp's machine mode whitelist policy: M mode may not access unmatched memory either. */
static void mmwp(void) {
  csr_write(0x747, MMWP);
  show("mseccfg_mmwp", csr_read(0x747));
  m_access("mmwp.unmatched.m.lw", pmp_m_lw, TEST + 0x4800, 0, VALUE);
  m_access("mmwp.unmatched.m.sw", pmp_m_sw, TEST + 0x4804, 0, VALUE);
  m_access("mmwp.timer.m.lw", pmp_m_lw, PLAT_MTIME, 0, NO_VALUE);
  u_access("mmwp.unmatched.u.lw", pmp_u_lw, TEST + 0x4800, 0, VALUE);
  m_access("mmwp.tor_lock.m.lw", pmp_m_lw, TEST + 0x2800, 0, VALUE);
}

/* The number of entries: 0 if pmpcfg0 raises illegal instruction (PMPEnable=0), else the
 * highest pmpaddr that keeps a value (one that is not implemented reads 0). */
static unsigned entries(void) {
  pmp_cause = -1;
  pmp_read_pmpcfg0();
  if (pmp_cause >= 0) return 0;
  unsigned n = 16;
  while (n > 0) {
    set_addr(n - 1, ~0u);
    uint32_t v = addr_reg(n - 1);
    set_addr(n - 1, 0);
    if (v) break;
    n--;
  }
  return n;
}

void pmp_main(void) {
  fill(TEST, TEST + 0x5000);
  put_func(TEST + 0x800, 0x111);
  fence_i();
  unsigned n = entries();
  show("entries", n);
  bus_errors();
  if (n > 0) {
    napot_entry(n >= 16 ? 12 : n - 1, 0x108000, 0x1000, X); /* the U code */
    show_cfg("start");
    plain();
  }
  if (n >= 16) {
    locks();
    mml();
    mmwp();
  }
  uint32_t cycles = csr_read(mcycle), instret = csr_read(minstret);
  show("mcycle", cycles); /* the whole run, from reset */
  show("minstret", instret);
  out_str("pmp.end=1\n");
  *(volatile uint32_t *)PLAT_HALT = 1;
  for (;;) {}
}

void pmp_die(uint32_t mcause, uint32_t mepc) {
  out_str("pmp.fatal mcause=");
  out_hex(mcause);
  out_str(" mepc=");
  out_hex(mepc);
  out_char('\n');
  *(volatile uint32_t *)PLAT_HALT = 1;
  for (;;) {}
}
