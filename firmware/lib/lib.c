/* Freestanding string functions and spin locks (see lib.h). */
#include "lib/lib.h"

void *memset(void *dst, int c, size_t n) {
  unsigned char *d = dst;
  while (n--) *d++ = (unsigned char)c;
  return dst;
}

void *memcpy(void *dst, const void *src, size_t n) {
  unsigned char *d = dst;
  const unsigned char *s = src;
  while (n--) *d++ = *s++;
  return dst;
}

void *memmove(void *dst, const void *src, size_t n) {
  unsigned char *d = dst;
  const unsigned char *s = src;
  if (d <= s) return memcpy(dst, src, n);
  while (n--) d[n] = s[n]; /* from the end: the regions overlap with dst above src */
  return dst;
}

int memcmp(const void *a, const void *b, size_t n) {
  const unsigned char *x = a, *y = b;
  for (; n; n--, x++, y++)
    if (*x != *y) return *x - *y;
  return 0;
}

size_t strlen(const char *s) {
  size_t n = 0;
  while (s[n]) n++;
  return n;
}

int strcmp(const char *a, const char *b) {
  while (*a && *a == *b) a++, b++;
  return (unsigned char)*a - (unsigned char)*b;
}

int strncmp(const char *a, const char *b, size_t n) {
  for (; n; n--, a++, b++) {
    if (*a != *b) return (unsigned char)*a - (unsigned char)*b;
    if (!*a) return 0;
  }
  return 0;
}

void spin_lock(spinlock_t *l, void (*poll)(void)) {
  for (;;) {
    int old;
    __asm__ volatile("amoswap.w.aq %0, %2, %1" : "=r"(old), "+A"(l->taken) : "r"(1) : "memory");
    if (!old) return;
    while (l->taken)
      if (poll) poll();
  }
}

void spin_unlock(spinlock_t *l) { __asm__ volatile("amoswap.w.rl zero, zero, %0" : "+A"(l->taken)::"memory"); }
