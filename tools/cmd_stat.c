/* rvpmu stat: runs a program and prints event counts the way `perf stat` does: a table on
 * stderr, perf's CSV form with -x SEP, or one JSON object with --json. Counting is host-side
 * (the same event accumulators the counters read), so it is independent of what the guest
 * does with its own counter CSRs. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/commands.h"
#include "tools/plot.h"
#include "tools/stat_interval.h"
#include "tools/stat_output.h"

static const char default_events[] = "cycles,instructions,branches,branches-taken,loads,stores";

static void usage(FILE *out) {
  fprintf(out,
          "usage: rvpmu stat [-e EVENT[,EVENT...]] [-x SEP | --json] [-o FILE] [-I MS [--plot FILE]]\n"
          "                  [-r N] [-A] [-v] [options] [--] prog.elf\n"
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
          "                            EVENT:u counts in U mode only, :k in S mode, :m in M mode\n"
          "                            (rvpmu's own), e.g. instructions:u or cycles:km, as perf's\n"
          "                            modifiers; an event the core cannot count is refused\n"
          "  -x, --field-separator SEP perf's CSV form: count,unit,event,time-ns,percent,metric,unit\n"
          "                            (-x, works as in perf)\n"
          "  -j, --json                one JSON object instead of the table\n"
          "  -o, --output FILE         write the statistics to FILE instead of stderr\n"
          "  -I, --interval-print MS   print the counts of every MS milliseconds of simulated time\n"
          "                            (at the core's clock; decimals allowed) instead of the\n"
          "                            totals, like 'perf stat -I'; with -x the time (seconds)\n"
          "                            leads each line. The rows add up to the totals exactly\n"
          "  --plot FILE.svg|FILE.png  with -I: draw each event's count per interval over time\n"
          "  -r, --repeat N            run the program N times; print the mean of each count and\n"
          "                            perf's ( +- x%% ): the standard error of the mean in percent\n"
          "                            (0.00%%: the simulator is deterministic)\n"
          "  -A, --per-hart            a row per hart and event (perf's -A/--no-aggr); --json\n"
          "                            always gives each event's per_hart split\n"
          "  -v, --verbose             print each event's encoding (mhpmevent selector) first\n"
          "  --                        ends the options: the program follows\n"
          "%s"
          "  -h, --help                this help\n",
          default_events, machine_options_help);
}

/* Splits the -e list into names (and each name's ":u"-style modifiers). */
static int parse_events(const char *list, struct stat_event *ev) {
  char buf[1024];
  snprintf(buf, sizeof buf, "%s", list);
  int n = 0;
  for (char *save, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
    if (n == STAT_MAX_EVENTS) {
      fprintf(stderr, "rvpmu stat: at most %d events\n", STAT_MAX_EVENTS);
      return -1;
    }
    if (strlen(tok) >= sizeof ev->name) {
      fprintf(stderr, "rvpmu stat: event name '%s' too long\n", tok);
      return -1;
    }
    snprintf(ev[n].name, sizeof ev->name, "%s", tok);
    const char *colon = strchr(ev[n].name, ':');
    ev[n++].modifiers = colon ? colon : "";
  }
  if (n == 0) fprintf(stderr, "rvpmu stat: -e needs at least one event\n");
  return n ? n : -1;
}

/* -v: the encoding of each event, the mhpmevent selector the core's counters take for it. */
struct encoding_search {
  struct rvpmu_machine *m;
  const struct stat_event *e;
  char base[64];
  int found;
};

static void print_encoding(void *ctx, const char *name, uint64_t selector, const char *description) {
  struct encoding_search *s = ctx;
  const char *canon = rvpmu_event_canonical(s->m, name);
  if (strcmp(name, s->base) && !(canon && !strcmp(canon, s->e->canon))) return;
  fprintf(stderr, "%s: mhpmevent selector 0x%llx (core event %s: %s)\n", s->e->name, (unsigned long long)selector, name,
          description);
  s->found++;
}

