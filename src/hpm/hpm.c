/* HPM unit: lazy counters, selectors, inhibit, privilege filters and overflow (see hpm.h).
 * Spec: privileged ISA 3.1.10-3.1.13 (counters, mcounteren, mcountinhibit), Sscofpmf,
 * Smcntrpmf. */
#include "hpm/hpm.h"

#include <string.h>

#include "csr/csr.h"

/* Events blocks count statically, so they need the `active` list. Cycles and instructions are
 * always added; the others are only ever added where they happen. */
static bool event_is_static(enum event_id ev) {
  switch (ev) {
    case EV_CYCLES: case EV_INSNS: case EV_BR_TAKEN: case EV_BR_NOT_TAKEN: case EV_EXCEPTIONS:
    case EV_INTERRUPTS: case EV_BR_MISPREDICTS: case EV_DC_READ_MISSES: case EV_DC_WRITE_MISSES:
    case EV_IC_MISSES: case EV_ITLB_MISSES: case EV_DTLB_LOAD_MISSES: case EV_DTLB_STORE_MISSES:
      return false;
    default:
      return true;
  }
}

static uint64_t width_mask(unsigned bits) { return bits >= 64 ? ~0ull : (1ull << bits) - 1; }

/* The xINH bit that filters counting in privilege mode `priv` (Sscofpmf/Smcntrpmf). */
static uint64_t inhibit_bit_for(unsigned priv) {
  return priv == PRIV_M ? MHPMEVENT_MINH : priv == PRIV_S ? MHPMEVENT_SINH : MHPMEVENT_UINH;
}

bool hpm_is_latency_counter(const struct hpm *hpm, unsigned idx) {
  uint32_t pairs = hpm->profile->latency_pairs;
  return idx < HPM_NUM_COUNTERS && ((pairs >> idx & 1) || (idx > 0 && (pairs >> (idx - 1) & 1)));
}

/* The event set counter idx counts (0: nothing; latency counters count no events). */
static uint64_t counter_events(const struct hpm *hpm, unsigned idx) {
  if (!(hpm->implemented >> idx & 1) || hpm_is_latency_counter(hpm, idx)) return 0;
  if (idx == 0) return EV_BIT(EV_CYCLES);
  if (idx == 2) return EV_BIT(EV_INSNS);
  return hpm->profile->decode_selector(hpm->profile, hpm->mhpmevent[idx] & MHPMEVENT_SELECTOR_MASK);
}

/* Gives every distinct several-event set among the counters a combo slot, in counter order.
 * Sets `combos_changed` when the assignment differs from before. */
static void assign_combos(struct hpm *hpm) {
  uint64_t masks[EV_NUM_COMBOS] = {0};
  unsigned n = 0;
  for (unsigned i = HPM_FIRST_PROGRAMMABLE; i < HPM_NUM_COUNTERS; i++) {
    uint64_t m = counter_events(hpm, i);
    if (!(m & (m - 1))) continue;
    bool seen = false;
    for (unsigned k = 0; k < n; k++) seen |= masks[k] == m;
    if (!seen && n < EV_NUM_COMBOS) masks[n++] = m;
  }
  if (n != hpm->num_combos || memcmp(masks, hpm->combo_mask, sizeof masks) != 0) hpm->combos_changed = true;
  memcpy(hpm->combo_mask, masks, sizeof masks);
  hpm->num_combos = n;
}

/* The accumulator a counter counting the event set m reads. */
static enum event_id accumulator_of(const struct hpm *hpm, uint64_t m) {
  if (!m) return EV_NONE;
  if (!(m & (m - 1))) return (enum event_id)__builtin_ctzll(m);
  for (unsigned k = 0; k < hpm->num_combos; k++)
    if (hpm->combo_mask[k] == m) return (enum event_id)(EV_COMBO0 + k);
  return EV_NONE; /* unreachable: there is a slot for every programmable counter */
}

