/* rvpmu report: a recorded profile as perf-report-like tables (per function, source line or
 * instruction; self and inclusive counts of every event side by side), as JSON or CSV, or
 * exported for callgrind_annotate/KCachegrind, flame-graph tools and browsers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/commands.h"
#include "tools/json_out.h"
#include "tools/prof_callgraph.h"
#include "tools/prof_export.h"
#include "tools/prof_view.h"

#define MAX_SYMBOL_FILES 8

static void usage(FILE *out) {
  fprintf(out,
          "usage: rvpmu report [-i FILE] [--sort symbol|line|address] [--children] [--event E]\n"
          "                    [-g] [--percent-limit P] [--hart N] [--symbols ELF[@ADDR]]...\n"
          "                    [--json | -x SEP]\n"
          "                    [--callgrind OUT] [--folded OUT] [--flamegraph OUT.svg]\n"
          "\n"
          "Shows a profile written by 'rvpmu record': per function (default), source line or\n"
          "instruction, the self count of every recorded event and, with --children, the\n"
          "inclusive count (what ran while the function was on the call stack, each instruction\n"
          "once), with percentages of the totals, the number of calls and the privilege mode it\n"
          "ran in ([M], [S], [U]). Symbols and source lines (DWARF) come from the program,\n"
          "firmware and payload recorded, and from --symbols files.\n"
          "\n"
          "  -i, --input FILE          the data file (default rvpmu.data)\n"
          "  -s, --sort KEY            symbol (default), line (or symbol,line), or address (or\n"
          "                            symbol,address): rows are always within a function\n"
          "  --children                sort by inclusive counts and show them\n"
          "  --no-children             self counts only (the default; undoes --children)\n"
          "  -g, --call-graph          under each function, the call chains of its self counts\n"
          "                            (callee first, as 'perf report --stdio -g'), with\n"
          "                            percentages of the event's total (--sort symbol)\n"
          "  --percent-limit P         leave out rows (and call chains) under P percent of the\n"
          "                            event's total\n"
          "  -e, --event E             the event to sort by and to export (default: the first)\n"
          "  --hart N                  only what hart N counted (default: every hart)\n"
          "  --symbols ELF[@ADDR]      also take symbols from ELF (e.g. vmlinux); with @ADDR its\n"
          "                            lowest code section ran at ADDR (repeatable)\n"
          "  -j, --json                one JSON object: {\"events\", \"totals\", \"entries\": [{\"symbol\",\n"
          "                            \"file\", \"line\", \"address\", \"self\", \"inclusive\", \"calls\"}]}\n"
          "  -x, --field-separator SEP one line per entry, fields separated by SEP\n"
          "  --callgrind OUT           write OUT in callgrind format (callgrind_annotate, KCachegrind)\n"
          "  --folded OUT              write folded stacks (flamegraph.pl, inferno, speedscope)\n"
          "  --flamegraph OUT.svg      write a flame graph (self-contained SVG; hover for counts)\n"
          "  -h, --help                this help\n");
}

static void json_counts(FILE *f, const struct prof_data *d, const int64_t *c) {
  fputc('{', f);
  for (unsigned e = 0; e < d->nev; e++) {
    if (e) fputs(", ", f);
    json_write_string(f, d->events[e]);
    fprintf(f, ": %lld", (long long)c[e]);
  }
  fputc('}', f);
}

static void print_json(FILE *f, const struct prof_model *m, const struct prof_view *v) {
  const struct prof_data *d = &m->d;
  fputs("{\"events\": [", f);
  for (unsigned e = 0; e < d->nev; e++) {
    if (e) fputs(", ", f);
    json_write_string(f, d->events[e]);
  }
  fputs("], \"totals\": {", f);
  for (unsigned e = 0; e < d->nev; e++) {
    if (e) fputs(", ", f);
    json_write_string(f, d->events[e]);
    fprintf(f, ": %llu", (unsigned long long)prof_data_total(d, e));
  }
  fputs("}, \"entries\": [", f);
  for (size_t i = 0; i < v->n; i++) {
    const struct prof_row *r = &v->rows[i];
    fputs(i ? ",\n  {\"symbol\": " : "\n  {\"symbol\": ", f);
    json_write_string(f, r->symbol);
    fputs(", \"file\": ", f);
    json_write_string(f, r->file);
    if (r->line) fprintf(f, ", \"line\": %d", r->line);
    else fputs(", \"line\": null", f);
    if (v->sort == SORT_ADDRESS) fprintf(f, ", \"address\": \"0x%llx\"", (unsigned long long)r->address);
    else if (v->sort == SORT_SYMBOL && strcmp(r->symbol, "[unknown]"))
      fprintf(f, ", \"address\": \"0x%llx\"", (unsigned long long)r->start);
    else fputs(", \"address\": null", f);
    fputs(", \"self\": ", f);
    json_counts(f, d, r->self);
    fputs(", \"inclusive\": ", f);
    json_counts(f, d, r->incl);
    fprintf(f, ", \"calls\": %llu}", (unsigned long long)r->calls);
  }
  fputs("\n]}\n", f);
}

static void modes(const struct prof_row *r, char *buf) {
  static const char letter[4] = {'U', 'S', '?', 'M'};
  char *p = buf;
  *p++ = '[';
  for (int m = 3; m >= 0; m--)
    if (r->modes >> m & 1) *p++ = letter[m];
  if (p == buf + 1) *p++ = '.';
  *p++ = ']';
  *p = '\0';
}

static void print_csv(FILE *f, const struct prof_model *m, const struct prof_view *v, const char *sep) {
  const struct prof_data *d = &m->d;
  fprintf(f, "# symbol%sfile%sline%saddress%smode", sep, sep, sep, sep);
  for (unsigned e = 0; e < d->nev; e++) fprintf(f, "%sself %s%sinclusive %s", sep, d->events[e], sep, d->events[e]);
  fprintf(f, "%scalls\n", sep);
  for (size_t i = 0; i < v->n; i++) {
    const struct prof_row *r = &v->rows[i];
    char mode[8];
    modes(r, mode);
    fprintf(f, "%s%s%s%s", r->symbol, sep, r->file ? r->file : "", sep);
    if (r->line) fprintf(f, "%d", r->line);
    fputs(sep, f);
    if (v->sort == SORT_ADDRESS) fprintf(f, "0x%llx", (unsigned long long)r->address);
    fprintf(f, "%s%s", sep, mode);
    for (unsigned e = 0; e < d->nev; e++)
      fprintf(f, "%s%lld%s%lld", sep, (long long)r->self[e], sep, (long long)r->incl[e]);
    fprintf(f, "%s%llu\n", sep, (unsigned long long)r->calls);
  }
}

static double pct(int64_t n, uint64_t total) { return total ? 100.0 * (double)n / (double)total : 0.0; }

static const char *base_name(const char *path) {
  const char *s = path ? strrchr(path, '/') : NULL;
  return s ? s + 1 : path;
}

struct table_opts {
  unsigned ev;
  bool children, graph;
  double limit; /* percent of the event's total */
};

