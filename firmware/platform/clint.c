/* CLINT registers (see clint.h); every access is a no-op on a machine without one. */
#include "platform/clint.h"

#include "platform/platform.h"

#define CLINT_MSIP 0x0
#define CLINT_MTIMECMP 0x4000
#define CLINT_MTIME 0xbff8

static volatile uint32_t *clint_word(unsigned long offset) { return (volatile uint32_t *)(platform.clint + offset); }

uint64_t clint_mtime(void) {
  if (!platform.clint) return 0;
  for (;;) {
    uint32_t hi = *clint_word(CLINT_MTIME + 4), lo = *clint_word(CLINT_MTIME);
    if (*clint_word(CLINT_MTIME + 4) == hi) return (uint64_t)hi << 32 | lo;
  }
}

void clint_mtimecmp_write(unsigned long hart, uint64_t when) {
  if (!platform.clint) return;
  volatile uint32_t *cmp = clint_word(CLINT_MTIMECMP + 8 * hart);
  /* High word at its maximum first, so that no intermediate value fires early. */
  cmp[1] = 0xffffffffu;
  cmp[0] = (uint32_t)when;
  cmp[1] = (uint32_t)(when >> 32);
}

void clint_msip_write(unsigned long hart, uint32_t v) {
  if (platform.clint) *clint_word(CLINT_MSIP + 4 * hart) = v;
}
