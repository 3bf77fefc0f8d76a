/* The CSR file: privilege and read-only checks, counter enables, RV32 high halves and the
 * trap, status and translation CSRs (privileged spec ch. 2-4, Zicntr/Zihpm, Sscofpmf,
 * Smcntrpmf). */
#include "csr/csr.h"

#include <string.h>

#include "csr/csrind.h"

#include "hart/hart.h"
#include "machine.h"

#define ILLEGAL (-1)

/* Writable bits (WARL fields keep their legal values; see write_csr). */
#define MSTATUS_WRITABLE                                                                        \
  (MSTATUS_SIE | MSTATUS_MIE | MSTATUS_SPIE | MSTATUS_MPIE | MSTATUS_SPP | MSTATUS_MPP |        \
   MSTATUS_MPRV | MSTATUS_SUM | MSTATUS_MXR | MSTATUS_TVM | MSTATUS_TW | MSTATUS_TSR)
#define MSTATUS_TRANSLATION_BITS (MSTATUS_MPRV | MSTATUS_SUM | MSTATUS_MXR | MSTATUS_MPP)
#define MEDELEG_WRITABLE 0xb3ffull /* all exceptions but ECALL from M (11) and reserved 10, 14 */
#define MIE_WRITABLE (MIP_SSIP | MIP_MSIP | MIP_STIP | MIP_MTIP | MIP_SEIP | MIP_MEIP)
#define MIP_SOFTWARE_WRITABLE (MIP_SSIP | MIP_STIP | MIP_SEIP)

static uint64_t lcof_bit(const struct hart *h) { return h->machine->profile->has_sscofpmf ? MIP_LCOFIP : 0; }

/* mstatus.FS is writable only with F (privileged spec 3.1.6.6: read-only zero otherwise). */
static uint64_t fs_writable(const struct hart *h) { return (h->isa_ext & ISA_EXT_F) ? MSTATUS_FS : 0; }

/* mstatus.SD/sstatus.SD (bit XLEN-1): set when FS (or XS, always 0 here) is Dirty. Computed on
 * every read, so FP instructions only set FS. */
static uint64_t status_sd(const struct hart *h) {
  if ((h->mstatus & MSTATUS_FS) != MSTATUS_FS) return 0;
  return h->xlen == 32 ? MSTATUS_SD32 : MSTATUS_SD64;
}

/* Whether the current mode may read counter `idx` through its unprivileged CSR (3.1.11). */
static bool counter_enabled(const struct hart *h, unsigned idx) {
  if (h->priv == PRIV_M) return true;
  if (!(h->hpm.mcounteren >> idx & 1)) return false;
  /* Without S mode there is no scounteren: mcounteren alone decides for U (3.1.11). */
  return h->priv == PRIV_S || !h->machine->profile->has_s_mode || (h->hpm.scounteren >> idx & 1);
}

static uint64_t counter_read(struct hart *h, unsigned idx) {
  return idx == 1 ? machine_mtime_seen(h->machine, h) : hpm_counter_value(&h->hpm, idx);
}

/* Merges a 32-bit write into the low or high half of a 64-bit register (RV32 h CSRs). */
static uint64_t merge_half(uint64_t old, uint64_t value, bool high) {
  return high ? (old & 0xffffffffull) | value << 32 : (old & ~0xffffffffull) | (uint32_t)value;
}

/* Reads CSR `csr`; returns 0 or ILLEGAL when it does not exist (or is not accessible in the
 * current mode for reasons beyond the generic privilege rule). */
