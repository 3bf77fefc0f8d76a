/* The dynamic timing models' common outcomes, which the timed dispatch loop
 * (isa/exec_template.h) counts inline instead of calling the model: a data-cache access that
 * changes no cache state or only a tag, a branch or jump found in the branch target cache,
 * the fetch of a block whose instruction-cache lines are all present. Each model (MicroBlaze
 * V's, profiles/microblaze_v.c) keeps the state these read in the structures below and offers
 * them from its model_reset (hart.data_hits_offered, btc_hits_offered, fetch_hits_offered);
 * the hart uses them while no combo slot is in use (hart_update_models), and anything else
 * calls the model as before. With the pointers NULL (other profiles, combos,
 * RVPMU_NO_MODEL_HITS=1) nothing changes. The counts are those of the model's own path
 * exactly: the fast paths only take outcomes the model would add as a fixed set of events, and
 * tests/cli/model_hits.sh compares both.
 *
 * Figures (MicroBlaze V, every event counted, callgrind host instructions per guest
 * instruction over the first 1e7 of make bench's intmix32 / callchase32) are in
 * docs/performance.md. */
#ifndef RVPMU_HART_MODEL_HITS_H
#define RVPMU_HART_MODEL_HITS_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "hart/hart.h"
#include "isa/block.h"

/* The inline paths run only while no combo slot is in use (hart_update_models), so they add
 * plain events: a test per add for combos cost 3 of callchase32's 74 host instructions per
 * guest instruction.
 *
 * The models loop: hart_run takes the RV32 instance of the timed loop that
 * isa/exec_rv32_models.c compiles (EXEC_MODEL_HITS) while hart.models_loop is set: the data
 * cache's and the BTC's inline paths offered and used (data_hits, btc_hits), the fetch and
 * branch models running (model_fetch, timed_branches), and no latency of the data cache
 * watched. Its call sites pass models_loop = EXEC_MODEL_HITS, so that none of these is
 * tested at every load, store, branch or block (MicroBlaze V, make bench's events, host
 * instructions per guest instruction on callchase32: 41.2 -> 39.3 for the first two, 38.9
 * -> 37.1 for the last three); other uses (fewer events selected, latency pairs, combos)
 * take the timed instance, with the tests. hart_update_models sets models_loop and,
 * when it changes, hart.loop_stale, with which the next slow check leaves the loop. */

/* A fixed set of one or two events that a fast path adds: their accumulators are found once
 * (model_events_init), not by a loop over the mask's bits at every add (hart_add_events: 19
 * host instructions per add, 17% of intmix32's on MicroBlaze V, for 4 adds per block). Two
 * are enough for every outcome (a third would cost every add two instructions). */
struct model_events {
  uint64_t *acc[2];      /* &hpm.acc[each event], an unused one &sink */
  uint64_t sink;
};

/* Sets e to the events of mask (one or two) of hart h. */
void model_events_init(struct hart *h, struct model_events *e, uint64_t mask);

/* Adds n occurrences of e's events, as hart_add_events without combos. */
static inline void model_events_add(struct model_events *e, uint32_t n) {
  *e->acc[0] += n;
  *e->acc[1] += n;
}

/* Takes back n occurrences that a link cost's adds hold (link folds below): the accumulators
 * are only read once the link's deferred adds are settled (block_settle_costs), so the sum is
 * exact whenever it is seen. */
static inline void model_events_sub(struct model_events *e, uint32_t n) {
  *e->acc[0] -= n;
  *e->acc[1] -= n;
}

/* Stall cycles a fast path adds (a line fill, a pipeline refill): `cycles` cycles raising
 * `stall` (none: &sink) in each and the event `first` (none: &sink) in the first one, as
 * hart_add_stall does without combos (a call whose loops over the event masks cost 37 host
 * instructions). One first event is enough for every use (a BTC mispredict, a D-cache memory
 * read): a second, unused, cost every mispredict and read miss two host instructions. */
struct model_stall {
  uint64_t *first;       /* without the stall event and cycles */
  uint64_t *stall;
  uint32_t cycles;
  uint64_t sink;
};

/* Sets s (of hart h) to `cycles` cycles of stall_mask (0 or one event), first_mask (0 or one
 * event besides those) in the first. */
