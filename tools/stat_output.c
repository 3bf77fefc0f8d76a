/* rvpmu stat's outputs (see stat_output.h): the counts and the metrics perf derives from them. */
#include "tools/stat_output.h"

#include <math.h>
#include <string.h>

#include "tools/json_out.h"

/* Prints n with thousands separators, right-aligned in `width`. */
static void print_grouped(FILE *f, uint64_t n, int width) {
  char digits[32], out[48];
  int len = snprintf(digits, sizeof digits, "%llu", (unsigned long long)n), k = 0;
  for (int i = 0; i < len; i++) {
    if (i && (len - i) % 3 == 0) out[k++] = ',';
    out[k++] = digits[i];
  }
  out[k] = '\0';
  fprintf(f, "%*s", width, out);
}

/* The first event that counts `canon` in the same modes as `like`, whatever the core calls it
 * (instructions:u pairs with cycles:u, not with cycles). */
static const struct stat_event *find(const struct stat_event *ev, int n, const char *canon,
                                     const struct stat_event *like) {
  for (int i = 0; i < n; i++)
    if (!strcmp(ev[i].canon, canon) && !strcmp(ev[i].modifiers, like->modifiers)) return &ev[i];
  return NULL;
}

/* perf's ratios of an event to a related one it shows beside it: event, base, unit. A unit
 * that starts with '%' is a percentage, printed as perf does: "1.23% of all branches". */
static const struct {
  const char *event, *base, *unit;
} ratios[] = {
    {"instructions", "cycles", "insn per cycle"},
    {"branches-taken", "branches", "% of all branches"},
    {"branches-not-taken", "branches", "% of all branches"},
    {"branch-misses", "branches", "% of all branches"},
    {"dcache-read-misses", "dcache-read-requests", "% of all L1-dcache accesses"},
    {"dcache-write-misses", "dcache-write-requests", "% of all L1-dcache stores"},
    {"icache-misses", "icache-requests", "% of all L1-icache accesses"},
};

/* Stall-cycle events as perf words its stalled-cycles-frontend/-backend: a share of cycles. */
static const struct {
  const char *event, *unit;
} stalls[] = {
    {"cycles-fetch-wait", "% frontend cycles idle"},   {"jump-register-stalls", "% frontend cycles idle"},
    {"cycles-lsu-wait", "% backend cycles idle"},      {"cycles-mul-wait", "% backend cycles idle"},
    {"cycles-div-wait", "% backend cycles idle"},      {"load-use-stalls", "% backend cycles idle"},
    {"stalls-of", "% backend cycles idle"},            {"stalls-ex", "% backend cycles idle"},
    {"stalls-mem", "% backend cycles idle"},           {"cycles-wfi", "% cycles asleep in WFI"},
};

/* The derived metric perf would print beside an event, or 0 if none. `harts`: how many harts'
 * cycles the counts hold (GHz is cycles per hart-second, as perf -a divides by every CPU's
 * time). */
static int metric_for(const struct stat_event *e, const struct stat_event *all, int n, double sim_s, unsigned harts,
                      double *value, const char **unit) {
  for (size_t i = 0; i < sizeof ratios / sizeof *ratios; i++) {
    const struct stat_event *base = find(all, n, ratios[i].base, e);
    if (strcmp(e->canon, ratios[i].event) || !base || !base->count) continue;
    *value = (double)e->count / (double)base->count * (ratios[i].unit[0] == '%' ? 100.0 : 1.0);
    *unit = ratios[i].unit;
    return 1;
  }
  if (!strcmp(e->canon, "cycles")) {
    if (!(sim_s > 0) || !harts) return 0;
    *value = (double)e->count / ((double)harts * sim_s) / 1e9;
    *unit = "GHz";
    return 1;
  }
  const struct stat_event *cycles = find(all, n, "cycles", e);
  for (size_t i = 0; i < sizeof stalls / sizeof *stalls; i++) {
    if (strcmp(e->canon, stalls[i].event)) continue;
    if (!cycles || !cycles->count) return 0;
    *value = 100.0 * (double)e->count / (double)cycles->count;
    *unit = stalls[i].unit;
    return 1;
  }
  const struct stat_event *insns = find(all, n, "instructions", e);
  if (strcmp(e->canon, "none") && strcmp(e->canon, "instructions") && insns && insns->count) {
    *value = 100.0 * (double)e->count / (double)insns->count;
    *unit = "% of instructions";
    return 1;
  }
  return 0;
}

