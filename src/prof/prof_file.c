/* Attaching the profiler to a machine and writing its data file (prof/prof_format.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "machine.h"
#include "prof/prof_format.h"
#include "prof/prof_store.h"

static struct prof *prof_of(struct rvpmu_machine *mm) {
  struct machine *m = (struct machine *)mm;
  return m->harts[0]->prof ? m->harts[0]->prof->prof : NULL;
}

int rvpmu_profile_start(struct rvpmu_machine *mm, const char *const *events, unsigned n, char *err, size_t errlen) {
  struct machine *m = (struct machine *)mm;
  if (n == 0 || n > PROF_MAX_EVENTS) {
    snprintf(err, errlen, "record 1 to %d events", PROF_MAX_EVENTS);
    return -1;
  }
  if (prof_of(mm)) {
    snprintf(err, errlen, "the profiler is already attached");
    return -1;
  }
  struct prof *p = calloc(1, sizeof *p);
  if (!p) goto oom;
  p->machine = m;
  p->nev = n;
  enum event_id watched[PROF_MAX_EVENTS];
  for (unsigned i = 0; i < n; i++) {
    /* NAME:latency is the sum of the latencies of event NAME's occurrences, what a latency
     * pair's first counter counts (MicroBlaze V). */
    char base[64];
    snprintf(base, sizeof base, "%s", events[i]);
    char *colon = strchr(base, ':');
    bool latency = colon && !strcmp(colon, ":latency");
    if (latency) *colon = '\0';
    enum event_id ev = profile_event_by_name(m->profile, base);
    if (ev == EV_NONE || (colon && !latency)) {
      snprintf(err, errlen, "event '%s' is not supported by core %s (see 'rvpmu list --core %s')", events[i],
               m->profile->name, m->profile->name);
      free(p);
      return -1;
    }
    watched[i] = ev;
    p->ev[i] = latency ? EV_NONE : (uint8_t)ev;
    p->latency[i] = latency;
    snprintf(p->names[i], sizeof p->names[i], "%s", events[i]);
  }
  for (unsigned i = 0; i < m->num_harts; i++) {
    struct hart *h = m->harts[i];
    struct prof_hart *ph = calloc(1, sizeof *ph);
    if (!ph) goto oom;
    ph->prof = p;
    ph->nev = n;
    memcpy(ph->ev, p->ev, sizeof ph->ev);
    for (unsigned e = 0; e < n; e++) {
      hpm_watch_event(&h->hpm, watched[e]);
      ph->src[e] = p->latency[e] ? &ph->latency[watched[e]] : &h->hpm.acc[watched[e]];
    }
    hart_update_models(h);
    h->prof = ph;
    /* The root context; what reset already counted (the pipeline fill) goes to the first pc. */
    if (p->num_nodes == p->cap_nodes) {
      size_t cap = p->cap_nodes ? p->cap_nodes * 2 : 1024;
      struct prof_node **nodes = realloc(p->nodes, cap * sizeof *nodes);
      if (!nodes) goto oom;
      p->nodes = nodes, p->cap_nodes = cap;
    }
    struct prof_node *root = calloc(1, sizeof *root);
    if (!root) goto oom;
    *root = (struct prof_node){.target = h->pc, .id = (uint32_t)p->num_nodes, .hart = (uint8_t)i, .kind = PROF_ROOT};
    p->nodes[p->num_nodes++] = root;
    ph->root = ph->cur = root;
    prof_charge(h, h->pc, h->priv);
  }
  return 0;
oom:
  snprintf(err, errlen, "out of memory");
  rvpmu_profile_stop(mm);
  if (p && !prof_of(mm)) free(p);
  return -1;
}

static int by_start(const void *a, const void *b) {
  const uint64_t *x = a, *y = b;
  return (x[0] > y[0]) - (x[0] < y[0]);
}