void model_stall_init(struct hart *h, struct model_stall *s, uint64_t first_mask, uint64_t stall_mask, uint32_t cycles);

static inline void model_stall_add(struct hart *h, struct model_stall *s) {
  h->budget -= s->cycles;
  h->hpm.acc[EV_CYCLES] += s->cycles;
  *s->stall += s->cycles;
  *s->first += 1;
}

/* ---- Lazy fills (hart.lazy_dc_fills) ----
 * The models loop's branch-free way to a D-cache line (below) counts the misses it fills by
 * number, without a branch on the outcome: the budget takes their stall cycles at once (the
 * slow check is never late), and their events (the read hit taken back, the memory read, the
 * stall and its cycles) are added times that number when the other deferred counts are
 * (block_settle_costs, SETTLE_COSTS in isa/exec_template.h), before anything reads the
 * accumulators; hart_clock_cycles adds their cycles meanwhile. (The same for the BTC's
 * mispredicts of a linked hit made no difference: mbv-5 / mbv-8 callchase32 0.71 / 0.71 s
 * with it, 0.70 / 0.72 without, best of 8 alternating.) */
static inline bool model_lazy_pending(const struct hart *h) { return h->lazy_dc_fills != 0; }
/* Adds the fills counted lazily (to h's accumulators; the budget has their cycles). */
void model_lazy_settle(struct hart *h);
/* The cycles they hold. */
uint64_t model_lazy_cycles(const struct hart *h);

/* Two ways to a line: the line TLB (below) makes a load that hits its line cheap, and a miss
 * dear, as the host mispredicts its test as often as the guest's data misses; the branch-free
 * way (hart.dc_branch_free: the model TLB, the tag compared and stored, the fill counted
 * lazily) costs every load about 10 host instructions more and a miss nothing more. The
 * models loop takes the second once the D-cache fills more than a line per 40 instructions,
 * and leaves it below one per 67 (mbv-5 callchase32: one per 13.5, 0.80 -> 0.70 s; intmix32:
 * one per 2,800, 0.30 -> 0.33 s with the branch-free way; docs/performance.md, "MicroBlaze V,
 * session 8"),
 * deciding at slow checks from the fills since the last choice (model_data_way), with some
 * hysteresis. Both ways count the same: only the host's time differs. The branch-free way
 * needs a one-way write-through D-cache (data_hit_filter.read_fill) and keeps no line TLB:
 * the line TLB is forgotten whenever it is taken up again. */
#define DC_WAY_SPAN 20000     /* instructions between choices, at least */
#define DC_WAY_ON_PER_MILLE 25  /* fills per 1000 instructions to go branch-free */
#define DC_WAY_OFF_PER_MILLE 15 /* ... to go back */
void model_data_way(struct hart *h);

/* ---- Data cache (hart_load_hit, hart_store_hit) ----
 * An aligned RAM access whose page the model's TLB holds (hart.tlb_load_model /
 * tlb_store_model) is done here, without hart_load_slow / hart_store_slow:
 * - `tag` is the model's own tag array when the cache has one way (a hit changes nothing: no
 *   LRU), indexed by line & set_mask; with more ways it is a single entry that never matches.
 *   A load whose line it holds raises `load_static` (a read request and its hit), which
 *   its block counts (below), and nothing else. With `read_fill` (one way, write-through: no
 *   victim is ever dirty) a load miss fills the line here: the hit is taken back
 *   (`read_hit`), then the stall cycles `fill`, whose first cycle raises the memory read, and
 *   a latency of fill.cycles for `fill_latency_event` (`fill_latency_bit`: its EV_BIT). Any
 *   other load calls the model (hart_data_model), which counts it, and `load_static` is
 *   taken back.
 * - With `stores` (write-through: a store changes no cache state, a miss does not allocate),
 *   a store raises `store_static` (a write request and the memory write, which its block
 *   counts), `store_hit` if it hits, and reports `store_latency` for `store_latency_event`;
 *   without it every store calls the model (store_static is then none).
 * The slow path and a model call for every miss and store were a quarter of the host's
 * instructions on callchase32 (28% of its loads miss the 8 KiB cache); a miss through the
 * model alone still cost 188 host instructions.
 *
 * Static counts: while h->data_hits is set, every load and store that reaches hart_load_hit /
 * hart_store_hit (the LOAD_DO / STORE_DO handlers: model_data_static_events) has
 * load_static / store_static among its block's static events (isa/block.c, time_context),
 * added with the block's other counts when it retires (its link cost, BLOCK_ACCOUNT, the
 * prefix of a block cut by a fault or a device store, a stepped block), so a hit adds
 * nothing here (two adds fewer per load and store on callchase32). Whatever counts such an
 * access another way takes the static events back: a miss here (read_hit), the model
 * (hart_data_model), the slow path when it completes the access (hart_load_slow,
 * hart_store_slow: model_data_unstatic). A faulting access does not retire: neither its
 * block's prefix nor a take-back counts it. hart_update_models flushes the blocks when
 * data_hits changes, so that every block's static counts match. The accumulators are read
 * only at block ends (the slow check, system instructions, after settling deferred counts),
 * where each take-back has met its add. */
