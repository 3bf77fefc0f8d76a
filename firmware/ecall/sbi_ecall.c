/* Dispatch and error sanitising (see sbi_ecall.h). */
#include "ecall/sbi_ecall.h"

#include "lib/errors.h"
#include "lib/lib.h"
#include "lib/sbi.h"
#include "platform/platform.h"

static const struct sbi_extension *const extensions[] = {
    &sbi_ext_base, &sbi_ext_time, &sbi_ext_ipi, &sbi_ext_rfence,
    &sbi_ext_hsm,  &sbi_ext_srst, &sbi_ext_pmu, &sbi_ext_dbcn, &sbi_ext_susp, &sbi_ext_fwft,
};

const struct sbi_extension *sbi_extension_find(unsigned long eid) {
  for (unsigned i = 0; i < sizeof extensions / sizeof *extensions; i++)
    if (extensions[i]->eid == eid) return extensions[i]->available() ? extensions[i] : NULL;
  return NULL;
}

long sbi_error_from_fw(int r) {
  switch (r) {
    case FW_OK: return SBI_SUCCESS;
    case FW_EINVAL: return SBI_ERR_INVALID_PARAM;
    case FW_ENOTSUP: return SBI_ERR_NOT_SUPPORTED;
    case FW_EADDR: return SBI_ERR_INVALID_ADDRESS;
    case FW_EALREADY_AVAILABLE: return SBI_ERR_ALREADY_AVAILABLE;
    case FW_EALREADY_STARTED: return SBI_ERR_ALREADY_STARTED;
    case FW_EALREADY_STOPPED: return SBI_ERR_ALREADY_STOPPED;
    case FW_ENOSHMEM: return SBI_ERR_NO_SHMEM;
    case FW_EDENIED: return SBI_ERR_DENIED;
    case FW_EDENIED_LOCKED: return SBI_ERR_DENIED_LOCKED;
    default: return SBI_ERR_FAILED; /* FW_EFAIL and internal-only codes */
  }
}

void sbi_ecall_handle(struct trap_frame *tf) {
  unsigned long eid = tf->regs[17], fid = tf->regs[16], value = 0;
  const unsigned long *args = &tf->regs[10];
  /* Past the ecall first: a call that does not return here (hart_stop, non-retentive
   * suspend, system_reset) never comes back through this frame anyway. */
  tf->mepc += 4;
  const struct sbi_extension *ext = sbi_extension_find(eid);
  int r = ext ? ext->handle(fid, args, &value) : FW_ENOTSUP;
  long err = sbi_error_from_fw(r);
  tf->regs[10] = (unsigned long)err;
  tf->regs[11] = err == SBI_SUCCESS ? value : 0;
}

int sbi_hart_mask_resolve(unsigned long mask, unsigned long base, uint32_t *harts) {
  if (base == ~0UL) {
    *harts = platform.hart_mask;
    return FW_OK;
  }
  uint32_t out = 0;
  for (unsigned long m = mask; m; m &= m - 1) {
    unsigned long h = base + bit_ffs(m);
    if (h < base || !platform_hart_valid(h)) return FW_EINVAL;
    out |= 1u << h;
  }
  *harts = out;
  return FW_OK;
}
