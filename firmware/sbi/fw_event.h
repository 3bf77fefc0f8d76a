/* Firmware events (SBI PMU, "Firmware events"): the one interface through which the trap
 * handler, the shims and the other cores tell the PMU core that the firmware did something it
 * counts (an IPI sent, a misaligned load emulated, ...). Implemented by sbi/pmu/pmu.c; nothing
 * that reports an event needs to know more of the PMU than this. */
#ifndef FW_FW_EVENT_H
#define FW_FW_EVENT_H

#include "lib/sbi.h"

/* Counts one event `code` (< SBI_PMU_FW_EVENT_MAX; others are ignored) on the calling hart. */
void fw_event_count(enum sbi_pmu_fw_event code);

#endif
