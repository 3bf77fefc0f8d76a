/* Callgrind, folded-stack and flame-graph exports of a profile. */
#include "tools/prof_export.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- Stacks as strings ------------------------------------------------------------------- */

/* "caller;...;callee" of each context: the functions of the call sites from the root down. */
static char **node_stacks(struct prof_model *m) {
  const struct prof_data *d = &m->d;
  char **s = calloc(d->num_nodes ? d->num_nodes : 1, sizeof *s);
  if (!s) return NULL;
  for (size_t i = 0; i < d->num_nodes; i++) {
    const struct prof_data_node *n = &d->nodes[i];
    if (n->kind == PROF_ROOT) {
      s[i] = strdup("");
    } else {
      const char *up = s[n->parent], *sym = prof_model_pc(m, n->callsite)->symbol;
      size_t len = strlen(up) + strlen(sym) + 2;
      if ((s[i] = malloc(len))) snprintf(s[i], len, "%s%s%s", up, *up ? ";" : "", sym);
    }
    if (!s[i]) {
      for (size_t k = 0; k < i; k++) free(s[k]);
      free(s);
      return NULL;
    }
  }
  return s;
}

static void free_stacks(const struct prof_data *d, char **s) {
  for (size_t i = 0; s && i < d->num_nodes; i++) free(s[i]);
  free(s);
}

/* A string -> count map (open addressing). */
struct folded {
  char **key;
  int64_t *val;
  size_t size, used;
};

static uint64_t str_hash(const char *s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
  return h;
}

static int folded_add(struct folded *f, char *key, int64_t v) { /* takes key */
  if (2 * (f->used + 1) > f->size) {
    size_t n = f->size ? 2 * f->size : 4096;
    char **k = calloc(n, sizeof *k);
    int64_t *val = calloc(n, sizeof *val);
    if (!k || !val) {
      free(k), free(val), free(key);
      return -1;
    }
    for (size_t i = 0; i < f->size; i++) {
      if (!f->key[i]) continue;
      size_t j = str_hash(f->key[i]) & (n - 1);
      while (k[j]) j = (j + 1) & (n - 1);
      k[j] = f->key[i], val[j] = f->val[i];
    }
    free(f->key), free(f->val);
    f->key = k, f->val = val, f->size = n;
  }
  size_t j = str_hash(key) & (f->size - 1);
  for (; f->key[j]; j = (j + 1) & (f->size - 1))
    if (!strcmp(f->key[j], key)) {
      f->val[j] += v;
      free(key);
      return 0;
    }
  f->key[j] = key, f->val[j] = v;
  f->used++;
  return 0;
}

static void folded_free(struct folded *f) {
  for (size_t i = 0; i < f->size; i++) free(f->key[i]);
  free(f->key), free(f->val);
}

