/* State enables and counter delegation for S mode (see sdeleg.h). */
#include "hart/sdeleg.h"

#include "hart/hart.h"
#include "lib/csr.h"

#define CSR_MSTATEEN0 0x30c
#define CSR_MSTATEEN0H 0x31c
#define CSR_SSTATEEN0 0x10c
/* mstateen0 bits 63 (SE0), 62 (ENVCFG), 60 (CSRIND); menvcfg bit 60 (CDE). On RV32 they sit in
 * the high halves, mstateen0h and menvcfgh, 32 bits lower. */
#if __riscv_xlen == 64
#define STATEEN_CSR CSR_MSTATEEN0
#define STATEEN_BITS (1UL << 63 | 1UL << 62 | 1UL << 60)
#define CDE_CSR CSR_MENVCFG
#define CDE_BIT (1UL << 60)
#else
#define STATEEN_CSR CSR_MSTATEEN0H
#define STATEEN_BITS (1UL << 31 | 1UL << 30 | 1UL << 28)
#define CDE_CSR CSR_MENVCFGH
#define CDE_BIT (1UL << 28)
#endif

void sdeleg_hart_init(void) {
  unsigned long v;
  /* WARL: bits the hart lacks stay zero, which is what S mode then finds gated. */
  if (CSR_READ_GUARDED(STATEEN_CSR, &v) == FW_OK && CSR_WRITE_GUARDED(STATEEN_CSR, v | STATEEN_BITS) == FW_OK)
    (void)CSR_WRITE_GUARDED(CSR_SSTATEEN0, 0);
  if (CSR_READ_GUARDED(CDE_CSR, &v) == FW_OK) (void)CSR_WRITE_GUARDED(CDE_CSR, v | CDE_BIT);
}
