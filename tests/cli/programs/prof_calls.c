/* Functions that measure themselves for the profiler test (tests/cli/profile.sh): for each one,
 * a harness (prof_measure.S) reads mcycle, minstret and mhpmcounter3..6 (programmed with the
 * selectors SEL3..SEL6 given at build time) around one call, and main prints the six deltas
 * ("M name d0 .. d5") and how often each function ran ("C name n"). The host compares them
 * with `rvpmu report --json`: exact equality for every event. Covers a leaf with loads and
 * stores, recursion, mutual recursion, indirect calls, a tail call, an interrupt handler that
 * runs inside a function, and a longjmp-like unwind. */
#include "hpm_util.h"

#ifndef SEL3
#define SEL3 0
#define SEL4 0
#define SEL5 0
#define SEL6 0
#endif

uxlen_t m_before[6], m_after[6];
static volatile unsigned long calls_leaf, calls_fib, calls_even, calls_odd, calls_op, calls_indirect, calls_tail_b,
    calls_spin;
static volatile uint32_t data[64];

#define MEASURED(name) long measure_##name(long arg)
MEASURED(leaf);
MEASURED(fib);
MEASURED(is_even);
MEASURED(indirect);
MEASURED(tail_a);
MEASURED(spin);
MEASURED(unwind);

__attribute__((noinline)) long leaf(long n) {
  calls_leaf++;
  uint32_t s = 0;
  for (long i = 0; i < n; i++) {
    s += data[i & 63];
    data[(i * 7) & 63] = s;
  }
  return s;
}

__attribute__((noinline)) long fib(long n) {
  calls_fib++;
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

long is_odd(long n);
__attribute__((noinline)) long is_even(long n) {
  calls_even++;
  return n == 0 ? 1 : is_odd(n - 1);
}
__attribute__((noinline)) long is_odd(long n) {
  calls_odd++;
  return n == 0 ? 0 : is_even(n - 1);
}

__attribute__((noinline)) static long op_add(long x) { calls_op++; return x + 3; }
__attribute__((noinline)) static long op_mul(long x) { calls_op++; return x * 5; }
__attribute__((noinline)) static long op_div(long x) { calls_op++; return x / 3 + x % 7; }
static long (*volatile const ops[3])(long) = {op_add, op_mul, op_div};
__attribute__((noinline)) long indirect(long n) {
  calls_indirect++;
  long s = 0;
  for (long i = 0; i < n; i++) s += ops[i % 3](i);
  return s;
}

__attribute__((noinline)) long tail_b(long n) {
  calls_tail_b++;
  return n * n + data[n & 63];
}

static volatile int irq_seen;
static void on_timer(uxlen_t mcause) {
  (void)mcause;
  irq_seen++;
  clint_set_mtimecmp(ALL_ONES64);
}
__attribute__((noinline)) long spin(long n) {
  calls_spin++;
  irq_seen = 0;
  clint_set_mtimecmp(clint_mtime() + (uint64_t)n);
  CSR_SET(mie, 1UL << IRQ_MTI);
  CSR_SET(mstatus, MSTATUS_MIE);
  long loops = 0;
  while (!irq_seen) loops++;
  CSR_CLEAR(mstatus, MSTATUS_MIE);
  return loops;
}

long unwind(long n); /* prof_measure.S */
static void print(const char *name) {
  guest_puts("M ");
  guest_puts(name);
  for (int k = 0; k < 6; k++) {
    guest_putc(' ');
    guest_put_dec((uxlen_t)(m_after[k] - m_before[k]));
  }
  guest_putc('\n');
}

static void count(const char *name, unsigned long n) {
  guest_puts("C ");
  guest_puts(name);
  guest_putc(' ');
  guest_put_dec(n);
  guest_putc('\n');
}

extern char prof_vectors[]; /* prof_measure.S */

int main(void) {
  interrupt_hook = on_timer;
  CSR_WRITE(mtvec, (uxlen_t)prof_vectors | 1);
  CSR_WRITE(mhpmevent3, SEL3);
  CSR_WRITE(mhpmevent4, SEL4);
  CSR_WRITE(mhpmevent5, SEL5);
  CSR_WRITE(mhpmevent6, SEL6);
#ifdef LATSEL /* MicroBlaze V: the first latency pair (after 5 event counters) sums a latency */
  CSR_WRITE(mhpmevent8, LATSEL);
#endif
  CSR_WRITE(mcountinhibit, 0);
  long r = 0;
  r += measure_leaf(100);
  print("leaf");
  r += measure_fib(10);
  print("fib");
  r += measure_is_even(21);
  print("is_even");
  r += measure_indirect(30);
  print("indirect");
  r += measure_tail_a(5);
  print("tail_a");
  r += measure_spin(300);
  print("spin");
  r += measure_unwind(6);
  print("unwind");
  count("leaf", calls_leaf);
  count("fib", calls_fib);
  count("is_even", calls_even);
  count("is_odd", calls_odd);
  count("indirect", calls_indirect);
  count("tail_b", calls_tail_b);
  count("spin", calls_spin);
#ifdef LATSEL
  guest_puts("L ");
  guest_put_dec(CSR_READ(mhpmcounter8));
  guest_putc('\n');
#endif
  guest_puts(r ? "done\n" : "zero\n");
  return 0;
}
