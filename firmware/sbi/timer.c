/* SBI TIME through the CLINT or Sstc (see timer.h). */
#include "sbi/timer.h"

#include <stdbool.h>

#include "hart/hart.h"
#include "lib/csr.h"
#include "platform/clint.h"
#include "platform/platform.h"

static bool sstc[FW_MAX_HARTS]; /* hart h uses stimecmp */

uint64_t timer_now(void) { return clint_mtime(); }

static void stimecmp_write(uint64_t when) {
#if __riscv_xlen == 64
  csr_write(CSR_STIMECMP, when);
#else
  csr_write(CSR_STIMECMPH, 0xffffffffUL);
  csr_write(CSR_STIMECMP, (unsigned long)when);
  csr_write(CSR_STIMECMPH, (unsigned long)(when >> 32));
#endif
}

void timer_hart_init(void) {
  unsigned long hart = csr_read(CSR_MHARTID), v;
  sstc[hart] = CSR_READ_GUARDED(CSR_STIMECMP, &v) == FW_OK;
  if (sstc[hart]) {
    stimecmp_write(~0ULL);
#if __riscv_xlen == 64
    csr_set(CSR_MENVCFG, MENVCFG_STCE);
#else
    csr_set(CSR_MENVCFGH, MENVCFGH_STCE);
#endif
  }
  clint_mtimecmp_write(hart, ~0ULL);
  csr_clear(CSR_MIE, MIP_MTIP);
}

void timer_set(uint64_t when) {
  unsigned long hart = csr_read(CSR_MHARTID);
  if (sstc[hart]) {
    stimecmp_write(when); /* STIP follows stimecmp by itself */
    return;
  }
  clint_mtimecmp_write(hart, when);
  csr_clear(CSR_MIP, MIP_STIP);
  csr_set(CSR_MIE, MIP_MTIP);
}

void timer_irq(void) {
  csr_clear(CSR_MIE, MIP_MTIP);
  csr_set(CSR_MIP, MIP_STIP);
}
