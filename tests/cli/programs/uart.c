/* Prints a line on the UART (ns16550 at 0x10000000 on virt) and exits with 0. */
#include "guest.h"

int main(void) {
  guest_puts("hello from the uart\n");
  return 0;
}