int rvpmu_profile_functions(struct rvpmu_machine *mm, const uint64_t *ranges, size_t n, unsigned call_depth,
                            char *err, size_t errlen) {
  struct prof *p = prof_of(mm);
  if (!p) {
    snprintf(err, errlen, "the profiler is not attached");
    return -1;
  }
  p->max_depth = call_depth;
  uint64_t *r = malloc((n ? n : 1) * 2 * sizeof *r);
  if (!r) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (ranges[2 * i] < ranges[2 * i + 1]) r[2 * k] = ranges[2 * i], r[2 * k + 1] = ranges[2 * i + 1], k++;
  qsort(r, k, 2 * sizeof *r, by_start);
  /* Overlapping ranges (two files at one address) name no function: both are dropped, and
   * their call sites fold by site, which is exact whatever the reader's symbols say. */
  size_t out = 0;
  for (size_t i = 0; i < k; i++) {
    bool overlap = (i > 0 && r[2 * i] < r[2 * (i - 1) + 1]) || (i + 1 < k && r[2 * (i + 1)] < r[2 * i + 1]);
    if (!overlap) r[2 * out] = r[2 * i], r[2 * out + 1] = r[2 * i + 1], out++;
  }
  free(p->fn_ranges);
  p->fn_ranges = r, p->n_fn = out;
  return 0;
}

static void free_table(struct prof_table *t) {
  for (size_t i = 0; i < t->nb; i++)
    for (void *e = t->b[i], *next; e; e = next) {
      next = *(void **)e;
      free(e);
    }
  free(t->b);
  memset(t, 0, sizeof *t);
}

void rvpmu_profile_stop(struct rvpmu_machine *mm) {
  struct machine *m = (struct machine *)mm;
  struct prof *p = prof_of(mm);
  for (unsigned i = 0; i < m->num_harts; i++) {
    if (m->harts[i]->prof) free(m->harts[i]->prof->stack);
    free(m->harts[i]->prof);
    m->harts[i]->prof = NULL;
  }
  if (!p) return;
  free(p->fn_ranges);
  free_table(&p->brec_table);
  free_table(&p->self_table);
  p->node_table.nb = 0; /* the nodes themselves are freed through the list */
  free(p->node_table.b);
  for (size_t i = 0; i < p->num_nodes; i++) free(p->nodes[i]);
  free(p->nodes);
  free(p);
}

/* Static counts of every block record, spread over its instructions (design.md decision 9),
 * with the untimed branch outcomes at the block's branch. */
static int spread_blocks(struct prof *p) {
  for (size_t k = 0; k < p->brec_table.nb; k++)
    for (struct prof_brec *r = p->brec_table.b[k]; r; r = r->hash_next) {
      uint64_t runs = r->execs[0] + r->execs[1] + r->execs[2];
      bool dyn = false;
      for (unsigned e = 0; e < 2 * p->nev; e++) dyn |= r->dyn[e] != 0;
      if (!runs && !dyn) continue;
      for (unsigned i = 0; i < r->timed; i++) {
        uint64_t pc = r->vpc + r->insns[i].pc_off;
        if (p->machine->xlen == 32) pc = (uint32_t)pc;
        struct prof_self *s = prof_self_at(p, r->node, pc, r->priv);
        if (!s) return -1;
        for (unsigned e = 0; e < p->nev; e++) {
          s->count[e] += (int64_t)(runs * r->per_insn[(size_t)i * p->nev + e]);
          if (i == 0) s->count[e] += r->dyn[e];                               /* block entry */
          if (i + 1 == r->count) s->count[e] += r->dyn[p->nev + e];               /* terminator */
          if (i + 1 == r->count && (r->insns[i].cls & CLS_BRANCH)) {
            if (p->ev[e] == EV_BR_TAKEN) s->count[e] += (int64_t)r->execs[1];
            if (p->ev[e] == EV_BR_NOT_TAKEN) s->count[e] += (int64_t)r->execs[2];
          }
        }
      }
      memset(r->execs, 0, sizeof r->execs);
      memset(r->dyn, 0, 2 * p->nev * sizeof *r->dyn);
    }
  return 0;
}

/* What no hook attributed (nothing, unless a path that adds events is not bracketed): charged
 * to address 0 in the hart's root context, so that it shows in reports and tests catch it. */
