/* Which hardware counters can count which SBI events, and with which mhpmevent value, from the
 * device tree's riscv,pmu node (the OpenSBI/Linux binding, the one rvpmu and QEMU generate):
 *   riscv,event-to-mhpmcounters      <first last counters>: events first..last on those counters
 *   riscv,event-to-mhpmevent         <event sel_hi sel_lo>: the selector for one event
 *   riscv,raw-event-to-mhpmcounters  <sel_hi sel_lo mask_hi mask_lo counters>: raw event data d
 *                                    with (d & mask) == sel on those counters
 * A general or cache event without an event-to-mhpmevent entry is programmed as its
 * zero-extended event index (spec 11.4: "the RISC-V platform hardware implementation may use the
 * zero-extended event_idx as the expected value"). cycle and instret (counters 0 and 2) count
 * CPU_CYCLES and INSTRUCTIONS by definition, with or without a device tree entry. */
#ifndef FW_PMU_MAP_H
#define FW_PMU_MAP_H

#include <stdint.h>

#include "lib/errors.h"
#include "lib/fdt.h"

int pmu_map_init(const struct fdt *f, int node) FW_MUST_CHECK;

/* For a general or cache event (type 0/1) or a raw event (type 2/3 with `data`): the counters
 * 3..31 the device tree allows (bit per counter) and the selector to program. 0 if none. */
uint32_t pmu_map_counters(uint32_t event_idx, uint64_t data, uint64_t *selector);

#endif
