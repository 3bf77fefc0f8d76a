/* SBI Base extension (chapter 4): spec version 3.0, implementation id and version, probing,
 * machine ids, and NOT_SUPPORTED for functions and extensions that do not exist.
 * run: qemu=yes harts=1,4
 * (QEMU reports its own marchid and mimpid: checked for success only) */
#include "test.h"

int main(void) {
  CHECK_RET(sbi_get_spec_version(), SBI_SUCCESS, 0x03000000); /* major 3 << 24 | minor 0 */
  CHECK_RET(sbi_get_impl_id(), SBI_SUCCESS, 0x7276706d);      /* "rvpm", docs/sbi.md */
  CHECK_RET(sbi_get_impl_version(), SBI_SUCCESS, 0x00010000);

  /* probe_extension: 1 for every extension the firmware implements, 0 otherwise. */
  static const unsigned long present[] = {0x10, 0x54494d45, 0x735049, 0x52464e43,
                                          0x48534d, 0x53525354, 0x504d55, 0x4442434e};
  for (unsigned i = 0; i < sizeof present / sizeof *present; i++) CHECK_RET(sbi_probe_extension(present[i]), 0, 1);
  /* Legacy extensions 0x00-0x0f, the ones not implemented, experimental and vendor space. */
  static const unsigned long absent[] = {0x0, 0x1, 0x8, 0xf, 0x4e41434c /* NACL */, 0x535441 /* STA */,
                                         0x535553 /* SUSP */, 0x43505043 /* CPPC */, 0x535345 /* SSE */,
                                         0x46574654 /* FWFT */, 0x08000000, 0x09000000, 0x0fffffff, 0x7fffffff};
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
  CHECK_ERR(sbi_ecall(0x12345678, 0, 0, 0, 0, 0, 0, 0), SBI_ERR_NOT_SUPPORTED);
  CHECK_ERR(sbi_ecall(0x00, 0, 'x', 0, 0, 0, 0, 0), SBI_ERR_NOT_SUPPORTED); /* legacy putchar: not offered */
  return 0;
}
