/* rvpmu stat: runs a program and prints event counts the way `perf stat` does: a table on
 * stderr, perf's CSV form with -x SEP, or one JSON object with --json. Counting is host-side
 * (the same event accumulators the counters read), so it is independent of what the guest
 * does with its own counter CSRs. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/commands.h"
#include "tools/json_out.h"
#include "tools/plot.h"
#include "tools/stat_interval.h"

#define MAX_EVENTS 32
static const char default_events[] = "cycles,instructions,branches,branches-taken,loads,stores";

static void usage(FILE *out) {
  fprintf(out,
          "usage: rvpmu stat [-e EVENT[,EVENT...]] [-x SEP | --json] [-o FILE] [-I MS [--plot FILE]]\n"
          "                  [options] [--] prog.elf\n"
          "\n"
          "Runs a program like 'rvpmu run' and prints, on stderr like perf, the count of each\n"
          "event over the whole run (all harts), derived ratios (insn per cycle, taken and missed\n"
          "branches of all branches, cache misses of all accesses, whatever the core calls the\n"
          "events), the simulated time at the core's clock, the host time\n"
          "and the simulation speed in MIPS. Stall cycles are shown as perf shows its stalled-cycles\n"
          "events: the share of cycles the frontend (instruction fetch) or the backend (data,\n"
          "multi-cycle operations) was idle. The exit status is the guest's, as for 'run'. Every\n"
          "long option also takes its value as --option=value.\n"
          "\n"
          "  -e, --event LIST          events by name or rHEX selector (see 'rvpmu list'); -eLIST and\n"
          "                            --event=LIST too; -e may repeat and the lists add up.\n"
          "                            default: %s\n"
          "  -x, --field-separator SEP perf's CSV form: count,unit,event,time-ns,percent,metric,unit\n"
          "                            (-x, works as in perf)\n"
          "  -j, --json                one JSON object instead of the table\n"
          "  -o, --output FILE         write the statistics to FILE instead of stderr\n"
          "  -I, --interval-print MS   print the counts of every MS milliseconds of simulated time\n"
          "                            (at the core's clock; decimals allowed) instead of the\n"
          "                            totals, like 'perf stat -I'; with -x the time (seconds)\n"
          "                            leads each line. The rows add up to the totals exactly\n"
          "  --plot FILE.svg|FILE.png  with -I: draw each event's count per interval over time\n"
          "  --                        ends the options: the program follows\n"
          "%s"
          "  -h, --help                this help\n",
          default_events, machine_options_help);
}

struct stat_event {
  char name[64];     /* as the user named it */
  const char *canon; /* what it counts, in the simulator's names (rvpmu_event_canonical) */
  uint64_t count;
};

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

/* The first event that counts `canon`, whatever the core calls it. */
static const struct stat_event *find(const struct stat_event *ev, int n, const char *canon) {
  for (int i = 0; i < n; i++)
    if (!strcmp(ev[i].canon, canon)) return &ev[i];
  return NULL;
}

/* perf's ratios of an event to a related one it shows beside it: event, base, unit. */
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
    {"cycles-fetch-wait", "frontend cycles idle"},    {"jump-register-stalls", "frontend cycles idle"},
    {"cycles-lsu-wait", "backend cycles idle"},       {"cycles-mul-wait", "backend cycles idle"},
    {"cycles-div-wait", "backend cycles idle"},       {"load-use-stalls", "backend cycles idle"},
    {"stalls-of", "backend cycles idle"},             {"stalls-ex", "backend cycles idle"},
    {"stalls-mem", "backend cycles idle"},            {"cycles-wfi", "cycles asleep in WFI"},
};

