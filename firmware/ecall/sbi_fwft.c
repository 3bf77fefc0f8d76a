/* SBI Firmware Features extension: the shim in front of sbi/fwft.c. */
#include "ecall/sbi_ecall.h"
#include "lib/sbi.h"
#include "sbi/fwft.h"

static bool always(void) { return true; }

static int fwft_handle(unsigned long fid, const unsigned long *args, unsigned long *value) {
  switch (fid) {
    case SBI_FWFT_SET: return fwft_set(sbi_arg32(args, 0), args[1], args[2]);
    case SBI_FWFT_GET: return fwft_get(sbi_arg32(args, 0), value);
    default: return FW_ENOTSUP;
  }
}

const struct sbi_extension sbi_ext_fwft = {SBI_EXT_FWFT, always, fwft_handle};
