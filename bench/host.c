/* Native stand-ins for the guest runtime (tests/guest/lib/runtime.c), linked into host builds
 * of the workloads (compiled with -DBENCH_HOST) by `make bench-host-check`. That build computes
 * the workloads' expected checksums without any RISC-V simulator in the loop. */
#include <stdio.h>
#include <stdlib.h>

#include "guest.h"

void guest_putc(char c) { putchar(c); }

void guest_puts(const char *s) { fputs(s, stdout); }

void guest_put_hex(uint64_t v) { printf("0x%016llx", (unsigned long long)v); }

void guest_put_dec(uint64_t v) { printf("%llu", (unsigned long long)v); }

void guest_exit(int code) {
  fflush(stdout);
  exit(code);
}
