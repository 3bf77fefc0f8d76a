/* A small, read-only flattened device tree (DTB) reader, bounds-checked against the blob's own
 * header. The design named libfdt; Debian ships libfdt only as a host library (libfdt-dev, built
 * for the build machine, with libc), so the firmware carries this reader instead (docs/sbi.md).
 *
 * Nodes are named by their offset in the structure block, as in libfdt. */
#ifndef FW_FDT_H
#define FW_FDT_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/errors.h"

struct fdt {
  const uint8_t *blob;      /* start of the DTB */
  uint32_t rsvmap_off;      /* memory reservation block: offset within the blob */
  uint32_t struct_off;      /* structure block: offset and size within the blob */
  uint32_t struct_size;
  uint32_t strings_off;     /* strings block: offset and size within the blob */
  uint32_t strings_size;
};

/* Checks the header (magic, version >= 16, blocks inside totalsize) and fills `f`. */
int fdt_open(struct fdt *f, const void *blob) FW_MUST_CHECK;

/* Offset of the node after `node` in document order (node < 0: the root), with its depth
 * (root = 0) in *depth; FW_ENOENT at the end, FW_EBADDT for a malformed block. */
int fdt_node_next(const struct fdt *f, int node, int *depth) FW_MUST_CHECK;

/* The node's name (unit address included, e.g. "cpu@0"); "" for the root or a bad offset. */
const char *fdt_node_name(const struct fdt *f, int node);

/* Value of property `name` of `node` and its length in *len, or NULL if absent. */
const void *fdt_prop_get(const struct fdt *f, int node, const char *name, int *len);

/* Big-endian cell i of a property value (the caller checked the length). */
uint32_t fdt_cell(const void *value, int i);

/* Whether the string-list property `name` of `node` contains `s`. */
bool fdt_prop_has_string(const struct fdt *f, int node, const char *name, const char *s);

/* Entry n of the memory reservation block (/memreserve/): FW_OK with *base and *size, or
 * FW_ENOENT past the last one. */
int fdt_mem_rsv(const struct fdt *f, int n, uint64_t *base, uint64_t *size) FW_MUST_CHECK;

/* Node whose phandle is `phandle`, or FW_ENOENT. */
int fdt_node_by_phandle(const struct fdt *f, uint32_t phandle) FW_MUST_CHECK;

#endif
