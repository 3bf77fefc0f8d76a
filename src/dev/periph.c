/* A peripheral on the data AXI interface: 4 KiB of plain read/write registers (scratch memory)
 * that is not RAM, so a core with a data cache reaches it uncached, over its peripheral AXI
 * port. The MicroBlaze V profile adds it to the virt platform (profile.periph_base) to give
 * guests something whose accesses count as peripheral AXI reads and writes with a known
 * latency (docs/microblaze-v.md). */
#include <stdlib.h>
#include <string.h>

#include "dev/devices.h"

#define PERIPH_BYTES 0x1000u

static int periph_read(void *ctx, uint64_t off, unsigned size, uint64_t *value) {
  uint64_t v = 0;
  memcpy(&v, (uint8_t *)ctx + off, size); /* the bus checked that [off, off+size) is inside */
  *value = v;
  return 0;
}

static int periph_write(void *ctx, uint64_t off, unsigned size, uint64_t value) {
  memcpy((uint8_t *)ctx + off, &value, size); /* little-endian host, as the guest */
  return 0;
}

struct device periph_device(struct machine *m, uint64_t base) {
  (void)m;
  uint8_t *regs = calloc(1, PERIPH_BYTES);
  if (!regs) return (struct device){0};
  return (struct device){"periph", base, PERIPH_BYTES, periph_read, periph_write, regs, regs};
}
