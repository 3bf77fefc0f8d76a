/* Block cache: blocks decoded once, found by physical address (hash table) and by virtual pc
 * (the jump cache, valid for one translation epoch). Blocks live in one arena that is dropped
 * whole on fence.i or when full. */
#include "isa/block.h"

#include <stdlib.h>
#include <string.h>

#include "hart/hart.h"
#include "machine.h"

#define ARENA_BYTES (16u << 20)
#define HASH_BITS 16

struct block_cache {
  uint8_t *arena;      /* ARENA_BYTES of blocks, bump-allocated */
  size_t used;
  struct block *hash[1u << HASH_BITS];
};

struct block_cache *block_cache_create(void) {
  struct block_cache *bc = calloc(1, sizeof *bc);
  if (!bc) return NULL;
  bc->arena = malloc(ARENA_BYTES);
  if (!bc->arena) {
    free(bc);
    return NULL;
  }
  return bc;
}

void block_cache_destroy(struct block_cache *bc) {
  if (!bc) return;
  free(bc->arena);
  free(bc);
}

void block_cache_flush(struct block_cache *bc) {
  /* Callers also clear hart.last_block (hart_flush_translation). */
  bc->used = 0;
  memset(bc->hash, 0, sizeof bc->hash);
}

static unsigned hash_of(uint64_t paddr) { return (unsigned)((paddr >> 1) * 0x9E3779B97F4A7C15ull >> (64 - HASH_BITS)); }

/* The static timing of instruction i of `insns` at (virtual or physical: only the low bits
 * matter) address pc: the profile's model, or one cycle per instruction. */
static void time_context(const struct hart *h, const struct insn_context *c, struct insn_timing *t) {
  const struct profile *p = h->machine->profile;
  if (p->time_insn) p->time_insn(p, c, t);
  else timing_one_cycle(c, t);
}

static void time_insn(const struct hart *h, const struct insn *insns, unsigned i, uint64_t pc, struct insn_timing *t) {
  struct insn_context c = {&insns[i], i ? &insns[i - 1] : NULL, i > 1 ? &insns[i - 2] : NULL, pc};
  time_context(h, &c, t);
}

/* Adds one retired instruction with timing t to a block's static totals, combos included. */
static void add_timing(struct block *b, const struct hpm *hpm, const struct insn_timing *t) {
  b->retire_insns++;
  for (unsigned r = 0; r < t->n; r++) {
    uint32_t n = t->run[r].count;
    uint64_t ev = t->run[r].events | EV_BIT(EV_CYCLES);
    b->retire_cycles += n;
    for (uint64_t m = ev; m; m &= m - 1) b->events[__builtin_ctzll(m)] += (uint16_t)n;
    for (unsigned k = 0; k < hpm->num_combos; k++)
      if (ev & hpm->combo_mask[k]) b->events[EV_COMBO0 + k] += (uint16_t)n;
  }
}

uint64_t hart_now_cycles(const struct hart *h) {
  uint64_t now = hart_clock_cycles(h);
  if (!h->cur_block) return now;
  const struct block *b = h->cur_block;
  for (unsigned i = 0; i < (unsigned)(h->cur_insn - b->insns); i++) {
    struct insn_timing t;
    time_insn(h, b->insns, i, b->paddr + b->insns[i].pc_off, &t);
    for (unsigned r = 0; r < t.n; r++) now += t.run[r].count;
  }
  return now;
}

/* Events of the first n instructions of b, for a trap in mid-block. */
void hart_account_prefix(struct hart *h, const struct block *b, unsigned n) {
  struct block tmp;
  uint16_t events[EV_NUM_ACC];
  memset(&tmp, 0, sizeof tmp);
  memset(events, 0, sizeof events);
  tmp.events = events;
  for (unsigned i = 0; i < n; i++) {
    struct insn_timing t;
    time_insn(h, b->insns, i, b->paddr + b->insns[i].pc_off, &t);
    add_timing(&tmp, &h->hpm, &t);
  }
  BLOCK_ACCOUNT(&h->hpm, &tmp);
  h->budget -= tmp.retire_cycles;
}

/* A block's horizon_cycles: its static cycles, one more for a system terminator, and at least
 * 1 (a budget > 0 allows that anyway), so that the dispatch loop's chained path can test
 * horizon <= budget alone for "budget > 0 and nothing due within the block". */
static uint32_t horizon(uint32_t retire_cycles, const struct insn *last) {
  uint32_t c = retire_cycles + ((last->cls & CLS_SYSTEM) ? 1 : 0);
  return c ? c : 1;
}

/* Fetches the 16-bit parcel at virtual address va; 0 or a fetch fault cause. */
static int fetch16(struct hart *h, uint64_t va, uint16_t *out) {
  uint64_t pa;
  int r = hart_translate(h, va, ACCESS_FETCH, &pa);
  if (r) return r;
  uint8_t *p = bus_ram_ptr(&h->machine->bus, pa, 2);
  if (!p) return EXC_INSN_ACCESS; /* instructions execute from RAM only */
  memcpy(out, p, 2);
  return 0;
}

