/* The generic profile's micro-architectural models: L1 instruction and data caches, a bimodal
 * branch predictor and instruction/data TLBs, for the events Linux's perf asks for by name
 * (branch-misses, L1-dcache-*, L1-icache-*, dTLB-*, iTLB-*; docs/events-generic.md).
 *
 * They only count: the generic core has no timing model (one cycle per instruction), so a
 * miss costs no cycle and the models cannot change what a program does or when. That is what
 * lets them run on demand (profile.*_model_events): the hot path stays as fast as without
 * them until a counter or `rvpmu stat` selects one of their events (hart_update_models).
 *
 * Geometry (options, defaults in generic.c): caches are physically indexed and tagged with LRU
 * replacement. With the defaults (32 KiB, 8 ways, 64-byte lines) a way is exactly one 4 KiB
 * page, so the set of an access depends only on its page offset: a Linux process and a bare-
 * metal program touching the same virtual layout miss alike wherever their pages land. The
 * TLBs are fully associative with LRU, hold 4 KiB translations (a superpage access fills the
 * entry of its 4 KiB page) and have no ASIDs: SFENCE.VMA and satp writes empty them. */
#include "profiles/generic.h"

#include <string.h>

#include "hart/hart.h"
#include "isa/block.h"
#include "machine.h"

static struct generic_model *model(struct hart *h) { return h->model; }

/* Weakly not-taken: a loop's branch mispredicts on its first taken iteration only. */
#define BPRED_RESET 1

void generic_model_reset(struct hart *h) {
  const uint64_t *o = h->machine->profile->options;
  struct generic_model *m = model(h);
  cache_model_init(&m->ic, o[GOPT_IC_SIZE], o[GOPT_IC_LINE], (unsigned)o[GOPT_IC_WAYS]);
  cache_model_init(&m->dc, o[GOPT_DC_SIZE], o[GOPT_DC_LINE], (unsigned)o[GOPT_DC_WAYS]);
  cache_model_init(&m->itlb, o[GOPT_ITLB] * PAGE_SIZE, PAGE_SIZE, (unsigned)o[GOPT_ITLB]);
  cache_model_init(&m->dtlb, o[GOPT_DTLB] * PAGE_SIZE, PAGE_SIZE, (unsigned)o[GOPT_DTLB]);
  memset(m->bpred, BPRED_RESET, sizeof m->bpred);
  m->next_fetch_pa = m->last_fetch_line = CACHE_MODEL_INVALID;
}

/* A block is about to run: its fetch looks up the iTLB once (blocks do not cross pages; the
 * rare instruction straddling two is looked up by its first) and the instruction cache once
 * per line the block's instructions occupy, except the line sequential fetch already has when
 * the block continues where the last one ended (so a line is one request however the
 * simulator splits straight-line code into blocks). Non-RAM code bypasses the cache. */
void generic_fetch_block(struct hart *h, const struct block *blk) {
  struct generic_model *m = model(h);
  if (!blk->count) return;
  if (hart_translates(h, ACCESS_FETCH) && m->itlb.sets && !cache_model_access(&m->itlb, h->pc >> PAGE_SHIFT))
    hart_add_events(h, EV_BIT(EV_ITLB_MISSES), 1);
  struct cache_model *c = &m->ic;
  if (!c->sets) return;
  uint64_t start = blk->paddr;
  uint64_t end = start + block_end_off(blk);
  if (end <= start || !bus_ram_ptr(&h->machine->bus, start, end - start)) return;
  uint64_t line = start >> c->line_shift, last_line = (end - 1) >> c->line_shift;
  if (start == m->next_fetch_pa && line == m->last_fetch_line) line++;
  m->next_fetch_pa = end;
  m->last_fetch_line = last_line;
  uint32_t requests = 0, misses = 0;
  for (; line <= last_line; line++) {
    requests++;
    misses += !cache_model_access(c, line);
  }
  if (requests) hart_add_events(h, EV_BIT(EV_IC_REQUESTS), requests);
  if (misses) hart_add_events(h, EV_BIT(EV_IC_MISSES), misses);
}

/* A load or store retired: the dTLB when it was translated, then the data cache (write-back,
 * write-allocate: a store miss fills the line like a load miss) unless it went to a device. */
void generic_data_access(struct hart *h, uint64_t va, uint64_t pa, unsigned size, bool store, bool device) {
  (void)size; /* loads and stores are naturally aligned here: one line, one page */
  struct generic_model *m = model(h);
  if (m->dtlb.sets && hart_translates(h, store ? ACCESS_STORE : ACCESS_LOAD) &&
      !cache_model_access(&m->dtlb, va >> PAGE_SHIFT))
    hart_add_events(h, EV_BIT(store ? EV_DTLB_STORE_MISSES : EV_DTLB_LOAD_MISSES), 1);
  if (device || !m->dc.sets) return;
  bool hit = cache_model_access(&m->dc, pa >> m->dc.line_shift);
  if (store)
    hart_add_events(h, EV_BIT(EV_DC_WRITE_REQUESTS) | (hit ? 0 : EV_BIT(EV_DC_WRITE_MISSES)), 1);
  else
    hart_add_events(h, EV_BIT(EV_DC_READ_REQUESTS) | (hit ? 0 : EV_BIT(EV_DC_READ_MISSES)), 1);
}

/* A conditional branch retired: its outcome event as on the unmodelled path, and the bimodal
 * predictor's verdict. Indexed by physical pc (halfword granular, for compressed branches). */
void generic_branch(struct hart *h, const struct insn *in, uint64_t pa, bool taken) {
  (void)in;
  uint8_t *ctr = &model(h)->bpred[(pa >> 1) & (h->machine->profile->options[GOPT_BPRED] - 1)];
  bool predicted_taken = *ctr >= 2;
  uint64_t ev = EV_BIT(taken ? EV_BR_TAKEN : EV_BR_NOT_TAKEN);
  if (predicted_taken != taken) ev |= EV_BIT(EV_BR_MISPREDICTS);
  hart_add_events(h, ev, 1);
  if (taken && *ctr < 3) (*ctr)++;
  if (!taken && *ctr > 0) (*ctr)--;
}

void generic_fence_i(struct hart *h) {
  cache_model_invalidate_all(&model(h)->ic);
  model(h)->next_fetch_pa = model(h)->last_fetch_line = CACHE_MODEL_INVALID;
}

void generic_tlb_flush(struct hart *h) {
  cache_model_invalidate_all(&model(h)->itlb);
  cache_model_invalidate_all(&model(h)->dtlb);
}
