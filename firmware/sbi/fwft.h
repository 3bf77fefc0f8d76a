/* SBI Firmware Features (FWFT): per-hart features S mode may switch, here misaligned
 * exception delegation (medeleg bits 4 and 6) and hardware updating of PTE A/D bits (Svadu's
 * menvcfg.ADUE, where the hart can switch it). Every other defined feature is NOT_SUPPORTED;
 * reserved and platform-specific ids are DENIED. All features are local (per hart). */
#ifndef FW_FWFT_H
#define FW_FWFT_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/errors.h"

/* Hart reset (warm boot, hart_start after hart_stop): probes what this hart can switch,
 * puts every feature at its reset value (0) and unlocks it. Not called on resume from a
 * non-retentive suspend, which keeps the values. */
void fwft_hart_reset(void);

/* sbi_fwft_set / sbi_fwft_get on the calling hart. `feature` is 32 bits wide. */
int fwft_set(uint32_t feature, unsigned long value, unsigned long flags) FW_MUST_CHECK;
int fwft_get(uint32_t feature, unsigned long *value) FW_MUST_CHECK;

#endif
