/* rvpmu stat -I: the run advances one interval of simulated time at a time through
 * rvpmu_machine_run_until_cycles, which stops where the dispatch loop already checks its
 * budget (design.md decision 3): sampling costs nothing per instruction or block. */
#include "tools/stat_interval.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/plot.h"

static volatile sig_atomic_t interrupted;
static void on_sigint(int sig) {
  (void)sig;
  interrupted = 1;
}

/* Each event's count so far, summed over the harts. */
static void totals(struct rvpmu_machine *m, const char *const *events, int n, uint64_t *out) {
  for (int i = 0; i < n; i++) {
    out[i] = 0;
    for (unsigned h = 0; h < rvpmu_machine_harts(m); h++) {
      uint64_t v = 0;
      if (rvpmu_event_total(m, h, events[i], &v) == 0) out[i] += v;
    }
  }
}

/* The rows kept for the plot: times (ms) and, per event, its counts (series-major once drawn). */
struct samples {
  int n, cap;
  double *time_ms;
  double *counts; /* n rows of nevents counts */
};

/* Keeps one interval as counts per `interval_ms` (its own length can differ by a few cycles,
 * and the last one is shorter), so that every point matches the axis' "count per MS". */
static void keep(struct samples *s, int nevents, double time_ms, double length_ms, double interval_ms,
                 const uint64_t *delta) {
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 256;
    s->time_ms = realloc(s->time_ms, sizeof *s->time_ms * (size_t)s->cap);
    s->counts = realloc(s->counts, sizeof *s->counts * (size_t)s->cap * (size_t)nevents);
    if (!s->time_ms || !s->counts) abort();
  }
  s->time_ms[s->n] = time_ms;
  double scale = length_ms > 0 ? interval_ms / length_ms : 1.0;
  for (int e = 0; e < nevents; e++) s->counts[(size_t)s->n * (size_t)nevents + (size_t)e] = (double)delta[e] * scale;
  s->n++;
}

/* One panel per event: its count per interval against simulated time. */
static int draw(const char *path, const struct samples *s, const char *const *events, int nevents, double interval_ms,
                double clock_mhz) {
  struct plot_chart *charts = calloc((size_t)nevents, sizeof *charts);
  double *values = malloc(sizeof *values * (size_t)(s->n ? s->n : 1) * (size_t)nevents);
  char xlabel[96], ylabel[96];
  snprintf(xlabel, sizeof xlabel, "simulated time (ms, core clock %.0f MHz)", clock_mhz);
  snprintf(ylabel, sizeof ylabel, "count per %g ms", interval_ms);
  for (int e = 0; e < nevents; e++) {
    for (int p = 0; p < s->n; p++) values[(size_t)e * (size_t)s->n + (size_t)p] = s->counts[(size_t)p * (size_t)nevents + (size_t)e];
    charts[e] = (struct plot_chart){.kind = PLOT_LINES, .title = events[e], .xlabel = xlabel, .ylabel = ylabel,
                                    .npoints = s->n, .x = s->time_ms, .nseries = 1, .series = &events[e],
                                    .values = values + (size_t)e * (size_t)s->n, .x_from_zero = true,
                                    .first_colour = e};
  }
  int rc = plot_write(path, charts, nevents, 960, 60 + 240 * nevents);
  free(values);
  free(charts);
  return rc;
}

int stat_interval_run(struct rvpmu_machine *m, double interval_ms, const char *const *events, int nevents,
                      stat_interval_row_fn *row, void *ctx, const char *plot_path, double *host_seconds) {
  double hz = (double)rvpmu_machine_clock_hz(m);
  uint64_t step = (uint64_t)(interval_ms * 1e-3 * hz + 0.5);
  if (step == 0) step = 1;
  uint64_t *prev = calloc((size_t)nevents, sizeof *prev), *now = calloc((size_t)nevents, sizeof *now),
           *delta = calloc((size_t)nevents, sizeof *delta);
  struct samples kept = {0};
  struct sigaction sa = {.sa_handler = on_sigint}, old;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &old);
  double start = host_now_seconds(), last_s = 0;
  enum rvpmu_stop stop = RVPMU_RUNNING;
  uint64_t next = step;
  while (stop == RVPMU_RUNNING && !interrupted) {
    stop = rvpmu_machine_run_until_cycles(m, next);
    uint64_t clock = rvpmu_machine_cycles(m);
    totals(m, events, nevents, now);
    for (int e = 0; e < nevents; e++) delta[e] = now[e] - prev[e];
    memcpy(prev, now, sizeof *now * (size_t)nevents);
    double t = (double)clock / hz;
    row(ctx, t, t - last_s, delta);
    if (plot_path) keep(&kept, nevents, t * 1e3, (t - last_s) * 1e3, interval_ms, delta);
    last_s = t;
    while (next <= clock) next += step; /* a WFI may have slept over several intervals */
  }
  *host_seconds = host_now_seconds() - start;
  sigaction(SIGINT, &old, NULL);
  int status = interrupted ? 130 : exit_status_of(m, stop);
  if (interrupted) fprintf(stderr, "rvpmu: interrupted\n");
  if (plot_path && draw(plot_path, &kept, events, nevents, interval_ms, hz / 1e6) < 0 && status == 0)
    status = EXIT_USAGE;
  free(kept.time_ms);
  free(kept.counts);
  free(prev);
  free(now);
  free(delta);
  return status;
}
