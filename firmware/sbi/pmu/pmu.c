/* PMU core (see pmu.h): per-hart counter state, probing, matching, start/stop, snapshots,
 * firmware counters (events and event_get_info: pmu_event.c). Every function works on the
 * calling hart's state only, so no locks.
 *
 * State of a logical counter:
 *   bound    it has an event (event_idx != 0). cycle and instret are bound to CPU_CYCLES and
 *            INSTRUCTIONS for ever; the others from config_matching until STOP with RESET.
 *   claimed  config_matching handed it out; STOP with RESET gives it back. A claimed counter is
 *            never handed out again, even while stopped (Linux configures first, starts later).
 *   started  counting (hardware: its mcountinhibit bit is clear).
 * At boot cycle and instret are started (software that never calls the PMU still sees rdcycle
 * and rdinstret move) and unclaimed; everything else is stopped and unbound. */
#include "hart/hart.h"
#include "lib/csr.h"
#include "lib/lib.h"
#include "platform/platform.h"
#include "sbi/pmu/pmu_csr.h"
#include "sbi/pmu/pmu_internal.h"
#include "sbi/pmu/pmu_map.h"

static struct pmu_hart harts[FW_MAX_HARTS];

struct pmu_hart *pmu_self(void) { return &harts[csr_read(CSR_MHARTID)]; }

int pmu_init(const struct fdt *f, int node) { return pmu_map_init(f, node); }

void pmu_hart_init(void) {
  struct pmu_hart *ph = pmu_self();
  unsigned long v;
  memset(ph, 0, sizeof *ph);
  if (CSR_READ_GUARDED(CSR_MCOUNTINHIBIT, &v) != FW_OK) return;
  ph->available = true;
  csr_write(CSR_MCOUNTINHIBIT, ~0UL); /* nothing counts while it is probed */
  ph->sscofpmf = CSR_READ_GUARDED(CSR_SCOUNTOVF, &v) == FW_OK;
  ph->smcntrpmf = CSR_READ_GUARDED(CSR_MCYCLECFG, &v) == FW_OK;
  ph->eventh = __riscv_xlen == 32 && ph->sscofpmf;
  ph->sel_bits = __riscv_xlen == 64 || ph->eventh ? 64 : 32;
  ph->hypervisor = (csr_read(CSR_MISA) >> ('h' - 'a')) & 1;
  uint64_t reachable = ph->sel_bits == 64 ? SELECTOR_MASK : 0xffffffffULL;
  for (unsigned idx = 0; idx < PMU_HW_SLOTS; idx++) {
    unsigned width;
    if (idx == 1 || pmu_csr_counter_probe(idx, &width) != FW_OK) continue;
    if (idx >= 3) {
      uint64_t reset, writable;
      if (pmu_csr_event_probe(idx, ph->eventh, &reset, &writable) != FW_OK) continue;
      ph->sel_reset[idx] = reset;
      ph->sel_fixed[idx] = ~writable & reachable;
      /* Writable selector bits start at 0 (nothing selected); Sscofpmf bits too. */
      pmu_csr_event_write(idx, reset & ph->sel_fixed[idx], ph->eventh);
    }
    ph->implemented |= 1u << idx;
    ph->width[idx] = (uint8_t)width;
  }
  if (ph->smcntrpmf) {
    pmu_csr_cfg_write(0, 0);
    pmu_csr_cfg_write(2, 0);
  }
  ph->ctr[0].event_idx = SBI_PMU_HW_CPU_CYCLES;
  ph->ctr[2].event_idx = SBI_PMU_HW_INSTRUCTIONS;
  ph->ctr[0].started = ph->implemented & 1;
  ph->ctr[2].started = (ph->implemented >> 2) & 1;
  csr_write(CSR_MCOUNTINHIBIT, ~0x5UL);
}

bool pmu_available(void) { return pmu_self()->available; }
bool pmu_has_sscofpmf(void) { return pmu_self()->sscofpmf; }

void fw_event_count(enum sbi_pmu_fw_event code) {
  if ((unsigned)code < SBI_PMU_FW_EVENT_MAX) pmu_self()->fw_totals[code]++;
}

unsigned long pmu_num_counters(void) { return PMU_NUM_COUNTERS; }

bool pmu_counter_valid(const struct pmu_hart *ph, unsigned long idx) {
  if (idx < PMU_HW_SLOTS) return (ph->implemented >> idx) & 1;
  return idx < PMU_NUM_COUNTERS;
}

