/* Call graphs of report rows (report -g): for each row, the call chains that led to its self
 * counts, callee first, merged into a tree and printed as `perf report --stdio -g` does, with
 * percentages of the event's total. */
#include "tools/prof_callgraph.h"

#include <stdlib.h>
#include <string.h>

struct cg_node {
  const char *name;
  int64_t count;
  struct cg_node **kid;
  size_t n, cap;
};

struct prof_cg {
  struct cg_node **root; /* [rows]: NULL for a row not asked for */
  size_t rows;
};

static struct cg_node *kid_of(struct cg_node *p, const char *name) {
  for (size_t i = 0; i < p->n; i++)
    if (!strcmp(p->kid[i]->name, name)) return p->kid[i];
  if (p->n == p->cap) {
    size_t cap = p->cap ? 2 * p->cap : 4;
    struct cg_node **k = realloc(p->kid, cap * sizeof *k);
    if (!k) return NULL;
    p->kid = k, p->cap = cap;
  }
  struct cg_node *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->name = name;
  p->kid[p->n++] = c;
  return c;
}

static void node_free(struct cg_node *n) {
  if (!n) return;
  for (size_t i = 0; i < n->n; i++) node_free(n->kid[i]);
  free(n->kid);
  free(n);
}

void prof_cg_free(struct prof_cg *cg) {
  if (!cg) return;
  for (size_t i = 0; i < cg->rows; i++) node_free(cg->root[i]);
  free(cg->root);
  free(cg);
}

struct prof_cg *prof_cg_build(struct prof_model *m, struct prof_view *v, unsigned ev, const bool *want) {
  const struct prof_data *d = &m->d;
  struct prof_cg *cg = calloc(1, sizeof *cg);
  if (!cg || !(cg->root = calloc(v->n ? v->n : 1, sizeof *cg->root))) goto oom;
  cg->rows = v->n;
  for (size_t k = 0; k < d->num_self; k++) {
    const struct prof_data_self *s = &d->self[k];
    int64_t c = s->count[ev];
    if (!c) continue;
    size_t r = prof_view_row(m, v, s->pc);
    if (r == SIZE_MAX) goto oom;
    if (r >= cg->rows || !want[r]) continue;
    if (!cg->root[r] && !(cg->root[r] = calloc(1, sizeof **cg->root))) goto oom;
    struct cg_node *n = cg->root[r];
    n->name = v->rows[r].symbol;
    n->count += c;
    /* Callers, innermost first: the function of each call site up the context path. */
    for (uint32_t x = s->node; x != PROF_NO_PARENT && d->nodes[x].kind != PROF_ROOT; x = d->nodes[x].parent) {
      const struct prof_data_node *nd = &d->nodes[x];
      const char *name = prof_model_pc(m, nd->callsite)->symbol;
      if (!(n = kid_of(n, name))) goto oom;
      n->count += c;
    }
  }
  return cg;
oom:
  prof_cg_free(cg);
  return NULL;
}

static int by_count(const void *a, const void *b) {
  const struct cg_node *x = *(struct cg_node *const *)a, *y = *(struct cg_node *const *)b;
  if (x->count != y->count) return x->count > y->count ? -1 : 1;
  return strcmp(x->name, y->name);
}

static double pct(int64_t n, uint64_t total) { return total ? 100.0 * (double)n / (double)total : 0.0; }

/* The callers of n, under `prefix`: a single caller with all of n's count continues the chain
 * straight down; otherwise each branch gets its percentage of the total. */
static void print_kids(FILE *f, struct cg_node *n, const char *prefix, uint64_t total, double limit) {
  if (n->n > 1) qsort(n->kid, n->n, sizeof *n->kid, by_count); /* (kid is NULL when n has none) */
  size_t shown = 0;
  for (size_t i = 0; i < n->n; i++) shown += pct(n->kid[i]->count, total) >= limit;
  if (shown == 1 && n->kid[0]->count == n->count) {
    fprintf(f, "%s%s\n", prefix, n->kid[0]->name);
    print_kids(f, n->kid[0], prefix, total, limit);
    return;
  }
  for (size_t i = 0; i < shown; i++) {
    struct cg_node *k = n->kid[i];
    bool last = i + 1 == shown;
    char head[32];
    int len = snprintf(head, sizeof head, "--%.2f%%--", pct(k->count, total));
    fprintf(f, "%s|\n%s%s%s%s\n", prefix, prefix, last ? " " : "|", head, k->name);
    size_t pl = strlen(prefix);
    char *sub = malloc(pl + (size_t)len + 2);
    if (!sub) return;
    snprintf(sub, pl + (size_t)len + 2, "%s%s%*s", prefix, last ? " " : "|", len, "");
    print_kids(f, k, sub, total, limit);
    free(sub);
  }
}

void prof_cg_print(FILE *f, const struct prof_cg *cg, size_t row, uint64_t total, double limit) {
  struct cg_node *n = row < cg->rows ? cg->root[row] : NULL;
  if (!n) return;
  fprintf(f, "            |\n            ---%s\n", n->name);
  print_kids(f, n, "               ", total, limit);
  fputc('\n', f);
}
