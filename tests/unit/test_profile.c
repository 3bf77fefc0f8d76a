/* The profiler end to end on a hand-assembled program: rvpmu_profile_start/write (src/prof)
 * and the data file reader (tools/prof_data.c): exact counts per instruction and context, the
 * call arc, and a reader that rejects every truncation and every flipped byte of a good file
 * with a message (docs/profiling.md, the data file). */
#include <unistd.h>

#include "unit_util.h"

#include "prof/prof_format.h"
#include "tools/prof_data.c"

#define PC(off) (UT_RAM_BASE + (off))

/* main: a0 = 3; call f; a1 = 1; spin.  f: a0 -= 1 until 0; return. */
static const uint32_t program[] = {
    0x00300513, /* 0x00 addi a0, zero, 3 */
    0x00c000ef, /* 0x04 jal ra, 0x10 */
    0x00100593, /* 0x08 addi a1, zero, 1 */
    UT_SPIN,    /* 0x0c j . */
    0xfff50513, /* 0x10 addi a0, a0, -1 */
    0xfe051ee3, /* 0x14 bne a0, zero, 0x10 */
    0x00008067, /* 0x18 ret */
};

static char path[64];
static uint8_t *file;
static size_t file_len;

static int record(void **state) {
  (void)state;
  struct rvpmu_machine *m = ut_machine(64);
  ut_write_words(m, UT_RAM_BASE, program, sizeof program / sizeof *program);
  rvpmu_hart_set_pc(m, 0, UT_RAM_BASE);
  char err[256];
  const char *events[] = {"instructions", "branches-taken"};
  assert_int_equal(rvpmu_profile_start(m, events, 2, err, sizeof err), 0);
  ut_run(m, 100);
  snprintf(path, sizeof path, "/tmp/rvpmu-unit-prof-%d.data", (int)getpid());
  assert_int_equal(rvpmu_profile_write(m, path, "program=none\n", err, sizeof err), 0);
  rvpmu_profile_stop(m);
  rvpmu_machine_destroy(m);
  FILE *f = fopen(path, "rb");
  assert_non_null(f);
  file = malloc(1 << 16);
  file_len = fread(file, 1, 1 << 16, f);
  fclose(f);
  remove(path);
  return 0;
}

static int cleanup(void **state) {
  (void)state;
  free(file);
  return 0;
}

/* The count of event e at pc in context node (0 if none). */
static int64_t count_at(const struct prof_data *d, uint32_t node, uint64_t pc, unsigned e) {
  for (size_t i = 0; i < d->num_self; i++)
    if (d->self[i].node == node && d->self[i].pc == pc) return d->self[i].count[e];
  return 0;
}

static void test_counts_per_instruction_and_context(void **state) {
  (void)state;
  struct prof_data d;
  char err[256];
  assert_int_equal(prof_data_parse(file, file_len, &d, err, sizeof err), 0);
  assert_int_equal(d.nev, 2);
  assert_string_equal(d.events[0], "instructions");
  assert_int_equal(d.harts, 1);
  /* The root and one call arc: jal at 0x04 to f at 0x10, entered once. */
  assert_int_equal(d.num_nodes, 2);
  assert_int_equal(d.nodes[0].kind, PROF_ROOT);
  assert_int_equal(d.nodes[1].kind, PROF_CALL);
  assert_int_equal(d.nodes[1].parent, 0);
  assert_int_equal(d.nodes[1].callsite, PC(0x04));
  assert_int_equal(d.nodes[1].target, PC(0x10));
  assert_int_equal(d.nodes[1].calls, 1);
  /* main's instructions in the root, f's in the call's context. */
  assert_int_equal(count_at(&d, 0, PC(0x00), 0), 1);
  assert_int_equal(count_at(&d, 0, PC(0x04), 0), 1);
  assert_int_equal(count_at(&d, 0, PC(0x08), 0), 1);
  assert_int_equal(count_at(&d, 1, PC(0x10), 0), 3);
  assert_int_equal(count_at(&d, 1, PC(0x14), 0), 3);
  assert_int_equal(count_at(&d, 1, PC(0x18), 0), 1);
  assert_int_equal(count_at(&d, 1, PC(0x14), 1), 2); /* taken twice, then falls through */
  assert_int_equal(count_at(&d, 0, PC(0x08), 1), 0);
  /* Conservation: the spin holds the rest, the records add up to the total. */
  int64_t sum = 0;
  for (size_t i = 0; i < d.num_self; i++) sum += d.self[i].count[0];
  assert_int_equal((uint64_t)sum, prof_data_total(&d, 0));
  assert_true(count_at(&d, 0, PC(0x0c), 0) >= 90);
  char buf[64];
  assert_string_equal(prof_data_meta(&d, "program", buf, sizeof buf), "none");
  prof_data_free(&d);
}

static void test_every_truncation_is_rejected(void **state) {
  (void)state;
  for (size_t len = 0; len < file_len; len++) {
    struct prof_data d;
    char err[256] = "";
    assert_int_not_equal(prof_data_parse(file, len, &d, err, sizeof err), 0);
    assert_true(err[0] != '\0');
    /* Cut short: no END! at the end (docs/profiling.md), so "truncated", past the header. */
    if (len >= 16 && !strstr(err, "truncated profile")) fail_msg("cut to %zu of %zu bytes: '%s'", len, file_len, err);
  }
}

static void test_every_flipped_byte_is_rejected(void **state) {
  (void)state;
  uint8_t *copy = malloc(file_len);
  assert_non_null(copy);
  for (size_t i = 0; i < file_len; i++) {
    memcpy(copy, file, file_len);
    copy[i] ^= 0x20;
    struct prof_data d;
    char err[256] = "";
    if (prof_data_parse(copy, file_len, &d, err, sizeof err) == 0) fail_msg("byte %zu of %zu flipped: accepted", i, file_len);
    assert_true(err[0] != '\0');
    /* A changed byte before the END! section: its checksum says "corrupt" (past the magic,
     * where the file is not a profile at all). */
    if (i >= 8 && i < file_len - 24 && !strstr(err, "corrupt profile") && !strstr(err, "format version"))
      fail_msg("byte %zu of %zu flipped: '%s'", i, file_len, err);
  }
  free(copy);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_counts_per_instruction_and_context),
      cmocka_unit_test(test_every_truncation_is_rejected),
      cmocka_unit_test(test_every_flipped_byte_is_rejected),
  };
  return cmocka_run_group_tests(tests, record, cleanup);
}
