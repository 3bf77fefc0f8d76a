/* Predecoded blocks and the per-hart block cache (design.md decision 1).
 *
 * A block is a straight run of instructions from one physical address, ending at a control
 * transfer, a system instruction, a page boundary or BLOCK_MAX_INSNS. It carries the static
 * counts of what it retires when it runs to its end, so the dispatch loop adds them at once. */
#ifndef RVPMU_ISA_BLOCK_H
#define RVPMU_ISA_BLOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hpm/events.h"
#include "isa/insn.h"

#define BLOCK_MAX_INSNS 64
_Static_assert(BLOCK_MAX_INSNS + 1 <= UINT8_MAX, "block.count holds every block's entries");
_Static_assert((BLOCK_MAX_INSNS - 1) * 4 <= UINT8_MAX, "insn.pc_off holds every instruction's offset");

struct block {
  uint64_t paddr;          /* physical address of the first instruction (cache key) */
  struct block *hash_next; /* chain in the cache's hash table */
  uint32_t retire_insns;   /* instructions retired by running to the end; a system
                            * terminator is excluded (its handler accounts for it) */
  uint32_t retire_cycles;  /* static cycle cost of those instructions */
  uint32_t horizon_cycles; /* retire_cycles plus one for a system terminator, at least 1: the
                            * least the block takes, compared with the budget before running it */
  uint8_t count;           /* entries in insns[], END_BLOCK included */
  /* Whether it raises an active event (ev_mask & hpm.active_mask), for the plain loop's chained
   * path: set whenever one of its links is made, whose key (hart.link_key) holds the active
   * events, so that it is right while any of its links is followed (PLAIN_ACCOUNT_LINKED). */
  bool defer;
  uint16_t btc_index;      /* MicroBlaze V's: with btc_key below (here, in the padding) */
  /* The events with a count in events[] (EV_BIT), HPM_ACTIVE_COMBOS for any combo slot:
   * BLOCK_ACCOUNT adds those that are also active, so a block pays for what it raises rather
   * than for every active event (generic core, callchase32: CPU time 0.86 -> 0.70 s, host
   * instructions per guest instruction 36.2 -> 34.4; intmix32 0.49 -> 0.44 s, 21.6 -> 21.0). */
  uint64_t ev_mask;
  /* Static counts of those instructions' events and combos, EV_NUM_ACC of them, stored after
   * insns[] and the links (or in the hart's scratch space), not here: a small header keeps the
   * instructions of short blocks in fewer cache lines (inline, the counts cost the generic core ~6% on
   * intmix once EV_NUM_ACC grew to 85; the pointer is only followed when a counter is active). */
  uint16_t *events;
  /* Times the plain loop ran it to its end without adding its counts (events, instructions
   * and cycles; a block that raises no active event adds them at once), minus one
   * (PENDING_NONE: none): block_settle_costs adds them, as for link costs below. */
  uint64_t pending;
  /* ---- What MicroBlaze V's models read at the block's end (hart/model_hits.h), decided when
   * it is built. (In the header's padding before insns[]: a block is no larger for it.) ----
   * BTC_KEY(pa, 0) of its last instruction (pa: that instruction's physical address), and
   * btc_index, that instruction's BTC entry (btc_filter.key: (pa >> 1) & mask, the mask of
   * the hart's BTC, fixed from its reset, which flushes the blocks; 0 without one): a
   * conditional branch's entry predicts it right when it holds btc_key | 3 (taken) or btc_key
   * (not taken). hart_branch_outcome found both from paddr and pc_off at every branch
   * (11 host instructions instead of 7). */
  uint64_t btc_key;
  _Alignas(16) struct insn insns[];
};
_Static_assert(offsetof(struct block, insns) == 64, "the block header stays one host cache line");

/* A block's host-code translations (isa/jit.h), in the 32 bytes just before a block of a timed
 * profile (after its entry memo, isa/block.c): the code that runs (that of the D-cache's
 * current way, or the arena's way into the interpreter: jit_arena_plain), the translation
 * for each way ([1]: branch-free; NULL: none), and the dispatch index its first instruction
 * had before a translation took it (DISP_JIT). */
struct block_jit {
  const void *code;
  uint64_t disp0;
  const void *way[2];
};
static inline struct block_jit *block_jit_of(const struct block *b) {
  return (struct block_jit *)((uintptr_t)b - sizeof(struct block_jit));
}

/* END_BLOCK, the entry after the last instruction of a block cut without a transfer, has the
 * pc_off and raw of that instruction (its own offset, up to 64 * 4, would not fit pc_off's
 * byte): it stands at INSN_END_PC. Every block thus ends at the last entry's pc_off plus the
 * length of its raw. */
