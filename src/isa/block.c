/* Block cache: blocks decoded once, found by physical address (hash table) and by virtual pc
 * (the jump cache, valid for one translation epoch). Blocks live in one arena that is dropped
 * whole on fence.i or when full. */
#include "isa/block.h"

#include <stdlib.h>
#include <string.h>

#include "hart/hart.h"
#include "hart/model_hits.h"
#include "isa/fuse.h"
#include "isa/jit.h"
#include "machine.h"

#define ARENA_BYTES (16u << 20)
#define HASH_BITS 16

struct block_cache {
  uint8_t *arena;      /* ARENA_BYTES of blocks, bump-allocated */
  struct jit_arena *jit; /* their translations (NULL: none), dropped with them */
  size_t used;
  struct block *hash[1u << HASH_BITS];
};

struct block_cache *block_cache_create(void) {
  struct block_cache *bc = calloc(1, sizeof *bc);
  if (!bc) return NULL;
  bc->arena = malloc(ARENA_BYTES);
  if (!bc->arena) {
    free(bc);
    return NULL;
  }
  bc->jit = jit_arena_create();
  return bc;
}

struct jit_arena *block_cache_jit(struct block_cache *bc) { return bc->jit; }

void block_cache_destroy(struct block_cache *bc) {
  if (!bc) return;
  jit_arena_destroy(bc->jit);
  free(bc->arena);
  free(bc);
}

void block_cache_flush(struct block_cache *bc) {
  /* Callers also clear hart.last_block (hart_flush_translation). */
  bc->used = 0;
  memset(bc->hash, 0, sizeof bc->hash);
  if (bc->jit) jit_arena_reset(bc->jit);
}

static unsigned hash_of(uint64_t paddr) { return (unsigned)((paddr >> 1) * 0x9E3779B97F4A7C15ull >> (64 - HASH_BITS)); }

/* The static timing of instruction i of `insns` at (virtual or physical: only the low bits
 * matter) address pc: the profile's model, or one cycle per instruction. */
static void time_context(const struct hart *h, const struct insn_context *c, struct insn_timing *t) {
  const struct profile *p = h->machine->profile;
  if (p->time_insn) p->time_insn(p, c, t);
  else timing_one_cycle(c, t);
  /* The data-cache events the inline paths leave to the block (hart/model_hits.h, "Static
   * counts"), in the retire cycle (the last run, one cycle: MicroBlaze V's mb_time_insn). */
  uint64_t data = model_data_static_events(h, c->in);
  if (data && t->n && t->run[t->n - 1].count == 1) t->run[t->n - 1].events |= data;
  else if (data) timing_add(t, data, 1); /* (no profile with inline data paths gets here) */
}

/* The context of insns[i] at address pc: the instructions before it in `insns`, then
 * `outside` (the n_out that ran before insns[0], nearest first), up to TIMING_HISTORY. */
static void context_of(const struct insn *insns, unsigned i, uint64_t pc, const struct insn *const *outside,
                       unsigned n_out, struct insn_context *c) {
  const struct insn *before[TIMING_HISTORY];
  unsigned n = 0;
  for (; n < TIMING_HISTORY && n < i; n++) before[n] = &insns[i - 1 - n];
  for (unsigned k = 0; n < TIMING_HISTORY && k < n_out; k++) before[n++] = outside[k];
  c->in = &insns[i];
  c->pc = pc;
  insn_context_set_before(c, before, n);
}

void block_insn_context(const struct block *b, unsigned i, struct insn_context *c) {
  context_of(b->insns, i, b->paddr + b->insns[i].pc_off, NULL, 0, c);
}

static void time_insn(const struct hart *h, const struct insn *insns, unsigned i, uint64_t pc, struct insn_timing *t) {
  struct insn_context c;
  context_of(insns, i, pc, NULL, 0, &c);
  time_context(h, &c, t);
}

void block_insn_timing(const struct hart *h, const struct block *b, unsigned i, struct insn_timing *t) {
  time_insn(h, b->insns, i, b->paddr + b->insns[i].pc_off, t);
}

/* Adds one retired instruction with timing t to a block's static totals, combos included. */
static void add_timing(struct block *b, const struct hpm *hpm, const struct insn_timing *t) {
  b->retire_insns++;
  for (unsigned r = 0; r < t->n; r++) {
    uint32_t n = t->run[r].count;
    uint64_t ev = t->run[r].events | EV_BIT(EV_CYCLES);
    b->retire_cycles += n;
    b->ev_mask |= ev;
    for (uint64_t m = ev; m; m &= m - 1) b->events[__builtin_ctzll(m)] += (uint16_t)n;
    for (unsigned k = 0; k < hpm->num_combos; k++)
      if (ev & hpm->combo_mask[k]) {
        b->events[EV_COMBO0 + k] += (uint16_t)n;
        b->ev_mask |= HPM_ACTIVE_COMBOS;
      }
  }
}