static bool counter_filtered(const struct hpm *hpm, unsigned idx) {
  uint64_t inh = inhibit_bit_for(hpm->priv);
  if (idx == 0) return hpm->profile->has_smcntrpmf && (hpm->mcyclecfg & inh);
  if (idx == 2) return hpm->profile->has_smcntrpmf && (hpm->minstretcfg & inh);
  return hpm->profile->has_sscofpmf && (hpm->mhpmevent[idx] & inh);
}

/* Brings counter idx up to date; returns true if it wrapped past its width meanwhile. */
static bool fold(struct hpm *hpm, unsigned idx) {
  struct hpm_counter *c = &hpm->ctr[idx];
  if (!c->running) return false;
  uint64_t now = hpm->acc[c->event], delta = now - c->snap, mask = hpm->width_mask[idx];
  bool wrapped = delta > mask - c->base;
  c->base = (c->base + delta) & mask;
  c->snap = now;
  return wrapped;
}

void hpm_fold_all(struct hpm *hpm) {
  for (unsigned i = 0; i < HPM_NUM_COUNTERS; i++) {
    if (!fold(hpm, i) || i < HPM_FIRST_PROGRAMMABLE || !hpm->profile->has_sscofpmf) continue;
    /* Sscofpmf: OF is set on wrap; an interrupt is requested only if OF was clear. */
    if (!(hpm->mhpmevent[i] & MHPMEVENT_OF)) hpm->overflowed |= 1u << i;
    hpm->mhpmevent[i] |= MHPMEVENT_OF;
  }
}

/* Recomputes every counter's event and running flag and the list of static events to
 * accumulate. Counters must have been folded first. */
static void recompute(struct hpm *hpm) {
  bool wanted[EV_NUM_ACC] = {0};
  assign_combos(hpm);
  hpm->selected = hpm->host_events;
  for (unsigned i = 0; i < HPM_NUM_COUNTERS; i++) {
    struct hpm_counter *c = &hpm->ctr[i];
    uint64_t m = counter_events(hpm, i);
    if (i >= HPM_FIRST_PROGRAMMABLE) hpm->selected |= m;
    enum event_id ev = accumulator_of(hpm, m);
    bool run = ev != EV_NONE && !(hpm->mcountinhibit >> i & 1) && !counter_filtered(hpm, i);
    c->event = (uint8_t)ev;
    c->running = run;
    c->snap = hpm->acc[ev];
    if (run) wanted[ev] = true;
  }
  hpm->latency_watch = 0;
  for (uint32_t pairs = hpm->profile->latency_pairs & hpm->implemented; pairs; pairs &= pairs - 1) {
    unsigned i = (unsigned)__builtin_ctz(pairs);
    uint64_t m = hpm->profile->decode_selector(hpm->profile, hpm->mhpmevent[i] & MHPMEVENT_SELECTOR_MASK);
    hpm->latency_events[i] = m;
    if ((~hpm->mcountinhibit >> i & 3) != 0) hpm->latency_watch |= m;
  }
  uint8_t was[EV_NUM_ACC];
  unsigned num_was = hpm->num_active;
  memcpy(was, hpm->active, num_was);
  hpm->num_active = 0;
  hpm->active_mask = 0;
  for (unsigned ev = 1; ev < EV_NUM_ACC; ev++)
    if ((wanted[ev] || (ev < EV_COUNT && (hpm->host_events >> ev & 1))) && event_is_static((enum event_id)ev)) {
      hpm->active[hpm->num_active++] = (uint8_t)ev;
      hpm->active_mask |= ev < EV_COUNT ? EV_BIT(ev) : HPM_ACTIVE_COMBOS;
    }
  if (hpm->num_active != num_was || memcmp(was, hpm->active, num_was) != 0) hpm->active_gen++;
}

