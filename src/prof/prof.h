/* The profiler: an observer the hart reports to while `rvpmu record` runs (design.md decision
 * 9). It sees five things, all from the profiling instance of the dispatch loop
 * (isa/exec_prof_rv32.c, exec_prof_rv64.c) and from hart_take_trap:
 *   a block ran to its end          prof_block_end (static counts, then a call or return)
 *   a block's body ran (system end) prof_system_begin / prof_system_end
 *   events were added at a pc       prof_charge (dynamic events: stalls, misses, latencies)
 *   part of a block retired         prof_prefix (a fault or device write in mid-block)
 *   a trap was taken                prof_trap (from hart_take_trap)
 * It never changes the machine. Without a profiler attached (h->prof == NULL) the normal
 * dispatch loop runs and none of this is called.
 *
 * Exactness comes from one invariant: `charged[i]` is the value of the hart's accumulator of
 * recorded event i that has been attributed so far. Static counts are attributed per block
 * execution (spread per instruction only when the file is written); whatever else the
 * accumulator gained since is dynamic and is charged to the instruction at which the hook
 * runs. So the sum of all attributed counts is the accumulator's total: what `rvpmu stat`
 * prints. */
#ifndef RVPMU_PROF_PROF_H
#define RVPMU_PROF_PROF_H

#include <stdbool.h>
#include <stdint.h>

#include "hart/hart.h"
#include "isa/block.h"
#include "prof/prof_format.h"

#define PROF_CACHE_BITS 12
#define PROF_MAX_DEPTH 512 /* deeper calls stay in the deepest context (counts stay exact) */

/* A calling context: a hart's root, or a call or trap taken from its parent context. */
struct prof_node {
  struct prof_node *hash_next;
  struct prof_node *parent;
  uint64_t callsite; /* pc of the call instruction, or the trap's epc */
  uint64_t target;   /* the callee's first pc, or the trap vector */
  uint64_t calls;    /* times entered */
  uint32_t id;       /* position in the file (parents come first) */
  uint8_t hart, kind;
};

/* A block that ran in one context: how often, and the static counts of its instructions. */
struct prof_brec {
  struct prof_brec *hash_next;
  const struct prof_node *node;
  uint64_t vpc, paddr;
  uint64_t execs;
  unsigned priv;
  uint16_t count;       /* entries of the block (END_BLOCK included), as in struct block */
  uint16_t timed;       /* leading instructions with static counts (a system end excluded) */
  uint64_t *sum;        /* [nev]: what one run adds to each recorded accumulator */
  uint32_t *per_insn;   /* [timed][nev] */
  struct insn *insns;   /* [count]: a copy, to tell this block from a later one at the same place */
};

struct prof_cache_entry {
  const struct block *blk;
  uint64_t tag; /* hart.fetch_tag when filled: a flushed block cache changes the epoch */
  const struct prof_node *node;
  struct prof_brec *rec;
};

struct prof_frame {
  struct prof_node *node;
  uint64_t ret; /* where a return to this frame's caller goes */
  uint64_t sp;  /* the stack pointer at the call */
};

struct prof;
struct prof_hart {
  struct prof *prof;
  unsigned nev;
  uint8_t ev[PROF_MAX_EVENTS];        /* accumulator indexes of the recorded events */
  uint64_t charged[PROF_MAX_EVENTS];  /* attributed so far (see above) */
  struct prof_node *root, *cur;
  unsigned depth;
  uint64_t traps; /* traps taken: prof_system_end tells an MRET that trapped from one that returned */
  struct prof_cache_entry cache[1u << PROF_CACHE_BITS];
  struct prof_frame stack[PROF_MAX_DEPTH];
};

void prof_block_end_slow(struct hart *h, const struct block *blk, const struct insn *term, uint64_t bpc);
void prof_jump(struct hart *h, const struct insn *term, uint64_t bpc);
/* Charges what the accumulators gained since the last attribution to the instruction at pc,
 * executed in mode priv, in the current context. */
void prof_charge(struct hart *h, uint64_t pc, unsigned priv);
/* The first n instructions of blk retired (their static counts are about to be added). */
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

/* A block ran to its end at `term` (its last entry). The hit path: one compare for the block
 * record, one add and one compare per recorded event. */
static inline void prof_block_end(struct hart *h, const struct block *blk, const struct insn *term, uint64_t bpc) {
  struct prof_hart *p = h->prof;
  struct prof_cache_entry *e = &p->cache[prof_cache_index(blk)];
  if (__builtin_expect(e->blk == blk && e->tag == h->fetch_tag && e->node == p->cur, 1)) {
    struct prof_brec *r = e->rec;
    uint64_t diff = 0;
    r->execs++;
    for (unsigned i = 0; i < p->nev; i++) {
      p->charged[i] += r->sum[i];
      diff |= h->hpm.acc[p->ev[i]] ^ p->charged[i];
    }
    if (__builtin_expect(diff != 0, 0))
      prof_charge(h, bpc + (term->op == OP_END_BLOCK ? term[-1].pc_off : term->pc_off), h->priv);
  } else {
    prof_block_end_slow(h, blk, term, bpc);
  }
  if (term->cls & CLS_JUMP) prof_jump(h, term, bpc);
}

/* Charges pending dynamic events at pc, if there are any (the inline test of prof_charge). */
static inline void prof_charge_if(struct hart *h, uint64_t pc) {
  const struct prof_hart *p = h->prof;
  uint64_t diff = 0;
  for (unsigned i = 0; i < p->nev; i++) diff |= h->hpm.acc[p->ev[i]] ^ p->charged[i];
  if (__builtin_expect(diff != 0, 0)) prof_charge(h, pc, h->priv);
}

#endif
