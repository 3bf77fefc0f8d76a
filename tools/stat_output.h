/* rvpmu stat's outputs: perf's table, perf's CSV (-x) and JSON, with the derived metrics perf
 * prints beside its events, per hart (-A) and with the noise of -r runs. */
#ifndef RVPMU_TOOLS_STAT_OUTPUT_H
#define RVPMU_TOOLS_STAT_OUTPUT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "tools/commands.h"

#define STAT_MAX_EVENTS 32
#define STAT_MAX_HARTS 8 /* --harts 1..8 */

struct stat_event {
  char name[64];         /* as the user named it, modifiers included */
  const char *canon;     /* what it counts, in the simulator's names (rvpmu_event_canonical) */
  const char *modifiers; /* the ":u"-style suffix within name, or "" */
  uint64_t count;        /* all harts (the mean of -r runs) */
  uint64_t hart[STAT_MAX_HARTS];
  double sum, sumsq;     /* of the all-harts counts over the runs, for the noise */
};

struct stat_report {
  const char *program;
  struct rvpmu_machine *m;
  FILE *out;
  struct stat_event *ev;
  int n;
  double sim_s, host_s; /* means over the runs */
  double sim_sum, sim_sumsq, host_sum, host_sumsq;
  uint64_t insns;
  int status;
  const char *sep; /* -x SEP, or NULL */
  unsigned runs;   /* -r N */
  bool per_hart;   /* -A */
};

void stat_print_table(FILE *f, const struct stat_report *r);
void stat_print_csv(FILE *f, const struct stat_report *r, const char *lead);
void stat_print_json(FILE *f, const struct stat_report *r);
/* One -I interval's rows (counts of each event within it, all harts), perf's way. */
void stat_print_interval(FILE *f, const struct stat_report *r, double time_s, double length_s,
                         const uint64_t *counts);
/* perf's noise of -r runs: the standard error of the mean as a percentage of the mean. */
double stat_noise_percent(double sum, double sumsq, unsigned runs);

#endif