/* The derived metric perf would print beside an event, or 0 if none. */
static int metric_for(const struct stat_event *e, const struct stat_event *all, int n, double sim_s, double *value,
                      const char **unit) {
  for (size_t i = 0; i < sizeof ratios / sizeof *ratios; i++) {
    const struct stat_event *base = find(all, n, ratios[i].base);
    if (strcmp(e->canon, ratios[i].event) || !base || !base->count) continue;
    *value = (double)e->count / (double)base->count * (ratios[i].unit[0] == '%' ? 100.0 : 1.0);
    *unit = ratios[i].unit;
    return 1;
  }
  if (!strcmp(e->canon, "cycles") && sim_s > 0) {
    *value = (double)e->count / sim_s / 1e9;
    *unit = "GHz";
    return 1;
  }
  for (size_t i = 0; i < sizeof stalls / sizeof *stalls; i++) {
    const struct stat_event *cycles = find(all, n, "cycles");
    if (strcmp(e->canon, stalls[i].event)) continue;
    if (!cycles || !cycles->count) return 0;
    *value = 100.0 * (double)e->count / (double)cycles->count;
    *unit = stalls[i].unit;
    return 1;
  }
  const struct stat_event *insns = find(all, n, "instructions");
  if (strcmp(e->canon, "none") && strcmp(e->canon, "instructions") && strcmp(e->canon, "cycles") && insns && insns->count) {
    *value = 100.0 * (double)e->count / (double)insns->count;
    *unit = "% of instructions";
    return 1;
  }
  return 0;
}

struct report {
  const char *program;
  struct rvpmu_machine *m;
  FILE *out;
  struct stat_event *ev;
  int n;
  double sim_s, host_s;
  uint64_t insns;
  int status;
  const char *sep; /* -x SEP, or NULL */
};

static void print_table(FILE *f, const struct report *r) {
  fprintf(f, "\n Performance counter stats for '%s' (core %s, %s, %u hart%s):\n\n", r->program,
          rvpmu_machine_core(r->m), rvpmu_machine_isa(r->m), rvpmu_machine_harts(r->m),
          rvpmu_machine_harts(r->m) == 1 ? "" : "s");
  for (int i = 0; i < r->n; i++) {
    const struct stat_event *e = &r->ev[i];
    double v;
    const char *unit;
    print_grouped(f, e->count, 19);
    fprintf(f, "      %-24s", e->name);
    if (metric_for(e, r->ev, r->n, r->sim_s, &v, &unit)) fprintf(f, "  #  %7.2f %s", v, unit);
    fprintf(f, "\n");
  }
  fprintf(f, "\n %17.9f seconds simulated (core clock %.0f MHz)\n", r->sim_s,
          (double)rvpmu_machine_clock_hz(r->m) / 1e6);
  fprintf(f, " %17.9f seconds host time (%.1f MIPS)\n\n", r->host_s,
          r->host_s > 0 ? (double)r->insns / r->host_s / 1e6 : 0.0);
}

static void print_csv(FILE *f, const struct report *r, const char *sep, const char *lead) {
  for (int i = 0; i < r->n; i++) {
    fputs(lead, f);
    double v;
    const char *unit;
    bool has = metric_for(&r->ev[i], r->ev, r->n, r->sim_s, &v, &unit);
    fprintf(f, "%llu%s%s%s%s%llu%s100.00%s", (unsigned long long)r->ev[i].count, sep, sep, r->ev[i].name, sep,
            (unsigned long long)llround(r->sim_s * 1e9), sep, sep);
    if (has) fprintf(f, "%.2f%s%s\n", v, sep, unit);
    else fprintf(f, "%s\n", sep);
  }
}

static void print_json(FILE *f, const struct report *r) {
  fprintf(f, "{\"program\": ");
  json_write_string(f, r->program);
  fprintf(f, ", \"core\": ");
  json_write_string(f, rvpmu_machine_core(r->m));
  fprintf(f, ", \"isa\": ");
  json_write_string(f, rvpmu_machine_isa(r->m));
  static const char *const stops[] = {[RVPMU_RUNNING] = "interrupted", [RVPMU_STOP_EXIT] = "exit",
                                      [RVPMU_STOP_MAX_INSNS] = "max-insns", [RVPMU_STOP_ERROR] = "error"};
  fprintf(f, ", \"harts\": %u, \"exit_status\": %d, \"stop\": \"%s\", \"events\": [", rvpmu_machine_harts(r->m),
          r->status, stops[rvpmu_machine_stopped(r->m)]);
  for (int i = 0; i < r->n; i++) {
    double v;
    const char *unit;
    fprintf(f, "%s{\"event\": ", i ? ", " : "");
    json_write_string(f, r->ev[i].name);
    fprintf(f, ", \"count\": %llu", (unsigned long long)r->ev[i].count);
    if (metric_for(&r->ev[i], r->ev, r->n, r->sim_s, &v, &unit)) {
      fprintf(f, ", \"metric\": %.6g, \"metric_unit\": ", v);
      json_write_string(f, unit);
    }
    fprintf(f, "}");
  }
  fprintf(f, "], \"simulated_seconds\": %.9f, \"clock_hz\": %llu, \"host_seconds\": %.6f, \"mips\": %.3f}\n",
          r->sim_s, (unsigned long long)rvpmu_machine_clock_hz(r->m), r->host_s,
          r->host_s > 0 ? (double)r->insns / r->host_s / 1e6 : 0.0);
}

