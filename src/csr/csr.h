/* CSR numbers and the access entry points used by the system-instruction handler. */
#ifndef RVPMU_CSR_CSR_H
#define RVPMU_CSR_CSR_H

#include <stdbool.h>
#include <stdint.h>

enum csr_number {
#define CSR(name, num) CSR_##name = num,
#include "isa/csr_names.def"
#undef CSR
};

/* mstatus fields (privileged spec 3.1.6). */
#define MSTATUS_SIE (1ull << 1)
#define MSTATUS_MIE (1ull << 3)
#define MSTATUS_SPIE (1ull << 5)
#define MSTATUS_MPIE (1ull << 7)
#define MSTATUS_SPP (1ull << 8)
#define MSTATUS_MPP_SHIFT 11
#define MSTATUS_MPP (3ull << MSTATUS_MPP_SHIFT)
#define MSTATUS_MPRV (1ull << 17)
#define MSTATUS_SUM (1ull << 18)
#define MSTATUS_MXR (1ull << 19)
#define MSTATUS_TVM (1ull << 20)
#define MSTATUS_TW (1ull << 21)
#define MSTATUS_TSR (1ull << 22)
#define MSTATUS_FS_SHIFT 13
#define MSTATUS_FS (3ull << MSTATUS_FS_SHIFT) /* FP state: 0 Off, 1 Initial, 2 Clean, 3 Dirty */
#define MSTATUS_XS (3ull << 15)
#define MSTATUS_SD32 (1ull << 31) /* SD: FS or XS is Dirty (read-only; bit XLEN-1) */
#define MSTATUS_SD64 (1ull << 63)
#define MSTATUS_UXL (3ull << 32)
#define MSTATUS_SXL (3ull << 34)
/* The fields sstatus shows of mstatus (4.1.1), SD aside (computed: csr.c); FS is zero without
 * F, XS always (no custom extension state). */
#define SSTATUS_MASK \
  (MSTATUS_SIE | MSTATUS_SPIE | MSTATUS_SPP | MSTATUS_FS | MSTATUS_XS | MSTATUS_SUM | MSTATUS_MXR | MSTATUS_UXL)

/* menvcfg/senvcfg fields (Zicbom; privileged spec 3.1.18, 4.1.10). */
#define ENVCFG_CBIE (3ull << 4)     /* CBO.INVAL: 00 illegal, 01 flush, 11 invalidate (10 reserved) */
#define ENVCFG_CBIE_FLUSH (1ull << 4)
#define ENVCFG_CBCFE (1ull << 6)    /* CBO.CLEAN and CBO.FLUSH allowed in the less privileged mode */
#define ENVCFG_CBZE (1ull << 7)     /* CBO.ZERO allowed in the less privileged mode (Zicboz) */
/* menvcfg.ADUE (Svadu): 1 = the page-table walk sets PTE A/D itself, 0 = a missing A (or D on
 * a store) is a page fault (Svade). Writable on harts with S mode; resets to 1, the hardware
 * updating rvpmu has always done, so software that knows neither extension runs as before. */
#define ENVCFG_ADUE (1ull << 61)

/* Interrupt numbers (mip/mie bits, mcause codes). */
enum irq {
  IRQ_S_SOFT = 1,
  IRQ_M_SOFT = 3,
  IRQ_S_TIMER = 5,
  IRQ_M_TIMER = 7,
  IRQ_S_EXT = 9,
  IRQ_M_EXT = 11,
  IRQ_LCOF = 13, /* Sscofpmf local counter-overflow interrupt */
};
#define MIP_SSIP (1ull << IRQ_S_SOFT)
#define MIP_MSIP (1ull << IRQ_M_SOFT)
#define MIP_STIP (1ull << IRQ_S_TIMER)
#define MIP_MTIP (1ull << IRQ_M_TIMER)
#define MIP_SEIP (1ull << IRQ_S_EXT)
#define MIP_MEIP (1ull << IRQ_M_EXT)
#define MIP_LCOFIP (1ull << IRQ_LCOF)
/* Interrupts that can be delegated to S (mideleg writable bits) and that S sees in sip/sie. */
#define S_INTERRUPTS (MIP_SSIP | MIP_STIP | MIP_SEIP | MIP_LCOFIP)

/* Exception causes (mcause codes, 3.1.15). */
enum exc {
  EXC_INSN_MISALIGNED = 0,
  EXC_INSN_ACCESS = 1,
  EXC_ILLEGAL_INSN = 2,
  EXC_BREAKPOINT = 3,
  EXC_LOAD_MISALIGNED = 4,
  EXC_LOAD_ACCESS = 5,
  EXC_STORE_MISALIGNED = 6,
  EXC_STORE_ACCESS = 7,
  EXC_ECALL_U = 8,
  EXC_ECALL_S = 9,
  EXC_ECALL_M = 11,
  EXC_INSN_PAGE_FAULT = 12,
  EXC_LOAD_PAGE_FAULT = 13,
  EXC_STORE_PAGE_FAULT = 15,
};

enum priv { PRIV_U = 0, PRIV_S = 1, PRIV_M = 3 };

struct hart;

/* Executes the CSR access of one Zicsr instruction: reads the old value (if `read`), checks the
 * privilege and read-only rules, and writes `value` combined by `kind` (0 write, 1 set, 2 clear)
 * if `write`. Returns 0 and the old value in *old, or -EXC_ILLEGAL_INSN-style negative cause
 * when the access must raise illegal instruction. */
int csr_access(struct hart *h, unsigned csr, bool read, bool write, int kind, uint64_t value, uint64_t *old)
    __attribute__((warn_unused_result));

/* Plain read/write from the embedding API: no privilege checks, writes as M mode would.
 * Return 0, or -1 for a CSR that does not exist. */
int csr_read_debug(struct hart *h, unsigned csr, uint64_t *value) __attribute__((warn_unused_result));
int csr_write_debug(struct hart *h, unsigned csr, uint64_t value) __attribute__((warn_unused_result));



/* Sets the reset values of the core's own CSRs and of those its CSR map gives a reset value
 * (profile.csr_map; called by hart_reset). */
void csr_map_reset(struct hart *h);

/* Applies a deferred counter-configuration write (after its instruction retired). */
void csr_apply_deferred(struct hart *h);
#endif
