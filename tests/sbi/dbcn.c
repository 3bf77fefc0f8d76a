/* SBI Debug Console (chapter 12): console_write returns the bytes written and checks that the
 * buffer is supervisor RAM (INVALID_PARAM otherwise: not RAM, the firmware, past the end of
 * RAM, bits above XLEN); console_read has no input (0 bytes) but checks its buffer the same
 * way and leaves it alone; console_write_byte writes the low 8 bits. tests/run_all.sh checks
 * the exact text on the console.
 * OpenSBI 1.1 implements SBI v1.0, which has no DBCN (SBI 2.0): every function answers
 * NOT_SUPPORTED there, and the test says so on the console (legacy putchar).
 * run: qemu=yes cores=default,microblaze harts=1 opensbi_expect="dbcn: NOT_SUPPORTED" expect="dbcn: hello, world|xyz|" */
#include "test.h"

static char text[] = "dbcn: hello, world|";
static char in[16] = "unchanged";

int main(void) {
  unsigned long t = (unsigned long)text, n = sizeof text - 1;
  uint64_t ram_end = machine.ram_base + machine.ram_size;
  if (OPENSBI) {
    CHECK_RET(sbi_debug_console_write(n, t, 0), SBI_ERR_NOT_SUPPORTED, 0);
    CHECK_RET(sbi_debug_console_write_byte('x'), SBI_ERR_NOT_SUPPORTED, 0);
    CHECK_RET(sbi_debug_console_read(sizeof in, (unsigned long)in, 0), SBI_ERR_NOT_SUPPORTED, 0);
    CHECK_RET(sbi_debug_console_write(4, 0x1000, 0), SBI_ERR_NOT_SUPPORTED, 0);
    CHECK_EQ(in[0], 'u');
    tputs("dbcn: NOT_SUPPORTED (no DBCN before SBI 2.0)\n");
    return 0;
  }
  CHECK_RET(sbi_debug_console_write(n, t, 0), SBI_SUCCESS, n);
  CHECK_RET(sbi_debug_console_write_byte('x'), SBI_SUCCESS, 0);
  CHECK_RET(sbi_ecall(SBI_EXT_DBCN, SBI_DBCN_WRITE_BYTE, 0x100 | 'y', 0, 0, 0, 0, 0), SBI_SUCCESS, 0); /* low byte */
  CHECK_RET(sbi_ecall(SBI_EXT_DBCN, SBI_DBCN_WRITE_BYTE, 0xf00 | 'z', 0, 0, 0, 0, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_debug_console_write(1, t + n - 1, 0), SBI_SUCCESS, 1); /* the final '|' */
  CHECK_RET(sbi_debug_console_write(1, (unsigned long)"\n", 0), SBI_SUCCESS, 1);
  CHECK_RET(sbi_debug_console_write(0, t, 0), SBI_SUCCESS, 0);

  CHECK_RET(sbi_debug_console_write(n, t, 1), SBI_ERR_INVALID_PARAM, 0);          /* above 2^XLEN */
  CHECK_RET(sbi_debug_console_write(4, 0x1000, 0), SBI_ERR_INVALID_PARAM, 0);     /* not RAM */
  CHECK_RET(sbi_debug_console_write(4, 0x10000000, 0), SBI_ERR_INVALID_PARAM, 0); /* the UART itself */
  CHECK_RET(sbi_debug_console_write(4, (unsigned long)machine.ram_base, 0), SBI_ERR_INVALID_PARAM, 0); /* firmware */
  CHECK_RET(sbi_debug_console_write(2, (unsigned long)ram_end - 1, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_debug_console_write(~0UL, t, 0), SBI_ERR_INVALID_PARAM, 0);       /* wraps */

  CHECK_RET(sbi_debug_console_read(sizeof in, (unsigned long)in, 0), SBI_SUCCESS, 0);
  CHECK_EQ(in[0], 'u');
  CHECK_EQ(in[8], 'd');
  CHECK_RET(sbi_debug_console_read(sizeof in, (unsigned long)in, 1), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_debug_console_read(4, 0x1000, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_debug_console_read(4, (unsigned long)machine.ram_base, 0), SBI_ERR_INVALID_PARAM, 0);
  return 0;
}
