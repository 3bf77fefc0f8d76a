/* SBI Timer extension (chapter 6). */
#include "ecall/sbi_ecall.h"
#include "lib/sbi.h"
#include "platform/platform.h"
#include "sbi/fw_event.h"
#include "sbi/timer.h"

static bool time_available(void) { return platform.clint != 0; }

static int time_handle(unsigned long fid, const unsigned long *args, unsigned long *value) {
  (void)value;
  if (fid != SBI_TIME_SET_TIMER) return FW_ENOTSUP;
  fw_event_count(SBI_PMU_FW_SET_TIMER);
  timer_set(sbi_arg64(args, 0));
  return FW_OK;
}

const struct sbi_extension sbi_ext_time = {SBI_EXT_TIME, time_available, time_handle};
