/* Firmware PMP set-up (see pmp.h). CSR numbers are immediates, so the few registers used are
 * named one by one. */
#include "hart/pmp.h"

#include "hart/hart.h"
#include "lib/csr.h"

/* pmpNcfg bits (privileged spec 3.7.1). */
#define PMP_R 0x01
#define PMP_W 0x02
#define PMP_X 0x04
#define PMP_NAPOT 0x18

/* Whether pmpaddr `csr` is implemented: it takes a write of all ones (a hardwired-zero or
 * trapping register is not). The register is left at 0. */
#define PMPADDR_WORKS(csr)                                                                    \
  ({                                                                                          \
    unsigned long got_ = 0;                                                                   \
    int ok_ = CSR_WRITE_GUARDED(csr, ~0UL) == FW_OK && CSR_READ_GUARDED(csr, &got_) == FW_OK && got_; \
    if (ok_) csr_write(csr, 0);                                                               \
    ok_;                                                                                      \
  })

unsigned pmp_entries(void) {
  if (PMPADDR_WORKS(CSR_PMPADDR63)) return 64;
  if (PMPADDR_WORKS(CSR_PMPADDR15)) return 16;
  return PMPADDR_WORKS(CSR_PMPADDR0) ? 1 : 0; /* fewer than 16: only entry 0 is relied on */
}

/* The last entry: NAPOT over the whole address space (pmpaddr all ones), R, W and X. */
static void allow_rest(unsigned n) {
  const unsigned long all = PMP_NAPOT | PMP_R | PMP_W | PMP_X;
  if (n == 64) {
    csr_write(CSR_PMPADDR63, ~0UL);
#if __riscv_xlen == 64
    csr_set(CSR_PMPCFG14, all << 56);
#else
    csr_set(CSR_PMPCFG15, all << 24);
#endif
  } else {
    csr_write(CSR_PMPADDR15, ~0UL);
#if __riscv_xlen == 64
    csr_set(CSR_PMPCFG2, all << 56);
#else
    csr_set(CSR_PMPCFG3, all << 24);
#endif
  }
}

unsigned pmp_protect(uintptr_t base, uintptr_t size) {
  unsigned n = pmp_entries();
  if (n == 0) return 0;
  /* Entry 0: NAPOT over the firmware, no permission. */
  csr_write(CSR_PMPADDR0, (base | (size / 2 - 1)) >> 2);
  if (n == 1) {
    /* One entry only: the firmware stays open rather than closing all memory to S mode. */
    csr_write(CSR_PMPADDR0, ~0UL);
    csr_write(CSR_PMPCFG0, PMP_NAPOT | PMP_R | PMP_W | PMP_X);
  } else {
    csr_clear(CSR_PMPCFG0, 0xffUL);
    csr_set(CSR_PMPCFG0, PMP_NAPOT);
    allow_rest(n);
  }
  __asm__ volatile("sfence.vma" ::: "memory"); /* PMP changes and cached translations (3.7.2) */
  return n;
}
