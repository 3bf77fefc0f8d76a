/* smallfns: many small functions, the shape of object-oriented C and of code built from
 * accessors and callbacks: 48 tiny non-inlined functions called directly, through a
 * table of pointers (a "vtable" per shape) and through a comparison callback of an
 * insertion-ordered priority queue. Calls and returns dominate; the checksum is compared to
 * the native build's. */
#include "bench.h"

#ifndef ROUNDS
#define ROUNDS 32000
#endif
#define SHAPES 64
#define QUEUE 64
#define EXPECTED_CHECKSUM 0x2be034f3699481f8ull

#define NOINLINE __attribute__((noinline))

/* 16 small operations, each one function. */
#define OPS(X) X(0, a + b) X(1, a - b) X(2, a ^ b) X(3, a & ~b) X(4, a | b) X(5, a * 3 + b) \
  X(6, (a << 3) - b) X(7, a >> (b & 7)) X(8, a + (b >> 1)) X(9, ~a + b) X(10, a * b)          \
  X(11, (a ^ 0x5bd1e995u) + b) X(12, a - (b << 2)) X(13, (a | 1) * (b | 1)) X(14, a + 7 * b)     \
  X(15, (a >> 1) ^ (b << 1))
#define DEFINE_OP(n, expr) static NOINLINE uint32_t op##n(uint32_t a, uint32_t b) { return expr; }
OPS(DEFINE_OP)
typedef uint32_t (*op_fn)(uint32_t, uint32_t);
#define LIST_OP(n, expr) op##n,
static op_fn const ops[16] = {OPS(LIST_OP)};

/* Shapes with accessor "methods". */
struct shape;
struct shape_class {
  uint32_t (*area)(const struct shape *);
  uint32_t (*perimeter)(const struct shape *);
  void (*grow)(struct shape *, uint32_t);
};
struct shape {
  const struct shape_class *cls;
  uint32_t w, h;
};
static NOINLINE uint32_t get_w(const struct shape *s) { return s->w; }
static NOINLINE uint32_t get_h(const struct shape *s) { return s->h; }
static NOINLINE void set_w(struct shape *s, uint32_t w) { s->w = w; }
static NOINLINE void set_h(struct shape *s, uint32_t h) { s->h = h; }
static NOINLINE uint32_t rect_area(const struct shape *s) { return get_w(s) * get_h(s); }
static NOINLINE uint32_t rect_perimeter(const struct shape *s) { return 2 * (get_w(s) + get_h(s)); }
static NOINLINE void rect_grow(struct shape *s, uint32_t d) { set_w(s, get_w(s) + d), set_h(s, get_h(s) + d); }
static NOINLINE uint32_t square_area(const struct shape *s) { return get_w(s) * get_w(s); }
static NOINLINE uint32_t square_perimeter(const struct shape *s) { return 4 * get_w(s); }
static NOINLINE void square_grow(struct shape *s, uint32_t d) { set_w(s, get_w(s) + d); }
static NOINLINE uint32_t tri_area(const struct shape *s) { return get_w(s) * get_h(s) / 2; }
static NOINLINE uint32_t tri_perimeter(const struct shape *s) { return get_w(s) + 2 * get_h(s); }
static NOINLINE void tri_grow(struct shape *s, uint32_t d) { set_h(s, get_h(s) + d); }
static const struct shape_class rect = {rect_area, rect_perimeter, rect_grow};
static const struct shape_class square = {square_area, square_perimeter, square_grow};
static const struct shape_class triangle = {tri_area, tri_perimeter, tri_grow};
static struct shape shapes[SHAPES];

/* A priority queue kept sorted by insertion, ordered by a callback. */
static uint32_t queue[QUEUE];
static uint32_t queued;
static NOINLINE int by_low_bits(uint32_t a, uint32_t b) { return (int)(a & 0xffff) - (int)(b & 0xffff); }
static NOINLINE void push(uint32_t v, int (*cmp)(uint32_t, uint32_t)) {
  uint32_t i = queued++;
  while (i > 0 && cmp(queue[i - 1], v) > 0) queue[i] = queue[i - 1], i--;
  queue[i] = v;
}
static NOINLINE uint32_t pop(void) { return queue[--queued]; }

static NOINLINE uint32_t mix_in(uint32_t acc, int i) { return acc * 0x9E3779B9u + (uint32_t)i; }

int main(void) {
  start_hpm_counters();
  CHECK_EQ(ops[10](6, 7), 42);
  CHECK_EQ(op7(256, 3), 32);
  static const struct shape_class *const classes[3] = {&rect, &square, &triangle};
  uint64_t rng = 0xDA942042E4DD58B5ull, checksum = 0;
  for (int i = 0; i < SHAPES; i++)
    shapes[i] = (struct shape){classes[i % 3], (uint32_t)(xorshift64(&rng) % 100) + 1,
                               (uint32_t)(xorshift64(&rng) % 100) + 1};
  for (uint32_t round = 0; round < ROUNDS; round++) {
    uint32_t acc = round;
    for (int i = 0; i < 64; i++) acc = ops[(acc ^ (uint32_t)i) & 15](acc, (uint32_t)i);
    acc = op3(op2(op1(op0(acc, 1), 2), 3), 4);
    for (int i = 0; i < SHAPES; i++) {
      struct shape *s = &shapes[i];
      acc += s->cls->area(s) ^ s->cls->perimeter(s);
      if (((round + (uint32_t)i) & 31) == 0) s->cls->grow(s, 1);
    }
    for (int i = 0; i < 24; i++) push(mix_in(acc, i), by_low_bits);
    while (queued) acc = acc * 31 + pop();
    checksum = (checksum ^ acc) * 0x100000001B3ull;
  }
  uint64_t insns = read_minstret();
  print_hex_line("smallfns checksum", checksum);
  CHECK_EQ(checksum, EXPECTED_CHECKSUM);
  print_hpm_counters();
  print_insns_line(insns);
  return 0;
}
