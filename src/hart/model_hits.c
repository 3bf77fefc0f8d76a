/* The out-of-line parts of the model outcomes counted in the timed dispatch loop
 * (hart/model_hits.h): those that change what a link cost holds. */
#include "hart/model_hits.h"

void hart_branch_unsaturated(struct hart *h, const struct block *blk, const struct insn *in, bool taken) {
  struct btc_filter *b = h->btc_hits;
  hart_branch_model(h, blk, in, taken);
  model_events_sub(taken ? &b->taken_events : &b->not_taken_events, 1);
}

void hart_fetch_unfolded(struct hart *h, const struct link_cost *c, const struct block *blk) {
  struct fetch_filter *f = h->fetch_hits;
  if (!f || !c->fetch_end) {
    hart_fetch_block(h, blk);
    return;
  }
  uint64_t start = blk->paddr;
  bool sequential = (start & 2) && hart_fetch_next(h) == start; /* its first word fetched already */
  hart_fetch_block(h, blk);
  model_events_sub(&f->events, c->fetch_words);
  /* The lines all present (the model remembered the block at this generation): the fold holds
   * until one enters or leaves. (Link costs live in the block arena, writable.) */
  const struct fetch_memo *m = fetch_memo_of(f, start);
  if (m->blk == blk && m->start == start && m->gen == h->fetch_gen && m->words - sequential == c->fetch_words)
    ((struct link_cost *)c)->follow_key = h->follow_key;
}

void hart_fetch_next_store(struct hart *h, const struct block *b) {
  if (b) h->fetch_next_pa = block_fetch_end(b);
  h->fetch_next_last = false;
}

void data_lines_forget_all(struct data_hit_filter *f) {
  for (uint64_t i = 0; i <= f->set_mask; i++) f->lines_load[i].vline = f->lines_store[i].vline = DATA_LINE_NONE;
}
