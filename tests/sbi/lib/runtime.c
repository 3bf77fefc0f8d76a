/* Test runtime (see test.h): boot, console, checks, traps, U mode, secondary harts. */
#include <stdarg.h>
#include <stddef.h>

#include "lib/fdt.h"
#include "lib/lib.h"
#include "test.h"

#ifndef TEST_NAME
#define TEST_NAME "sbi-test"
#endif

struct machine machine;
unsigned long boot_hartid;
const void *boot_dtb;
volatile unsigned long checks_passed;
struct trap_record last_trap;
volatile int trap_expected;
void (*volatile interrupt_hook)(unsigned long cause);

/* ---- console ----
 * The SBI debug console (DBCN, SBI 2.0) when the firmware has it; else the legacy
 * console_putchar (EID 0x01, SBI 0.1: OpenSBI 1.1, which predates DBCN); else the ns16550 UART
 * of the device tree (0x10000000 on both virt machines), written directly from S mode. Chosen
 * by probing at boot (console_init) and again whenever a DBCN write fails, so that no output
 * is lost silently: a test that prints nothing has not passed (tests/run_all.sh wants the PASS
 * line). */

enum console_kind { CONSOLE_DBCN, CONSOLE_LEGACY, CONSOLE_UART };
static enum console_kind console_kind = CONSOLE_DBCN;
static volatile uint8_t *uart = (volatile uint8_t *)0x10000000UL;
#define UART_THR 0 /* transmit holding register */
#define UART_LSR 5 /* line status register */
#define UART_LSR_THRE 0x20

static bool extension_present(unsigned long eid) {
  struct sbiret r = sbi_probe_extension(eid);
  return r.error == SBI_SUCCESS && r.value != 0;
}

static void uart_putc(char c) {
  for (unsigned i = 0; i < 1000000 && !(uart[UART_LSR] & UART_LSR_THRE); i++) {
  }
  uart[UART_THR] = (uint8_t)c;
}

static void console_fallback(void) {
  console_kind = extension_present(SBI_EXT_LEGACY_CONSOLE_PUTCHAR) ? CONSOLE_LEGACY : CONSOLE_UART;
}

static void console_out(const char *s, size_t n) {
  while (n && console_kind == CONSOLE_DBCN) {
    struct sbiret r = sbi_debug_console_write(n, (unsigned long)s, 0);
    if (r.error || !r.value) {
      console_fallback();
      break;
    }
    s += r.value;
    n -= r.value;
  }
  for (; n; s++, n--) {
    if (console_kind == CONSOLE_LEGACY) sbi_ecall(SBI_EXT_LEGACY_CONSOLE_PUTCHAR, 0, (uint8_t)*s, 0, 0, 0, 0, 0);
    else uart_putc(*s);
  }
}

static void console_init(void) {
  if (!extension_present(SBI_EXT_DBCN)) console_fallback();
}

void tputs(const char *s) { console_out(s, strlen(s)); }

static void put_number(char *buf, size_t *n, size_t cap, unsigned long long v, unsigned base) {
  char d[24];
  int k = 0;
  do d[k++] = "0123456789abcdef"[v % base], v /= base;
  while (v);
  while (k && *n < cap) buf[(*n)++] = d[--k];
}

void tprintf(const char *fmt, ...) {
  char buf[256];
  size_t n = 0, cap = sizeof buf;
  va_list ap;
  va_start(ap, fmt);
  for (const char *p = fmt; *p && n < cap; p++) {
    if (*p != '%') {
      buf[n++] = *p;
      continue;
    }
    int longs = 0;
    while (*++p == 'l') longs++;
    if (!*p) break;
    switch (*p) {
      case 's':
        for (const char *s = va_arg(ap, const char *); *s && n < cap; s++) buf[n++] = *s;
        break;
      case 'd': {
        long long v = longs >= 2 ? va_arg(ap, long long) : longs ? va_arg(ap, long) : va_arg(ap, int);
        if (v < 0 && n < cap) buf[n++] = '-', v = -v;
        put_number(buf, &n, cap, (unsigned long long)v, 10);
        break;
      }
      case 'u':
      case 'x': {
        unsigned long long v = longs >= 2 ? va_arg(ap, unsigned long long)
                               : longs    ? va_arg(ap, unsigned long)
                                          : va_arg(ap, unsigned);
        put_number(buf, &n, cap, v, *p == 'u' ? 10 : 16);
        break;
      }
      default:
        buf[n++] = *p;
    }
  }
  va_end(ap);
  console_out(buf, n);
}

