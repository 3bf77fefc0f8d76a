/* A core profile: the data that makes the HPM behave like one core (number and width of
 * counters, selector encoding and writability, reset state, which CSRs exist) plus, later, its
 * timing model. One table per profile drives the CSRs, `rvpmu list` and the device tree. */
#ifndef RVPMU_PROFILES_PROFILE_H
#define RVPMU_PROFILES_PROFILE_H

#include <stdbool.h>
#include <stdint.h>

#include "hpm/events.h"
#include "profiles/timing.h"

/* One event as a user sees it in `rvpmu list` and names it in `rvpmu stat -e`. */
struct profile_event {
  const char *name;        /* perf-style name, unique within the profile */
  uint64_t selector;       /* mhpmevent value that selects it (0 for the fixed counters) */
  enum event_id event;     /* what it counts */
  const char *description; /* one line */
  uint32_t sbi_event;      /* SBI PMU event index (type << 16 | code) it implements, 0 if none:
                            * the device tree's riscv,event-to-mhpmevent maps it to `selector` */
};

struct profile {
  const char *name;            /* --core name */
  const char *description;     /* one line, for --help and list */
  const char *default_isa;     /* ISA string when --isa is not given */
  const char *default_platform;/* platform when --platform is not given */
  const char *isa_letters;     /* single-letter extensions it can run, e.g. "imac" */
  unsigned xlens;              /* bit 0: RV32 supported, bit 1: RV64 supported */
  bool has_s_mode, has_u_mode;
  unsigned num_hpm;            /* implemented mhpmcounter3.. (0..29) */
  unsigned hpm_width;          /* bits of mhpmcounterN (1..64) */
  unsigned fixed_width;        /* bits of mcycle and minstret */
  uint32_t mcountinhibit_reset;
  bool selectors_writable;     /* false: mhpmevent is hardwired (reads the reset value) */
  uint64_t selector_mask;      /* writable selector bits when writable (0: bits 55:0) */
  bool has_sscofpmf, has_smcntrpmf;
  bool time_csr_traps;         /* time/timeh raise illegal instruction (no time CSR) */
  const struct profile_event *events; /* every event it can count, NULL-name terminated */
  /* The events a counter whose mhpmevent holds `selector` (bits 55:0; Sscofpmf bits removed)
   * counts, as a mask of event ids: 0 counts nothing, one bit counts that event, several bits
   * count the cycles in which any of them occurs. */
  uint64_t (*decode_selector)(const struct profile *p, uint64_t selector);
  /* Reset value of mhpmevent`idx` (3..31). */
  uint64_t (*selector_reset)(const struct profile *p, unsigned idx);
  /* Applies a --core option; returns 0, or -1 with a message (NULL: only the common ones). */
  int (*set_option)(struct profile *p, const char *key, const char *value, char *err, unsigned errlen);
  /* Called once after all options are applied (NULL: nothing to do). */
  void (*finish)(struct profile *p);

  /* Timing model. time_insn gives an instruction's static cycles and events (NULL: one cycle
   * per instruction). The dynamic costs below are added where they happen; a run with count 0
   * costs nothing (the generic core). */
  void (*time_insn)(const struct profile *p, const struct insn_context *c, struct insn_timing *t);
  struct insn_timing taken_branch;     /* a conditional branch taken, beyond its static cost;
                                        * must raise EV_BR_TAKEN in one of its cycles */
  struct insn_timing unaligned_target; /* a taken branch or jump reaching a 32-bit instruction
                                        * at an address that is 2 mod 4 */
  struct insn_timing exception_entry;  /* an instruction that traps, with the trap entry */
  struct insn_timing interrupt_entry;  /* taking an interrupt */
  struct insn_timing wfi_resume;       /* a WFI woken by an interrupt it does not trap to */
  struct insn_timing reset_fill;       /* cycles from reset to the first instruction */
  uint64_t reset_events;               /* events counted once at reset without a cycle of their
                                        * own (Ibex counts two fetch waits in one cycle) */
  bool misaligned_in_hardware;         /* loads/stores crossing a word are split, not trapped */
  struct insn_timing misaligned_extra; /* ... and cost this beyond the aligned access */
  /* Extra cycles of a divide/remainder for these operands (NULL: static cost only). */
  void (*div_timing)(const struct profile *p, const struct insn *in, uint64_t a, uint64_t b, struct insn_timing *t);
  /* Extra cycles of a multiply for these operands (NULL: static cost only). */
  void (*mul_timing)(const struct profile *p, const struct insn *in, uint64_t a, uint64_t b, struct insn_timing *t);
  bool config_write_counts_new;      /* the instruction writing mcountinhibit/mhpmevent counts
                                      * under the new configuration (Ibex with writeback stage) */
  unsigned max_cycles_per_insn;      /* bound used for overflow budgets (>= 1) */
  unsigned wfi_wakeup_cycles;        /* uncounted cycles a sleeping core needs to wake up */
  unsigned timer_irq_latency;        /* cycles from a platform timer's condition to the core
                                      * seeing the interrupt (platforms that model it) */
  uint64_t options[8];               /* profile-specific option values (see each profile) */
};

/* Finds the profile `spec` = NAME[,option=value...], applies the options to a private copy and
 * returns it (free with profile_free), or NULL with a message in err. */
struct profile *profile_create(const char *spec, char *err, unsigned errlen);
void profile_free(struct profile *p);

/* Names of all profiles, NULL-terminated, for --help and errors. */
extern const char *const profile_names[];

/* The profile event named `name`, one of the simulator's event names (events.def: cycles,
 * instructions, loads, ...), or an rNNNN raw selector decoded through the profile, as an event
 * id; EV_NONE if it names nothing this profile counts. */
enum event_id profile_event_by_name(const struct profile *p, const char *name);

#endif
