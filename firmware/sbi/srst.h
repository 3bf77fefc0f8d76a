/* SBI System Reset (chapter 10): which reset types and reasons this firmware implements, on
 * the platform's reset device (platform/reset.h). */
#ifndef FW_SRST_H
#define FW_SRST_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/errors.h"

bool srst_available(void);

/* system_reset: checks type and reason (FW_EINVAL), then does not return. Both are 32 bits
 * wide (the shim passes the low 32 bits of a0 and a1). */
int srst_system_reset(uint32_t type, uint32_t reason) FW_MUST_CHECK;

#endif