/* The SiFive test device ("sifive,test0"), written directly: exit status 1. */
static volatile uint32_t *test_device = (volatile uint32_t *)0x100000UL;
#define TEST_DEVICE_FAIL(code) ((uint32_t)(code) << 16 | 0x3333)

static void power_off_failed(void) {
  trap_expected = 1; /* a fault here must not recurse into test_fail */
  *test_device = TEST_DEVICE_FAIL(1);
  trap_expected = 0;
}

void test_fail(const char *file, int line, const char *what) {
  (void)file, (void)line, (void)what;
  tprintf("FAIL %s (after %lu checks)\n", TEST_NAME, checks_passed);
  /* rvpmu's firmware powers off with exit status 1 for SYSTEM_FAILURE (docs/sbi.md). Other
   * firmware may not pass the reason on: OpenSBI 1.1's sifive_test driver writes 0x3333 without
   * an exit code, which both QEMU and rvpmu take as exit status 0. A failed test must fail the
   * run, so then the runtime writes the test device itself. */
  if (machine.firmware != FIRMWARE_RVPMU) power_off_failed();
  sbi_system_reset(SBI_SRST_TYPE_SHUTDOWN, SBI_SRST_REASON_SYSTEM_FAILURE);
  tputs("system_reset returned\n");
  power_off_failed();
  for (;;) __asm__ volatile("wfi");
}

/* ---- the machine, from the device tree ---- */

/* Value of `key=` in the command line as a number, or -1. */
static long bootarg(const char *args, const char *key) {
  size_t klen = strlen(key);
  for (const char *p = args; *p;) {
    while (*p == ' ') p++;
    if (!strncmp(p, key, klen) && p[klen] == '=') {
      const char *v = p + klen + 1;
      if (!strncmp(v, "rvpmu", 5)) return 1;
      if (!strncmp(v, "qemu", 4)) return 0;
      long n = 0;
      while (*v >= '0' && *v <= '9') n = n * 10 + (*v++ - '0');
      return n;
    }
    while (*p && *p != ' ') p++;
  }
  return -1;
}

static void machine_read(const void *dtb) {
  struct fdt f;
  if (fdt_open(&f, dtb) < 0) {
    tputs("cannot read the device tree\n");
    test_fail(__FILE__, __LINE__, "dtb");
  }
  const char *args = "";
  int depth = 0, len, node;
  const char *parent[16] = {0};
  for (node = fdt_node_next(&f, -1, &depth); node >= 0; node = fdt_node_next(&f, node, &depth)) {
    if (depth >= 16) continue;
    const char *name = fdt_node_name(&f, node);
    parent[depth] = name;
    if (depth == 1 && !strcmp(name, "chosen")) {
      const char *v = fdt_prop_get(&f, node, "bootargs", &len);
      if (v && len > 0 && v[len - 1] == '\0') args = v;
    }
    const void *dev_reg = fdt_prop_get(&f, node, "reg", &len);
    if (dev_reg && len >= 8 && fdt_prop_has_string(&f, node, "compatible", "ns16550a"))
      uart = (volatile uint8_t *)(unsigned long)((uint64_t)fdt_cell(dev_reg, 0) << 32 | fdt_cell(dev_reg, 1));
    if (dev_reg && len >= 8 && fdt_prop_has_string(&f, node, "compatible", "sifive,test0"))
      test_device = (volatile uint32_t *)(unsigned long)((uint64_t)fdt_cell(dev_reg, 0) << 32 | fdt_cell(dev_reg, 1));
    if (depth == 1 && !strncmp(name, "memory@", 7) && !machine.ram_size) {
      const void *reg = fdt_prop_get(&f, node, "reg", &len);
      if (reg && len >= 16) {
        machine.ram_base = (uint64_t)fdt_cell(reg, 0) << 32 | fdt_cell(reg, 1);
        machine.ram_size = (uint64_t)fdt_cell(reg, 2) << 32 | fdt_cell(reg, 3);
      }
    }
    if (depth == 2 && !strcmp(parent[1], "cpus") && !strncmp(name, "cpu@", 4)) {
      const void *reg = fdt_prop_get(&f, node, "reg", &len);
      const char *status = fdt_prop_get(&f, node, "status", &len);
      if (reg && (!status || !strcmp(status, "okay"))) {
        machine.hart_mask |= 1u << fdt_cell(reg, 0);
        machine.harts++;
        /* riscv,isa: "rv64" and the single-letter extensions up to the first '_'. */
        const char *isa = fdt_prop_get(&f, node, "riscv,isa", &len);
        if (isa && len > 4 && isa[len - 1] == '\0') {
          for (const char *c = isa + 4; *c && *c != '_'; c++) {
            if (*c == 'h') machine.h_ext = true;
            if (*c == 'f') machine.f_ext = true;
            if (*c == 'd') machine.d_ext = true;
          }
        }
      }
    }
  }
  long platform = bootarg(args, "platform"), hpm = bootarg(args, "hpm"), width = bootarg(args, "width"),
       sscof = bootarg(args, "sscofpmf");
  if (platform < 0 || hpm < 0 || width < 0 || sscof < 0) {
    tprintf("bootargs '%s' lack platform=, hpm=, width=, sscofpmf= (run through tests/run_all.sh)\n", args);
    test_fail(__FILE__, __LINE__, "bootargs");
  }
  machine.rvpmu = platform == 1;
  machine.misaligned_traps = bootarg(args, "misaligned_traps") == 1; /* optional: 0 (hardware) */
  long pmp = bootarg(args, "pmp");
  machine.pmp = pmp < 0 ? 16 : (unsigned)pmp;
  machine.hpm = (unsigned)hpm;
  machine.width = (unsigned)width;
  machine.sscofpmf = sscof != 0;
}

