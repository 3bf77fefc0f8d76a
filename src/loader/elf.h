/* ELF32/ELF64 RISC-V executable loader with symbol lookup. Every offset and size read from the
 * file is checked against the file before use; errors say what is wrong. */
#ifndef RVPMU_LOADER_ELF_H
#define RVPMU_LOADER_ELF_H

#include <stddef.h>
#include <stdint.h>

struct bus;

struct elf_symbol {
  char *name;
  uint64_t addr, size;
  int is_function;
};

struct elf_image {
  unsigned xlen;             /* 32 or 64, from the ELF class */
  uint64_t entry;
  uint64_t load_end;         /* end of the highest loadable segment (physical address) */
  struct elf_symbol *symbols;/* from .symtab, sorted by address */
  size_t num_symbols;
};

/* Parses `data` (the whole file, `size` bytes): header, program and section headers, symbols.
 * Returns 0, or -1 with a message. */
int elf_parse(const uint8_t *data, size_t size, struct elf_image *img, char *err, size_t errlen)
    __attribute__((warn_unused_result));

/* Copies the PT_LOAD segments of a parsed file into RAM (zero-filling .bss); every segment
 * must lie inside RAM. */
int elf_load_segments(const uint8_t *data, size_t size, struct bus *bus, char *err, size_t errlen)
    __attribute__((warn_unused_result));

/* Address of symbol `name`, or 0. */
uint64_t elf_symbol_addr(const struct elf_image *img, const char *name);

void elf_image_free(struct elf_image *img);

/* Reads a whole file into memory (max 1 GiB). Returns NULL with a message. */
uint8_t *elf_read_file(const char *path, size_t *size, char *err, size_t errlen);

#endif