uint64_t hart_now_cycles(const struct hart *h) {
  uint64_t now = hart_clock_cycles(h);
  if (!h->cur_block) return now;
  const struct block *b = h->cur_block;
  for (unsigned i = 0; i < (unsigned)(h->cur_insn - b->insns); i++) {
    struct insn_timing t;
    time_insn(h, b->insns, i, b->paddr + b->insns[i].pc_off, &t);
    for (unsigned r = 0; r < t.n; r++) now += t.run[r].count;
  }
  return now;
}

/* Events of the first n instructions of b, for a trap in mid-block. */
void hart_account_prefix(struct hart *h, const struct block *b, unsigned n) {
  struct block tmp;
  uint16_t events[EV_NUM_ACC];
  memset(&tmp, 0, sizeof tmp);
  memset(events, 0, sizeof events);
  tmp.events = events;
  for (unsigned i = 0; i < n; i++) {
    struct insn_timing t;
    time_insn(h, b->insns, i, b->paddr + b->insns[i].pc_off, &t);
    add_timing(&tmp, &h->hpm, &t);
  }
  BLOCK_ACCOUNT(&h->hpm, &tmp);
  h->budget -= tmp.retire_cycles;
}

/* A net change of cycles and events, as runs: what hart_block_entry adds at a block entry. */
struct correction_run {
  uint64_t events; /* as in a cycle_run (EV_CYCLES is implied) */
  int64_t count;   /* cycles to add (negative: to take back) */
};

/* Where a fall-through entry into a block from a given block is cheap to correct: the net
 * change hart_block_entry makes, computed once per pair of blocks (a block is mostly entered
 * from one block that falls through into it, and otherwise by jumps, which need nothing). It sits in the arena just
 * before its block, `from` last, next to the block's header that the dispatch loop has just
 * read; only harts with timed_context have it (the generic core's blocks stay as they are). A
 * block is replaced only with the whole arena, so `from` cannot name a block that was freed
 * while this one lives (the step blocks, which are reused, are never remembered). */
#define ENTRY_MEMO_RUNS 4
struct entry_memo {
  struct correction_run run[ENTRY_MEMO_RUNS];
  unsigned n;               /* runs in run[] */
  const struct block *from; /* the last block this correction is for; NULL: none yet */
};
_Static_assert(sizeof(struct entry_memo) % 16 == 0, "blocks after a memo stay 16-byte aligned");
/* What sits before a block of a timed profile: its entry memo, then its translation's slot
 * (struct block_jit, just before the block: isa/jit.h). */
#define MEMO_BYTES (sizeof(struct entry_memo) + sizeof(struct block_jit))

/* Arena bytes a block of `count` entries takes (with the memo before it and link costs after
 * its links when `memo`: a timed profile's block). */
static size_t block_bytes(unsigned count, bool memo) {
  size_t bytes = sizeof(struct block) + count * sizeof(struct insn) + BLOCK_LINK_BYTES + BLOCK_EVENT_BYTES +
                 (memo ? BLOCK_COST_BYTES : 0);
  return (memo ? MEMO_BYTES : 0) + ((bytes + 15) & ~(size_t)15);
}

/* The memo of an arena block built for a hart with timed_context. It is a cache beside the
 * block's immutable contents, hence the cast. */
static struct entry_memo *entry_memo(const struct block *b) {
  return (struct entry_memo *)((uint8_t *)(uintptr_t)b - MEMO_BYTES);
}

/* A block's horizon_cycles: its static cycles, one more for a system terminator, and at least
 * 1 (a budget > 0 allows that anyway), so that the dispatch loop's chained path can test
 * horizon <= budget alone for "budget > 0 and nothing due within the block". */
static uint32_t horizon(uint32_t retire_cycles, const struct insn *last) {
  uint32_t c = retire_cycles + ((last->cls & CLS_SYSTEM) ? 1 : 0);
  return c ? c : 1;
}

/* Fetches the 16-bit parcel at virtual address va; 0 or a fetch fault cause. */
static int fetch16(struct hart *h, uint64_t va, uint16_t *out) {
  uint64_t pa;
  int r = hart_translate(h, va, ACCESS_FETCH, &pa);
  if (r) return r;
  uint8_t *p = bus_ram_ptr(&h->machine->bus, pa, 2);
  if (!p) return EXC_INSN_ACCESS; /* instructions execute from RAM only */
  memcpy(out, p, 2);
  return 0;
}

/* Decodes a new block at vpc (physical paddr). Returns NULL with *fault set if the first
 * instruction cannot be fetched. */
/* Notes the BTC entry of b's last instruction, at physical address pa (struct block). */
static void block_btc_slot(const struct hart *h, struct block *b, uint64_t pa) {
  const struct btc_filter *f = h->btc_hits_offered;
  b->btc_key = BTC_KEY(pa, 0u);
  b->btc_index = f ? (uint16_t)((pa >> 1) & f->mask) : 0;
}

