/* The profiler: an observer the hart reports to while `rvpmu record` runs (design.md decision
 * 9). It sees six things, from the profiling instance of the dispatch loop
 * (isa/exec_prof_rv32.c, exec_prof_rv64.c), hart_take_trap and hart_report_latency:
 *   a block ran to its end          prof_block_end (static counts, then a call or return)
 *   a block's body ran (system end) prof_system_begin / prof_system_end
 *   events were added at a pc       prof_charge (dynamic events: stalls, misses, latencies)
 *   part of a block retired         prof_prefix (a fault or device write in mid-block)
 *   a trap was taken                prof_trap (from hart_take_trap)
 *   a latency was reported          prof_hart.latency (for NAME:latency sums)
 * It never changes the machine. Without a profiler attached (h->prof == NULL) the normal
 * dispatch loop runs and none of this is called.
 *
 * Exactness: static counts are attributed per block execution (spread per instruction only
 * when the file is written), and each hook that can add events is bracketed by a snapshot of
 * the recorded accumulators (prof_snap) and a charge of what they gained (prof_dyn) to the
 * instruction at which it runs. Untimed branch outcomes (one add each) are counted per block
 * record. So the sum of all attributed counts is the accumulators' total, what `rvpmu stat`
 * prints; the writer checks that and charges any remainder, which would be a bug, visibly to
 * address 0. */
#ifndef RVPMU_PROF_PROF_H
#define RVPMU_PROF_PROF_H

#include <stdbool.h>
#include <stdint.h>

#include "hart/hart.h"
#include "isa/block.h"
#include "prof/prof_format.h"

struct machine;

#define PROF_CACHE_BITS 12
#define PROF_MAX_FRAMES (1u << 20) /* deeper calls stay in the deepest frame (counts stay exact) */

/* A calling context: a hart's root, or a call or trap taken from its parent context.
 *
 * Recursion folds (docs/profiling.md): a call made from a function that already made a call
 * or took a trap on the context's path opens no new context; the callee runs on in the
 * caller's context, and a PROF_FOLDED node (a child that is never current) only counts the
 * calls of that arc. So a path holds each calling function at most once, and the contexts are
 * bounded by the program's call graph, not by the run's length or depth. What stays exact:
 * self counts per instruction (charged by pc), and inclusive counts per function, as the
 * reader computes them (every function with a call site on the path, plus the instruction's
 * own, counted once): the functions on a path are those with a frame on the real stack,
 * because a folded call adds only a function already there. Functions are the symbol ranges
 * given to rvpmu_profile_functions; outside them each call site is its own "function". */
struct prof_node {
  struct prof_node *hash_next;
  struct prof_node *parent;
  uint64_t callsite; /* pc of the call instruction, or the trap's epc */
  uint64_t target;   /* the callee's first pc, or the trap vector */
  uint64_t calls;    /* times entered */
  uint64_t fn;       /* the function the call site is in (prof_fn_key) */
  uint32_t id;       /* position in the file (parents come first) */
  uint16_t depth;    /* levels below the root */
  uint8_t hart, kind;
};

/* A block that ran in one context: how often, and the static counts of its instructions. */
struct prof_brec {
  struct prof_brec *hash_next;
  const struct prof_node *node;
  uint64_t vpc, paddr;
  uint64_t execs[3]; /* runs to the end: [0] any, [1] untimed taken branch, [2] untimed not taken */
  unsigned priv;
  uint16_t count;       /* entries of the block (END_BLOCK included), as in struct block */
  uint16_t timed;       /* leading instructions with static counts (a system end excluded) */
  uint64_t *sum;        /* [nev]: what one run adds to each recorded accumulator */
  int64_t *dyn;         /* [2][nev]: dynamic counts at the first instruction (block entry)
                         * and at the terminator (a timed branch), added up here rather than
                         * looked up per occurrence */
  uint32_t *per_insn;   /* [timed][nev] */
  struct insn *insns;   /* [count]: a copy, to tell this block from a later one at the same place */
};

struct prof_cache_entry {
  const struct block *blk;
  uint64_t tag; /* hart.fetch_tag when filled: a flushed block cache changes the epoch */
  const struct prof_node *node;
  struct prof_brec *rec;
};

/* Recently charged instructions (prof_charge): a timed core charges a dynamic count at nearly
 * every taken branch, and the hash table behind is too large to stay in the host's caches. */
#define PROF_SELF_CACHE_BITS 10
struct prof_self;
struct prof_self_cache {
  const struct prof_node *node;
  uint64_t pc;
  unsigned priv;
  struct prof_self *self;
};

