/* Exports of a recorded profile to the viewers people already use. Each returns 0, or -1 with
 * a one-line message. */
#ifndef RVPMU_TOOLS_PROF_EXPORT_H
#define RVPMU_TOOLS_PROF_EXPORT_H

#include <stddef.h>

#include "tools/prof_model.h"

/* Callgrind format (callgrind_annotate, KCachegrind): one cost column per event, fn=/fl= and
 * line costs, calls= arcs with their inclusive costs; the summary is the recorded totals. */
int prof_export_callgrind(struct prof_model *m, const char *path, char *err, size_t errlen);
/* Folded stacks of event e, root first, one "a;b;c count" line per distinct stack. */
int prof_export_folded(struct prof_model *m, unsigned e, const char *path, char *err, size_t errlen);
/* A flame graph of event e: a self-contained SVG, each frame's name and count on hover. */
int prof_export_flamegraph(struct prof_model *m, unsigned e, const char *path, char *err, size_t errlen);

#endif