void block_links_unfollow(struct hart *h) {
  struct block_cache *bc = h->blocks;
  bool memo = h->machine->profile->time_insn != NULL; /* (as build: the costs come with it) */
  for (size_t at = 0; at < bc->used;) {
    struct block *b = (struct block *)(bc->arena + at + (memo ? MEMO_BYTES : 0));
    const struct insn *last = &b->insns[b->count - 1];
    for (unsigned i = 0; i < BLOCK_LINKS; i++) {
      BLOCK_LINK(last)[i].from = ~0ull; /* odd: no block's pc, with any key */
      if (memo) BLOCK_LINK_COST(last, i)->follow_key = 0;
    }
    at += block_bytes(b->count, memo);
  }
  /* (A step block's links are emptied whenever it is built: block_first_insn.) */
}

void block_jit_way(struct hart *h, bool branch_free) {
  struct block_cache *bc = h->blocks;
  if (!bc || !bc->jit || !h->machine->profile->time_insn) return; /* (translations: timed profiles' blocks) */
  for (size_t at = 0; at < bc->used;) {
    struct block *b = (struct block *)(bc->arena + at + MEMO_BYTES);
    jit_way(bc->jit, b, branch_free);
    at += block_bytes(b->count, true);
  }
}

static struct block *build(struct hart *h, uint64_t vpc, uint64_t paddr, int *fault, uint64_t *fault_va) {
  struct block_cache *bc = h->blocks;
  /* Room for hart_block_entry's memo on cores that time instructions (not on timed_context,
   * which the generic core's fetch model can switch on after blocks were built). */
  bool memo = h->machine->profile->time_insn != NULL;
  size_t need = block_bytes(BLOCK_MAX_INSNS + 1, memo);
  if (bc->used + need > ARENA_BYTES) hart_flush_translation(h, true);
  struct block *b = (struct block *)(bc->arena + bc->used + (memo ? MEMO_BYTES : 0));
  uint16_t events[EV_NUM_ACC]; /* moved behind insns[] once their number is known */
  memset(b, 0, sizeof *b);
  memset(events, 0, sizeof events);
  b->events = events;
  b->paddr = paddr;
  uint64_t va = vpc;
  /* A block lies within one PMP region, so the PMP check of its first instruction's fetch
   * holds for all of it, in whichever mode it runs (hart/pmp.h). */
  uint64_t pmp_end = pmp_region_end(&h->pmp, paddr);
  bool crosses = false;
  unsigned n = 0;
  for (;;) {
    struct insn *in = &b->insns[n];
    uint16_t lo, hi = 0;
    int r = fetch16(h, va, &lo);
    if (r == 0 && insn_length(lo) == 4) {
      uint64_t va_hi = h->xlen == 32 ? (uint32_t)(va + 2) : va + 2;
      if (n > 0 && ((va_hi ^ va) >> PAGE_SHIFT)) goto end_block; /* straddles: own block */
      r = fetch16(h, va_hi, &hi);
      if (r) *fault_va = va_hi;
      /* An instruction straddling a page or a PMP region boundary depends on two checks. */
      crosses |= ((va_hi ^ va) >> PAGE_SHIFT) != 0 || (paddr + (va - vpc) < pmp_end && paddr + (va_hi - vpc) >= pmp_end);
    } else if (r) {
      *fault_va = va;
    }
    if (r) {
      if (n == 0) {
        *fault = r;
        return NULL;
      }
      goto end_block; /* the fault belongs to the next block's first instruction */
    }
    insn_decode_ext((uint32_t)hi << 16 | lo, h->xlen, h->isa_ext, in);
    in->pc_off = (uint8_t)(va - vpc);
    n++;
    va += insn_length(lo);
    if (h->xlen == 32) va = (uint32_t)va;
    if (in->cls & CLS_SYSTEM) break; /* its handler accounts for it */
    struct insn_timing t;
    time_insn(h, b->insns, n - 1, va - insn_length(lo), &t);
    add_timing(b, &h->hpm, &t);
    if (in->cls & CLS_END) break;
    if (n == BLOCK_MAX_INSNS || ((va ^ vpc) >> PAGE_SHIFT) || paddr + (va - vpc) >= pmp_end) goto end_block;
    continue;
  end_block : {
    struct insn *end = &b->insns[n++];
    memset(end, 0, sizeof *end);
    end->op = end->disp = OP_END_BLOCK;
    end->pc_off = end[-1].pc_off, end->raw = end[-1].raw; /* block_end_off */
    break;
  }
  }
  b->count = (uint16_t)n;
  block_btc_slot(h, b, paddr + b->insns[n - 1].pc_off);
  if (!h->fuse_off) block_fuse(b->insns, n);
  b->horizon_cycles = horizon(b->retire_cycles, &b->insns[n - 1]);
  memset(BLOCK_LINK(&b->insns[n - 1]), 0, BLOCK_LINK_BYTES + (memo ? BLOCK_COST_BYTES : 0));
  b->pending = PENDING_NONE;
  if (memo)
    for (unsigned i = 0; i < BLOCK_LINKS; i++) BLOCK_LINK_COST(&b->insns[n - 1], i)->pending = PENDING_NONE;
  b->events = (uint16_t *)((uint8_t *)&b->insns[n] + BLOCK_LINK_BYTES + (memo ? BLOCK_COST_BYTES : 0));
  memcpy(b->events, events, sizeof events);
  if (memo) entry_memo(b)->from = NULL, *block_jit_of(b) = (struct block_jit){bc->jit ? jit_arena_plain(bc->jit) : NULL, 0, {0}};
  bc->used += block_bytes(n, memo);
  /* A block whose first instruction straddles two pages depends on two translations: keep it
   * out of the physical hash (the jump cache, flushed with translations, still finds it). */
  if (!crosses) {
    unsigned hidx = hash_of(paddr);
    b->hash_next = bc->hash[hidx];
    bc->hash[hidx] = b;
  }
  if (memo && h->jit_on && bc->jit) jit_translate(h, bc->jit, b);
  return b;
}