static void print_encodings(struct rvpmu_machine *m, const char *core, const struct stat_event *ev, int n) {
  for (int i = 0; i < n; i++) {
    struct encoding_search s = {.m = m, .e = &ev[i]};
    snprintf(s.base, sizeof s.base, "%.*s", (int)(strlen(ev[i].name) - strlen(ev[i].modifiers)), ev[i].name);
    char err[256];
    if (rvpmu_core_events(core, print_encoding, &s, err, sizeof err) != 0) s.found = -1;
    if (s.found == 0 && s.base[0] == 'r') fprintf(stderr, "%s: raw mhpmevent selector 0x%s\n", ev[i].name, s.base + 1);
    else if (s.found == 0)
      fprintf(stderr, "%s: counted by the simulator (%s); no mhpmevent selector of core %s selects it alone\n",
              ev[i].name, ev[i].canon, rvpmu_machine_core(m));
    if (*ev[i].modifiers) {
      char modes[16] = "";
      static const char *const letters[][2] = {{"u", "U"}, {"k", "S"}, {"m", "M"}};
      for (size_t k = 0; k < sizeof letters / sizeof *letters; k++)
        if (strchr(ev[i].modifiers, letters[k][0][0]))
          snprintf(modes + strlen(modes), sizeof modes - strlen(modes), "%s%s", *modes ? ", " : "", letters[k][1]);
      fprintf(stderr, "%s: counted in %s mode only\n", ev[i].name, modes);
    }
  }
}

/* Creates the machine and watches the events: NULL after an error. */
static struct rvpmu_machine *prepare(const struct machine_options *o, struct stat_event *ev, int n) {
  struct rvpmu_machine *m = machine_from_options(o);
  if (!m) return NULL;
  for (int i = 0; i < n; i++) {
    if (rvpmu_watch(m, ev[i].name) == 0 && (ev[i].canon = rvpmu_event_canonical(m, ev[i].name))) continue;
    char base[64];
    snprintf(base, sizeof base, "%.*s", (int)(strlen(ev[i].name) - strlen(ev[i].modifiers)), ev[i].name);
    if (*ev[i].modifiers && rvpmu_event_canonical(m, base))
      fprintf(stderr, "rvpmu stat: event '%s': unknown modifier '%s' (u: U mode, k: S mode, m: M mode)\n", ev[i].name,
              ev[i].modifiers + 1);
    else
      fprintf(stderr, "rvpmu stat: event '%s' is not supported by core %s (see 'rvpmu list --core %s')\n", base,
              rvpmu_machine_core(m), rvpmu_machine_core(m));
    rvpmu_machine_destroy(m);
    return NULL;
  }
  return m;
}

/* Adds one finished run's counts to the report. */
static void collect(struct stat_report *r, struct rvpmu_machine *m) {
  uint64_t cycles = 0;
  unsigned harts = rvpmu_machine_harts(m);
  uint64_t run[STAT_MAX_EVENTS] = {0};
  r->insns = 0;
  for (unsigned h = 0; h < harts && h < STAT_MAX_HARTS; h++) {
    uint64_t c = 0, in = 0;
    if (rvpmu_event_total(m, h, "cycles", &c) == 0 && c > cycles) cycles = c;
    if (rvpmu_event_total(m, h, "instructions", &in) == 0) r->insns += in;
    for (int i = 0; i < r->n; i++) {
      uint64_t v = 0;
      if (rvpmu_event_total(m, h, r->ev[i].name, &v) == 0) r->ev[i].hart[h] += v, run[i] += v;
    }
  }
  for (int i = 0; i < r->n; i++) r->ev[i].sum += (double)run[i], r->ev[i].sumsq += (double)run[i] * (double)run[i];
  double sim = (double)cycles / (double)rvpmu_machine_clock_hz(m);
  r->sim_sum += sim, r->sim_sumsq += sim * sim;
}

/* The means of the runs. */
static void average(struct stat_report *r, double host_sum, double host_sumsq) {
  for (int i = 0; i < r->n; i++) {
    r->ev[i].count = (uint64_t)llround(r->ev[i].sum / r->runs);
    for (unsigned h = 0; h < STAT_MAX_HARTS; h++) r->ev[i].hart[h] = (uint64_t)llround((double)r->ev[i].hart[h] / r->runs);
  }
  r->sim_s = r->sim_sum / r->runs;
  r->host_sum = host_sum, r->host_sumsq = host_sumsq;
  r->host_s = host_sum / r->runs;
}

static void print_interval(void *ctx, double time_s, double length_s, const uint64_t *counts) {
  struct stat_report *r = ctx;
  stat_print_interval(r->out, r, time_s, length_s, counts);
}

