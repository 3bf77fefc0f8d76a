/* rvpmu stat -I: runs a program in steps of simulated time and reports each step's counts. */
#ifndef RVPMU_TOOLS_STAT_INTERVAL_H
#define RVPMU_TOOLS_STAT_INTERVAL_H

#include <stdint.h>

#include "tools/commands.h"

/* Called once per interval with the simulated time at its end (seconds), its length (seconds)
 * and the count of each event within it (deltas, in the order of `events`). */
typedef void stat_interval_row_fn(void *ctx, double time_s, double length_s, const uint64_t *counts);

/* Runs `m` to the end in intervals of `interval_ms` milliseconds of simulated time at the
 * core's clock, calling `row` after each (the last one may be shorter). The rows' counts add
 * up to the run's totals exactly. With `plot_path` (.svg or .png) also draws each event over
 * time. Returns rvpmu's exit status, as run_to_end does. */
int stat_interval_run(struct rvpmu_machine *m, double interval_ms, const char *const *events, int nevents,
                      stat_interval_row_fn *row, void *ctx, const char *plot_path, double *host_seconds);

#endif