_Static_assert(sizeof(struct block) + 2 * sizeof(struct insn) + BLOCK_LINK_BYTES + BLOCK_COST_BYTES <=
                   sizeof(((struct hart *)0)->step_block[0]),
               "hart.step_block must hold a block of two instructions, its links and their costs");

/* The instructions that ran just before `blk`, nearest first, when execution fell through
 * into it from h->last_block: up to TIMING_HISTORY of them, from that block only (what ran
 * before it is not kept), or from a stepped instruction's scratch block and what ran before
 * that (hart.step_before): a block is timed the same whether the one before it ran whole or
 * stepped. Returns how many: 0 when it did not fall through. */
static unsigned preceding(const struct hart *h, const struct block *blk, const struct insn **before) {
  const struct block *last = h->last_block;
  if (!last || !last->count) return 0;
  const struct insn *end = &last->insns[last->count - 1];
  unsigned n = last->count - (end->op == OP_END_BLOCK ? 1 : 0);
  uint64_t end_pa = last->paddr + block_end_off(last);
  if (!n || end_pa != blk->paddr) return 0;
  unsigned k = n < TIMING_HISTORY ? n : TIMING_HISTORY;
  for (unsigned d = 0; d < k; d++) before[d] = &last->insns[n - 1 - d];
  if (k < TIMING_HISTORY && block_is_step(h, last)) {
    unsigned s = (unsigned)(((const uint8_t *)last - h->step_block[0]) / sizeof h->step_block[0]);
    for (unsigned j = 0; j < h->step_n_before[s] && k < TIMING_HISTORY; j++) before[k++] = &h->step_before[s][j];
  }
  return k;
}

/* A correction being computed: every run of TIMING_HISTORY instructions timed twice fits. */
struct correction {
  unsigned n;
  struct correction_run run[2 * TIMING_HISTORY * TIMING_MAX_RUNS];
};

/* Adds `count` cycles raising `events`, merged with a run of the same events (exact: every
 * accumulator is linear in a run's count). */
static void correction_add(struct correction *c, uint64_t events, int64_t count) {
  for (unsigned r = 0; r < c->n; r++)
    if (c->run[r].events == events) {
      c->run[r].count += count;
      return;
    }
  c->run[c->n++] = (struct correction_run){events, count};
}

/* The net correction for entering blk after `outside` (n_out >= 1 instructions, nearest
 * first): its first instructions re-timed with them, minus their timing without them (what
 * the block's static counts hold). Runs that cancel out are dropped. */
static void entry_correction(const struct hart *h, const struct block *blk, const struct insn *const *outside,
                             unsigned n_out, struct correction *c) {
  c->n = 0;
  for (unsigned i = 0; i < TIMING_HISTORY && i < blk->count && blk->insns[i].op != OP_END_BLOCK; i++) {
    const struct insn *in = &blk->insns[i];
    if (in->cls & CLS_SYSTEM) break; /* timed when it retires, with its block's context */
    struct insn_context built, real;
    uint64_t pc = blk->paddr + in->pc_off;
    context_of(blk->insns, i, pc, NULL, 0, &built);
    context_of(blk->insns, i, pc, outside, n_out, &real);
    struct insn_timing with, without;
    time_context(h, &real, &with);
    time_context(h, &built, &without);
    for (unsigned r = 0; r < with.n; r++) correction_add(c, with.run[r].events, with.run[r].count);
    for (unsigned r = 0; r < without.n; r++) correction_add(c, without.run[r].events, -(int64_t)without.run[r].count);
    if (in->cls & CLS_END) break;
  }
  unsigned kept = 0;
  for (unsigned r = 0; r < c->n; r++)
    if (c->run[r].count) c->run[kept++] = c->run[r];
  c->n = kept;
}

/* Adds a correction's cycles and events. A negative count takes back only amounts the block
 * adds at its end, so the accumulators never go below a snapshot a reader could see. */
