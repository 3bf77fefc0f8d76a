/* Rows of a profile: self, inclusive and call counts per function, line or instruction. */
#include "tools/prof_view.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t hash_str(const char *s, uint64_t h) {
  for (; s && *s; s++) h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
  return h;
}

static uint64_t row_hash(enum prof_sort sort, const struct prof_row *r) {
  uint64_t h = hash_str(r->symbol, 0xcbf29ce484222325ull) ^ r->start;
  if (sort == SORT_LINE) h = hash_str(r->file, h) * 31 + (uint64_t)r->line;
  if (sort == SORT_ADDRESS) h = (h ^ r->address) * 0x9E3779B97F4A7C15ull;
  return h ^ (h >> 31);
}

static bool same_str(const char *a, const char *b) { return a == b || (a && b && !strcmp(a, b)); }

/* Rows are per function (two functions of one name, say the firmware's and the kernel's
 * memset, stay apart), then per line or instruction within it. */
static bool row_equal(enum prof_sort sort, const struct prof_row *a, const struct prof_row *b) {
  if (!same_str(a->symbol, b->symbol) || a->start != b->start) return false;
  if (sort == SORT_LINE) return a->line == b->line && same_str(a->file, b->file);
  if (sort == SORT_ADDRESS) return a->address == b->address;
  return true;
}

static int rehash_keys(struct prof_view *v, size_t size) {
  size_t *k = malloc(size * sizeof *k);
  if (!k) return -1;
  for (size_t i = 0; i < size; i++) k[i] = SIZE_MAX;
  for (size_t r = 0; r < v->n; r++) {
    size_t j = row_hash(v->sort, &v->rows[r]) & (size - 1);
    while (k[j] != SIZE_MAX) j = (j + 1) & (size - 1);
    k[j] = r;
  }
  free(v->key_rows);
  v->key_rows = k, v->key_size = size;
  return 0;
}

/* The row for the key `want` (created if new). */
static size_t row_of(struct prof_view *v, const struct prof_row *want) {
  if (2 * (v->n + 1) > v->key_size && rehash_keys(v, v->key_size ? v->key_size * 2 : 1024) != 0) return SIZE_MAX;
  size_t j = row_hash(v->sort, want) & (v->key_size - 1);
  for (; v->key_rows[j] != SIZE_MAX; j = (j + 1) & (v->key_size - 1))
    if (row_equal(v->sort, &v->rows[v->key_rows[j]], want)) return v->key_rows[j];
  if (v->n == v->cap) {
    size_t cap = v->cap ? v->cap * 2 : 256;
    struct prof_row *rows = realloc(v->rows, cap * sizeof *rows);
    if (!rows) return SIZE_MAX;
    v->rows = rows, v->cap = cap;
  }
  struct prof_row *r = &v->rows[v->n];
  *r = *want;
  r->self = calloc(2 * v->nev, sizeof *r->self);
  if (!r->self) return SIZE_MAX;
  r->incl = r->self + v->nev;
  v->key_rows[j] = v->n;
  return v->n++;
}

static size_t pc_slot(uint64_t pc, size_t size) { return (size_t)((pc * 0x9E3779B97F4A7C15ull) >> 17) & (size - 1); }

static int rehash_pcs(struct prof_view *v, size_t size) {
  uint64_t *keys = malloc(size * sizeof *keys);
  size_t *rows = malloc(size * sizeof *rows);
  if (!keys || !rows) {
    free(keys), free(rows);
    return -1;
  }
  for (size_t i = 0; i < size; i++) rows[i] = SIZE_MAX;
  for (size_t i = 0; i < v->pc_size; i++) {
    if (v->pc_rows[i] == SIZE_MAX) continue;
    size_t j = pc_slot(v->pc_keys[i], size);
    while (rows[j] != SIZE_MAX) j = (j + 1) & (size - 1);
    keys[j] = v->pc_keys[i], rows[j] = v->pc_rows[i];
  }
  free(v->pc_keys), free(v->pc_rows);
  v->pc_keys = keys, v->pc_rows = rows, v->pc_size = size;
  return 0;
}

