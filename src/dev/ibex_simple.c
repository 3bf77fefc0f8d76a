/* Devices of the Ibex simple system (examples/simple_system in lowRISC/ibex):
 * - simulator control: a byte written at +0 is printed, writing 1 at +8 halts (exit 0);
 * - timer: mtime (+0, +4 high) counting every clock, mtimecmp (+8, +0xC high); the interrupt
 *   rises when mtime >= mtimecmp and stays up until mtimecmp is written. */
#include <stdlib.h>

#include "dev/devices.h"
#include "machine.h"

#define SIMCTRL_OUT 0x0
#define SIMCTRL_CTRL 0x8

static int simctrl_read(void *ctx, uint64_t off, unsigned size, uint64_t *value) {
  (void)ctx, (void)off, (void)size;
  *value = 0;
  return 0;
}

static int simctrl_write(void *ctx, uint64_t off, unsigned size, uint64_t value) {
  struct machine *m = ctx;
  (void)size;
  if (off == SIMCTRL_OUT) {
    fputc((int)(value & 0xff), m->console);
    if ((value & 0xff) == '\n') fflush(m->console);
  } else if (off == SIMCTRL_CTRL && (value & 1)) {
    machine_exit(m, 0);
    return BUS_BREAK;
  }
  return 0;
}

struct device ibex_simctrl_device(struct machine *m, uint64_t base) {
  return (struct device){"simctrl", base, 0x400, simctrl_read, simctrl_write, m, NULL};
}

struct ibex_timer {
  bool latched;        /* the interrupt was raised and mtimecmp not written since */
  uint64_t due_clock;  /* clock at which mtime >= mtimecmp started to hold (or will) */
};

/* The core sees the comparison this many cycles after it becomes true (the timer's output
 * register and the core's interrupt sampling). */
static uint64_t latency(const struct machine *m) { return m->profile->timer_irq_latency; }

static void recompute_due(struct machine *m) {
  struct ibex_timer *t = m->timer_state;
  uint64_t at = machine_clock_at_mtime(m, m->mtimecmp[0]), now = machine_clock(m);
  t->due_clock = at > now ? at : now;
}

static bool timer_pending(struct machine *m, unsigned hart) {
  struct ibex_timer *t = m->timer_state;
  (void)hart;
  if (!t->latched && t->due_clock != UINT64_MAX && machine_clock(m) >= t->due_clock + latency(m)) t->latched = true;
  return t->latched;
}

static uint64_t timer_deadline(const struct machine *m, unsigned hart) {
  const struct ibex_timer *t = m->timer_state;
  (void)hart;
  if (t->latched) return 0;
  return t->due_clock == UINT64_MAX ? UINT64_MAX : t->due_clock + latency(m);
}

/* Replaces the 32-bit half `high` of a 64-bit register. */
static uint64_t with_half(uint64_t reg, bool high, uint64_t v) {
  return high ? (reg & 0xffffffffull) | (v << 32) : (reg & ~0xffffffffull) | (uint32_t)v;
}

static int timer_read(void *ctx, uint64_t off, unsigned size, uint64_t *value) {
  struct machine *m = ctx;
  (void)size;
  uint64_t reg = off < 8 ? machine_mtime(m) : m->mtimecmp[0];
  *value = (off & 4) ? reg >> 32 : (uint32_t)reg;
  return off < 0x10 ? 0 : BUS_FAULT;
}

static int timer_write(void *ctx, uint64_t off, unsigned size, uint64_t value) {
  struct machine *m = ctx;
  struct ibex_timer *t = m->timer_state;
  (void)size;
  if (off >= 0x10) return BUS_FAULT;
  if (off < 8) {
    uint64_t now = machine_mtime(m);
    m->mtime_offset += with_half(now, off & 4, value) - now;
  } else {
    m->mtimecmp[0] = with_half(m->mtimecmp[0], off & 4, value);
    t->latched = false;
  }
  recompute_due(m);
  machine_update_timer_irqs(m);
  return BUS_BREAK;
}

struct device ibex_timer_device(struct machine *m, uint64_t base) {
  struct ibex_timer *state = calloc(1, sizeof *state);
  if (!state) return (struct device){0};
  m->timer_state = state;
  m->timer_pending = timer_pending;
  m->timer_deadline = timer_deadline;
  m->mtimecmp[0] = 0;
  return (struct device){"ibex-timer", base, 0x400, timer_read, timer_write, m, state};
}