/* Every stack with a nonzero count of event e. */
static int fold(struct prof_model *m, unsigned e, struct folded *f) {
  const struct prof_data *d = &m->d;
  memset(f, 0, sizeof *f);
  char **stacks = node_stacks(m);
  if (!stacks) return -1;
  for (size_t k = 0; k < d->num_self; k++) {
    const struct prof_data_self *s = &d->self[k];
    if (!s->count[e]) continue;
    const char *up = stacks[s->node], *sym = prof_model_pc(m, s->pc)->symbol;
    size_t len = strlen(up) + strlen(sym) + 2;
    char *key = malloc(len);
    if (!key || (snprintf(key, len, "%s%s%s", up, *up ? ";" : "", sym), folded_add(f, key, s->count[e])) != 0) {
      free_stacks(d, stacks);
      folded_free(f);
      return -1;
    }
  }
  free_stacks(d, stacks);
  return 0;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The stacks in order, with their counts (borrowed from f). */
static char **sorted_keys(const struct folded *f) {
  char **k = malloc((f->used ? f->used : 1) * sizeof *k);
  if (!k) return NULL;
  size_t n = 0;
  for (size_t i = 0; i < f->size; i++)
    if (f->key[i]) k[n++] = f->key[i];
  qsort(k, n, sizeof *k, cmp_str);
  return k;
}

static int64_t folded_get(const struct folded *f, const char *key) {
  size_t j = str_hash(key) & (f->size - 1);
  for (; f->key[j]; j = (j + 1) & (f->size - 1))
    if (!strcmp(f->key[j], key)) return f->val[j];
  return 0;
}

static FILE *open_out(const char *path, char *err, size_t errlen) {
  FILE *f = fopen(path, "w");
  if (!f) snprintf(err, errlen, "%s: %s", path, strerror(errno));
  return f;
}

static int close_out(FILE *f, const char *path, char *err, size_t errlen) {
  if (ferror(f) | (fclose(f) != 0)) {
    snprintf(err, errlen, "%s: write error", path);
    return -1;
  }
  return 0;
}

int prof_export_folded(struct prof_model *m, unsigned e, const char *path, char *err, size_t errlen) {
  struct folded fo;
  if (fold(m, e, &fo) != 0) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  char **keys = sorted_keys(&fo);
  FILE *f = keys ? open_out(path, err, errlen) : NULL;
  if (!f) {
    if (!keys) snprintf(err, errlen, "out of memory");
    free(keys);
    folded_free(&fo);
    return -1;
  }
  for (size_t i = 0; i < fo.used; i++) fprintf(f, "%s %lld\n", keys[i], (long long)folded_get(&fo, keys[i]));
  free(keys);
  folded_free(&fo);
  return close_out(f, path, err, errlen);
}

/* --- Flame graph --------------------------------------------------------------------------- */

struct frame {
  char *name;
  int64_t value;
  struct frame *child, *next; /* first child; next sibling */
};

static struct frame *frame_child(struct frame *parent, const char *name, size_t len) {
  for (struct frame *c = parent->child; c; c = c->next)
    if (strlen(c->name) == len && !strncmp(c->name, name, len)) return c;
  struct frame *c = calloc(1, sizeof *c);
  if (!c || !(c->name = strndup(name, len))) {
    free(c);
    return NULL;
  }
  c->next = parent->child;
  parent->child = c;
  return c;
}

static void frame_free(struct frame *f) {
  while (f) {
    struct frame *next = f->next;
    frame_free(f->child);
    free(f->name);
    free(f);
    f = next;
  }
}

static int depth_of(const struct frame *f) {
  int d = 0;
  for (const struct frame *c = f->child; c; c = c->next) {
    int k = depth_of(c);
    if (k > d) d = k;
  }
  return d + 1;
}

static void xml_text(FILE *f, const char *s, size_t max) {
  for (size_t i = 0; s[i] && i < max; i++) {
    switch (s[i]) {
      case '<': fputs("&lt;", f); break;
      case '>': fputs("&gt;", f); break;
      case '&': fputs("&amp;", f); break;
      case '"': fputs("&quot;", f); break;
      default: fputc(s[i], f);
    }
  }
}

#define FLAME_WIDTH 1200.0
#define FRAME_HEIGHT 16
#define FLAME_TOP 40

struct flame_ctx {
  FILE *f;
  int64_t total;
  int height;
  const char *event;
};

/* Draws f and its children, children sorted by name as flamegraph.pl does (alphabetical,
 * left to right), at x (pixels) and depth d (0 = bottom). */
static void draw(struct flame_ctx *c, const struct frame *fr, double x, int d) {
  double w = (double)fr->value / (double)c->total * FLAME_WIDTH;
  if (w < 0.1) return;
  double y = c->height - 10 - (d + 1) * FRAME_HEIGHT;
  uint64_t h = str_hash(fr->name);
  unsigned r = 205 + (unsigned)(h % 50), g = (unsigned)((h >> 8) % 180), b = (unsigned)((h >> 16) % 55);
  fprintf(c->f, "<g><title>");
  xml_text(c->f, fr->name, 4096);
  fprintf(c->f, " (%lld %s, %.2f%%)</title><rect x=\"%.2f\" y=\"%.0f\" width=\"%.2f\" height=\"%d\" fill=\"rgb(%u,%u,%u)\" rx=\"2\"/>",
          (long long)fr->value, c->event, 100.0 * (double)fr->value / (double)c->total, x, y, w, FRAME_HEIGHT - 1,
          r, g, b);
  size_t chars = (size_t)(w / 7);
  if (chars >= 3) {
    fprintf(c->f, "<text x=\"%.2f\" y=\"%.0f\">", x + 3, y + FRAME_HEIGHT - 4);
    size_t len = strlen(fr->name);
    xml_text(c->f, fr->name, len <= chars ? len : chars - 2);
    if (len > chars) fputs("..", c->f);
    fputs("</text>", c->f);
  }
  fputs("</g>\n", c->f);
  /* Children in name order. */
  size_t n = 0;
  for (const struct frame *k = fr->child; k; k = k->next) n++;
  const struct frame **kids = malloc((n ? n : 1) * sizeof *kids);
  if (!kids) return;
  n = 0;
  for (const struct frame *k = fr->child; k; k = k->next) kids[n++] = k;
  for (size_t i = 1; i < n; i++)
    for (size_t j = i; j > 0 && strcmp(kids[j - 1]->name, kids[j]->name) > 0; j--) {
      const struct frame *t = kids[j];
      kids[j] = kids[j - 1], kids[j - 1] = t;
    }
  for (size_t i = 0; i < n; i++) {
    draw(c, kids[i], x, d + 1);
    x += (double)kids[i]->value / (double)c->total * FLAME_WIDTH;
  }
  free(kids);
}

int prof_export_flamegraph(struct prof_model *m, unsigned e, const char *path, char *err, size_t errlen) {
  struct folded fo;
  if (fold(m, e, &fo) != 0) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  struct frame root = {.name = "all"};
  int rc = 0;
  for (size_t i = 0; i < fo.size && rc == 0; i++) {
    if (!fo.key[i] || fo.val[i] <= 0) continue; /* widths cannot be negative */
    struct frame *at = &root;
    root.value += fo.val[i];
    for (const char *s = fo.key[i]; at && *s;) {
      const char *semi = strchr(s, ';');
      size_t len = semi ? (size_t)(semi - s) : strlen(s);
      if ((at = frame_child(at, s, len))) at->value += fo.val[i];
      s += len + (semi ? 1 : 0);
    }
    if (!at) rc = -1;
  }
  folded_free(&fo);
  FILE *f = rc == 0 ? open_out(path, err, errlen) : NULL;
  if (!f) {
    if (rc) snprintf(err, errlen, "out of memory");
    frame_free(root.child);
    return -1;
  }
  char prog[4096];
  if (!*prof_data_meta(&m->d, "program", prog, sizeof prog)) prof_data_meta(&m->d, "kernel", prog, sizeof prog);
  const char *base = strrchr(prog, '/') ? strrchr(prog, '/') + 1 : prog;
  struct flame_ctx c = {.f = f, .total = root.value ? root.value : 1, .event = m->d.events[e]};
  c.height = FLAME_TOP + (depth_of(&root) + 1) * FRAME_HEIGHT + 10;
  fprintf(f,
          "<?xml version=\"1.0\" standalone=\"no\"?>\n"
          "<svg version=\"1.1\" width=\"%.0f\" height=\"%d\" viewBox=\"0 0 %.0f %d\" "
          "xmlns=\"http://www.w3.org/2000/svg\">\n"
          "<style>text { font-family: Verdana, sans-serif; font-size: 11px; fill: #000; pointer-events: none; }\n"
          "g:hover rect { stroke: #000; stroke-width: 1; }\n"
          ".title { font-size: 16px; text-anchor: middle; }</style>\n"
          "<rect x=\"0\" y=\"0\" width=\"100%%\" height=\"100%%\" fill=\"#f8f8f0\"/>\n"
          "<text class=\"title\" x=\"%.0f\" y=\"24\">",
          FLAME_WIDTH, c.height, FLAME_WIDTH, c.height, FLAME_WIDTH / 2);
  xml_text(f, base, 200);
  fprintf(f, ": %s (%lld in all, exact counts; hover for details)</text>\n", c.event, (long long)root.value);
  draw(&c, &root, 0, 0);
  fputs("</svg>\n", f);
  frame_free(root.child);
  return close_out(f, path, err, errlen);
}

/* --- Callgrind ----------------------------------------------------------------------------- */

struct cg_item {
  const char *fn, *fl; /* the function and file of the cost */
  int line;
  const char *cfn, *cfl; /* a call: the callee; NULL for a self cost */
  int cline;
  uint64_t calls;
  int64_t *cost;
};

static int cmp_str0(const char *a, const char *b) {
  if (a == b) return 0;
  if (!a) return -1;
  if (!b) return 1;
  return strcmp(a, b);
}

static int cmp_item(const void *pa, const void *pb) {
  const struct cg_item *a = pa, *b = pb;
  int c;
  if ((c = strcmp(a->fn, b->fn))) return c;
  if ((c = cmp_str0(a->fl, b->fl))) return c;
  if ((c = cmp_str0(a->cfn, b->cfn))) return c;
  if (a->line != b->line) return a->line < b->line ? -1 : 1;
  if ((c = cmp_str0(a->cfl, b->cfl))) return c;
  return (a->cline > b->cline) - (a->cline < b->cline);
}

static void cg_costs(FILE *f, unsigned nev, const int64_t *c) {
  for (unsigned e = 0; e < nev; e++) fprintf(f, " %lld", (long long)c[e]);
  fputc('\n', f);
}

int prof_export_callgrind(struct prof_model *m, const char *path, char *err, size_t errlen) {
  const struct prof_data *d = &m->d;
  unsigned nev = d->nev;
  size_t n = d->num_self + d->num_nodes;
  struct cg_item *items = calloc(n ? n : 1, sizeof *items);
  int64_t *costs = calloc((n ? n : 1) * nev, sizeof *costs);
  int64_t *incl = calloc((d->num_nodes ? d->num_nodes : 1) * nev, sizeof *incl);
  FILE *f = NULL;
  if (!items || !costs || !incl) {
    snprintf(err, errlen, "out of memory");
    goto out;
  }
  size_t k = 0;
  for (size_t i = 0; i < d->num_self; i++, k++) {
    const struct prof_data_self *s = &d->self[i];
    const struct prof_pc *p = prof_model_pc(m, s->pc);
    items[k] = (struct cg_item){.fn = p->symbol, .fl = p->file, .line = p->line, .cost = &costs[k * nev]};
    for (unsigned e = 0; e < nev; e++) items[k].cost[e] = s->count[e], incl[(size_t)s->node * nev + e] += s->count[e];
  }
  /* Inclusive cost of each context: its own and its callees' (children have larger ids). */
  for (size_t i = d->num_nodes; i-- > 0;)
    if (d->nodes[i].parent != PROF_NO_PARENT)
      for (unsigned e = 0; e < nev; e++) incl[(size_t)d->nodes[i].parent * nev + e] += incl[i * nev + e];
  for (size_t i = 0; i < d->num_nodes; i++) {
    const struct prof_data_node *nd = &d->nodes[i];
    if (nd->kind == PROF_ROOT) continue;
    const struct prof_pc *site = prof_model_pc(m, nd->callsite), *callee = prof_model_pc(m, nd->target);
    items[k] = (struct cg_item){.fn = site->symbol, .fl = site->file, .line = site->line, .cfn = callee->symbol,
                                .cfl = callee->file, .cline = callee->line, .calls = nd->calls,
                                .cost = &costs[k * nev]};
    memcpy(items[k].cost, &incl[i * nev], nev * sizeof *incl);
    k++;
  }
  qsort(items, k, sizeof *items, cmp_item);
  if (!(f = open_out(path, err, errlen))) goto out;
  char prog[4096];
  if (!*prof_data_meta(d, "program", prog, sizeof prog)) prof_data_meta(d, "kernel", prog, sizeof prog);
  fprintf(f, "# callgrind format\nversion: 1\ncreator: rvpmu record\ncmd: %s\npositions: line\nevents:", prog);
  for (unsigned e = 0; e < nev; e++) {
    /* Event names are single tokens in this format. */
    fputc(' ', f);
    for (const char *c = d->events[e]; *c; c++) fputc(*c == ' ' ? '_' : *c, f);
  }
  fputs("\nsummary:", f);
  for (unsigned e = 0; e < nev; e++) fprintf(f, " %llu", (unsigned long long)prof_data_total(d, e));
  fputs("\n", f);
  const char *cur_fn = NULL, *cur_fi = NULL;
  for (size_t i = 0; i < k;) {
    /* Merge equal items. */
    size_t j = i + 1;
    struct cg_item it = items[i];
    int64_t sum[PROF_MAX_EVENTS];
    memcpy(sum, it.cost, nev * sizeof *sum);
    for (; j < k && !cmp_item(&items[i], &items[j]); j++) {
      it.calls += items[j].calls;
      for (unsigned e = 0; e < nev; e++) sum[e] += items[j].cost[e];
    }
    if (!cur_fn || strcmp(cur_fn, it.fn)) {
      fprintf(f, "\nfl=%s\nfn=%s\n", it.fl ? it.fl : "???", it.fn);
      cur_fn = it.fn, cur_fi = it.fl;
    } else if (cmp_str0(cur_fi, it.fl)) {
      fprintf(f, "fi=%s\n", it.fl ? it.fl : "???");
      cur_fi = it.fl;
    }
    if (it.cfn) {
      fprintf(f, "cfi=%s\ncfn=%s\ncalls=%llu %d\n", it.cfl ? it.cfl : "???", it.cfn, (unsigned long long)it.calls,
              it.cline);
    }
    fprintf(f, "%d", it.line);
    cg_costs(f, nev, sum);
    i = j;
  }
out:
  free(items), free(costs), free(incl);
  return f ? close_out(f, path, err, errlen) : -1;
}
