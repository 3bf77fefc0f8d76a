/* The runtime itself works: console output, a caught illegal instruction, exit code 0. */
#include "guest.h"

int main(void) {
  guest_puts("smoke\n");
  CHECK_EQ(TRAPS_IN(__asm__ volatile(".2byte 0")), 1);
  CHECK_EQ(last_trap.mcause, 2); /* illegal instruction */
  return 0;
}
