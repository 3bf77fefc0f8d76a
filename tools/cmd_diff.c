/* rvpmu diff: two recorded profiles side by side, per function or source line, as `perf diff`
 * compares two perf.data files: the before/after view of a change. Rows are matched by name
 * (and source line), not address, since a rebuilt program moves. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/commands.h"
#include "tools/prof_view.h"

static void usage(FILE *out) {
  fprintf(out,
          "usage: rvpmu diff [--sort symbol|line] [-e EVENT] [--percent-limit P] [--symbols ELF[@ADDR]]...\n"
          "                  OLD.data NEW.data\n"
          "\n"
          "Compares two profiles written by 'rvpmu record' (a program before and after a change),\n"
          "per function (default) or source line: the self count of EVENT in each, the change\n"
          "(absolute and relative to OLD), the share of the total in OLD (perf diff's Baseline)\n"
          "and its change in percentage points (perf diff's Delta). Rows are matched by function\n"
          "name (and file and line), sorted by the size of the change; a row in only one\n"
          "profile shows 0 in the other. Counts are exact, so every difference is real.\n"
          "\n"
          "  -s, --sort KEY            symbol (default) or line\n"
          "  -e, --event E             the event to compare (default: the first of OLD; it must\n"
          "                            have been recorded in both)\n"
          "  --percent-limit P         leave out rows under P percent of both totals\n"
          "  --symbols ELF[@ADDR]      symbols for both profiles (as for rvpmu report)\n"
          "  -h, --help                this help\n");
}

struct drow {
  const char *symbol, *file;
  int line;
  int64_t count[2]; /* OLD, NEW */
};

static int cmp_str0(const char *a, const char *b) {
  if (a == b) return 0;
  if (!a) return -1;
  if (!b) return 1;
  return strcmp(a, b);
}

static int by_key(const void *pa, const void *pb) {
  const struct drow *a = pa, *b = pb;
  int c = strcmp(a->symbol, b->symbol);
  if (c) return c;
  if ((c = cmp_str0(a->file, b->file))) return c;
  return (a->line > b->line) - (a->line < b->line);
}

static int64_t change(const struct drow *r) { return r->count[1] - r->count[0]; }
static int by_change(const void *pa, const void *pb) {
  const struct drow *a = pa, *b = pb;
  int64_t x = llabs(change(a)), y = llabs(change(b));
  if (x != y) return x > y ? -1 : 1;
  return by_key(pa, pb);
}

static double pct(int64_t n, uint64_t total) { return total ? 100.0 * (double)n / (double)total : 0.0; }

static const char *base_name(const char *path) {
  const char *s = path ? strrchr(path, '/') : NULL;
  return s ? s + 1 : path;
}

