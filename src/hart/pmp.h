/* Physical memory protection (privileged spec 3.7): the pmpcfg/pmpaddr registers of one hart
 * and the check of an access against them, optionally with Smepmp's mseccfg (MML, MMWP, RLB).
 * How many entries a core has, their granularity and the options are profile data
 * (profile.pmp_entries, pmp_granularity_log2, pmp_smepmp, pmp_na4_to_off).
 *
 * The check is off the hot path: a TLB entry is filled only for a page the PMP allows as a
 * whole (pmp_allows over the page), so loads, stores and fetches that hit the TLB were decided
 * once per page; a page the PMP splits is checked on every access in the slow path. A write to
 * any PMP register flushes the TLBs and the block cache (hart_flush_translation). */
#ifndef RVPMU_HART_PMP_H
#define RVPMU_HART_PMP_H

#include <stdbool.h>
#include <stdint.h>

#define PMP_MAX_ENTRIES 64

/* pmpcfg fields of one entry (3.7.1). */
#define PMP_R 0x01u
#define PMP_W 0x02u
#define PMP_X 0x04u
#define PMP_A 0x18u
#define PMP_A_OFF 0x00u
#define PMP_A_TOR 0x08u
#define PMP_A_NA4 0x10u
#define PMP_A_NAPOT 0x18u
#define PMP_L 0x80u

/* mseccfg (Smepmp 1.0). */
#define MSECCFG_MML 0x1u  /* machine mode lockdown: L marks M-mode-only rules (sticky) */
#define MSECCFG_MMWP 0x2u /* machine mode whitelist policy: unmatched M accesses fail (sticky) */
#define MSECCFG_RLB 0x4u  /* rule locking bypass: locked entries can be written */

/* Options (pmp.flags, from profile.pmp_smepmp and pmp_na4_to_off). */
#define PMP_SMEPMP 0x1u      /* mseccfg/mseccfgh exist and their rules apply */
#define PMP_NA4_TO_OFF 0x2u  /* with G >= 1 a write of NA4 selects OFF (Ibex), not NAPOT */

struct pmp {
  unsigned entries;             /* implemented entries: 0, 16 or 64 (the lowest-numbered ones) */
  unsigned g;                   /* granularity 2^(g+2) bytes */
  unsigned xlen;                /* 32 or 64: the CSR layout */
  unsigned flags;               /* PMP_SMEPMP, PMP_NA4_TO_OFF: set after pmp_reset */
  uint8_t mseccfg;              /* MSECCFG_* (0 without PMP_SMEPMP) */
  uint8_t cfg[PMP_MAX_ENTRIES]; /* pmpNcfg as software reads it */
  uint64_t addr[PMP_MAX_ENTRIES]; /* pmpaddrN as written (all its writable bits, kept even where
                                   * the mode makes low bits read differently, 3.7.1.1) */
  /* Decoded from the above after every write: entry i matches [first[i], last[i]] when
   * on[i] (A != OFF and not an empty TOR range). */
  uint64_t first[PMP_MAX_ENTRIES], last[PMP_MAX_ENTRIES];
  bool on[PMP_MAX_ENTRIES];
  unsigned active;              /* 1 + the highest entry that is on, 0 if none */
  /* The entries that are on, lowest first: what the checks walk. rvpmu's firmware puts its
   * own region in entry 0 and the whole address space in the last (63 of 64), and a walk of
   * all 64 for every S-mode page fill and page-table read was 20% of the Linux boot's host
   * instructions. */
  uint8_t on_list[PMP_MAX_ENTRIES];
  unsigned num_on;
  bool locked;                  /* some entry that is on has L: M-mode accesses are checked */
};

/* Resets to `entries` entries of granularity 2^(g+2), every register zero (A = OFF, L = 0),
 * no flags. */
void pmp_reset(struct pmp *p, unsigned entries, unsigned g, unsigned xlen);

/* Whether `csr` is a PMP register of this XLEN (on RV64 the odd pmpcfg registers are not),
 * mseccfg and (RV32) mseccfgh included with PMP_SMEPMP. */
bool pmp_is_csr(const struct pmp *p, unsigned csr);
/* Reads a PMP register (pmp_is_csr); unimplemented entries read zero. */
uint64_t pmp_csr_read(const struct pmp *p, unsigned csr);
/* Writes one (WARL: locked entries, reserved bits and modes keep their legal values). Returns
 * true if the protection may have changed (translations must be flushed). */
bool pmp_csr_write(struct pmp *p, unsigned csr, uint64_t value);

/* Whether an access of `len` >= 1 bytes at physical address pa needing permission `perm`
 * (PMP_R, PMP_W or PMP_X) in privilege mode `priv` (enum priv) is allowed: the lowest-numbered
 * entry that matches any of its bytes must match all of them and grant perm (M mode: only if
 * it is locked); with no match, M mode is allowed and S/U mode are not (when entries exist).
 * With mseccfg.MML, entries follow Smepmp's table (L: M-mode-only or shared rules) and M mode
 * may not execute unmatched memory; with MMWP it may not access it at all. */
bool pmp_allows(const struct pmp *p, uint64_t pa, uint64_t len, unsigned perm, unsigned priv);

/* The lowest address above pa at which some entry's range begins or ends (UINT64_MAX if none):
 * every byte of [pa, pmp_region_end(pa)) matches the same entries, so a check of pa holds for
 * all of them. Blocks of instructions end there. */
uint64_t pmp_region_end(const struct pmp *p, uint64_t pa);

#endif
