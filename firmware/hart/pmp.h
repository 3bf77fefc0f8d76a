/* Physical memory protection for the firmware's own memory, as OpenSBI sets it up: the first
 * PMP entry denies S and U mode every access to the firmware image, the last implemented one
 * allows them everything else (when PMP is implemented, an S/U access no entry matches fails,
 * privileged spec 3.7.1). M mode is not bound (no L bit). */
#ifndef FW_PMP_H
#define FW_PMP_H

#include <stdint.h>

/* PMP entries this hart implements: 0, 16 or 64 (the spec allows only those, lowest-numbered
 * first), found by writing pmpaddr63, pmpaddr15 and pmpaddr0 guarded and reading them back. */
unsigned pmp_entries(void);

/* Closes [base, base + size) (a naturally aligned power of two, at least 8 bytes) to S and U,
 * opens the rest. Does nothing on a hart without PMP. Returns the number of entries. */
unsigned pmp_protect(uintptr_t base, uintptr_t size);

#endif