/* A followed link of the timed loop (isa/block.h: struct link_cost), as the profiler charges
 * it, computed once per link, context and epoch (prof_link_fill) so that following it costs
 * one compare and a count instead of snapshots and comparisons of the accumulators:
 * the block's run goes to rec, what the outcome part adds beyond the block's static counts to
 * its branch (rec->dyn slot 1), what the entry part adds to the next block's first
 * instruction (next_rec->dyn slot 0; without a record slot, its charged counts). The charges
 * of the records are deferred: n_out and n_ent count the follows and entries, and
 * prof_link_settle adds them, times the count, before the entry is refilled, next_rec changes
 * or the records are read (prof_settle_links before the file is written). Exact: adds. */
#define PROF_LINK_CACHE_BITS 10
struct prof_link {
  const struct link_cost *cost;
  const struct block *target;
  uint64_t tag;                /* hart.fetch_tag */
  uint32_t gen;                /* hpm.active_gen */
  const struct prof_node *node; /* the context the block ran in */
  struct prof_brec *rec;
  bool out_any, ent_any;
  const struct prof_node *next_node; /* the context next_rec was found in (NULL: none yet) */
  struct prof_brec *next_rec;
  uint64_t n_out, n_ent; /* follows and entries not yet charged to rec and next_rec */
  int64_t out[PROF_MAX_EVENTS], ent[PROF_MAX_EVENTS];
};

/* A frame of the real call stack (deeper than the contexts: folded calls push frames too). */
struct prof_frame {
  struct prof_node *node; /* the context while this frame runs */
  uint64_t ret;           /* where a return to this frame's caller goes */
  uint64_t sp;            /* the stack pointer at the call */
  bool trap;              /* entered by a trap (MRET/SRET pops to it) */
};

struct prof;
struct prof_hart {
  struct prof *prof;
  unsigned nev;
  uint8_t ev[PROF_MAX_EVENTS];        /* the recorded events (EV_NONE for a latency sum) */
  const uint64_t *src[PROF_MAX_EVENTS]; /* their accumulators: hpm.acc[ev], or latency[] */
  uint64_t latency[EV_COUNT];         /* sums of the latencies reported (hart_report_latency) */
  uint64_t snap[PROF_MAX_EVENTS];     /* the accumulators when the current hook began */
  struct prof_node *root, *cur;
  unsigned depth, cap_frames; /* frames in use and allocated in stack[] */
  uint64_t traps; /* traps taken: prof_system_end tells an MRET that trapped from one that returned */
  struct prof_cache_entry cache[1u << PROF_CACHE_BITS];
  struct prof_self_cache self_cache[1u << PROF_SELF_CACHE_BITS];
  struct prof_link links[1u << PROF_LINK_CACHE_BITS];
  struct prof_frame *stack; /* [cap_frames], grown on demand up to PROF_MAX_FRAMES */
};

void prof_block_end_slow(struct hart *h, const struct block *blk, const struct insn *term, uint64_t bpc,
                         unsigned outcome);
void prof_jump(struct hart *h, const struct insn *term, uint64_t bpc);
/* The timed loop follows a link: blk ran to its end; its counts come next in one add with its
 * outcome. Records the run and takes the snapshot ahead by the block's static counts, so that
 * the charge after the add sees only the outcome. */
void prof_block_linked(struct hart *h, const struct block *blk, uint64_t bpc);
/* The profile record of the valid link whose cost is c, from blk (at bpc) to target, for the
 * current context; NULL when it cannot be charged without comparing the accumulators (a
 * stepped instruction, no memory, an outcome with no branch to charge it to): the caller then
 * takes prof_block_linked's way. */
struct prof_link *prof_link_fill(struct hart *h, const struct link_cost *c, const struct block *target,
                                 const struct block *blk, uint64_t bpc);
/* The entry part of pl was added on entering pl->target at bpc (in the current context). */
void prof_link_enter_slow(struct hart *h, struct prof_link *pl, uint64_t bpc);
/* Charges pl's deferred follows and entries to its records. */
void prof_link_settle(const struct prof_hart *p, struct prof_link *pl);
/* Settles every link of every hart of the profile of machine m (before its records are read). */
void prof_settle_links(struct machine *m);
/* Charges what the accumulators gained since the snapshot to the instruction at pc, executed
 * in mode priv, in the current context; the snapshot moves up. */
void prof_charge(struct hart *h, uint64_t pc, unsigned priv);
/* The first n instructions of blk are about to retire (a fault or device write in mid-block):
 * their static counts go to them, and the snapshot is taken now plus those counts, so that
 * the charge that follows sees only the trap's own. */
void prof_prefix(struct hart *h, const struct block *blk, unsigned n, uint64_t bpc);
/* hart_take_trap took a trap at epc from mode from_priv; h->pc is the vector. */
void prof_trap(struct hart *h, uint64_t epc, unsigned from_priv);
/* hart_slow_check with what it adds (interrupts, WFI wake-up) charged to the pc it stops at. */
bool prof_slow_check(struct hart *h);