/* stat -I: one interval's rows, perf's way (the time leads). */
static void print_interval(void *ctx, double time_s, double length_s, const uint64_t *counts) {
  struct report *r = ctx;
  FILE *f = r->out;
  struct stat_event ev[MAX_EVENTS];
  struct report row = *r;
  row.ev = ev;
  row.sim_s = length_s;
  for (int i = 0; i < r->n; i++) ev[i] = r->ev[i], ev[i].count = counts[i];
  char lead[64];
  if (r->sep) {
    snprintf(lead, sizeof lead, "%.9f%s", time_s, r->sep);
    print_csv(f, &row, r->sep, lead);
    return;
  }
  for (int i = 0; i < r->n; i++) {
    double v;
    const char *unit;
    fprintf(f, "%16.9f ", time_s);
    print_grouped(f, ev[i].count, 18);
    fprintf(f, "      %-24s", ev[i].name);
    if (metric_for(&ev[i], ev, r->n, length_s, &v, &unit)) fprintf(f, "  #  %7.2f %s", v, unit);
    fprintf(f, "\n");
  }
}

/* Splits the -e list into names. */
static int parse_events(const char *list, struct stat_event *ev) {
  char buf[1024];
  snprintf(buf, sizeof buf, "%s", list);
  int n = 0;
  for (char *save, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
    if (n == MAX_EVENTS) {
      fprintf(stderr, "rvpmu stat: at most %d events\n", MAX_EVENTS);
      return -1;
    }
    snprintf(ev[n++].name, sizeof ev->name, "%s", tok);
  }
  if (n == 0) fprintf(stderr, "rvpmu stat: -e needs at least one event\n");
  return n ? n : -1;
}

