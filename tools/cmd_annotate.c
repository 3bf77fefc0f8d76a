/* rvpmu annotate: a function's instructions with the recorded count of every event at each,
 * and the source lines they come from, like `perf annotate --stdio`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/commands.h"
#include "tools/prof_disasm.h"
#include "tools/prof_model.h"
#include "tools/prof_view.h"

#define MAX_SYMBOL_FILES 8
#define MAX_FUNCTION_BYTES (1u << 20)
#define HOTTEST 5 /* functions annotated when no symbol is named */

static void usage(FILE *out) {
  fprintf(out,
          "usage: rvpmu annotate [-i FILE] [--event E] [--symbols ELF[@ADDR]]... [SYMBOL]\n"
          "\n"
          "Prints the instructions of function SYMBOL (without one: of the %d functions with the\n"
          "highest self count of the event, hottest first) from a profile written by 'rvpmu\n"
          "record': per instruction, the percentage of the function's count of the event and the\n"
          "exact count of every recorded event, with the source lines (DWARF) in between; at a\n"
          "call, also the inclusive counts of what the calls made there ran (calls that opened a\n"
          "calling context: recursive calls fold, docs/profiling.md). Disassembly comes from\n"
          "rvpmu's own decoder, the table that also runs the program, with objdump's\n"
          "pseudo-instructions (li, mv, ret, j, csrr...).\n"
          "\n"
          "  -i, --input FILE          the data file (default rvpmu.data)\n"
          "  -e, --event E             the event of the percentage column (default: the first)\n"
          "  --symbols ELF[@ADDR]      also take symbols from ELF (see 'rvpmu report --help')\n"
          "  -h, --help                this help\n",
          HOTTEST);
}

/* Line `n` of a source file (cached: one file at a time), or NULL. */
static const char *source_line(const char *file, int n) {
  static char *text;
  static char path[4096];
  static const char **lines;
  static int count;
  if (!file) return NULL;
  if (strcmp(path, file)) {
    free(text), free(lines);
    text = NULL, lines = NULL, count = 0;
    snprintf(path, sizeof path, "%s", file);
    FILE *f = fopen(file, "r");
    if (!f) return NULL;
    size_t cap = 0, len = 0;
    for (;;) {
      if (len + 4096 + 1 > cap) {
        cap = cap ? cap * 2 : 65536;
        char *t = realloc(text, cap);
        if (!t) break;
        text = t;
      }
      size_t got = fread(text + len, 1, 4096, f);
      len += got;
      if (!got) break;
    }
    fclose(f);
    if (!text) return NULL;
    text[len] = '\0';
    for (size_t i = 0; i < len; i++) count += text[i] == '\n';
    lines = calloc((size_t)count + 2, sizeof *lines);
    if (!lines) return NULL;
    int k = 0;
    lines[k++] = text;
    for (size_t i = 0; i < len; i++)
      if (text[i] == '\n') {
        text[i] = '\0';
        lines[k++] = text + i + 1;
      }
    count = k;
  }
  return lines && n >= 1 && n <= count ? lines[n - 1] : NULL;
}

/* Annotates one function: its instructions, their counts, the source lines, the inclusive
 * counts at its call sites. 0, or an exit status with a message. */
