/* The profiler's sink: contexts (a calling-context tree per hart), block records and charged
 * counts (prof.h says how they stay exact), and the call stack rules. */
#include "prof/prof.h"

#include <stdlib.h>
#include <string.h>

#include "machine.h"
#include "prof/prof_store.h"

/* --- Contexts ---------------------------------------------------------------------------- */

static uint64_t mix(uint64_t a, uint64_t b) {
  uint64_t x = (a ^ (b + 0x9E3779B97F4A7C15ull + (a << 6) + (a >> 2))) * 0xff51afd7ed558ccdull;
  return x ^ (x >> 29);
}

/* Grows a chained table when it holds more entries than buckets (every entry type starts with
 * its hash_next pointer, and its key hash is recomputed by `hash_of`). */
static void table_grow(struct prof_table *t, uint64_t (*hash_of)(const void *)) {
  if (t->n < t->nb) return;
  size_t nb = t->nb ? t->nb * 2 : 1024;
  void **b = calloc(nb, sizeof *b);
  if (!b) return; /* keep the old table: longer chains, still correct */
  for (size_t i = 0; i < t->nb; i++) {
    for (void *e = t->b[i], *next; e; e = next) {
      next = *(void **)e;
      size_t k = hash_of(e) & (nb - 1);
      *(void **)e = b[k];
      b[k] = e;
    }
  }
  free(t->b);
  t->b = b;
  t->nb = nb;
}

/* Calls and folded calls share a key (a call is looked up once, whichever it became);
 * traps have their own. */
static unsigned arc_class(unsigned kind) { return kind == PROF_TRAP; }

static uint64_t node_hash(const struct prof_node *parent, uint64_t callsite, uint64_t target, unsigned kind) {
  return mix(mix((uintptr_t)parent, callsite), target * 2 + arc_class(kind));
}
static uint64_t node_hash_of(const void *e) {
  const struct prof_node *n = e;
  return node_hash(n->parent, n->callsite, n->target, n->kind);
}

uint64_t prof_fn_key(const struct prof *p, uint64_t pc) {
  size_t lo = 0, hi = p->n_fn;
  while (lo < hi) { /* the last range starting at or below pc */
    size_t mid = (lo + hi) / 2;
    if (p->fn_ranges[2 * mid] <= pc) lo = mid + 1;
    else hi = mid;
  }
  if (lo && pc < p->fn_ranges[2 * (lo - 1) + 1]) return p->fn_ranges[2 * (lo - 1)];
  return pc;
}

static struct prof_node *new_node(struct prof *p, struct prof_node *parent, uint64_t callsite, uint64_t target,
                                  unsigned kind, unsigned hart) {
  if (p->num_nodes == p->cap_nodes) {
    size_t cap = p->cap_nodes ? p->cap_nodes * 2 : 1024;
    struct prof_node **nodes = realloc(p->nodes, cap * sizeof *nodes);
    if (!nodes) return NULL;
    p->nodes = nodes;
    p->cap_nodes = cap;
  }
  struct prof_node *n = calloc(1, sizeof *n);
  if (!n) return NULL;
  *n = (struct prof_node){.parent = parent, .callsite = callsite, .target = target, .id = (uint32_t)p->num_nodes,
                          .fn = prof_fn_key(p, callsite), .depth = (uint16_t)(parent->depth + 1),
                          .hart = (uint8_t)hart, .kind = (uint8_t)kind};
  p->nodes[p->num_nodes++] = n;
  return n;
}

/* Whether a call from `callsite` in context `cur` folds: its function already made a call or
 * took a trap on the path (prof.h), or the path is --call-depth levels deep. Decided once per
 * arc and context (the answer is the node's kind). */
static bool folds(const struct prof *p, const struct prof_node *cur, uint64_t callsite) {
  if (p->max_depth && cur->depth >= p->max_depth) return true;
  if (cur->depth >= UINT16_MAX) return true;
  uint64_t fn = prof_fn_key(p, callsite);
  for (const struct prof_node *x = cur; x->kind != PROF_ROOT; x = x->parent)
    if (x->fn == fn) return true;
  return false;
}

/* The child of the current context for a call or trap from callsite to target: for a call,
 * a PROF_FOLDED node when it folds. */
