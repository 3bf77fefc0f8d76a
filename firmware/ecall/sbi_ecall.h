/* The ecall shim: S mode's SBI calls enter here (fw_trap), are dispatched by extension id to
 * the extension tables (sbi_*.c), and leave with SBI error codes. The extensions and the
 * cores behind them return internal errors (errors.h); sbi_error_from_fw is the one place that
 * converts them, and anything it does not know becomes SBI_ERR_FAILED. */
#ifndef FW_SBI_ECALL_H
#define FW_SBI_ECALL_H

#include <stdbool.h>
#include <stdint.h>

#include "hart/hart.h"

/* One SBI extension. */
struct sbi_extension {
  unsigned long eid;        /* extension id (a7) */
  bool (*available)(void);  /* answer of probe_extension, and whether calls are served */
  /* Function `fid` with a0..a5 in args: returns an internal error or FW_OK with the sbiret
   * value in *value. Unknown fids return FW_ENOTSUP. */
  int (*handle)(unsigned long fid, const unsigned long *args, unsigned long *value);
};

extern const struct sbi_extension sbi_ext_base, sbi_ext_time, sbi_ext_ipi, sbi_ext_rfence, sbi_ext_hsm, sbi_ext_srst,
    sbi_ext_pmu, sbi_ext_dbcn, sbi_ext_susp, sbi_ext_fwft;

/* The extension with id `eid` that this hart offers, or NULL. */
const struct sbi_extension *sbi_extension_find(unsigned long eid);

/* Internal error -> SBI error code. */
long sbi_error_from_fw(int r);

/* Handles the ecall in `tf` (a7 = eid, a6 = fid, a0..a5 arguments): a0 = error, a1 = value,
 * mepc past the ecall. */
void sbi_ecall_handle(struct trap_frame *tf);

/* Resolves an SBI hart mask (hart_mask, hart_mask_base; base = -1 means every hart) to a
 * bitmap of hart ids. FW_EINVAL if it names a hart the machine does not have. */
int sbi_hart_mask_resolve(unsigned long mask, unsigned long base, uint32_t *harts) FW_MUST_CHECK;

/* A 32-bit argument (uint32_t in the spec): its low 32 bits. "In case the data is defined as
 * 32bit wide, higher privilege software must ensure that it only uses 32 bit data" (SBI v3.0,
 * Binary Encoding): on RV64 the firmware ignores bits 63:32 of the register. */
static inline uint32_t sbi_arg32(const unsigned long *args, unsigned i) { return (uint32_t)args[i]; }

/* A 64-bit argument: one register on RV64, lo/hi registers on RV32. */
static inline uint64_t sbi_arg64(const unsigned long *args, unsigned i) {
#if __riscv_xlen == 32
  return (uint64_t)args[i + 1] << 32 | args[i];
#else
  return args[i];
#endif
}

#endif
