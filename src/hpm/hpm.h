/* The hardware performance monitor of one hart: mcycle, minstret, mhpmcounter3..31, their
 * selectors, mcountinhibit, counter enables, Sscofpmf overflow and filters, Smcntrpmf.
 *
 * Counting stays off the hot path (design.md decisions 2 and 3): the hart adds events into
 * `acc` per block; a counter is materialised as base + (acc[event] - snap) only when read,
 * and "folded" (base and snap brought up to date) whenever what it counts or whether it counts
 * changes: selector or inhibit writes, privilege changes, reads for overflow detection. */
#ifndef RVPMU_HPM_HPM_H
#define RVPMU_HPM_HPM_H

#include <stdbool.h>
#include <stdint.h>

#include "hpm/events.h"
#include "profiles/profile.h"

#define HPM_NUM_COUNTERS 32 /* index 0 mcycle, 1 the time slot (not a counter), 2 minstret, 3..31 */
#define HPM_FIRST_PROGRAMMABLE 3
/* The bit of hpm.active_mask and block.ev_mask that stands for every combo slot: EV_NONE's,
 * which no event mask holds otherwise (all 64 bits are events' bits). */
#define HPM_ACTIVE_COMBOS EV_BIT(EV_NONE)

/* Sscofpmf bits of mhpmevent (RV64 view; on RV32 they are bits 31..26 of mhpmeventh). */
#define MHPMEVENT_OF (1ull << 63)
#define MHPMEVENT_MINH (1ull << 62)
#define MHPMEVENT_SINH (1ull << 61)
#define MHPMEVENT_UINH (1ull << 60)
#define MHPMEVENT_VSINH (1ull << 59)
#define MHPMEVENT_VUINH (1ull << 58)
#define MHPMEVENT_SSCOF_BITS (0x3full << 58)
#define MHPMEVENT_SELECTOR_MASK ((1ull << 56) - 1) /* bits 55:0 select the event */
/* Smcntrpmf mcyclecfg/minstretcfg: the same xINH bits, no OF. */
#define COUNTERCFG_INH_BITS (0x1full << 58)

struct hpm_counter {
  uint64_t base;  /* counter value at the last fold, already masked to the counter's width */
  uint64_t snap;  /* acc[event] at the last fold */
  uint8_t event;  /* accumulator it reads while running: an enum event_id or a combo slot
                   * (EV_COMBO0 + k); EV_NONE: nothing */
  bool running;   /* not inhibited and not filtered out in the current privilege mode */
};

struct hpm {
  uint64_t acc[EV_NUM_ACC]; /* per-hart monotonic totals of each event and combo (events.h);
                            * EV_CYCLES and EV_INSNS are always accumulated, the others only
                            * while listed in `active` or added where they happen */
  struct hpm_counter ctr[HPM_NUM_COUNTERS];
  uint64_t mhpmevent[HPM_NUM_COUNTERS]; /* selector CSRs as software reads them (64-bit view) */
  uint64_t mcyclecfg, minstretcfg;      /* Smcntrpmf */
  uint32_t mcountinhibit, mcounteren, scounteren;
  uint32_t implemented;    /* bit i: counter i exists (mcycle, minstret and num_hpm of 3..31) */
  uint64_t width_mask[HPM_NUM_COUNTERS];
  unsigned priv;           /* privilege mode the `running` flags were computed for */
  uint32_t overflowed;     /* OF bits set 0->1 since the hart last looked: LCOFI requests */
  uint32_t written;        /* counters written by the instruction being executed (see
                            * hpm_instruction_retired: a write wins over its own increment) */
  uint64_t host_events;    /* events a host tool (rvpmu stat) wants accumulated, EV_BIT(id) */
  uint64_t selected;       /* events some counter's selector names, running or not, and
                            * host_events: what the on-demand models look at */
  uint8_t active[EV_NUM_ACC]; /* static events and combos accumulated per block (besides
                            * cycles and insns) */
  unsigned num_active;
  /* active[] as a mask over the events' bits, with HPM_ACTIVE_COMBOS when a combo slot is in
   * it: BLOCK_ACCOUNT adds only the events both active and raised by the block (block.ev_mask),
   * and takes the loop over active[] when combos are in play. */
  uint64_t active_mask;
  uint32_t active_gen;     /* changes whenever active[] does (link costs hold active counts) */
  uint64_t combo_mask[EV_NUM_COMBOS]; /* event set of combo slot EV_COMBO0 + k (selectors with
                            * several events) */
  unsigned num_combos;
  bool combos_changed;     /* combo_mask changed: blocks (which count combos) must be rebuilt */
  /* Latency pairs (profile.latency_pairs): the events whose latencies each pair's sum counter
   * (index i) takes, and the union of those of pairs with a counter not inhibited. The pairs'
   * values live in ctr[i].base and ctr[i + 1].base (never `running`: they count no events). */
  uint64_t latency_events[HPM_NUM_COUNTERS];
  uint64_t latency_watch;
  const struct profile *profile;
  /* Per-mode totals for host tools (rvpmu stat -e EVENT:u/:k/:m): the events of host_events
   * and cycles and instructions, split by the privilege mode they happened in. They move only
   * at privilege changes (hpm_set_priv), where acc is exact, as it is for xINH filters. */
  uint64_t mode_total[4][EV_COUNT]; /* by privilege mode (0 U, 1 S, 3 M) */
  uint64_t mode_snap[EV_COUNT];     /* acc[ev] when the current mode was entered */
};