static struct prof_node *child(struct hart *h, uint64_t callsite, uint64_t target, unsigned kind) {
  struct prof_hart *ph = h->prof;
  struct prof *p = ph->prof;
  table_grow(&p->node_table, node_hash_of);
  size_t k = node_hash(ph->cur, callsite, target, kind) & (p->node_table.nb - 1);
  for (struct prof_node *n = p->node_table.b[k]; n; n = n->hash_next)
    if (n->parent == ph->cur && n->callsite == callsite && n->target == target &&
        arc_class(n->kind) == arc_class(kind))
      return n;
  if (kind == PROF_CALL && folds(p, ph->cur, callsite)) kind = PROF_FOLDED;
  struct prof_node *n = new_node(p, ph->cur, callsite, target, kind, h->hartid);
  if (!n) return NULL;
  n->hash_next = p->node_table.b[k];
  p->node_table.b[k] = n;
  p->node_table.n++;
  return n;
}

/* Room for one more frame; false at PROF_MAX_FRAMES or out of memory. */
static bool frame_room(struct prof_hart *ph) {
  if (ph->depth < ph->cap_frames) return true;
  if (ph->cap_frames >= PROF_MAX_FRAMES) return false;
  unsigned cap = ph->cap_frames ? ph->cap_frames * 2 : 256;
  struct prof_frame *st = realloc(ph->stack, cap * sizeof *st);
  if (!st) return false;
  ph->stack = st, ph->cap_frames = cap;
  return true;
}

/* The stack pointer, as an address (an RV32 register's upper half is not part of it). */
static uint64_t sp_of(const struct hart *h) { return h->xlen == 32 ? (uint32_t)h->x[2] : h->x[2]; }

static void push(struct hart *h, uint64_t callsite, uint64_t target, uint64_t ret, unsigned kind) {
  struct prof_hart *ph = h->prof;
  if (!frame_room(ph)) return; /* stays in the deepest frame */
  struct prof_node *n = child(h, callsite, target, kind);
  if (!n) return;
  n->calls++;
  if (n->kind == PROF_FOLDED) n = ph->cur; /* the callee runs on in this context */
  ph->stack[ph->depth++] = (struct prof_frame){.node = n, .ret = ret, .sp = sp_of(h), .trap = kind == PROF_TRAP};
  ph->cur = n;
}

static void set_depth(struct prof_hart *ph, unsigned depth) {
  ph->depth = depth;
  ph->cur = depth ? ph->stack[depth - 1].node : ph->root;
}

/* A return to `target`: back to the frame whose caller it returns to; failing that (a
 * longjmp-like unwind, a return from a frame entered before recording), the frames whose
 * stack pointer at the call is at or below the current one are gone. Neither crosses a trap. */
static void do_return(struct hart *h, uint64_t target) {
  struct prof_hart *ph = h->prof;
  unsigned d = ph->depth;
  for (unsigned i = d; i-- > 0 && !ph->stack[i].trap;)
    if (ph->stack[i].ret == target) return set_depth(ph, i);
  uint64_t sp = sp_of(h);
  while (d > 0 && !ph->stack[d - 1].trap && ph->stack[d - 1].sp <= sp) d--;
  set_depth(ph, d);
}

/* A jump that is not a return, made with the stack pointer above the innermost frames' (the
 * stack grows down; a function's stack pointer stays at or below the one it was called with):
 * their functions are gone, a longjmp jumped out of them, so their frames go. Not across a
 * trap. */
static void drop_dead_frames(struct hart *h) {
  struct prof_hart *ph = h->prof;
  unsigned d = ph->depth;
  uint64_t sp = sp_of(h);
  while (d > 0 && !ph->stack[d - 1].trap && ph->stack[d - 1].sp < sp) d--;
  if (d != ph->depth) set_depth(ph, d);
}

static bool is_link(unsigned r) { return r == 1 || r == 5; }
static bool ph_depth_nonzero(const struct hart *h) { return h->prof->depth != 0; }

/* The RISC-V return-address-stack hints (unprivileged spec, JALR): rd and rs1 being x1 or x5
 * say push, pop, or pop then push. */
void prof_jump(struct hart *h, const struct insn *term, uint64_t bpc) {
  bool call = is_link(term->rd);
  bool ret = term->op == OP_JALR && is_link(term->rs1) && !(call && term->rd == term->rs1);
  if (ret) do_return(h, h->pc);
  else if (ph_depth_nonzero(h)) drop_dead_frames(h);
  if (call) {
    uint64_t site = bpc + term->pc_off, next = site + ((term->cls & CLS_COMPRESSED) ? 2 : 4);
    if (h->xlen == 32) site = (uint32_t)site, next = (uint32_t)next;
    push(h, site, h->pc, next, PROF_CALL);
  }
}

