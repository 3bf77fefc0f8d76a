/* SBI Debug Console extension (chapter 12). There is no console input: read answers 0 bytes. */
#include "ecall/sbi_ecall.h"
#include "lib/sbi.h"
#include "platform/console.h"
#include "platform/platform.h"

static bool dbcn_available(void) { return platform.uart != 0; }

/* The buffer [lo, lo + n) must be S-mode RAM; hi (bits above XLEN) must be 0, since all RAM
 * lies below 2^XLEN. The spec answers a bad buffer with INVALID_PARAM. */
static int buffer_check(unsigned long n, unsigned long lo, unsigned long hi) {
  return !hi && platform_smode_ram(lo, n) ? FW_OK : FW_EINVAL;
}

static int dbcn_handle(unsigned long fid, const unsigned long *args, unsigned long *value) {
  int r;
  switch (fid) {
    case SBI_DBCN_WRITE:
      if ((r = buffer_check(args[0], args[1], args[2])) < 0) return r;
      console_write((const char *)args[1], args[0]);
      *value = args[0];
      return FW_OK;
    case SBI_DBCN_READ:
      if ((r = buffer_check(args[0], args[1], args[2])) < 0) return r;
      *value = 0;
      return FW_OK;
    case SBI_DBCN_WRITE_BYTE: {
      char c = (char)(args[0] & 0xff);
      console_write(&c, 1);
      return FW_OK;
    }
    default:
      return FW_ENOTSUP;
  }
}

const struct sbi_extension sbi_ext_dbcn = {SBI_EXT_DBCN, dbcn_available, dbcn_handle};
