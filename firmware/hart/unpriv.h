/* Memory accesses on behalf of the trapped S/U context (hart/unpriv.c). */
#ifndef FW_UNPRIV_H
#define FW_UNPRIV_H

#include <stdint.h>

#include "lib/errors.h"

/* Loads and stores with the translation and permissions of privilege `mode` (U or S, from the
 * trapped mstatus.MPP) through mstatus.MPRV; MXR is set for loads so that instruction fetches
 * can be emulated on execute-only pages. On a trap they return FW_ETRAP with its cause. */
int unpriv_load_u8(unsigned long addr, unsigned long mode, uint8_t *out, unsigned long *cause) FW_MUST_CHECK;
int unpriv_load_u16(unsigned long addr, unsigned long mode, uint16_t *out, unsigned long *cause) FW_MUST_CHECK;
int unpriv_store_u8(unsigned long addr, unsigned long mode, uint8_t v, unsigned long *cause) FW_MUST_CHECK;

#endif