/* A trap: what it added since the bracketing hook's snapshot (every path to hart_take_trap in
 * the profiling loop takes one) goes to epc, in the mode and context it was taken from. */
void prof_trap(struct hart *h, uint64_t epc, unsigned from_priv) {
  struct prof_hart *ph = h->prof;
  prof_charge(h, epc, from_priv);
  ph->traps++;
  push(h, epc, h->pc, epc, PROF_TRAP);
}

/* MRET/SRET: the frames since the last trap go with it; with none (firmware entering the
 * payload) the stack starts afresh. */
static void trap_return(struct prof_hart *ph) {
  unsigned d = ph->depth;
  while (d > 0 && !ph->stack[d - 1].trap) d--;
  set_depth(ph, d ? d - 1 : 0);
}

/* --- Charged counts ------------------------------------------------------------------------ */

static uint64_t self_hash(const struct prof_node *n, uint64_t pc, unsigned priv) { return mix((uintptr_t)n, pc * 4 + priv); }
static uint64_t self_hash_of(const void *e) {
  const struct prof_self *s = e;
  return self_hash(s->node, s->pc, s->priv);
}

struct prof_self *prof_self_at(struct prof *p, const struct prof_node *node, uint64_t pc, unsigned priv) {
  table_grow(&p->self_table, self_hash_of);
  size_t k = self_hash(node, pc, priv) & (p->self_table.nb - 1);
  for (struct prof_self *s = p->self_table.b[k]; s; s = s->hash_next)
    if (s->node == node && s->pc == pc && s->priv == priv) return s;
  struct prof_self *s = calloc(1, sizeof *s + p->nev * sizeof s->count[0]);
  if (!s) return NULL;
  s->node = node, s->pc = pc, s->priv = priv;
  s->hash_next = p->self_table.b[k];
  p->self_table.b[k] = s;
  p->self_table.n++;
  return s;
}

void prof_charge(struct hart *h, uint64_t pc, unsigned priv) {
  struct prof_hart *ph = h->prof;
  uint64_t d[PROF_MAX_EVENTS], any = 0;
  for (unsigned i = 0; i < ph->nev; i++) any |= d[i] = *ph->src[i] - ph->snap[i];
  if (!any) return;
  if (h->xlen == 32) pc = (uint32_t)pc;
  struct prof_self_cache *c =
      &ph->self_cache[((pc >> 1) ^ ((uintptr_t)ph->cur >> 4)) & ((1u << PROF_SELF_CACHE_BITS) - 1)];
  struct prof_self *s = c->self;
  if (!s || c->node != ph->cur || c->pc != pc || c->priv != priv) {
    s = prof_self_at(ph->prof, ph->cur, pc, priv);
    *c = (struct prof_self_cache){.node = ph->cur, .pc = pc, .priv = priv, .self = s};
  }
  for (unsigned i = 0; i < ph->nev; i++) {
    if (s) s->count[i] += (int64_t)d[i]; /* out of memory: left to the writer's remainder */
    ph->snap[i] += d[i];
  }
}

/* --- Block records -------------------------------------------------------------------------- */

static uint64_t brec_hash(const struct prof_node *n, uint64_t vpc, uint64_t paddr, unsigned priv) {
  return mix(mix((uintptr_t)n, vpc), paddr * 4 + priv);
}
static uint64_t brec_hash_of(const void *e) {
  const struct prof_brec *r = e;
  return brec_hash(r->node, r->vpc, r->paddr, r->priv);
}

/* The static counts instruction i of blk adds when the block runs to its end. */
static void insn_static(const struct hart *h, const struct prof_hart *ph, const struct block *blk, unsigned i,
                        uint32_t *out) {
  struct insn_timing t;
  block_insn_timing(h, blk, i, &t);
  for (unsigned e = 0; e < ph->nev; e++) {
    uint32_t n = 0;
    if (ph->ev[e] == EV_INSNS) {
      n = 1;
    } else {
      for (unsigned r = 0; r < t.n; r++)
        if (ph->ev[e] == EV_CYCLES || (t.run[r].events & EV_BIT(ph->ev[e]))) n += t.run[r].count;
    }
    out[e] = n;
  }
}

