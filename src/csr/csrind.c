/* Smstateen/Ssstateen, Smcsrind/Sscsrind and Smcdeleg/Ssccfg (see csrind.h). The clauses each
 * rule implements are quoted in the comments; tests/guest/stateen.c, csrind.c and
 * counter_deleg.c test them in M and S mode. */
#include "csr/csrind.h"

#include "csr/csr.h"
#include "hart/hart.h"
#include "machine.h"

/* CSR numbers (Smstateen: 0x30C-0x30F, RV32 high halves 0x31C-0x31F, sstateen 0x10C-0x10F;
 * Smcsrind: miselect 0x350, mireg 0x351-0x353 and 0x355-0x357 (0x354 is miph); siselect
 * 0x150, sireg likewise; Smcdeleg: scountinhibit 0x120). */
#define CSR_MSTATEEN0 0x30c
#define CSR_MSTATEEN0H 0x31c
#define CSR_SSTATEEN0 0x10c
#define CSR_MISELECT 0x350
#define CSR_SISELECT 0x150
#define CSR_SCOUNTINHIBIT 0x120
#define IREG_NUM(base, i) ((base) + (i) + ((i) >= 3)) /* xireg(i+1): 1, 2, 3, 5, 6, 7 */

/* Delegated counters' selectors (Smcdeleg "Counter Delegation": siselect 0x40-0x5F). */
#define ISEL_COUNTERS_FIRST 0x40
#define ISEL_COUNTERS_LAST 0x5f
/* The selectors siselect holds (Sscsrind: "will support the value range 0..0xFFF at a minimum";
 * MSB-set custom values are not implemented, so the register keeps bits 11:0). */
#define ISELECT_MASK 0xfffull
#define MINH_BIT (1ull << 62)

void csrind_reset(struct csrind_state *s) {
  /* Smstateen: "On reset, all writable mstateen bits are initialized by the hardware to zeros." */
  for (unsigned i = 0; i < 4; i++) s->mstateen[i] = 0;
  s->miselect = s->siselect = 0;
}

static const struct profile *prof(const struct hart *h) { return h->machine->profile; }

/* The mstateenN bits software may write. "Bits [...] that are defined to control state that a
 * hart doesn't implement are read-only zeros": of mstateen0 the hart has senvcfg (ENVCFG),
 * siselect/sireg* (CSRIND) and sstateen0 (SE0); C, JVT, CONTEXT, IMSIC, AIA, P1P13, P1P14 and
 * CTR control state it lacks. Bit 63 of mstateen1-3 is writable too (it "may be read-only zero
 * only if [...] the matching sstateen CSR is all read-only zeros": they are, but a writable SE
 * spares machine software the emulation the spec then asks for). */
static uint64_t mstateen_writable(const struct hart *h, unsigned n) {
  if (!prof(h)->has_smstateen) return 0;
  uint64_t w = MSTATEEN_SE;
  if (n == 0) w |= MSTATEEN0_ENVCFG | (prof(h)->has_smcsrind ? MSTATEEN0_CSRIND : 0);
  return w;
}

/* FCSR (bit 1) is read-only zero: "Whenever misa.F = 1, FCSR bit of mstateen0 is read-only
 * zero", and without F the generic core has no Zfinx either (the cores with Zfinx have no
 * Smstateen), so there is no fcsr state for it to control. */
static uint64_t mstateen_value(const struct hart *h, unsigned n) { return h->csrind.mstateen[n]; }

uint64_t csrind_menvcfg_writable(const struct hart *h) { return prof(h)->has_smcdeleg ? ENVCFG_CDE : 0; }

/* Is siselect's value one S mode (or M mode through sireg*) can reach, and which alias does
 * sireg number `ireg` (1..6) give? Smcdeleg, "Counter Delegation": while siselect holds
 * 0x40-0x5F, illegal instruction for "any sireg* when menvcfg.CDE = 0", "sireg3 or sireg6",
 * "sireg4 or sireg5 when XLEN = 64", "siselect = 0x41, or when the counter selected [...] is
 * not delegated to S-mode (the corresponding bit in mcounteren = 0)", and for state whose
 * extension is not implemented (cfg: Smcntrpmf; hpmeventh: Sscofpmf). sireg = counter, sireg4 =
 * its high half, sireg2 = hpmevent / cyclecfg / instretcfg, sireg5 = their high halves, with
 * MINH "read-only 0 when accessed through sireg*". */