/* Which SBI implementation this is, from Base get_impl_id (spec 4.2; the ids: 4.9, 1 = OpenSBI). */
static void firmware_identify(void) {
  struct sbiret id = sbi_get_impl_id();
  machine.firmware = id.error != SBI_SUCCESS          ? FIRMWARE_OTHER
                     : id.value == SBI_IMPL_ID_RVPMU   ? FIRMWARE_RVPMU
                     : id.value == SBI_IMPL_ID_OPENSBI ? FIRMWARE_OPENSBI
                                                       : FIRMWARE_OTHER;
}

/* Says which firmware it is when it is not rvpmu's: the expected answers depend on it
 * (docs/sbi.md, "Compared with OpenSBI"). */
static void firmware_report(void) {
  if (machine.firmware == FIRMWARE_RVPMU) return;
  struct sbiret id = sbi_get_impl_id(), ver = sbi_get_impl_version(), spec = sbi_get_spec_version();
  tprintf("sbi: %s (impl id %lu, version 0x%lx), SBI spec %lu.%lu, console %s\n",
          machine.firmware == FIRMWARE_OPENSBI ? "OpenSBI" : "unknown firmware, expecting rvpmu's answers", id.value,
          ver.value, spec.value >> 24 & 0x7f, spec.value & 0xffffff,
          console_kind == CONSOLE_DBCN ? "DBCN" : console_kind == CONSOLE_LEGACY ? "legacy putchar" : "UART");
}

void test_boot(unsigned long hartid, const void *dtb);
void test_boot(unsigned long hartid, const void *dtb) {
  boot_hartid = hartid;
  boot_dtb = dtb;
  console_init();
  firmware_identify();
  machine_read(dtb);
  firmware_report();
  int r = main();
  if (r != 0) {
    tprintf("main returned %d\n", r);
    test_fail(__FILE__, __LINE__, "main");
  }
  test_pass();
}

void test_pass(void) {
  /* A test that checked nothing has not shown anything: it fails. */
  if (!checks_passed) {
    tputs("no checks ran\n");
    test_fail(__FILE__, __LINE__, "checks");
  }
  tprintf("PASS %s (%lu checks)\n", TEST_NAME, checks_passed);
  sbi_system_reset(SBI_SRST_TYPE_SHUTDOWN, SBI_SRST_REASON_NONE);
  tputs("system_reset returned\n");
  power_off_failed();
  for (;;) __asm__ volatile("wfi");
}

/* ---- traps ---- */

struct s_frame {
  unsigned long regs[32];
  unsigned long sepc, sstatus, pad[2];
};

extern char umode_resume[];
void s_trap(struct s_frame *f);