static int charge_remainder(struct prof *p) {
  struct machine *m = p->machine;
  int64_t sum[MACHINE_MAX_HARTS][PROF_MAX_EVENTS] = {{0}};
  for (size_t k = 0; k < p->self_table.nb; k++)
    for (struct prof_self *s = p->self_table.b[k]; s; s = s->hash_next)
      for (unsigned e = 0; e < p->nev; e++) sum[s->node->hart][e] += s->count[e];
  for (unsigned i = 0; i < m->num_harts; i++) {
    struct hart *h = m->harts[i];
    bool off = false;
    for (unsigned e = 0; e < p->nev; e++) off |= (int64_t)*h->prof->src[e] != sum[i][e];
    if (!off) continue;
    struct prof_self *s = prof_self_at(p, h->prof->root, 0, h->priv);
    if (!s) return -1;
    for (unsigned e = 0; e < p->nev; e++) s->count[e] += (int64_t)*h->prof->src[e] - sum[i][e];
  }
  return 0;
}

/* A FILE that keeps the checksum of what went through it. */
struct out {
  FILE *f;
  uint64_t sum;
  int error;
};

static void put(struct out *o, const void *data, size_t len) {
  if (len && fwrite(data, 1, len, o->f) != len) o->error = errno ? errno : EIO;
  o->sum = prof_fnv1a(o->sum, data, len);
}
static void put_u8(struct out *o, uint8_t v) { put(o, &v, 1); }
static void put_u16(struct out *o, uint16_t v) {
  uint8_t b[2] = {(uint8_t)v, (uint8_t)(v >> 8)};
  put(o, b, 2);
}
static void put_u32(struct out *o, uint32_t v) {
  uint8_t b[4];
  for (int i = 0; i < 4; i++) b[i] = (uint8_t)(v >> (8 * i));
  put(o, b, 4);
}
static void put_u64(struct out *o, uint64_t v) {
  uint8_t b[8];
  for (int i = 0; i < 8; i++) b[i] = (uint8_t)(v >> (8 * i));
  put(o, b, 8);
}
static void section(struct out *o, const char tag[4], uint64_t len) {
  put(o, tag, 4);
  put_u32(o, 0);
  put_u64(o, len);
}

/* A growing byte buffer. */
struct buf {
  uint8_t *data;
  size_t len, cap;
  bool failed;
};

static void buf_byte(struct buf *b, uint8_t v) {
  if (b->len == b->cap) {
    size_t cap = b->cap ? 2 * b->cap : 1 << 16;
    uint8_t *d = realloc(b->data, cap);
    if (!d) {
      b->failed = true;
      return;
    }
    b->data = d, b->cap = cap;
  }
  b->data[b->len++] = v;
}

/* LEB128: 7 bits a byte, low first, the top bit set on all but the last. */
static void buf_varint(struct buf *b, uint64_t v) {
  do {
    buf_byte(b, (uint8_t)((v & 0x7f) | (v > 0x7f ? 0x80 : 0)));
    v >>= 7;
  } while (v);
}

static uint64_t zigzag(int64_t v) { return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63); }

static int by_context(const void *pa, const void *pb) {
  const struct prof_self *a = *(const struct prof_self *const *)pa, *b = *(const struct prof_self *const *)pb;
  if (a->node->id != b->node->id) return a->node->id < b->node->id ? -1 : 1;
  if (a->priv != b->priv) return a->priv < b->priv ? -1 : 1;
  return (a->pc > b->pc) - (a->pc < b->pc);
}

static bool self_nonzero(const struct prof *p, const struct prof_self *s) {
  for (unsigned e = 0; e < p->nev; e++)
    if (s->count[e]) return true;
  return false;
}

