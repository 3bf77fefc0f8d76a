/* PMU events (spec 11.1-11.5, 11.14): which event indices and data are valid, which counter of
 * the hart can count which event (the device tree's map, the fixed counters, the firmware
 * counters), and event_get_info. */
#include "lib/lib.h"
#include "platform/platform.h"
#include "sbi/pmu/pmu_internal.h"
#include "sbi/pmu/pmu_map.h"

/* Bits of raw event data the SBI caller may give: 48 (type 2) or 56 (type 3) of a 64-bit
 * mhpmevent, all 32 of a 32-bit one (spec 11.3, 11.4). */
static unsigned raw_bits(const struct pmu_hart *ph, unsigned type) {
  if (ph->sel_bits == 32) return 32;
  return type == SBI_PMU_TYPE_RAW ? 48 : 56;
}

bool pmu_event_well_formed(const struct pmu_hart *ph, unsigned long event_idx, uint64_t data) {
  if (event_idx >> 20) return false;
  unsigned type = SBI_PMU_EVENT_TYPE(event_idx), code = SBI_PMU_EVENT_CODE(event_idx);
  switch (type) {
    case SBI_PMU_TYPE_HW:
      return code != SBI_PMU_HW_NO_EVENT && code < SBI_PMU_HW_GENERAL_MAX && !data;
    case SBI_PMU_TYPE_CACHE:
      return (code >> 3) < SBI_PMU_CACHE_ID_MAX && ((code >> 1) & 3) < SBI_PMU_CACHE_OP_MAX && !data;
    case SBI_PMU_TYPE_RAW:
    case SBI_PMU_TYPE_RAW_V2:
      return code == 0 && !(data >> raw_bits(ph, type));
    case SBI_PMU_TYPE_FW:
      if (code == SBI_PMU_FW_PLATFORM) return true; /* event_data is the platform's encoding */
      if (code >= SBI_PMU_FW_EVENT_MAX && code < SBI_PMU_FW_IMPL_FIRST) return false; /* reserved */
      return !data;
    default:
      return false;
  }
}

bool pmu_can_monitor(const struct pmu_hart *ph, unsigned long idx, unsigned long event_idx, uint64_t data,
                     uint64_t *selector) {
  unsigned type = SBI_PMU_EVENT_TYPE(event_idx);
  if (is_fw(idx)) return type == SBI_PMU_TYPE_FW && SBI_PMU_EVENT_CODE(event_idx) < SBI_PMU_FW_EVENT_MAX;
  if (!((ph->implemented >> idx) & 1) || type == SBI_PMU_TYPE_FW) return false;
  if (idx == 0) return event_idx == SBI_PMU_HW_CPU_CYCLES;
  if (idx == 2) return event_idx == SBI_PMU_HW_INSTRUCTIONS;
  uint64_t sel;
  if (!((pmu_map_counters((uint32_t)event_idx, data, &sel) >> idx) & 1)) return false;
  if (ph->sscofpmf) sel &= SELECTOR_MASK; /* bits 63:56 belong to Sscofpmf */
  if (ph->sel_bits == 32 && (sel >> 32)) return false;
  if ((sel ^ ph->sel_reset[idx]) & ph->sel_fixed[idx]) return false; /* hardwired bits differ */
  *selector = sel;
  return true;
}

/* Whether some counter of this hart can count the (well-formed) event, busy or not. */
static bool event_supported(const struct pmu_hart *ph, unsigned long event_idx, uint64_t data) {
  uint64_t selector;
  for (unsigned long idx = 0; idx < PMU_NUM_COUNTERS; idx++)
    if (pmu_counter_valid(ph, idx) && pmu_can_monitor(ph, idx, event_idx, data, &selector)) return true;
  return false;
}

/* Whether event_get_info answers for an entry (spec 11.14): a defined event type with
 * event_data of the form that type takes (raw: code 0 and the raw bits; firmware: none, but
 * for the platform's code; general and cache events do not read it, table 47). */
static bool get_info_entry_valid(const struct pmu_hart *ph, uint32_t event_idx, uint64_t data) {
  unsigned type = SBI_PMU_EVENT_TYPE(event_idx), code = SBI_PMU_EVENT_CODE(event_idx);
  switch (type) {
    case SBI_PMU_TYPE_HW:
    case SBI_PMU_TYPE_CACHE: return true;
    case SBI_PMU_TYPE_RAW:
    case SBI_PMU_TYPE_RAW_V2: return code == 0 && !(data >> raw_bits(ph, type));
    case SBI_PMU_TYPE_FW: return code == SBI_PMU_FW_PLATFORM || !data;
    default: return false;
  }
}

int pmu_event_get_info(unsigned long lo, unsigned long hi, unsigned long num_entries, unsigned long flags) {
  const struct pmu_hart *ph = pmu_self();
  if (!ph->available) return FW_ENOTSUP;
  if (flags || (lo & (SBI_PMU_EVENT_INFO_BYTES - 1))) return FW_EINVAL;
  if (hi || num_entries > ~0UL / SBI_PMU_EVENT_INFO_BYTES) return FW_EADDR;
  if (!num_entries) return FW_OK;
  if (!platform_smode_ram(lo, (uint64_t)num_entries * SBI_PMU_EVENT_INFO_BYTES)) return FW_EADDR;
  volatile uint32_t *entry = (volatile uint32_t *)lo;
  /* All reserved bits are checked before any entry is written. */
  for (unsigned long i = 0; i < num_entries; i++)
    if (entry[4 * i] & SBI_PMU_EVENT_INFO_IDX_RESERVED) return FW_EINVAL;
  for (unsigned long i = 0; i < num_entries; i++) {
    volatile uint32_t *e = entry + 4 * i;
    uint32_t event_idx = e[0];
    unsigned type = SBI_PMU_EVENT_TYPE(event_idx);
    /* event_data (words 2-3) only applies to raw and firmware events (table 47). */
    uint64_t data = 0;
    if (type == SBI_PMU_TYPE_RAW || type == SBI_PMU_TYPE_RAW_V2 || type == SBI_PMU_TYPE_FW)
      data = (uint64_t)e[3] << 32 | e[2];
    /* "MUST update this entire 32-bit word if valid event_idx and event_data are specified":
     * an event_idx of a defined type is valid whether or not its code names an event the
     * firmware knows (general code 0x7ff: 0, unsupported); a reserved type, or event_data the
     * type does not allow, keeps the output word. */
    if (!get_info_entry_valid(ph, event_idx, data)) continue;
    e[1] = pmu_event_well_formed(ph, event_idx, data) && event_supported(ph, event_idx, data) ? 1 : 0;
  }
  return FW_OK;
}
