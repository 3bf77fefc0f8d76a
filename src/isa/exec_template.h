/* The dispatch loop, compiled once per XLEN (design.md decision 6), per EXEC_TIMED and per
 * whether dynamic models run (EXEC_NO_MODELS, EXEC_MODEL_HITS): exec_rv32.c, exec_rv64.c,
 * exec_rv32_plain_models.c, exec_rv64_plain_models.c, exec_rv32_timed.c,
 * exec_rv32_timed_models.c, exec_rv32_models.c and exec_rv64_timed.c (and the profiling
 * exec_prof_*.c) define XLEN, EXEC_TIMED and EXEC_FUNC and include this file; hart_run picks
 * one. The timed instances (hart.link_costs: profiles with a timing model) add each link's
 * compiled cost when they chain blocks (isa/block.h); the plain ones, for the generic core,
 * have no code for it at all (the test alone cost it 3-4% more host instructions per guest
 * instruction, callgrind on bench/callchase.c).
 *
 * Invariants the handlers rely on:
 * - x[0] is always zero: the decoder redirects writes to x0 into x[REG_SINK].
 * - On RV32, registers hold zero-extended 32-bit values (every write goes through WR()).
 * - Only the last instruction of a block transfers control or is a system instruction, so
 *   straight-line handlers just step to the next entry; events are added per block at
 *   its end (CHAIN), never per instruction, except taken/not-taken branches (one add each). */
#include <string.h>

/* EXEC_MODEL_HITS (exec_rv32_models.c, MicroBlaze V): loads and stores try the model's TLB and
 * data cache (hart_load_hit) before tlb_load / tlb_store, which with such a model are
 * tlb_never: one TLB check per access instead of two. The other instances keep the plain TLB
 * first (a test of hart.data_hits per access would cost the Ibex). */
#ifndef EXEC_MODEL_HITS
#define EXEC_MODEL_HITS 0
#endif
/* EXEC_NO_MODELS (exec_rv32_timed.c: Ibex, CV32E40P): no dynamic model runs (no branch, jump
 * or fetch model, no inline data hits: !hart_models_hot), so the handlers and the chained
 * path test none of their switches (4 host instructions per block end); the loop returns to
 * hart_run, which takes another instance, as soon as one starts (a counter-configuration
 * write, at next_block). */
#ifndef EXEC_NO_MODELS
#define EXEC_NO_MODELS 0
#endif
#define TIMED_BRANCHES (!EXEC_NO_MODELS && MODEL_HOOK(h->timed_branches))
#define TIMED_TARGETS (!EXEC_NO_MODELS && h->timed_targets)
#define MODEL_FETCH (!EXEC_NO_MODELS && MODEL_HOOK(h->model_fetch))

#include "hart/hart.h"
#include "hart/model_hits.h"
#include "isa/block.h"
#include "isa/crypto.h"
#include "isa/fuse.h"
#include "mem/bus.h"

#if XLEN == 32
typedef uint32_t ux;
typedef int32_t sx;
typedef uint64_t ux2; /* double width, for MULH* */
typedef int64_t sx2;
#else
typedef uint64_t ux;
typedef int64_t sx;
typedef unsigned __int128 ux2;
typedef __int128 sx2;
#endif

/* Profiler hooks (design.md decision 9, prof/prof.h): they exist only in the profiling instances
 * of this loop (exec_prof_rv32.c, exec_prof_rv64.c and their _timed twins, which define PROF),
 * the ones hart_run takes while rvpmu record runs; here they compile to nothing. */
#ifdef PROF
#include "prof/prof.h"
#define PROF_LOCALS                                                                    \
  unsigned prof_outcome = 0;    /* how an untimed branch went: 1 taken, 2 not */        \
  uint64_t prof_transfer = 0;   /* pc of the transfer that ended the last block... */       \
  struct prof_node *prof_transfer_node = NULL; /* ...and its calling context */
#define PROF_TRANSFER_FROM(LAST) \
  (prof_transfer = bpc + (LAST)->pc_off, prof_transfer_node = h->prof->cur)
/* What reaching the target added (hart_transfer_target: an unaligned target's extra fetch,
 * the jump model) is the transfer's, in the context it left (before a call or return moved
 * it), as the link costs charge it (docs/profiling.md). */
#define PROF_DYN_TRANSFER() (prof_dyn_in(h, prof_transfer, prof_transfer_node), prof_snap(h))
#define PROF_OUTCOME(n) (prof_outcome = (n))
#define PROF_BLOCK_END() (prof_block_end(h, blk, in, bpc, prof_outcome), prof_outcome = 0)
/* A hook that adds events... (after the deferred link counts: what it adds is its own) */
#define PROF_SNAP() \
  ((EXEC_TIMED && h->num_pending_costs) ? block_settle_costs(h) : (void)0, prof_snap(h))
#define PROF_DYN(pc) prof_dyn(h, (pc))                         /* ...charges them to pc */
#define PROF_DYN_ENTRY() prof_dyn_block(h, blk, bpc, bpc, 0)   /* to the block's first insn */
#define PROF_DYN_TERM() prof_dyn_block(h, blk, bpc, INSN_PC, 1) /* to its branch */
#define PROF_PREFIX(n) prof_prefix(h, blk, (unsigned)(n), bpc) /* first n insns retire */
#define PROF_SLOW_CHECK() prof_slow_check(h)
#define PROF_CALL(EXPR) ({ PROF_SNAP(); bool r_ = (EXPR); PROF_DYN(INSN_PC); r_; }) /* a bracketed test */
#define PROF_ON 1
#define PROF_SYSTEM(CALL)                        \
  do {                                           \
    struct prof_system ps_;                      \
    prof_system_begin(h, blk, in, bpc, &ps_);    \
    CALL;                                        \
    prof_system_end(h, &ps_);                    \
  } while (0)
#else
#define PROF_LOCALS
#define PROF_TRANSFER_FROM(LAST) ((void)0)
#define PROF_DYN_TRANSFER() ((void)0)
#define PROF_OUTCOME(n) ((void)0)
#define PROF_BLOCK_END() ((void)0)
#define PROF_SNAP() ((void)0)
#define PROF_DYN(pc) ((void)0)
#define PROF_DYN_ENTRY() ((void)0)
#define PROF_DYN_TERM() ((void)0)
#define PROF_PREFIX(n) ((void)0)
#define PROF_SLOW_CHECK() hart_slow_check(h)
#define PROF_SYSTEM(CALL) CALL
#define PROF_CALL(EXPR) (EXPR)
#define PROF_ON 0
#endif

#define likely(c) __builtin_expect(!!(c), 1)
#define unlikely(c) __builtin_expect(!!(c), 0)
/* A dynamic model's hook (the fetch model's, the branch model's): rare on the other cores,
 * always on in the MicroBlaze V instance (EXEC_MODEL_HITS: hart_run takes it only while they
 * run, hart/model_hits.h "The models loop"), which need not test for it. */
#define MODEL_HOOK(flag) (EXEC_MODEL_HITS || unlikely(flag))

#define RD (in->rd)
#define R1 ((ux)x[in->rs1])
#define R2 ((ux)x[in->rs2])
#define WR(v) (x[RD] = (ux)(v))
#define IMM ((ux)(sx)in->imm)
#define INSN_PC (BPC + in->pc_off) /* BPC: the block's pc (EXEC_FUNC) */
#define NEXT_PC ((ux)(INSN_PC + ((in->cls & CLS_COMPRESSED) ? 2 : 4)))
/* Every loop jumps on the dispatch index: a fused pair's handler on its first instruction
 * (isa/fuse.h). The profiling loops too: their per-instruction hooks read `in`, which the
 * pair's handler steps to its second instruction before running it. */
#define DISPATCH goto *labels[in->disp]
#define NEXT \
  do {       \
    in++;    \
    DISPATCH; \
  } while (0)

/* Loads: fast path through the load TLB for aligned RAM accesses, else the slow path. Reads a
 * T into v_ and runs USE with it (integer and FP loads differ only there); LOAD_DO stays on
 * the instruction (the first of a fused pair), LOAD_INTO goes on to the next. */
