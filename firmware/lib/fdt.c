/* Flattened device tree reader (Devicetree Specification v0.4, chapter 5). Every offset read
 * from the blob is checked against the structure or strings block before use, because the blob
 * comes from outside the firmware. */
#include "lib/fdt.h"

#include "lib/lib.h"

#define FDT_MAGIC 0xd00dfeedu
#define FDT_BEGIN_NODE 1u
#define FDT_END_NODE 2u
#define FDT_PROP 3u
#define FDT_NOP 4u
#define FDT_END 9u

uint32_t fdt_cell(const void *value, int i) {
  const uint8_t *p = (const uint8_t *)value + 4 * i;
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

int fdt_open(struct fdt *f, const void *blob) {
  if (!blob || ((uintptr_t)blob & 3)) return FW_EBADDT;
  if (fdt_cell(blob, 0) != FDT_MAGIC) return FW_EBADDT;
  uint32_t total = fdt_cell(blob, 1), off_struct = fdt_cell(blob, 2), off_strings = fdt_cell(blob, 3);
  uint32_t version = fdt_cell(blob, 5), size_strings = fdt_cell(blob, 8), size_struct = fdt_cell(blob, 9);
  uint32_t off_rsvmap = fdt_cell(blob, 4);
  if (version < 16 || total < 40) return FW_EBADDT;
  if (off_struct > total || size_struct > total - off_struct || (off_struct & 3)) return FW_EBADDT;
  if (off_strings > total || size_strings > total - off_strings) return FW_EBADDT;
  if (off_rsvmap < 40 || off_rsvmap > total || (off_rsvmap & 7)) return FW_EBADDT;
  f->blob = blob;
  f->rsvmap_off = off_rsvmap;
  f->struct_off = off_struct;
  f->struct_size = size_struct;
  f->strings_off = off_strings;
  f->strings_size = size_strings;
  return FW_OK;
}

int fdt_mem_rsv(const struct fdt *f, int n, uint64_t *base, uint64_t *size) {
  uint32_t total = fdt_cell(f->blob, 1);
  for (int i = 0;; i++) {
    uint32_t off = f->rsvmap_off + 16 * (uint32_t)i;
    if (off > total || total - off < 16) return FW_ENOENT; /* no terminating entry */
    const uint8_t *e = f->blob + off;
    uint64_t b = (uint64_t)fdt_cell(e, 0) << 32 | fdt_cell(e, 1), s = (uint64_t)fdt_cell(e, 2) << 32 | fdt_cell(e, 3);
    if (!b && !s) return FW_ENOENT;
    if (i == n) {
      *base = b;
      *size = s;
      return FW_OK;
    }
  }
}

/* Token at structure offset `off`, or FDT_END past the block. */
static uint32_t token_at(const struct fdt *f, uint32_t off) {
  if (off > f->struct_size || f->struct_size - off < 4) return FDT_END;
  return fdt_cell(f->blob + f->struct_off + off, 0);
}

/* Length of the NUL-terminated string at structure offset `off` including the NUL, or 0 if it
 * runs off the block. */
static uint32_t struct_string_len(const struct fdt *f, uint32_t off) {
  const char *s = (const char *)f->blob + f->struct_off;
  for (uint32_t i = off; i < f->struct_size; i++)
    if (s[i] == '\0') return i - off + 1;
  return 0;
}

static uint32_t align4(uint32_t v) { return (v + 3) & ~3u; }

/* Offset of the token after the one at `off`; 0 for FDT_END or a malformed token. */
static uint32_t token_skip(const struct fdt *f, uint32_t off) {
  switch (token_at(f, off)) {
    case FDT_BEGIN_NODE: {
      uint32_t n = struct_string_len(f, off + 4);
      return n ? off + 4 + align4(n) : 0;
    }
    case FDT_PROP: {
      if (f->struct_size - off < 12) return 0;
      uint32_t len = fdt_cell(f->blob + f->struct_off + off, 1);
      if (len > f->struct_size - off - 12) return 0;
      return off + 12 + align4(len);
    }
    case FDT_END_NODE:
    case FDT_NOP:
      return off + 4;
    default:
      return 0;
  }
}

int fdt_node_next(const struct fdt *f, int node, int *depth) {
  uint32_t off;
  int d;
  if (node < 0) {
    off = 0; /* the root is the first token */
    d = -1;
  } else {
    off = token_skip(f, (uint32_t)node);
    d = *depth;
    if (!off) return FW_EBADDT;
  }
  for (;;) {
    uint32_t tok = token_at(f, off);
    if (tok == FDT_BEGIN_NODE) {
      *depth = d + 1;
      return (int)off;
    }
    if (tok == FDT_END_NODE) {
      if (--d < -1) return FW_EBADDT;
    } else if (tok == FDT_END) {
      return FW_ENOENT;
    }
    uint32_t next = token_skip(f, off);
    if (!next) return FW_EBADDT;
    off = next;
  }
}

const char *fdt_node_name(const struct fdt *f, int node) {
  if (node < 0 || token_at(f, (uint32_t)node) != FDT_BEGIN_NODE || !struct_string_len(f, (uint32_t)node + 4)) return "";
  return (const char *)f->blob + f->struct_off + node + 4;
}

/* Name of a property from its strings-block offset, or NULL if out of bounds. */
static const char *prop_name(const struct fdt *f, uint32_t nameoff) {
  const char *s = (const char *)f->blob + f->strings_off;
  for (uint32_t i = nameoff; i < f->strings_size; i++)
    if (s[i] == '\0') return s + nameoff;
  return NULL;
}

const void *fdt_prop_get(const struct fdt *f, int node, const char *name, int *len) {
  if (node < 0 || token_at(f, (uint32_t)node) != FDT_BEGIN_NODE) return NULL;
  uint32_t off = token_skip(f, (uint32_t)node);
  /* Properties come first in a node, before any child (spec 5.4.1); NOPs may sit between. */
  while (off) {
    uint32_t tok = token_at(f, off);
    if (tok == FDT_PROP) {
      const uint8_t *p = f->blob + f->struct_off + off;
      uint32_t plen = fdt_cell(p, 1);
      const char *pname = prop_name(f, fdt_cell(p, 2));
      uint32_t next = token_skip(f, off);
      if (!next) return NULL;
      if (pname && !strcmp(pname, name)) {
        *len = (int)plen;
        return p + 12;
      }
      off = next;
    } else if (tok == FDT_NOP) {
      off += 4;
    } else {
      return NULL;
    }
  }
  return NULL;
}

bool fdt_prop_has_string(const struct fdt *f, int node, const char *name, const char *s) {
  int len;
  const char *v = fdt_prop_get(f, node, name, &len);
  if (!v) return false;
  size_t slen = strlen(s);
  for (int i = 0; i < len;) {
    int n = 0;
    while (i + n < len && v[i + n]) n++;
    if (i + n == len) return false; /* the last string must be terminated */
    if ((size_t)n == slen && !memcmp(v + i, s, slen)) return true;
    i += n + 1;
  }
  return false;
}

int fdt_node_by_phandle(const struct fdt *f, uint32_t phandle) {
  int depth = 0, len;
  for (int node = fdt_node_next(f, -1, &depth); node >= 0; node = fdt_node_next(f, node, &depth)) {
    const void *v = fdt_prop_get(f, node, "phandle", &len);
    if (v && len == 4 && fdt_cell(v, 0) == phandle) return node;
  }
  return FW_ENOENT;
}
