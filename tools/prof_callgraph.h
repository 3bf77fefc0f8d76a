/* Call graphs of report rows (rvpmu report -g), as `perf report --stdio -g` prints them: the
 * call chains of each row's self counts, callee first, merged into a tree, with percentages
 * of the event's total. Chains come from the recorded contexts, so recursion shows folded
 * (docs/profiling.md). */
#ifndef RVPMU_TOOLS_PROF_CALLGRAPH_H
#define RVPMU_TOOLS_PROF_CALLGRAPH_H

#include <stdbool.h>
#include <stdio.h>

#include "tools/prof_view.h"

struct prof_cg;

/* The chains of event ev for the rows i of v with want[i]; NULL when out of memory. */
struct prof_cg *prof_cg_build(struct prof_model *m, struct prof_view *v, unsigned ev, const bool *want);
/* Prints row's chains; branches under `limit` percent of `total` are left out. */
void prof_cg_print(FILE *f, const struct prof_cg *cg, size_t row, uint64_t total, double limit);
void prof_cg_free(struct prof_cg *cg);

#endif