static int read_csr(struct hart *h, unsigned csr, uint64_t *out) {
  const struct profile *p = h->machine->profile;
  bool rv32 = h->xlen == 32;
  uint64_t v;
  if ((csr >= CSR_CYCLE && csr <= CSR_HPMCOUNTER31) || (rv32 && csr >= CSR_CYCLEH && csr <= CSR_HPMCOUNTER31H)) {
    unsigned idx = csr & 31;
    if (idx == 1 && p->time_csr_traps) return ILLEGAL;
    if (!counter_enabled(h, idx)) return ILLEGAL;
    v = counter_read(h, idx);
    *out = csr >= CSR_CYCLEH ? v >> 32 : v;
    return 0;
  }
  if ((csr >= CSR_MCYCLE && csr <= CSR_MHPMCOUNTER31) || (rv32 && csr >= CSR_MCYCLEH && csr <= CSR_MHPMCOUNTER31H)) {
    unsigned idx = csr & 31;
    if (idx == 1) return ILLEGAL; /* there is no mtime CSR */
    v = hpm_counter_value(&h->hpm, idx);
    *out = csr >= CSR_MCYCLEH ? v >> 32 : v;
    return 0;
  }
  if (csr >= CSR_MHPMEVENT3 && csr <= CSR_MHPMEVENT31) {
    *out = h->hpm.mhpmevent[csr - CSR_MHPMEVENT3 + 3];
    return 0;
  }
  if (rv32 && p->has_sscofpmf && csr >= CSR_MHPMEVENT3H && csr <= CSR_MHPMEVENT31H) {
    *out = h->hpm.mhpmevent[csr - CSR_MHPMEVENT3H + 3] >> 32;
    return 0;
  }
  switch (csr) {
    case CSR_MCOUNTINHIBIT: v = h->hpm.mcountinhibit; break;
    case CSR_MCOUNTEREN: v = h->hpm.mcounteren; break;
    case CSR_SCOUNTEREN: v = h->hpm.scounteren; break;
    case CSR_MCYCLECFG: case CSR_MINSTRETCFG: case CSR_MCYCLECFGH: case CSR_MINSTRETCFGH:
      if (!p->has_smcntrpmf || (!rv32 && csr >= CSR_MCYCLECFGH)) return ILLEGAL;
      v = (csr & 0xff) == (CSR_MCYCLECFG & 0xff) ? h->hpm.mcyclecfg : h->hpm.minstretcfg;
      if (csr >= CSR_MCYCLECFGH) v >>= 32;
      break;
    case CSR_SCOUNTOVF:
      /* Sscofpmf: S mode sees only the bits its mcounteren allows. */
      if (!p->has_sscofpmf) return ILLEGAL;
      v = hpm_overflow_bits(&h->hpm);
      if (h->priv == PRIV_S) v &= h->hpm.mcounteren;
      break;
    case CSR_MSTATUS: v = h->mstatus | status_sd(h); break;
    case CSR_MSTATUSH: if (!rv32) return ILLEGAL; v = 0; break;
    case CSR_SSTATUS: v = (h->mstatus & SSTATUS_MASK) | status_sd(h); break;
    /* fcsr and its views exist with F and are accessible only while mstatus.FS != Off
     * (unpriv. spec "F": fcsr; priv. spec 3.1.6.6); with Zfinx always (FS is 0). */
    case CSR_FFLAGS: case CSR_FRM: case CSR_FCSR:
      if (!(h->isa_ext & ISA_EXT_ZFINX) && (!(h->isa_ext & ISA_EXT_F) || !(h->mstatus & MSTATUS_FS))) return ILLEGAL;
      v = csr == CSR_FFLAGS ? h->fflags : csr == CSR_FRM ? h->frm : (h->frm << 5 | h->fflags);
      break;
    case CSR_MISA: v = h->misa; break;
    case CSR_MEDELEG: v = h->medeleg; break;
    case CSR_MIDELEG: v = h->mideleg; break;
    case CSR_MIE: v = h->mie; break;
    case CSR_MIP: v = h->mip; break;
    case CSR_SIE: v = h->mie & h->mideleg; break;
    case CSR_SIP: v = h->mip & h->mideleg; break;
    case CSR_MTVEC: v = h->mtvec; break;
    case CSR_STVEC: v = h->stvec; break;
    case CSR_MSCRATCH: v = h->mscratch; break;
    case CSR_SSCRATCH: v = h->sscratch; break;
    case CSR_MEPC: v = h->mepc; break;
    case CSR_SEPC: v = h->sepc; break;
    case CSR_MCAUSE: v = h->mcause; break;
    case CSR_SCAUSE: v = h->scause; break;
    case CSR_MTVAL: v = h->mtval; break;
    case CSR_STVAL: v = h->stval; break;
    case CSR_SATP:
      if (h->priv == PRIV_S && (h->mstatus & MSTATUS_TVM)) return ILLEGAL;
      v = h->satp;
      break;
    case CSR_MHARTID: v = h->hartid; break;
    case CSR_MVENDORID: case CSR_MARCHID: case CSR_MIMPID: case CSR_MCONFIGPTR: v = 0; break;
    /* Only the Zicbom fields exist, and only with Zicbom; S mode's senvcfg needs S mode. */
    case CSR_MENVCFG: v = h->menvcfg; break;
    case CSR_SENVCFG: v = h->senvcfg; break;
    case CSR_MENVCFGH: if (!rv32) return ILLEGAL; v = h->menvcfg >> 32; break;
    /* Debug triggers: none. tselect is read-only zero and tdata1 reads type 0 ("no trigger"),
     * which is how software (riscv-tests' breakpoint, OpenSBI) discovers that. */
    case CSR_TSELECT: case CSR_TDATA1: case CSR_TDATA2: case CSR_TDATA3: v = 0; break;
    default: {
      /* PMP (3.7, hart/pmp.c): unimplemented entries read zero. */
      if (pmp_is_csr(&h->pmp, csr)) {
        v = pmp_csr_read(&h->pmp, csr);
        break;
      }
      unsigned target;
      uint64_t keep;
      if (csrind_classify(h, csr, &target, &keep) != CSRIND_OWN) return ILLEGAL;
      v = csrind_read(h, csr); /* Smstateen, Smcsrind (csr/csrind.c) */
      break;
    }
  }
  *out = rv32 ? (uint32_t)v : v;
  return 0;
}

