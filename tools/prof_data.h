/* Reading a profile data file (src/prof/prof_format.h) into memory, checked whole: a file that
 * is truncated, corrupted or not a profile gives one error message, never a crash. */
#ifndef RVPMU_TOOLS_PROF_DATA_H
#define RVPMU_TOOLS_PROF_DATA_H

#include <stddef.h>
#include <stdint.h>

struct prof_data_node {
  uint32_t parent; /* PROF_NO_PARENT for a root */
  uint8_t hart, kind;
  uint64_t callsite, target, calls;
};

struct prof_data_self {
  uint32_t node;
  uint8_t priv;
  uint64_t pc;
  const int64_t *count; /* [nev] */
};

struct prof_data {
  unsigned nev, harts;
  char **events;          /* [nev] names as recorded */
  uint64_t *totals;       /* [harts][nev] */
  struct prof_data_node *nodes;
  size_t num_nodes;
  struct prof_data_self *self;
  size_t num_self;
  int64_t *counts;        /* storage of self[].count */
  char *meta;             /* "key=value\n" lines */
};

/* Reads `path`; 0, or -1 with a one-line message in err. */
int prof_data_read(const char *path, struct prof_data *d, char *err, size_t errlen);
/* Parses a file already in memory (the fuzz harness's entry point). */
int prof_data_parse(const uint8_t *buf, size_t len, struct prof_data *d, char *err, size_t errlen);
void prof_data_free(struct prof_data *d);

/* Keeps only what hart `hart` counted (its contexts, records and totals); -1 if there is no
 * such hart, -2 when out of memory. */
int prof_data_only_hart(struct prof_data *d, unsigned hart);

/* FNV-1a (64-bit) of a file's bytes into *sum; -1 if it cannot be read. Recorded for each ELF
 * file, so that report can tell when a program changed after recording. */
int prof_file_fnv(const char *path, uint64_t *sum);

/* The value of `key` in the header into buf ("" if absent); returns buf. */
const char *prof_data_meta(const struct prof_data *d, const char *key, char *buf, size_t len);
/* Index of event `name` (as recorded), or -1. */
int prof_data_event(const struct prof_data *d, const char *name);
/* Sum of event e over all harts. */
uint64_t prof_data_total(const struct prof_data *d, unsigned e);

#endif
