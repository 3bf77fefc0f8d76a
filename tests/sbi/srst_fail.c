/* SBI System Reset: shutdown with reason SYSTEM_FAILURE powers off with exit status 1
 * (docs/sbi.md), which tests/run_all.sh expects; the call does not return. OpenSBI 1.1 writes
 * 0x3333 to the test device without an exit code (its sifive_test driver), which QEMU and rvpmu
 * take as exit status 0: opensbi_exit=0 (the SBI spec says nothing about exit codes).
 * run: qemu=yes harts=1 exit=1 opensbi_exit=0 nopass expect="srst_fail: shutting down with SYSTEM_FAILURE" */
#include "test.h"

int main(void) {
  tputs("srst_fail: shutting down with SYSTEM_FAILURE\n");
#if XLEN == 64
  /* reset_type and reset_reason are uint32_t: bits 63:32 are ignored (SBI v3.0, Binary
   * Encoding), so this is the same shutdown. OpenSBI refuses them (INVALID_PARAM) and the plain
   * call below shuts down. */
  struct sbiret r = sbi_system_reset(1UL << 32 | SBI_SRST_TYPE_SHUTDOWN, 1UL << 63 | SBI_SRST_REASON_SYSTEM_FAILURE);
  if (!OPENSBI) {
    tprintf("srst_fail: system_reset with bits 63:32 set returned %ld\n", r.error);
    return 2;
  }
  CHECK_RET(r, SBI_ERR_INVALID_PARAM, 0);
#endif
  sbi_system_reset(SBI_SRST_TYPE_SHUTDOWN, SBI_SRST_REASON_SYSTEM_FAILURE);
  tputs("srst_fail: system_reset returned\n");
  return 2;
}