#define LOAD_DO(T, USE)                                                              \
  do {                                                                               \
    uint64_t va_ = (ux)(R1 + IMM);                                                   \
    /* (none in the models loop, whose tlb_load is tlb_never) */                     \
    const struct tlb_entry *e_ = EXEC_MODEL_HITS ? NULL : &h->tlb_load[(va_ >> PAGE_SHIFT) & (TLB_SIZE - 1)]; \
    T v_;                                                                            \
    if (EXEC_MODEL_HITS && hart_load_hit(h, va_, sizeof(T), &v_, PROF_ON, EXEC_MODEL_HITS)) { \
      /* the model's TLB first: tlb_load is then tlb_never */                        \
    } else if (!EXEC_MODEL_HITS && likely(e_->vpage == (va_ & TLB_HIT_MASK(sizeof(T))))) { \
      memcpy(&v_, (const void *)(uintptr_t)(va_ + e_->addend), sizeof v_);          \
    } else if (EXEC_TIMED && !EXEC_MODEL_HITS && !EXEC_NO_MODELS &&                  \
               PROF_CALL(hart_load_hit(h, va_, sizeof(T), &v_, PROF_ON, false))) {   \
      /* a data-cache hit known to the model (hart.data_hits) */                     \
    } else {                                                                         \
      uint64_t w_;                                                                   \
      h->cur_block = blk, h->cur_insn = in; /* device time (hart_now) */            \
      PROF_SNAP();                                                                   \
      int r_ = hart_load_slow(h, va_, sizeof(T), &w_);                               \
      h->cur_block = NULL;                                                           \
      PROF_DYN(INSN_PC);                                                             \
      if (unlikely(r_ > 0)) {                                                        \
        fault_cause = r_;                                                            \
        fault_addr = va_;                                                            \
        goto fault;                                                                  \
      }                                                                              \
      v_ = (T)w_;                                                                    \
    }                                                                                \
    USE;                                                                             \
  } while (0)
#define LOAD_INTO(T, USE) \
  do {                    \
    LOAD_DO(T, USE);      \
    NEXT;                 \
  } while (0)
#define LOAD(T, CONV) LOAD_INTO(T, WR(CONV v_))

/* Stores of VALUE as a T, with the same fast and slow paths (STORE_DO: the first of a fused
 * pair). */
#define STORE_DO(T, VALUE)                                                            \
  do {                                                                                \
    uint64_t va_ = (ux)(R1 + IMM);                                                    \
    const struct tlb_entry *e_ = EXEC_MODEL_HITS ? NULL : &h->tlb_store[(va_ >> PAGE_SHIFT) & (TLB_SIZE - 1)]; \
    T v_ = (T)(VALUE);                                                                \
    if (EXEC_MODEL_HITS && hart_store_hit(h, va_, sizeof(T), &v_, PROF_ON, EXEC_MODEL_HITS)) { \
      /* the model's TLB first: tlb_store is then tlb_never */                        \
    } else if (!EXEC_MODEL_HITS && likely(e_->vpage == (va_ & TLB_HIT_MASK(sizeof(T))))) { \
      memcpy((void *)(uintptr_t)(va_ + e_->addend), &v_, sizeof v_);                 \
    } else if (EXEC_TIMED && !EXEC_MODEL_HITS && !EXEC_NO_MODELS &&                   \
               PROF_CALL(hart_store_hit(h, va_, sizeof(T), &v_, PROF_ON, false))) {   \
      /* a data-cache hit known to the model (hart.data_hits) */                      \
    } else {                                                                          \
      h->cur_block = blk, h->cur_insn = in;                                           \
      PROF_SNAP();                                                                    \
      int r_ = hart_store_slow(h, va_, sizeof(T), v_);                                \
      h->cur_block = NULL;                                                            \
      PROF_DYN(INSN_PC);                                                              \
      if (unlikely(r_ != 0)) {                                                        \
        if (r_ == BUS_BREAK) {                                                        \
          PROF_PREFIX(in - blk->insns + 1);                                           \
          hart_break_after(h, blk, in, BPC);                                          \
          PROF_DYN(INSN_PC);                                                          \
          CHAIN_ENTRY_STATE(false);                                                   \
          goto next_block;                                                            \
        }                                                                             \
        fault_cause = r_;                                                             \
        fault_addr = va_;                                                             \
        goto fault;                                                                   \
      }                                                                               \
    }                                                                                 \
  } while (0)
#define STORE_FROM(T, VALUE) \
  do {                       \
    STORE_DO(T, VALUE);      \
    NEXT;                    \
  } while (0)
#define STORE(T) STORE_FROM(T, R2)

/* Ends the block whose last entry is LAST (its successor's pc already in h->pc): adds what it
 * retired, then enters the next block through its link IDX (isa/block.h) when that is valid
 * and dispatches when nothing is due within the next block. The timed instance adds the
 * link's compiled cost instead of BLOCK_ACCOUNT (the block's counts and the transfer's
 * outcome; then, if the next block is entered whole, its entry correction) and runs the fetch
 * model's hook; a jump for the jump model goes the long way. Otherwise it goes the long way
 * (linked_slow, link_miss: the slow check, block_lookup, stepping, entry hooks). Every
 * terminator has its own copy, ending in its own indirect jump (TAG, a distinct constant,
 * keeps the compiler from merging the copies back into one): the next block's first
 * operation is then predicted per terminator and outcome, not from one shared jump. That made
 * the gzip-initramfs boot 0.337 s -> 0.317 s and intmix 2.63 s -> 2.49 s. A horizon is at
 * least 1, so horizon <= budget also means budget > 0 (no slow check due). */
/* The plain loop's accounting of a block run to its end: a block that raises an active event
 * is counted later, events, instructions and cycles (block.pending, block_settle_costs),
 * except for the profiler; others add their instructions and cycles (rvpmu run: all).
 * PLAIN_ACCOUNT_LINKED: the same when leaving through a valid link, whose key holds the
 * active events that block.defer was set for (block_link_set). */
#ifdef PROF
#define PLAIN_ACCOUNT() BLOCK_ACCOUNT(&h->hpm, blk)
#else
#define PLAIN_ACCOUNT() PLAIN_ACCOUNT_IF(blk->ev_mask & h->hpm.active_mask)
#define PLAIN_ACCOUNT_LINKED() PLAIN_ACCOUNT_IF(blk->defer)
#define PLAIN_ACCOUNT_IF(raises)                                                           \
  do {                                                                                     \
    if (raises) { /* with its instructions and cycles */                                   \
      if (unlikely(PENDING_FIRST(blk->pending))) {                                         \
        if (unlikely(h->num_pending_blocks == PENDING_COSTS)) block_settle_costs(h);       \
        h->pending_blocks[h->num_pending_blocks++] = blk;                                  \
      }                                                                                    \
    } else {                                                                               \
      h->hpm.acc[EV_INSNS] += blk->retire_insns;                                           \
      h->hpm.acc[EV_CYCLES] += blk->retire_cycles;                                         \
    }                                                                                      \
  } while (0)
#endif

/* The 8 bytes before `field` of *p, a 32-bit follow_key then the low half of a pc (RV32):
 * pc << 32 | follow_key, one compare for both (STATIC_LINK_HOLDS, PLAIN_STATIC_HOLDS). */
#define LINK_WORD(p, type, field) \
  ({                              \
    uint64_t w_;                  \
    _Static_assert(offsetof(type, field) == offsetof(type, follow_key) + 4, "one word"); \
    memcpy(&w_, (const char *)(p) + offsetof(type, field) - 4, 8); \
    w_;                           \
  })
/* The chained path of a static link that holds: h->pc = link->vpc. On RV32 as the 8 bytes of
 * LINK_WORD, those just compared (the pc then from's) with the pc changed (link.pc_delta),
 * so that the next block's LINK_WORD is forwarded from this one store. (Reread rather than
 * kept from the compare, in case the terminator's outcome changed the key: GCC reuses the
 * compare's value where nothing in between may have.) The same count on the timed loop
 * (a xor for the load of vpc: ibex-small callchase32 17.32 -> 17.32, mbv-5 28.14 -> 28.02),
 * one more on the plain one, which still loads vpc for bpc (generic 18.68 -> 19.04): the
 * price of a compare that never waits for a store to be written (callgrind does not see
 * that wait; an 8-byte store of hart.pc then the 8-byte load 4 bytes before it is not
 * forwarded on x86). */