/* Whether row r is shown: it counted something, and reaches the limit. */
static bool row_shown(const struct prof_data *d, const struct prof_row *r, const struct table_opts *o) {
  bool any = r->calls != 0;
  for (unsigned e = 0; e < d->nev; e++) any |= r->self[e] || r->incl[e];
  return any && pct(o->children ? r->incl[o->ev] : r->self[o->ev], prof_data_total(d, o->ev)) >= o->limit;
}

static void print_table(FILE *f, struct prof_model *m, struct prof_view *v, const struct table_opts *o) {
  const struct prof_data *d = &m->d;
  unsigned sort_ev = o->ev;
  bool children = o->children;
  struct prof_cg *cg = NULL;
  if (o->graph) {
    bool *want = calloc(v->n ? v->n : 1, sizeof *want);
    for (size_t i = 0; want && i < v->n; i++) want[i] = row_shown(d, &v->rows[i], o);
    cg = want ? prof_cg_build(m, v, sort_ev, want) : NULL;
    free(want);
    if (!cg) fprintf(stderr, "rvpmu report: out of memory for the call graph\n");
  }
  char prog[4096], core[64], isa[64];
  if (!*prof_data_meta(d, "program", prog, sizeof prog)) prof_data_meta(d, "kernel", prog, sizeof prog);
  fprintf(f, "# rvpmu report of '%s' (core %s, %s, %u hart%s): exact counts, no sampling\n", base_name(prog),
          prof_data_meta(d, "core", core, sizeof core), prof_data_meta(d, "isa", isa, sizeof isa), d->harts,
          d->harts == 1 ? "" : "s");
  fprintf(f, "# totals:");
  for (unsigned e = 0; e < d->nev; e++)
    fprintf(f, "%s %s %llu", e ? "," : "", d->events[e], (unsigned long long)prof_data_total(d, e));
  /* perf --stdio's "# Samples / # Event count" lines: here every event is counted. */
  fprintf(f, "\n#\n# Samples: none (exact counts) of event '%s'\n# Event count (exact): %llu\n", d->events[sort_ev],
          (unsigned long long)prof_data_total(d, sort_ev));
  fprintf(f, "#\n# sorted by %s %s", children ? "inclusive" : "self", d->events[sort_ev]);
  if (o->limit > 0) fprintf(f, ", rows under %.2f%% left out", o->limit);
  fprintf(f, "\n#\n#");
  for (unsigned e = 0; e < d->nev; e++) {
    if (children) fprintf(f, " %17.17s", "Children");
    fprintf(f, " %17.17s", "Self");
  }
  fprintf(f, "  %8s  Mode  %s\n#", "Calls", v->sort == SORT_ADDRESS ? "Address / symbol / line" : "Symbol / line");
  for (unsigned e = 0; e < d->nev; e++) fprintf(f, " %*.*s", children ? 35 : 17, children ? 35 : 17, d->events[e]);
  fprintf(f, "\n#\n");
  for (size_t i = 0; i < v->n; i++) {
    const struct prof_row *r = &v->rows[i];
    if (!row_shown(d, r, o)) continue;
    fputc(' ', f);
    for (unsigned e = 0; e < d->nev; e++) {
      uint64_t t = prof_data_total(d, e);
      if (children) fprintf(f, " %7.2f%% %8lld", pct(r->incl[e], t), (long long)r->incl[e]);
      fprintf(f, " %7.2f%% %8lld", pct(r->self[e], t), (long long)r->self[e]);
    }
    char mode[8];
    modes(r, mode);
    fprintf(f, "  %8llu  %-4s  ", (unsigned long long)r->calls, mode);
    if (v->sort == SORT_ADDRESS) fprintf(f, "%#llx  ", (unsigned long long)r->address);
    fputs(r->symbol, f);
    if (v->sort != SORT_SYMBOL) {
      if (r->file) fprintf(f, "  %s:%d", base_name(r->file), r->line);
      else fputs("  ??", f);
    }
    fputc('\n', f);
    if (cg) prof_cg_print(f, cg, i, prof_data_total(d, sort_ev), o->limit);
  }
  prof_cg_free(cg);
}