int pmu_counter_info(unsigned long idx, unsigned long *info) {
  const struct pmu_hart *ph = pmu_self();
  if (!pmu_counter_valid(ph, idx)) return FW_EINVAL;
  if (is_fw(idx)) *info = SBI_PMU_INFO_FW | (unsigned long)(PMU_FW_WIDTH - 1) << SBI_PMU_INFO_WIDTH_SHIFT;
  else *info = (CSR_CYCLE + idx) | (unsigned long)(ph->width[idx] - 1) << SBI_PMU_INFO_WIDTH_SHIFT;
  return FW_OK;
}

/* A counter set: non-empty, inside the index space, every counter valid (spec: "set of
 * counters has at least one invalid counter" -> INVALID_PARAM). */
static int set_check(const struct pmu_hart *ph, unsigned long base, unsigned long mask) {
  if (!mask || base >= PMU_NUM_COUNTERS || bit_fls(mask) >= PMU_NUM_COUNTERS - base) return FW_EINVAL;
  for (unsigned long m = mask; m; m &= m - 1)
    if (!pmu_counter_valid(ph, base + bit_ffs(m))) return FW_EINVAL;
  return FW_OK;
}

/* xINH bits for config flags 3..7. MINH is always set: the firmware's own work is not the
 * supervisor's to count, and counts stay exact (the flags are hints, spec 11.8). */
static uint64_t inhibit_bits(const struct pmu_hart *ph, unsigned long flags) {
  uint64_t v = MHPMEVENT_MINH;
  if (flags & SBI_PMU_CFG_FLAG_SET_SINH) v |= MHPMEVENT_SINH;
  if (flags & SBI_PMU_CFG_FLAG_SET_UINH) v |= MHPMEVENT_UINH;
  if (ph->hypervisor && (flags & SBI_PMU_CFG_FLAG_SET_VSINH)) v |= MHPMEVENT_VSINH;
  if (ph->hypervisor && (flags & SBI_PMU_CFG_FLAG_SET_VUINH)) v |= MHPMEVENT_VUINH;
  return v;
}

/* Programs the event of a stopped hardware counter. With Sscofpmf, OF is set so that nothing
 * interrupts before counter_start clears it. */
static void hw_program(const struct pmu_hart *ph, unsigned long idx, uint64_t selector, unsigned long flags) {
  if (idx >= 3) {
    uint64_t v = selector;
    if (ph->sscofpmf) v = (v & ~MHPMEVENT_SSCOF_MASK) | MHPMEVENT_OF | inhibit_bits(ph, flags);
    pmu_csr_event_write((unsigned)idx, v, ph->eventh);
  } else if (ph->smcntrpmf) {
    pmu_csr_cfg_write((unsigned)idx, inhibit_bits(ph, flags));
  }
}

static uint64_t fw_counter_value(const struct pmu_hart *ph, const struct pmu_counter *c) {
  uint64_t v = c->fw_value;
  if (c->started) v += ph->fw_totals[SBI_PMU_EVENT_CODE(c->event_idx)] - c->fw_snap;
  return v;
}

static uint64_t counter_value(const struct pmu_hart *ph, unsigned long idx) {
  if (is_fw(idx)) return fw_counter_value(ph, &ph->ctr[idx]);
  return pmu_csr_counter_read((unsigned)idx);
}

static void counter_write(struct pmu_hart *ph, unsigned long idx, uint64_t value) {
  struct pmu_counter *c = &ph->ctr[idx];
  if (is_fw(idx)) {
    c->fw_value = value;
    c->fw_snap = ph->fw_totals[SBI_PMU_EVENT_CODE(c->event_idx)];
  } else {
    pmu_csr_counter_write((unsigned)idx, value);
  }
}

static void counter_start(struct pmu_hart *ph, unsigned long idx, bool set, uint64_t value) {
  struct pmu_counter *c = &ph->ctr[idx];
  if (is_fw(idx)) {
    if (set) c->fw_value = value;
    c->fw_snap = ph->fw_totals[SBI_PMU_EVENT_CODE(c->event_idx)];
  } else {
    /* Sscofpmf: clear OF so that the next overflow interrupts, but not while an overflow
     * interrupt is pending, which S mode has not handled yet. */
    if (ph->sscofpmf && idx >= 3 && !(csr_read(CSR_MIP) & MIP_LCOFIP)) {
      uint64_t ev = pmu_csr_event_read((unsigned)idx, ph->eventh);
      if (ev & MHPMEVENT_OF) pmu_csr_event_write((unsigned)idx, ev & ~MHPMEVENT_OF, ph->eventh);
    }
    if (set) pmu_csr_counter_write((unsigned)idx, value);
    csr_clear(CSR_MCOUNTINHIBIT, 1UL << idx);
  }
  c->started = true;
}

