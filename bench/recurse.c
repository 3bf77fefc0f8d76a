/* recurse: recursion of every shape real code has, repeated ROUNDS times:
 *   - a recursive fold over a 20,000-node linked list (20,000 frames deep),
 *   - a recursive-descent parser and evaluator (mutual recursion expr -> term -> factor ->
 *     expr) over a generated expression nested 2,000 parentheses deep,
 *   - a binary tree walked through per-node function pointers (recursion through pointers),
 *   - a search that escapes a 5,000-frame stack with __builtin_longjmp,
 *   - quicksort without an insertion-sort cutoff.
 * The deep parts run on a 1 MiB stack of their own (the runtime's is 64 KiB). Every part
 * checks its own result; the checksum is compared to the native build's. */
#include "bench.h"

#ifndef ROUNDS
#define ROUNDS 120
#endif
#define LIST_LEN 20000
#define NEST 2000
#define TREE_NODES 4095
#define ESCAPE_DEPTH 5000
#define SORT_LEN 2048
#define EXPECTED_CHECKSUM 0xf660eaa73452c4b9ull

/* ---- linear recursion ------------------------------------------------------------------- */
struct node {
  struct node *next;
  uint32_t value;
};
static struct node list[LIST_LEN];

/* Not a sum GCC could turn into a loop with an accumulator: the rotate keeps every frame. */
static uint32_t list_sum(const struct node *n) {
  if (!n) return 0;
  uint32_t rest = list_sum(n->next);
  return (rest << 1 | rest >> 31) ^ n->value;
}

/* ---- mutual recursion: a recursive-descent parser ---------------------------------------- */
static char text[NEST * 8 + 64];
static const char *cursor;

static uint32_t parse_expr(void);

static uint32_t parse_factor(void) {
  if (*cursor == '(') {
    cursor++;
    uint32_t v = parse_expr();
    cursor++; /* ')' */
    return v;
  }
  uint32_t v = 0;
  while (*cursor >= '0' && *cursor <= '9') v = v * 10 + (uint32_t)(*cursor++ - '0');
  return v;
}

static uint32_t parse_term(void) {
  uint32_t v = parse_factor();
  while (*cursor == '*') {
    cursor++;
    v *= parse_factor();
  }
  return v;
}

static uint32_t parse_expr(void) {
  uint32_t v = parse_term();
  while (*cursor == '+' || *cursor == '-') {
    char op = *cursor++;
    uint32_t w = parse_term();
    v = op == '+' ? v + w : v - w;
  }
  return v;
}

/* "(((...(7+3*2)-1...)*3+1" with one level per i; the value is computed alongside. */
static uint32_t make_expression(uint64_t *rng) {
  char *p = text;
  uint32_t digits[NEST];
  for (int i = 0; i < NEST; i++) *p++ = '(';
  *p++ = '7';
  uint32_t value = 7;
  for (int i = 0; i < NEST; i++) {
    digits[i] = (uint32_t)(xorshift64(rng) % 9) + 1;
    *p++ = i % 3 == 0 ? '*' : i % 3 == 1 ? '+' : '-';
    *p++ = (char)('0' + digits[i]);
    *p++ = ')';
    value = i % 3 == 0 ? value * digits[i] : i % 3 == 1 ? value + digits[i] : value - digits[i];
  }
  *p = 0;
  return value;
}

/* ---- recursion through function pointers -------------------------------------------------- */
struct tnode;
typedef uint32_t (*visit_fn)(const struct tnode *);
struct tnode {
  visit_fn visit;
  const struct tnode *left, *right;
  uint32_t key;
};
static struct tnode tree[TREE_NODES];

static uint32_t visit_sum(const struct tnode *t);
static uint32_t visit_xor(const struct tnode *t);
static uint32_t visit_child(const struct tnode *t) { return t ? t->visit(t) : 0; }
static uint32_t visit_sum(const struct tnode *t) {
  return t->key + visit_child(t->left) + visit_child(t->right);
}
static uint32_t visit_xor(const struct tnode *t) {
  return (t->key ^ visit_child(t->left)) + visit_child(t->right);
}

/* ---- longjmp out of a deep stack ---------------------------------------------------------- */
static void *escape_buf[5];
static uint32_t escape_found;

