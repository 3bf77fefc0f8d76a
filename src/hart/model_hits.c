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

void model_lazy_settle(struct hart *h) {
  uint64_t n = h->lazy_dc_fills;
  if (n) { /* (offered: they are counted only while the hart uses the model's filters) */
    struct data_hit_filter *f = h->data_hits_offered;
    struct model_stall *s = &f->fill;
    *f->read_hit -= n;
    h->hpm.acc[EV_CYCLES] += n * s->cycles;
    *s->stall += n * s->cycles;
    *s->first += n;
    h->dc_fills_seen += n;
    h->lazy_dc_fills = 0;
  }
}

void model_data_way(struct hart *h) {
  struct data_hit_filter *f = h->data_hits;
  uint64_t insns = h->hpm.acc[EV_INSNS], span = insns - h->dc_mode_insns;
  if (span < DC_WAY_SPAN && !h->dc_way_forced) return;
  uint64_t fills = h->dc_fills_seen - h->dc_mode_fills;
  h->dc_mode_insns = insns, h->dc_mode_fills = h->dc_fills_seen;
  bool branch_free = h->models_loop && f && f->read_fill &&
                     (h->dc_way_forced ? h->dc_way_forced == 2
                                       : fills * 1000 > span * (h->dc_branch_free ? DC_WAY_OFF_PER_MILLE
                                                                                  : DC_WAY_ON_PER_MILLE));
  if (branch_free == h->dc_branch_free) return;
  if (!branch_free && h->data_hits_offered) data_lines_forget_all(h->data_hits_offered); /* stale */
  h->dc_branch_free = branch_free;
  block_jit_way(h, branch_free);
}

uint64_t model_lazy_cycles(const struct hart *h) {
  uint64_t c = 0;
  if (h->lazy_dc_fills) c += h->lazy_dc_fills * h->data_hits_offered->fill.cycles;
  return c;
}
