/* The trapped context's floating-point registers by number, for emulating FLW/FLD/FSW/FSD
 * (and their compressed forms). The firmware is built without F and D; these few functions
 * use them through `.option arch, +d`. They are only called for an instruction the hart has
 * just trapped on as misaligned, so the hart implements it and mstatus.FS is not Off. */
#ifndef FW_FPREG_H
#define FW_FPREG_H

#include <stdint.h>

/* f[reg] = the `size` (4 or 8) bytes at `buf` (8-byte aligned), as FLW/FLD would load them
 * (FLW NaN-boxes on a hart with D). */
void fpreg_load(unsigned reg, unsigned size, const uint64_t *buf);

/* The `size` (4 or 8) bytes FSW/FSD would store from f[reg], into `buf`. */
void fpreg_store(unsigned reg, unsigned size, uint64_t *buf);

#endif