static unsigned timed_insns(const struct block *blk) {
  unsigned n = blk->count;
  const struct insn *last = &blk->insns[n - 1];
  if (last->op == OP_END_BLOCK || (last->cls & CLS_SYSTEM)) n--;
  return n;
}

static struct prof_brec *new_brec(struct hart *h, const struct block *blk, uint64_t bpc) {
  struct prof_hart *ph = h->prof;
  unsigned nev = ph->nev, timed = timed_insns(blk);
  size_t bytes = sizeof(struct prof_brec) + 3 * nev * sizeof(uint64_t) + (size_t)timed * nev * sizeof(uint32_t) +
                 blk->count * sizeof(struct insn);
  struct prof_brec *r = calloc(1, bytes);
  if (!r) return NULL;
  r->sum = (uint64_t *)(r + 1);
  r->dyn = (int64_t *)(r->sum + nev);
  r->per_insn = (uint32_t *)(r->dyn + 2 * nev);
  r->insns = (struct insn *)(r->per_insn + (size_t)timed * nev);
  r->node = ph->cur, r->vpc = bpc, r->paddr = blk->paddr, r->priv = h->priv;
  r->count = blk->count, r->timed = (uint16_t)timed;
  memcpy(r->insns, blk->insns, blk->count * sizeof(struct insn));
  for (unsigned i = 0; i < timed; i++) {
    insn_static(h, ph, blk, i, &r->per_insn[(size_t)i * nev]);
    for (unsigned e = 0; e < nev; e++) r->sum[e] += r->per_insn[(size_t)i * nev + e];
  }
  /* The spread must add up to what BLOCK_ACCOUNT adds; if a timing model ever disagrees, the
   * whole block's counts go to its first instruction rather than be lost or invented. */
  for (unsigned e = 0; e < nev; e++) {
    unsigned ev = ph->ev[e];
    uint64_t want = ev == EV_INSNS ? blk->retire_insns : ev == EV_CYCLES ? blk->retire_cycles : blk->events[ev];
    if (want != r->sum[e] && timed) {
      for (unsigned i = 0; i < timed; i++) r->per_insn[(size_t)i * nev + e] = 0;
      r->per_insn[e] = (uint32_t)want;
      r->sum[e] = want;
    }
  }
  return r;
}

static struct prof_brec *find_brec(struct hart *h, const struct block *blk, uint64_t bpc) {
  struct prof_hart *ph = h->prof;
  struct prof *p = ph->prof;
  table_grow(&p->brec_table, brec_hash_of);
  size_t k = brec_hash(ph->cur, bpc, blk->paddr, h->priv) & (p->brec_table.nb - 1);
  for (struct prof_brec *r = p->brec_table.b[k]; r; r = r->hash_next)
    if (r->node == ph->cur && r->vpc == bpc && r->paddr == blk->paddr && r->priv == h->priv &&
        r->count == blk->count && !memcmp(r->insns, blk->insns, blk->count * sizeof(struct insn)))
      return r;
  struct prof_brec *r = new_brec(h, blk, bpc);
  if (!r) return NULL;
  r->hash_next = p->brec_table.b[k];
  p->brec_table.b[k] = r;
  p->brec_table.n++;
  return r;
}

static bool is_step_block(const struct hart *h, const struct block *b) {
  const uint8_t *q = (const uint8_t *)b;
  return q >= h->step_block[0] && q < h->step_block[0] + sizeof h->step_block;
}

/* The record of blk in the current context, through the cache; NULL for a stepped instruction. */
static struct prof_brec *brec_of(struct hart *h, const struct block *blk, uint64_t bpc) {
  struct prof_hart *ph = h->prof;
  if (is_step_block(h, blk)) return NULL;
  struct prof_cache_entry *e = &ph->cache[prof_cache_index(blk)];
  if (e->blk == blk && e->tag == h->fetch_tag && e->node == ph->cur) return e->rec;
  struct prof_brec *r = find_brec(h, blk, bpc);
  if (r) *e = (struct prof_cache_entry){.blk = blk, .tag = h->fetch_tag, .node = ph->cur, .rec = r};
  return r;
}

/* Adds a block's static counts (and an untimed branch's outcome) to its first instruction: for
 * a stepped instruction, whose scratch block is never recorded. */