static void apply_correction(struct hart *h, const struct correction_run *run, unsigned n) {
  struct hpm *hpm = &h->hpm;
  for (unsigned r = 0; r < n; r++) {
    uint64_t count = (uint64_t)run[r].count;
    uint64_t ev = run[r].events | EV_BIT(EV_CYCLES);
    h->budget -= run[r].count;
    for (uint64_t m = ev & ~EV_BIT(EV_INSNS); m; m &= m - 1) hpm->acc[__builtin_ctzll(m)] += count;
    for (unsigned k = 0; k < hpm->num_combos; k++)
      if (ev & hpm->combo_mask[k]) hpm->acc[EV_COMBO0 + k] += count;
  }
}

bool block_is_step(const struct hart *h, const struct block *b) {
  const uint8_t *p = (const uint8_t *)b;
  return p >= h->step_block[0] && p < h->step_block[0] + sizeof h->step_block;
}

void hart_fetch_model(struct hart *h, const struct block *blk) { h->machine->profile->fetch_block(h, blk); }

void hart_block_entry(struct hart *h, const struct block *blk) {
  const struct profile *p = h->machine->profile;
  if (h->model_fetch) p->fetch_block(h, blk);
  if (!h->last_block || !p->time_insn) return;
  /* The correction depends only on the two blocks: remembered for the last block that fell
   * through into this one (entries by a jump or taken branch need none and keep it). */
  struct entry_memo *m = entry_memo(blk);
  if (m->from == h->last_block) {
    apply_correction(h, m->run, m->n);
    return;
  }
  const struct insn *outside[TIMING_HISTORY];
  unsigned n_out = preceding(h, blk, outside);
  if (!n_out) return;
  struct correction c;
  entry_correction(h, blk, outside, n_out, &c);
  apply_correction(h, c.run, c.n);
  if (c.n > ENTRY_MEMO_RUNS || block_is_step(h, h->last_block)) return; /* scratch is reused */
  m->from = h->last_block;
  m->n = c.n;
  memcpy(m->run, c.run, c.n * sizeof c.run[0]);
}

/* ---- Link costs (isa/block.h, struct link_cost) ---- */

/* A cost being compiled: sums per accumulator, merged as runs are added (at most one entry
 * per accumulator, so it cannot overflow; only n and cycles need initialising). */
struct cost_sums {
  unsigned n;
  int64_t cycles;
  uint8_t idx[EV_NUM_ACC];
  int64_t count[EV_NUM_ACC];
};
#define COST_SUMS_EMPTY(s) ((s).n = 0, (s).cycles = 0)

static void sums_put(struct cost_sums *s, unsigned idx, int64_t n) {
  for (unsigned i = 0; i < s->n; i++)
    if (s->idx[i] == idx) {
      s->count[i] += n;
      return;
    }
  s->idx[s->n] = (uint8_t)idx;
  s->count[s->n++] = n;
}

/* `n` occurrences of `events` (as hart_add_events does: no cycles of their own). */
static void sums_events(const struct hpm *hpm, struct cost_sums *s, uint64_t events, int64_t n) {
  for (uint64_t m = events; m; m &= m - 1) sums_put(s, (unsigned)__builtin_ctzll(m), n);
  for (unsigned k = 0; k < hpm->num_combos; k++)
    if (events & hpm->combo_mask[k]) sums_put(s, EV_COMBO0 + k, n);
}

/* `n` cycles raising `events` (as hart_add_timing: instructions are counted per block). */
static void sums_cycles(const struct hpm *hpm, struct cost_sums *s, uint64_t events, int64_t n) {
  s->cycles += n;
  sums_events(hpm, s, (events | EV_BIT(EV_CYCLES)) & ~EV_BIT(EV_INSNS), n);
}

static void sums_timing(const struct hpm *hpm, struct cost_sums *s, const struct insn_timing *t) {
  for (unsigned r = 0; r < t->n; r++) sums_cycles(hpm, s, t->run[r].events, t->run[r].count);
}

static void sums_apply(struct hart *h, const struct cost_sums *s) {
  for (unsigned i = 0; i < s->n; i++) h->hpm.acc[s->idx[i]] += (uint64_t)s->count[i];
  h->budget -= s->cycles;
}

/* The block just left and its terminator. */
static const struct block *left(const struct hart *h, const struct insn **last) {
  const struct block *from = h->last_block;
  *last = &from->insns[from->count - 1];
  return from;
}

/* The outcome of leaving through link `idx` after terminator `last`, target aside; returns
 * whether it is a taken transfer. A conditional branch's outcome goes to the branch model
 * when one runs (timed_branches), else it is the profile's taken penalty or one event (only
 * the timed dispatch loop uses link costs: the generic core counts branches inline). */
static bool link_outcome(const struct hart *h, const struct insn *last, unsigned idx, struct cost_sums *s) {
  const struct profile *p = h->machine->profile;
  if (last->cls & CLS_BRANCH) {
    bool taken = idx == 0;
    if (!h->timed_branches) {
      if (taken && p->taken_branch.n) sums_timing(&h->hpm, s, &p->taken_branch);
      else sums_events(&h->hpm, s, EV_BIT(taken ? EV_BR_TAKEN : EV_BR_NOT_TAKEN), 1);
    } else if (h->btc_hits) { /* a predicted branch's events; the model adds the rest */
      sums_events(&h->hpm, s, h->btc_hits->predicted[taken], 1);
    }
    return taken;
  }
  return last->op == OP_JAL || last->op == OP_JALR;
}