/* The line TLB: with one way, a load that hits changes no cache state, so all it needs is to
 * know that its line is present and where the line is in host memory. lines_load[set] holds
 * the virtual address of the line D-cache set `set` holds (low line_shift bits 0; ~0: none)
 * and the host addend of its page, once a load reached that line through the model's TLB
 * with a virtual address whose set bits equal the physical address's (so a line is found at
 * the index its virtual address gives: (va >> line_shift) & set_mask, and only there).
 * lines_store the same for stores with a write-through cache, installed from the store TLB,
 * which never holds a page a store must not reach directly; as such a store changes no cache
 * state, hit or miss, the entry holds the last line stored to in that set whether the set
 * holds it or not, and whether it does (`hit`: DC_WRITE_HIT or nothing). Most misses are
 * stores that fill a node or a stack frame, several to one line.
 * A load or store found there takes one compare instead of the model TLB's and the tag's
 * (callchase32 on mbv-5: see docs/performance.md, "MicroBlaze V, session 7").
 * An entry is forgotten whenever what it summarises may change: its set's tag (a fill here,
 * the model's fills, CBO, FENCE.I, reset: data_lines_forget_set / _all), the translation
 * (hart_flush_translation, the model TLB's tables switched by hart_select_tlbs, a TLB entry
 * replaced: hart_data_lines_forget). */
struct data_line {
  uint64_t vline;   /* va & line_mask of the line, DATA_LINE_NONE: none */
  uintptr_t addend; /* host address = va + addend */
};
struct data_store_line { /* 32 bytes: the index is one shift */
  uint64_t vline, addend;
  uint64_t hit;     /* 1: the set holds the line (a write hit), 0: it does not */
  uint64_t unused;
};
#define DATA_LINE_NONE (~0ull) /* low bits set: equal to no masked address */

struct data_hit_filter {
  unsigned line_shift;
  uint64_t set_mask;
  uint64_t line_mask;    /* ~(line bytes - 1) */
  struct data_line *lines_load;         /* [set_mask + 1]: the line TLB above */
  struct data_store_line *lines_store;  /* [set_mask + 1] */
  bool lines_on;         /* lines may be installed (a one-way, power-of-two cache) */
  uint64_t *tag;         /* [line & set_mask]: the line that set holds (~0: none) */
  uint64_t load_static_mask, store_static_mask; /* EV_BIT: the static events of each */
  struct model_events load_static, store_static; /* the same, to take back */
  uint64_t *read_hit;    /* &hpm.acc[the read hit event] */
  bool read_fill;
  struct model_stall fill;
  unsigned fill_latency_event; /* enum event_id */
  uint64_t fill_latency_bit, store_latency_bit; /* EV_BIT(each latency event) */
  bool stores;
  uint64_t *store_hit;   /* &hpm.acc[the hit event] */
  unsigned store_latency_event;
  uint32_t store_latency;
};

/* The data model (profile.data_access) of an aligned RAM access at va / pa. */
void hart_data_model(struct hart *h, uint64_t va, uint64_t pa, unsigned size, bool store);

/* The events that instruction `in` raises statically while h->data_hits is set (its block
 * counts them: see "Static counts" above): those of the loads and stores whose handlers
 * try hart_load_hit / hart_store_hit (LOAD_DO, STORE_DO: integer and FP, not atomics). */
