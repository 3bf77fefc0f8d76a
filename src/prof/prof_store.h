/* What the profiler keeps for the whole machine (shared by the harts' sinks and the writer). */
#ifndef RVPMU_PROF_PROF_STORE_H
#define RVPMU_PROF_PROF_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "prof/prof.h"

/* A chained hash table of entries whose first member is their hash_next pointer. */
struct prof_table {
  void **b;
  size_t nb, n;
};

/* Counts charged to one instruction (pc, mode) in one context: dynamic events as they happen,
 * the static ones of its block records when the file is written. Signed: an entry correction
 * (isa/block.c) can take back static cycles of a block's first instructions. */
struct prof_self {
  struct prof_self *hash_next;
  const struct prof_node *node;
  uint64_t pc;
  unsigned priv;
  int64_t count[]; /* [nev] */
};

struct prof {
  struct machine *machine;
  unsigned nev;
  uint8_t ev[PROF_MAX_EVENTS];
  char names[PROF_MAX_EVENTS][64]; /* as the user named them */
  bool latency[PROF_MAX_EVENTS];   /* NAME:latency, a sum of latencies */
  struct prof_node **nodes;        /* by id: parents before children */
  size_t num_nodes, cap_nodes;
  struct prof_table node_table, brec_table, self_table;
  uint64_t *fn_ranges; /* [2 * n_fn]: sorted, disjoint [start, end) of the functions */
  size_t n_fn;
  unsigned max_depth;  /* --call-depth: levels below a root (0: no limit) */
};

/* The function the pc is in, for folding: its start, or the pc itself outside every range. */
uint64_t prof_fn_key(const struct prof *p, uint64_t pc);

struct prof_self *prof_self_at(struct prof *p, const struct prof_node *node, uint64_t pc, unsigned priv);

#endif