/* Does a taken transfer to `to` at vpc cost the unaligned-target penalty (a 32-bit first
 * instruction at pc % 4 == 2)? */
static bool unaligned_target(const struct hart *h, const struct block *to, uint64_t vpc) {
  return (vpc & 3) == 2 && insn_length(to->insns[0].raw) == 4 && h->machine->profile->unaligned_target.n;
}

/* What BLOCK_ACCOUNT adds for block b (and its cycles from the budget). */
static void sums_block(const struct hpm *hpm, struct cost_sums *s, const struct block *b) {
  sums_put(s, EV_INSNS, b->retire_insns);
  sums_put(s, EV_CYCLES, b->retire_cycles);
  s->cycles += b->retire_cycles;
  for (unsigned i = 0; i < hpm->num_active; i++)
    if (b->events[hpm->active[i]]) sums_put(s, hpm->active[i], b->events[hpm->active[i]]);
}

/* The nonzero sums of s as adds[from..) of c; false if they do not fit. */
static bool pack(struct link_cost *c, unsigned from, const struct cost_sums *s) {
  unsigned n = from;
  for (unsigned i = 0; i < s->n; i++) {
    if (!s->count[i] || s->idx[i] == EV_CYCLES || s->idx[i] == EV_INSNS) continue; /* own fields */
    if (n == LINK_COST_ADDS || s->count[i] != (int32_t)s->count[i]) return false;
    c->idx[n] = s->idx[i];
    c->count[n++] = (int32_t)s->count[i];
  }
  c->n = (uint8_t)n;
  return true;
}

/* Is leaving through link `idx` after terminator `last` a taken transfer? */
static bool taken_transfer(const struct insn *last, unsigned idx) {
  return (last->cls & CLS_BRANCH) ? idx == 0 : last->op == OP_JAL || last->op == OP_JALR;
}

/* Adds what link cost c was followed for since it was last settled. */
static void settle_cost(struct hart *h, struct link_cost *c) {
  uint64_t times = PENDING_TIMES(c->pending);
  if (!times) return;
  h->hpm.acc[EV_INSNS] += c->insns * times;
  h->hpm.acc[EV_CYCLES] += (uint64_t)c->cycles_all * times;
  for (unsigned i = 0; i < c->n && i < LINK_COST_ADDS; i++)
    h->hpm.acc[c->idx[i]] += (uint64_t)(int64_t)c->count[i] * times;
  c->pending = PENDING_NONE;
}

/* Adds what block b retired the times it ran uncounted (BLOCK_ACCOUNT). */
static void settle_block(struct hart *h, struct block *b) {
  uint64_t times = PENDING_TIMES(b->pending);
  if (!times) return;
  struct hpm *hpm = &h->hpm;
  hpm->acc[EV_INSNS] += b->retire_insns * times;
  hpm->acc[EV_CYCLES] += b->retire_cycles * times;
  uint64_t m = b->ev_mask & hpm->active_mask;
  if (m & HPM_ACTIVE_COMBOS) {
    for (unsigned i = 0; i < hpm->num_active; i++) hpm->acc[hpm->active[i]] += b->events[hpm->active[i]] * times;
  } else {
    for (; m; m &= m - 1) hpm->acc[__builtin_ctzll(m)] += b->events[__builtin_ctzll(m)] * times;
  }
  b->pending = PENDING_NONE;
}

uint64_t block_deferred_cycles(const struct hart *h) {
  uint64_t n = 0;
  for (unsigned k = 0; k < h->num_pending_costs; k++)
    n += (uint64_t)h->pending_costs[k]->cycles_all * PENDING_TIMES(h->pending_costs[k]->pending);
  for (unsigned k = 0; k < h->num_pending_blocks; k++)
    n += h->pending_blocks[k]->retire_cycles * PENDING_TIMES(h->pending_blocks[k]->pending);
  return n;
}

void block_settle_costs(struct hart *h) {
  if (model_lazy_pending(h)) model_lazy_settle(h);
  for (unsigned k = 0; k < h->num_pending_costs; k++) settle_cost(h, h->pending_costs[k]);
  h->num_pending_costs = 0;
  for (unsigned k = 0; k < h->num_pending_blocks; k++) settle_block(h, h->pending_blocks[k]);
  h->num_pending_blocks = 0;
}

/* What the BTC entry of terminator `last` (its key with counter 0: key0) holds when it
 * predicts leaving through link i right, saturated (link_cost.btc_expect): a conditional
 * branch's counter 3 (taken, link 0) or 0 (not taken); a JAL's or return's 3; else never. */
static uint64_t btc_expect(const struct insn *last, unsigned i, uint64_t key0) {
  if (last->cls & CLS_BRANCH) return i == 0 ? key0 | 3u : key0;
  if (last->op == OP_JAL ||
      (last->op == OP_JALR && last->rd == REG_SINK && last->imm == 0 && (last->rs1 == 1 || last->rs1 == 5)))
    return key0 | 3u;
  return BTC_NEVER;
}

