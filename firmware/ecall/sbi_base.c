/* SBI Base extension (chapter 4). */
#include "ecall/sbi_ecall.h"
#include "lib/csr.h"
#include "lib/sbi.h"

static bool always(void) { return true; }

static int base_handle(unsigned long fid, const unsigned long *args, unsigned long *value) {
  switch (fid) {
    case SBI_BASE_GET_SPEC_VERSION: *value = SBI_SPEC_VERSION; return FW_OK;
    case SBI_BASE_GET_IMPL_ID: *value = SBI_IMPL_ID_RVPMU; return FW_OK;
    case SBI_BASE_GET_IMPL_VERSION: *value = SBI_IMPL_VERSION; return FW_OK;
    case SBI_BASE_PROBE_EXT: *value = sbi_extension_find(args[0]) ? 1 : 0; return FW_OK;
    case SBI_BASE_GET_MVENDORID: *value = csr_read(CSR_MVENDORID); return FW_OK;
    case SBI_BASE_GET_MARCHID: *value = csr_read(CSR_MARCHID); return FW_OK;
    case SBI_BASE_GET_MIMPID: *value = csr_read(CSR_MIMPID); return FW_OK;
    default: return FW_ENOTSUP;
  }
}

const struct sbi_extension sbi_ext_base = {SBI_EXT_BASE, always, base_handle};
