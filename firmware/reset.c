/* SiFive test device: 0x5555 powers off with status 0, code << 16 | 0x3333 with `code`,
 * 0x7777 resets the machine (QEMU reboots; rvpmu ends the run with status 0). */
#include "reset.h"

#include <stdint.h>

#include "platform.h"
#include "sbi.h"

#define TEST_PASS 0x5555u
#define TEST_FAIL 0x3333u
#define TEST_RESET 0x7777u

bool reset_available(void) { return platform.test != 0; }

static __attribute__((noreturn)) void test_write(uint32_t v) {
  if (platform.test) *(volatile uint32_t *)platform.test = v;
  for (;;) __asm__ volatile("wfi");
}

void reset_poweroff(unsigned code) { test_write(code ? (code << 16) | TEST_FAIL : TEST_PASS); }

int reset_system(unsigned long type, unsigned long reason) {
  /* Both are uint32_t; reserved, vendor and SBI-implementation-specific values are not
   * implemented, which the spec answers with INVALID_PARAM. */
  if ((uint64_t)type >> 32 || type > SBI_SRST_TYPE_WARM_REBOOT) return FW_EINVAL;
  if (reason != SBI_SRST_REASON_NONE && reason != SBI_SRST_REASON_SYSTEM_FAILURE) return FW_EINVAL;
  if (!reset_available()) return FW_ENOTSUP;
  if (type == SBI_SRST_TYPE_SHUTDOWN)
    reset_poweroff(reason == SBI_SRST_REASON_SYSTEM_FAILURE ? RESET_EXIT_SYSTEM_FAILURE : 0);
  test_write(TEST_RESET); /* cold and warm reboot: the device has one reset */
}
