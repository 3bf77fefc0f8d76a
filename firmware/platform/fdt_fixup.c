/* /memreserve/ fix-up (see fdt_fixup.h). */
#include "platform/fdt_fixup.h"

#include "lib/fdt.h"
#include "lib/lib.h"

#define HDR_TOTALSIZE 1
#define HDR_OFF_STRUCT 2
#define HDR_OFF_STRINGS 3
#define HDR_OFF_RSVMAP 4

static void cell_write(void *p, uint32_t v) {
  uint8_t *b = p;
  b[0] = (uint8_t)(v >> 24), b[1] = (uint8_t)(v >> 16), b[2] = (uint8_t)(v >> 8), b[3] = (uint8_t)v;
}

int fdt_fixup_reserve(void *blob, uint64_t limit, uint64_t base, uint64_t size) {
  struct fdt f;
  if (fdt_open(&f, blob) < 0) return FW_EBADDT;
  uint8_t *b = blob;
  uint32_t total = fdt_cell(b, HDR_TOTALSIZE), rsv = fdt_cell(b, HDR_OFF_RSVMAP);
  uint32_t off_struct = fdt_cell(b, HDR_OFF_STRUCT), off_strings = fdt_cell(b, HDR_OFF_STRINGS);
  /* The usual layout, header - reservations - structure - strings, is the one handled. */
  if (off_struct < rsv || off_strings < rsv) return FW_EBADDT;
  if ((uintptr_t)b + total + 16 > limit) return FW_ENOENT;
  memmove(b + rsv + 16, b + rsv, total - rsv);
  cell_write(b + rsv, (uint32_t)(base >> 32));
  cell_write(b + rsv + 4, (uint32_t)base);
  cell_write(b + rsv + 8, (uint32_t)(size >> 32));
  cell_write(b + rsv + 12, (uint32_t)size);
  cell_write(b + 4 * HDR_OFF_STRUCT, off_struct + 16);
  cell_write(b + 4 * HDR_OFF_STRINGS, off_strings + 16);
  cell_write(b + 4 * HDR_TOTALSIZE, total + 16);
  return FW_OK;
}
