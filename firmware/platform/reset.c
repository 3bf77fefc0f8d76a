/* SiFive test device: 0x5555 powers off with status 0, code << 16 | 0x3333 with `code`,
 * 0x7777 resets the machine (QEMU reboots; rvpmu ends the run with status 0). */
#include "platform/reset.h"

#include <stdint.h>

#include "platform/console.h"
#include "platform/platform.h"

#define TEST_PASS 0x5555u
#define TEST_FAIL 0x3333u
#define TEST_RESET 0x7777u

bool reset_available(void) { return platform.test != 0; }

static __attribute__((noreturn)) void test_write(uint32_t v) {
  if (platform.test) *(volatile uint32_t *)platform.test = v;
  for (;;) __asm__ volatile("wfi");
}

void reset_poweroff(unsigned code) { test_write(code ? (code << 16) | TEST_FAIL : TEST_PASS); }

void reset_reboot(void) { test_write(TEST_RESET); }

void fw_panic(const char *why, const struct trap_frame *tf) {
  fw_printf("rvpmu-fw: panic on hart %lu: %s\n", csr_read(CSR_MHARTID), why);
  fw_printf("  mcause %lx mepc %lx mtval %lx\n", csr_read(CSR_MCAUSE), csr_read(CSR_MEPC), csr_read(CSR_MTVAL));
  if (tf) {
    fw_printf("  frame mepc %lx mstatus %lx ra %lx sp %lx\n", tf->mepc, tf->mstatus, tf->regs[1], tf->regs[2]);
  }
  reset_poweroff(RESET_EXIT_PANIC);
}
