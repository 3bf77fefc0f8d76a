/* Unit tests of the set-associative LRU tag arrays (src/profiles/cache_model.c) that the
 * generic profile's caches and TLBs and the MicroBlaze V caches are built from, and of the
 * generic profile's model options.
 *
 * Statements covered (docs/events-generic.md, docs/microblaze-v.md):
 * - geometry: sets = bytes / line / ways; fewer bytes than one set (or 0) is no cache, which
 *   misses and never fills;
 * - a tag maps to set tag % sets; within a set the least recently used way is replaced, after
 *   the empty ways are used up; a hit makes its way the most recently used;
 * - a fill reports whether it evicted a dirty line; invalidate_all empties every way;
 * - generic options: sizes and lines powers of two, whole sets, at most 4096 lines, TLBs of
 *   at most 255 entries; errors name the option and the range. */
#include "unit_util.h"

#include "profiles/cache_model.h"
#include "profiles/generic.h"

static struct cache_model cache; /* 40 KiB: not on the stack */

static void test_geometry(void **state) {
  (void)state;
  cache_model_init(&cache, 32768, 64, 8);
  assert_int_equal(cache.sets, 64);
  assert_int_equal(cache.ways, 8);
  assert_int_equal(cache.line_shift, 6);
  cache_model_init(&cache, 4096 * 32, 4096, 32); /* a 32-entry fully associative TLB */
  assert_int_equal(cache.sets, 1);
  cache_model_init(&cache, 256, 64, 8); /* less than one set */
  assert_int_equal(cache.sets, 0);
  assert_false(cache_model_access(&cache, 5));
  assert_false(cache_model_access(&cache, 5)); /* never filled */
  assert_int_equal(cache_model_find(&cache, 5), -1);
}

static void test_lru_replacement(void **state) {
  (void)state;
  cache_model_init(&cache, 4 * 2 * 16, 16, 2); /* 4 sets of 2 ways */
  /* Tags 1, 5, 9 share set 1. */
  assert_false(cache_model_access(&cache, 1));
  assert_false(cache_model_access(&cache, 5));
  assert_true(cache_model_access(&cache, 1));  /* 1 most recent, 5 least */
  assert_false(cache_model_access(&cache, 9)); /* evicts 5 */
  assert_true(cache_model_access(&cache, 1));
  assert_true(cache_model_access(&cache, 9));
  assert_false(cache_model_access(&cache, 5)); /* evicts 1 (9 was used last) */
  assert_true(cache_model_access(&cache, 9));
  assert_false(cache_model_access(&cache, 1));
  /* Other sets are untouched by all that. */
  assert_false(cache_model_access(&cache, 2));
  assert_true(cache_model_access(&cache, 2));
}

static void test_cyclic_sweep_always_misses(void **state) {
  (void)state;
  /* One more line per set than ways, swept in order: LRU misses every time (the rule behind
   * the workload's L1-dcache-load-misses and dTLB-load-misses figures). */
  cache_model_init(&cache, 32 * 4096, 4096, 32);
  for (int pass = 0; pass < 3; pass++)
    for (uint64_t page = 0; page < 33; page++) assert_false(cache_model_access(&cache, page));
  /* As many as ways: only the first pass misses. */
  cache_model_init(&cache, 32 * 4096, 4096, 32);
  for (int pass = 0; pass < 3; pass++)
    for (uint64_t page = 0; page < 32; page++) assert_int_equal(cache_model_access(&cache, page), pass > 0);
}

static void test_dirty_victims_and_invalidate(void **state) {
  (void)state;
  bool dirty = true;
  cache_model_init(&cache, 2 * 16, 16, 2); /* one set of 2 ways */
  unsigned a = cache_model_fill(&cache, 10, &dirty);
  assert_false(dirty); /* an empty way */
  cache.dirty[a] = 1;
  (void)cache_model_fill(&cache, 11, &dirty);
  assert_false(dirty);
  (void)cache_model_fill(&cache, 12, &dirty); /* evicts 10, dirty */
  assert_true(dirty);
  assert_int_equal(cache_model_find(&cache, 10), -1);
  (void)cache_model_fill(&cache, 13, &dirty); /* evicts 11, clean */
  assert_false(dirty);
  cache_model_invalidate_all(&cache);
  assert_int_equal(cache_model_find(&cache, 12), -1);
  assert_int_equal(cache_model_find(&cache, 13), -1);
  (void)cache_model_fill(&cache, 14, &dirty);
  assert_false(dirty);
}

/* profile_create's answer for a --core string: NULL and the message, or the profile. */
static struct profile *create(const char *spec, char *err, unsigned len) {
  err[0] = '\0';
  return profile_create(spec, err, len);
}

static void test_generic_options(void **state) {
  (void)state;
  char err[256];
  struct profile *p = create("generic", err, sizeof err);
  assert_non_null(p);
  assert_int_equal(p->options[GOPT_DC_SIZE], 32768);
  assert_int_equal(p->options[GOPT_DTLB], 32);
  profile_free(p);
  p = create("generic,dcache=65536,dcache_ways=16,itlb=64,bpred=4096,icache=0", err, sizeof err);
  assert_non_null(p);
  assert_int_equal(p->options[GOPT_DC_WAYS], 16);
  assert_int_equal(p->options[GOPT_ITLB], 64);
  assert_int_equal(p->options[GOPT_IC_SIZE], 0);
  profile_free(p);
  static const struct {
    const char *spec, *message;
  } bad[] = {
      {"generic,dcache=3000", "core generic: dcache=3000: expected a power of two in 0..1048576"},
      {"generic,dtlb=256", "core generic: dtlb=256: expected 0..255"},
      {"generic,bpred=0", "core generic: bpred=0: expected a power of two in 1..65536"},
      {"generic,icache_line=8", "core generic: icache_line=8: expected a power of two in 16..256"},
      {"generic,dcache=32768,dcache_ways=3", "core generic: dcache of 32768 bytes with 64-byte lines and 3 ways: need whole sets and at most 4096 lines"},
      {"generic,icache=1048576,icache_line=16", "core generic: icache of 1048576 bytes with 16-byte lines and 8 ways: need whole sets and at most 4096 lines"},
      {"generic,l2=1", "core generic: unknown option 'l2'"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    assert_null(create(bad[i].spec, err, sizeof err));
    if (strncmp(err, bad[i].message, strlen(bad[i].message)) != 0)
      fail_msg("%s: got '%s', expected '%s'", bad[i].spec, err, bad[i].message);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_geometry),
      cmocka_unit_test(test_lru_replacement),
      cmocka_unit_test(test_cyclic_sweep_always_misses),
      cmocka_unit_test(test_dirty_victims_and_invalidate),
      cmocka_unit_test(test_generic_options),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
