/* The device tree's PMU event map (see pmu_map.h). Entries that make no sense (first > last,
 * no counters, an event index of 0) are skipped: QEMU 7.2 pads event-to-mhpmcounters with
 * zero cells. */
#include "sbi/pmu/pmu_map.h"

#include "lib/sbi.h"

#define MAP_MAX 64
#define PROGRAMMABLE_MASK 0xfffffff8u /* counters 3..31; 0..2 are never taken from the map */

struct range {
  uint32_t first, last; /* event indices, inclusive */
  uint32_t counters;    /* bit n: mhpmcounter n */
};
struct selector {
  uint32_t event;       /* event index */
  uint64_t value;       /* mhpmevent value */
};
struct raw {
  uint64_t select, mask; /* raw data d matches when (d & mask) == select */
  uint32_t counters;
};

static struct range ranges[MAP_MAX];
static unsigned num_ranges;
static struct selector selectors[MAP_MAX];
static unsigned num_selectors;
static struct raw raws[MAP_MAX];
static unsigned num_raws;

static uint64_t cells64(const void *v, int i) { return (uint64_t)fdt_cell(v, i) << 32 | fdt_cell(v, i + 1); }

int pmu_map_init(const struct fdt *f, int node) {
  num_ranges = num_selectors = num_raws = 0;
  if (node < 0) return FW_OK;
  int len;
  const void *v = fdt_prop_get(f, node, "riscv,event-to-mhpmcounters", &len);
  for (int i = 0; v && (i + 3) * 4 <= len && num_ranges < MAP_MAX; i += 3) {
    struct range r = {fdt_cell(v, i), fdt_cell(v, i + 1), fdt_cell(v, i + 2) & PROGRAMMABLE_MASK};
    if (r.first && r.first <= r.last && r.counters) ranges[num_ranges++] = r;
  }
  v = fdt_prop_get(f, node, "riscv,event-to-mhpmevent", &len);
  for (int i = 0; v && (i + 3) * 4 <= len && num_selectors < MAP_MAX; i += 3) {
    struct selector s = {fdt_cell(v, i), cells64(v, i + 1)};
    if (s.event) selectors[num_selectors++] = s;
  }
  v = fdt_prop_get(f, node, "riscv,raw-event-to-mhpmcounters", &len);
  for (int i = 0; v && (i + 5) * 4 <= len && num_raws < MAP_MAX; i += 5) {
    struct raw r = {cells64(v, i), cells64(v, i + 2), fdt_cell(v, i + 4) & PROGRAMMABLE_MASK};
    if (r.counters) raws[num_raws++] = r;
  }
  return FW_OK;
}

uint32_t pmu_map_counters(uint32_t event_idx, uint64_t data, uint64_t *selector) {
  unsigned type = SBI_PMU_EVENT_TYPE(event_idx);
  uint32_t counters = 0;
  if (type == SBI_PMU_TYPE_RAW || type == SBI_PMU_TYPE_RAW_V2) {
    for (unsigned i = 0; i < num_raws; i++)
      if ((data & raws[i].mask) == raws[i].select) counters |= raws[i].counters;
    *selector = data;
    return counters;
  }
  for (unsigned i = 0; i < num_ranges; i++)
    if (event_idx >= ranges[i].first && event_idx <= ranges[i].last) counters |= ranges[i].counters;
  *selector = event_idx;
  for (unsigned i = 0; i < num_selectors; i++)
    if (selectors[i].event == event_idx) *selector = selectors[i].value;
  return counters;
}
