/* Physical memory protection (privileged spec 3.7; see pmp.h). */
#include "hart/pmp.h"

#include <string.h>

#include "csr/csr.h"

/* pmpaddr holds address bits 33:2 on RV32 and 55:2 on RV64 (3.7.1). */
static uint64_t addr_mask(const struct pmp *p) { return p->xlen == 32 ? 0xffffffffull : (1ull << 54) - 1; }

/* pmpaddr as a TOR bound sees it: bits g-1:0 cleared (the granularity). */
static uint64_t tor_bound(const struct pmp *p, unsigned i) {
  return (p->addr[i] & ~((1ull << p->g) - 1)) << 2;
}

/* Recomputes first/last/on/active/locked from cfg and addr. */
static void decode(struct pmp *p) {
  p->active = 0;
  p->num_on = 0;
  p->locked = false;
  for (unsigned i = 0; i < p->entries; i++) {
    unsigned a = p->cfg[i] & PMP_A;
    uint64_t first = 0, last = 0;
    bool on = true;
    if (a == PMP_A_OFF) {
      on = false;
    } else if (a == PMP_A_TOR) {
      /* Matches pmpaddr[i-1] <= pa < pmpaddr[i] (entry 0: from 0); empty if the bounds cross. */
      first = i ? tor_bound(p, i - 1) : 0;
      uint64_t end = tor_bound(p, i);
      on = first < end;
      last = end - 1;
    } else if (a == PMP_A_NA4) {
      first = p->addr[i] << 2;
      last = first + 3;
    } else {
      /* NAPOT: trailing ones t give a 2^(t+3)-byte region; with g >= 2, bits g-2:0 count as
       * ones, so no region is smaller than the granularity. */
      uint64_t v = p->addr[i];
      if (p->g >= 2) v |= (1ull << (p->g - 1)) - 1;
      unsigned t = (unsigned)__builtin_ctzll(~v); /* at most 54: v has 54 bits (RV64) or 32 */
      uint64_t size = 1ull << (t + 3);
      first = (v << 2) & ~(size - 1);
      last = first + size - 1;
    }
    p->on[i] = on;
    p->first[i] = first;
    p->last[i] = last;
    if (on) {
      p->active = i + 1;
      p->on_list[p->num_on++] = (uint8_t)i;
      if (p->cfg[i] & PMP_L) p->locked = true;
    }
  }
}

void pmp_reset(struct pmp *p, unsigned entries, unsigned g, unsigned xlen) {
  memset(p, 0, sizeof *p);
  p->entries = entries > PMP_MAX_ENTRIES ? PMP_MAX_ENTRIES : entries;
  p->g = g;
  p->xlen = xlen;
}

bool pmp_is_csr(const struct pmp *p, unsigned csr) {
  if (csr == CSR_MSECCFG || csr == CSR_MSECCFGH)
    return (p->flags & PMP_SMEPMP) && (csr == CSR_MSECCFG || p->xlen == 32);
  if (csr >= CSR_PMPADDR0 && csr <= CSR_PMPADDR63) return true;
  if (csr < CSR_PMPCFG0 || csr > CSR_PMPCFG15) return false;
  return p->xlen == 32 || ((csr - CSR_PMPCFG0) & 1) == 0; /* RV64: pmpcfg1, 3, ... do not exist */
}

/* The first entry pmpcfg`n` holds: 4 per register on RV32, 8 per even register on RV64. */
static unsigned cfg_first(unsigned n) { return 4 * n; }
static unsigned cfg_count(const struct pmp *p) { return p->xlen == 32 ? 4 : 8; }

/* pmpaddr`i` as read: with g >= 1, bits g-1:0 read zero in OFF and TOR mode; with g >= 2,
 * bits g-2:0 read ones in NAPOT mode (3.7.1.1). The stored bits are kept either way. */
static uint64_t addr_read(const struct pmp *p, unsigned i) {
  uint64_t v = p->addr[i];
  if (p->g == 0) return v;
  if ((p->cfg[i] & PMP_A) == PMP_A_NAPOT) return p->g >= 2 ? v | ((1ull << (p->g - 1)) - 1) : v;
  if ((p->cfg[i] & PMP_A) != PMP_A_NA4) return v & ~((1ull << p->g) - 1);
  return v;
}

uint64_t pmp_csr_read(const struct pmp *p, unsigned csr) {
  if (csr == CSR_MSECCFG) return p->mseccfg;
  if (csr == CSR_MSECCFGH) return 0; /* no fields (Smepmp 1.0) */
  if (csr >= CSR_PMPADDR0) {
    unsigned i = csr - CSR_PMPADDR0;
    return i < p->entries ? addr_read(p, i) : 0;
  }
  unsigned first = cfg_first(csr - CSR_PMPCFG0);
  uint64_t v = 0;
  for (unsigned k = 0; k < cfg_count(p); k++)
    if (first + k < p->entries) v |= (uint64_t)p->cfg[first + k] << (8 * k);
  return v;
}

/* The legal value of a pmpNcfg byte written as `b`: reserved bits 6:5 zero, the reserved
 * R=0 W=1 combination made W=0 (a shared-region rule under MML: kept), and NA4 (not
 * selectable with g >= 1) made NAPOT, or OFF with PMP_NA4_TO_OFF. */
static uint8_t legal_cfg(const struct pmp *p, uint8_t b) {
  b &= PMP_R | PMP_W | PMP_X | PMP_A | PMP_L;
  if ((b & (PMP_R | PMP_W)) == PMP_W && !(p->mseccfg & MSECCFG_MML)) b &= (uint8_t)~PMP_W;
  if (p->g >= 1 && (b & PMP_A) == PMP_A_NA4)
    b = (uint8_t)((b & ~PMP_A) | ((p->flags & PMP_NA4_TO_OFF) ? PMP_A_OFF : PMP_A_NAPOT));
  return b;
}