static inline uint64_t model_data_static_events(const struct hart *h, const struct insn *in) {
  const struct data_hit_filter *f = h->data_hits;
  if (!f) return 0;
  switch ((enum op)in->op) {
    case OP_LB: case OP_LH: case OP_LW: case OP_LD: case OP_LBU: case OP_LHU: case OP_LWU:
    case OP_FLW: case OP_FLD:
      return f->load_static_mask;
    case OP_SB: case OP_SH: case OP_SW: case OP_SD: case OP_FSW: case OP_FSD:
      return f->store_static_mask;
    default:
      return 0;
  }
}

/* A load or store of a LOAD_DO / STORE_DO handler completed without hart_load_hit /
 * hart_store_hit (the slow path, which counted it through the model): takes back the static
 * events its block counts for it. */
static inline void model_data_unstatic(struct hart *h, bool store) {
  struct data_hit_filter *f = h->data_hits;
  if (f) model_events_sub(store ? &f->store_static : &f->load_static, 1);
}

/* Does a latency of the event whose EV_BIT is ev_bit need reporting (a latency pair counts
 * it, or rvpmu record sums it)? `profiling`: the caller is a profiling instance of the loop
 * (PROF_ON), the only ones that run with h->prof set (hart_run): the others need not load
 * and test it (3 host instructions per store and read miss). (The bit rather than the event:
 * a test with memory instead of a shift by it, 2 host instructions fewer.) The models loop
 * (`models_loop`) runs only when none is wanted. */
static inline bool model_latency_wanted(const struct hart *h, uint64_t ev_bit, bool profiling, bool models_loop) {
  return !models_loop && ((h->hpm.latency_watch & ev_bit) || (profiling && h->prof));
}

/* The TLB entry of table t for an aligned access of `size` bytes at va, or NULL. (hart.data_hits
 * is set only with the model's tables, hart.tlb_load_model and tlb_store_model: no test.) */
static inline const struct tlb_entry *model_tlb(const struct tlb_entry *t, uint64_t va, unsigned size) {
  t += (va >> PAGE_SHIFT) & (TLB_SIZE - 1);
  return t->vpage == (va & TLB_HIT_MASK(size)) ? t : NULL;
}

/* The physical address of va in the page of TLB entry e (model_tlb's): one load and one add
 * (as a page number, ppn << PAGE_SHIFT | the offset, it was 4 host instructions). */
static inline uint64_t model_pa(const struct tlb_entry *e, uint64_t va) {
  return va + e->pa_delta;
}

/* Forgets what the line TLB holds for D-cache set `set` (its tag is about to change) / for every
 * set. (With lines_on false, set_mask is 0 and no entry is ever installed.) */
static inline void data_lines_forget_set(struct data_hit_filter *f, uint64_t set) {
  f->lines_load[set].vline = DATA_LINE_NONE; /* (set < CACHE_MODEL_MAX_ENTRIES, their size) */
  f->lines_store[set].vline = DATA_LINE_NONE;
}
void data_lines_forget_all(struct data_hit_filter *f);
/* The same for the hart's D-cache model, if it has one (translation changes). */
static inline void hart_data_lines_forget(struct hart *h) {
  if (h->data_hits_offered) data_lines_forget_all(h->data_hits_offered);
}

/* Does an aligned access of `size` bytes at va find its line in line TLB entry l, the one of
 * va's index (data_line_index)? */
static inline uint64_t data_line_index(const struct data_hit_filter *f, uint64_t va) {
  return (va >> f->line_shift) & f->set_mask;
}
static inline bool data_line_holds(const struct data_hit_filter *f, uint64_t vline, uint64_t va, unsigned size) {
  return vline == (va & (f->line_mask | (size - 1)));
}

/* May va's line (physical pa) go to the line TLB's entry of its set? When va finds it there:
 * its set bits are those of pa. (Otherwise the entry could never be found, and would only
 * push out one that can.) */
static inline bool data_line_installable(const struct data_hit_filter *f, uint64_t va, uint64_t pa) {
  return f->lines_on && (((va ^ pa) >> f->line_shift) & f->set_mask) == 0;
}

/* Notes in lines_load that va's line (physical pa, set `set`) is present, with its page's
 * addend, where it can. */