int cmd_stat(int argc, char **argv) {
  struct machine_options o = {0};
  const char *sep = NULL, *output = NULL, *interval = NULL, *plot = NULL;
  char events[1024] = ""; /* every -e list, joined with ',' (default_events if none) */
  bool json = false;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      usage(stdout);
      return 0;
    }
    /* perf's attached forms: -x, -ecycles -oFILE */
    if (a[0] == '-' && strchr("exoI", a[1]) && a[1] && a[2]) {
      const char *v = a + 2;
      if (a[1] == 'e') {
        if (add_event_list("stat", events, sizeof events, v)) return EXIT_USAGE;
      } else if (a[1] == 'x') sep = v;
      else if (a[1] == 'I') interval = v;
      else output = v;
      continue;
    }
    bool has_value = !strcmp(a, "-e") || !strcmp(a, "--event") || !strcmp(a, "-x") ||
                     !strcmp(a, "--field-separator") || !strcmp(a, "-o") || !strcmp(a, "--output") ||
                     !strcmp(a, "-I") || !strcmp(a, "--interval-print") || !strcmp(a, "--plot");
    if (has_value && i + 1 >= argc) {
      fprintf(stderr, "rvpmu stat: %s needs a value\n", a);
      return EXIT_USAGE;
    }
    if (!strcmp(a, "-e") || !strcmp(a, "--event")) {
      if (add_event_list("stat", events, sizeof events, argv[++i])) return EXIT_USAGE;
    } else if (!strcmp(a, "-x") || !strcmp(a, "--field-separator")) sep = argv[++i];
    else if (!strcmp(a, "-o") || !strcmp(a, "--output")) output = argv[++i];
    else if (!strcmp(a, "-I") || !strcmp(a, "--interval-print")) interval = argv[++i];
    else if (!strcmp(a, "--plot")) plot = argv[++i];
    else if (!strcmp(a, "-j") || !strcmp(a, "--json")) json = true;
    else if (parse_program_argument("stat", &o, argc, argv, &i) < 0) return EXIT_USAGE;
  }
  if (require_program("stat", &o) != 0) return EXIT_USAGE;
  if (json && sep) {
    fprintf(stderr, "rvpmu stat: choose one of -x and --json\n");
    return EXIT_USAGE;
  }
  double interval_ms = 0;
  if (interval) {
    char *end;
    interval_ms = strtod(interval, &end);
    if (end == interval || *end || !(interval_ms > 0) || interval_ms > 1e9) {
      fprintf(stderr, "rvpmu stat: -I: '%s' is not a positive number of milliseconds\n", interval);
      return EXIT_USAGE;
    }
    if (json) {
      fprintf(stderr, "rvpmu stat: -I prints interval rows; it does not combine with --json\n");
      return EXIT_USAGE;
    }
  }
  if (plot && !interval) {
    fprintf(stderr, "rvpmu stat: --plot draws the intervals of -I MS; give -I too\n");
    return EXIT_USAGE;
  }
  if (plot && !plot_format_known(plot)) {
    fprintf(stderr, "rvpmu stat: --plot %s: the picture must end in .svg or .png\n", plot);
    return EXIT_USAGE;
  }
  struct stat_event ev[MAX_EVENTS] = {0};
  int n = parse_events(events[0] ? events : default_events, ev);
  if (n < 0) return EXIT_USAGE;
  struct rvpmu_machine *m = machine_from_options(&o);
  if (!m) return EXIT_USAGE;
  for (int i = 0; i < n; i++) {
    if (rvpmu_watch(m, ev[i].name) != 0 || !(ev[i].canon = rvpmu_event_canonical(m, ev[i].name))) {
      fprintf(stderr, "rvpmu stat: event '%s' is not supported by core %s (see 'rvpmu list --core %s')\n",
              ev[i].name, rvpmu_machine_core(m), rvpmu_machine_core(m));
      rvpmu_machine_destroy(m);
      return EXIT_USAGE;
    }
  }
  FILE *out = stderr;
  if (output && !(out = fopen(output, "w"))) {
    perror(output);
    rvpmu_machine_destroy(m);
    return EXIT_USAGE;
  }
  struct report r = {.program = o.elf ? o.elf : o.kernel, .m = m, .out = out, .ev = ev, .n = n, .sep = sep};
  if (interval) {
    const char *names[MAX_EVENTS];
    for (int i = 0; i < n; i++) names[i] = ev[i].name;
    if (!sep) fprintf(out, "#           time             counts unit events\n");
    r.status = stat_interval_run(m, interval_ms, names, n, print_interval, &r, plot, &r.host_s);
    fflush(stdout);
    if (out != stderr) fclose(out);
    rvpmu_machine_destroy(m);
    return r.status;
  }
  r.status = run_to_end(m, &o, &r.host_s);
  fflush(stdout);
  uint64_t cycles = 0;
  for (unsigned h = 0; h < rvpmu_machine_harts(m); h++) {
    uint64_t c = 0, in = 0;
    if (rvpmu_event_total(m, h, "cycles", &c) == 0 && c > cycles) cycles = c;
    if (rvpmu_event_total(m, h, "instructions", &in) == 0) r.insns += in;
    for (int i = 0; i < n; i++) {
      uint64_t v = 0;
      if (rvpmu_event_total(m, h, ev[i].name, &v) == 0) ev[i].count += v;
    }
  }
  r.sim_s = (double)cycles / (double)rvpmu_machine_clock_hz(m);
  if (json) print_json(out, &r);
  else if (sep) print_csv(out, &r, sep, "");
  else print_table(out, &r);
  if (out != stderr) fclose(out);
  rvpmu_machine_destroy(m);
  return r.status;
}
