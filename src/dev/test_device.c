/* SiFive test device ("sifive,test0"), as on QEMU virt: writing 0x5555 ends the run with
 * exit code 0, code << 16 | 0x3333 with `code`, 0x7777 (reset) with 0. */
#include "dev/devices.h"
#include "machine.h"

#define TEST_PASS 0x5555
#define TEST_FAIL 0x3333
#define TEST_RESET 0x7777

static int test_read(void *ctx, uint64_t off, unsigned size, uint64_t *value) {
  (void)ctx, (void)off, (void)size;
  *value = 0;
  return 0;
}

static int test_write(void *ctx, uint64_t off, unsigned size, uint64_t value) {
  struct machine *m = ctx;
  (void)size;
  if (off != 0) return 0;
  uint32_t v = (uint32_t)value;
  switch (v & 0xffff) {
    case TEST_PASS: machine_exit(m, 0); return BUS_BREAK;
    case TEST_FAIL: machine_exit(m, (int)(v >> 16)); return BUS_BREAK;
    case TEST_RESET: machine_exit(m, 0); return BUS_BREAK;
  }
  return 0;
}

struct device test_device(struct machine *m, uint64_t base) {
  return (struct device){"test", base, 0x1000, test_read, test_write, m, NULL};
}