#if XLEN == 32
#define STATIC_LINK_NEXT_PC(link)                                                     \
  do {                                                                              \
    uint64_t n_ = LINK_WORD(h, struct hart, pc) ^ (link)->pc_delta;                 \
    memcpy((char *)h + offsetof(struct hart, pc) - 4, &n_, 8);                      \
  } while (0)
#else
#define STATIC_LINK_NEXT_PC(link) (h->pc = (link)->vpc)
#endif
#if EXEC_TIMED && defined(PROF)
/* The profiling instance of the timed loop adds a link's cost in its two parts, the block's
 * counts with its outcome, then the next block's entry, each charged from the link's profile
 * record (prof_link_of: computed once per link and context), or failing that bracketed for
 * the profiler (prof/prof.h); without a valid link, each comes separately the long way. A
 * profiled link to a block entered whole with nothing else due is followed as in the timed
 * loop: the budget at once, the counts deferred (link_cost.pending, settled before every
 * snapshot: PROF_SNAP), the profile's charges too (prof_link_outcome, prof_link_enter). */
#define CHAIN_TO(LAST, IDX, TAG)                                                              \
  do {                                                                                     \
    link = BLOCK_LINK(LAST) + (IDX), link_idx = (IDX);                                     \
    h->last_block = blk;                                                                   \
    PROF_TRANSFER_FROM(LAST);                                                              \
    struct link_cost *c_ = BLOCK_LINK_COST(LAST, IDX);                                     \
    if (likely(link->vpc == h->pc && c_->key == h->link_key)) {                            \
      prof_link = prof_link_of(h, c_, link->block, blk, bpc);                              \
      if (likely(prof_link) && likely(!(transferred | h->model_fetch)) &&                  \
          c_->need <= h->budget) { /* entered whole: deferred as in the timed loop */      \
        prof_link_outcome(prof_link);                                                      \
        h->budget -= c_->cycles_all;                                                       \
        if (unlikely(PENDING_FIRST(c_->pending))) {                                        \
          h->pending_costs[h->num_pending_costs++] = c_;                                    \
          if (unlikely(h->num_pending_costs == PENDING_COSTS)) block_settle_costs(h);       \
        }                                                                                  \
        if ((LAST)->cls & CLS_JUMP) prof_jump(h, (LAST), bpc);                             \
        bpc = h->pc;                                                                       \
        blk = link->block;                                                                 \
        prof_link_enter(h, prof_link, bpc);                                                \
        prof_link = NULL;                                                                  \
        in = blk->insns;                                                                   \
        __asm__ volatile("" ::"i"(TAG));                                                   \
        DISPATCH;                                                                          \
      }                                                                                    \
      if (likely(prof_link)) prof_link_outcome(prof_link); /* precomputed charges */       \
      else prof_block_linked(h, blk, bpc); /* the snapshot ahead by the block's counts */  \
      LINK_COST_ADD(&h->hpm, c_, 0, c_->n_outcome);                                        \
      h->hpm.acc[EV_INSNS] += c_->insns;                                                   \
      h->hpm.acc[EV_CYCLES] += (uint64_t)(int64_t)c_->cycles_outcome;                      \
      h->budget -= c_->cycles_outcome;                                                     \
      if (unlikely(!prof_link)) PROF_DYN_TERM();                                           \
      if ((LAST)->cls & CLS_JUMP) prof_jump(h, (LAST), bpc);                               \
      bpc = h->pc;                                                                         \
      blk = link->block;                                                                   \
      entry_cost = c_;                                                                     \
      goto linked_slow;                                                                    \
    }                                                                                      \
    BLOCK_ACCOUNT(&h->hpm, blk);                                                           \
    h->budget -= blk->retire_cycles;                                                       \
    PROF_SNAP();                                                                           \
    unaligned = hart_link_outcome(h, link_idx);                                            \
    PROF_DYN_TERM();                                                                       \
    PROF_BLOCK_END();                                                                      \
    bpc = h->pc;                                                                           \
    goto link_miss;                                                                        \
  } while (0)
#elif EXEC_TIMED
/* A valid link's cost c_ that the chained path may follow (its follow_key; the next pc in
 * h->pc): entered whole or the long way. */
#define CHAIN_FOLLOW(LAST, IDX, TAG)                                                      \
  do {                                                                                     \
    blk = link->block;                                                                     \
    if (likely(c_->need <= h->budget &&                                                    \
               (!transferred || hart_jump_linked(h, c_, h->pc)))) {                        \
      transferred = false; /* a jump the BTC predicted: counted (hart/model_hits.h) */     \
      h->budget -= c_->cycles_all;                                                         \
      /* (MicroBlaze V's fetch: the link holds it in this generation, its follow_key, and \
       * where sequential fetch continues follows from last_block: hart_fetch_next) */      \
      /* The rest, block_settle_costs adds (settling a full list last, so that c_ is not   \
       * live across a call: it kept a register from bpc, which went to the stack). */      \
      if (unlikely(PENDING_FIRST(c_->pending))) {                                           \
        h->pending_costs[h->num_pending_costs++] = LINK_COST_AGAIN(LAST, IDX);               \
        if (unlikely(h->num_pending_costs == PENDING_COSTS)) block_settle_costs(h);         \
      }                                                                                    \
      in = blk->insns;                                                                     \
      __asm__ volatile("" ::"i"(TAG));                                                     \
      DISPATCH;                                                                            \
    }                                                                                      \
    CHAIN_LINKED_SLOW(LAST, IDX);                                                          \
  } while (0)
/* c_ found again on the rare paths, from the terminator (still `in`), out of the compiler's
 * sight: with c_ itself there, GCC computed its address (lea) on the chained path ahead of
 * the link's check, for them. Ibex-small callchase32 17.69 -> 17.32 host instructions per
 * guest instruction, mbv-5 28.27 -> 28.14 (cg.sh). */
#define LINK_COST_AGAIN(LAST, IDX)                           \
  ({                                                         \
    const struct insn *l_ = (LAST);                          \
    __asm__("" : "+r"(l_));                                  \
    BLOCK_LINK_COST(l_, IDX);                                \
  })
/* A valid link to a block that cannot simply be entered (blk): its outcome added now, its
 * entry by enter_block (the next pc in h->pc). */
#define CHAIN_LINKED_SLOW(LAST, IDX)                                                       \
  do {                                                                                     \
    struct link_cost *cs_ = LINK_COST_AGAIN(LAST, IDX);                                    \
    LINK_COST_ADD(&h->hpm, cs_, 0, cs_->n_outcome);                                        \
    h->hpm.acc[EV_INSNS] += cs_->insns;                                                    \
    h->hpm.acc[EV_CYCLES] += (uint64_t)(int64_t)cs_->cycles_outcome;                       \
    h->budget -= cs_->cycles_outcome;                                                      \
    entry_cost = cs_;                                                                      \
    bpc = h->pc; /* the long ways' (BPC) */                                                \
    goto linked_slow;                                                                      \
  } while (0)
/* A valid link (its key) whose follow_key is not the hart's: with a fetch model, its fold not
 * yet found right in this generation (hart/model_hits.h). The long way with its cost, which
 * fetches the block and revalidates the fold (hart_fetch_linked), without a generation
 * compare on the chained path. (h->pc: the next pc, last_block set.) */
#define CHAIN_UNFOLDED(LAST, IDX)                                                          \
  do {                                                                                     \
    if (MODEL_FETCH && link->vpc == h->pc && LINK_COST_AGAIN(LAST, IDX)->key == h->link_key) { \
      blk = link->block;                                                                   \
      CHAIN_LINKED_SLOW(LAST, IDX);                                                        \
    }                                                                                      \
  } while (0)
/* No valid link: the long way (the next pc in h->pc). */
#define CHAIN_MISS()                                                                       \
  do {                                                                                     \
    BLOCK_ACCOUNT(&h->hpm, blk);                                                           \
    h->budget -= blk->retire_cycles;                                                       \
    bpc = h->pc;                                                                           \
    goto link_miss;                                                                        \
  } while (0)
#define CHAIN_TO(LAST, IDX, TAG)                                                           \
  do {                                                                                     \
    link = BLOCK_LINK(LAST) + (IDX), link_idx = (IDX);                                     \
    h->last_block = blk;                                                                   \
    struct link_cost *c_ = BLOCK_LINK_COST(LAST, IDX);                                     \
    if (likely(link->vpc == h->pc && c_->follow_key == h->follow_key)) /* tag, events, fetch */ \
      CHAIN_FOLLOW(LAST, IDX, TAG);                                                        \
    CHAIN_UNFOLDED(LAST, IDX);                                                             \
    CHAIN_MISS();                                                                          \
  } while (0)
