/* Recursion-heavy shapes for the profiler's bounds (tests/cli/profile_recursion.sh,
 * docs/profiling.md "Recursion"): a linear recursion DEPTH levels deep, mutual recursion as
 * deep, recursion through function pointers (a chain as deep and a binary tree walk), and a
 * longjmp out of a stack as deep. Each runs REPEAT times, so that the run's length changes
 * while the code (and so the profile's contexts) does not. The deep stacks run on a stack of
 * their own (the guest library's is 64 KiB). Prints "C name n": how often each function ran. */
#include "guest.h"

#ifndef DEPTH
#define DEPTH 12000
#endif
#ifndef REPEAT
#define REPEAT 1
#endif

static volatile unsigned long calls_deep, calls_even, calls_odd, calls_chain, calls_walk, calls_dive, calls_after;
static volatile long sink;
static volatile uint32_t data[64];

/* Each returns after a store that follows the call, so that GCC cannot turn the recursion
 * into a loop (its tail-recursion pass handles "return f(n - 1) + x"). */
__attribute__((noinline)) long deep(long n) {
  calls_deep++;
  if (n == 0) return 0;
  long r = deep(n - 1);
  sink = r;
  return r + data[n & 63];
}

long is_odd(long n);
__attribute__((noinline)) long is_even(long n) {
  calls_even++;
  if (n == 0) return 1;
  long r = is_odd(n - 1);
  sink = r;
  return r;
}
__attribute__((noinline)) long is_odd(long n) {
  calls_odd++;
  if (n == 0) return 0;
  long r = is_even(n - 1);
  sink = r;
  return r;
}

/* Recursion through a table of function pointers: chain calls itself through ops[]. */
long chain(long n);
long walk(long n);
static long (*volatile const ops[2])(long) = {chain, walk};
__attribute__((noinline)) long chain(long n) {
  calls_chain++;
  if (n == 0) return 1;
  long r = ops[0](n - 1);
  sink = r;
  return r + 1;
}
/* A complete binary tree of depth n, walked through the pointer table. */
__attribute__((noinline)) long walk(long n) {
  calls_walk++;
  if (n == 0) return 1;
  long a = ops[1](n - 1), b = ops[1](n - 1);
  sink = a;
  return a + b;
}

/* A longjmp from the bottom of a stack DEPTH deep back to the top (GCC's builtin setjmp: no
 * C library here). The profiler sees a jump, not a return: the frames it leaves behind go at
 * the next return that matches an older frame. */
static void *jump_buf[5];
__attribute__((noinline)) long dive(long n) {
  calls_dive++;
  if (n == 0) __builtin_longjmp(jump_buf, 1);
  long r = dive(n - 1);
  sink = r;
  return r + 1;
}
__attribute__((noinline)) long after(long n) {
  calls_after++;
  long s = 0;
  for (long i = 0; i < n; i++) s += data[i & 63] + i;
  return s;
}
__attribute__((noinline)) long jumper(long n) {
  if (__builtin_setjmp(jump_buf) == 0) dive(n);
  return after(100);
}

__attribute__((noinline)) long run_all(long n) {
  long r = 0;
  for (int k = 0; k < REPEAT; k++) {
    r += deep(n);
    r += is_even(n);
    r += chain(n);
    r += walk(12);
    r += jumper(n);
  }
  return r;
}

/* run_all(DEPTH) on a stack of its own, large enough for every recursion above. */
static uint64_t big_stack[DEPTH * 8] __attribute__((aligned(16)));
__attribute__((noinline)) static long on_big_stack(long n) {
  register long a0 __asm__("a0") = n;
  __asm__ volatile("mv s1, sp\n\t"
                   "mv sp, %1\n\t"
                   "call run_all\n\t"
                   "mv sp, s1"
                   : "+r"(a0)
                   : "r"(&big_stack[DEPTH * 8])
                   : "ra", "s1", "t0", "t1", "t2", "t3", "t4", "t5", "t6", "a1", "a2", "a3", "a4", "a5", "a6", "a7",
                     "memory");
  return a0;
}

static void count(const char *name, unsigned long n) {
  guest_puts("C ");
  guest_puts(name);
  guest_putc(' ');
  guest_put_dec(n);
  guest_putc('\n');
}

int main(void) {
  long r = on_big_stack(DEPTH);
  count("deep", calls_deep);
  count("is_even", calls_even);
  count("is_odd", calls_odd);
  count("chain", calls_chain);
  count("walk", calls_walk);
  count("dive", calls_dive);
  count("after", calls_after);
  guest_puts(r ? "done\n" : "zero\n");
  return 0;
}
