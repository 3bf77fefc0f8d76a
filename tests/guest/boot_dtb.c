/* Covers: a bare-metal program started without firmware on `virt` gets a0 = hart id and a1 = the address of a flattened device tree, as QEMU's virt machine does (hw/riscv/boot.c): the Devicetree Specification v0.4 5.2 header (magic 0xd00dfeed, version 17, blocks inside totalsize), its first structure token FDT_BEGIN_NODE of the root, and a /cpus node whose cpu@0 says riscv,isa. */
/* qemu: yes */
#include "guest.h"

static uint32_t be32(const void *p) {
  const uint8_t *b = p;
  return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

/* Whether the strings block holds `name` as one of its NUL-terminated strings. */
static int has_string(const char *block, uint32_t size, const char *name) {
  for (uint32_t i = 0; i < size;) {
    const char *s = block + i, *n = name;
    while (*n && *s == *n) s++, n++;
    if (!*n && !*s) return 1;
    while (i < size && block[i]) i++;
    i++;
  }
  return 0;
}

/* Whether the structure block holds a FDT_BEGIN_NODE (1) whose name starts with `prefix`. */
static int has_node(const uint8_t *st, uint32_t size, const char *prefix) {
  for (uint32_t i = 0; i + 4 <= size; i += 4) {
    if (be32(st + i) != 1) continue;
    const char *s = (const char *)st + i + 4, *n = prefix;
    while (*n && *s == *n) s++, n++;
    if (!*n) return 1;
  }
  return 0;
}

int main(void) {
  CHECK_EQ(boot_hartid, 0);
  CHECK(boot_dtb != 0);
  CHECK_EQ(boot_dtb & 7, 0); /* DT spec 5.1: the blob is 8-byte aligned */
  const uint8_t *fdt = (const uint8_t *)boot_dtb;
  CHECK_EQ(be32(fdt + 0), 0xd00dfeed);      /* magic */
  uint32_t total = be32(fdt + 4), off_struct = be32(fdt + 8), off_strings = be32(fdt + 12);
  uint32_t version = be32(fdt + 20), size_strings = be32(fdt + 32), size_struct = be32(fdt + 36);
  CHECK_EQ(version, 17);
  CHECK(total >= 40 && total < (1u << 20));
  CHECK(off_struct + size_struct <= total);
  CHECK(off_strings + size_strings <= total);
  /* The blob lies in RAM (0x80000000 upward), above this program. */
  extern char _end[];
  CHECK(boot_dtb >= (uxlen_t)_end);
  CHECK_EQ(be32(fdt + off_struct), 1); /* FDT_BEGIN_NODE of the root, name "" */
  CHECK_EQ(fdt[off_struct + 4], 0);
  CHECK(has_node(fdt + off_struct, size_struct, "cpus"));
  CHECK(has_node(fdt + off_struct, size_struct, "cpu@0"));
  CHECK(has_node(fdt + off_struct, size_struct, "memory@80000000"));
  CHECK(has_string((const char *)fdt + off_strings, size_strings, "riscv,isa"));
  guest_puts("boot_dtb: DTB at ");
  guest_put_hex(boot_dtb);
  guest_puts("\n");
  return 0;
}