static inline void data_line_install(const struct data_hit_filter *f, uint64_t va, uint64_t pa, uint64_t set,
                                     uintptr_t addend) {
  if (data_line_installable(f, va, pa)) {
    f->lines_load[set].vline = va & f->line_mask;
    f->lines_load[set].addend = addend;
  }
}

/* An aligned load of `size` bytes at va from a RAM page h->tlb_load_model holds, with a data
 * model that h->data_hits describes (`profiling` as for model_latency_wanted): reads it into
 * *out, counts a hit or a miss or calls the model, and returns true; false: take the slow path (another access, or no such model).
 * The line TLB first: a line found there is a hit, through its addend.
 * `models_loop`: the caller is the models loop (above), which runs only while h->data_hits
 * is set: no test of it (2 host instructions per load and store).
 * Always inline, as the store below: out of line, GCC called memcpy for the store's value
 * (72 host instructions per store on callchase32). */
__attribute__((always_inline)) static inline bool hart_load_hit(struct hart *h, uint64_t va, unsigned size, void *out,
                                                                bool profiling, bool models_loop) {
  struct data_hit_filter *f = h->data_hits;
  const struct tlb_entry *e;
  if (!models_loop && !f) return false;
  if (models_loop && h->dc_branch_free) { /* no branch on the outcome (above) */
    if (!(e = model_tlb(h->tlb_load_model, va, size))) return false;
    memcpy(out, (const void *)(uintptr_t)(va + e->addend), size);
    uint64_t line = model_pa(e, va) >> f->line_shift, *tag = &f->tag[line & f->set_mask];
    uint64_t miss = *tag != line;
    *tag = line;
    h->lazy_dc_fills += miss;
    h->budget -= (int64_t)(miss * f->fill.cycles);
    return true;
  }
  const struct data_line *l = &f->lines_load[data_line_index(f, va)];
  if (data_line_holds(f, l->vline, va, size)) { /* counted with its block (load_static) */
    memcpy(out, (const void *)(uintptr_t)(va + l->addend), size);
    return true;
  }
  if (!(e = model_tlb(h->tlb_load_model, va, size))) return false;
  uint64_t pa = model_pa(e, va), line = pa >> f->line_shift, set = line & f->set_mask;
  uint64_t *tag = &f->tag[set];
  memcpy(out, (const void *)(uintptr_t)(va + e->addend), size);
  if (*tag == line) {
    /* counted with its block (load_static) */
  } else if (f->read_fill) {
    *tag = line;
    data_lines_forget_set(f, set);
    h->dc_fills_seen++;
    --*f->read_hit; /* the block counts a hit */
    model_stall_add(h, &f->fill);
    if (model_latency_wanted(h, f->fill_latency_bit, profiling, models_loop))
      hart_report_latency(h, (enum event_id)f->fill_latency_event, f->fill.cycles);
  } else {
    model_events_sub(&f->load_static, 1);
    hart_data_model(h, va, pa, size, false);
    return true;
  }
  data_line_install(f, va, pa, set, e->addend);
  return true;
}

/* The same for an aligned store of `size` bytes from *in (the store TLB never holds pages
 * with decoded code, whose writes bus_write watches). */
__attribute__((always_inline)) static inline bool hart_store_hit(struct hart *h, uint64_t va, unsigned size,
                                                                 const void *in, bool profiling, bool models_loop) {
  struct data_hit_filter *f = h->data_hits;
  const struct tlb_entry *e;
  if (!models_loop && !f) return false;
  if (models_loop && h->dc_branch_free) { /* as the load above: no line TLB */
    if (!(e = model_tlb(h->tlb_store_model, va, size))) return false;
    memcpy((void *)(uintptr_t)(va + e->addend), in, size);
    uint64_t line = model_pa(e, va) >> f->line_shift;
    *f->store_hit += f->tag[line & f->set_mask] == line; /* store_static: its block's */
    return true;
  }
  struct data_store_line *l = &f->lines_store[data_line_index(f, va)];
  if (data_line_holds(f, l->vline, va, size)) { /* write-through: store_static, and the hit if it is one */
    memcpy((void *)(uintptr_t)(va + l->addend), in, size);
    *f->store_hit += l->hit;
  } else {
    if (!(e = model_tlb(h->tlb_store_model, va, size))) return false;
    uint64_t pa = model_pa(e, va), line = pa >> f->line_shift, set = line & f->set_mask;
    memcpy((void *)(uintptr_t)(va + e->addend), in, size);
    if (!f->stores) {
      hart_data_model(h, va, pa, size, true); /* (no store_static) */
      return true;
    }
    /* store_static: counted with its block */
    uint64_t hit = f->tag[set] == line;
    *f->store_hit += hit;
    if (data_line_installable(f, va, pa)) {
      l = &f->lines_store[set];
      l->vline = va & f->line_mask, l->addend = e->addend, l->hit = hit;
    }
  }
  if (model_latency_wanted(h, f->store_latency_bit, profiling, models_loop))
    hart_report_latency(h, (enum event_id)f->store_latency_event, f->store_latency);
  return true;
}

