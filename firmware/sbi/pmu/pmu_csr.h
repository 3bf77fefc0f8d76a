/* Counter CSRs by runtime index (CSR numbers are instruction immediates, so these are switch
 * tables). Indices follow mcountinhibit: 0 mcycle, 2 minstret, 3..31 mhpmcounterN. Values are
 * 64-bit on both XLENs; on RV32 the h CSRs carry bits 63..32. */
#ifndef FW_PMU_CSR_H
#define FW_PMU_CSR_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/errors.h"

uint64_t pmu_csr_counter_read(unsigned idx);
void pmu_csr_counter_write(unsigned idx, uint64_t value);

/* mhpmeventN (3..31); on RV32 the upper word goes to mhpmeventNh only when `has_eventh`. */
uint64_t pmu_csr_event_read(unsigned idx, bool has_eventh);
void pmu_csr_event_write(unsigned idx, uint64_t value, bool has_eventh);

/* Smcntrpmf mcyclecfg (idx 0) / minstretcfg (idx 2). */
void pmu_csr_cfg_write(unsigned idx, uint64_t value);

/* Probes counter idx: FW_OK with its width in bits, or FW_ENOENT when its CSR traps or reads
 * zero after all ones were written (unimplemented). Leaves the counter at 0. */
int pmu_csr_counter_probe(unsigned idx, unsigned *width) FW_MUST_CHECK;

/* Probes mhpmeventN: its value at reset and which bits are writable (written all ones, read
 * back). Leaves it at its reset value. FW_ETRAP if it does not exist. */
int pmu_csr_event_probe(unsigned idx, bool has_eventh, uint64_t *reset, uint64_t *writable) FW_MUST_CHECK;

#endif
