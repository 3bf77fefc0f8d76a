/* A profile grouped into rows: per function, per source line or per instruction, with self
 * counts, inclusive counts (perf's "Children": each instruction counted once per row that is on
 * its call stack, so recursion does not count twice) and call counts. */
#ifndef RVPMU_TOOLS_PROF_VIEW_H
#define RVPMU_TOOLS_PROF_VIEW_H

#include "tools/prof_model.h"

enum prof_sort { SORT_SYMBOL, SORT_LINE, SORT_ADDRESS };

struct prof_row {
  const char *symbol;
  uint64_t start;   /* the symbol's address */
  const char *file; /* NULL: unknown */
  int line;         /* 0: unknown */
  uint64_t address; /* the instruction (SORT_ADDRESS) */
  unsigned modes;   /* bit p: ran in privilege mode p */
  int64_t *self, *incl; /* [nev] */
  uint64_t calls;   /* entries into the row by a call */
};

struct prof_view {
  enum prof_sort sort;
  unsigned nev;
  struct prof_row *rows;
  size_t n, cap;
  /* row of each pc (open addressing) and of each row key */
  uint64_t *pc_keys;
  size_t *pc_rows, pc_size, pc_used;
  size_t *key_rows, key_size;
};

/* Groups m's counts by `sort`. 0, or -1 when out of memory. */
int prof_view_build(struct prof_model *m, enum prof_sort sort, struct prof_view *v);
void prof_view_free(struct prof_view *v);
/* The row of pc (created if new); SIZE_MAX when out of memory. */
size_t prof_view_row(struct prof_model *m, struct prof_view *v, uint64_t pc);
/* Sorts rows by event e, descending (inclusive counts when `children`). */
void prof_view_sort(struct prof_view *v, unsigned e, bool children);

#endif