int cmd_diff(int argc, char **argv) {
  const char *files[2] = {NULL, NULL}, *event = NULL, *sort_name = "symbol";
  char *symbols[8];
  unsigned nsym = 0, nfiles = 0;
  double limit = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      usage(stdout);
      return 0;
    }
    bool valued = !strcmp(a, "-s") || !strcmp(a, "--sort") || !strcmp(a, "-e") || !strcmp(a, "--event") ||
                  !strcmp(a, "--percent-limit") || !strcmp(a, "--symbols");
    if (valued && i + 1 >= argc) {
      fprintf(stderr, "rvpmu diff: %s needs a value\n", a);
      return EXIT_USAGE;
    }
    if (!strcmp(a, "-s") || !strcmp(a, "--sort")) sort_name = argv[++i];
    else if (!strcmp(a, "-e") || !strcmp(a, "--event")) event = argv[++i];
    else if (!strcmp(a, "--symbols")) {
      if (nsym == 8) {
        fprintf(stderr, "rvpmu diff: at most 8 --symbols files\n");
        return EXIT_USAGE;
      }
      symbols[nsym++] = argv[++i];
    } else if (!strcmp(a, "--percent-limit")) {
      char *end;
      const char *v = argv[++i];
      limit = strtod(v, &end);
      if (*end == '%') end++;
      if (*end || end == v || !(limit >= 0 && limit <= 100)) {
        fprintf(stderr, "rvpmu diff: --percent-limit takes a percentage from 0 to 100, not '%s'\n", v);
        return EXIT_USAGE;
      }
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "rvpmu diff: unknown option '%s' (see 'rvpmu diff --help')\n", a);
      return EXIT_USAGE;
    } else if (nfiles == 2) {
      fprintf(stderr, "rvpmu diff: compares two data files, not more ('%s')\n", a);
      return EXIT_USAGE;
    } else files[nfiles++] = a;
  }
  if (nfiles != 2) {
    fprintf(stderr, "rvpmu diff: needs two data files: OLD.data NEW.data (see 'rvpmu diff --help')\n");
    return EXIT_USAGE;
  }
  enum prof_sort sort;
  if (!strcmp(sort_name, "symbol")) sort = SORT_SYMBOL;
  else if (!strcmp(sort_name, "line") || !strcmp(sort_name, "symbol,line")) sort = SORT_LINE;
  else {
    fprintf(stderr, "rvpmu diff: --sort takes symbol or line, not '%s'\n", sort_name);
    return EXIT_USAGE;
  }
  struct prof_model m[2];
  struct prof_view v[2];
  int ev[2], status = EXIT_USAGE, opened = 0, built = 0;
  char err[512];
  struct drow *rows = NULL;
  for (; opened < 2; opened++) {
    if (prof_model_open(&m[opened], files[opened], symbols, nsym, err, sizeof err) != 0) {
      fprintf(stderr, "rvpmu diff: %s\n", err);
      goto out;
    }
  }
  ev[0] = prof_model_event(&m[0], event, "diff");
  if (ev[0] < 0) goto out;
  ev[1] = prof_model_event(&m[1], m[0].d.events[ev[0]], "diff");
  if (ev[1] < 0) goto out;
  for (; built < 2; built++)
    if (prof_view_build(&m[built], sort, &v[built]) != 0) {
      fprintf(stderr, "rvpmu diff: out of memory\n");
      status = EXIT_SIM_ERROR;
      goto out;
    }
  size_t n = 0;
  if (!(rows = calloc(v[0].n + v[1].n + 1, sizeof *rows))) {
    fprintf(stderr, "rvpmu diff: out of memory\n");
    status = EXIT_SIM_ERROR;
    goto out;
  }
  for (int k = 0; k < 2; k++)
    for (size_t i = 0; i < v[k].n; i++) {
      const struct prof_row *r = &v[k].rows[i];
      struct drow *d = &rows[n++];
      /* By file name: a program rebuilt elsewhere keeps its lines' names. */
      *d = (struct drow){.symbol = r->symbol, .file = sort == SORT_LINE ? base_name(r->file) : NULL,
                         .line = sort == SORT_LINE ? r->line : 0};
      d->count[k] = r->self[ev[k]];
    }
  /* Merge the rows of equal keys (a function of one name in both, or twice in one). */
  qsort(rows, n, sizeof *rows, by_key);
  size_t merged = 0;
  for (size_t i = 0; i < n; i++) {
    if (merged && !by_key(&rows[merged - 1], &rows[i])) {
      rows[merged - 1].count[0] += rows[i].count[0];
      rows[merged - 1].count[1] += rows[i].count[1];
    } else rows[merged++] = rows[i];
  }
  qsort(rows, merged, sizeof *rows, by_change);
  uint64_t total[2] = {prof_data_total(&m[0].d, (unsigned)ev[0]), prof_data_total(&m[1].d, (unsigned)ev[1])};
  const char *name = m[0].d.events[ev[0]];
  printf("# rvpmu diff of %s: OLD %s (%llu in all), NEW %s (%llu in all, %+.2f%%): exact counts\n", name,
         files[0], (unsigned long long)total[0], files[1], (unsigned long long)total[1],
         total[0] ? 100.0 * ((double)total[1] - (double)total[0]) / (double)total[0] : 0.0);
  printf("# per %s, self %s, sorted by the size of the change\n#\n", sort == SORT_LINE ? "source line" : "function",
         name);
  printf("# %8s %9s %13s %13s %13s %9s  %s\n#\n", "Baseline", "Delta", "Old", "New", "Change", "Relative",
         sort == SORT_LINE ? "Symbol / line" : "Symbol");
  for (size_t i = 0; i < merged; i++) {
    const struct drow *r = &rows[i];
    if (!r->count[0] && !r->count[1]) continue;
    double p0 = pct(r->count[0], total[0]), p1 = pct(r->count[1], total[1]);
    if (p0 < limit && p1 < limit) continue;
    char rel[16];
    if (r->count[0]) snprintf(rel, sizeof rel, "%+.2f%%", 100.0 * (double)change(r) / (double)r->count[0]);
    else snprintf(rel, sizeof rel, "new");
    printf("  %8.2f%% %+8.2f%% %13lld %13lld %+13lld %9s  %s", p0, p1 - p0, (long long)r->count[0],
           (long long)r->count[1], (long long)change(r), rel, r->symbol);
    if (sort == SORT_LINE) {
      if (r->file) printf("  %s:%d", r->file, r->line);
      else fputs("  ??", stdout);
    }
    putchar('\n');
  }
  status = 0;
out:
  free(rows);
  for (int k = 0; k < built; k++) prof_view_free(&v[k]);
  for (int k = 0; k < opened; k++) prof_model_close(&m[k]);
  return status;
}
