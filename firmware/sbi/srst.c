/* SBI SRST semantics (see srst.h) over the SiFive test device. */
#include "sbi/srst.h"

#include "lib/sbi.h"
#include "platform/reset.h"

bool srst_available(void) { return reset_available(); }

int srst_system_reset(uint32_t type, uint32_t reason) {
  /* Reserved, vendor and SBI-implementation-specific values are not implemented, which the
   * spec answers with INVALID_PARAM. */
  if (type > SBI_SRST_TYPE_WARM_REBOOT) return FW_EINVAL;
  if (reason != SBI_SRST_REASON_NONE && reason != SBI_SRST_REASON_SYSTEM_FAILURE) return FW_EINVAL;
  if (!reset_available()) return FW_ENOTSUP;
  if (type == SBI_SRST_TYPE_SHUTDOWN)
    reset_poweroff(reason == SBI_SRST_REASON_SYSTEM_FAILURE ? RESET_EXIT_SYSTEM_FAILURE : 0);
  reset_reboot(); /* cold and warm reboot: the device has one reset */
}
