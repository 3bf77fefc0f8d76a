/* Devices of the CV32E40P example testbench (example_tb in openhwgroup/cv32e40p):
 * - print: a byte written at 0x10000000 is printed;
 * - exit: a word written at 0x20000004 ends the run with it as exit code; one written at
 *   0x20000000 ends it as pass (123456789: exit code 0) or fail (any other value: 1);
 * - timer: +0 interrupt mask (bit 7 enables the timer interrupt line, MTIP), +4 a down-counter
 *   that decrements every clock; when it passes from 1 to 0 the interrupt is raised and stays up
 *   until the core takes it (the testbench clears the request on the acknowledge) or the mask or
 *   the counter is written. */
#include <stdlib.h>

#include "dev/devices.h"
#include "machine.h"

#define TB_PASS_VALUE 123456789u
#define TIMER_IRQ_BIT (1u << 7)

static int read_zero(void *ctx, uint64_t off, unsigned size, uint64_t *value) {
  (void)ctx, (void)off, (void)size;
  *value = 0;
  return 0;
}

static int print_write(void *ctx, uint64_t off, unsigned size, uint64_t value) {
  struct machine *m = ctx;
  (void)off, (void)size;
  fputc((int)(value & 0xff), m->console);
  if ((value & 0xff) == '\n') fflush(m->console);
  return 0;
}

struct device cv32e40p_print_device(struct machine *m, uint64_t base) {
  return (struct device){"tb-print", base, 0x10, read_zero, print_write, m, NULL};
}

static int exit_write(void *ctx, uint64_t off, unsigned size, uint64_t value) {
  struct machine *m = ctx;
  (void)size;
  if (off == 0) { /* the testbench ends the simulation on either verdict */
    machine_exit(m, (uint32_t)value == TB_PASS_VALUE ? 0 : 1);
    return BUS_BREAK;
  }
  if (off == 4) {
    machine_exit(m, (int)(uint32_t)value);
    return BUS_BREAK;
  }
  return 0;
}

struct device cv32e40p_exit_device(struct machine *m, uint64_t base) {
  return (struct device){"tb-exit", base, 0x10, read_zero, exit_write, m, NULL};
}

struct tb_timer {
  uint32_t mask;         /* interrupt mask register */
  uint64_t start_clock;  /* machine clock when the counter was written */
  uint32_t count;        /* value written to the counter */
  bool fired;            /* passed 1 -> 0 since the last write */
};

static uint64_t counter_now(const struct machine *m, const struct tb_timer *t) {
  uint64_t elapsed = machine_clock(m) - t->start_clock;
  return elapsed >= t->count ? 0 : t->count - elapsed;
}

/* The clock at which the core sees the interrupt: the counter reaches 0, plus the core's
 * sampling latency. */
static uint64_t fire_clock(const struct machine *m, const struct tb_timer *t) {
  return t->start_clock + t->count + m->profile->timer_irq_latency;
}

static bool timer_pending(struct machine *m, unsigned hart) {
  struct tb_timer *t = m->timer_state;
  (void)hart;
  if (!t->fired && t->count && machine_clock(m) >= fire_clock(m, t)) t->fired = true;
  return t->fired && (t->mask & TIMER_IRQ_BIT);
}

static uint64_t timer_deadline(const struct machine *m, unsigned hart) {
  const struct tb_timer *t = m->timer_state;
  (void)hart;
  if (!(t->mask & TIMER_IRQ_BIT) || (!t->fired && t->count == 0)) return UINT64_MAX;
  return t->fired ? 0 : fire_clock(m, t);
}

static int timer_read(void *ctx, uint64_t off, unsigned size, uint64_t *value) {
  struct machine *m = ctx;
  struct tb_timer *t = m->timer_state;
  (void)size;
  *value = off == 0 ? t->mask : off == 4 ? counter_now(m, t) : 0;
  return 0;
}

static int timer_write(void *ctx, uint64_t off, unsigned size, uint64_t value) {
  struct machine *m = ctx;
  struct tb_timer *t = m->timer_state;
  (void)size;
  if (off == 0) {
    t->mask = (uint32_t)value;
  } else if (off == 4) {
    t->count = (uint32_t)value;
    t->start_clock = machine_clock(m);
  } else {
    return 0;
  }
  t->fired = false;
  machine_update_timer_irqs(m);
  return BUS_BREAK;
}

/* The core takes the timer interrupt: also in the cycle before the fire clock, when it sees
 * the request during a stall (hart_interrupt_at_entry), so the request goes whether or not
 * `fired` was noted yet. */
static void timer_ack(struct machine *m, unsigned hart) {
  struct tb_timer *t = m->timer_state;
  (void)hart;
  t->count = 0, t->fired = false;
}

struct device cv32e40p_timer_device(struct machine *m, uint64_t base) {
  m->timer_ack = timer_ack;
  struct tb_timer *state = calloc(1, sizeof *state);
  if (!state) return (struct device){0};
  m->timer_state = state;
  m->timer_pending = timer_pending;
  m->timer_deadline = timer_deadline;
  return (struct device){"tb-timer", base, 0x10, timer_read, timer_write, m, state};
}
