/* SBI System Reset (chapter 10): which reset types and reasons this firmware implements, on
 * the platform's reset device (platform/reset.h). */
#ifndef FW_SRST_H
#define FW_SRST_H

#include <stdbool.h>

#include "lib/errors.h"

bool srst_available(void);

/* system_reset: checks type and reason (FW_EINVAL), then does not return. */
int srst_system_reset(unsigned long type, unsigned long reason) FW_MUST_CHECK;

#endif
