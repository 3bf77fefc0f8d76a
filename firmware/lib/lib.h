/* Freestanding helpers: the few libc string functions the firmware (and GCC's code generation)
 * needs, spin locks and atomics. No libc is linked. */
#ifndef FW_LIB_H
#define FW_LIB_H

#include <stddef.h>
#include <stdint.h>

void *memset(void *dst, int c, size_t n);
void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);

/* A test-and-set lock. Holders never take traps (M mode runs with interrupts off), so a plain
 * spin is enough; callers that may wait for another hart's work pass a `poll` callback that is
 * run while spinning (ipi_process, so two harts that wait for each other make progress). */
typedef struct {
  volatile int taken; /* 0 free, 1 held */
} spinlock_t;
void spin_lock(spinlock_t *l, void (*poll)(void));
void spin_unlock(spinlock_t *l);

static inline unsigned long atomic_or(volatile unsigned long *p, unsigned long v) {
  unsigned long old;
#if __riscv_xlen == 64
  __asm__ volatile("amoor.d.aqrl %0, %2, %1" : "=r"(old), "+A"(*p) : "r"(v) : "memory");
#else
  __asm__ volatile("amoor.w.aqrl %0, %2, %1" : "=r"(old), "+A"(*p) : "r"(v) : "memory");
#endif
  return old;
}

static inline unsigned long atomic_swap(volatile unsigned long *p, unsigned long v) {
  unsigned long old;
#if __riscv_xlen == 64
  __asm__ volatile("amoswap.d.aqrl %0, %2, %1" : "=r"(old), "+A"(*p) : "r"(v) : "memory");
#else
  __asm__ volatile("amoswap.w.aqrl %0, %2, %1" : "=r"(old), "+A"(*p) : "r"(v) : "memory");
#endif
  return old;
}

#define barrier() __asm__ volatile("fence rw, rw" ::: "memory")

/* Index of the lowest / highest set bit of a non-zero word. */
static inline unsigned bit_ffs(unsigned long v) { return (unsigned)__builtin_ctzl(v); }
static inline unsigned bit_fls(unsigned long v) { return (unsigned)(__riscv_xlen - 1 - __builtin_clzl(v)); }

#endif