/* Does the static link `link` with cost c_ hold: does it leave this block's pc (h->pc), and
 * may it be followed whole (c_->follow_key)? On RV32 one 8-byte compare for both: the pc
 * (below 2^32) just after hart.follow_key, the link's from just after its cost's follow_key
 * (hart_follow_key_set gives follow_long a 32-bit name for it). Two loads, two compares and
 * two jumps before: ibex-small callchase32 18.75 -> 17.69 host instructions per guest
 * instruction, mbv-5 29.35 -> 28.27 (cg.sh; docs/performance.md, session 7). */
#if XLEN == 32
#define STATIC_LINK_HOLDS(link, c_) \
  (LINK_WORD(c_, struct link_cost, from) == LINK_WORD(h, struct hart, pc))
#else
#define STATIC_LINK_HOLDS(link, c_) ((link)->from == h->pc && (c_)->follow_key == h->follow_key)
#endif
/* The same for a terminator whose target its pc decides (struct block_link.from): the link is
 * checked with the block's pc (h->pc), and only the long way computes the target and checks its
 * alignment. OUTCOME is what the terminator does besides, once it is known to retire, and
 * OUTCOME_LINKED what it does on a valid link (which never leads to where more is needed:
 * BRANCH_OUTCOME). */
#define CHAIN_STATIC_TO(LAST, IDX, TAG, TARGET, CHECK_ALIGN, OUTCOME_LINKED, OUTCOME)      \
  do {                                                                                     \
    link = BLOCK_LINK(LAST) + (IDX), link_idx = (IDX);                                     \
    struct link_cost *c_ = BLOCK_LINK_COST(LAST, IDX);                                     \
    if (likely(STATIC_LINK_HOLDS(link, c_))) {                                             \
      OUTCOME_LINKED;                                                                      \
      STATIC_LINK_NEXT_PC(link);                                                           \
      h->last_block = blk;                                                                 \
      CHAIN_FOLLOW(LAST, IDX, TAG);                                                        \
    }                                                                                      \
    CHAIN_STATIC_MISS(TARGET, CHECK_ALIGN, OUTCOME);                                       \
    h->last_block = blk;                                                                   \
    CHAIN_UNFOLDED(LAST, IDX);                                                             \
    CHAIN_MISS();                                                                          \
  } while (0)
#else
#define CHAIN_TO(LAST, IDX, TAG)                                                              \
  do {                                                                                     \
    link = BLOCK_LINK(LAST) + (IDX), link_idx = (IDX);                                     \
    h->last_block = blk;                                                                   \
    PROF_TRANSFER_FROM(LAST);                                                              \
    PLAIN_ACCOUNT();                                                                       \
    PROF_BLOCK_END();                                                                      \
    h->budget -= blk->retire_cycles;                                                       \
    bpc = h->pc;                                                                           \
    if (likely(link->vpc == bpc && link->tag == h->link_key)) PLAIN_FOLLOW(TAG);           \
    goto link_miss;                                                                        \
  } while (0)
/* A valid link (the next pc in bpc and h->pc). */
#define PLAIN_FOLLOW(TAG)                                                                  \
  do {                                                                                     \
    blk = link->block;                                                                     \
    if (likely(link->horizon <= h->budget && !(transferred | MODEL_FETCH))) {              \
      in = blk->insns;                                                                     \
      __asm__ volatile("" ::"i"(TAG));                                                     \
      DISPATCH;                                                                            \
    }                                                                                      \
    goto linked_slow;                                                                      \
  } while (0)
#ifndef PROF /* (see the timed loop's) */
/* On RV32 the link's from holds the pc and the short follow key it was made with, compared with
 * the 8 bytes at hart.follow_key (pc << 32 | follow_key: LINK_WORD) in one compare, the pc's
 * and the link key's before: generic callchase32 19.39 -> 18.68 host instructions per guest
 * instruction (cg.sh), 19.04 with the pc written as that word (STATIC_LINK_NEXT_PC). (follow_key, link_key with the I-cache
 * generation, holds link_key: a link followed with it is one followed with link_key; with a
 * fetch model the plain loop enters no block whole.) */
#if XLEN == 32
#define PLAIN_STATIC_HOLDS(link) ((link)->from == LINK_WORD(h, struct hart, pc))
#else
#define PLAIN_STATIC_HOLDS(link) ((link)->from == bpc && (link)->tag == h->link_key)
#endif
#define CHAIN_STATIC_TO(LAST, IDX, TAG, TARGET, CHECK_ALIGN, OUTCOME_LINKED, OUTCOME)      \
  do {                                                                                     \
    link = BLOCK_LINK(LAST) + (IDX), link_idx = (IDX);                                     \
    if (likely(PLAIN_STATIC_HOLDS(link))) {                                                \
      STATIC_LINK_NEXT_PC(link); /* (first, with the compare's value: BPC is bpc) */      \
      OUTCOME_LINKED;                                                                      \
      h->last_block = blk;                                                                 \
      PLAIN_ACCOUNT_LINKED();                                                              \
      h->budget -= blk->retire_cycles;                                                     \
      bpc = link->vpc;                                                                     \
      PLAIN_FOLLOW(TAG);                                                                   \
    }                                                                                      \
    CHAIN_STATIC_MISS(TARGET, CHECK_ALIGN, OUTCOME);                                       \
    h->last_block = blk;                                                                   \
    PLAIN_ACCOUNT();                                                                       \
    h->budget -= blk->retire_cycles;                                                       \
    bpc = h->pc;                                                                           \
    goto link_miss;                                                                        \
  } while (0)
#endif
#endif

/* The profiling loops check every link by its target (their hooks want it first); the others
 * check a static one by the block's pc (CHAIN_STATIC_TO). */
#ifdef PROF
#define EXEC_STATIC_LINKS 0
#else
#define EXEC_STATIC_LINKS 1
#endif
/* A static terminator's long way: its target computed, checked, and made the next pc. */
#define CHAIN_STATIC_MISS(TARGET, CHECK_ALIGN, OUTCOME)                                    \
  do {                                                                                     \
    uint64_t t_ = (TARGET);                                                                \
    if ((CHECK_ALIGN) && unlikely(t_ & h->ialign_mask)) goto misaligned_target;            \
    OUTCOME;                                                                               \
    h->pc = t_;                                                                            \
  } while (0)

/* What CHAIN_TO's long ways read (enter_block) is set on every path into them, here and
 * where a handler leaves for next_block, so that none of it is live across DISPATCH: kept
 * live (always false there), GCC gave it a register that every handler zeroed again before
 * its dispatch, one host instruction per guest instruction. `transferred` persists through
 * the slow check (linked_slow or link_miss with the budget spent, then next_block), as the
 * jump model expects; a jump sets it (CHAIN_JUMP), other terminators clear it. */
#define CHAIN_ENTRY_STATE(JUMPED) (transferred = (JUMPED), unaligned = false, entry_cost = NULL)
#define CHAIN(LAST, IDX, TAG)           \
  do {                                  \
    CHAIN_ENTRY_STATE(false);           \
    CHAIN_TO(LAST, IDX, TAG);           \
  } while (0)
#define CHAIN_JUMP(LAST, IDX, TAG)            \
  do {                                        \
    CHAIN_ENTRY_STATE(TIMED_TARGETS);         \
    CHAIN_TO(LAST, IDX, TAG);                 \
  } while (0)
/* A static terminator (see CHAIN_STATIC_TO), or in the profiling loops its target first. */
#if EXEC_STATIC_LINKS
#define CHAIN_STATIC(JUMPED, LAST, IDX, TAG, TARGET, CHECK_ALIGN, OUTCOME_LINKED, OUTCOME) \
  do {                                                                                 \
    CHAIN_ENTRY_STATE(JUMPED);                                                         \
    CHAIN_STATIC_TO(LAST, IDX, TAG, TARGET, CHECK_ALIGN, OUTCOME_LINKED, OUTCOME);     \
  } while (0)
