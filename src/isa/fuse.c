/* Choosing the fused pairs of a block (isa/fuse.h). */
#include "isa/fuse.h"

#include <stdbool.h>

static const struct {
  uint8_t first, second;
  bool on; /* FUSE_ON: the second reads the first's result as rs1 */
} pairs[DISP_JIT - OP_DISPATCH_COUNT] = {
#define FUSE(a, b) [FUSED_##a##_##b - OP_DISPATCH_COUNT] = {OP_##a, OP_##b, false},
#define FUSE_ON(a, b) [FUSED_##a##_##b##_ON - OP_DISPATCH_COUNT] = {OP_##a, OP_##b, true},
#include "isa/fused.def"
#undef FUSE
#undef FUSE_ON
};

/* [first op][second op]: the dispatch index of the pair, [0] of any, [1] of one on the
 * first's result; 0 for none. Filled on first use (a row is touched only for the operations
 * that begin a pair). */
static uint8_t pair_index[OP_COUNT][OP_COUNT][2];
static bool indexed;

static unsigned fused_index(const struct insn *a, const struct insn *b) {
  if (!indexed) {
    for (unsigned k = 0; k < DISP_JIT - OP_DISPATCH_COUNT; k++)
      pair_index[pairs[k].first][pairs[k].second][pairs[k].on] = (uint8_t)(OP_DISPATCH_COUNT + k);
    indexed = true;
  }
  const uint8_t *p = pair_index[a->op][b->op];
  return p[1] && a->rd != REG_SINK && b->rs1 == a->rd ? p[1] : p[0];
}

void block_fuse(struct insn *insns, unsigned n) {
  for (unsigned i = n; i-- > 1;) {
    unsigned f = fused_index(&insns[i - 1], &insns[i]);
    if (f) {
      insns[i - 1].disp = (uint8_t)f;
      i--; /* the pair's first instruction is taken */
    }
  }
}
