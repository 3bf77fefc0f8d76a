/* callchase: a workload of a different character than intmix, repeated ROUNDS times:
 *   - a binary search tree of NODES nodes built by inserting fresh xorshift keys in their
 *     random order (pointer chasing down data-dependent paths),
 *   - NODES lookups of keys drawn from the same stream, about half of them present
 *     (unpredictable compare-and-descend branches, loads that depend on loads),
 *   - recursive walks of the tree (a call and a return per node, stack traffic),
 *   - a few divides and remainders per round on data-dependent operands.
 * Where intmix is loops over arrays, this is calls, returns, pointer loads and branches whose
 * direction the data decides: the kind of code a simulator's block chaining and branch
 * handling (and a timing model's taken-branch, load-use and divider costs) see most in
 * real programs.
 *
 * Self-checks: every round, the in-order walk visits NODES keys in ascending order, the
 * recursive sum equals the sum of the inserted keys, and the lookups find every inserted key
 * that was looked up again; at the end a 64-bit checksum over all rounds must equal
 * EXPECTED_CHECKSUM (computed by the native build, `make bench-host-check`). Returns 0 on
 * success and prints `insns=<minstret>` last for bench/run.sh. */
#include "bench.h"

/* Tuned so that one run retires about 2.5e8 instructions on rv32imc (bench/README.md). */
#define ROUNDS 200
#define NODES 4096
#define SEED 0x2545F4914F6CDD1Dull
/* Printed by the native build of this file; update both together if the workload changes. */
#define EXPECTED_CHECKSUM 0x5f0f105fff6da450ull

struct node {
  uint32_t key;
  uint32_t count; /* times the key was inserted (duplicates are counted, not linked) */
  struct node *left, *right;
};

static struct node pool[NODES];
static uint32_t keys[NODES];

static uint32_t next_key(uint64_t *s) {
  uint64_t x = *s;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  *s = x;
  return (uint32_t)(x >> 24) & 0xfffffu; /* 20 bits: a few duplicates, many misses */
}

/* Iterative insertion: one data-dependent branch and one dependent load per level. */
static struct node *insert(struct node *root, struct node *n) {
  if (!root) return n;
  struct node *t = root;
  for (;;) {
    if (n->key == t->key) {
      t->count++;
      return root;
    }
    struct node **next = n->key < t->key ? &t->left : &t->right;
    if (!*next) {
      *next = n;
      return root;
    }
    t = *next;
  }
}

static const struct node *find(const struct node *t, uint32_t key) {
  while (t && t->key != key) t = key < t->key ? t->left : t->right;
  return t;
}

/* Recursive walks: calls and returns the compiler cannot turn into loops. */
__attribute__((noinline)) static uint64_t tree_sum(const struct node *t) {
  if (!t) return 0;
  return tree_sum(t->left) + (uint64_t)t->key * t->count + tree_sum(t->right);
}

__attribute__((noinline)) static uint32_t tree_height(const struct node *t) {
  if (!t) return 0;
  uint32_t l = tree_height(t->left), r = tree_height(t->right);
  return 1 + (l > r ? l : r);
}

/* In-order walk checking ascending keys; returns the number of nodes (0 on disorder). */
__attribute__((noinline)) static uint32_t check_order(const struct node *t, uint32_t *last, int *first) {
  if (!t) return 0;
  uint32_t n = check_order(t->left, last, first);
  if (!*first && t->key <= *last) return 0;
  *first = 0;
  *last = t->key;
  return n + 1 + check_order(t->right, last, first);
}

/* Folds one 32-bit value into the running 64-bit checksum (FNV-1a style multiply). */
static uint64_t fold(uint64_t checksum, uint32_t v) { return (checksum ^ v) * 0x100000001B3ull; }

static uint64_t one_round(uint64_t *rng) {
  struct node *root = 0;
  uint64_t inserted_sum = 0;
  uint32_t distinct = 0;
  for (uint32_t i = 0; i < NODES; i++) {
    struct node *n = &pool[i];
    n->key = keys[i] = next_key(rng);
    n->count = 1;
    n->left = n->right = 0;
    inserted_sum += n->key;
    root = insert(root, n);
  }
  /* Lookups: every other key is one inserted this round (found), the rest fresh (mostly not). */
  uint32_t found = 0, found_inserted = 0, depth_mix = 0;
  for (uint32_t i = 0; i < NODES; i++) {
    uint32_t key = (i & 1) ? keys[(i * 2654435761u) % NODES] : next_key(rng);
    const struct node *t = find(root, key);
    if (t) {
      found++;
      if (i & 1) found_inserted++;
      depth_mix += t->count;
    }
    if ((i & 15) == 0) depth_mix += key / ((t ? t->key : i) | 1); /* a divide now and then */
  }
  CHECK_EQ(found_inserted, NODES / 2);
  CHECK_EQ(tree_sum(root), inserted_sum);
  uint32_t last = 0;
  int first = 1;
  distinct = check_order(root, &last, &first);
  CHECK(distinct > 0 && distinct <= NODES);
  uint32_t height = tree_height(root);
  /* A few divides on data-dependent operands (the divider's latency depends on them). */
  uint32_t sum32 = (uint32_t)inserted_sum;
  uint32_t q = sum32 / (distinct | 1), r = sum32 % (height + 7);
  uint32_t q2 = (found * 1000003u) / (height + 1), r2 = root->key % (distinct | 1);
  uint64_t c = fold(0, distinct);
  c = fold(c, height);
  c = fold(c, found);
  c = fold(c, depth_mix);
  c = fold(c, q);
  c = fold(c, r);
  c = fold(c, q2);
  return fold(c, r2);
}

int main(void) {
  start_hpm_counters();
  uint64_t rng = SEED, checksum = 0;
  for (uint32_t round = 0; round < ROUNDS; round++) checksum = fold(checksum, (uint32_t)one_round(&rng)) ^ checksum >> 32;
  uint64_t insns = read_minstret();

  print_hex_line("callchase checksum", checksum);
  CHECK_EQ(checksum, EXPECTED_CHECKSUM);
  print_hpm_counters();
  print_insns_line(insns);
  return 0;
}