static void charge_whole(struct hart *h, const struct block *blk, uint64_t bpc, unsigned outcome) {
  struct prof_hart *ph = h->prof;
  uint64_t pc = bpc + blk->insns[0].pc_off;
  if (h->xlen == 32) pc = (uint32_t)pc;
  struct prof_self *s = prof_self_at(ph->prof, ph->cur, pc, h->priv);
  if (!s) return;
  for (unsigned e = 0; e < ph->nev; e++) {
    unsigned ev = ph->ev[e];
    s->count[e] += ev == EV_INSNS ? blk->retire_insns : ev == EV_CYCLES ? blk->retire_cycles : blk->events[ev];
    if ((outcome == 1 && ev == EV_BR_TAKEN) || (outcome == 2 && ev == EV_BR_NOT_TAKEN)) s->count[e]++;
  }
}

void prof_block_end_slow(struct hart *h, const struct block *blk, const struct insn *term, uint64_t bpc,
                         unsigned outcome) {
  (void)term;
  struct prof_brec *r = brec_of(h, blk, bpc);
  if (r) r->execs[outcome]++;
  else charge_whole(h, blk, bpc, outcome); /* a stepped instruction (or no memory for a record) */
}

void prof_charge_block(struct hart *h, const struct block *blk, uint64_t bpc, uint64_t pc, unsigned slot) {
  struct prof_hart *ph = h->prof;
  struct prof_brec *r = brec_of(h, blk, bpc);
  /* A stepped instruction, a block of only a system instruction, or no branch at its end: */
  if (!r || !r->timed || (slot == 1 && r->timed != r->count)) return prof_charge(h, pc, h->priv);
  int64_t *dyn = &r->dyn[slot * ph->nev];
  for (unsigned i = 0; i < ph->nev; i++) {
    uint64_t d = *ph->src[i] - ph->snap[i];
    dyn[i] += (int64_t)d;
    ph->snap[i] += d;
  }
}

void prof_block_linked(struct hart *h, const struct block *blk, uint64_t bpc) {
  struct prof_hart *ph = h->prof;
  struct prof_brec *r = brec_of(h, blk, bpc);
  prof_snap(h);
  if (!r) return; /* no memory for a record: the counts go to the terminator with the outcome */
  r->execs[0]++;
  for (unsigned i = 0; i < ph->nev; i++) ph->snap[i] += r->sum[i];
}

void prof_prefix(struct hart *h, const struct block *blk, unsigned n, uint64_t bpc) {
  struct prof_hart *ph = h->prof;
  prof_snap(h);
  for (unsigned i = 0; i < n; i++) {
    uint32_t st[PROF_MAX_EVENTS];
    insn_static(h, ph, blk, i, st);
    uint64_t pc = bpc + blk->insns[i].pc_off;
    if (h->xlen == 32) pc = (uint32_t)pc;
    struct prof_self *s = prof_self_at(ph->prof, ph->cur, pc, h->priv);
    for (unsigned e = 0; e < ph->nev; e++) {
      if (s) s->count[e] += st[e];
      ph->snap[e] += st[e];
    }
  }
}

void prof_system_begin(struct hart *h, const struct block *blk, const struct insn *in, uint64_t bpc,
                       struct prof_system *s) {
  struct prof_hart *ph = h->prof;
  s->pc = bpc + in->pc_off;
  s->priv = h->priv;
  s->op = in->op;
  s->traps = ph->traps;
  prof_snap(h);
  if (blk->count > 1) { /* the body before the system instruction, which hart_exec_system adds */
    struct prof_brec *r = brec_of(h, blk, bpc);
    if (!r) return prof_prefix(h, blk, timed_insns(blk), bpc); /* its counts, snapshot ahead */
    r->execs[0]++;
    for (unsigned i = 0; i < ph->nev; i++) ph->snap[i] += r->sum[i];
  }
}

void prof_system_end(struct hart *h, const struct prof_system *s) {
  struct prof_hart *ph = h->prof;
  prof_charge(h, s->pc, s->priv);
  if ((s->op == OP_MRET || s->op == OP_SRET) && ph->traps == s->traps) trap_return(ph);
}

bool prof_slow_check(struct hart *h) {
  uint64_t pc = h->pc;
  unsigned priv = h->priv;
  prof_snap(h);
  bool stop = hart_slow_check(h);
  prof_charge(h, pc, priv); /* an interrupt's own counts went to pc in prof_trap */
  return stop;
}

