/* Loads and stores on behalf of the trapped S/U context through mstatus.MPRV (privileged spec
 * 3.1.6.3), guarded like the CSR probes (trap.h). mstatus is restored right after the access,
 * so a trap that rewrote MPP (an mret leaves MPP = U) cannot leak into the caller. */
#include "hart/hart.h"
#include "hart/unpriv.h"
#include "lib/csr.h"

/* mstatus for the access: MPRV with MPP = `mode`, MXR when `mxr`. */
static unsigned long access_mstatus(unsigned long mode, int mxr) {
  unsigned long s = csr_read(CSR_MSTATUS) & ~(MSTATUS_MPP | MSTATUS_MXR);
  return s | MSTATUS_MPRV | (mode << MSTATUS_MPP_SHIFT) | (mxr ? MSTATUS_MXR : 0);
}

/* One guarded instruction `insn` (operands %[v] value, %[a] address) run with mstatus = %[ms]. */
#define UNPRIV_ACCESS(insn, vconstraint, val_, addr_, ms_, cause_out_)                                   \
  ({                                                                                           \
    register unsigned long trapped_ __asm__("t1") = 0;                                         \
    register unsigned long cause_ __asm__("t2") = 0;                                           \
    unsigned long tvec_, old_;                                                                 \
    __asm__ volatile("la %[tv], fw_expected_trap\n\t"                                          \
                     "csrrw %[tv], mtvec, %[tv]\n\t"                                           \
                     "csrrw %[old], mstatus, %[ms]\n\t"                                        \
                     ".option push\n\t.option norvc\n\t" insn "\n\t"                           \
                     ".option pop\n\t"                                                         \
                     "csrw mstatus, %[old]\n\t"                                                \
                     "csrw mtvec, %[tv]"                                                       \
                     : [tv] "=&r"(tvec_), [old] "=&r"(old_), [v] vconstraint(val_), "+&r"(trapped_), \
                       "+&r"(cause_)                                                           \
                     : [a] "r"(addr_), [ms] "r"(ms_)                                             \
                     : "t3", "memory");                                                        \
    *(cause_out_) = cause_;                                                                         \
    trapped_ ? FW_ETRAP : FW_OK;                                                               \
  })

int unpriv_load_u8(unsigned long addr, unsigned long mode, uint8_t *out, unsigned long *cause) {
  unsigned long v = 0;
  int r = UNPRIV_ACCESS("lbu %[v], 0(%[a])", "+&r", v, addr, access_mstatus(mode, 1), cause);
  *out = (uint8_t)v;
  return r;
}

int unpriv_load_u16(unsigned long addr, unsigned long mode, uint16_t *out, unsigned long *cause) {
  unsigned long v = 0;
  int r = UNPRIV_ACCESS("lhu %[v], 0(%[a])", "+&r", v, addr, access_mstatus(mode, 1), cause);
  *out = (uint16_t)v;
  return r;
}

int unpriv_store_u8(unsigned long addr, unsigned long mode, uint8_t v, unsigned long *cause) {
  unsigned long value = v;
  return UNPRIV_ACCESS("sb %[v], 0(%[a])", "+&r", value, addr, access_mstatus(mode, 0), cause);
}
