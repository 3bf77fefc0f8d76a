/* SBI RFENCE extension (chapter 8). Without the hypervisor extension the HFENCE functions
 * answer NOT_SUPPORTED (their firmware events stay 0). */
#include "ecall/sbi_ecall.h"
#include "lib/csr.h"
#include "lib/sbi.h"
#include "platform/platform.h"
#include "sbi/hsm.h"
#include "sbi/ipi.h"

static bool rfence_available(void) { return platform.clint != 0; }

static int rfence_handle(unsigned long fid, const unsigned long *args, unsigned long *value) {
  (void)value;
  enum ipi_kind kind;
  switch (fid) {
    case SBI_RFENCE_FENCE_I: kind = IPI_FENCE_I; break;
    case SBI_RFENCE_SFENCE_VMA: kind = IPI_SFENCE_VMA; break;
    case SBI_RFENCE_SFENCE_VMA_ASID: kind = IPI_SFENCE_VMA_ASID; break;
    case SBI_RFENCE_HFENCE_GVMA_VMID:
    case SBI_RFENCE_HFENCE_GVMA:
    case SBI_RFENCE_HFENCE_VVMA_ASID:
    case SBI_RFENCE_HFENCE_VVMA:
      /* Only harts with the H extension implement them; none of these has it. */
      return FW_ENOTSUP;
    default:
      return FW_ENOTSUP;
  }
  uint32_t harts;
  int r = sbi_hart_mask_resolve(args[0], args[1], &harts);
  if (r < 0) return r;
  struct rfence fence = {0, 0, 0};
  if (kind != IPI_FENCE_I) {
    fence.start = args[2];
    fence.size = args[3];
    fence.asid = args[4];
    bool whole = (fence.start == 0 && fence.size == 0) || fence.size == ~0UL;
    if (!whole && fence.start + fence.size < fence.start) return FW_EADDR; /* wraps */
  }
  for (unsigned long h = 0; h < FW_MAX_HARTS; h++)
    if ((harts >> h & 1) && hsm_hart_interruptible(h)) ipi_send(h, kind, &fence);
  return FW_OK;
}

const struct sbi_extension sbi_ext_rfence = {SBI_EXT_RFENCE, rfence_available, rfence_handle};
