/* SBI System Reset (chapter 10): reserved, vendor and SBI-specific reset types and reasons are
 * INVALID_PARAM (none are implemented) and leave the machine running; the run then ends
 * through the runtime's shutdown with reason NO_REASON (exit status 0). srst_fail and
 * srst_reboot cover the other reset kinds. Bits 63:32 of both (uint32_t) are ignored.
 * run: qemu=yes cores=default,microblaze harts=1,4 */
#include "test.h"

int main(void) {
  static const unsigned long bad_types[] = {3, 0xefffffff, 0xf0000000, 0xffffffff};
  static const unsigned long bad_reasons[] = {2, 0xdfffffff, 0xe0000000, 0xefffffff, 0xf0000000, 0xffffffff};
  for (unsigned i = 0; i < sizeof bad_types / sizeof *bad_types; i++)
    CHECK_RET(sbi_system_reset(bad_types[i], SBI_SRST_REASON_NONE), SBI_ERR_INVALID_PARAM, 0);
  for (unsigned i = 0; i < sizeof bad_reasons / sizeof *bad_reasons; i++)
    for (unsigned long type = 0; type < 3; type++)
      CHECK_RET(sbi_system_reset(type, bad_reasons[i]), SBI_ERR_INVALID_PARAM, 0);
#if XLEN == 64
  /* uint32_t arguments: bits 63:32 are ignored (srst_fail shows a shutdown with them set), so
   * the low 32 bits decide; OpenSBI refuses any upper bit with INVALID_PARAM. */
  CHECK_RET(sbi_system_reset(1UL << 32 | 3, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_system_reset(0, 1UL << 63 | 2), SBI_ERR_INVALID_PARAM, 0);
#endif
  return 0;
}
