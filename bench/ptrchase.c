/* ptrchase: walks a linked list laid out as one random cycle over a 4 MiB arena, many times.
 *
 * Each hop is a load whose address depends on the previous load, scattered over 1024 pages
 * and 65536 cache lines, so this measures a simulator's memory-access path (address
 * translation/TLB, bounds checks, any cache model) rather than its ALU decode loop.
 *
 * Self-checks: the list is one cycle through every node, a walk of a whole number of laps
 * ends where it started, and the node reached after EXTRA_HOPS matches the native build
 * (`make bench-host-check`). Returns 0 on success and prints `insns=<minstret>` last. */
#include "bench.h"

#define ARENA_BYTES (4u << 20)
#define NODE_BYTES 64 /* one node per cache line, so consecutive hops never share a line */
#define NODES (ARENA_BYTES / NODE_BYTES)
/* Tuned so that one run retires about 0.5e9 instructions on rv64imac (see bench/README.md);
 * ptrchase32, which every core runs, takes -DLAPS=1200 (~1e8). Whole laps end where they
 * started, so EXPECTED_END_INDEX does not depend on LAPS. */
#ifndef LAPS
#define LAPS 5800
#endif
#define EXTRA_HOPS 12345 /* a walk that stops mid-lap, to fingerprint the permutation */
#define SEED 0x2545F4914F6CDD1Dull
/* Printed by the native build of this file; update both together if the workload changes. */
#define EXPECTED_END_INDEX 59362u

struct node {
  struct node *next;
  uint8_t pad[NODE_BYTES - sizeof(struct node *)];
};

static struct node arena[NODES];

/* Sattolo's algorithm: like Fisher-Yates but j < i strictly, which yields a uniformly random
 * permutation with a single cycle, so a walk from any node visits all of them. */
static void build_cycle(uint64_t *rng) {
  for (uint32_t i = 0; i < NODES; i++) arena[i].next = &arena[i];
  for (uint32_t i = NODES - 1; i > 0; i--) {
    uint32_t j = (uint32_t)(xorshift64(rng) % i);
    struct node *t = arena[i].next;
    arena[i].next = arena[j].next;
    arena[j].next = t;
  }
}

/* Unrolled so the dependent loads, not the loop counter, dominate the instruction mix. */
static struct node *walk(struct node *p, uint64_t hops) {
  for (; hops >= 8; hops -= 8) {
    p = p->next;
    p = p->next;
    p = p->next;
    p = p->next;
    p = p->next;
    p = p->next;
    p = p->next;
    p = p->next;
  }
  for (; hops; hops--) p = p->next;
  return p;
}

static uint32_t cycle_length(struct node *start) {
  uint32_t n = 1;
  for (struct node *p = start->next; p != start; p = p->next) n++;
  return n;
}

int main(void) {
  start_hpm_counters();
  uint64_t rng = SEED;
  build_cycle(&rng);
  CHECK_EQ(cycle_length(&arena[0]), NODES);

  struct node *end = walk(&arena[0], (uint64_t)LAPS * NODES + EXTRA_HOPS);
  uint64_t insns = read_minstret();

  uint32_t end_index = (uint32_t)(end - arena);
  guest_puts("ptrchase end_index=");
  guest_put_dec(end_index);
  guest_putc('\n');
  CHECK_EQ((uintptr_t)end, (uintptr_t)walk(&arena[0], EXTRA_HOPS));
  CHECK_EQ(end_index, EXPECTED_END_INDEX);
  print_hpm_counters();
  print_insns_line(insns);
  return 0;
}
