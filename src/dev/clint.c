/* CLINT (SiFive layout): msip at +0 (4 bytes per hart), mtimecmp at +0x4000 (8 per hart),
 * mtime at +0xBFF8. mtime is derived from simulated cycles (machine_mtime). */
#include "dev/devices.h"
#include "machine.h"

#define CLINT_MSIP 0x0
#define CLINT_MTIMECMP 0x4000
#define CLINT_MTIME 0xbff8

/* Reads `size` bytes at `offset` within a 64-bit register value. */
static uint64_t sub(uint64_t reg, uint64_t offset, unsigned size) {
  uint64_t v = reg >> (8 * (offset & 7));
  return size == 8 ? v : v & ((1ull << (8 * size)) - 1);
}

static uint64_t put(uint64_t reg, uint64_t offset, unsigned size, uint64_t value) {
  unsigned shift = 8 * (offset & 7);
  uint64_t mask = (size == 8 ? ~0ull : ((1ull << (8 * size)) - 1)) << shift;
  return (reg & ~mask) | ((value << shift) & mask);
}

static int clint_read(void *ctx, uint64_t off, unsigned size, uint64_t *value) {
  struct machine *m = ctx;
  if (off < CLINT_MSIP + 4 * m->num_harts) {
    *value = off % 4 == 0 ? (m->harts[off / 4]->mip & MIP_MSIP) != 0 : 0;
    return 0;
  }
  if (off >= CLINT_MTIMECMP && off < CLINT_MTIMECMP + 8 * m->num_harts) {
    *value = sub(m->mtimecmp[(off - CLINT_MTIMECMP) / 8], off, size);
    return 0;
  }
  if (off >= CLINT_MTIME && off < CLINT_MTIME + 8) {
    *value = sub(machine_mtime(m), off, size);
    return 0;
  }
  *value = 0;
  return 0;
}

static int clint_write(void *ctx, uint64_t off, unsigned size, uint64_t value) {
  struct machine *m = ctx;
  if (off < CLINT_MSIP + 4 * m->num_harts) {
    if (off % 4 == 0) {
      struct hart *h = m->harts[off / 4];
      hart_set_mip(h, (value & 1) ? h->mip | MIP_MSIP : h->mip & ~MIP_MSIP, machine_clock(m));
      machine_yield(m, h);
    }
    return BUS_BREAK;
  }
  if (off >= CLINT_MTIMECMP && off < CLINT_MTIMECMP + 8 * m->num_harts) {
    uint64_t *cmp = &m->mtimecmp[(off - CLINT_MTIMECMP) / 8];
    *cmp = put(*cmp, off, size, value);
    machine_update_timer_irqs(m);
    return BUS_BREAK;
  }
  if (off >= CLINT_MTIME && off < CLINT_MTIME + 8) {
    uint64_t now = machine_mtime(m);
    m->mtime_offset += put(now, off, size, value) - now;
    machine_update_timer_irqs(m);
    return BUS_BREAK;
  }
  return 0;
}

/* MTIP while mtime >= mtimecmp (level). */
static bool clint_timer_pending(struct machine *m, unsigned hart) { return machine_mtime(m) >= m->mtimecmp[hart]; }

static uint64_t clint_timer_deadline(const struct machine *m, unsigned hart) {
  return machine_clock_at_mtime(m, m->mtimecmp[hart]);
}

struct device clint_device(struct machine *m, uint64_t base) {
  m->timer_pending = clint_timer_pending;
  m->timer_deadline = clint_timer_deadline;
  return (struct device){"clint", base, 0x10000, clint_read, clint_write, m, NULL};
}