/* ---- Branch target cache (hart_branch_outcome, hart_branch_linked, hart_jump_linked) ----
 * Entry (pa >> 1) & mask holds the branch or jump at physical address pa as key = pa << 2 |
 * its 2-bit counter (~0: empty), and the target it predicts. A conditional branch found
 * there (a hit) is counted here: it raises `taken_events` or `not_taken_events`; the counter
 * predicts taken from 2 up and moves towards the outcome; a wrong prediction costs the stall
 * `mispredict` too. A JAL or return (JALR x0, 0(x1 or x5)) whose entry has counter 3 and its target
 * raises `jump_events`. Everything else (a miss, which makes the entry; a return to another
 * target) calls the model. */
#define BTC_FILTER_MAX 2048
_Static_assert(BTC_FILTER_MAX <= 65536, "an entry index fits block.btc_index");
struct btc_filter {
  uint64_t key[BTC_FILTER_MAX]; /* first: an entry's address needs no offset */
  uint64_t mask;         /* entries - 1 */
  struct model_events taken_events, not_taken_events, jump_events;
  /* The events of a branch predicted right by a saturated entry, [taken]: the outcome part
   * of its links holds them (isa/block.c, link_outcome), hart_branch_outcome the rest. */
  uint64_t predicted[2];
  struct model_stall mispredict;
  uint64_t target[BTC_FILTER_MAX];
};

#define BTC_KEY(pa, counter) ((pa) << 2 | (counter))
/* Never an entry's content (physical addresses are far below 2^62; ~0 is an empty entry). */
#define BTC_NEVER (~1ull)

/* The branch model (profile.branch) of conditional branch `in` of `blk`. */
void hart_branch_model(struct hart *h, const struct block *blk, const struct insn *in, bool taken);

/* A BTC miss when the links hold a predicted branch's events (btc_filter.predicted; the long
 * way's outcome too, hart_link_outcome): the model makes the entry and counts the branch,
 * and the predicted events are taken back. */
void hart_branch_unsaturated(struct hart *h, const struct block *blk, const struct insn *in, bool taken);

/* The conditional branch `in` of block `blk` retired taken or not (timed_branches). With
 * h->btc_hits, the outcome of the link followed holds the events of a hit whose counter is
 * saturated in the direction taken (BTC_HIT and the outcome, no refill), which changes no
 * state: such a branch costs a compare (callchase32 on mbv-5: 3.3 M branches per 1e7
 * instructions, most of them saturated; their adds and counter updates cost 2 host
 * instructions per guest instruction). Anything else adds what differs from that. Without
 * it, the model counts every branch. `models_loop`: the caller is the models loop (above),
 * which runs only while h->btc_hits is set: no test of it. */
__attribute__((always_inline)) static inline void hart_branch_outcome(struct hart *h, const struct block *blk, const struct insn *in, bool taken,
                                                                     bool models_loop) {
  struct btc_filter *b = h->btc_hits;
  if (models_loop || b) {
    uint64_t k = blk->btc_key; /* BTC_KEY(its pa, 0): `in` is blk's last instruction */
    uint64_t *key = &b->key[blk->btc_index];
    if (*key == (taken ? k | 3u : k)) return;
    if (*key >> 2 == k >> 2) { /* a hit: its events as predicted; the counter moves */
      unsigned counter = (unsigned)(*key & 3);
      if (taken && counter < 3) ++*key;
      if (!taken && counter > 0) --*key;
      if ((counter >= 2) != taken) model_stall_add(h, &b->mispredict);
      return;
    }
    hart_branch_unsaturated(h, blk, in, taken);
    return;
  }
  hart_branch_model(h, blk, in, taken);
}