void hpm_init(struct hpm *hpm, const struct profile *profile, unsigned priv) {
  memset(hpm, 0, sizeof *hpm);
  hpm->profile = profile;
  hpm->priv = priv;
  hpm->implemented = 1u << 0 | 1u << 2;
  for (unsigned i = 0; i < profile->num_hpm; i++) hpm->implemented |= 1u << (HPM_FIRST_PROGRAMMABLE + i);
  for (unsigned i = 0; i < HPM_NUM_COUNTERS; i++) {
    hpm->width_mask[i] = width_mask(i < HPM_FIRST_PROGRAMMABLE ? profile->fixed_width : profile->hpm_width);
    if (i > 0 && (profile->latency_pairs >> (i - 1) & 1)) hpm->width_mask[i] = 0xffffffffu; /* max/min */
    if (i >= HPM_FIRST_PROGRAMMABLE && (hpm->implemented >> i & 1))
      hpm->mhpmevent[i] = profile->selector_reset(profile, i);
  }
  hpm->mcountinhibit = profile->mcountinhibit_reset & hpm->implemented;
  recompute(hpm);
}

uint64_t hpm_counter_value(struct hpm *hpm, unsigned idx) {
  const struct hpm_counter *c = &hpm->ctr[idx];
  if (!(hpm->implemented >> idx & 1)) return 0;
  if (!c->running) return c->base;
  return (c->base + (hpm->acc[c->event] - c->snap)) & hpm->width_mask[idx];
}

void hpm_counter_write(struct hpm *hpm, unsigned idx, uint64_t value) {
  if (!(hpm->implemented >> idx & 1)) return; /* WARL: unimplemented counters ignore writes */
  struct hpm_counter *c = &hpm->ctr[idx];
  c->base = value & hpm->width_mask[idx];
  c->snap = hpm->acc[c->event];
  hpm->written |= 1u << idx;
}

void hpm_instruction_retired(struct hpm *hpm) {
  for (uint32_t w = hpm->written; w; w &= w - 1) {
    struct hpm_counter *c = &hpm->ctr[__builtin_ctz(w)];
    c->snap = hpm->acc[c->event];
  }
  hpm->written = 0;
}

/* The events split by mode: those a host tool watches, and the two always accumulated. */
static uint64_t mode_events(const struct hpm *hpm) {
  return (hpm->host_events | EV_BIT(EV_CYCLES) | EV_BIT(EV_INSNS)) & ~EV_BIT(EV_NONE);
}

void hpm_set_priv(struct hpm *hpm, unsigned priv) {
  for (uint64_t m = mode_events(hpm); m; m &= m - 1) {
    unsigned ev = (unsigned)__builtin_ctzll(m);
    hpm->mode_total[hpm->priv & 3][ev] += hpm->acc[ev] - hpm->mode_snap[ev];
    hpm->mode_snap[ev] = hpm->acc[ev];
  }
  hpm_fold_all(hpm);
  hpm->priv = priv;
  recompute(hpm);
}

void hpm_write_inhibit(struct hpm *hpm, uint32_t value) {
  hpm_fold_all(hpm);
  /* Bit 1 (time) is read-only zero; bits of unimplemented counters are WARL zero. */
  hpm->mcountinhibit = value & hpm->implemented;
  recompute(hpm);
}

void hpm_write_event(struct hpm *hpm, unsigned idx, uint64_t value) {
  const struct profile *p = hpm->profile;
  if (!(hpm->implemented >> idx & 1)) return;
  uint64_t selector_bits = p->selector_mask ? p->selector_mask : MHPMEVENT_SELECTOR_MASK;
  uint64_t writable = (p->selectors_writable ? selector_bits : 0) |
                      (p->has_sscofpmf ? MHPMEVENT_OF | MHPMEVENT_MINH | MHPMEVENT_SINH | MHPMEVENT_UINH : 0);
  hpm_fold_all(hpm);
  uint64_t old = hpm->mhpmevent[idx];
  hpm->mhpmevent[idx] = (old & ~writable) | (value & writable);
  if (p->selector_write) /* the profile's own WARL rule for the selector bits */
    hpm->mhpmevent[idx] = (hpm->mhpmevent[idx] & ~MHPMEVENT_SELECTOR_MASK) |
                          (p->selector_write(p, idx, old & MHPMEVENT_SELECTOR_MASK, value & MHPMEVENT_SELECTOR_MASK) &
                           MHPMEVENT_SELECTOR_MASK);
  recompute(hpm);
}

