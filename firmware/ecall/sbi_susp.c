/* SBI System Suspend extension: the shim in front of sbi/susp.c. */
#include "ecall/sbi_ecall.h"
#include "lib/sbi.h"
#include "sbi/susp.h"

static int susp_handle(unsigned long fid, const unsigned long *args, unsigned long *value) {
  (void)value;
  if (fid != SBI_SUSP_SYSTEM_SUSPEND) return FW_ENOTSUP;
  return susp_system_suspend(sbi_arg32(args, 0), args[1], args[2]);
}

const struct sbi_extension sbi_ext_susp = {SBI_EXT_SUSP, susp_available, susp_handle};