int cmd_report(int argc, char **argv) {
  const char *input = "rvpmu.data", *sort_name = "symbol", *event = NULL, *sep = NULL;
  const char *callgrind = NULL, *folded = NULL, *flame = NULL;
  char *symbols[MAX_SYMBOL_FILES];
  unsigned nsym = 0;
  bool json = false, children = false, graph = false;
  double limit = 0;
  int hart = -1;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      usage(stdout);
      return 0;
    }
    if (!strcmp(a, "-j") || !strcmp(a, "--json")) {
      json = true;
      continue;
    }
    if (!strcmp(a, "--children") || !strcmp(a, "--no-children")) {
      children = a[2] == 'c';
      continue;
    }
    if (!strcmp(a, "-g") || !strcmp(a, "--call-graph")) {
      graph = true;
      continue;
    }
    static const char *const valued[] = {"-i", "--input", "-s", "--sort", "-e", "--event", "-x",
                                         "--field-separator", "--symbols", "--callgrind", "--folded",
                                         "--flamegraph", "--percent-limit", "--hart", NULL};
    int k = 0;
    const char *val = NULL;
    if (a[0] == '-' && strchr("isex", a[1]) && a[1] && a[2]) { /* perf's attached forms: -x, */
      char opt[3] = {'-', a[1], 0};
      while (strcmp(valued[k], opt)) k++;
      val = a + 2;
    } else {
      while (valued[k] && strcmp(valued[k], a)) k++;
      if (!valued[k]) {
        fprintf(stderr, "rvpmu report: unknown option '%s' (see 'rvpmu report --help')\n", a);
        return EXIT_USAGE;
      }
      if (i + 1 >= argc) {
        fprintf(stderr, "rvpmu report: %s needs a value\n", a);
        return EXIT_USAGE;
      }
      val = argv[++i];
    }
    switch (k) {
      case 0: case 1: input = val; break;
      case 2: case 3: sort_name = val; break;
      case 4: case 5: event = val; break;
      case 6: case 7: sep = val; break;
      case 8:
        if (nsym == MAX_SYMBOL_FILES) {
          fprintf(stderr, "rvpmu report: at most %d --symbols files\n", MAX_SYMBOL_FILES);
          return EXIT_USAGE;
        }
        symbols[nsym++] = (char *)val;
        break;
      case 9: callgrind = val; break;
      case 10: folded = val; break;
      case 11: flame = val; break;
      case 12: {
        char *end;
        limit = strtod(val, &end);
        if (*end == '%') end++;
        if (*end || end == val || !(limit >= 0 && limit <= 100)) {
          fprintf(stderr, "rvpmu report: --percent-limit takes a percentage from 0 to 100, not '%s'\n", val);
          return EXIT_USAGE;
        }
        break;
      }
      default: {
        char *end;
        long v = strtol(val, &end, 10);
        if (*end || end == val || v < 0 || v > 255) {
          fprintf(stderr, "rvpmu report: --hart takes a hart number, not '%s'\n", val);
          return EXIT_USAGE;
        }
        hart = (int)v;
      }
    }
  }
  enum prof_sort sort;
  /* Rows are keyed by function first, so symbol,line is line (perf's --sort symbol,srcline). */
  if (!strcmp(sort_name, "symbol")) sort = SORT_SYMBOL;
  else if (!strcmp(sort_name, "line") || !strcmp(sort_name, "symbol,line") || !strcmp(sort_name, "line,symbol"))
    sort = SORT_LINE;
  else if (!strcmp(sort_name, "address") || !strcmp(sort_name, "symbol,address")) sort = SORT_ADDRESS;
  else {
    fprintf(stderr, "rvpmu report: --sort takes symbol, line, symbol,line, address or symbol,address, not '%s'\n",
            sort_name);
    return EXIT_USAGE;
  }
  if (graph && (sort != SORT_SYMBOL || json || sep)) {
    fprintf(stderr, "rvpmu report: -g shows call chains in the table of functions (--sort symbol, no --json, -x)\n");
    return EXIT_USAGE;
  }
  if (json && sep) {
    fprintf(stderr, "rvpmu report: choose one of -x and --json\n");
    return EXIT_USAGE;
  }
  struct prof_model m;
  char err[512];
  if (prof_model_open(&m, input, symbols, nsym, err, sizeof err) != 0) {
    fprintf(stderr, "rvpmu report: %s\n", err);
    return EXIT_USAGE;
  }
  int ev = prof_model_event(&m, event, "report");
  int only = ev >= 0 && hart >= 0 ? prof_data_only_hart(&m.d, (unsigned)hart) : 0;
  if (only == -1)
    fprintf(stderr, "rvpmu report: --hart %d: the profile has %u hart%s\n", hart, m.d.harts, m.d.harts == 1 ? "" : "s");
  if (only == -2) fprintf(stderr, "rvpmu report: out of memory\n");
  if (only) ev = -1;
  if (ev < 0) {
    prof_model_close(&m);
    return EXIT_USAGE;
  }
  int status = 0;
  if (callgrind || folded || flame) {
    if ((callgrind && prof_export_callgrind(&m, callgrind, err, sizeof err) != 0) ||
        (folded && prof_export_folded(&m, (unsigned)ev, folded, err, sizeof err) != 0) ||
        (flame && prof_export_flamegraph(&m, (unsigned)ev, flame, err, sizeof err) != 0)) {
      fprintf(stderr, "rvpmu report: %s\n", err);
      status = EXIT_USAGE;
    }
    /* An export alone prints nothing else; with --json or -x the table follows too. */
    if (status || (!json && !sep)) {
      prof_model_close(&m);
      return status;
    }
  }
  struct prof_view v;
  if (prof_view_build(&m, sort, &v) != 0) {
    fprintf(stderr, "rvpmu report: out of memory\n");
    prof_model_close(&m);
    return EXIT_SIM_ERROR;
  }
  prof_view_sort(&v, (unsigned)ev, children);
  if (json) print_json(stdout, &m, &v);
  else if (sep) print_csv(stdout, &m, &v, sep);
  else print_table(stdout, &m, &v, &(struct table_opts){.ev = (unsigned)ev, .children = children, .graph = graph,
                                                        .limit = limit});
  prof_view_free(&v);
  prof_model_close(&m);
  return 0;
}
