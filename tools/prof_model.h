/* A recorded profile with its symbols: the data file, the ELF files it names (program,
 * firmware, payload) and extra ones, and what each pc is (function, source line), looked up
 * once per pc. Shared by rvpmu report, annotate and the exports. */
#ifndef RVPMU_TOOLS_PROF_MODEL_H
#define RVPMU_TOOLS_PROF_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "prof/prof_format.h"
#include "tools/prof_data.h"
#include "tools/prof_symbols.h"

struct prof_pc {
  uint64_t pc;
  const char *symbol; /* "[unknown]" when no symbol covers it */
  uint64_t start;     /* the symbol's address (0 when unknown) */
  const char *file;   /* NULL when unknown */
  int line;           /* 0 when unknown */
};

struct prof_model {
  struct prof_data d;
  struct prof_symbols *syms;
  unsigned xlen;
  struct prof_pc *cache; /* open addressing on pc */
  size_t cache_size, cache_used;
};

/* Opens `path` and the symbol files: `extra` (ELF or ELF@ADDR, first priority), then the
 * program, payload and firmware the file names. 0, or -1 with a one-line message. */
int prof_model_open(struct prof_model *m, const char *path, char *const *extra, unsigned n_extra, char *err,
                    size_t errlen);
void prof_model_close(struct prof_model *m);
const struct prof_pc *prof_model_pc(struct prof_model *m, uint64_t pc);
/* "[M]", "[S]" or "[U]" for a privilege mode. */
const char *prof_mode_mark(unsigned priv);
/* The index of the event to use for --event NAME (NULL: the first), or -1 with a message. */
int prof_model_event(const struct prof_model *m, const char *name, const char *cmd);

#endif