#else
#define CHAIN_STATIC(JUMPED, LAST, IDX, TAG, TARGET, CHECK_ALIGN, OUTCOME_LINKED, OUTCOME) \
  do {                                                                         \
    CHAIN_ENTRY_STATE(JUMPED);                                                 \
    CHAIN_STATIC_MISS(TARGET, CHECK_ALIGN, OUTCOME);                           \
    CHAIN_TO(LAST, IDX, TAG);                                                  \
  } while (0)
#endif

/* The deferred counts (link costs and block events, block_settle_costs) added before what
 * may read the accumulators (the slow check, system instructions, faults) or leave the loop;
 * the other ways (flushes, recompiled or reused links, traps from a fetch) settle them where
 * they happen. The profiling loops defer only links followed whole (timed). */
#ifndef PROF
#define SETTLE_COSTS()                                                        \
  do {                                                                        \
    if (h->num_pending_costs | h->num_pending_blocks | model_lazy_pending(h)) block_settle_costs(h); \
  } while (0)
#else /* the timed profiling loop's deferred links (CHAIN_TO) */
#define SETTLE_COSTS()                                                      \
  do {                                                                      \
    if (EXEC_TIMED && h->num_pending_costs) block_settle_costs(h);         \
  } while (0)
#endif

/* A jump whose target the loop will not enter (hart_run returns, or an interrupt or the
 * target's fetch fault took the hart elsewhere): the jump model sees it now, with the target
 * the jump computed (bpc), instead of never or with the trap vector. (Run before the slow
 * check in every case, it would move the jump's cycles before it, and with them where the
 * loop steps, which changes MicroBlaze V's 8-stage operand stalls by a few.) */
#define JUMP_NOT_ENTERED()                             \
  do {                                                 \
    if (transferred) {                                 \
      PROF_SNAP();                                     \
      hart_transfer_target(h, NULL, bpc, false, true); \
      transferred = false;                             \
      PROF_DYN_TRANSFER();                             \
    }                                                  \
  } while (0)

/* Conditional branches: the generic core counts the outcome with one add; timed profiles
 * have the outcome's cycles and events in the link followed (taken: link 0, not taken: link
 * 1), and only a branch model (h->timed_branches: MicroBlaze V's BTC, the generic core's
 * on-demand one) needs a call. */
/* BRANCH_LINKED: the model or the generic core's count; BRANCH_OUTCOME: also, in the timed
 * loops, the outcome for the CSR-write collision check (hart_exec_system), which needs it only
 * after a branch to a CSR instruction's block, to which no link leads (block_link_set). */
#define BRANCH_MODEL(taken, ev, prof_outcome, MODEL) \
  do {                                            \
    if (TIMED_BRANCHES) {                         \
      PROF_SNAP();                                \
      MODEL;                                      \
      PROF_DYN_TERM();                            \
    } else if (!EXEC_TIMED) {                     \
      h->hpm.acc[ev]++;                           \
      PROF_OUTCOME(prof_outcome);                 \
    }                                             \
  } while (0)
/* (On a valid link the timed loop finds the BTC entry through its cost c_: hart_branch_linked.) */
#if EXEC_TIMED && !defined(PROF)
#define BRANCH_LINKED(taken, ev, prof_outcome) \
  BRANCH_MODEL(taken, ev, prof_outcome, hart_branch_linked(h, c_, blk, in, taken, EXEC_MODEL_HITS))
#else
#define BRANCH_LINKED(taken, ev, prof_outcome) \
  BRANCH_MODEL(taken, ev, prof_outcome, hart_branch_outcome(h, blk, in, taken, EXEC_MODEL_HITS))
#endif
#define BRANCH_OUTCOME(taken, ev, prof_outcome)                                                   \
  do {                                                                                            \
    BRANCH_MODEL(taken, ev, prof_outcome, hart_branch_outcome(h, blk, in, taken, EXEC_MODEL_HITS)); \
    if (EXEC_TIMED) h->last_branch_taken = (ev) == EV_BR_TAKEN;                                   \
  } while (0)
#define BRANCH(cond)                                                                    \
  do {                                                                                  \
    if (cond)                                                                           \
      CHAIN_STATIC(false, in, 0, __LINE__ * 2, (ux)(INSN_PC + IMM), true,               \
                   BRANCH_LINKED(true, EV_BR_TAKEN, 1),                                 \
                   BRANCH_OUTCOME(true, EV_BR_TAKEN, 1));                               \
    else                                                                                \
      CHAIN_STATIC(false, in, 1, __LINE__ * 2 + 1, NEXT_PC, false,                      \
                   BRANCH_LINKED(false, EV_BR_NOT_TAKEN, 2),                            \
                   BRANCH_OUTCOME(false, EV_BR_NOT_TAKEN, 2));                          \
  } while (0)

/* Operand-dependent multiply/divide latency (timed profiles only). */
#define MUL_TIMING()                   \
  if (unlikely(h->timed_mul)) {         \
    PROF_SNAP();                        \
    hart_muldiv_timing(h, in, R1, R2);  \
    PROF_DYN(INSN_PC);                  \
  }
#define DIV_TIMING()                   \
  if (unlikely(h->timed_div)) {         \
    PROF_SNAP();                        \
    hart_muldiv_timing(h, in, R1, R2);  \
    PROF_DYN(INSN_PC);                  \
  }

/* What the operations that fused pairs combine (isa/fused.def) do, shared by their own
 * handlers and the pairs' (EXEC_<op>: without going on to the next instruction). */
#define COND_BEQ(a, b) ((a) == (b))
#define COND_BNE(a, b) ((a) != (b))
#define COND_BLT(a, b) ((sx)(a) < (sx)(b))
#define COND_BGE(a, b) ((sx)(a) >= (sx)(b))
#define COND_BLTU(a, b) ((a) < (b))
#define COND_BGEU(a, b) ((a) >= (b))
#define EXEC_BEQ BRANCH(COND_BEQ(R1, R2))
#define EXEC_BNE BRANCH(COND_BNE(R1, R2))
#define EXEC_BLT BRANCH(COND_BLT(R1, R2))
#define EXEC_BGE BRANCH(COND_BGE(R1, R2))
#define EXEC_BLTU BRANCH(COND_BLTU(R1, R2))
#define EXEC_BGEU BRANCH(COND_BGEU(R1, R2))
#define EXEC_LW LOAD_DO(int32_t, WR((sx)v_))
#define EXEC_LD LOAD_DO(uint64_t, WR((ux)v_))
/* The same, keeping the value written in V too (a pair whose second instruction reads it). */
#define EXEC_LW_INTO(V) LOAD_DO(int32_t, WR(V = (ux)(sx)v_))
#define EXEC_LD_INTO(V) LOAD_DO(uint64_t, WR(V = (ux)v_))
#define EXEC_ADDI_INTO(V) WR(V = (ux)(R1 + IMM))
#define EXEC_LBU LOAD_DO(uint8_t, WR((ux)v_))
#define EXEC_SW STORE_DO(uint32_t, R2)
#define EXEC_SD STORE_DO(uint64_t, R2)
#define EXEC_ADDI WR(R1 + IMM)
#define EXEC_SLTI WR((sx)R1 < (sx)IMM)
#define EXEC_SLTIU WR(R1 < IMM)
#define EXEC_ANDI WR(R1 & IMM)
#define EXEC_SLLI WR(R1 << in->imm)
#define EXEC_SRLI WR(R1 >> in->imm)
#define EXEC_ADD WR(R1 + R2)
#define EXEC_SUB WR(R1 - R2)
#define EXEC_SLT WR((sx)R1 < (sx)R2)
#define EXEC_SLTU WR(R1 < R2)
#define EXEC_XOR WR(R1 ^ R2)
#define EXEC_AND WR(R1 & R2)
#define EXEC_ADDIW WR((int64_t)(int32_t)(uint32_t)(R1 + IMM))
#define EXEC_SRLIW WR((int64_t)(int32_t)((uint32_t)R1 >> in->imm))
#define EXEC_ADDW WR((int64_t)(int32_t)(uint32_t)(R1 + R2))
#define EXEC_SUBW WR((int64_t)(int32_t)(uint32_t)(R1 - R2))
#define EXEC_MUL do { MUL_TIMING(); WR(R1 * R2); } while (0)
#define EXEC_MULW do { MUL_TIMING(); WR((int64_t)(int32_t)((uint32_t)R1 * (uint32_t)R2)); } while (0)

