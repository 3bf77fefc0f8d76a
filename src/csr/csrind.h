/* Smstateen/Ssstateen (state-enable CSRs), Smcsrind/Sscsrind (indirect CSR access) and
 * Smcdeleg/Ssccfg (counter delegation): their state, their access rules, and the way the
 * indirect aliases map onto the CSRs csr.c already implements. Spec: RISC-V privileged ISA,
 * chapters "Smstateen/Ssstateen" v1.0, "Smcsrind/Sscsrind" v1.0, "Smcdeleg" v1.0.0. */
#ifndef RVPMU_CSR_CSRIND_H
#define RVPMU_CSR_CSRIND_H

#include <stdbool.h>
#include <stdint.h>

struct hart;

/* mstateen0 bits (Smstateen, "State Enable 0 Registers"). */
#define MSTATEEN0_FCSR (1ull << 1)
#define MSTATEEN0_CTR (1ull << 54)
#define MSTATEEN0_CSRIND (1ull << 60)
#define MSTATEEN0_ENVCFG (1ull << 62)
#define MSTATEEN_SE (1ull << 63) /* bit 63 of each mstateenN: access to sstateenN */
/* menvcfg.CDE (Smcdeleg): counter delegation enable. */
#define ENVCFG_CDE (1ull << 60)

/* The state of the three extensions, one per hart (hart.csrind). */
struct csrind_state {
  uint64_t mstateen[4];     /* writable bits only; read-only ones are added on read */
  uint64_t miselect, siselect;
};

void csrind_reset(struct csrind_state *s);

/* The menvcfg bits these extensions make writable (CDE with Smcdeleg). */
uint64_t csrind_menvcfg_writable(const struct hart *h);

/* What an access to `csr` is, for csr_access (after the generic privilege check):
 *   CSRIND_PLAIN   not one of these extensions' CSRs: csr.c goes on as before;
 *   CSRIND_ILLEGAL the access raises illegal instruction (Smstateen gating, reserved or
 *                  unimplemented selector, undelegated counter, ...);
 *   CSRIND_ALIAS   an alias of the CSR *target (an M-mode counter CSR): csr.c reads and
 *                  writes that one, except that the bits in *keep read zero and keep their
 *                  value on writes (MINH through sireg2/sireg5, undelegated counters'
 *                  scountinhibit bits);
 *   CSRIND_OWN     a register of these extensions: csrind_read / csrind_write. */
enum csrind_kind { CSRIND_PLAIN, CSRIND_ILLEGAL, CSRIND_ALIAS, CSRIND_OWN };
enum csrind_kind csrind_classify(const struct hart *h, unsigned csr, unsigned *target, uint64_t *keep);

uint64_t csrind_read(const struct hart *h, unsigned csr);
void csrind_write(struct hart *h, unsigned csr, uint64_t value);

#endif