/* --- Followed links (timed loop) ------------------------------------------------------------ */

/* What part [from, to) of link cost c adds to each recorded accumulator (as LINK_COST_ADD and
 * the dispatch loop's instruction and cycle adds do): the same pointers, so exact by
 * construction. */
static bool link_part(const struct hart *h, const struct link_cost *c, unsigned from, unsigned to, uint32_t insns,
                      int32_t cycles, int64_t *out) {
  const struct prof_hart *ph = h->prof;
  bool any = false;
  for (unsigned e = 0; e < ph->nev; e++) {
    int64_t n = 0;
    for (unsigned i = from; i < to; i++)
      if (ph->src[e] == &h->hpm.acc[c->idx[i]]) n += c->count[i];
    if (ph->src[e] == &h->hpm.acc[EV_INSNS]) n += insns;
    if (ph->src[e] == &h->hpm.acc[EV_CYCLES]) n += cycles;
    out[e] = n;
    any |= n != 0;
  }
  return any;
}

struct prof_link *prof_link_fill(struct hart *h, const struct link_cost *c, const struct block *target,
                                 const struct block *blk, uint64_t bpc) {
  struct prof_hart *ph = h->prof;
  struct prof_brec *r = brec_of(h, blk, bpc);
  if (!r) return NULL;
  struct prof_link *pl = prof_link_slot(ph, c);
  int64_t out[PROF_MAX_EVENTS];
  bool out_any = link_part(h, c, 0, c->n_outcome, c->insns, c->cycles_outcome, out);
  if (out_any) {
    out_any = false;
    for (unsigned e = 0; e < ph->nev; e++) out_any |= (out[e] -= (int64_t)r->sum[e]) != 0;
  }
  /* Beyond the static counts, the outcome goes to the branch (prof_charge_block, slot 1). */
  if (out_any && (!r->timed || r->timed != r->count)) return NULL;
  prof_link_settle(ph, pl); /* the entry's previous link */
  *pl = (struct prof_link){.cost = c, .target = target, .tag = h->fetch_tag, .gen = h->hpm.active_gen,
                           .node = ph->cur, .rec = r, .out_any = out_any};
  memcpy(pl->out, out, sizeof out);
  pl->ent_any = link_part(h, c, c->n_outcome, c->n, 0, c->cycles_entry, pl->ent);
  return pl;
}

void prof_link_enter_slow(struct hart *h, struct prof_link *pl, uint64_t bpc) {
  struct prof_hart *ph = h->prof;
  struct prof_brec *r = brec_of(h, pl->target, bpc);
  prof_link_settle(ph, pl); /* its entries so far go to the previous next_rec */
  pl->next_node = ph->cur;
  pl->next_rec = r && r->timed ? r : NULL;
  if (pl->next_rec) {
    for (unsigned i = 0; i < ph->nev; i++) r->dyn[i] += pl->ent[i];
    return;
  }
  /* No record slot (prof_charge_block's fallback): to the first instruction. */
  uint64_t pc = h->xlen == 32 ? (uint32_t)bpc : bpc;
  struct prof_self *s = prof_self_at(ph->prof, ph->cur, pc, h->priv);
  if (s)
    for (unsigned i = 0; i < ph->nev; i++) s->count[i] += pl->ent[i];
}

void prof_link_settle(const struct prof_hart *p, struct prof_link *pl) {
  if (pl->n_out) {
    pl->rec->execs[0] += pl->n_out;
    if (pl->out_any)
      for (unsigned i = 0; i < p->nev; i++) pl->rec->dyn[p->nev + i] += (int64_t)pl->n_out * pl->out[i];
    pl->n_out = 0;
  }
  if (pl->n_ent) { /* counted only with a next_rec */
    for (unsigned i = 0; i < p->nev; i++) pl->next_rec->dyn[i] += (int64_t)pl->n_ent * pl->ent[i];
    pl->n_ent = 0;
  }
}

void prof_settle_links(struct machine *m) {
  for (unsigned i = 0; i < m->num_harts; i++) {
    struct prof_hart *ph = m->harts[i]->prof;
    if (ph)
      for (unsigned k = 0; k < (1u << PROF_LINK_CACHE_BITS); k++) prof_link_settle(ph, &ph->links[k]);
  }
}