static inline unsigned block_end_off(const struct block *b) {
  const struct insn *last = &b->insns[b->count - 1];
  return last->pc_off + insn_length(last->raw);
}

#define BLOCK_EVENT_BYTES (EV_NUM_ACC * sizeof(uint16_t))

/* What following a link of a timed profile adds (link costs, used by the timed dispatch loop
 * only: hart.link_costs), compiled once when the link is made into per-accumulator sums, so
 * that the dispatch loop adds a few numbers instead of a loop over the active events, a call
 * into the timing model at every taken branch and a correction at every block entry. Parts:
 * - the outcome, adds[0..n_outcome): what the block left retired (its static cycles,
 *   instructions and active events, as BLOCK_ACCOUNT adds them) and what the transfer costs,
 *   whatever follows (a conditional branch's taken penalty or its taken/not-taken event
 *   unless a branch model runs; a taken transfer to a 32-bit instruction at pc % 4 == 2
 *   costs unaligned_target); always added when the link is followed;
 * - the entry, adds[n_outcome..n): the timing correction of the next block's first
 *   instructions for the instructions they follow (load-use across the block boundary:
 *   what hart_block_entry computes), added only when that block is then entered whole (a
 *   stepped instruction is timed with its context instead).
 * Each part is exact: every accumulator (events and combo slots) is linear in a cycle run's
 * count, so the runs of a part can be summed per accumulator once. A cost that does not fit
 * has n = LINK_COST_SLOW and a key that is not the current one, so the dispatch loop
 * takes the long way (BLOCK_ACCOUNT,
 * hart_link_outcome, hart_transfer_target, hart_block_entry), as for a link that does not
 * hold the next block. The outcome depends on the active events
 * (hpm.active_gen, in the key checked with the link) and the combo slots (links die with the blocks
 * when combos change); hart_update_models makes new links (a new fetch tag) when the branch
 * model starts. The costs of a block's links follow its links in the arena. */
#define LINK_COST_ADDS 14
#define LINK_COST_SLOW 0xff
struct link_cost {
  /* hart.follow_key (the short name of hart.follow_long: hart_follow_key_set) for which the
   * timed loop's chained path may follow it whole as it is: its
   * key (below) and, with a fetch model, the I-cache generation in which the fetch folded
   * into it is right (hart/model_hits.h, hart_fetch_linked); 0 (never a hart's) until then. */
  uint32_t follow_key;
  /* On RV32 the pc of the block it leaves (struct block_link.from; a JALR's: odd, never a
   * pc): after follow_key as hart.pc after hart.follow_key, so that the timed loop's chained
   * path checks both with one compare (isa/exec_template.h, STATIC_LINK_HOLDS). */
  uint32_t from;
  /* Times the timed loop followed it whole (outcome and entry) without adding its counts yet
   * (the adds, instructions and cycles), minus one (PENDING_NONE: none): they are added per
   * link, times that, when something may read them (block_settle_costs). */
  uint64_t pending;
  /* The least budget with which the next block is entered whole: its horizon_cycles plus
   * cycles_outcome (one test on the chained path instead of three loads and a subtraction).
   * It and cycles_all are as wide as the budget, which the chained path compares and
   * subtracts them with straight from memory (no sign extension first). */
  int64_t need;
  int64_t cycles_all;            /* both parts' cycles (cycles_outcome, cycles_entry below) */
  /* The next block's fetch folded into the entry part (MicroBlaze V's I-cache,
   * hart/model_hits.h: hart_fetch_linked): fetch_words (below) requests and hits are among
   * the entry adds, right in the I-cache generation that follow_key holds (else the model
   * fetches and the fold is taken back); fetch_end is where sequential fetch continues (0:
   * no fold). */
  uint64_t fetch_end;
  /* MicroBlaze V's BTC entry of the block's branch or jump (&btc_filter.key[block.btc_index],
   * with the inline paths: hart/model_hits.h) and what it holds when it predicts this link's
   * outcome right, saturated (BTC_NEVER: never, a JALR other than a return): the chained
   * path compares them without finding the entry (hart_branch_linked, hart_jump_linked).
   * (These first: what the chained path reads in one host cache line.) */
  uint64_t *btc_entry;
  uint64_t btc_expect;
  /* hart.link_key when it was compiled: the link's fetch tag and the hpm.active_gen it holds
   * counts for, so that the dispatch loop checks both with one compare (0, never a key, before
   * it is compiled and when it did not fit: such a link is never followed as it is). */
  uint64_t key;
  /* Each part's cycles (acc[EV_CYCLES] and the budget: not in adds[], nor the instructions,
   * so that the adds hold only what the block and transfer raise besides). */
  int32_t cycles_outcome;
  int32_t cycles_entry;
  uint32_t insns;                /* acc[EV_INSNS]: the block's retired instructions */
  uint8_t n_outcome, n;
  bool plain;                    /* nothing in it depends on the target (block_link_set) */
  uint8_t idx[LINK_COST_ADDS];   /* hpm.acc index */
  int32_t count[LINK_COST_ADDS]; /* added to acc[idx] (negative: a correction takes back) */
  uint32_t fetch_words;
};

