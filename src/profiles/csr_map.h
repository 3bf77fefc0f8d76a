/* Which CSRs a core has, as data (design decision 4): a core profile lists every CSR address
 * its RTL implements, with what a read returns and which bits a write can change. Addresses a
 * map does not list raise illegal instruction. A profile without a map (the generic cores)
 * has every CSR that csr.c knows.
 *
 * The tables are in src/profiles/CORE_csrs.c; tests/profiles/csrmap walks the whole address
 * space on the RTL and on rvpmu and compares (tests/reference/csrmap-*.csv). */
#ifndef RVPMU_PROFILES_CSR_MAP_H
#define RVPMU_PROFILES_CSR_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum csr_map_kind {
  CSR_MAP_END,      /* terminates a table */
  CSR_MAP_STANDARD, /* the CSR file's own register (csr.c): reads as csr.c says; a write
                     * changes only the bits of write_mask (0: writes are ignored) */
  CSR_MAP_CONST,    /* reads `value` whatever is written */
  CSR_MAP_REGISTER, /* a register of the core csr.c does not know: hart.csr_regs[reg],
                     * reset to `value`, bits of write_mask writable */
};

/* Flags. */
#define CSR_MAP_COUNTER_BITS 1u /* write_mask is also limited to the counters that exist
                                 * (bit N: counter N; mcounteren) */
#define CSR_MAP_WITH_F 2u       /* the entry applies only when the ISA has F or Zfinx (an FPU) */
#define CSR_MAP_WITHOUT_F 4u    /* ... only when it has not */

/* Slots of hart.csr_regs for CSR_MAP_REGISTER entries. */
#define CSR_MAP_REGS 4

struct csr_map_entry {
  uint16_t first, last; /* the addresses it covers */
  uint8_t kind;         /* enum csr_map_kind */
  uint8_t flags;
  uint8_t reg;          /* CSR_MAP_REGISTER: slot in hart.csr_regs */
  uint32_t value;       /* CONST: the value read; REGISTER: reset value; STANDARD: 0, or
                         * the reset value the CSR file starts from (written at reset) */
  uint32_t write_mask;  /* STANDARD, REGISTER: the bits a write can change */
  /* STANDARD, REGISTER: the legal value a write of `value` becomes (a WARL field that maps
   * illegal values rather than ignoring bits), applied after write_mask; NULL: as masked. */
  uint32_t (*legalize)(uint32_t value);
  const char *name;     /* for humans (docs, messages) */
};

/* The maps of the core profiles (terminated by a CSR_MAP_END entry). */
extern const struct csr_map_entry ibex_csr_map[];
struct hart;
void ibex_csr_trap_taken(struct hart *h, bool interrupt);
void ibex_csr_trap_return(struct hart *h);
extern const struct csr_map_entry cv32e40p_csr_map[];

#endif