/* The same on a valid link c of blk (the chained path's OUTCOME_LINKED): c holds blk's BTC
 * entry and what it holds when it predicted the link's outcome right, saturated
 * (link_cost.btc_entry, btc_expect: block_link_set), so the saturated compare is two loads
 * and a compare (it loaded the filter, the block's key and index, and or'ed the counter in:
 * 8 host instructions). A hit whose counter moves is found from the difference with that
 * value: taken, expect - entry is 3 - counter; not taken, entry - expect is the counter (a
 * miss or another branch's entry: more than 3). */
__attribute__((always_inline)) static inline void hart_branch_linked(struct hart *h, const struct link_cost *c, const struct block *blk,
                                                                    const struct insn *in, bool taken, bool models_loop) {
  if (!models_loop && !h->btc_hits) {
    hart_branch_model(h, blk, in, taken);
    return;
  }
  uint64_t *key = c->btc_entry, e = *key;
  if (e == c->btc_expect) return;
  uint64_t d = taken ? c->btc_expect - e : e - c->btc_expect;
  if (d <= 3) { /* a hit: its events as predicted; the counter moves towards the outcome */
    *key = taken ? e + 1 : e - 1;
    /* It predicted the other way. (h->btc_hits read here only: read before the compare, as
     * GCC did for a pointer read first, it cost every branch a host instruction.) */
    if (d >= 2) model_stall_add(h, &h->btc_hits->mispredict);
    return;
  }
  hart_branch_unsaturated(h, blk, in, taken);
}

/* Does the jump that ends the block left through link cost c reach `target` as the BTC
 * predicted (its entry, c->btc_entry, holds c->btc_expect, the jump's key with counter 3, and
 * target)? Then its events are added and the jump model (hart_transfer_target) must not run.
 * A JALR other than a return has BTC_NEVER there. Only the timed dispatch loop's chained path
 * asks, where nothing else runs between the jump and the next block (no slow check, no
 * stepping), as on the long way. */
static inline bool hart_jump_linked(struct hart *h, const struct link_cost *c, uint64_t target) {
  struct btc_filter *b = h->btc_hits;
  if (!b || *c->btc_entry != c->btc_expect || b->target[c->btc_entry - b->key] != target) return false;
  model_events_add(&b->jump_events, 1);
  return true;
}

/* ---- Instruction fetch (hart_fetch_block) ----
 * A memo of blocks whose fetch is hits only: while `gen` (which the model bumps whenever a
 * line enters or leaves its one-way cache) is what it was when the block's lines were all
 * present, fetching the block raises `events` once per 32-bit word it requests: its `words`,
 * less the first when the block before ended in the middle of that word (the block starts
 * at next_pa, 2 mod 4). Other blocks call the model (profile.fetch_block), which keeps
 * next_pa and the memo. The call per block was 12% of the host's instructions on intmix32. */
#define FETCH_MEMO_ENTRIES 1024
struct fetch_memo {      /* 32 bytes: a power of two, so indexing is a shift */
  const struct block *blk;
  uint64_t start;        /* its physical address */
  uint64_t gen;
  uint32_t bytes;        /* its length: it ends at start + bytes */
  uint32_t words;        /* 32-bit words from start's to the last byte's */
};
struct link_cost;
struct fetch_filter {    /* (the generation and next_pa: hart.fetch_gen, fetch_next_pa) */
  struct model_events events;
  uint64_t events_mask;  /* those events (EV_BIT) */
  /* The fetch of block `to` entered from `from` (its fetch just before), when the model can
   * fold it into their link (hart_fetch_linked): the words it requests if all its lines are
   * present, *end where sequential fetch then continues; false: no fold (uncacheable). */
  bool (*fold)(struct hart *h, const struct block *from, const struct block *to, uint32_t *words, uint64_t *end);
  struct fetch_memo memo[FETCH_MEMO_ENTRIES]; /* indexed by (start >> 1) */
};

static inline struct fetch_memo *fetch_memo_of(struct fetch_filter *f, uint64_t start) {
  return &f->memo[(start >> 1) & (FETCH_MEMO_ENTRIES - 1)];
}