static void counter_stop(struct pmu_hart *ph, unsigned long idx) {
  struct pmu_counter *c = &ph->ctr[idx];
  if (is_fw(idx)) c->fw_value = fw_counter_value(ph, c);
  else csr_set(CSR_MCOUNTINHIBIT, 1UL << idx);
  c->started = false;
}

/* STOP with RESET: gives the counter back. Fixed counters keep their event and lose their
 * filters; programmable ones select nothing again. */
static void counter_reset(struct pmu_hart *ph, unsigned long idx) {
  struct pmu_counter *c = &ph->ctr[idx];
  c->claimed = false;
  c->event_data = 0;
  if (is_fixed(idx)) {
    if (ph->smcntrpmf) pmu_csr_cfg_write((unsigned)idx, 0);
    return;
  }
  c->event_idx = 0;
  if (!is_fw(idx)) pmu_csr_event_write((unsigned)idx, ph->sel_reset[idx] & ph->sel_fixed[idx], ph->eventh);
}

static bool counter_overflowed(const struct pmu_hart *ph, unsigned long idx) {
  if (!ph->sscofpmf || idx < 3 || is_fw(idx)) return false;
  return (pmu_csr_event_read((unsigned)idx, ph->eventh) & MHPMEVENT_OF) != 0;
}

/* A free counter of the set that can count the event. With Sscofpmf the fixed counters come
 * last: they cannot raise overflow interrupts, which sampling needs. */
static int counter_find(const struct pmu_hart *ph, unsigned long base, unsigned long mask, unsigned long event_idx,
                        uint64_t data, unsigned long *idx, uint64_t *selector) {
  for (int pass = 0; pass < 2; pass++) {
    for (unsigned long m = mask; m; m &= m - 1) {
      unsigned long i = base + bit_ffs(m);
      const struct pmu_counter *c = &ph->ctr[i];
      bool late = is_fixed(i) && ph->sscofpmf;
      if (late != (pass == 1) || c->claimed || c->started) continue;
      if (pmu_can_monitor(ph, i, event_idx, data, selector)) {
        *idx = i;
        return FW_OK;
      }
    }
  }
  return FW_ENOTSUP;
}

int pmu_counter_config_matching(unsigned long base, unsigned long mask, unsigned long flags, unsigned long event_idx,
                                uint64_t event_data, unsigned long *out) {
  struct pmu_hart *ph = pmu_self();
  if (!ph->available) return FW_ENOTSUP;
  if (flags & ~SBI_PMU_CFG_FLAGS_ALL) return FW_EINVAL;
  int r = set_check(ph, base, mask);
  if (r < 0) return r;
  /* The spec's error table gives INVALID_PARAM only for the counter set and the flags; an
   * event no counter can count, malformed or merely absent, is NOT_SUPPORTED. */
  if (!pmu_event_well_formed(ph, event_idx, event_data)) return FW_ENOTSUP;
  unsigned long idx;
  uint64_t selector = 0;
  if (flags & SBI_PMU_CFG_FLAG_SKIP_MATCH) {
    /* "unconditionally select the first counter of the set": the caller knows it is
     * configured; a running counter cannot be reconfigured. */
    idx = base + bit_ffs(mask);
    if (!ph->ctr[idx].event_idx) return FW_EINVAL;
    if (ph->ctr[idx].started || !pmu_can_monitor(ph, idx, event_idx, event_data, &selector)) return FW_ENOTSUP;
  } else {
    r = counter_find(ph, base, mask, event_idx, event_data, &idx, &selector);
    if (r < 0) return r;
  }
  struct pmu_counter *c = &ph->ctr[idx];
  c->event_idx = (uint32_t)event_idx;
  c->event_data = event_data;
  c->claimed = true;
  if (!is_fw(idx)) hw_program(ph, idx, selector, flags);
  if (flags & SBI_PMU_CFG_FLAG_CLEAR_VALUE) counter_write(ph, idx, 0);
  if (flags & SBI_PMU_CFG_FLAG_AUTO_START) counter_start(ph, idx, false, 0);
  *out = idx;
  return FW_OK;
}