int cmd_stat(int argc, char **argv) {
  struct machine_options o = {0};
  const char *sep = NULL, *output = NULL, *interval = NULL, *plot = NULL, *repeat = NULL;
  char events[1024] = ""; /* every -e list, joined with ',' (default_events if none) */
  bool json = false, per_hart = false, verbose = false;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      usage(stdout);
      return 0;
    }
    /* perf's attached forms: -x, -ecycles -oFILE -r5 */
    if (a[0] == '-' && strchr("exoIr", a[1]) && a[1] && a[2]) {
      const char *v = a + 2;
      if (a[1] == 'e') {
        if (add_event_list("stat", events, sizeof events, v)) return EXIT_USAGE;
      } else if (a[1] == 'x') sep = v;
      else if (a[1] == 'I') interval = v;
      else if (a[1] == 'r') repeat = v;
      else output = v;
      continue;
    }
    bool has_value = !strcmp(a, "-e") || !strcmp(a, "--event") || !strcmp(a, "-x") ||
                     !strcmp(a, "--field-separator") || !strcmp(a, "-o") || !strcmp(a, "--output") ||
                     !strcmp(a, "-I") || !strcmp(a, "--interval-print") || !strcmp(a, "--plot") ||
                     !strcmp(a, "-r") || !strcmp(a, "--repeat");
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
    else if (!strcmp(a, "-r") || !strcmp(a, "--repeat")) repeat = argv[++i];
    else if (!strcmp(a, "-j") || !strcmp(a, "--json")) json = true;
    else if (!strcmp(a, "-A") || !strcmp(a, "--per-hart") || !strcmp(a, "--no-aggr")) per_hart = true;
    else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) verbose = true;
    else if (parse_program_argument("stat", &o, argc, argv, &i) < 0) return EXIT_USAGE;
  }
  if (require_program("stat", &o) != 0) return EXIT_USAGE;
  if (json && sep) {
    fprintf(stderr, "rvpmu stat: choose one of -x and --json\n");
    return EXIT_USAGE;
  }
  unsigned runs = 1;
  if (repeat) {
    char *end;
    long v = strtol(repeat, &end, 10);
    if (end == repeat || *end || v < 1 || v > 1000000) {
      fprintf(stderr, "rvpmu stat: -r: '%s' is not a number of runs in 1..1000000\n", repeat);
      return EXIT_USAGE;
    }
    runs = (unsigned)v;
  }
  double interval_ms = 0;
  if (interval) {
    char *end;
    interval_ms = strtod(interval, &end);
    if (end == interval || *end || !(interval_ms > 0) || interval_ms > 1e9) {
      fprintf(stderr, "rvpmu stat: -I: '%s' is not a positive number of milliseconds\n", interval);
      return EXIT_USAGE;
    }
    const char *other = json ? "--json" : runs > 1 ? "-r" : per_hart ? "-A" : NULL;
    if (other) {
      fprintf(stderr, "rvpmu stat: -I prints interval rows; it does not combine with %s\n", other);
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
  /* Every output is checked before the (possibly long) run. */
  if ((plot && check_output_path("stat", "--plot", plot) != 0) ||
      (output && check_output_path("stat", "-o", output) != 0))
    return EXIT_USAGE;
  struct stat_event ev[STAT_MAX_EVENTS] = {0};
  int n = parse_events(events[0] ? events : default_events, ev);
  if (n < 0) return EXIT_USAGE;
  struct rvpmu_machine *m = prepare(&o, ev, n);
  if (!m) return EXIT_USAGE;
  if (verbose) print_encodings(m, o.core ? o.core : "generic", ev, n);
  FILE *out = stderr;
  if (output && strcmp(output, "-") && !(out = fopen(output, "w"))) {
    perror(output);
    rvpmu_machine_destroy(m);
    return EXIT_USAGE;
  }
  if (output && !strcmp(output, "-")) out = stdout;
  struct stat_report r = {.program = o.elf ? o.elf : o.kernel, .m = m, .out = out, .ev = ev, .n = n, .sep = sep,
                          .runs = runs, .per_hart = per_hart};
  if (interval) {
    const char *names[STAT_MAX_EVENTS];
    for (int i = 0; i < n; i++) names[i] = ev[i].name;
    if (!sep) fprintf(out, "#           time             counts unit events\n");
    r.status = stat_interval_run(m, interval_ms, names, n, print_interval, &r, plot, &r.host_s);
  } else {
    double host_sum = 0, host_sumsq = 0;
    for (unsigned k = 0; k < runs; k++) {
      if (k && !(m = r.m = prepare(&o, ev, n))) {
        if (out != stderr && out != stdout) fclose(out);
        return EXIT_USAGE;
      }
      double host;
      r.status = run_to_end(m, &o, &host);
      host_sum += host, host_sumsq += host * host;
      collect(&r, m);
      /* perf -r stops at a failing run too; an interrupted one ends them all */
      if (r.status == 130 || k + 1 == runs) {
        r.runs = k + 1;
        break;
      }
      rvpmu_machine_destroy(m);
    }
    fflush(stdout);
    average(&r, host_sum, host_sumsq);
    if (json) stat_print_json(out, &r);
    else if (sep) stat_print_csv(out, &r, "");
    else stat_print_table(out, &r);
  }
  fflush(stdout);
  if (out != stderr && out != stdout) fclose(out);
  rvpmu_machine_destroy(m);
  return r.status;
}
