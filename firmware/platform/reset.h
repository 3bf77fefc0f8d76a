/* Power-off and reboot through the SiFive test device (sifive,test0), as on QEMU virt and
 * rvpmu's virt platform, and the firmware's own way out when it gives up (fw_panic). */
#ifndef FW_RESET_H
#define FW_RESET_H

#include <stdbool.h>

#include "hart/hart.h"

/* Exit codes the test device reports (rvpmu's and QEMU's exit status). */
#define RESET_EXIT_SYSTEM_FAILURE 1 /* SRST shutdown with reason SYSTEM_FAILURE */
#define RESET_EXIT_PANIC 3          /* the firmware itself gave up (fw_panic) */

bool reset_available(void);

/* Powers off with exit status `code` (0: pass). */
__attribute__((noreturn)) void reset_poweroff(unsigned code);

/* Resets the machine (QEMU reboots; rvpmu ends the run with status 0). */
__attribute__((noreturn)) void reset_reboot(void);

/* Prints `why` and the frame (if any) and powers off with exit code 3. */
__attribute__((noreturn)) void fw_panic(const char *why, const struct trap_frame *tf);

#endif