/* 64-bit word `i` of the snapshot memory. */
static volatile uint64_t *snapshot_word(const struct pmu_hart *ph, unsigned i) {
  return (volatile uint64_t *)(ph->shmem + 8 * i);
}

int pmu_counter_start(unsigned long base, unsigned long mask, unsigned long flags, uint64_t value) {
  struct pmu_hart *ph = pmu_self();
  if (!ph->available) return FW_ENOTSUP;
  if (flags & ~SBI_PMU_START_FLAGS_ALL) return FW_EINVAL;
  int r = set_check(ph, base, mask);
  if (r < 0) return r;
  for (unsigned long m = mask; m; m &= m - 1)
    if (!ph->ctr[base + bit_ffs(m)].event_idx) return FW_EINVAL; /* nothing to count */
  if ((flags & SBI_PMU_START_FLAGS_ALL) == SBI_PMU_START_FLAGS_ALL) return FW_EINVAL; /* mutually exclusive */
  if ((flags & SBI_PMU_START_FLAG_INIT_SNAPSHOT) && !ph->shmem_on) return FW_ENOSHMEM;
  bool already = false;
  for (unsigned long m = mask; m; m &= m - 1) {
    unsigned j = bit_ffs(m);
    unsigned long idx = base + j;
    if (ph->ctr[idx].started) {
      already = true; /* the others of the set still start */
      continue;
    }
    if (flags & SBI_PMU_START_SET_INIT_VALUE) counter_start(ph, idx, true, value);
    else if (flags & SBI_PMU_START_FLAG_INIT_SNAPSHOT) counter_start(ph, idx, true, *snapshot_word(ph, 1 + j));
    else counter_start(ph, idx, false, 0);
  }
  return already ? FW_EALREADY_STARTED : FW_OK;
}

int pmu_counter_stop(unsigned long base, unsigned long mask, unsigned long flags) {
  struct pmu_hart *ph = pmu_self();
  if (!ph->available) return FW_ENOTSUP;
  if (flags & ~SBI_PMU_STOP_FLAGS_ALL) return FW_EINVAL;
  int r = set_check(ph, base, mask);
  if (r < 0) return r;
  bool snapshot = flags & SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT;
  if (snapshot && !ph->shmem_on) return FW_ENOSHMEM;
  bool already = false;
  uint64_t overflow = 0;
  for (unsigned long m = mask; m; m &= m - 1) {
    unsigned j = bit_ffs(m);
    unsigned long idx = base + j;
    if (ph->ctr[idx].started) counter_stop(ph, idx);
    else already = true; /* the others of the set still stop (and RESET still frees it) */
    if (snapshot) {
      *snapshot_word(ph, 1 + j) = counter_value(ph, idx);
      if (counter_overflowed(ph, idx)) overflow |= 1ULL << j;
    }
    if (flags & SBI_PMU_STOP_FLAG_RESET) counter_reset(ph, idx);
  }
  if (snapshot) *snapshot_word(ph, 0) = overflow;
  return already ? FW_EALREADY_STOPPED : FW_OK;
}

int pmu_counter_fw_read(unsigned long idx, uint64_t *value) {
  struct pmu_hart *ph = pmu_self();
  if (!ph->available) return FW_ENOTSUP;
  if (!is_fw(idx) || idx >= PMU_NUM_COUNTERS || !ph->ctr[idx].event_idx) return FW_EINVAL;
  *value = fw_counter_value(ph, &ph->ctr[idx]);
  return FW_OK;
}

int pmu_snapshot_set_shmem(unsigned long lo, unsigned long hi, unsigned long flags) {
  struct pmu_hart *ph = pmu_self();
  if (!ph->available) return FW_ENOTSUP;
  if (flags) return FW_EINVAL;
  if (lo == ~0UL && hi == ~0UL) {
    ph->shmem_on = false;
    ph->shmem = 0;
    return FW_OK;
  }
  if (lo & (SBI_PMU_SNAPSHOT_BYTES - 1)) return FW_EINVAL;
  if (hi || !platform_smode_ram(lo, SBI_PMU_SNAPSHOT_BYTES)) return FW_EADDR;
  ph->shmem = lo;
  ph->shmem_on = true;
  return FW_OK;
}
