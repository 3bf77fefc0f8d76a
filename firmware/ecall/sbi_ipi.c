/* SBI IPI extension (chapter 7): supervisor software interrupts. */
#include <stddef.h>

#include "ecall/sbi_ecall.h"
#include "lib/sbi.h"
#include "platform/platform.h"
#include "sbi/hsm.h"
#include "sbi/ipi.h"

static bool ipi_available(void) { return platform.clint != 0; }

static int ipi_handle(unsigned long fid, const unsigned long *args, unsigned long *value) {
  (void)value;
  if (fid != SBI_IPI_SEND_IPI) return FW_ENOTSUP;
  uint32_t harts;
  int r = sbi_hart_mask_resolve(args[0], args[1], &harts);
  if (r < 0) return r;
  for (unsigned long h = 0; h < FW_MAX_HARTS; h++)
    if ((harts >> h & 1) && hsm_hart_interruptible(h)) ipi_send(h, IPI_SMODE, NULL);
  return FW_OK;
}

const struct sbi_extension sbi_ext_ipi = {SBI_EXT_IPI, ipi_available, ipi_handle};
