/* Symbols and source lines of the ELF files a profile ran (the program, the firmware, the
 * payload, extra ones such as a Linux vmlinux), through elfutils' libdwfl: the symbol tables
 * and the DWARF line tables, no hand-written parser. */
#ifndef RVPMU_TOOLS_PROF_SYMBOLS_H
#define RVPMU_TOOLS_PROF_SYMBOLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct prof_symbols;

struct prof_sym {
  const char *name; /* NULL: no symbol covers the address */
  uint64_t start;   /* the symbol's address (as the program ran it, bias applied) */
  uint64_t size;
  const char *file; /* source file and line of the address, or NULL / 0 */
  int line;
};

struct prof_symbols *prof_symbols_new(void);
void prof_symbols_free(struct prof_symbols *s);
/* Adds an ELF file; with has_at, its lowest section of code is taken to be at `at` (a kernel
 * run at another address than its link address). Files added first win where they overlap.
 * 0, or -1 with a message. */
int prof_symbols_add(struct prof_symbols *s, const char *path, bool has_at, uint64_t at, char *err, size_t errlen);
/* What is known about address pc. */
void prof_symbols_lookup(struct prof_symbols *s, uint64_t pc, struct prof_sym *out);
/* The address ranges prof_symbols_lookup gives one symbol each: *out gets n pairs [start,
 * end) (malloc'd, the caller frees it; NULL when out of memory, then 0). */
size_t prof_symbols_ranges(struct prof_symbols *s, uint64_t **out);
/* The first symbol named `name` (a function): its address and size; false if none. */
bool prof_symbols_find(struct prof_symbols *s, const char *name, uint64_t *start, uint64_t *size);
/* Copies len bytes of the program image at address addr; false if they are not all in a
 * loaded section of one file. */
bool prof_symbols_read(struct prof_symbols *s, uint64_t addr, void *buf, size_t len);

#endif
