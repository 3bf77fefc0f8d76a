/* State shared by the PMU core's files (pmu.c: counters, start/stop, snapshots; pmu_event.c:
 * which events exist and which counters can count them). Not for the rest of the firmware. */
#ifndef FW_PMU_INTERNAL_H
#define FW_PMU_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/sbi.h"
#include "sbi/pmu/pmu.h"

#define FW_FIRST PMU_HW_SLOTS            /* index of the first firmware counter */
#define SELECTOR_MASK ((1ULL << 56) - 1) /* mhpmevent bits 55:0 select the event */

struct pmu_counter {
  uint32_t event_idx;  /* bound event, 0 = none */
  uint64_t event_data; /* event_data it was configured with */
  bool claimed;        /* handed out by config_matching, until STOP with RESET */
  bool started;        /* counting */
  uint64_t fw_value;   /* firmware counter: value when last stopped or set */
  uint64_t fw_snap;    /* firmware counter: fw_totals[code] when it was started */
};

struct pmu_hart {
  bool available;               /* mcountinhibit exists: the PMU extension is offered */
  bool sscofpmf;                /* scountovf exists: OF bit, xINH filters, interrupt 13 */
  bool smcntrpmf;               /* mcyclecfg exists: filters for cycle and instret */
  bool eventh;                  /* RV32: mhpmeventNh exist (they come with Sscofpmf) */
  bool hypervisor;              /* misa.H: VSINH/VUINH mean something */
  unsigned sel_bits;            /* bits of mhpmevent software can reach: 64, or 32 on RV32
                                 * without mhpmeventh */
  uint32_t implemented;         /* bit i: hardware counter i exists */
  uint8_t width[PMU_HW_SLOTS];  /* bits of hardware counter i */
  uint64_t sel_reset[PMU_HW_SLOTS]; /* mhpmevent value at reset */
  uint64_t sel_fixed[PMU_HW_SLOTS]; /* selector bits (55:0) that ignore writes */
  struct pmu_counter ctr[PMU_NUM_COUNTERS];
  uint64_t fw_totals[SBI_PMU_FW_EVENT_MAX]; /* firmware events on this hart since boot */
  bool shmem_on;                /* snapshot memory is set */
  uintptr_t shmem;              /* its physical address: 4 KiB aligned, S-mode RAM */
};

static inline bool is_fixed(unsigned long idx) { return idx == 0 || idx == 2; }
static inline bool is_fw(unsigned long idx) { return idx >= FW_FIRST; }

/* The calling hart's PMU state. */
struct pmu_hart *pmu_self(void);

/* Whether logical counter idx exists on this hart. */
bool pmu_counter_valid(const struct pmu_hart *ph, unsigned long idx);

/* Whether (event_idx, data) is well formed: a type and code the spec defines (or leaves to the
 * implementation or platform), with event_data zero where the spec reserves it. */
bool pmu_event_well_formed(const struct pmu_hart *ph, unsigned long event_idx, uint64_t data);

/* Whether counter idx can count the (well-formed) event; for programmable counters also the
 * mhpmevent selector to program. */
bool pmu_can_monitor(const struct pmu_hart *ph, unsigned long idx, unsigned long event_idx, uint64_t data,
                     uint64_t *selector);

#endif
