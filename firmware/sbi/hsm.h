/* Hart state management (SBI HSM, chapter 9): which harts run S-mode code, starting and
 * stopping them, and suspending the calling hart. */
#ifndef FW_HSM_H
#define FW_HSM_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/errors.h"

/* Cold boot: every hart of the machine is STOPPED except `boot_hart`, which is STARTED. */
void hsm_init(unsigned long boot_hart);

int hsm_hart_start(unsigned long hartid, unsigned long addr, unsigned long arg) FW_MUST_CHECK;
/* Stops the calling hart; returns only on failure. */
int hsm_hart_stop(void) FW_MUST_CHECK;
int hsm_hart_get_status(unsigned long hartid, unsigned long *state) FW_MUST_CHECK;
/* suspend_type is 32 bits wide (the shim passes the low 32 bits of a0). */
int hsm_hart_suspend(uint32_t type, unsigned long addr, unsigned long arg) FW_MUST_CHECK;

/* Whether `addr` may be an S-mode start or resume address. */
bool hsm_resume_addr_valid(unsigned long addr);

/* Whether every hart but the caller is STOPPED. */
bool hsm_only_caller_running(void);

/* Whether the hart can take an IPI now (started or suspended): requests to stopped harts are
 * dropped, because a stopped hart has no S-mode context that could see them. */
bool hsm_hart_interruptible(unsigned long hartid);

/* A stopped hart's loop: waits in WFI (serving IPIs) until hart_start, then enters S mode. */
__attribute__((noreturn)) void hsm_wait_for_start(void);

#endif