int rvpmu_profile_write(struct rvpmu_machine *mm, const char *path, const char *meta, char *err, size_t errlen) {
  struct machine *m = (struct machine *)mm;
  struct prof *p = prof_of(mm);
  if (!p) {
    snprintf(err, errlen, "the profiler is not attached");
    return -1;
  }
  prof_settle_links(m); /* the followed links' deferred charges */
  if (spread_blocks(p) != 0 || charge_remainder(p) != 0) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  char tmp[4200];
  snprintf(tmp, sizeof tmp, "%s.tmp", path);
  struct out o = {.f = fopen(tmp, "wb"), .sum = PROF_FNV_INIT};
  if (!o.f) {
    snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
    return -1;
  }
  put(&o, PROF_FILE_MAGIC, 8);
  put_u32(&o, PROF_FILE_VERSION);
  put_u32(&o, 0);

  size_t meta_len = meta ? strlen(meta) : 0;
  section(&o, "META", meta_len);
  put(&o, meta, meta_len);

  uint64_t len = 4;
  for (unsigned e = 0; e < p->nev; e++) len += 4 + strlen(p->names[e]);
  section(&o, "EVNT", len);
  put_u32(&o, p->nev);
  for (unsigned e = 0; e < p->nev; e++) {
    put_u32(&o, (uint32_t)strlen(p->names[e]));
    put(&o, p->names[e], strlen(p->names[e]));
  }

  section(&o, "TOTL", 8 + 8ull * m->num_harts * p->nev);
  put_u32(&o, m->num_harts);
  put_u32(&o, p->nev);
  for (unsigned i = 0; i < m->num_harts; i++)
    for (unsigned e = 0; e < p->nev; e++) put_u64(&o, *m->harts[i]->prof->src[e]);

  section(&o, "NODE", 8 + (uint64_t)PROF_NODE_BYTES * p->num_nodes);
  put_u64(&o, p->num_nodes);
  for (size_t i = 0; i < p->num_nodes; i++) {
    const struct prof_node *n = p->nodes[i];
    put_u32(&o, n->parent ? n->parent->id : PROF_NO_PARENT);
    put_u8(&o, n->hart);
    put_u8(&o, n->kind);
    put_u16(&o, 0);
    put_u64(&o, n->callsite);
    put_u64(&o, n->target);
    put_u64(&o, n->calls);
  }

  /* SELF: sorted by context, mode and pc, each field a varint relative to the record before
   * (prof_format.h): a Linux boot has millions of (context, instruction) pairs. */
  size_t count = 0;
  for (size_t k = 0; k < p->self_table.nb; k++)
    for (struct prof_self *s = p->self_table.b[k]; s; s = s->hash_next) count += self_nonzero(p, s);
  struct prof_self **recs = malloc((count ? count : 1) * sizeof *recs);
  struct buf payload = {0};
  if (!recs) o.error = ENOMEM;
  size_t n = 0;
  for (size_t k = 0; recs && k < p->self_table.nb; k++)
    for (struct prof_self *s = p->self_table.b[k]; s; s = s->hash_next)
      if (self_nonzero(p, s)) recs[n++] = s;
  if (recs) qsort(recs, n, sizeof *recs, by_context);
  uint64_t prev_node = 0, prev_pc = 0;
  unsigned prev_priv = 0xff;
  for (size_t i = 0; recs && i < n; i++) {
    const struct prof_self *s = recs[i];
    bool same = s->node->id == prev_node && s->priv == prev_priv;
    buf_varint(&payload, s->node->id - prev_node);
    buf_byte(&payload, (uint8_t)s->priv);
    buf_varint(&payload, same ? s->pc - prev_pc : s->pc);
    for (unsigned e = 0; e < p->nev; e++) buf_varint(&payload, zigzag(s->count[e]));
    prev_node = s->node->id, prev_priv = s->priv, prev_pc = s->pc;
  }
  free(recs);
  if (payload.failed) o.error = ENOMEM;
  section(&o, "SELF", 8 + payload.len);
  put_u64(&o, n);
  put(&o, payload.data, payload.len);
  free(payload.data);

  uint64_t sum = o.sum;
  section(&o, "END!", 8);
  put_u64(&o, sum);
  if (fclose(o.f) != 0 && !o.error) o.error = errno ? errno : EIO;
  if (!o.error && rename(tmp, path) != 0) o.error = errno;
  if (o.error) {
    remove(tmp);
    snprintf(err, errlen, "%s: %s", path, strerror(o.error));
    return -1;
  }
  return 0;
}
