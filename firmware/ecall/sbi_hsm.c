/* SBI HSM extension (chapter 9). */
#include "ecall/sbi_ecall.h"
#include "lib/sbi.h"
#include "sbi/hsm.h"

static bool always(void) { return true; }

static int hsm_handle(unsigned long fid, const unsigned long *args, unsigned long *value) {
  switch (fid) {
    case SBI_HSM_HART_START: return hsm_hart_start(args[0], args[1], args[2]);
    case SBI_HSM_HART_STOP: return hsm_hart_stop();
    case SBI_HSM_HART_GET_STATUS: return hsm_hart_get_status(args[0], value);
    case SBI_HSM_HART_SUSPEND: return hsm_hart_suspend(sbi_arg32(args, 0), args[1], args[2]);
    default: return FW_ENOTSUP;
  }
}

const struct sbi_extension sbi_ext_hsm = {SBI_EXT_HSM, always, hsm_handle};
