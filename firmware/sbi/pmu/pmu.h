/* The PMU core: per-hart logical counters, their state machine and the firmware events. It
 * speaks internal errors (errors.h) and plain C types; sbi_pmu.c is the ecall shim in front of
 * it (argument unpacking, RV32 64-bit halves, error sanitising), as in design.md decision 7.
 *
 * Logical counter indices (docs/sbi.md):
 *   0..31   hardware, index = CSR index: 0 cycle, 1 the time slot (never a counter), 2 instret,
 *           3..31 hpmcounterN; indices of counters the hart does not implement are invalid
 *   32..47  firmware counters (PMU_FW_COUNTERS of them), 64 bits wide
 * num_counters answers 48, the size of that index space, so that a loop over
 * 0..num_counters-1 (Linux's riscv_pmu_sbi) visits every counter. */
#ifndef FW_PMU_H
#define FW_PMU_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/errors.h"
#include "lib/fdt.h"

#define PMU_HW_SLOTS 32
#define PMU_FW_COUNTERS 16
#define PMU_NUM_COUNTERS (PMU_HW_SLOTS + PMU_FW_COUNTERS)
#define PMU_FW_WIDTH 64

/* Cold boot: reads the riscv,pmu node (node < 0: none) into the event map. */
int pmu_init(const struct fdt *f, int node) FW_MUST_CHECK;

/* Every hart, before entering S mode: probes its counters (number, widths, writable selector
 * bits, Sscofpmf, Smcntrpmf), stops the programmable ones, leaves cycle and instret running,
 * and opens every counter to S/U reads (mcounteren). */
void pmu_hart_init(void);

/* Whether this hart's PMU can be offered (it has mcountinhibit). */
bool pmu_available(void);
/* Whether this hart has Sscofpmf (so interrupt 13 is delegated to S). */
bool pmu_has_sscofpmf(void);

/* The SBI PMU functions, on the calling hart (spec chapter 11). */
unsigned long pmu_num_counters(void);
int pmu_counter_info(unsigned long idx, unsigned long *info) FW_MUST_CHECK;
int pmu_counter_config_matching(unsigned long base, unsigned long mask, unsigned long flags, unsigned long event_idx,
                                uint64_t event_data, unsigned long *idx) FW_MUST_CHECK;
int pmu_counter_start(unsigned long base, unsigned long mask, unsigned long flags, uint64_t value) FW_MUST_CHECK;
int pmu_counter_stop(unsigned long base, unsigned long mask, unsigned long flags) FW_MUST_CHECK;
int pmu_counter_fw_read(unsigned long idx, uint64_t *value) FW_MUST_CHECK;
int pmu_snapshot_set_shmem(unsigned long lo, unsigned long hi, unsigned long flags) FW_MUST_CHECK;
int pmu_event_get_info(unsigned long lo, unsigned long hi, unsigned long num_entries, unsigned long flags) FW_MUST_CHECK;

#endif
