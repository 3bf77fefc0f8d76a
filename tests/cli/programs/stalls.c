/* Loads, stores and taken branches without M or A (it runs on every core, rv32imc included),
 * for the stall-cycle ratios of tests/cli/conventions.sh; exits with 0. */
#include "guest.h"

static volatile uint32_t data[64];

int main(void) {
  uint32_t sum = 0;
  for (int round = 0; round < 20; round++)
    for (int i = 0; i < 64; i++) {
      data[i] = data[i] + (uint32_t)i; /* a load, then a store of what it read */
      sum += data[i];
    }
  return sum == 0; /* never 0: exits 0 */
}