double stat_noise_percent(double sum, double sumsq, unsigned runs) {
  if (runs < 2 || sum == 0) return 0;
  double mean = sum / runs, var = (sumsq - sum * mean) / (runs - 1);
  if (var < 0) var = 0; /* rounding */
  return 100.0 * sqrt(var / runs) / mean;
}

static void print_metric(FILE *f, double v, const char *unit) {
  if (unit[0] == '%') fprintf(f, "  #  %7.2f%s", v, unit);
  else fprintf(f, "  #  %7.2f %s", v, unit);
}

/* The table's row of one event: `lead` ("hart0" with -A) first. */
static void table_row(FILE *f, const struct stat_report *r, const char *lead, const struct stat_event *e,
                      const struct stat_event *all, unsigned harts) {
  double v;
  const char *unit;
  if (*lead) fprintf(f, "%-6s", lead);
  print_grouped(f, e->count, *lead ? 13 : 19);
  fprintf(f, "      %-24s", e->name);
  if (metric_for(e, all, r->n, r->sim_s, harts, &v, &unit)) print_metric(f, v, unit);
  if (r->runs > 1) fprintf(f, "  ( +-%6.2f%% )", stat_noise_percent(e->sum, e->sumsq, r->runs));
  fprintf(f, "\n");
}

/* The events of hart h alone (-A rows). */
static void hart_view(const struct stat_report *r, unsigned h, struct stat_event *view) {
  for (int i = 0; i < r->n; i++) {
    view[i] = r->ev[i];
    view[i].count = r->ev[i].hart[h];
    view[i].sum = view[i].sumsq = 0; /* the noise is the aggregate's */
  }
}

void stat_print_table(FILE *f, const struct stat_report *r) {
  unsigned harts = rvpmu_machine_harts(r->m);
  fprintf(f, "\n Performance counter stats for '%s' (core %s, %s, %u hart%s", r->program, rvpmu_machine_core(r->m),
          rvpmu_machine_isa(r->m), harts, harts == 1 ? "" : "s");
  if (r->runs > 1) fprintf(f, ", %u runs", r->runs);
  fprintf(f, "):\n\n");
  if (r->per_hart) {
    struct stat_event view[STAT_MAX_EVENTS];
    for (unsigned h = 0; h < harts; h++) {
      char lead[16];
      snprintf(lead, sizeof lead, "hart%u", h);
      hart_view(r, h, view);
      for (int i = 0; i < r->n; i++) table_row(f, r, lead, &view[i], view, 1);
    }
  } else {
    for (int i = 0; i < r->n; i++) table_row(f, r, "", &r->ev[i], r->ev, harts);
  }
  fprintf(f, "\n %17.9f seconds simulated (core clock %.0f MHz)", r->sim_s, (double)rvpmu_machine_clock_hz(r->m) / 1e6);
  if (r->runs > 1) fprintf(f, "  ( +-%6.2f%% )", stat_noise_percent(r->sim_sum, r->sim_sumsq, r->runs));
  fprintf(f, "\n %17.9f seconds host time (%.1f MIPS)", r->host_s,
          r->host_s > 0 ? (double)r->insns / r->host_s / 1e6 : 0.0);
  if (r->runs > 1) fprintf(f, "  ( +-%6.2f%% )", stat_noise_percent(r->host_sum, r->host_sumsq, r->runs));
  fprintf(f, "\n\n");
}

static void csv_rows(FILE *f, const struct stat_report *r, const char *lead, const struct stat_event *ev,
                     unsigned harts) {
  const char *sep = r->sep;
  for (int i = 0; i < r->n; i++) {
    double v;
    const char *unit;
    bool has = metric_for(&ev[i], ev, r->n, r->sim_s, harts, &v, &unit);
    fprintf(f, "%s%llu%s%s%s", lead, (unsigned long long)ev[i].count, sep, sep, ev[i].name);
    if (r->runs > 1) fprintf(f, "%s%.2f%%", sep, stat_noise_percent(ev[i].sum, ev[i].sumsq, r->runs));
    fprintf(f, "%s%llu%s100.00%s", sep, (unsigned long long)llround(r->sim_s * 1e9), sep, sep);
    if (has) fprintf(f, "%.2f%s%s\n", v, sep, unit);
    else fprintf(f, "%s\n", sep);
  }
}

