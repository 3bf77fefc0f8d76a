/* SUSP (see susp.h) on top of HSM's non-retentive suspend. */
#include "sbi/susp.h"

#include "lib/sbi.h"
#include "platform/platform.h"
#include "sbi/hsm.h"

/* The timer is the wake-up source (and IPIs, which also go through the CLINT). */
bool susp_available(void) { return platform.clint != 0; }

int susp_system_suspend(uint32_t sleep_type, unsigned long resume_addr, unsigned long opaque) {
  /* Reserved (1..0x7fffffff) and platform-specific (0x80000000..) types: INVALID_PARAM. */
  if (sleep_type != SBI_SUSP_SLEEP_TYPE_SUSPEND_TO_RAM) return FW_EINVAL;
  if (!hsm_resume_addr_valid(resume_addr)) return FW_EADDR;
  /* Entry criterion of SUSPEND_TO_RAM: every other hart is STOPPED. Only started harts make
   * SBI calls, so none can start another while this one checks. */
  if (!hsm_only_caller_running()) return FW_EDENIED;
  return hsm_hart_suspend(SBI_HSM_SUSPEND_NON_RET_DEFAULT, resume_addr, opaque);
}