size_t prof_view_row(struct prof_model *m, struct prof_view *v, uint64_t pc) {
  if (2 * (v->pc_used + 1) > v->pc_size && rehash_pcs(v, v->pc_size ? v->pc_size * 2 : 4096) != 0) return SIZE_MAX;
  size_t j = pc_slot(pc, v->pc_size);
  for (; v->pc_rows[j] != SIZE_MAX; j = (j + 1) & (v->pc_size - 1))
    if (v->pc_keys[j] == pc) return v->pc_rows[j];
  const struct prof_pc *info = prof_model_pc(m, pc);
  struct prof_row want = {.symbol = info->symbol, .start = info->start, .file = info->file, .line = info->line};
  if (v->sort == SORT_SYMBOL && strcmp(info->symbol, "[unknown]")) { /* where the function starts */
    const struct prof_pc *first = prof_model_pc(m, info->start);
    want.file = first->file, want.line = first->line;
  }
  if (v->sort == SORT_ADDRESS) want.address = pc;
  size_t r = row_of(v, &want);
  if (r == SIZE_MAX) return r;
  v->pc_keys[j] = pc, v->pc_rows[j] = r;
  v->pc_used++;
  return r;
}

int prof_view_build(struct prof_model *m, enum prof_sort sort, struct prof_view *v) {
  const struct prof_data *d = &m->d;
  memset(v, 0, sizeof *v);
  v->sort = sort;
  v->nev = d->nev;
  /* Per context, the rows of its call sites up the stack (computed on the way, deduplicated
   * with a stamp per row). */
  size_t *site_row = malloc((d->num_nodes ? d->num_nodes : 1) * sizeof *site_row);
  if (!site_row) return -1;
  for (size_t i = 0; i < d->num_nodes; i++) {
    const struct prof_data_node *n = &d->nodes[i];
    site_row[i] = SIZE_MAX;
    if (n->kind == PROF_ROOT) continue;
    if ((site_row[i] = prof_view_row(m, v, n->callsite)) == SIZE_MAX) goto oom;
    if (n->kind == PROF_CALL || n->kind == PROF_FOLDED) {
      size_t t = prof_view_row(m, v, n->target);
      if (t == SIZE_MAX) goto oom;
      v->rows[t].calls += n->calls;
    }
  }
  uint64_t *stamp = NULL;
  size_t stamps = 0;
  for (size_t k = 0; k < d->num_self; k++) {
    const struct prof_data_self *s = &d->self[k];
    size_t r = prof_view_row(m, v, s->pc);
    if (r == SIZE_MAX) goto oom_stamp;
    if (stamps < v->n) {
      uint64_t *ns = realloc(stamp, 2 * v->n * sizeof *ns);
      if (!ns) goto oom_stamp;
      memset(ns + stamps, 0, (2 * v->n - stamps) * sizeof *ns);
      stamp = ns, stamps = 2 * v->n;
    }
    uint64_t mark = k + 1;
    struct prof_row *row = &v->rows[r];
    row->modes |= 1u << s->priv;
    for (unsigned e = 0; e < d->nev; e++) row->self[e] += s->count[e], row->incl[e] += s->count[e];
    stamp[r] = mark;
    for (uint32_t n = s->node; n != PROF_NO_PARENT; n = d->nodes[n].parent) {
      size_t sr = site_row[n];
      if (sr == SIZE_MAX || stamp[sr] == mark) continue;
      stamp[sr] = mark;
      for (unsigned e = 0; e < d->nev; e++) v->rows[sr].incl[e] += s->count[e];
    }
  }
  free(stamp);
  free(site_row);
  return 0;
oom_stamp:
  free(stamp);
oom:
  free(site_row);
  prof_view_free(v);
  return -1;
}

void prof_view_free(struct prof_view *v) {
  for (size_t i = 0; i < v->n; i++) free(v->rows[i].self);
  free(v->rows);
  free(v->pc_keys);
  free(v->pc_rows);
  free(v->key_rows);
  memset(v, 0, sizeof *v);
}

static unsigned sort_event;
static bool sort_children;
static int by_count(const void *a, const void *b) {
  const struct prof_row *x = a, *y = b;
  int64_t cx = sort_children ? x->incl[sort_event] : x->self[sort_event];
  int64_t cy = sort_children ? y->incl[sort_event] : y->self[sort_event];
  if (cx != cy) return cx > cy ? -1 : 1;
  int c = strcmp(x->symbol, y->symbol);
  if (c) return c;
  if (x->line != y->line) return x->line < y->line ? -1 : 1;
  return x->address < y->address ? -1 : x->address > y->address;
}

void prof_view_sort(struct prof_view *v, unsigned e, bool children) {
  sort_event = e;
  sort_children = children;
  qsort(v->rows, v->n, sizeof *v->rows, by_count);
  /* The key tables point at row positions: rebuild them for later lookups. */
  if (v->key_rows) rehash_keys(v, v->key_size);
  free(v->pc_keys), free(v->pc_rows);
  v->pc_keys = NULL, v->pc_rows = NULL, v->pc_size = v->pc_used = 0;
}
