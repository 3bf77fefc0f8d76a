/* A set-associative array of tags with LRU replacement: the common part of the cache, TLB and
 * branch-target models of the core profiles (microblaze_v.c, generic_models.c). It holds only
 * tags (line or page numbers) and dirty bits, never data: the simulator's memory is always
 * coherent, a model only decides hits and misses. */
#ifndef RVPMU_PROFILES_CACHE_MODEL_H
#define RVPMU_PROFILES_CACHE_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#define CACHE_MODEL_MAX_ENTRIES 4096u /* sets x ways; 64 KiB of 16-byte lines */
#define CACHE_MODEL_MAX_WAYS 255u     /* ages are bytes */
#define CACHE_MODEL_INVALID (~0ull)   /* tag of an empty entry */

struct cache_model {
  unsigned sets, ways;  /* sets == 0: no cache (every lookup misses, nothing is filled) */
  unsigned line_shift;  /* log2 of the line (or page) size: tag = address >> line_shift */
  bool sets_pow2;       /* sets is a power of two: the set is tag & set_mask, no division */
  uint64_t set_mask;    /* sets - 1 */
  uint64_t tag[CACHE_MODEL_MAX_ENTRIES];  /* [set * ways + way]: tag or CACHE_MODEL_INVALID */
  uint8_t dirty[CACHE_MODEL_MAX_ENTRIES];
  uint8_t age[CACHE_MODEL_MAX_ENTRIES];   /* within a set: 0 = most recently used */
};

/* Empties the model and gives it bytes / line / ways sets (0 if bytes < line * ways). line
 * is a power of two; sets * ways <= CACHE_MODEL_MAX_ENTRIES, ways <= CACHE_MODEL_MAX_WAYS
 * (callers validate their options against these). */
void cache_model_init(struct cache_model *c, uint64_t bytes, uint64_t line, unsigned ways);

/* Empties every entry (dirty bits too), keeping the geometry. */
void cache_model_invalidate_all(struct cache_model *c);

/* The entry holding `tag`, made most recently used, or -1 (a miss changes nothing). */
int cache_model_find(struct cache_model *c, uint64_t tag);

/* Installs `tag` (not present) in an empty way of its set, else in the least recently used
 * one, as most recently used and clean; returns the entry. *victim_dirty tells whether the
 * entry it replaced held a dirty line (to be written back). Needs sets > 0. */
unsigned cache_model_fill(struct cache_model *c, uint64_t tag, bool *victim_dirty);

/* Looks `tag` up and fills it on a miss; true on a hit. For models without dirty state. */
bool cache_model_access(struct cache_model *c, uint64_t tag);

#endif
