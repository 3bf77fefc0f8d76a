/* SBI System Reset: cold and warm reboot through the SiFive test device (0x7777). rvpmu ends
 * the run with status 0 at the first reboot (its test device treats reset as the end); QEMU
 * resets the machine, the firmware and this payload boot again, and a marker in RAM that the
 * images do not cover (QEMU keeps RAM across a reset) says how far the test got: cold reboot,
 * then warm reboot, then PASS.
 * run: qemu=yes harts=1,4 nopass expect="srst_reboot: cold reboot" */
#include "test.h"

#define MARKER_OFFSET 0x4000000 /* 64 MiB into RAM: far from firmware, payload and device tree */
#define MAGIC 0x5253540000000000ULL /* "RST" << 40, plus the stage */

int main(void) {
  CHECK(machine.ram_size >= MARKER_OFFSET + 8); /* the marker is in RAM */
  volatile uint64_t *marker = (volatile uint64_t *)(unsigned long)(machine.ram_base + MARKER_OFFSET);
  uint64_t stage = (*marker & ~0xffULL) == MAGIC ? *marker & 0xff : 0;
  if (stage == 0) {
    *marker = MAGIC | 1;
    tputs("srst_reboot: cold reboot\n");
    sbi_system_reset(SBI_SRST_TYPE_COLD_REBOOT, SBI_SRST_REASON_NONE);
  } else if (stage == 1) {
    *marker = MAGIC | 2;
    tputs("srst_reboot: warm reboot\n");
    sbi_system_reset(SBI_SRST_TYPE_WARM_REBOOT, SBI_SRST_REASON_SYSTEM_FAILURE);
  } else {
    *marker = 0;
    tputs("srst_reboot: booted three times\n");
    return 0;
  }
  tputs("srst_reboot: system_reset returned\n");
  return 1;
}
