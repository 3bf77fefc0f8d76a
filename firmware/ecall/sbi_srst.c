/* SBI System Reset extension (chapter 10). */
#include "ecall/sbi_ecall.h"
#include "lib/sbi.h"
#include "sbi/srst.h"

static int srst_handle(unsigned long fid, const unsigned long *args, unsigned long *value) {
  (void)value;
  if (fid != SBI_SRST_SYSTEM_RESET) return FW_ENOTSUP;
  return srst_system_reset(sbi_arg32(args, 0), sbi_arg32(args, 1));
}

const struct sbi_extension sbi_ext_srst = {SBI_EXT_SRST, srst_available, srst_handle};