void stat_print_csv(FILE *f, const struct stat_report *r, const char *lead) {
  unsigned harts = rvpmu_machine_harts(r->m);
  if (!r->per_hart) {
    csv_rows(f, r, lead, r->ev, harts);
    return;
  }
  struct stat_event view[STAT_MAX_EVENTS];
  for (unsigned h = 0; h < harts; h++) {
    char hart_lead[96];
    snprintf(hart_lead, sizeof hart_lead, "%shart%u%s", lead, h, r->sep);
    hart_view(r, h, view);
    csv_rows(f, r, hart_lead, view, 1);
  }
}

void stat_print_json(FILE *f, const struct stat_report *r) {
  unsigned harts = rvpmu_machine_harts(r->m);
  fprintf(f, "{\"program\": ");
  json_write_string(f, r->program);
  fprintf(f, ", \"core\": ");
  json_write_string(f, rvpmu_machine_core(r->m));
  fprintf(f, ", \"isa\": ");
  json_write_string(f, rvpmu_machine_isa(r->m));
  static const char *const stops[] = {[RVPMU_RUNNING] = "interrupted", [RVPMU_STOP_EXIT] = "exit",
                                      [RVPMU_STOP_MAX_INSNS] = "max-insns", [RVPMU_STOP_ERROR] = "error"};
  fprintf(f, ", \"harts\": %u, \"runs\": %u, \"exit_status\": %d, \"stop\": \"%s\", \"events\": [", harts, r->runs,
          r->status, stops[rvpmu_machine_stopped(r->m)]);
  struct stat_event view[STAT_MAX_EVENTS];
  for (int i = 0; i < r->n; i++) {
    double v;
    const char *unit;
    fprintf(f, "%s{\"event\": ", i ? ", " : "");
    json_write_string(f, r->ev[i].name);
    fprintf(f, ", \"count\": %llu", (unsigned long long)r->ev[i].count);
    if (metric_for(&r->ev[i], r->ev, r->n, r->sim_s, harts, &v, &unit)) {
      fprintf(f, ", \"metric\": %.6g, \"metric_unit\": ", v);
      json_write_string(f, unit);
    }
    if (r->runs > 1) fprintf(f, ", \"noise_percent\": %.4f", stat_noise_percent(r->ev[i].sum, r->ev[i].sumsq, r->runs));
    fprintf(f, ", \"per_hart\": [");
    for (unsigned h = 0; h < harts; h++) {
      hart_view(r, h, view);
      fprintf(f, "%s{\"hart\": %u, \"count\": %llu", h ? ", " : "", h, (unsigned long long)view[i].count);
      if (metric_for(&view[i], view, r->n, r->sim_s, 1, &v, &unit)) {
        fprintf(f, ", \"metric\": %.6g, \"metric_unit\": ", v);
        json_write_string(f, unit);
      }
      fprintf(f, "}");
    }
    fprintf(f, "]}");
  }
  fprintf(f, "], \"simulated_seconds\": %.9f, \"clock_hz\": %llu, \"host_seconds\": %.6f, \"mips\": %.3f}\n",
          r->sim_s, (unsigned long long)rvpmu_machine_clock_hz(r->m), r->host_s,
          r->host_s > 0 ? (double)r->insns / r->host_s / 1e6 : 0.0);
}

void stat_print_interval(FILE *f, const struct stat_report *r, double time_s, double length_s,
                         const uint64_t *counts) {
  struct stat_event ev[STAT_MAX_EVENTS];
  struct stat_report row = *r;
  row.ev = ev;
  row.sim_s = length_s;
  row.runs = 1;
  row.per_hart = false;
  for (int i = 0; i < r->n; i++) ev[i] = r->ev[i], ev[i].count = counts[i];
  if (r->sep) {
    char lead[64];
    snprintf(lead, sizeof lead, "%.9f%s", time_s, r->sep);
    stat_print_csv(f, &row, lead);
    return;
  }
  unsigned harts = rvpmu_machine_harts(r->m);
  for (int i = 0; i < r->n; i++) {
    double v;
    const char *unit;
    fprintf(f, "%16.9f ", time_s);
    print_grouped(f, ev[i].count, 18);
    fprintf(f, "      %-24s", ev[i].name);
    if (metric_for(&ev[i], ev, r->n, length_s, harts, &v, &unit)) print_metric(f, v, unit);
    fprintf(f, "\n");
  }
}