/* Block chaining: the last entry of every block's insns[] is followed by two links, caches of
 * the block that ran next (for a conditional branch: [0] taken, [1] not taken; else [0] only),
 * so that the dispatch loop goes from block to block without block_lookup. A link is checked
 * like a jump-cache entry (same pc, same fetch tag, and the same active events: hart.link_key),
 * so it is valid only when the jump cache would give the same answer. It lives in the block, which is in the host cache anyway, while
 * the 4096-entry jump cache (96 KiB) is larger than L1: block_lookup took 16% of the gzip
 * initramfs boot (17.3 M blocks of 93 M instructions, 1.09 M jump-cache misses), and links
 * made that boot 0.389 s -> 0.348 s (uncompressed initramfs 0.281 s -> 0.247 s). */
struct block_link {
  uint64_t vpc;   /* as jump_entry */
  uint64_t tag;   /* hart.link_key when made (the fetch tag and the active events); 0 (never a
                   * hart's key): empty */
  struct block *block;
  /* The pc of the block the link leaves, for a terminator whose target that pc alone decides
   * (a conditional branch, JAL, a cut: block_link_from): the dispatch loop's chained path checks
   * it instead of computing the target (its alignment included, which was checked when the
   * link was made) and takes vpc as the next pc. Unused for JALR. On RV32 that pc << 32 |
   * hart.follow_key when it was made: the plain loop's chained path compares it with the 8
   * bytes at hart.follow_key, pc << 32 | follow_key, one compare instead of the pc's and the
   * tag's (isa/exec_template.h, PLAIN_STATIC_HOLDS). */
  uint64_t from;
  /* block->horizon_cycles, as wide as the budget: the plain loop's chained path compares it
   * straight from the link, without loading the next block's header first. */
  int64_t horizon;
  /* On RV32 (from's pc ^ vpc) << 32: the chained path of a static link writes the next pc as
   * the 8 bytes at hart.follow_key, pc << 32 | follow_key, those it compared with from xor
   * this (the key kept), so that the next block's compare reads what one store wrote (a load
   * across the 8-byte store of hart.pc and the 4 bytes before it is not forwarded from the
   * store: the host waits until the store is written). */
  uint64_t pc_delta;
};
#define BLOCK_LINKS 2
#define BLOCK_LINK_BYTES (BLOCK_LINKS * sizeof(struct block_link))
/* The links of a block whose last insns[] entry is `last`. */
#define BLOCK_LINK(last) ((struct block_link *)((last) + 1))
/* Link i's cost (blocks built for timed profiles only: block_has_costs). */
#define BLOCK_LINK_COST(last, i) ((struct link_cost *)(BLOCK_LINK(last) + BLOCK_LINKS) + (i))
#define BLOCK_COST_BYTES (BLOCK_LINKS * sizeof(struct link_cost))

/* Adds part [from, to) of a link cost (see struct link_cost). */
#define LINK_COST_ADD(hpm, c, from, to)                                    \
  do {                                                                     \
    for (unsigned i_ = (from); i_ < (unsigned)(to); i_++)                  \
      (hpm)->acc[(c)->idx[i_]] += (uint64_t)(int64_t)(c)->count[i_];       \
  } while (0)

struct hart;
struct insn_context;

/* Deferred counts (the dispatch loops, not the profiling ones). The timed loop, following a
 * link whole, takes its cycles from the budget at once (the hot path reads it) but only
 * counts the link (link_cost.pending) for its adds, instructions and cycles, listing it in
 * hart.pending_costs the first time (hart_clock_cycles adds the cycles still deferred:
 * block_deferred_cycles); the plain loop likewise counts a block run to its end
 * (block.pending, hart.pending_blocks) for its active events, instructions and cycles when it
 * raises an active event (else it adds its instructions and cycles: rvpmu run, none active). block_settle_costs adds them, times those counts, before anything reads an
 * accumulator or changes or frees a link cost or block: the slow check and the loop's exit,
 * system instructions, faults and traps, flushes, recompiled links, reused step blocks.
 * Exact because the adds are linear. Figures (docs/performance.md, second pass), CPU time
 * and host instructions per guest instruction (callgrind): Ibex small callchase32 0.81 ->
 * 0.70 s, 43.3 -> 34.3; the generic core with make bench's events, callchase32 34.2 -> 29.6,
 * intmix32 21.0 -> 18.9 (QEMU-icount: 0.64 and 0.48 s on the same machine). */