void s_trap(struct s_frame *f) {
  unsigned long cause = csr_read(CSR_SCAUSE), tval = csr_read(CSR_STVAL);
  if (cause & SCAUSE_INTERRUPT) {
    if (!interrupt_hook) {
      tprintf("unexpected interrupt, scause 0x%lx\n", cause);
      test_fail(__FILE__, __LINE__, "interrupt");
    }
    interrupt_hook(cause & ~SCAUSE_INTERRUPT);
    return;
  }
  if (cause == CAUSE_USER_ECALL) { /* umode_call's way back (crt0.S) */
    f->sepc = (unsigned long)umode_resume;
    f->sstatus |= MSTATUS_SPP;
    return;
  }
  last_trap.scause = cause;
  last_trap.sepc = f->sepc;
  last_trap.stval = tval;
  last_trap.count++;
  if (!trap_expected) {
    tprintf("unexpected trap: scause 0x%lx sepc 0x%lx stval 0x%lx\n", cause, f->sepc, tval);
    test_fail(__FILE__, __LINE__, "trap");
  }
  uint16_t first = *(volatile uint16_t *)f->sepc;
  f->sepc += (first & 3) == 3 ? 4 : 2;
}

/* ---- harts ---- */

struct secondary {
  unsigned long stack_top; /* crt0.S reads it first */
  void (*fn)(unsigned long hartid, void *arg);
  void *arg;
};

#define SECONDARY_STACK 8192
static struct secondary secondaries[8];
static char secondary_stacks[8][SECONDARY_STACK] __attribute__((aligned(16)));

void secondary_boot(unsigned long hartid, struct secondary *s);
void secondary_boot(unsigned long hartid, struct secondary *s) {
  s->fn(hartid, s->arg);
  sbi_hart_stop();
  tputs("hart_stop returned\n");
  test_fail(__FILE__, __LINE__, "hart_stop");
}

unsigned long secondary_prepare(unsigned long hartid, void (*fn)(unsigned long, void *), void *arg) {
  struct secondary *s = &secondaries[hartid & 7];
  s->stack_top = (unsigned long)(secondary_stacks[hartid & 7] + SECONDARY_STACK);
  s->fn = fn;
  s->arg = arg;
  __asm__ volatile("fence rw, rw" ::: "memory");
  return (unsigned long)s;
}

struct sbiret secondary_start(unsigned long hartid, void (*fn)(unsigned long, void *), void *arg) {
  return sbi_hart_start(hartid, (unsigned long)secondary_entry, secondary_prepare(hartid, fn, arg));
}

void wait_for(volatile unsigned long *flag, unsigned long value) {
  for (unsigned long i = 0; i < 200000000UL; i++)
    if (*flag == value) return;
  tprintf("timed out waiting for %lu\n", value);
  test_fail(__FILE__, __LINE__, "wait_for");
}

long other_hart(void) {
  for (unsigned long h = 0; h < 32; h++)
    if ((machine.hart_mask >> h & 1) && h != boot_hartid) return (long)h;
  return -1;
}

/* ---- counters ---- */

#define CTR_CASES(X)                                                                                \
  X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15) X(16) X(17) \
  X(18) X(19) X(20) X(21) X(22) X(23) X(24) X(25) X(26) X(27) X(28) X(29) X(30) X(31)

static unsigned long uctr_lo(unsigned idx) {
  switch (idx) {
#define X_(i) case i: return csr_read(CSR_CYCLE + i);
    CTR_CASES(X_)
#undef X_
  }
  return 0;
}

#if XLEN == 32
static unsigned long uctr_hi(unsigned idx) {
  switch (idx) {
#define X_(i) case i: return csr_read(0xc80 + i);
    CTR_CASES(X_)
#undef X_
  }
  return 0;
}
#endif

uint64_t uctr_read(unsigned idx) {
#if XLEN == 32
  for (;;) {
    unsigned long hi = uctr_hi(idx), lo = uctr_lo(idx);
    if (uctr_hi(idx) == hi) return (uint64_t)hi << 32 | lo;
  }
#else
  return uctr_lo(idx);
#endif
}

uint64_t fw_counter_value(unsigned long idx) {
  struct sbiret lo = sbi_pmu_counter_fw_read(idx), hi = sbi_pmu_counter_fw_read_hi(idx);
  CHECK_EQ(lo.error, SBI_SUCCESS);
  /* fw_read_hi came with SBI 2.0: OpenSBI 1.1 (SBI 1.0) answers NOT_SUPPORTED, and its firmware
   * counters are XLEN bits wide anyway. */
  CHECK_EQ(hi.error, BY_FW(SBI_SUCCESS, SBI_ERR_NOT_SUPPORTED));
#if XLEN == 32
  return (uint64_t)hi.value << 32 | lo.value;
#else
  CHECK_EQ(hi.value, 0); /* fw_read_hi "always returns zero" on RV64 */
  return lo.value;
#endif
}