static void search(uint32_t depth, uint32_t target) {
  if (depth == target) {
    escape_found = depth;
    __builtin_longjmp(escape_buf, 1);
  }
  search(depth + 1, target);
  escape_found = 0xdead; /* never reached */
}

static __attribute__((noinline)) uint32_t escape(uint32_t target) {
  escape_found = 0;
  if (__builtin_setjmp(escape_buf) == 0) search(0, target);
  return escape_found;
}

/* ---- quicksort ---------------------------------------------------------------------------- */
static uint32_t sort_buf[SORT_LEN];

static void quicksort(uint32_t *a, int32_t lo, int32_t hi) {
  if (lo >= hi) return;
  uint32_t pivot = a[lo + (hi - lo) / 2];
  int32_t i = lo, j = hi;
  while (i <= j) {
    while (a[i] < pivot) i++;
    while (a[j] > pivot) j--;
    if (i <= j) {
      uint32_t t = a[i];
      a[i++] = a[j];
      a[j--] = t;
    }
  }
  quicksort(a, lo, j);
  quicksort(a, i, hi);
}

/* ---- driver ------------------------------------------------------------------------------- */
static uint64_t checksum;
static uint64_t fold(uint64_t c, uint32_t v) { return (c ^ v) * 0x100000001B3ull; }

static void rounds(void) {
  uint64_t rng = 0x9E3779B97F4A7C15ull;
  for (uint32_t round = 0; round < ROUNDS; round++) {
    uint32_t expect = 0;
    for (int i = 0; i < LIST_LEN; i++) {
      list[i].value = (uint32_t)xorshift64(&rng) & 0xffff;
      list[i].next = i + 1 < LIST_LEN ? &list[i + 1] : 0;
    }
    for (int i = LIST_LEN - 1; i >= 0; i--) expect = (expect << 1 | expect >> 31) ^ list[i].value;
    uint32_t sum = list_sum(list);
    CHECK_EQ(sum, expect);
    checksum = fold(checksum, sum);

    uint32_t value = make_expression(&rng);
    cursor = text;
    CHECK_EQ(parse_expr(), value);
    checksum = fold(checksum, value);

    for (int i = 0; i < TREE_NODES; i++) {
      tree[i].key = (uint32_t)xorshift64(&rng);
      tree[i].visit = (tree[i].key & 1) ? visit_sum : visit_xor;
      tree[i].left = 2 * i + 1 < TREE_NODES ? &tree[2 * i + 1] : 0;
      tree[i].right = 2 * i + 2 < TREE_NODES ? &tree[2 * i + 2] : 0;
    }
    checksum = fold(checksum, visit_child(tree));

    uint32_t target = ESCAPE_DEPTH - (round % 16);
    CHECK_EQ(escape(target), target);

    for (int i = 0; i < SORT_LEN; i++) sort_buf[i] = (uint32_t)xorshift64(&rng);
    quicksort(sort_buf, 0, SORT_LEN - 1);
    for (int i = 1; i < SORT_LEN; i++) CHECK(sort_buf[i - 1] <= sort_buf[i]);
    checksum = fold(checksum, sort_buf[SORT_LEN / 2]);
  }
}

#ifdef BENCH_HOST
static void on_big_stack(void (*fn)(void)) { fn(); }
#else
static uint8_t big_stack[1 << 20] __attribute__((aligned(16)));
/* Calls fn with sp at the top of big_stack, and restores sp after it (kept in s1, which fn
 * preserves as the calling convention requires). */
static void on_big_stack(void (*fn)(void)) {
  __asm__ volatile("mv s1, sp\n\tmv sp, %1\n\tjalr %0\n\tmv sp, s1"
                   :
                   : "r"(fn), "r"(big_stack + sizeof big_stack)
                   : "s1", "ra", "t0", "t1", "t2", "t3", "t4", "t5", "t6", "a0", "a1", "a2",
                     "a3", "a4", "a5", "a6", "a7", "memory");
}
#endif

int main(void) {
  start_hpm_counters();
  on_big_stack(rounds);
  uint64_t insns = read_minstret();
  print_hex_line("recurse checksum", checksum);
  CHECK_EQ(checksum, EXPECTED_CHECKSUM);
  print_hpm_counters();
  print_insns_line(insns);
  return 0;
}