/* Decodes a new block at vpc (physical paddr). Returns NULL with *fault set if the first
 * instruction cannot be fetched. */
static struct block *build(struct hart *h, uint64_t vpc, uint64_t paddr, int *fault, uint64_t *fault_va) {
  struct block_cache *bc = h->blocks;
  size_t need = sizeof(struct block) + (BLOCK_MAX_INSNS + 1) * sizeof(struct insn) + BLOCK_LINK_BYTES + BLOCK_EVENT_BYTES;
  if (bc->used + need > ARENA_BYTES) hart_flush_translation(h, true);
  struct block *b = (struct block *)(bc->arena + bc->used);
  uint16_t events[EV_NUM_ACC]; /* moved behind insns[] once their number is known */
  memset(b, 0, sizeof *b);
  memset(events, 0, sizeof events);
  b->events = events;
  b->paddr = paddr;
  uint64_t va = vpc;
  bool crosses = false;
  unsigned n = 0;
  for (;;) {
    struct insn *in = &b->insns[n];
    uint16_t lo, hi = 0;
    int r = fetch16(h, va, &lo);
    if (r == 0 && insn_length(lo) == 4) {
      uint64_t va_hi = h->xlen == 32 ? (uint32_t)(va + 2) : va + 2;
      if (n > 0 && ((va_hi ^ va) >> PAGE_SHIFT)) goto end_block; /* straddles: own block */
      r = fetch16(h, va_hi, &hi);
      if (r) *fault_va = va_hi;
      crosses |= ((va_hi ^ va) >> PAGE_SHIFT) != 0;
    } else if (r) {
      *fault_va = va;
    }
    if (r) {
      if (n == 0) {
        *fault = r;
        return NULL;
      }
      goto end_block; /* the fault belongs to the next block's first instruction */
    }
    insn_decode_ext((uint32_t)hi << 16 | lo, h->xlen, h->isa_ext, in);
    in->pc_off = (uint16_t)(va - vpc);
    n++;
    va += insn_length(lo);
    if (h->xlen == 32) va = (uint32_t)va;
    if (in->cls & CLS_SYSTEM) break; /* its handler accounts for it */
    struct insn_timing t;
    time_insn(h, b->insns, n - 1, va - insn_length(lo), &t);
    add_timing(b, &h->hpm, &t);
    if (in->cls & CLS_END) break;
    if (n == BLOCK_MAX_INSNS || ((va ^ vpc) >> PAGE_SHIFT)) goto end_block;
    continue;
  end_block : {
    struct insn *end = &b->insns[n++];
    memset(end, 0, sizeof *end);
    end->op = OP_END_BLOCK;
    end->pc_off = (uint16_t)(va - vpc);
    break;
  }
  }
  b->count = (uint16_t)n;
  b->horizon_cycles = horizon(b->retire_cycles, &b->insns[n - 1]);
  memset(BLOCK_LINK(&b->insns[n - 1]), 0, BLOCK_LINK_BYTES);
  b->events = (uint16_t *)((uint8_t *)&b->insns[n] + BLOCK_LINK_BYTES);
  memcpy(b->events, events, sizeof events);
  bc->used += (sizeof(struct block) + n * sizeof(struct insn) + BLOCK_LINK_BYTES + BLOCK_EVENT_BYTES + 15) & ~(size_t)15;
  /* A block whose first instruction straddles two pages depends on two translations: keep it
   * out of the physical hash (the jump cache, flushed with translations, still finds it). */
  if (!crosses) {
    unsigned hidx = hash_of(paddr);
    b->hash_next = bc->hash[hidx];
    bc->hash[hidx] = b;
  }
  return b;
}

_Static_assert(sizeof(struct block) + 2 * sizeof(struct insn) + BLOCK_LINK_BYTES <= sizeof(((struct hart *)0)->step_block[0]),
               "hart.step_block must hold a block of two instructions and its links");

/* The last two instructions that ran before `blk` when execution fell through into it from
 * h->last_block (NULL when it did not, or they are unknown). */
static void preceding(const struct hart *h, const struct block *blk, const struct insn **prev, const struct insn **prev2) {
  const struct block *last = h->last_block;
  *prev = *prev2 = NULL;
  if (!last || !last->count) return;
  const struct insn *end = &last->insns[last->count - 1];
  unsigned n = last->count - (end->op == OP_END_BLOCK ? 1 : 0);
  uint64_t end_pa = last->paddr + end->pc_off + (end->op == OP_END_BLOCK ? 0 : insn_length(end->raw));
  if (!n || end_pa != blk->paddr) return;
  *prev = &last->insns[n - 1];
  *prev2 = n > 1 ? &last->insns[n - 2] : NULL;
}

