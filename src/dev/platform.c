/* Platform memory maps. `virt` follows QEMU's virt machine so that bare-metal programs built
 * for `qemu-system-riscv64 -M virt -bios none -kernel prog.elf` run unchanged. */
#include <string.h>

#include "dev/devices.h"
#include "machine.h"

#define VIRT_TEST 0x100000ull
#define VIRT_CLINT 0x2000000ull
#define VIRT_UART0 0x10000000ull
#define VIRT_DRAM 0x80000000ull

int platform_setup(struct machine *m, const char *name, uint64_t ram_size, char *err, unsigned errlen) {
  if (strcmp(name, "virt") != 0) {
    snprintf(err, errlen, "unknown platform '%s' (known: virt)", name);
    return -1;
  }
  m->platform = "virt";
  m->timebase_hz = 10000000; /* as QEMU virt; the core clock is 100 MHz (docs/counters.md) */
  m->cycles_per_tick = 10;
  if (bus_init(&m->bus, VIRT_DRAM, ram_size) != 0) {
    snprintf(err, errlen, "cannot allocate %llu MiB of guest RAM", (unsigned long long)(ram_size >> 20));
    return -1;
  }
  const struct device devs[] = {test_device(m, VIRT_TEST), clint_device(m, VIRT_CLINT), uart_device(m, VIRT_UART0)};
  for (size_t i = 0; i < sizeof devs / sizeof *devs; i++)
    if (bus_add_device(&m->bus, &devs[i]) != 0) return -1;
  return 0;
}