/* Whether entry i ignores writes: L set, unless mseccfg.RLB bypasses the locks. */
static bool entry_locked(const struct pmp *p, unsigned i) {
  return (p->cfg[i] & PMP_L) && !(p->mseccfg & MSECCFG_RLB);
}

/* Smepmp: a locked rule that lets M mode execute (M-mode-only X or RX, or a shared region
 * with X: LRWX = 1001, 1101, 1010, 1011). Under MML such a rule cannot be added (the write is
 * ignored) unless RLB is set. */
static bool m_exec_rule(uint8_t b) {
  unsigned rwx = b & (PMP_R | PMP_W | PMP_X);
  return (b & PMP_L) && (rwx == PMP_X || rwx == (PMP_R | PMP_X) || (rwx & (PMP_R | PMP_W)) == PMP_W);
}

/* mseccfg: MML and MMWP stay set once set; RLB cannot be set while an entry is locked (L with
 * RLB clear), including entries that are off (Smepmp 1.0, 2.3). */
static void mseccfg_write(struct pmp *p, uint64_t value) {
  bool any_locked = false;
  for (unsigned i = 0; i < p->entries; i++) any_locked |= entry_locked(p, i);
  uint8_t v = (uint8_t)(p->mseccfg | (value & (MSECCFG_MML | MSECCFG_MMWP)));
  if (!any_locked) v = (uint8_t)((v & ~MSECCFG_RLB) | (value & MSECCFG_RLB));
  else v &= (uint8_t)~MSECCFG_RLB;
  p->mseccfg = v;
}

bool pmp_csr_write(struct pmp *p, unsigned csr, uint64_t value) {
  if (csr == CSR_MSECCFGH) return false;
  if (csr == CSR_MSECCFG) {
    mseccfg_write(p, value);
    return true;
  }
  if (csr >= CSR_PMPADDR0) {
    unsigned i = csr - CSR_PMPADDR0;
    if (i >= p->entries || entry_locked(p, i)) return false;
    /* A locked TOR entry also locks the pmpaddr below it, its lower bound (3.7.1.3). */
    if (i + 1 < p->entries && entry_locked(p, i + 1) && (p->cfg[i + 1] & PMP_A) == PMP_A_TOR) return false;
    p->addr[i] = value & addr_mask(p);
  } else {
    unsigned first = cfg_first(csr - CSR_PMPCFG0);
    bool mml_locks = (p->mseccfg & (MSECCFG_MML | MSECCFG_RLB)) == MSECCFG_MML;
    for (unsigned k = 0; k < cfg_count(p); k++) {
      unsigned i = first + k;
      if (i >= p->entries || entry_locked(p, i)) continue;
      uint8_t b = legal_cfg(p, (uint8_t)(value >> (8 * k)));
      if (mml_locks && m_exec_rule(b)) continue;
      p->cfg[i] = b;
    }
  }
  decode(p);
  return true;
}

/* Whether matching entry i grants `perm` in `priv` (3.7.1; under MML, Smepmp's table). */
static bool rule_allows(const struct pmp *p, unsigned i, unsigned perm, unsigned priv) {
  uint8_t c = p->cfg[i];
  bool l = (c & PMP_L) != 0, m = priv == PRIV_M;
  if (!(p->mseccfg & MSECCFG_MML)) return (m && !l) || (c & perm) == perm;
  if ((c & (PMP_R | PMP_W)) == PMP_W) { /* shared regions */
    bool x = (c & PMP_X) != 0;
    if (!l) return perm == PMP_R || (perm == PMP_W && (m || x)); /* M RW, S/U R; or all RW */
    return perm == PMP_X || (perm == PMP_R && m && x);            /* all X; or M RX, S/U X */
  }
  if (l && (c & (PMP_R | PMP_W | PMP_X)) == (PMP_R | PMP_W | PMP_X)) return perm == PMP_R; /* shared R */
  return (c & perm) == perm && l == m; /* L: M-mode-only rule; no L: S/U-mode-only rule */
}

bool pmp_allows(const struct pmp *p, uint64_t pa, uint64_t len, unsigned perm, unsigned priv) {
  unsigned sec = p->mseccfg;
  if (priv == PRIV_M && !p->locked && !(sec & (MSECCFG_MML | MSECCFG_MMWP)))
    return true; /* also: no entries, or none on */
  uint64_t end = pa + len - 1;
  for (unsigned k = 0; k < p->num_on; k++) {
    unsigned i = p->on_list[k];
    if (end < p->first[i] || pa > p->last[i]) continue;
    if (pa < p->first[i] || end > p->last[i]) return false; /* matches some bytes, not all */
    return rule_allows(p, i, perm, priv);
  }
  if (p->entries == 0) return true;
  if (priv != PRIV_M || (sec & MSECCFG_MMWP)) return false;
  return !((sec & MSECCFG_MML) && perm == PMP_X);
}

uint64_t pmp_region_end(const struct pmp *p, uint64_t pa) {
  uint64_t end = UINT64_MAX;
  for (unsigned k = 0; k < p->num_on; k++) {
    unsigned i = p->on_list[k];
    if (p->first[i] > pa && p->first[i] < end) end = p->first[i];
    if (p->last[i] >= pa && p->last[i] != UINT64_MAX && p->last[i] + 1 < end) end = p->last[i] + 1;
  }
  return end;
}