static uint64_t cfg_writable(const struct profile *p) {
  return p->has_smcntrpmf ? MHPMEVENT_MINH | MHPMEVENT_SINH | MHPMEVENT_UINH : 0;
}

void hpm_write_cyclecfg(struct hpm *hpm, uint64_t value) {
  hpm_fold_all(hpm);
  hpm->mcyclecfg = value & cfg_writable(hpm->profile);
  recompute(hpm);
}

void hpm_write_instretcfg(struct hpm *hpm, uint64_t value) {
  hpm_fold_all(hpm);
  hpm->minstretcfg = value & cfg_writable(hpm->profile);
  recompute(hpm);
}

uint64_t hpm_overflow_budget(const struct hpm *hpm, uint64_t max_per_insn) {
  uint64_t budget = UINT64_MAX;
  if (!hpm->profile->has_sscofpmf) return budget;
  for (unsigned i = HPM_FIRST_PROGRAMMABLE; i < HPM_NUM_COUNTERS; i++) {
    const struct hpm_counter *c = &hpm->ctr[i];
    if (!c->running) continue;
    uint64_t value = (c->base + (hpm->acc[c->event] - c->snap)) & hpm->width_mask[i];
    uint64_t to_wrap = hpm->width_mask[i] - value; /* events that still fit; one more wraps */
    uint64_t insns = to_wrap / max_per_insn;
    if (insns < UINT64_MAX) insns++; /* a 64-bit counter at 0 needs 2^64: saturate, not 0 */
    if (insns < budget) budget = insns;
  }
  return budget;
}

void hpm_latency_sample(struct hpm *hpm, enum event_id ev, uint64_t cycles) {
  if (!(hpm->latency_watch & EV_BIT(ev))) return;
  for (uint32_t pairs = hpm->profile->latency_pairs & hpm->implemented; pairs; pairs &= pairs - 1) {
    unsigned i = (unsigned)__builtin_ctz(pairs);
    if (!(hpm->latency_events[i] & EV_BIT(ev))) continue;
    if (!(hpm->mcountinhibit >> i & 1)) hpm->ctr[i].base = (hpm->ctr[i].base + cycles) & hpm->width_mask[i];
    if (!(hpm->mcountinhibit >> (i + 1) & 1)) {
      uint64_t v = hpm->ctr[i + 1].base, s = cycles < 0xffff ? cycles : 0xffff;
      uint64_t max = v >> 16 & 0xffff, min = v & 0xffff;
      if (v == 0) max = min = s;
      if (s > max) max = s;
      if (s < min) min = s;
      hpm->ctr[i + 1].base = max << 16 | min;
    }
  }
}

uint64_t hpm_mode_total(const struct hpm *hpm, enum event_id ev, unsigned priv) {
  if (ev >= EV_COUNT || !(mode_events(hpm) & EV_BIT(ev)) || priv > 3) return 0;
  uint64_t n = hpm->mode_total[priv][ev];
  return priv == hpm->priv ? n + (hpm->acc[ev] - hpm->mode_snap[ev]) : n;
}

void hpm_watch_event(struct hpm *hpm, enum event_id ev) {
  /* mode_snap[ev] stays 0 until the next mode change: what acc[ev] holds so far (normally
   * nothing: tools watch before running) counts in the current mode, so the modes add up. */
  hpm_fold_all(hpm);
  hpm->host_events |= EV_BIT(ev);
  recompute(hpm);
}

uint32_t hpm_overflow_bits(const struct hpm *hpm) {
  uint32_t bits = 0;
  for (unsigned i = HPM_FIRST_PROGRAMMABLE; i < HPM_NUM_COUNTERS; i++)
    if (hpm->mhpmevent[i] & MHPMEVENT_OF) bits |= 1u << i;
  return bits;
}
