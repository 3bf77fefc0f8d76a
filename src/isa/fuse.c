/* Choosing the fused pairs of a block (isa/fuse.h). */
#include "isa/fuse.h"

static const struct {
  uint8_t first, second;
} pairs[DISP_COUNT - OP_COUNT] = {
#define FUSE(a, b) [FUSED_##a##_##b - OP_COUNT] = {OP_##a, OP_##b},
#include "isa/fused.def"
#undef FUSE
};

/* The dispatch index of the pair (a, b), or 0 when they are not fused. */
static unsigned fused_index(unsigned a, unsigned b) {
  for (unsigned k = 0; k < DISP_COUNT - OP_COUNT; k++)
    if (pairs[k].first == a && pairs[k].second == b) return OP_COUNT + k;
  return 0;
}

void block_fuse(struct insn *insns, unsigned n) {
  for (unsigned i = n; i-- > 1;) {
    unsigned f = fused_index(insns[i - 1].op, insns[i].op);
    if (f) {
      insns[i - 1].disp = (uint8_t)f;
      i--; /* the pair's first instruction is taken */
    }
  }
}
