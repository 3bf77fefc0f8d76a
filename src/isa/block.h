/* Predecoded blocks and the per-hart block cache (design.md decision 1).
 *
 * A block is a straight run of instructions from one physical address, ending at a control
 * transfer, a system instruction, a page boundary or BLOCK_MAX_INSNS. It carries the static
 * counts of what it retires when it runs to its end, so the dispatch loop adds them at once. */
#ifndef RVPMU_ISA_BLOCK_H
#define RVPMU_ISA_BLOCK_H

#include <stdint.h>

#include "hpm/events.h"
#include "isa/insn.h"

#define BLOCK_MAX_INSNS 64

struct block {
  uint64_t paddr;          /* physical address of the first instruction (cache key) */
  struct block *hash_next; /* chain in the cache's hash table */
  uint32_t retire_insns;   /* instructions retired by running to the end; a system
                            * terminator is excluded (its handler accounts for it) */
  uint32_t retire_cycles;  /* static cycle cost of those instructions */
  uint32_t horizon_cycles; /* retire_cycles plus one for a system terminator, at least 1: the
                            * least the block takes, compared with the budget before running it */
  uint16_t count;          /* entries in insns[], END_BLOCK included */
  /* Static counts of those instructions' events and combos, EV_NUM_ACC of them, stored after
   * insns[] and the links (or in the hart's scratch space), not here: a small header keeps the
   * instructions of short blocks in fewer cache lines (inline, the counts cost the generic core ~6% on
   * intmix once EV_NUM_ACC grew to 85; the pointer is only followed when a counter is active). */
  uint16_t *events;
  struct insn insns[];
};

#define BLOCK_EVENT_BYTES (EV_NUM_ACC * sizeof(uint16_t))

/* Block chaining: the last entry of every block's insns[] is followed by two links, caches of
 * the block that ran next (for a conditional branch: [0] taken, [1] not taken; else [0] only),
 * so that the dispatch loop goes from block to block without block_lookup. A link is checked
 * like a jump-cache entry (same pc, same fetch tag), so it is valid exactly when the jump cache
 * would give the same answer. It lives in the block, which is in the host cache anyway, while
 * the 4096-entry jump cache (96 KiB) is larger than L1: block_lookup took 16% of the gzip
 * initramfs boot (17.3 M blocks of 93 M instructions, 1.09 M jump-cache misses), and links
 * made that boot 0.389 s -> 0.348 s (uncompressed initramfs 0.281 s -> 0.247 s). */
struct block_link {
  uint64_t vpc;   /* as jump_entry */
  uint64_t tag;   /* hart.fetch_tag when made; 0 (never a hart's tag): empty */
  struct block *block;
};
#define BLOCK_LINKS 2
#define BLOCK_LINK_BYTES (BLOCK_LINKS * sizeof(struct block_link))
/* The links of a block whose last insns[] entry is `last`. */
#define BLOCK_LINK(last) ((struct block_link *)((last) + 1))

struct hart;
struct insn_context;

/* The static timing context of instruction i of b: the instructions before it in b. */
void block_insn_context(const struct block *b, unsigned i, struct insn_context *c);

/* Adds what a block retires when it runs to its end: cycles and instructions always, the
 * other static events only when a counter or host tool wants them (hpm.active: usually 0-3). */
#define BLOCK_ACCOUNT(hpm, blk)                                                              \
  do {                                                                                       \
    (hpm)->acc[EV_INSNS] += (blk)->retire_insns;                                             \
    (hpm)->acc[EV_CYCLES] += (blk)->retire_cycles;                                           \
    for (unsigned i_ = 0; i_ < (hpm)->num_active; i_++)                                      \
      (hpm)->acc[(hpm)->active[i_]] += (blk)->events[(hpm)->active[i_]];                     \
  } while (0)

struct block_cache *block_cache_create(void);
void block_cache_destroy(struct block_cache *bc);
/* Drops every block (fence.i, or the arena is full). */
void block_cache_flush(struct block_cache *bc);

/* A block of just the first instruction of `blk`, built in the hart's scratch space, for when
 * fewer instructions may run than `blk` holds (an instruction limit, a timer or a counter
 * overflow is due within it): stepping makes those exact to the instruction. */
/* The static timing of instruction i of b in the block's own context (what the block's static
 * counts hold for it): the profiler spreads a block's counts over its instructions with it. */
struct insn_timing;
void block_insn_timing(const struct hart *h, const struct block *b, unsigned i, struct insn_timing *t);

struct block *block_first_insn(struct hart *h, const struct block *blk);

/* The block at virtual pc `vpc` in the hart's current mode: from the jump cache, the hash
 * table, or decoded now. On an instruction fetch fault the trap is taken and NULL returned. */
struct block *block_lookup(struct hart *h, uint64_t vpc);

#endif
