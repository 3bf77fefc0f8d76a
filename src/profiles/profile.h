/* A core profile: the data that makes the HPM behave like one core (number and width of
 * counters, selector encoding and writability, reset state, which CSRs exist) plus, later, its
 * timing model. One table per profile drives the CSRs, `rvpmu list` and the device tree. */
#ifndef RVPMU_PROFILES_PROFILE_H
#define RVPMU_PROFILES_PROFILE_H

#include <stdbool.h>
#include <stdint.h>

#include "profiles/csr_map.h"
#include "hpm/events.h"
#include "profiles/timing.h"

struct hart;
struct block;

/* profile.access_fault[]: what refused the access, and whether it crossed a word. */
enum access_fault_kind { ACCESS_FAULT_PMP, ACCESS_FAULT_BUS, ACCESS_FAULT_MISALIGNED_PMP, ACCESS_FAULT_MISALIGNED_BUS };

/* A Zicbom cache-block operation as a cache model sees it (the imm field of OP_CBO). */
enum cbo_kind { CBO_INVAL = 0, CBO_CLEAN = 1, CBO_FLUSH = 2 };

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
  unsigned isa_ext;            /* optional multi-letter extensions it can run (enum isa_ext):
                                * --isa names them as _zba, _zbb, _zbc, _zbs, _zicbom */
  unsigned xlens;              /* bit 0: RV32 supported, bit 1: RV64 supported */
  bool has_s_mode, has_u_mode;
  unsigned num_hpm;            /* implemented mhpmcounter3.. (0..29) */
  unsigned hpm_width;          /* bits of mhpmcounterN (1..64) */
  unsigned fixed_width;        /* bits of mcycle and minstret */
  uint32_t mcountinhibit_reset;
  bool selectors_writable;     /* false: mhpmevent is hardwired (reads the reset value) */
  uint64_t selector_mask;      /* writable selector bits when writable (0: bits 55:0) */
  bool has_sscofpmf, has_smcntrpmf;
  /* Smstateen/Ssstateen, Smcsrind/Sscsrind, Smcdeleg/Ssccfg (csr/csrind.h). */
  bool has_smstateen, has_smcsrind, has_smcdeleg;
  bool time_csr_traps;         /* time/timeh raise illegal instruction (no time CSR) */
  const struct profile_event *events; /* every event it can count, NULL-name terminated */
  /* The events a counter whose mhpmevent holds `selector` (bits 55:0; Sscofpmf bits removed)
   * counts, as a mask of event ids: 0 counts nothing, one bit counts that event, several bits
   * count the cycles in which any of them occurs. */
  uint64_t (*decode_selector)(const struct profile *p, uint64_t selector);
  /* Reset value of mhpmevent`idx` (3..31). */
  uint64_t (*selector_reset)(const struct profile *p, unsigned idx);
  /* The value mhpmevent`idx` holds after software writes `value` over `old` (its WARL rule,
   * Sscofpmf bits excluded). NULL: selectors_writable and selector_mask decide. */
  uint64_t (*selector_write)(const struct profile *p, unsigned idx, uint64_t old, uint64_t value);
  /* Latency counters (MicroBlaze V): bit i set means mhpmcounter i is the total-sum counter of
   * a latency pair and mhpmcounter i+1 its max (bits 31:16) / min (15:0) counter. Both take
   * the events the pair's first mhpmevent selects (decode_selector) and, instead of counting
   * occurrences, add up or bound the latencies the timing model reports for them
   * (hart_report_latency). 0: no latency counters. */
  uint32_t latency_pairs;
  /* Applies a --core option; returns 0, or -1 with a message (NULL: only the common ones). */
  int (*set_option)(struct profile *p, const char *key, const char *value, char *err, unsigned errlen);
  /* Called once after all options are applied (NULL: nothing to do). */
  void (*finish)(struct profile *p);
  /* Then: checks that the options fit together; 0, or -1 with a message (NULL: they do). */
  int (*check)(const struct profile *p, char *err, unsigned errlen);

  /* Timing model. time_insn gives an instruction's static cycles and events (NULL: one cycle
   * per instruction). The dynamic costs below are added where they happen; a run with count 0
   * costs nothing (the generic core). */
  void (*time_insn)(const struct profile *p, const struct insn_context *c, struct insn_timing *t);
  struct insn_timing taken_branch;     /* a conditional branch taken, beyond its static cost;
                                        * must raise EV_BR_TAKEN in one of its cycles */
  bool system_jumps_unaligned;         /* FENCE.I and MRET are jumps (to the next instruction,
                                        * to mepc) that pay unaligned_target like any other
                                        * (Ibex, measured) */
  struct insn_timing unaligned_target; /* a taken branch or jump reaching a 32-bit instruction
                                        * at an address that is 2 mod 4 */
  struct insn_timing exception_entry;  /* an instruction that traps, with the trap entry */
  struct insn_timing interrupt_entry;  /* taking an interrupt */
  struct insn_timing wfi_resume;       /* a WFI woken by an interrupt it does not trap to */
  struct insn_timing reset_fill;       /* cycles from reset to the first instruction */
  uint64_t reset_events;               /* events counted once at reset without a cycle of their
                                        * own (Ibex counts two fetch waits in one cycle) */
  bool misaligned_in_hardware;         /* misaligned loads/stores are performed (split into
                                        * bytes), not trapped */
  bool misaligned_word_parts;          /* ... as two word accesses, each checked (PMP, bus) and
                                        * made on its own: a fault in one leaves the other done
                                        * (Ibex's LSU; hart/mmu.c) */
  struct insn_timing misaligned_extra; /* ... and cost this beyond the aligned access */
  /* A load or store that raises an access fault costs this beyond exception_entry, what the
   * access took before the trap, by enum access_fault_kind: refused by the PMP (or a page walk)
   * or by the bus, within a word or misaligned across one (word parts). With
   * access_fault_counts it also counts as a load or store. Zero: only the trap counts. */
  struct insn_timing access_fault[4];
  bool access_fault_counts;
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
  unsigned irq_step_window;          /* a model takes interrupts inside stalls (fetch_block and
                                      * hart_interrupt_at_entry): every instruction is stepped
                                      * from this many cycles before one is due; 0: none */
  uint64_t options[24];              /* profile-specific option values (see each profile) */
  unsigned cbom_block_bytes;         /* Zicbom cache-block size (device tree), 0 if unknown */
  unsigned cboz_block_bytes;         /* Zicboz block CBO.ZERO clears (device tree; a power of two
                                      * >= 8), 0 without Zicboz */
  unsigned pmp_entries;              /* PMP entries (privileged spec 3.7): 0, 16 or 64 */
  unsigned pmp_granularity_log2;     /* PMP granularity 2^(G+2) bytes: this is G */
  bool pmp_smepmp;                   /* the PMP has Smepmp's mseccfg (MML, MMWP, RLB) */
  bool has_debug_triggers;           /* the core's map has its trigger CSRs (CSR_MAP_WITH_TRIGGERS) */
  bool pmp_na4_to_off;               /* with a granularity, a write of NA4 selects OFF (Ibex),
                                      * not NAPOT */
  uint64_t periph_base;              /* where the virt platform puts a 4 KiB scratch peripheral
                                      * (dev/periph.c) for this core; 0: none */
  uint64_t ecall_ebreak_events;      /* events an ECALL or EBREAK raises although it does not
                                      * retire (MicroBlaze V counts them as system instructions) */

  /* Dynamic models with per-hart state (caches, TLBs, branch predictors), NULL when the core
   * has none. They run while the hart's switches say so (hart_update_models: always, or on
   * demand, see *_model_events below); the hot path tests one flag per hook and never calls
   * them otherwise. Each adds its cycles and events with hart_add_timing / hart_add_events
   * where it happens. A model may describe its outcomes that change none of its state to the
   * timed dispatch loop, which then counts them without the call (hart/model_hits.h). */
  unsigned model_bytes;              /* per-hart state (hart.model), zeroed at reset */
  void (*model_reset)(struct hart *h); /* after the state is zeroed at hart reset */
  /* Block `blk` starts executing (instruction fetch: the instruction cache). */
  void (*fetch_block)(struct hart *h, const struct block *blk);
  /* A load (store = false) or store of `size` bytes at virtual address va (pa physical; va ==
   * pa without translation) completed; device: not RAM. AMOs make a read and a write. Device
   * accesses always reach it (they take the slow path); RAM accesses only with
   * data_access_ram, which makes every load and store take the slow path (hart.tlb_load/
   * tlb_store never hit) while the model runs, so none is missed: the timed dispatch loop
   * then counts what the model's hart.data_hits describes (hart/model_hits.h) and calls it
   * for the rest. Misaligned accesses that a core splits in hardware do not reach it. */
  void (*data_access)(struct hart *h, uint64_t va, uint64_t pa, unsigned size, bool store, bool device);
  bool data_access_ram;
  /* A conditional branch at pc retired, taken or not; replaces taken_branch when set. */
  void (*branch)(struct hart *h, const struct insn *in, uint64_t pc, bool taken);
  /* A JAL/JALR at pc retired and jumped to `target`. */
  void (*jump)(struct hart *h, const struct insn *in, uint64_t pc, uint64_t target);
  /* A CBO of `kind` on the cache block holding physical address pa. */
  void (*cache_block_op)(struct hart *h, enum cbo_kind kind, uint64_t pa);
  /* An instruction whose latency depends on its operands executed: FDIV.S/FSQRT.S with their
   * operands (a, b: the single values), or an integer divide with the `extra` cycles div_timing
   * gave it (after they were added). The CV32E40P FPU model times them (cv32e40p_fpu.c). */
  void (*operand_latency)(struct hart *h, const struct insn *in, uint64_t a, uint64_t b, uint32_t extra);
  /* FENCE.I retired (caches and predictors it clears). */
  void (*fence_i)(struct hart *h);
  /* SFENCE.VMA retired or satp written (a TLB model without ASIDs forgets everything). */
  void (*tlb_flush)(struct hart *h);
  /* Models on demand (the generic core, whose models only count events and add no cycles):
   * fetch_block / data_access / branch run only once some counter's selector or a host tool
   * names one of these events, and from then on until the hart is reset; they start empty, as
   * their state never changed while they were off. 0: that model always runs (the timed
   * cores, whose cycles depend on it). */
  uint64_t fetch_model_events, data_model_events, branch_model_events;

  /* CSRs (kept after the hot fields above). */
  /* Every CSR the core has (src/profiles/CORE_csrs.c; csr/csr_map.h), NULL: every CSR csr.c
   * knows (the generic cores). */
  const struct csr_map_entry *csr_map;
  uint64_t local_irqs;         /* mie/mip bits of the core's own local interrupts (16 and up) */
  /* What the core's own CSRs do when a trap is taken into M mode and on MRET (NULL: nothing;
   * Ibex: cpuctrlsts.sync_exc_seen / double_fault_seen). */
  void (*trap_taken)(struct hart *h, bool interrupt);
  void (*trap_return)(struct hart *h);
  bool counter_write_first_cycle;    /* a CSR write to a counter or to mcountinhibit/mhpmevent
                                      * takes effect after the instruction's first cycle: its
                                      * other cycles count under the new state (Ibex, CV32E40P:
                                      * written in ID, the flush cycles follow) */
  /* Ibex with a writeback stage: a write to minstret/minstreth happens in the cycle in which
   * the instruction before it retires in the writeback stage, and that increment is lost,
   * unless a pipeline bubble separates them. Says whether `prev` (a conditional branch: taken
   * or not) retires in that cycle; NULL: never. */
  bool (*minstret_write_collides)(const struct profile *p, const struct insn *prev, bool taken);
};

/* Finds the profile `spec` = NAME[,option=value...], applies the options to a private copy and
 * returns it (free with profile_free), or NULL with a message in err. */
struct profile *profile_create(const char *spec, char *err, unsigned errlen);
void profile_free(struct profile *p);

/* A numeric --core option of a profile: its name, where it goes (profile.options[idx]), its
 * range, and whether it must be a power of two. */
struct profile_numeric_option {
  const char *name;
  unsigned idx;
  uint64_t lo, hi;
  bool pow2;
};

/* If `key` is one of the n options in opts: stores the value and returns 0, or returns -1
 * with a message naming the expected range. Returns 1 if key is none of them. */
int profile_numeric_option(struct profile *p, const struct profile_numeric_option *opts, unsigned n,
                           const char *key, const char *value, char *err, unsigned errlen);

/* Names of all profiles, NULL-terminated, for --help and errors. */
extern const char *const profile_names[];

/* The profile event named `name`, one of the simulator's event names (events.def: cycles,
 * instructions, loads, ...), or an rNNNN raw selector decoded through the profile, as an event
 * id; EV_NONE if it names nothing this profile counts. */
enum event_id profile_event_by_name(const struct profile *p, const char *name);

#endif
