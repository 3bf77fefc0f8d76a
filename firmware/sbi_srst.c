/* SBI System Reset extension (chapter 10). */
#include "reset.h"
#include "sbi.h"
#include "sbi_ecall.h"

static int srst_handle(unsigned long fid, const unsigned long *args, unsigned long *value) {
  (void)value;
  if (fid != SBI_SRST_SYSTEM_RESET) return FW_ENOTSUP;
  return reset_system(args[0], args[1]);
}

const struct sbi_extension sbi_ext_srst = {SBI_EXT_SRST, reset_available, srst_handle};
