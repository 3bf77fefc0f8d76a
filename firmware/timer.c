/* SBI TIME through the CLINT or Sstc (see timer.h). */
#include "timer.h"

#include <stdbool.h>

#include "csr.h"
#include "platform.h"
#include "trap.h"

#define CLINT_MTIMECMP 0x4000
#define CLINT_MTIME 0xbff8

static bool sstc[FW_MAX_HARTS]; /* hart h uses stimecmp */

static volatile uint32_t *clint_word(unsigned long offset) { return (volatile uint32_t *)(platform.clint + offset); }

uint64_t timer_now(void) {
  if (!platform.clint) return 0;
  for (;;) {
    uint32_t hi = *clint_word(CLINT_MTIME + 4), lo = *clint_word(CLINT_MTIME);
    if (*clint_word(CLINT_MTIME + 4) == hi) return (uint64_t)hi << 32 | lo;
  }
}

static void mtimecmp_write(unsigned long hart, uint64_t when) {
  if (!platform.clint) return;
  volatile uint32_t *cmp = clint_word(CLINT_MTIMECMP + 8 * hart);
  /* High word at its maximum first, so that no intermediate value fires early. */
  cmp[1] = 0xffffffffu;
  cmp[0] = (uint32_t)when;
  cmp[1] = (uint32_t)(when >> 32);
}

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
  mtimecmp_write(hart, ~0ULL);
  csr_clear(CSR_MIE, MIP_MTIP);
}

void timer_set(uint64_t when) {
  unsigned long hart = csr_read(CSR_MHARTID);
  if (sstc[hart]) {
    stimecmp_write(when); /* STIP follows stimecmp by itself */
    return;
  }
  mtimecmp_write(hart, when);
  csr_clear(CSR_MIP, MIP_STIP);
  csr_set(CSR_MIE, MIP_MTIP);
}

void timer_irq(void) {
  csr_clear(CSR_MIE, MIP_MTIP);
  csr_set(CSR_MIP, MIP_STIP);
}
