/* Set-associative LRU tag arrays (see cache_model.h). */
#include "profiles/cache_model.h"

#include <string.h>

void cache_model_init(struct cache_model *c, uint64_t bytes, uint64_t line, unsigned ways) {
  c->line_shift = (unsigned)__builtin_ctzll(line);
  c->ways = ways ? ways : 1;
  c->sets = bytes >= line * c->ways ? (unsigned)(bytes / line / c->ways) : 0;
  c->sets_pow2 = c->sets && !(c->sets & (c->sets - 1));
  c->set_mask = c->sets ? c->sets - 1 : 0;
  cache_model_invalidate_all(c);
}

/* The first entry of tag's set. A 64-bit division costs more than the rest of a lookup, so
 * power-of-two geometries (all of MicroBlaze V's) take a mask. */
static unsigned set_base(const struct cache_model *c, uint64_t tag) {
  uint64_t set = c->sets_pow2 ? tag & c->set_mask : tag % c->sets;
  return (unsigned)set * c->ways;
}

void cache_model_invalidate_all(struct cache_model *c) {
  unsigned n = c->sets * c->ways;
  memset(c->tag, 0xff, n * sizeof c->tag[0]);
  memset(c->dirty, 0, n);
  for (unsigned i = 0; i < n; i++) c->age[i] = (uint8_t)(i % c->ways);
}

/* Makes entry `e` of the set starting at `base` the most recently used. */
static void touch(struct cache_model *c, unsigned base, unsigned e) {
  uint8_t a = c->age[e];
  for (unsigned v = 0; v < c->ways; v++)
    if (c->age[base + v] < a) c->age[base + v]++;
  c->age[e] = 0;
}

int cache_model_find(struct cache_model *c, uint64_t tag) {
  if (!c->sets) return -1;
  unsigned base = set_base(c, tag);
  for (unsigned w = 0; w < c->ways; w++) {
    if (c->tag[base + w] != tag) continue;
    touch(c, base, base + w);
    return (int)(base + w);
  }
  return -1;
}

unsigned cache_model_fill(struct cache_model *c, uint64_t tag, bool *victim_dirty) {
  unsigned base = set_base(c, tag), pick = base;
  for (unsigned w = 0; w < c->ways; w++) {
    if (c->tag[base + w] == CACHE_MODEL_INVALID) {
      pick = base + w;
      break;
    }
    if (c->age[base + w] > c->age[pick]) pick = base + w;
  }
  *victim_dirty = c->tag[pick] != CACHE_MODEL_INVALID && c->dirty[pick];
  touch(c, base, pick);
  c->tag[pick] = tag;
  c->dirty[pick] = 0;
  return pick;
}

bool cache_model_access(struct cache_model *c, uint64_t tag) {
  if (cache_model_find(c, tag) >= 0) return true;
  bool dirty;
  if (c->sets) cache_model_fill(c, tag, &dirty);
  return false;
}