static enum csrind_kind counter_alias(const struct hart *h, unsigned ireg, unsigned *target, uint64_t *keep) {
  unsigned i = (unsigned)(h->csrind.siselect - ISEL_COUNTERS_FIRST);
  bool rv32 = h->xlen == 32;
  const struct profile *p = prof(h);
  if (!p->has_smcdeleg || !(h->menvcfg & ENVCFG_CDE)) return CSRIND_ILLEGAL;
  if (ireg == 3 || ireg == 6 || (!rv32 && (ireg == 4 || ireg == 5))) return CSRIND_ILLEGAL;
  if (i == 1 || !(h->hpm.mcounteren >> i & 1)) return CSRIND_ILLEGAL;
  *keep = 0;
  switch (ireg) {
    case 1: *target = CSR_MCYCLE + i; return CSRIND_ALIAS;
    case 4: *target = CSR_MCYCLEH + i; return CSRIND_ALIAS;
    default: break;
  }
  bool high = ireg == 5;
  if (i == 0 || i == 2) {
    if (!p->has_smcntrpmf) return CSRIND_ILLEGAL;
    *target = i == 0 ? (high ? CSR_MCYCLECFGH : CSR_MCYCLECFG) : (high ? CSR_MINSTRETCFGH : CSR_MINSTRETCFG);
    *keep = p->has_smcntrpmf ? MINH_BIT >> (high ? 32 : 0) : 0;
    return CSRIND_ALIAS;
  }
  if (high && !p->has_sscofpmf) return CSRIND_ILLEGAL;
  *target = (high ? CSR_MHPMEVENT3H : CSR_MHPMEVENT3) + i - 3;
  *keep = p->has_sscofpmf ? MINH_BIT >> (high ? 32 : 0) : 0;
  return CSRIND_ALIAS;
}

/* Which sireg (1..6) or mireg `csr` is relative to `base` (0 if none). */
static unsigned ireg_index(unsigned csr, unsigned base) {
  for (unsigned i = 0; i < 6; i++)
    if (csr == IREG_NUM(base + 1, i)) return i + 1;
  return 0;
}

