/* Changes the firmware makes to the device tree before S mode gets it. */
#ifndef FW_FDT_FIXUP_H
#define FW_FDT_FIXUP_H

#include <stdint.h>

#include "lib/errors.h"

/* Adds [base, base + size) to the blob's memory reservation block (/memreserve/), which an OS
 * must not use (Devicetree Specification 5.3; Linux reserves each entry in memblock), so that
 * S mode never allocates the memory PMP closes to it. The blob grows by 16 bytes in place:
 * rvpmu and QEMU both put the packed blob at the start of free memory (rvpmu: a 64 KiB window
 * at the top of RAM; QEMU: 2 MiB-aligned below the top), and `limit` is the end of that RAM
 * region, which the grown blob must not pass. FW_OK, or FW_EBADDT / FW_ENOENT (no room) with
 * the blob unchanged. */
int fdt_fixup_reserve(void *blob, uint64_t limit, uint64_t base, uint64_t size) FW_MUST_CHECK;

#endif
