/* SBI Timer extension (chapter 6). */
#include "platform.h"
#include "pmu.h"
#include "sbi.h"
#include "sbi_ecall.h"
#include "timer.h"

static bool time_available(void) { return platform.clint != 0; }

static int time_handle(unsigned long fid, const unsigned long *args, unsigned long *value) {
  (void)value;
  if (fid != SBI_TIME_SET_TIMER) return FW_ENOTSUP;
  pmu_fw_event(SBI_PMU_FW_SET_TIMER);
  timer_set(sbi_arg64(args, 0));
  return FW_OK;
}

const struct sbi_extension sbi_ext_time = {SBI_EXT_TIME, time_available, time_handle};
