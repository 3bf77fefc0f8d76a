/* SBI Base extension (chapter 4): spec version 3.0, implementation id and version, probing,
 * machine ids, and NOT_SUPPORTED for functions and extensions that do not exist.
 * run: qemu=yes cores=default,microblaze harts=1,4
 * (QEMU reports its own marchid and mimpid: checked for success only)
 * Under OpenSBI 1.1 (SBI v1.0): its version and id, no DBCN, and the v0.1 legacy extensions. */
#include "test.h"

int main(void) {
  /* major 3 << 24 | minor 0; OpenSBI 1.1 implements SBI v1.0. */
  CHECK_RET(sbi_get_spec_version(), SBI_SUCCESS, BY_FW(0x03000000, 0x01000000));
  CHECK_RET(sbi_get_impl_id(), SBI_SUCCESS, BY_FW(0x7276706d, 1)); /* "rvpm" (docs/sbi.md); OpenSBI is 1 */
  CHECK_RET(sbi_get_impl_version(), SBI_SUCCESS, BY_FW(0x00010000, 0x00010001)); /* OpenSBI 1.1 */

  /* probe_extension: 1 for every extension the firmware implements, 0 otherwise. */
  static const unsigned long present[] = {0x10, 0x54494d45, 0x735049, 0x52464e43, 0x48534d, 0x53525354, 0x504d55};
  for (unsigned i = 0; i < sizeof present / sizeof *present; i++) CHECK_RET(sbi_probe_extension(present[i]), 0, 1);
  /* DBCN came with SBI 2.0 (OpenSBI 1.3). */
  CHECK_RET(sbi_probe_extension(0x4442434e), 0, BY_FW(1, 0));
  /* SUSP came with SBI 2.0, FWFT with 3.0: neither in OpenSBI 1.1. */
  CHECK_RET(sbi_probe_extension(SBI_EXT_SUSP), 0, BY_FW(1, 0));
  CHECK_RET(sbi_probe_extension(SBI_EXT_FWFT), 0, BY_FW(1, 0));
  /* The legacy extensions 0x00-0x08 (SBI v0.1): rvpmu's firmware has none; OpenSBI 1.1 still
   * has them all (the spec keeps them as deprecated, optional). 0x0f is not one. */
  CHECK_RET(sbi_probe_extension(0x0), 0, BY_FW(0, 1));
  CHECK_RET(sbi_probe_extension(0x1), 0, BY_FW(0, 1));
  CHECK_RET(sbi_probe_extension(0x8), 0, BY_FW(0, 1));
  /* Extensions not implemented, experimental and vendor space. */
  static const unsigned long absent[] = {0xf, 0x4e41434c /* NACL */, 0x535441 /* STA */,
                                         0x43505043 /* CPPC */, 0x535345 /* SSE */, 0x44425452 /* DBTR */,
                                         0x4d505859 /* MPXY */, 0x08000000, 0x09000000, 0x0fffffff, 0x7fffffff};
  for (unsigned i = 0; i < sizeof absent / sizeof *absent; i++) CHECK_RET(sbi_probe_extension(absent[i]), 0, 0);

  struct sbiret r = sbi_get_mvendorid();
  CHECK_EQ(r.error, SBI_SUCCESS);
  if (machine.rvpmu) CHECK_EQ(r.value, 0); /* rvpmu's mvendorid, marchid, mimpid read 0 */
  r = sbi_get_marchid();
  CHECK_EQ(r.error, SBI_SUCCESS);
  if (machine.rvpmu) CHECK_EQ(r.value, 0);
  r = sbi_get_mimpid();
  CHECK_EQ(r.error, SBI_SUCCESS);
  if (machine.rvpmu) CHECK_EQ(r.value, 0);

  /* Function ids past the last one of each extension, and an unknown extension. */
  CHECK_ERR(sbi_ecall(0x10, 7, 0, 0, 0, 0, 0, 0), SBI_ERR_NOT_SUPPORTED);
  CHECK_ERR(sbi_ecall(0x54494d45, 1, 0, 0, 0, 0, 0, 0), SBI_ERR_NOT_SUPPORTED);
  CHECK_ERR(sbi_ecall(0x735049, 1, 0, 0, 0, 0, 0, 0), SBI_ERR_NOT_SUPPORTED);
  CHECK_ERR(sbi_ecall(0x52464e43, 7, 0, 0, 0, 0, 0, 0), SBI_ERR_NOT_SUPPORTED);
  CHECK_ERR(sbi_ecall(0x48534d, 4, 0, 0, 0, 0, 0, 0), SBI_ERR_NOT_SUPPORTED);
  CHECK_ERR(sbi_ecall(0x53525354, 1, 0, 0, 0, 0, 0, 0), SBI_ERR_NOT_SUPPORTED);
  CHECK_ERR(sbi_ecall(0x504d55, 9, 0, 0, 0, 0, 0, 0), SBI_ERR_NOT_SUPPORTED);
  CHECK_ERR(sbi_ecall(0x4442434e, 3, 0, 0, 0, 0, 0, 0), SBI_ERR_NOT_SUPPORTED);
  CHECK_ERR(sbi_ecall(SBI_EXT_SUSP, 1, 0, 0, 0, 0, 0, 0), SBI_ERR_NOT_SUPPORTED);
  CHECK_ERR(sbi_ecall(SBI_EXT_FWFT, 2, 0, 0, 0, 0, 0, 0), SBI_ERR_NOT_SUPPORTED);
  CHECK_ERR(sbi_ecall(0x12345678, 0, 0, 0, 0, 0, 0, 0), SBI_ERR_NOT_SUPPORTED);
  /* Legacy set_timer (EID 0x00, SBI v0.1): not offered by rvpmu's firmware. OpenSBI 1.1 sets the
   * timer (to 120, in the past: STIP pending) and returns 0 in a0 (legacy calls have no sbiret
   * value); a new set_timer clears it. */
  CHECK_ERR(sbi_ecall(SBI_EXT_LEGACY_SET_TIMER, 0, 'x', 0, 0, 0, 0, 0), BY_FW(SBI_ERR_NOT_SUPPORTED, 0));
  if (OPENSBI) {
    CHECK_EQ(csr_read(CSR_SIP) & SIE_STIE, SIE_STIE);
    CHECK_RET(sbi_set_timer(~0ULL), SBI_SUCCESS, 0);
    CHECK_EQ(csr_read(CSR_SIP) & SIE_STIE, 0);
  }
  return 0;
}