/* Around hart_exec_system: the block's body is accounted there, then the system instruction
 * runs (and may trap, or return from a trap). */
struct prof_system {
  uint64_t pc, traps;
  unsigned priv;
  uint8_t op;
};
void prof_system_begin(struct hart *h, const struct block *blk, const struct insn *in, uint64_t bpc,
                       struct prof_system *s);
void prof_system_end(struct hart *h, const struct prof_system *s);

static inline unsigned prof_cache_index(const struct block *blk) {
  return (unsigned)(((uintptr_t)blk >> 4) & ((1u << PROF_CACHE_BITS) - 1));
}

/* A block ran to its end at `term` (its last entry); `outcome` says how an untimed branch
 * went (1 taken, 2 not taken, else 0). The hit path: one compare and one add. */
static inline void prof_block_end(struct hart *h, const struct block *blk, const struct insn *term, uint64_t bpc,
                                  unsigned outcome) {
  struct prof_hart *p = h->prof;
  struct prof_cache_entry *e = &p->cache[prof_cache_index(blk)];
  if (__builtin_expect(e->blk == blk && e->tag == h->fetch_tag && e->node == p->cur, 1)) e->rec->execs[outcome]++;
  else prof_block_end_slow(h, blk, term, bpc, outcome);
  if (term->cls & CLS_JUMP) prof_jump(h, term, bpc);
}

/* The cache slot of link cost c in the current context: a link followed in several contexts
 * (a function's loop, called from two places) has a slot for each, instead of one refilled
 * at every change of caller. */
static inline struct prof_link *prof_link_slot(struct prof_hart *p, const struct link_cost *c) {
  uintptr_t k = ((uintptr_t)c >> 5) ^ ((uintptr_t)p->cur >> 4);
  return &p->links[k & ((1u << PROF_LINK_CACHE_BITS) - 1)];
}

static inline struct prof_link *prof_link_of(struct hart *h, const struct link_cost *c, const struct block *target,
                                             const struct block *blk, uint64_t bpc) {
  struct prof_hart *p = h->prof;
  struct prof_link *pl = prof_link_slot(p, c);
  if (__builtin_expect(pl->cost == c && pl->target == target && pl->tag == h->fetch_tag &&
                           pl->node == p->cur && pl->gen == h->hpm.active_gen, 1))
    return pl;
  return prof_link_fill(h, c, target, blk, bpc);
}

/* The block of pl ran to its end and pl's outcome part was added (charged when settled). */
static inline void prof_link_outcome(struct prof_link *pl) { pl->n_out++; }

/* pl's entry part was added on entering its target at bpc. */
static inline void prof_link_enter(struct hart *h, struct prof_link *pl, uint64_t bpc) {
  const struct prof_hart *p = h->prof;
  if (!pl->ent_any) return;
  if (__builtin_expect(pl->next_node == p->cur && pl->next_rec != NULL, 1)) {
    pl->n_ent++; /* charged when settled */
    return;
  }
  prof_link_enter_slow(h, pl, bpc);
}

static inline void prof_snap(struct hart *h) {
  struct prof_hart *p = h->prof;
  for (unsigned i = 0; i < p->nev; i++) p->snap[i] = *p->src[i];
}

void prof_charge_block(struct hart *h, const struct block *blk, uint64_t bpc, uint64_t pc, unsigned slot);

/* Charges what a bracketed hook at blk's entry (slot 0: to its first instruction) or at its
 * terminator (slot 1: to pc, a timed branch) added, if anything. */
static inline void prof_dyn_block(struct hart *h, const struct block *blk, uint64_t bpc, uint64_t pc,
                                  unsigned slot) {
  const struct prof_hart *p = h->prof;
  uint64_t diff = 0;
  for (unsigned i = 0; i < p->nev; i++) diff |= *p->src[i] ^ p->snap[i];
  if (__builtin_expect(diff != 0, 0)) prof_charge_block(h, blk, bpc, pc, slot);
}

/* Charges what a bracketed hook added at pc, if anything (the inline test of prof_charge). */
static inline void prof_dyn(struct hart *h, uint64_t pc) {
  const struct prof_hart *p = h->prof;
  uint64_t diff = 0;
  for (unsigned i = 0; i < p->nev; i++) diff |= *p->src[i] ^ p->snap[i];
  if (__builtin_expect(diff != 0, 0)) prof_charge(h, pc, h->priv);
}

/* prof_dyn in calling context `node` (NULL: the current one): a transfer's cost that becomes
 * known only at its target, after the call or return moved the context. */
static inline void prof_dyn_in(struct hart *h, uint64_t pc, struct prof_node *node) {
  struct prof_hart *p = h->prof;
  struct prof_node *cur = p->cur;
  if (node) p->cur = node;
  prof_dyn(h, pc);
  p->cur = cur;
}

#endif