/* Adds (sign +1) or takes back (sign -1) a timing's cycles and events. Taking back is used
 * only for amounts the block adds at its end, so the accumulators never go below a
 * snapshot a reader could see. */
static void apply_timing(struct hart *h, const struct insn_timing *t, int sign) {
  struct hpm *hpm = &h->hpm;
  for (unsigned r = 0; r < t->n; r++) {
    uint64_t n = sign > 0 ? t->run[r].count : -(uint64_t)t->run[r].count;
    uint64_t ev = t->run[r].events | EV_BIT(EV_CYCLES);
    h->budget -= (int64_t)n;
    for (uint64_t m = ev & ~EV_BIT(EV_INSNS); m; m &= m - 1) hpm->acc[__builtin_ctzll(m)] += n;
    for (unsigned k = 0; k < hpm->num_combos; k++)
      if (ev & hpm->combo_mask[k]) hpm->acc[EV_COMBO0 + k] += n;
  }
}

void hart_block_entry(struct hart *h, const struct block *blk) {
  const struct profile *p = h->machine->profile;
  if (p->fetch_block) p->fetch_block(h, blk);
  if (!h->last_block || !p->time_insn) return;
  const struct insn *prev, *prev2;
  preceding(h, blk, &prev, &prev2);
  if (!prev) return;
  /* The block's first two instructions were timed without what ran before them. */
  for (unsigned i = 0; i < 2 && i + 1 < blk->count; i++) {
    const struct insn *in = &blk->insns[i];
    if (in->cls & CLS_SYSTEM) break; /* timed when it retires, with its block's context */
    struct insn_context built = {in, i ? &blk->insns[0] : NULL, NULL, blk->paddr + in->pc_off};
    struct insn_context real = {in, i ? &blk->insns[0] : prev, i ? prev : prev2, built.pc};
    struct insn_timing with, without;
    time_context(h, &real, &with);
    time_context(h, &built, &without);
    apply_timing(h, &with, +1);
    apply_timing(h, &without, -1);
    if (in->cls & CLS_END) break;
  }
}

struct block *block_first_insn(struct hart *h, const struct block *blk) {
  h->step_index ^= 1;
  struct block *b = (struct block *)h->step_block[h->step_index];
  const struct insn *first = &blk->insns[0];
  memset(b, 0, sizeof *b);
  b->events = h->step_events[h->step_index];
  memset(b->events, 0, BLOCK_EVENT_BYTES);
  b->paddr = blk->paddr;
  b->insns[0] = *first;
  b->count = 1;
  struct insn_timing t;
  if (!(first->cls & CLS_SYSTEM)) {
    /* Timed with the instructions that ran just before it when execution fell through from
     * the last block (hazards such as load-use then count as they do when not stepping). */
    struct insn_context c = {first, NULL, NULL, blk->paddr};
    preceding(h, blk, &c.prev, &c.prev2);
    time_context(h, &c, &t);
    add_timing(b, &h->hpm, &t);
  }
  b->horizon_cycles = horizon(b->retire_cycles, first);
  if (h->machine->profile->fetch_block) h->machine->profile->fetch_block(h, b);
  if (!(first->cls & (CLS_END | CLS_SYSTEM))) {
    struct insn *end = &b->insns[1];
    memset(end, 0, sizeof *end);
    end->op = OP_END_BLOCK;
    end->pc_off = (uint16_t)insn_length(first->raw);
    b->count = 2;
  }
  memset(BLOCK_LINK(&b->insns[b->count - 1]), 0, BLOCK_LINK_BYTES); /* empty: nothing chains */
  return b;
}

struct block *block_lookup(struct hart *h, uint64_t vpc) {
  uint64_t key = vpc << 2 | h->priv;
  struct jump_entry *je = &h->jump_cache[(vpc >> 1) & ((1u << JUMP_CACHE_BITS) - 1)];
  if (je->key == key && je->epoch == h->epoch) return je->block;

  int fault = 0;
  uint64_t fault_va = vpc, paddr;
  struct block *b = NULL;
  if (vpc & h->ialign_mask) {
    fault = EXC_INSN_MISALIGNED;
  } else {
    const struct tlb_entry *e = &h->tlb_fetch[(vpc >> PAGE_SHIFT) & (TLB_SIZE - 1)];
    if (e->vpn == vpc >> PAGE_SHIFT) {
      paddr = e->ppn << PAGE_SHIFT | (vpc & (PAGE_SIZE - 1));
    } else {
      fault = hart_translate(h, vpc, ACCESS_FETCH, &paddr);
    }
    if (!fault) {
      for (b = h->blocks->hash[hash_of(paddr)]; b; b = b->hash_next)
        if (b->paddr == paddr) break;
      if (!b) b = build(h, vpc, paddr, &fault, &fault_va);
    }
  }
  if (!b) {
    hart_take_trap(h, (uint64_t)fault, fault_va, vpc);
    return NULL;
  }
  je->key = key;
  je->epoch = h->epoch;
  je->block = b;
  return b;
}