/* The end of block b's bytes (fetched from RAM). */
static inline uint64_t block_fetch_end(const struct block *b) {
  return b->paddr + block_end_off(b);
}

/* Where sequential fetch continues (the physical address after the last block fetched, ~0
 * for none): read only when a block is fetched (the memo, the model, hart_fetch_unfolded).
 * With hart.fetch_next_last it is the end of the block fetched last, which by then is
 * h->last_block: every fetch of a block from RAM (the memo, the model, a link's fold) is of
 * the block that runs next, and every block that runs makes itself last_block when it ends;
 * a block left otherwise stores it (hart_fetch_next_settle: a fault inside it, a device store
 * ending it, a trap or flush after it), as does the fetch of a block outside RAM, which does
 * not move it (fetch_filter.fold has no fold to or from one). So the chained path, entering a
 * block whose fetch its link holds, stores nothing (2 host instructions per block end). */
static inline uint64_t hart_fetch_next(const struct hart *h) {
  const struct block *b = h->last_block;
  return h->fetch_next_last && b ? block_fetch_end(b) : h->fetch_next_pa;
}

/* If blk is in f's memo at the current generation: adds its fetch and returns true. */
static inline bool fetch_memo_hit(struct hart *h, struct fetch_filter *f, const struct block *blk) {
  uint64_t start = blk->paddr;
  const struct fetch_memo *m = fetch_memo_of(f, start);
  if (m->blk != blk || m->start != start || m->gen != h->fetch_gen) return false;
  uint32_t words = m->words - ((start & 2) && start == hart_fetch_next(h));
  h->fetch_next_last = true; /* start + m->bytes, once blk has run */
  model_events_add(&f->events, words);
  return true;
}

/* The fetch model (profile.fetch_block) of a block entry. */
void hart_fetch_model(struct hart *h, const struct block *blk);

/* Block `blk` starts executing (model_fetch). */
static inline void hart_fetch_block(struct hart *h, const struct block *blk) {
  struct fetch_filter *f = h->fetch_hits;
  if (!f || !fetch_memo_hit(h, f, blk)) hart_fetch_model(h, blk);
}

/* ---- Fetch folded into the link (hart_fetch_linked) ----
 * While no I-cache line enters or leaves (the generation unchanged), the fetch of a block
 * entered through a given link is the same every time: a link cost (isa/block.h) holds it
 * among its entry adds (block_link_set: fetch_words requests and hits), right in one
 * generation, which its follow_key holds (hart.follow_key: link_key with fetch_gen in it).
 * The timed loop's chained path follows a cost whose follow_key is the hart's whole, and only
 * notes where sequential fetch continues; a cost with the hart's link_key but another
 * follow_key (made since, or the generation moved on) is followed the long way (linked_slow:
 * the block is fetched as above and the fold taken back), then the cost is valid again if
 * the block's lines all turned out present (the memo). callchase32 on mbv-5 requests 219 M
 * I-cache words with 101 misses: the memo lookup per block cost 9.8 host instructions per
 * guest instruction, the generation compare per block 1.0 (docs/performance.md). */
void hart_fetch_unfolded(struct hart *h, const struct link_cost *c, const struct block *blk);

/* The fold of link from -> to (block_link_set): false without one. */
static inline bool hart_fetch_fold(struct hart *h, const struct block *from, const struct block *to, uint32_t *words,
                                   uint64_t *end) {
  struct fetch_filter *f = h->fetch_hits;
  *words = 0, *end = 0;
  return f && h->model_fetch && f->fold(h, from, to, words, end);
}

/* The follow_key of a cost compiled now: with a fetch model, none until its fold is found
 * right (hart_fetch_unfolded); without one, the hart's. */
static inline uint64_t hart_new_follow_key(const struct hart *h) {
  return h->model_fetch ? 0 : h->follow_key;
}

/* Block `blk` is entered whole through link cost c, whose entry adds are being added: the
 * fetch c holds if it is right in this generation (c->follow_key), else the model's. */
static inline void hart_fetch_linked(struct hart *h, const struct link_cost *c, const struct block *blk) {
  if (c->follow_key != h->follow_key) hart_fetch_unfolded(h, c, blk);
  /* (else fetch_next_last holds, as it did for the block left: hart_fetch_next) */
}

#endif