static int annotate_one(struct prof_model *m, unsigned ev, const char *symbol) {
  uint64_t start = 0, size = 0;
  if (!prof_symbols_find(m->syms, symbol, &start, &size)) {
    fprintf(stderr, "rvpmu annotate: no function '%s' in the profile's symbol files\n", symbol);
    return EXIT_USAGE;
  }
  uint8_t *code = NULL;
  if ((size == 0 || size > MAX_FUNCTION_BYTES || !(code = malloc(size)) ||
                  !prof_symbols_read(m->syms, start, code, size))) {
    fprintf(stderr, "rvpmu annotate: cannot read the code of '%s' (%llu bytes at 0x%llx)\n", symbol,
            (unsigned long long)size, (unsigned long long)start);
    free(code);
    return EXIT_USAGE;
  }
  /* The function's counts per instruction (2-byte slots), over every context and mode. */
  const struct prof_data *d = &m->d;
  int64_t *cnt = calloc(2 * (size / 2 + 1) * d->nev, sizeof *cnt);
  int64_t *incl = cnt ? cnt + (size / 2 + 1) * d->nev : NULL; /* at call sites */
  bool *site = calloc(size / 2 + 1, sizeof *site);
  int64_t fn_total[PROF_MAX_EVENTS] = {0};
  if (!cnt || !site) {
    fprintf(stderr, "rvpmu annotate: out of memory\n");
    free(cnt), free(site), free(code);
    return EXIT_SIM_ERROR;
  }
  for (size_t k = 0; k < d->num_self; k++) {
    const struct prof_data_self *s = &d->self[k];
    if (s->pc < start || s->pc >= start + size) continue;
    for (unsigned e = 0; e < d->nev; e++) {
      cnt[(s->pc - start) / 2 * d->nev + e] += s->count[e];
      fn_total[e] += s->count[e];
    }
  }
  /* Inclusive counts of the calls made in the function: every count whose context path has
   * a call from it (a function is a caller at most once on a path: recursion folds). */
  for (size_t i = 0; i < d->num_nodes; i++)
    if ((d->nodes[i].kind == PROF_CALL || d->nodes[i].kind == PROF_FOLDED) && d->nodes[i].callsite >= start &&
        d->nodes[i].callsite < start + size)
      site[(d->nodes[i].callsite - start) / 2] = true;
  for (size_t k = 0; k < d->num_self; k++) {
    const struct prof_data_self *s = &d->self[k];
    for (uint32_t x = s->node; x != PROF_NO_PARENT; x = d->nodes[x].parent) {
      const struct prof_data_node *nd = &d->nodes[x];
      if (nd->kind != PROF_CALL || nd->callsite < start || nd->callsite >= start + size) continue;
      for (unsigned e = 0; e < d->nev; e++) incl[(nd->callsite - start) / 2 * d->nev + e] += s->count[e];
      break;
    }
  }
  printf(" Percent of %s | ", d->events[ev]);
  for (unsigned e = 0; e < d->nev; e++) printf("%12.12s ", d->events[e]);
  printf("| Source and disassembly of %s (0x%llx, %llu bytes)\n", symbol, (unsigned long long)start,
         (unsigned long long)size);
  printf(" totals          | ");
  for (unsigned e = 0; e < d->nev; e++) printf("%12lld ", (long long)fn_total[e]);
  printf("|\n");
  const char *last_file = NULL;
  int last_line = -1;
  for (uint64_t off = 0; off < size;) {
    uint64_t pc = start + off;
    const struct prof_pc *p = prof_model_pc(m, pc);
    if (p->file && (p->line != last_line || !last_file || strcmp(p->file, last_file))) {
      const char *text = source_line(p->file, p->line);
      const char *base = strrchr(p->file, '/') ? strrchr(p->file, '/') + 1 : p->file;
      printf("%17s :   %s:%d  %s\n", "", base, p->line, text ? text : "");
      last_file = p->file, last_line = p->line;
    }
    char asm_text[96];
    unsigned len = prof_disasm(code + off, size - off, pc, m->xlen, asm_text, sizeof asm_text);
    if (!len) break;
    const int64_t *c = &cnt[off / 2 * d->nev];
    if (fn_total[ev]) printf(" %14.2f%% | ", 100.0 * (double)c[ev] / (double)fn_total[ev]);
    else printf(" %15s | ", "");
    for (unsigned e = 0; e < d->nev; e++) printf("%12lld ", (long long)c[e]);
    printf("| %8llx:  %s", (unsigned long long)pc, asm_text);
    if (site[off / 2]) {
      const int64_t *ic = &incl[off / 2 * d->nev];
      printf("  # inclusive:");
      for (unsigned e = 0; e < d->nev; e++) printf(" %lld", (long long)ic[e]);
    }
    putchar('\n');
    off += len;
  }
  free(site);
  free(cnt);
  free(code);
  return 0;
}

int cmd_annotate(int argc, char **argv) {
  const char *input = "rvpmu.data", *event = NULL, *symbol = NULL;
  char *symbols[MAX_SYMBOL_FILES] = {0};
  unsigned nsym = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      usage(stdout);
      return 0;
    }
    bool valued = !strcmp(a, "-i") || !strcmp(a, "--input") || !strcmp(a, "-e") || !strcmp(a, "--event") ||
                  !strcmp(a, "--symbols");
    if (valued && i + 1 >= argc) {
      fprintf(stderr, "rvpmu annotate: %s needs a value\n", a);
      return EXIT_USAGE;
    }
    if (!strcmp(a, "-i") || !strcmp(a, "--input")) input = argv[++i];
    else if (!strcmp(a, "-e") || !strcmp(a, "--event")) event = argv[++i];
    else if (!strcmp(a, "--symbols")) {
      if (nsym == MAX_SYMBOL_FILES) {
        fprintf(stderr, "rvpmu annotate: at most %d --symbols files\n", MAX_SYMBOL_FILES);
        return EXIT_USAGE;
      }
      symbols[nsym++] = argv[++i];
    } else if (a[0] == '-') {
      fprintf(stderr, "rvpmu annotate: unknown option '%s' (see 'rvpmu annotate --help')\n", a);
      return EXIT_USAGE;
    } else if (symbol) {
      fprintf(stderr, "rvpmu annotate: one symbol at a time\n");
      return EXIT_USAGE;
    } else {
      symbol = a;
    }
  }
  struct prof_model m;
  char err[512];
  if (prof_model_open(&m, input, symbols, nsym, err, sizeof err) != 0) {
    fprintf(stderr, "rvpmu annotate: %s\n", err);
    return EXIT_USAGE;
  }
  int ev = prof_model_event(&m, event, "annotate");
  int status = ev < 0 ? EXIT_USAGE : 0;
  if (ev >= 0 && symbol) status = annotate_one(&m, (unsigned)ev, symbol);
  if (ev >= 0 && !symbol) { /* the hottest functions */
    struct prof_view v;
    if (prof_view_build(&m, SORT_SYMBOL, &v) != 0) {
      fprintf(stderr, "rvpmu annotate: out of memory\n");
      status = EXIT_SIM_ERROR;
    } else {
      prof_view_sort(&v, (unsigned)ev, false);
      unsigned shown = 0;
      for (size_t i = 0; i < v.n && shown < HOTTEST && !status; i++) {
        const struct prof_row *r = &v.rows[i];
        if (r->self[ev] <= 0 || !r->start || !strcmp(r->symbol, "[unknown]")) continue;
        if (shown++) putchar('\n');
        status = annotate_one(&m, (unsigned)ev, r->symbol);
      }
      if (!shown) fprintf(stderr, "rvpmu annotate: no function with a count of %s\n", m.d.events[ev]);
      prof_view_free(&v);
    }
  }
  prof_model_close(&m);
  return status;
}

