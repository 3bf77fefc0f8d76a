/* A little of everything (loads, stores, branches, jumps, multiplies, divides, atomics) for the
 * determinism test; prints a checksum on the UART and exits with 0. Built without A (for Ibex and
 * CV32E40P, which have no atomics and trap on them), the increment is a plain one. */
#include "guest.h"

#define N 200

static uint32_t values[N];

int main(void) {
  uint32_t x = 12345;
  for (int i = 0; i < N; i++) {
    x = x * 1103515245u + 12345u;
    values[i] = x >> 8;
  }
  for (int i = 1; i < N; i++) { /* insertion sort */
    uint32_t v = values[i];
    int j = i - 1;
    while (j >= 0 && values[j] > v) {
      values[j + 1] = values[j];
      j--;
    }
    values[j + 1] = v;
  }
  uint32_t sum = 0;
  for (int i = 0; i < N; i++) {
    sum += values[i] / 7 + values[i] % 13;
#ifdef __riscv_atomic
    __atomic_fetch_add(&values[0], 1, __ATOMIC_RELAXED);
#else
    values[0]++;
#endif
  }
  guest_puts("checksum ");
  guest_put_dec(sum);
  guest_putc('\n');
  return 0;
}