/* Cache-line aligned, so that the size of unrelated code linked before it cannot move its hot
 * paths within cache lines: a 16-byte shift alone made intmix 8% slower (3.00 s -> 3.25 s). */
__attribute__((aligned(64))) void EXEC_FUNC(struct hart *h) {
  static const void *const labels[DISP_COUNT] = {
#define OPS_OWN_DISPATCH_ONLY
#define OP(name, cls) [OP_##name] = &&L_##name,
#include "isa/ops.def"
#undef OP
#undef OPS_OWN_DISPATCH_ONLY
#define FUSE(first, second) [FUSED_##first##_##second] = &&F_##first##_##second,
#define FUSE_ON(first, second) [FUSED_##first##_##second##_ON] = &&F_##first##_##second##_ON,
#include "isa/fused.def"
#undef FUSE
#undef FUSE_ON
      [DISP_JIT] = &&L_JIT,
  };
  uint64_t *const x = h->x;
  struct block *blk;
  const struct insn *in;
  uint64_t bpc = h->pc; /* (JUMP_NOT_ENTERED reads it before next_block sets it) */
#if EXEC_TIMED && !defined(PROF)
  /* Within a block its pc is h->pc itself, which holds it from the block's entry until its
   * terminator sets the next one: the handlers and the chained path use that (BPC), and bpc
   * is set only on the long ways, where the loop needs the pc it was about to enter. With
   * the fused handlers' register pressure, bpc kept up to date in every block went to the
   * stack: a store at every chained block end and a load in every branch handler. */
#define BPC (h->pc)
#else
#define BPC bpc
#endif
  int fault_cause;
  uint64_t fault_addr;
  bool transferred = false; /* the last block ended in a jump (timed_targets only: the jump
                             * model sees JAL and JALR; branches go to the branch model) */
  bool unaligned = h->resume_unaligned; /* ... one that came without a link cost: check its
                                         * target (hart.resume_unaligned: LOOP_RETURN) */
  struct block_link *link;  /* where CHAIN looked for the next block (link_miss records it) */
  unsigned link_idx;        /* which link of the block left that is */
  /* The entry part of the link cost (timed loop) when the next block came through a valid link
   * but could not simply be entered: enter_block adds it instead of hart_block_entry's
   * correction, unless the slow check ran in between (next_block forgets it). */
  const struct link_cost *entry_cost = NULL;
#if EXEC_TIMED && defined(PROF)
  struct prof_link *prof_link = NULL; /* its profile record, when CHAIN found one */
#endif
  PROF_LOCALS
  h->resume_unaligned = false;
  /* Leaves the loop for hart_run, keeping what the next block's entry still has to check. */
#define LOOP_RETURN()                   \
  do {                                  \
    h->resume_unaligned = unaligned;    \
    return;                             \
  } while (0)

next_block:
  SETTLE_COSTS();
  hart_set_fetch_tag(h); /* the link key: a CSR write may change the active events */
  if (EXEC_NO_MODELS && unlikely(hart_models_hot(h))) LOOP_RETURN(); /* a model started: hart_run */
  entry_cost = NULL;
#if EXEC_TIMED && defined(PROF)
  prof_link = NULL;
#endif
  if (unlikely(h->budget <= 0) && PROF_SLOW_CHECK()) {
    JUMP_NOT_ENTERED();
    LOOP_RETURN();
  }
  if (unlikely(transferred) && h->pc != bpc) JUMP_NOT_ENTERED(); /* an interrupt, a fetch fault */
  bpc = h->pc;
  PROF_SNAP(); /* a fetch fault's trap */
  blk = block_lookup(h, bpc);
  if (unlikely(!blk)) goto next_block; /* fetch fault taken: pc is the trap vector */
enter_block:
#if EXEC_TIMED && defined(PROF)
  /* The next block of a profiled link, entered whole with nothing else due: its entry part
   * is charged from the link's record, without a snapshot. */
  if (prof_link && entry_cost && likely(!(transferred | unaligned | h->model_fetch) &&
                                        (int64_t)blk->horizon_cycles <= h->budget)) {
    LINK_COST_ADD(&h->hpm, entry_cost, entry_cost->n_outcome, entry_cost->n);
    h->hpm.acc[EV_CYCLES] += (uint64_t)(int64_t)entry_cost->cycles_entry;
    h->budget -= entry_cost->cycles_entry;
    prof_link_enter(h, prof_link, bpc);
    entry_cost = NULL;
    prof_link = NULL;
    in = blk->insns;
    DISPATCH;
  }
  prof_link = NULL;
#endif
  PROF_SNAP();
  if (unlikely(transferred | unaligned)) {
    hart_transfer_target(h, blk, bpc, unaligned, transferred);
    transferred = unaligned = false;
    PROF_DYN_TRANSFER();
  }
  /* Something is due before the block's end (budget < its cycles): step one instruction. */
  if (unlikely((int64_t)blk->horizon_cycles > h->budget)) {
    blk = block_first_insn(h, blk);
    if (unlikely(!blk)) goto next_block; /* the fetch model took an interrupt before it */
  } else if (EXEC_TIMED && entry_cost) {
    if (MODEL_FETCH) hart_fetch_linked(h, entry_cost, blk);
    LINK_COST_ADD(&h->hpm, entry_cost, entry_cost->n_outcome, entry_cost->n);
    h->hpm.acc[EV_CYCLES] += (uint64_t)(int64_t)entry_cost->cycles_entry;
    h->budget -= entry_cost->cycles_entry;
  } else if (unlikely(h->timed_context)) {
    hart_block_entry(h, blk);
  }
  entry_cost = NULL;
  PROF_DYN_ENTRY();
  in = blk->insns;
  DISPATCH;

/* The long ways of CHAIN: a valid link to a block that cannot simply be entered (its outcome
 * added, the entry correction left to hart_block_entry), and a link that does not hold the
 * next block: the outcome is added now, the target's alignment checked once the next block
 * is known. block_lookup's answer is kept in the link, its cost compiled, unless the lookup
 * changed the epoch (a full arena flushed every block, the one `link` is in included). */
linked_slow:
  if (unlikely(h->budget <= 0)) goto next_block;
  goto enter_block;
link_miss:
  if (EXEC_TIMED && !PROF_ON) unaligned = hart_link_outcome(h, link_idx); /* PROF: in CHAIN */
  if (unlikely(h->budget <= 0)) goto next_block;
  {
    uint64_t tag_ = h->fetch_tag;
    PROF_SNAP();
    blk = block_lookup(h, bpc);
    if (unlikely(!blk)) goto next_block;
    if (likely(h->fetch_tag == tag_)) block_link_set(h, link_idx, blk, bpc);
  }
  goto enter_block;

fault:
  CHAIN_ENTRY_STATE(false);
  SETTLE_COSTS();
  PROF_PREFIX(in - blk->insns);
  hart_fault_in_block(h, blk, in, BPC, fault_cause, fault_addr);
  goto next_block;

misaligned_target:
  /* Only without C: targets must be 4-byte aligned; the jump or branch does not retire. */
  CHAIN_ENTRY_STATE(false);
  SETTLE_COSTS();
  PROF_PREFIX(in - blk->insns);
  hart_fault_in_block(h, blk, in, BPC, EXC_INSN_MISALIGNED,
                      in->op == OP_JALR ? ((R1 + IMM) & ~(ux)1) : (ux)(INSN_PC + IMM));
  goto next_block;

/* A translated block (isa/jit.h): in the models loop its code for the D-cache's current way
 * (jit_way), which leaves where the interpreter goes on; elsewhere its first instruction's
 * own handler. */
L_JIT:
#if EXEC_MODEL_HITS && !defined(PROF)
  {
    struct jit_exit r_ = h->jit_enter(h, x, block_jit_of(blk)->code);
    blk = r_.blk, in = r_.in;
    goto *labels[h->jit_disp];
  }
#else
  goto *labels[block_jit_of(blk)->disp0];
#endif
L_LUI: WR(IMM); NEXT;
L_AUIPC: WR(INSN_PC + IMM); NEXT;
L_JAL: CHAIN_STATIC(TIMED_TARGETS, in, 0, 1, (ux)(INSN_PC + IMM), true, WR(NEXT_PC), WR(NEXT_PC));
/* A JALR has two links (a branch's taken and not-taken ones): a return to a caller that
 * changes (recursive walks, a function called from two places) finds both targets. Link 0
 * holds the first target, link 1 the latest of the others. */
L_JALR: {
  uint64_t t = (ux)((R1 + IMM) & ~(ux)1);
  if (unlikely(t & h->ialign_mask)) goto misaligned_target;
  WR(NEXT_PC);
  h->pc = t;
  const struct block_link *l0_ = BLOCK_LINK(in);
  if (l0_->vpc == t || l0_->tag != h->link_key) CHAIN_JUMP(in, 0, 2);
  CHAIN_JUMP(in, 1, 4);
}
L_BEQ: EXEC_BEQ;
L_BNE: EXEC_BNE;
L_BLT: EXEC_BLT;
L_BGE: EXEC_BGE;
L_BLTU: EXEC_BLTU;
L_BGEU: EXEC_BGEU;
L_LB: LOAD(int8_t, (sx));
L_LH: LOAD(int16_t, (sx));
L_LW: EXEC_LW; NEXT;
L_LD: EXEC_LD; NEXT;
L_LBU: EXEC_LBU; NEXT;
L_LHU: LOAD(uint16_t, (ux));
L_LWU: LOAD(uint32_t, (ux));
L_SB: STORE(uint8_t);
L_SH: STORE(uint16_t);
L_SW: EXEC_SW; NEXT;
L_SD: EXEC_SD; NEXT;
L_ADDI: EXEC_ADDI; NEXT;
L_SLTI: EXEC_SLTI; NEXT;
L_SLTIU: EXEC_SLTIU; NEXT;
L_XORI: WR(R1 ^ IMM); NEXT;
L_ORI: WR(R1 | IMM); NEXT;
L_ANDI: EXEC_ANDI; NEXT;
L_SLLI: EXEC_SLLI; NEXT;
L_SRLI: EXEC_SRLI; NEXT;
L_SRAI: WR((sx)R1 >> in->imm); NEXT;
L_ADD: EXEC_ADD; NEXT;
L_SUB: EXEC_SUB; NEXT;
L_SLL: WR(R1 << (R2 & (XLEN - 1))); NEXT;
L_SLT: EXEC_SLT; NEXT;
L_SLTU: EXEC_SLTU; NEXT;
L_XOR: EXEC_XOR; NEXT;
L_SRL: WR(R1 >> (R2 & (XLEN - 1))); NEXT;
L_SRA: WR((sx)R1 >> (R2 & (XLEN - 1))); NEXT;
L_OR: WR(R1 | R2); NEXT;
L_AND: EXEC_AND; NEXT;
/* The W forms only exist on RV64; the decoder never produces them for RV32. */
L_ADDIW: EXEC_ADDIW; NEXT;
L_SLLIW: WR((int64_t)(int32_t)((uint32_t)R1 << in->imm)); NEXT;
L_SRLIW: EXEC_SRLIW; NEXT;
L_SRAIW: WR((int64_t)((int32_t)R1 >> in->imm)); NEXT;
L_ADDW: EXEC_ADDW; NEXT;
L_SUBW: EXEC_SUBW; NEXT;
L_SLLW: WR((int64_t)(int32_t)((uint32_t)R1 << (R2 & 31))); NEXT;
L_SRLW: WR((int64_t)(int32_t)((uint32_t)R1 >> (R2 & 31))); NEXT;
L_SRAW: WR((int64_t)((int32_t)R1 >> (R2 & 31))); NEXT;
L_MUL: EXEC_MUL; NEXT;
L_MULH: MUL_TIMING(); WR((ux)(((sx2)(sx)R1 * (sx2)(sx)R2) >> XLEN)); NEXT;
L_MULHSU: MUL_TIMING(); WR((ux)(((sx2)(sx)R1 * (sx2)(ux2)R2) >> XLEN)); NEXT;
L_MULHU: MUL_TIMING(); WR((ux)(((ux2)R1 * (ux2)R2) >> XLEN)); NEXT;
L_MULW: EXEC_MULW; NEXT;
/* Division by zero and overflow give the results the M extension specifies, no trap. */
L_DIV: {
  DIV_TIMING();
  sx a = (sx)R1, b = (sx)R2;
  WR(b == 0 ? (ux)-1 : (a == (sx)((ux)1 << (XLEN - 1)) && b == -1) ? (ux)a : (ux)(a / b));
  NEXT;
}
L_DIVU: DIV_TIMING(); WR(R2 == 0 ? (ux)-1 : R1 / R2); NEXT;
L_REM: {
  DIV_TIMING();
  sx a = (sx)R1, b = (sx)R2;
  WR(b == 0 ? (ux)a : (a == (sx)((ux)1 << (XLEN - 1)) && b == -1) ? 0 : (ux)(a % b));
  NEXT;
}
L_REMU: DIV_TIMING(); WR(R2 == 0 ? R1 : R1 % R2); NEXT;
L_DIVW: {
  DIV_TIMING();
  int32_t a = (int32_t)R1, b = (int32_t)R2;
  WR((int64_t)(b == 0 ? -1 : (a == INT32_MIN && b == -1) ? a : a / b));
  NEXT;
}
L_DIVUW: {
  DIV_TIMING();
  uint32_t a = (uint32_t)R1, b = (uint32_t)R2;
  WR((int64_t)(int32_t)(b == 0 ? 0xffffffffu : a / b));
  NEXT;
}
L_REMW: {
  DIV_TIMING();
  int32_t a = (int32_t)R1, b = (int32_t)R2;
  WR((int64_t)(b == 0 ? a : (a == INT32_MIN && b == -1) ? 0 : a % b));
  NEXT;
}
L_REMUW: {
  DIV_TIMING();
  uint32_t a = (uint32_t)R1, b = (uint32_t)R2;
  WR((int64_t)(int32_t)(b == 0 ? a : a % b));
  NEXT;
}
L_AMO_W:
L_AMO_D: {
  PROF_SNAP();
  int r = hart_amo(h, in, in->op == OP_AMO_W ? 4 : 8);
  PROF_DYN(INSN_PC);
  if (unlikely(r)) {
    fault_cause = r;
    fault_addr = (ux)R1;
    goto fault;
  }
  NEXT;
}
L_FENCE: NEXT;
L_FENCE_I:
L_ECALL:
L_EBREAK:
L_MRET:
L_SRET:
L_WFI:
L_SFENCE_VMA:
L_CSRRW:
L_CSRRS:
L_CSRRC:
L_CSRRWI:
L_CSRRSI:
L_CSRRCI:
L_ILLEGAL:
  CHAIN_ENTRY_STATE(false);
  SETTLE_COSTS();
  PROF_SYSTEM(hart_exec_system(h, blk, in, INSN_PC));
  goto next_block;
L_END_BLOCK: /* the next pc: after the last instruction (block_end_off) */
  CHAIN_STATIC(false, in, 0, 3, (ux)(INSN_PC + insn_length(in->raw)), false, (void)0, (void)0);
/* Fused pairs (isa/fuse.h): the first instruction, then the second, without a dispatch
 * between them. In the profiling loops the hooks of either (a load's slow path, a fault's
 * prefix, the branch's outcome) see `in` on their own instruction, as without fusion. */
#define FUSE(first, second) \
  F_##first##_##second:     \
  EXEC_##first;             \
  in++;                     \
  EXEC_##second;            \
  NEXT;
#define FUSE_ON(first, second)      \
  F_##first##_##second##_ON : {     \
    ux v1_;                         \
    EXEC_##first##_INTO(v1_);       \
    in++;                           \
    BRANCH(COND_##second(v1_, R2)); \
  }
#include "isa/fused.def"
#undef FUSE
#undef FUSE_ON
/* Handlers of optional extensions come after the base ones, so the base handlers keep their
 * code layout: placed among them, the F/D and Zb* handlers made intmix on the generic core
 * 5-8% slower (same instruction count under cachegrind: indirect-branch aliasing). */
/* F and D. Loads and stores take the TLB fast path like the integer ones; the FS = Off check
 * is one test of mstatus on these paths only. Everything else is one call (hart/fp.c). */
#define FP_LOAD(T, BOX)                                                        \
  do {                                                                         \
    if (unlikely(!(h->mstatus & MSTATUS_FS))) goto fp_illegal;                 \
    LOAD_INTO(T, h->f[RD] = (uint64_t)v_ | (BOX); h->mstatus |= MSTATUS_FS); /* Dirty */ \
  } while (0)

#define FP_STORE(T)                                                            \
  do {                                                                         \
    if (unlikely(!(h->mstatus & MSTATUS_FS))) goto fp_illegal;                 \
    STORE_FROM(T, h->f[in->rs2]);                                              \
  } while (0)

L_FLW: FP_LOAD(uint32_t, 0xffffffff00000000ull); /* NaN-boxed */
L_FLD: FP_LOAD(uint64_t, 0);
L_FSW: FP_STORE(uint32_t);
L_FSD: FP_STORE(uint64_t);
L_FP_EXEC: /* every other F/D operation (ops_fp.def's FP_OP) */
  PROF_SNAP();
  if (unlikely(hart_fp_exec(h, in))) goto fp_illegal;
  PROF_DYN(INSN_PC);
  NEXT;
fp_illegal:
  /* FS = Off, or a dynamic rounding mode that frm does not allow: illegal instruction with the
   * encoding in mtval, the instructions before it in the block retired. */
  fault_cause = EXC_ILLEGAL_INSN;
  fault_addr = in->raw;
  goto fault;
/* Zba, Zbb, Zbc, Zbs (bit-manipulation spec 1.0.0). */
L_SH1ADD: WR((R1 << 1) + R2); NEXT;
L_SH2ADD: WR((R1 << 2) + R2); NEXT;
L_SH3ADD: WR((R1 << 3) + R2); NEXT;
L_ANDN: WR(R1 & ~R2); NEXT;
L_ORN: WR(R1 | ~R2); NEXT;
L_XNOR: WR(~(R1 ^ R2)); NEXT;
L_CLZ: WR(R1 ? (ux)(XLEN == 32 ? __builtin_clz((uint32_t)R1) : __builtin_clzll((uint64_t)R1)) : (ux)XLEN); NEXT;
L_CTZ: WR(R1 ? (ux)__builtin_ctzll((uint64_t)R1) : (ux)XLEN); NEXT;
L_CPOP: WR(__builtin_popcountll((uint64_t)R1)); NEXT;
L_MAX: WR((sx)R1 < (sx)R2 ? R2 : R1); NEXT;
L_MAXU: WR(R1 < R2 ? R2 : R1); NEXT;
L_MIN: WR((sx)R1 < (sx)R2 ? R1 : R2); NEXT;
L_MINU: WR(R1 < R2 ? R1 : R2); NEXT;
L_SEXT_B: WR((sx)(int8_t)R1); NEXT;
L_SEXT_H: WR((sx)(int16_t)R1); NEXT;
L_ZEXT_H: WR((uint16_t)R1); NEXT;
L_ROL: { unsigned s_ = (unsigned)(R2 & (XLEN - 1)); WR((R1 << s_) | (R1 >> ((XLEN - s_) & (XLEN - 1)))); NEXT; }
L_ROR: { unsigned s_ = (unsigned)(R2 & (XLEN - 1)); WR((R1 >> s_) | (R1 << ((XLEN - s_) & (XLEN - 1)))); NEXT; }
L_RORI: { unsigned s_ = (unsigned)in->imm; WR((R1 >> s_) | (R1 << ((XLEN - s_) & (XLEN - 1)))); NEXT; }
L_ORC_B: {
  ux v_ = R1, r_ = 0;
  for (unsigned b_ = 0; b_ < XLEN; b_ += 8)
    if ((v_ >> b_) & 0xff) r_ |= (ux)0xff << b_;
  WR(r_);
  NEXT;
}
L_REV8: WR(XLEN == 32 ? (ux)__builtin_bswap32((uint32_t)R1) : (ux)__builtin_bswap64((uint64_t)R1)); NEXT;
L_CLMUL: {
  ux a_ = R1, b_ = R2, r_ = 0;
  for (unsigned i_ = 0; i_ < XLEN; i_++)
    if ((b_ >> i_) & 1) r_ ^= a_ << i_;
  WR(r_);
  NEXT;
}
L_CLMULH: {
  ux a_ = R1, b_ = R2, r_ = 0;
  for (unsigned i_ = 1; i_ < XLEN; i_++)
    if ((b_ >> i_) & 1) r_ ^= a_ >> (XLEN - i_);
  WR(r_);
  NEXT;
}
L_CLMULR: {
  ux a_ = R1, b_ = R2, r_ = 0;
  for (unsigned i_ = 0; i_ < XLEN; i_++)
    if ((b_ >> i_) & 1) r_ ^= a_ >> (XLEN - i_ - 1);
  WR(r_);
  NEXT;
}
L_BCLR: WR(R1 & ~((ux)1 << (R2 & (XLEN - 1)))); NEXT;
L_BCLRI: WR(R1 & ~((ux)1 << in->imm)); NEXT;
L_BEXT: WR((R1 >> (R2 & (XLEN - 1))) & 1); NEXT;
L_BEXTI: WR((R1 >> in->imm) & 1); NEXT;
L_BINV: WR(R1 ^ ((ux)1 << (R2 & (XLEN - 1)))); NEXT;
L_BINVI: WR(R1 ^ ((ux)1 << in->imm)); NEXT;
L_BSET: WR(R1 | ((ux)1 << (R2 & (XLEN - 1)))); NEXT;
L_BSETI: WR(R1 | ((ux)1 << in->imm)); NEXT;
/* The RV64-only forms of Zba and Zbb (the decoder never produces them for RV32). */
L_ADD_UW: WR((uint64_t)(uint32_t)R1 + R2); NEXT;
L_SH1ADD_UW: WR(((uint64_t)(uint32_t)R1 << 1) + R2); NEXT;
L_SH2ADD_UW: WR(((uint64_t)(uint32_t)R1 << 2) + R2); NEXT;
L_SH3ADD_UW: WR(((uint64_t)(uint32_t)R1 << 3) + R2); NEXT;
L_SLLI_UW: WR((uint64_t)(uint32_t)R1 << in->imm); NEXT;
L_CLZW: WR((uint32_t)R1 ? (ux)__builtin_clz((uint32_t)R1) : 32); NEXT;
L_CTZW: WR((uint32_t)R1 ? (ux)__builtin_ctz((uint32_t)R1) : 32); NEXT;
L_CPOPW: WR(__builtin_popcount((uint32_t)R1)); NEXT;
L_ROLW: { uint32_t v_ = (uint32_t)R1, s_ = (uint32_t)R2 & 31; WR((int64_t)(int32_t)((v_ << s_) | (v_ >> ((32 - s_) & 31)))); NEXT; }
L_RORW: { uint32_t v_ = (uint32_t)R1, s_ = (uint32_t)R2 & 31; WR((int64_t)(int32_t)((v_ >> s_) | (v_ << ((32 - s_) & 31)))); NEXT; }
L_RORIW: { uint32_t v_ = (uint32_t)R1, s_ = (uint32_t)in->imm; WR((int64_t)(int32_t)((v_ >> s_) | (v_ << ((32 - s_) & 31)))); NEXT; }
/* Scalar cryptography (isa/ops_crypto.def), out of line. */
L_CRYPTO_EXEC: WR(crypto_exec(in->op, in->imm, R1, R2, XLEN)); NEXT;
/* Zicond (1.0.0). */
L_CZERO_EQZ: WR(R2 == 0 ? 0 : R1); NEXT;
L_CZERO_NEZ: WR(R2 != 0 ? 0 : R1); NEXT;
/* Zicboz: CBO.ZERO stores zeros over the cache block holding the address (hart_cbo_zero). */
L_CBO_ZERO: {
  h->cur_block = blk, h->cur_insn = in;
  int r = hart_cbo_zero(h, R1);
  h->cur_block = NULL;
  if (unlikely(r)) {
    fault_cause = r;
    fault_addr = r == EXC_ILLEGAL_INSN ? in->raw : R1;
    goto fault;
  }
  NEXT;
}
/* Zicbom: no data moves (memory is coherent here); the address is checked like a store's and
 * the core's cache model, if any, sees the operation. */
L_CBO: {
  PROF_SNAP();
  int r = hart_cbo(h, in, R1);
  PROF_DYN(INSN_PC);
  if (unlikely(r)) {
    fault_cause = r;
    fault_addr = r == EXC_ILLEGAL_INSN ? in->raw : R1;
    goto fault;
  }
  NEXT;
}
}