void hpm_init(struct hpm *hpm, const struct profile *profile, unsigned priv);

/* Current value of counter `idx` (0..31; 1 reads 0). */
uint64_t hpm_counter_value(struct hpm *hpm, unsigned idx);

/* Sets counter `idx` to `value` (masked to its width) as a CSR write by the executing
 * instruction: the instruction's own increment of that counter is dropped. */
void hpm_counter_write(struct hpm *hpm, unsigned idx, uint64_t value);

/* Writes the configuration CSRs. Callers apply them after the writing instruction has retired,
 * so that instruction is counted under the old configuration (docs/counters.md). */
void hpm_write_inhibit(struct hpm *hpm, uint32_t value);
void hpm_write_event(struct hpm *hpm, unsigned idx, uint64_t value);
void hpm_write_cyclecfg(struct hpm *hpm, uint64_t value);
void hpm_write_instretcfg(struct hpm *hpm, uint64_t value);

/* Folds every counter and recomputes which count in mode `priv`. */
void hpm_set_priv(struct hpm *hpm, unsigned priv);

/* Brings every counter up to date. Counters that wrapped with their OF bit clear get OF set
 * and their bit in `overflowed`, from which the hart raises LCOFIP. */
void hpm_fold_all(struct hpm *hpm);

/* Called after an instruction that wrote counters has retired (its events are in acc):
 * re-snapshots the written counters so their written values stand. */
void hpm_instruction_retired(struct hpm *hpm);

/* Largest number of cycles (or instructions) that can run before some counter with an OF bit
 * can overflow, assuming at most `max_per_insn` events of any kind per cycle (instruction). */
uint64_t hpm_overflow_budget(const struct hpm *hpm, uint64_t max_per_insn);

/* A latency of `cycles` for an occurrence of `ev` (latency events: interrupts, cache and
 * peripheral memory accesses): every latency pair that selects `ev` adds it to its sum counter
 * and bounds its max/min counter (16-bit fields, saturating; a max/min counter reading 0 holds
 * no latency yet, so the first one sets both fields). Inhibited counters keep their value. */
void hpm_latency_sample(struct hpm *hpm, enum event_id ev, uint64_t cycles);

/* Is counter `idx` the first (sum) or second (max/min) counter of a latency pair? */
bool hpm_is_latency_counter(const struct hpm *hpm, unsigned idx);

/* Makes `ev` accumulate even when no counter selects it (for host tools). */
void hpm_watch_event(struct hpm *hpm, enum event_id ev);

/* The count of `ev` (cycles, instructions or a watched event) while the hart was in privilege
 * mode `priv` (0 U, 1 S, 3 M). */
uint64_t hpm_mode_total(const struct hpm *hpm, enum event_id ev, unsigned priv);

/* Bitmask of OF bits (scountovf layout: bit n for mhpmcounter n). */
uint32_t hpm_overflow_bits(const struct hpm *hpm);

#endif