enum csrind_kind csrind_classify(const struct hart *h, unsigned csr, unsigned *target, uint64_t *keep) {
  const struct profile *p = prof(h);
  bool below_m = h->priv < PRIV_M, rv32 = h->xlen == 32;
  if (p->has_smstateen) {
    /* mstateen0..3 (RV32: and their high halves 0x31C-0x31F, "for the machine-level [...] CSRs
     * there is a corresponding set of high-half CSRs"). */
    if ((csr >= CSR_MSTATEEN0 && csr < CSR_MSTATEEN0 + 4) || (rv32 && csr >= CSR_MSTATEEN0H && csr < CSR_MSTATEEN0H + 4))
      return CSRIND_OWN;
    /* sstateenN: "bit 63 of mstateen0 controls access to sstateen0 [...]; bit 63 of mstateen1
     * controls access to sstateen1", from modes below M ("The stateen registers at each level
     * control access to state at all less-privileged levels, but not at its own level"). */
    if (csr >= CSR_SSTATEEN0 && csr < CSR_SSTATEEN0 + 4 && p->has_s_mode)
      return below_m && !(mstateen_value(h, csr - CSR_SSTATEEN0) & MSTATEEN_SE) ? CSRIND_ILLEGAL : CSRIND_OWN;
    /* "The ENVCFG bit in mstateen0 controls access to [...] the senvcfg CSRs." */
    if (csr == CSR_SENVCFG && below_m && !(mstateen_value(h, 0) & MSTATEEN0_ENVCFG)) return CSRIND_ILLEGAL;
  }
  if (p->has_smcsrind) {
    if (csr == CSR_MISELECT) return CSRIND_OWN;
    /* No miselect value is implemented (Smcdeleg and Smctr allocate siselect values only):
     * "It is expected that implementations will typically raise an illegal instruction
     * exception for such accesses". */
    if (ireg_index(csr, CSR_MISELECT)) return CSRIND_ILLEGAL;
    unsigned ireg = ireg_index(csr, CSR_SISELECT);
    if ((csr == CSR_SISELECT || ireg) && p->has_s_mode) {
      /* "When mstateen0[60]=0, an attempt to access one of these CSRs from a privilege mode
       * less privileged than M-mode results in an illegal instruction exception." */
      if (below_m && p->has_smstateen && !(mstateen_value(h, 0) & MSTATEEN0_CSRIND)) return CSRIND_ILLEGAL;
      if (csr == CSR_SISELECT) return CSRIND_OWN;
      uint64_t sel = h->csrind.siselect;
      if (sel >= ISEL_COUNTERS_FIRST && sel <= ISEL_COUNTERS_LAST) return counter_alias(h, ireg, target, keep);
      /* Any other value is not implemented at supervisor level (Sscsrind: UNSPECIFIED, "It is
       * recommended that implementations raise an illegal instruction exception"). */
      return CSRIND_ILLEGAL;
    }
  }
  if (p->has_smcdeleg && csr == CSR_SCOUNTINHIBIT && p->has_s_mode) {
    /* "When menvcfg.CDE=0, attempts to access scountinhibit raise an illegal instruction
     * exception." It is "a masked alias of mcountinhibit. [...] For counters not delegated to
     * S-mode, the associated bits in scountinhibit are read-only zero." */
    if (!(h->menvcfg & ENVCFG_CDE)) return CSRIND_ILLEGAL;
    *target = CSR_MCOUNTINHIBIT;
    *keep = ~(uint64_t)h->hpm.mcounteren;
    return CSRIND_ALIAS;
  }
  return CSRIND_PLAIN;
}

uint64_t csrind_read(const struct hart *h, unsigned csr) {
  if (csr >= CSR_MSTATEEN0 && csr < CSR_MSTATEEN0 + 4) return mstateen_value(h, csr - CSR_MSTATEEN0);
  if (csr >= CSR_MSTATEEN0H && csr < CSR_MSTATEEN0H + 4) return mstateen_value(h, csr - CSR_MSTATEEN0H) >> 32;
  /* sstateenN: its bits (C, FCSR, JVT) control state the hart does not have: "Bits in any
   * stateen CSR that are defined to control state that a hart doesn't implement are read-only
   * zeros". */
  if (csr >= CSR_SSTATEEN0 && csr < CSR_SSTATEEN0 + 4) return 0;
  if (csr == CSR_MISELECT) return h->csrind.miselect;
  return h->csrind.siselect;
}

void csrind_write(struct hart *h, unsigned csr, uint64_t v) {
  if (csr >= CSR_MSTATEEN0 && csr < CSR_MSTATEEN0 + 4) {
    unsigned n = csr - CSR_MSTATEEN0;
    uint64_t w = mstateen_writable(h, n) & (h->xlen == 32 ? 0xffffffffull : ~0ull);
    h->csrind.mstateen[n] = (h->csrind.mstateen[n] & ~w) | (v & w);
  } else if (csr >= CSR_MSTATEEN0H && csr < CSR_MSTATEEN0H + 4) {
    unsigned n = csr - CSR_MSTATEEN0H;
    uint64_t w = mstateen_writable(h, n) & ~0xffffffffull;
    h->csrind.mstateen[n] = (h->csrind.mstateen[n] & ~w) | ((v << 32) & w);
  } else if (csr == CSR_MISELECT) {
    h->csrind.miselect = v & ISELECT_MASK; /* WARL: "at least enough bits" for implemented values */
  } else if (csr == CSR_SISELECT) {
    h->csrind.siselect = v & ISELECT_MASK;
  }
  /* sstateenN: no writable bit (read-only as csrind_read says). */
}