void block_settle_costs(struct hart *h);
/* A pending count (block.pending, link_cost.pending) holds the times minus one, all ones for
 * none, so that the dispatch loops' test for a first time (to list it) is the increment's own
 * zero flag: `if (unlikely(PENDING_FIRST(x)))`, 2 host instructions instead of 5 (the count,
 * a copy, the store, a test of the old value, the jump). */
#define PENDING_NONE UINT64_MAX
#define PENDING_FIRST(count) (++(count) == 0)
#define PENDING_TIMES(count) ((count) + 1)
/* The cycles of the link costs followed and blocks run, not yet settled. */
uint64_t block_deferred_cycles(const struct hart *h);

/* The static timing context of instruction i of b: the instructions before it in b. */
void block_insn_context(const struct block *b, unsigned i, struct insn_context *c);

/* Adds what a block retires when it runs to its end: cycles and instructions always, the
 * other static events only when a counter or host tool wants them (hpm.active: usually 0-3). */
#define BLOCK_ACCOUNT(hpm, blk)                                                              \
  do {                                                                                       \
    (hpm)->acc[EV_INSNS] += (blk)->retire_insns;                                             \
    (hpm)->acc[EV_CYCLES] += (blk)->retire_cycles;                                           \
    uint64_t m_ = (blk)->ev_mask & (hpm)->active_mask;                                       \
    if (__builtin_expect(!!(m_ & HPM_ACTIVE_COMBOS), 0)) {                                   \
      for (unsigned i_ = 0; i_ < (hpm)->num_active; i_++)                                    \
        (hpm)->acc[(hpm)->active[i_]] += (blk)->events[(hpm)->active[i_]];                   \
    } else {                                                                                 \
      for (; m_; m_ &= m_ - 1) (hpm)->acc[__builtin_ctzll(m_)] += (blk)->events[__builtin_ctzll(m_)]; \
    }                                                                                        \
  } while (0)

struct block_cache *block_cache_create(void);
/* The cache's arena of translated code (isa/jit.h), dropped with its blocks; NULL without. */
struct jit_arena *block_cache_jit(struct block_cache *bc);
void block_cache_destroy(struct block_cache *bc);
/* Makes every block run its translation for the D-cache's way (branch_free or the line TLB:
 * model_data_way), where it has one (isa/jit.h). */
void block_jit_way(struct hart *h, bool branch_free);
/* Drops every block (fence.i, or the arena is full). */
void block_cache_flush(struct block_cache *bc);

/* A block of just the first instruction of `blk`, built in the hart's scratch space, for when
 * fewer instructions may run than `blk` holds (an instruction limit, a timer or a counter
 * overflow is due within it): stepping makes those exact to the instruction. NULL when the
 * fetch model took an interrupt before the instruction (hart_interrupt_at_entry). */
/* The static timing of instruction i of b in the block's own context (what the block's static
 * counts hold for it): the profiler spreads a block's counts over its instructions with it. */
struct insn_timing;
void block_insn_timing(const struct hart *h, const struct block *b, unsigned i, struct insn_timing *t);

struct block *block_first_insn(struct hart *h, const struct block *blk);
/* Is b one of the hart's step blocks (block_first_insn)? */
bool block_is_step(const struct hart *h, const struct block *b);

/* The block at virtual pc `vpc` in the hart's current mode: from the jump cache, the hash
 * table, or decoded now. On an instruction fetch fault the trap is taken and NULL returned. */
struct block *block_lookup(struct hart *h, uint64_t vpc);

/* Makes link `i` of h->last_block (the block just left) lead to `to` at vpc: records it and,
 * for a timed profile, compiles its cost (struct link_cost). */
void block_link_set(struct hart *h, unsigned i, struct block *to, uint64_t vpc);

/* Makes every link cost of the hart's blocks unfollowable whole (follow_key 0), as a new one
 * with a fetch model, and every static link miss (from: ~0) (hart_follow_key_set, when the
 * short names run out). */
void block_links_unfollow(struct hart *h);

/* The outcome part of following link `i` of h->last_block when no compiled cost is at hand
 * (the link did not hold the next block), without the block's own counts (BLOCK_ACCOUNT) and
 * the unaligned-target cost, which needs the next block (hart_transfer_target adds it).
 * Returns whether that link is a taken transfer (so that the target must be checked). */
bool hart_link_outcome(struct hart *h, unsigned i);


#endif