/* The pc of the block that leaves through link i after terminator `last` (its last entry) to
 * vpc, when that pc alone decides the target (struct block_link.from); ~0, never a block's pc
 * (odd), for a JALR. */
static uint64_t link_from(const struct hart *h, const struct insn *last, unsigned i, uint64_t vpc) {
  uint64_t off;
  if (last->op == OP_JAL || ((last->cls & CLS_BRANCH) && i == 0)) off = (uint64_t)(int64_t)last->imm + last->pc_off;
  else if ((last->cls & CLS_BRANCH) || last->op == OP_END_BLOCK) off = last->pc_off + insn_length(last->raw);
  else return ~0ull;
  return h->xlen == 32 ? (uint32_t)(vpc - off) : vpc - off;
}

void block_link_set(struct hart *h, unsigned i, struct block *to, uint64_t vpc) {
  const struct insn *last;
  const struct block *from = left(h, &last);
  struct block_link *link = BLOCK_LINK(last) + i;
  uint64_t old_tag = link->tag;
  link->vpc = vpc;
  uint64_t from_pc = link_from(h, last, i, vpc);
  link->from = h->xlen == 32 ? from_pc << 32 | h->follow_key : from_pc; /* (struct block_link) */
  link->pc_delta = (from_pc ^ vpc) << 32;
  link->horizon = to->horizon_cycles;
  link->tag = h->link_key;
  /* (the link key holds the active events: ((struct block *)from)->defer is right while it is) */
  ((struct block *)from)->defer = (from->ev_mask & h->hpm.active_mask) != 0;
  link->block = to;
  /* A step block's links are emptied whenever it is rebuilt (block_first_insn): never
   * followed, their costs would be compiled for nothing (2,400 host instructions each, most
   * of them the entry correction of the rest of the block, at every stepped instruction). */
  if (!h->link_costs || block_is_step(h, from)) return;
  struct link_cost *lc = BLOCK_LINK_COST(last, i);
  lc->from = (uint32_t)from_pc; /* (RV32's: ~0 for a JALR, odd) */
  /* The correction hart_block_entry makes when `to` is entered from the block just left. */
  const struct insn *outside[TIMING_HISTORY];
  unsigned n_out = h->machine->profile->time_insn ? preceding(h, to, outside) : 0;
  bool taken = taken_transfer(last, i), unaligned = taken && unaligned_target(h, to, vpc);
  /* A cost with no part that depends on the target (no unaligned target, no entry correction)
   * stays right for another such target: a return whose caller changed (every JALR miss on
   * callchase32) need not compile it again. */
  bool plain = !n_out && !unaligned;
  /* The next block's fetch, when the model folds it (hart/model_hits.h: the same words for
   * another target keep a plain cost right). */
  uint32_t fetch_words;
  uint64_t fetch_end;
  bool fold = hart_fetch_fold(h, from, to, &fetch_words, &fetch_end);
  /* hart_exec_system's CSR-write collision check reads the outcome of a conditional branch
   * just before a CSR instruction (hart.last_branch_taken), which only the long way stores
   * (isa/exec_template.h, BRANCH_OUTCOME): such a link is never followed. */
  bool csr_next = h->machine->profile->minstret_write_collides && (last->cls & CLS_BRANCH) &&
                  to->insns[0].op >= OP_CSRRW && to->insns[0].op <= OP_CSRRCI;
  /* (old_tag first: only a link made with the current tag has its cost filled in) */
  if (plain && !csr_next && old_tag == h->link_key && lc->key == h->link_key && lc->plain &&
      lc->fetch_words == fetch_words && (lc->fetch_end != 0) == fold) {
    lc->need = (int64_t)to->horizon_cycles + lc->cycles_outcome;
    lc->fetch_end = fetch_end;
    lc->follow_key = (uint32_t)hart_new_follow_key(h);
    return;
  }
  settle_cost(h, lc); /* what it was followed for, before it changes */
  struct cost_sums out, entry;
  COST_SUMS_EMPTY(out), COST_SUMS_EMPTY(entry);
  sums_block(&h->hpm, &out, from);
  link_outcome(h, last, i, &out);
  if (unaligned) sums_timing(&h->hpm, &out, &h->machine->profile->unaligned_target);
  if (n_out) {
    struct correction c;
    entry_correction(h, to, outside, n_out, &c);
    for (unsigned r = 0; r < c.n; r++) sums_cycles(&h->hpm, &entry, c.run[r].events, c.run[r].count);
  }
  if (fetch_words) sums_events(&h->hpm, &entry, h->fetch_hits->events_mask, fetch_words);
  lc->fetch_words = fetch_words;
  lc->fetch_end = fetch_end;
  lc->btc_entry = h->btc_hits ? &h->btc_hits->key[from->btc_index] : NULL;
  lc->btc_expect = btc_expect(last, i, from->btc_key);
  lc->follow_key = (uint32_t)hart_new_follow_key(h);
  lc->key = h->link_key;
  lc->plain = plain;
  lc->cycles_outcome = (int32_t)out.cycles;
  lc->cycles_entry = (int32_t)entry.cycles;
  lc->cycles_all = (int64_t)lc->cycles_outcome + lc->cycles_entry;
  lc->need = (int64_t)to->horizon_cycles + lc->cycles_outcome;
  lc->insns = from->retire_insns;
  bool fits = pack(lc, 0, &out);
  lc->n_outcome = lc->n;
  if (!fits || !pack(lc, lc->n_outcome, &entry) || h->link_costs_off || csr_next) {
    lc->n = LINK_COST_SLOW;
    lc->key = lc->follow_key = 0; /* never a hart's key (hart_set_fetch_tag) */
  }
}