static uint64_t legal_tvec(uint64_t v) { return (v & 3) >= 2 ? v & ~3ull : v; }

/* Writes `v` to CSR `csr` (which read_csr accepted). Counter-configuration writes are
 * deferred to after the instruction retires (hart.deferred_csr). */
static void write_csr(struct hart *h, unsigned csr, uint64_t v) {
  const struct profile *p = h->machine->profile;
  bool rv32 = h->xlen == 32;
  if (rv32) v = (uint32_t)v;
  if ((csr >= CSR_MCYCLE && csr <= CSR_MHPMCOUNTER31) || (csr >= CSR_MCYCLEH && csr <= CSR_MHPMCOUNTER31H)) {
    unsigned idx = csr & 31;
    uint64_t old = hpm_counter_value(&h->hpm, idx);
    /* The write replaces the increment of the instruction retiring in the writeback stage
     * in the same cycle, the one before it, if minstret runs; a half write shows that in the
     * other half. */
    if (idx == 2 && h->csr_write_collides && !(h->hpm.mcountinhibit >> 2 & 1)) old--;
    hpm_counter_write(&h->hpm, idx, rv32 ? merge_half(old, v, csr >= CSR_MCYCLEH) : v);
    return;
  }
  if ((csr >= CSR_MHPMEVENT3 && csr <= CSR_MHPMEVENT31) || (csr >= CSR_MHPMEVENT3H && csr <= CSR_MHPMEVENT31H) ||
      (csr >= CSR_MCOUNTINHIBIT && csr <= CSR_MINSTRETCFG) || csr == CSR_MCYCLECFGH || csr == CSR_MINSTRETCFGH) {
    h->deferred_csr = csr;
    h->deferred_value = v;
    return;
  }
  switch (csr) {
    case CSR_MCOUNTEREN: h->hpm.mcounteren = (uint32_t)v; return;
    case CSR_SCOUNTEREN: h->hpm.scounteren = (uint32_t)v; return;
    case CSR_MSTATUS:
    case CSR_SSTATUS: {
      uint64_t mask = (csr == CSR_MSTATUS ? MSTATUS_WRITABLE : (SSTATUS_MASK & MSTATUS_WRITABLE)) | fs_writable(h);
      uint64_t s = (h->mstatus & ~mask) | (v & mask);
      /* MPP holds only modes that exist (WARL): M-only cores read M; the reserved value 2,
       * and S without S mode, become U (as Ibex does). */
      unsigned mpp = (unsigned)((s & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT);
      if (!p->has_u_mode) s |= MSTATUS_MPP;
      else if (mpp == 2 || (mpp == PRIV_S && !p->has_s_mode)) s &= ~MSTATUS_MPP;
      bool translation_changed = ((s ^ h->mstatus) & MSTATUS_TRANSLATION_BITS) != 0;
      h->mstatus = s;
      if (translation_changed) hart_flush_translation(h, false);
      return;
    }
    case CSR_MEDELEG: h->medeleg = v & MEDELEG_WRITABLE; return;
    case CSR_MIDELEG: h->mideleg = v & ((S_INTERRUPTS & ~MIP_LCOFIP) | lcof_bit(h)); return;
    case CSR_MIE: h->mie = v & (MIE_WRITABLE | lcof_bit(h) | p->local_irqs); return;
    case CSR_MIP: {
      uint64_t w = MIP_SOFTWARE_WRITABLE | lcof_bit(h);
      hart_set_mip(h, (h->mip & ~w) | (v & w), hart_clock_cycles(h));
      return;
    }
    case CSR_SIE: h->mie = (h->mie & ~h->mideleg) | (v & h->mideleg); return;
    case CSR_SIP: {
      uint64_t w = h->mideleg & (MIP_SSIP | lcof_bit(h));
      hart_set_mip(h, (h->mip & ~w) | (v & w), hart_clock_cycles(h));
      return;
    }
    case CSR_MTVEC: h->mtvec = legal_tvec(v); return;
    case CSR_STVEC: h->stvec = legal_tvec(v); return;
    case CSR_MSCRATCH: h->mscratch = v; return;
    case CSR_SSCRATCH: h->sscratch = v; return;
    /* Bit 0 is always zero, bits 1:0 without C (IALIGN = 32; 3.1.14, 4.1.7). */
    case CSR_MEPC: h->mepc = v & ~h->ialign_mask; return;
    case CSR_SEPC: h->sepc = v & ~h->ialign_mask; return;
    case CSR_MCAUSE: h->mcause = v; return;
    case CSR_SCAUSE: h->scause = v; return;
    case CSR_MTVAL: h->mtval = v; return;
    case CSR_STVAL: h->stval = v; return;
    /* fcsr: frm (7:5) holds any 3-bit value, reserved bits 31:8 read zero; a write makes the FP
     * state Dirty. */
    case CSR_FFLAGS: h->fflags = v & 0x1f, h->mstatus |= fs_writable(h); return; /* Dirty */
    case CSR_FRM: h->frm = v & 7, h->mstatus |= fs_writable(h); return;
    case CSR_FCSR: h->fflags = v & 0x1f, h->frm = (v >> 5) & 7, h->mstatus |= fs_writable(h); return;
    case CSR_MENVCFG:
    case CSR_SENVCFG: {
      uint64_t w = ((h->isa_ext & ISA_EXT_ZICBOM) ? ENVCFG_CBIE | ENVCFG_CBCFE : 0) |
                   ((h->isa_ext & ISA_EXT_ZICBOZ) ? ENVCFG_CBZE : 0);
      uint64_t *reg = csr == CSR_MENVCFG ? &h->menvcfg : &h->senvcfg;
      /* menvcfg's upper half (ADUE) belongs to menvcfgh on RV32. */
      if (csr == CSR_MENVCFG && !rv32 && p->has_s_mode) w |= ENVCFG_ADUE;
      if (csr == CSR_MENVCFG && !rv32) w |= csrind_menvcfg_writable(h); /* CDE (Smcdeleg) */
      v &= w;
      if ((v & ENVCFG_CBIE) == 2ull << 4) v &= ~ENVCFG_CBIE; /* reserved CBIE value: WARL 00 */
      uint64_t kept = csr == CSR_MENVCFG && rv32 ? *reg & ~0xffffffffull : 0;
      if ((((kept | v) ^ *reg) & ENVCFG_ADUE) != 0) hart_flush_translation(h, false);
      *reg = kept | v;
      return;
    }
    case CSR_MENVCFGH: {
      if (!rv32) return; /* unreachable: the read side refused it */
      uint64_t nv = (h->menvcfg & 0xffffffffull) |
                    ((v << 32) & ((p->has_s_mode ? ENVCFG_ADUE : 0) | csrind_menvcfg_writable(h)));
      if ((nv ^ h->menvcfg) & ENVCFG_ADUE) hart_flush_translation(h, false);
      h->menvcfg = nv;
      return;
    }
    case CSR_SATP: {
      /* Only Bare and Sv39 (RV64) / Sv32 (RV32); a write of another mode has no effect at all
       * (4.1.11), which is how Linux probes for Sv57 and Sv48. No ASIDs: ASID bits read 0. */
      uint64_t s;
      if (rv32) {
        s = v & (1ull << 31 | ((1ull << 22) - 1));
      } else {
        uint64_t mode = v >> 60;
        if (mode != 0 && mode != 8) return;
        s = v & (0xfull << 60 | ((1ull << 44) - 1));
      }
      h->satp = s;
      hart_model_tlb_flush(h);
      hart_flush_translation(h, false);
      return;
    }
    default: {
      (void)p;
      /* PMP: a change of protection invalidates every cached translation and block. */
      if (pmp_is_csr(&h->pmp, csr)) {
        if (pmp_csr_write(&h->pmp, csr, v)) hart_flush_translation(h, true);
        return;
      }
      unsigned target;
      uint64_t keep;
      if (csrind_classify(h, csr, &target, &keep) == CSRIND_OWN) csrind_write(h, csr, v);
      return; /* read-only-zero registers (envcfg, triggers) ignore writes */
    }
  }
}

void csr_apply_deferred(struct hart *h) {
  unsigned csr = h->deferred_csr;
  uint64_t v = h->deferred_value;
  struct hpm *hpm = &h->hpm;
  bool rv32 = h->xlen == 32;
  if (!csr) return;
  h->deferred_csr = 0;
  if (csr >= CSR_MHPMEVENT3 && csr <= CSR_MHPMEVENT31) {
    unsigned idx = csr - CSR_MHPMEVENT3 + 3;
    hpm_write_event(hpm, idx, rv32 ? merge_half(hpm->mhpmevent[idx], v, false) : v);
  } else if (csr >= CSR_MHPMEVENT3H && csr <= CSR_MHPMEVENT31H) {
    unsigned idx = csr - CSR_MHPMEVENT3H + 3;
    hpm_write_event(hpm, idx, merge_half(hpm->mhpmevent[idx], v, true));
  } else if (csr == CSR_MCOUNTINHIBIT) {
    hpm_write_inhibit(hpm, (uint32_t)v);
  } else if (csr == CSR_MCYCLECFG || csr == CSR_MCYCLECFGH) {
    hpm_write_cyclecfg(hpm, rv32 ? merge_half(hpm->mcyclecfg, v, csr == CSR_MCYCLECFGH) : v);
  } else {
    hpm_write_instretcfg(hpm, rv32 ? merge_half(hpm->minstretcfg, v, csr == CSR_MINSTRETCFGH) : v);
  }
  hart_collect_overflow(h);
  hart_update_models(h);
  if (hpm->combos_changed) { /* blocks count combos statically: rebuild them */
    hpm->combos_changed = false;
    hart_flush_translation(h, true);
  }
}

/* The core's CSR map (profile.csr_map): which CSRs exist and what writes can change. */

/* The entry of `map` covering `csr` for this hart's ISA, or NULL. */
static const struct csr_map_entry *csr_map_find(const struct hart *h, const struct csr_map_entry *map, unsigned csr) {
  unsigned skip = (h->isa_ext & (ISA_EXT_F | ISA_EXT_ZFINX)) ? CSR_MAP_WITHOUT_F : CSR_MAP_WITH_F;
  if (h->pmp.entries == 0) skip |= CSR_MAP_WITH_PMP;
  if (!h->machine->profile->has_debug_triggers) skip |= CSR_MAP_WITH_TRIGGERS;
  for (const struct csr_map_entry *e = map; e->kind != CSR_MAP_END; e++)
    if (csr >= e->first && csr <= e->last && !(e->flags & skip)) return e;
  return NULL;
}

void csr_map_reset(struct hart *h) {
  const struct csr_map_entry *map = h->machine->profile->csr_map;
  memset(h->csr_regs, 0, sizeof h->csr_regs);
  for (const struct csr_map_entry *e = map; e && e->kind != CSR_MAP_END; e++) {
    if (e->kind == CSR_MAP_REGISTER) h->csr_regs[e->reg] = e->value;
    else if (e->kind == CSR_MAP_STANDARD && e->value) write_csr(h, e->first, e->value);
  }
}

/* The bits of `e` a write may change (counter enables only for counters that exist). */
static uint64_t map_write_mask(const struct hart *h, const struct csr_map_entry *e) {
  uint64_t mask = e->write_mask;
  if (e->flags & CSR_MAP_COUNTER_BITS) {
    unsigned n = h->machine->profile->num_hpm;
    mask &= 5u | (uint32_t)(((1ull << n) - 1) << 3); /* cycle, instret, mhpmcounter3.. */
  }
  return mask;
}

/* Reads CSR `csr` through the map entry `e` (NULL: no map). */
static int map_read(struct hart *h, const struct csr_map_entry *e, unsigned csr, uint64_t *out) {
  if (!e || e->kind == CSR_MAP_STANDARD) return read_csr(h, csr, out);
  *out = e->kind == CSR_MAP_CONST ? e->value : h->csr_regs[e->reg];
  return 0;
}

/* Writes `v` over the current value `cur` through the map entry `e` (NULL: no map). */
static void map_write(struct hart *h, const struct csr_map_entry *e, unsigned csr, uint64_t cur, uint64_t v) {
  if (!e) return write_csr(h, csr, v);
  uint64_t mask = map_write_mask(h, e);
  if (e->kind == CSR_MAP_CONST || !mask) return;
  v = (cur & ~mask) | (v & mask);
  if (e->legalize) v = e->legalize((uint32_t)v);
  if (e->kind == CSR_MAP_REGISTER) h->csr_regs[e->reg] = (uint32_t)v;
  else write_csr(h, csr, v);
}

/* The map entry of `csr`, or NULL when the profile has no map; *exists says whether the CSR
 * exists at all. */
static const struct csr_map_entry *map_entry(const struct hart *h, unsigned csr, bool *exists) {
  const struct csr_map_entry *map = h->machine->profile->csr_map, *e = map ? csr_map_find(h, map, csr) : NULL;
  *exists = !map || e;
  return e;
}

int csr_access(struct hart *h, unsigned csr, bool read, bool write, int kind, uint64_t value, uint64_t *old) {
  (void)read; /* every CSR here reads without side effects, so a read can always be done */
  bool exists;
  const struct csr_map_entry *e = map_entry(h, csr, &exists);
  if (!exists) return -EXC_ILLEGAL_INSN;
  if (h->priv < ((csr >> 8) & 3)) return -EXC_ILLEGAL_INSN;
  if (write && (csr >> 10) == 3) return -EXC_ILLEGAL_INSN; /* read-only address space */
  /* A counter may have wrapped earlier in this block: OF, scountovf and LCOFIP must show it
   * now (docs/counters.md: the OF bit is exact), not at the next slow check. */
  hpm_fold_all(&h->hpm);
  hart_collect_overflow(h);
  /* Smstateen gating and the indirect aliases of Smcsrind/Smcdeleg (csr/csrind.h): an alias
   * reads and writes its M-mode CSR but for the bits in `keep`. */
  unsigned target = csr;
  uint64_t keep = 0, cur;
  enum csrind_kind ind = csrind_classify(h, csr, &target, &keep);
  if (ind == CSRIND_ILLEGAL) return -EXC_ILLEGAL_INSN;
  if (ind == CSRIND_ALIAS) {
    uint64_t full;
    if (read_csr(h, target, &full) != 0) return -EXC_ILLEGAL_INSN;
    cur = full & ~keep;
    if (h->xlen == 32) cur = (uint32_t)cur;
    *old = cur;
    if (write) write_csr(h, target, (full & keep) | ((kind == 0 ? value : kind == 1 ? cur | value : cur & ~value) & ~keep));
    return 0;
  }
  if (map_read(h, e, csr, &cur) != 0) return -EXC_ILLEGAL_INSN;
  if (h->xlen == 32) cur = (uint32_t)cur;
  *old = cur;
  if (write) {
    uint64_t v = kind == 0 ? value : kind == 1 ? cur | value : cur & ~value;
    map_write(h, e, csr, cur, v);
  }
  return 0;
}

int csr_read_debug(struct hart *h, unsigned csr, uint64_t *value) {
  bool exists;
  const struct csr_map_entry *e = map_entry(h, csr, &exists);
  if (!exists) return -1;
  unsigned priv = h->priv;
  h->priv = PRIV_M;
  int r = map_read(h, e, csr, value);
  h->priv = priv;
  return r;
}

int csr_write_debug(struct hart *h, unsigned csr, uint64_t value) {
  uint64_t old;
  if ((csr >> 10) == 3) return -1; /* read-only CSR address */
  bool exists;
  const struct csr_map_entry *e = map_entry(h, csr, &exists);
  if (!exists) return -1;
  unsigned priv = h->priv;
  h->priv = PRIV_M;
  int r = map_read(h, e, csr, &old);
  if (r == 0) {
    map_write(h, e, csr, old, value);
    csr_apply_deferred(h);
    hpm_instruction_retired(&h->hpm);
  }
  h->priv = priv;
  return r;
}
