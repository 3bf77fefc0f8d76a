/* Reads a 16 KiB array a line (64 bytes) at a time, eight times over: with an L1 data cache
 * of 16 KiB or more only the first pass misses, with a smaller one every pass does. The sweep
 * tests draw misses per kilo-instruction against the cache size with it. */
#include "guest.h"

#define WORDS 4096 /* 16 KiB */
/* Line-aligned, so that the counts do not depend on what the runtime puts in .bss before it. */
static volatile uint32_t data[WORDS] __attribute__((aligned(64)));

int main(void) {
  uint32_t sum = 0;
  for (int pass = 0; pass < 8; pass++)
    for (int i = 0; i < WORDS; i += 16) sum += data[i] + (uint32_t)i;
  return sum == 8u * 522240u ? 0 : 1; /* 8 passes of the sum of i = 0, 16, ..., 4080 */
}