bool hart_link_outcome(struct hart *h, unsigned i) {
  const struct insn *last;
  left(h, &last);
  struct cost_sums s;
  COST_SUMS_EMPTY(s);
  bool taken = link_outcome(h, last, i, &s);
  sums_apply(h, &s);
  return taken;
}

struct block *block_first_insn(struct hart *h, const struct block *blk) {
  block_settle_costs(h); /* the scratch block's link costs are about to be reused */
  h->step_index ^= 1;
  struct block *b = (struct block *)h->step_block[h->step_index];
  const struct insn *first = &blk->insns[0];
  memset(b, 0, sizeof *b);
  b->events = h->step_events[h->step_index];
  memset(b->events, 0, BLOCK_EVENT_BYTES);
  b->paddr = blk->paddr;
  block_btc_slot(h, b, blk->paddr + first->pc_off);
  b->insns[0] = *first;
  b->insns[0].disp = (uint8_t)op_dispatch(first->op); /* alone: not the first of a fused pair */
  b->count = 1;
  struct insn_timing t;
  h->step_n_before[h->step_index] = 0;
  if (!(first->cls & CLS_SYSTEM)) {
    /* Timed with the instructions that ran just before it when execution fell through from
     * the last block (hazards such as load-use then count as they do when not stepping). */
    const struct insn *outside[TIMING_HISTORY];
    unsigned n_out = preceding(h, blk, outside);
    for (unsigned j = 0; j < n_out; j++) h->step_before[h->step_index][j] = *outside[j];
    h->step_n_before[h->step_index] = n_out;
    struct insn_context c;
    context_of(blk->insns, 0, blk->paddr, outside, n_out, &c);
    time_context(h, &c, &t);
    add_timing(b, &h->hpm, &t);
  }
  b->horizon_cycles = horizon(b->retire_cycles, first);
  if (h->model_fetch) {
    h->machine->profile->fetch_block(h, b);
    if (h->entry_abandoned) { /* hart_interrupt_at_entry: the instruction does not run */
      h->entry_abandoned = false;
      return NULL;
    }
  }
  if (!(first->cls & (CLS_END | CLS_SYSTEM))) {
    struct insn *end = &b->insns[1];
    memset(end, 0, sizeof *end);
    end->op = end->disp = OP_END_BLOCK;
    end->pc_off = first->pc_off, end->raw = first->raw; /* block_end_off */
    b->count = 2;
  }
  memset(BLOCK_LINK(&b->insns[b->count - 1]), 0, BLOCK_LINK_BYTES + BLOCK_COST_BYTES); /* empty: nothing chains */
  b->pending = PENDING_NONE;
  for (unsigned i = 0; i < BLOCK_LINKS; i++) BLOCK_LINK_COST(&b->insns[b->count - 1], i)->pending = PENDING_NONE;
  return b;
}

struct block *block_lookup(struct hart *h, uint64_t vpc) {
  struct jump_entry *je = &h->jump_cache[(vpc >> 1) & ((1u << JUMP_CACHE_BITS) - 1)];
  if (je->vpc == vpc && je->tag == h->fetch_tag) return je->block;

  int fault = 0;
  uint64_t fault_va = vpc, paddr;
  struct block *b = NULL;
  if (vpc & h->ialign_mask) {
    fault = EXC_INSN_MISALIGNED;
  } else {
    const struct tlb_entry *e = &h->tlb_fetch[(vpc >> PAGE_SHIFT) & (TLB_SIZE - 1)];
    if (e->vpage == (vpc & ~(PAGE_SIZE - 1))) {
      paddr = vpc + e->pa_delta;
    } else {
      fault = hart_translate(h, vpc, ACCESS_FETCH, &paddr);
    }
    if (!fault) {
      for (b = h->blocks->hash[hash_of(paddr)]; b; b = b->hash_next)
        if (b->paddr == paddr) break;
      if (!b) b = build(h, vpc, paddr, &fault, &fault_va);
    }
  }
  if (!b) {
    hart_take_trap(h, (uint64_t)fault, fault_va, vpc);
    return NULL;
  }
  je->vpc = vpc;
  je->tag = h->fetch_tag;
  je->block = b;
  return b;
}
