/* SBI System Suspend (SUSP): SUSPEND_TO_RAM, the one sleep type, for a system whose other
 * harts are all STOPPED. The calling hart waits for an interrupt S mode has enabled (the
 * platform's wake-up sources are the timer and IPIs) and resumes at resume_addr like a
 * non-retentive hart suspend. Platform-specific sleep types: none. */
#ifndef FW_SUSP_H
#define FW_SUSP_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/errors.h"

bool susp_available(void);

/* sbi_system_suspend: returns only on failure. `sleep_type` is 32 bits wide. */
int susp_system_suspend(uint32_t sleep_type, unsigned long resume_addr, unsigned long opaque) FW_MUST_CHECK;

#endif
