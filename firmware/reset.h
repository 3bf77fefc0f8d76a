/* Power-off and reboot through the SiFive test device (sifive,test0), as on QEMU virt and
 * rvpmu's virt platform. */
#ifndef FW_RESET_H
#define FW_RESET_H

#include <stdbool.h>

#include "errors.h"

/* Exit codes the test device reports (rvpmu's and QEMU's exit status). */
#define RESET_EXIT_SYSTEM_FAILURE 1 /* SRST shutdown with reason SYSTEM_FAILURE */
#define RESET_EXIT_PANIC 3          /* the firmware itself gave up (fw_panic) */

bool reset_available(void);

/* SBI SRST system_reset: checks type and reason (FW_EINVAL), then does not return. */
int reset_system(unsigned long type, unsigned long reason) FW_MUST_CHECK;

/* Powers off with exit status `code` (0: pass). */
__attribute__((noreturn)) void reset_poweroff(unsigned code);

#endif
