/* One RISC-V hart: architectural state, translation caches and the execution entry points. */
#ifndef RVPMU_HART_HART_H
#define RVPMU_HART_HART_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "csr/csr.h"
#include "csr/csrind.h"
#include "hart/pmp.h"
#include "profiles/csr_map.h"
#include "hpm/hpm.h"
#include "isa/insn.h"
#include "isa/jit.h"
#include "profiles/timing.h"

struct machine;
struct block;
struct block_cache;
struct prof_hart;

/* Software TLB: a direct-mapped cache from virtual page to host address, one per privilege
 * mode and access kind, filled only for RAM pages the access is allowed to. Bare translation
 * (M mode, satp off) uses it too, so loads and stores have a single fast path. */
#define TLB_BITS 8
#define TLB_SIZE (1u << TLB_BITS)
#define PAGE_SHIFT 12
#define PAGE_SIZE (1ull << PAGE_SHIFT)
struct tlb_entry {
  uint64_t vpage;    /* virtual address of the page this entry maps (offset bits 0), TLB_INVALID
                      * if none: an access of size n at va hits when (va & TLB_HIT_MASK(n)) ==
                      * vpage, one compare for the page and the alignment (TLB_HIT_MASK) */
  uintptr_t addend;  /* host address = virtual address + addend */
  uint64_t pa_delta; /* physical address = virtual address + pa_delta (mod 2^64): one add for
                      * the block cache key and the data models' tags */
  /* Padding to 32 bytes: the index of an entry is then (va >> 7) & 0x1fe0, added to the table's
   * base (shr, and, add), where 24 bytes took shr, movzbl, lea, a load of the base and lea: 2
   * host instructions less per load and store (callgrind, cg.sh callchase32: ibex-small 19.37
   * -> 18.75, generic 20.00 -> 19.39, mbv-5 29.98 -> 29.35; ibex-small intmix32 13.40 ->
   * 13.14). */
  uint64_t unused;
};
_Static_assert(sizeof(struct tlb_entry) == 32, "a power of two: the index is a mask of va");
#define TLB_INVALID (~0ull) /* offset bits set: equal to no masked address */
/* The bits of an address an aligned access of n bytes (a power of two) compares with
 * tlb_entry.vpage: its page, and its low log2(n) bits, which must be zero. Compared apart, the
 * page and the alignment cost two more host instructions per load and store (callchase32 on
 * ibex-small: 0.32 accesses per guest instruction). */
#define TLB_HIT_MASK(n) (~(PAGE_SIZE - 1) | ((uint64_t)(n) - 1))
/* What the timed dispatch loop counts inline for the dynamic models (hart/model_hits.h). */
struct data_hit_filter;
struct btc_filter;
struct fetch_filter;
enum access { ACCESS_LOAD, ACCESS_STORE, ACCESS_FETCH, ACCESS_KINDS };

/* Jump cache: virtual pc -> block, valid while `tag` matches the hart's fetch_tag. The pc is
 * kept whole: a key such as vpc << 2 | priv lost bits 63:62, so that a wild jump to
 * 0x3fffffff80200000 found the block of 0xffffffff80200000 instead of faulting. */
#define JUMP_CACHE_BITS 12
struct jump_entry {
  uint64_t vpc;
  uint64_t tag;   /* hart.fetch_tag when made; 0 (never a hart's tag): empty */
  struct block *block;
};

struct hart {
  uint64_t x[REG_SINK + 1]; /* x0..x31 plus the sink that absorbs writes to x0 */
  uint32_t spare;           /* (free: follow_key must sit just before pc) */
  /* follow_key: hart.follow_long's short name (hart_follow_key_set), just before pc, so that
   * on RV32 (pc < 2^32) one 8-byte load reads both, pc << 32 | follow_key, and the chained
   * paths of static links compare them in one compare with a link cost's follow_key and from
   * (timed loop) or a link's from (plain loop: isa/exec_template.h, STATIC_LINK_HOLDS and
   * PLAIN_STATIC_HOLDS). Never 0 (a cost's follow_key that never matches). */
  uint32_t follow_key;
  uint64_t pc;
  unsigned priv;            /* enum priv */
  unsigned xlen;            /* 32 or 64 */
  unsigned isa_ext;         /* optional extensions it decodes (enum isa_ext, from the ISA string) */
  unsigned hartid;
  struct machine *machine;
  /* F/D state (used only when the ISA has F): the FP registers, 64 bits each with single
   * values NaN-boxed, and the fields of fcsr. */
  uint64_t f[32];
  uint32_t fflags;          /* accrued exception flags, fcsr bits 4:0 (enum sf_flag) */
  uint32_t frm;             /* dynamic rounding mode, fcsr bits 7:5; 5-7 are kept but illegal to use */

  /* Trap and status CSRs (privileged spec ch. 3 and 4); sstatus/sie/sip are views. */
  uint64_t mstatus, misa, medeleg, mideleg, mie, mip, mtvec, mscratch, mepc, mcause, mtval;
  uint64_t stvec, sscratch, sepc, scause, stval, satp, menvcfg, senvcfg;
  struct pmp pmp;           /* physical memory protection (hart/pmp.h) */
  struct hpm hpm;

  /* Execution control. */
  int64_t budget;           /* static cycles until the next slow check (hart_slow_check); equal
                             * to instructions on the generic core */
  /* D-cache read misses the models loop filled inline and counts by number, to add later
   * (hart/model_hits.h, "Lazy fills"). Their cycles are in the budget already. */
  uint64_t lazy_dc_fills;
  /* The models loop's D-cache path (hart/model_hits.h, "Two ways to a line"): without a
   * branch on the outcome while misses are many (dc_branch_free), else through the line TLB;
   * chosen at slow checks from the fills per instruction since the last choice. */
  bool dc_branch_free;
  int dc_way_forced;        /* environment RVPMU_DC_WAY: 0 the choice above, 1 the line TLB,
                             * 2 branch-free (tests/cli/model_hits.sh runs each) */
  uint64_t dc_fills_seen, dc_mode_insns, dc_mode_fills;
  uint64_t slice_end;       /* acc[EV_INSNS] at which a multi-hart slice ends */
  uint64_t sleep_cycles;    /* clock cycles spent halted in WFI (time runs, mcycle does not) */
  bool sleeping;            /* in WFI, waiting for an interrupt */
  uint64_t clock_seen;      /* the latest machine clock this hart read time at (machine_mtime_seen) */
  /* The dispatch loop returned (a slow check: an interval's end, a slice, another loop
   * instance) after a taken transfer without a link cost, before its target was entered: the
   * next loop checks that target's alignment (the unaligned-target cost) as this one would
   * have. Lost with the loop's local, Ibex's NumCyclesIF came out one fewer with `rvpmu stat
   * -I 0.01` than without (callchase32, first 576,221 instructions). */
  bool resume_unaligned;
  /* hart_run takes the models instance of the loop (hart/model_hits.h, "The models loop");
   * loop_stale: hart_update_models changed that, the slow check leaves the loop, so that
   * hart_run takes the right instance. */
  bool models_loop, loop_stale;
  uint64_t ialign_mask;     /* 1: 2-byte aligned targets allowed (C); 3: 4-byte alignment */
  /* Timing-model switches, copied from the profile so the dispatch loop tests one byte each
   * (all false on the generic core, whose hot path stays as it is). */
  bool timed_branches;      /* conditional branches go to the branch model (hart_branch_outcome,
                             * hart/model_hits.h); otherwise their outcome is in the link costs
                             * (isa/block.h) */
  bool timed_mul, timed_div;/* multiplies / divides go through hart_muldiv_timing */
  bool link_costs;          /* the profile has link costs (isa/block.h: a taken-branch penalty,
                             * an unaligned-target cost or static hazards across blocks) */
  bool link_costs_off;      /* environment RVPMU_NO_LINK_COSTS=1: never compile them, every
                             * block transition takes the long way (the reference that
                             * tests/cli/link_costs.sh compares the compiled costs with) */
  /* The block translator (isa/jit.h): blocks built in the models loop are translated
   * (environment RVPMU_JIT=0: never); where translated code left the interpreter to go on
   * (the dispatch index: exec_template.h, L_JIT); its entry trampoline. */
  bool jit_on;
  uint8_t jit_disp;
  jit_enter_fn jit_enter;
  bool fuse_off;            /* environment RVPMU_NO_FUSE=1: blocks without fused pairs
                             * (isa/fuse.h; the reference tests/cli/fuse.sh compares with) */
  bool timed_targets;       /* taken transfers go to the jump model (hart_transfer_target) */
  bool timed_context;       /* correct block entries for hazards across blocks (or fetch model)
                             * on the long way in; chained entries take it from the link */
  /* Which of the profile's dynamic models run (hart_update_models): fetch_block, data_access
   * (RAM accesses then all take the slow path), branch. */
  bool model_fetch, model_data, model_branch;
  uint64_t reservation;     /* LR/SC reserved address, or ~0 */
  /* Interrupt latency (hart_take_trap reports it with hpm_latency_sample): the clock at which
   * each interrupt last became pending in mip, and the last clock at which MTIP was seen
   * clear (the timer's rise is the later of that and its deadline). */
  uint64_t irq_raised_cycles[16];
  uint64_t mtip_clear_cycles;
  uint64_t insns_at_last_trap; /* acc[EV_INSNS] when the last trap was taken */
  /* A model took an interrupt at a stepped instruction's entry, before it ran
   * (hart_interrupt_at_entry): block_first_insn then returns no block. */
  bool entry_abandoned;
  unsigned trap_streak;     /* traps taken in a row without an instruction retiring */
  /* While a load or store is in its slow path: its block and instruction, so that devices see
   * the exact cycle (the block's static cycles are only added at its end). */
  const struct block *cur_block;
  const struct insn *cur_insn;
  /* A counter-configuration CSR write (mcountinhibit, mhpmevent, mcyclecfg, minstretcfg)
   * waits here until its instruction has retired, so that instruction counts under the old
   * configuration (docs/counters.md). */
  unsigned deferred_csr;    /* CSR number, 0 if none */
  uint64_t deferred_value;

  /* Translation caches. */
  struct tlb_entry tlb[4][ACCESS_KINDS][TLB_SIZE]; /* [effective priv][access] */
  struct tlb_entry *tlb_load, *tlb_store, *tlb_fetch;
  /* With a data_access model of RAM (profile.data_access_ram) every load and store must reach it:
   * tlb_load/tlb_store then point at tlb_never, which never hits, and the slow path consults
   * the real tables through these (NULL otherwise). */
  struct tlb_entry *tlb_load_model, *tlb_store_model;
  /* The dynamic models' state the timed dispatch loop reads (hart/model_hits.h), or NULL: what
   * the profile's model_reset offers (*_offered), used while no combo slot is (hart_update_models:
   * the inline paths then add plain events, without a test per add), unless RVPMU_NO_MODEL_HITS
   * is set. */
  struct data_hit_filter *data_hits, *data_hits_offered;
  struct btc_filter *btc_hits, *btc_hits_offered;
  struct fetch_filter *fetch_hits, *fetch_hits_offered;
  /* The instruction fetch model's generation (bumped whenever a line enters or leaves its
   * cache; never ~0) and where sequential fetch continues (~0: none): here rather than behind
   * fetch_hits, as the timed loop reads them at every block (hart_fetch_linked). */
  uint64_t fetch_gen, fetch_next_pa;
  /* fetch_next_pa is the fetch end of the block the model fetched last, h->last_block once
   * that block has run (hart/model_hits.h: hart_fetch_next), rather than stored at every block
   * entry: the chained path then stores nothing for it. */
  bool fetch_next_last;
  struct tlb_entry tlb_never[TLB_SIZE];
  uint64_t epoch;           /* bumped when fetch translation or the block cache changes */
  uint64_t fetch_tag;       /* epoch << 2 | priv, >= 4 after reset: what a jump-cache entry or
                             * block link must hold, besides its pc, to be used (hart_set_priv,
                             * hart_flush_translation keep it up to date) */
  /* fetch_tag's low 32 bits and hpm.active_gen: what a link and its cost must hold to be
   * followed (isa/block.h), one compare on the chained path for two (hart_set_fetch_tag, and
   * the dispatch loops after whatever may change the active events). Never 0. */
  uint64_t link_key;
  /* link_key with the I-cache generation (fetch_gen) added to its active_gen: what a link cost
   * must hold for the timed loop's chained path to follow it whole (link_cost.follow_key, by
   * its short name hart.follow_key), so that the fetch folded into it needs no generation
   * compare there. active_gen + fetch_gen only grows, so no old value comes back until its 32
   * bits wrap, which bumps the epoch (hart_set_fetch_tag). Equal to link_key on cores without
   * a fetch model. */
  uint64_t follow_long;
  /* The short names (hart_follow_key_set): the last one given, and the latest few given,
   * with their follow_long, so that a follow_long that comes back (a trap and its return:
   * the privilege in the fetch tag) gets its name back and its links stay valid. */
  uint32_t follow_named;
#define FOLLOW_NAMES 4
  unsigned follow_slot;
  struct {
    uint64_t follow_long;
    uint32_t follow_key;
  } follow_names[FOLLOW_NAMES];
  uint32_t key_gens, key_active; /* active_gen + fetch_gen and active_gen it was set with */
  struct jump_entry jump_cache[1u << JUMP_CACHE_BITS];
  struct block_cache *blocks;
  /* The block that ran last and fell through or branched (NULL after traps and flushes); a
   * stepped instruction (block_first_insn) takes its hazard context from it. The step block
   * itself is copied there so its instruction stays valid. */
  const struct block *last_block;
  /* Link costs followed and blocks run whose counts are not yet added (isa/block.h:
   * block_settle_costs). */
#define PENDING_COSTS 64
  struct link_cost *pending_costs[PENDING_COSTS];
  unsigned num_pending_costs;
  struct block *pending_blocks[PENDING_COSTS];
  unsigned num_pending_blocks;
  /* Scratch blocks for block_first_insn, each a struct block with room for two instructions;
   * two, used in turn, so the previous stepped instruction stays readable as context. */
  _Alignas(16) uint8_t step_block[2][512];
  uint16_t step_events[2][EV_NUM_ACC]; /* their event counts (block.events) */
  unsigned step_index;
  /* What ran just before each one's instruction when it was built (its timing context from
   * outside, nearest first; copies, as the blocks they came from may be flushed), so that the
   * block entered after a stepped instruction is timed with the same history as without the
   * step (preceding, isa/block.c). With the stepped instruction alone, where the slow checks
   * fell changed the counts: MicroBlaze V intmix32, 1e6 instructions, STALL_OF 89,765, with
   * `rvpmu stat -I 0.01` 89,651 in all (89,777 both now). */
  struct insn step_before[2][TIMING_HISTORY];
  unsigned step_n_before[2];
  void *model;              /* the profile's per-hart model state (profile.model_bytes), or NULL */
  /* Kept last, away from the hot fields above. */
  uint32_t csr_regs[CSR_MAP_REGS]; /* the core's own CSRs (profile.csr_map, CSR_MAP_REGISTER) */
  bool csr_write_collides;  /* the CSR instruction executing now shares its first cycle with the
                             * retirement of the one before (profile.minstret_write_collides) */
  bool last_branch_taken;   /* outcome of the last conditional branch (timed cores only) */
  struct csrind_state csrind; /* Smstateen, Smcsrind (csr/csrind.h) */
  struct prof_hart *prof;   /* the profiler this hart reports to (prof/prof.h), or NULL */
};

/* Resets the hart to its reset state at `pc` in M mode. */
void hart_reset(struct hart *h, uint64_t pc);

/* Runs until the budget expires and the slow check says stop. Returns when the machine stops,
 * the hart's time slice ends or the instruction limit is reached. */
void hart_run(struct hart *h);
void hart_run_rv32(struct hart *h);
void hart_run_rv64(struct hart *h);
void hart_run_rv32_plain_models(struct hart *h); /* the same with hart_models_hot */
void hart_run_rv64_plain_models(struct hart *h);
void hart_run_rv32_timed(struct hart *h); /* for link_costs without hart_models_hot */
void hart_run_rv32_timed_models(struct hart *h); /* the same with them */
void hart_run_rv32_models(struct hart *h); /* with hart.models_loop (exec_rv32_models.c) */
void hart_run_rv64_timed(struct hart *h);
/* The same loops reporting to h->prof (isa/exec_prof_rv32.c, exec_prof_rv64.c, *_timed.c). */
void hart_run_prof_rv32(struct hart *h);
void hart_run_prof_rv64(struct hart *h);
void hart_run_prof_rv32_timed(struct hart *h);
void hart_run_prof_rv64_timed(struct hart *h);

/* Slow path of the dispatch loop, entered when budget <= 0: folds counters, raises overflow and
 * timer interrupts, takes a pending interrupt, sleeps in WFI, and computes the next budget.
 * Returns true when hart_run must return. */
bool hart_slow_check(struct hart *h);

/* Takes trap `cause` (exception code, or interrupt code | TRAP_INTERRUPT) with mtval/stval
 * `tval` at pc `epc`: delegation, privilege change, pc = trap vector. */
#define TRAP_INTERRUPT (1ull << 63)
void hart_take_trap(struct hart *h, uint64_t cause, uint64_t tval, uint64_t epc);

/* Sets the privilege mode, updating HPM filters and translation selection. */
void hart_set_priv(struct hart *h, unsigned priv);

/* Flushes TLBs (after satp/sfence/mstatus translation changes) and, with blocks=true, the block
 * cache (after fence.i). */
void hart_flush_translation(struct hart *h, bool blocks);

/* Does a dynamic model run that the dispatch loop calls from its hot path (a branch, jump or
 * fetch model, inline data hits)? Without one, hart_run takes the instances that test none of
 * them (EXEC_NO_MODELS, isa/exec_template.h): every one but RV64's timed loop. */
static inline bool hart_models_hot(const struct hart *h) {
  return h->timed_branches | h->timed_targets | h->model_fetch | (h->data_hits != NULL);
}

/* Gives follow_long the value `follow` and follow_key its short name: the one it had if it
 * is among the latest few (follow_names), else a new one, never given before since every link
 * cost was last made unfollowable (block_links_unfollow, when the names run out). */
void hart_follow_key_set(struct hart *h, uint64_t follow);

/* Sets fetch_tag from the epoch and privilege, link_key from it and hpm.active_gen, and
 * follow_key from those and fetch_gen. When active_gen or active_gen + fetch_gen wraps (32
 * bits), a new epoch: no key made before may match again. */
static inline void hart_set_fetch_tag(struct hart *h) {
  uint32_t active = h->hpm.active_gen, gens = active + (uint32_t)h->fetch_gen;
  if (__builtin_expect(active < h->key_active || gens < h->key_gens, 0)) h->epoch++;
  h->key_active = active, h->key_gens = gens;
  h->fetch_tag = h->epoch << 2 | h->priv;
  h->link_key = (uint64_t)active << 32 | (uint32_t)h->fetch_tag;
  uint64_t follow = (uint64_t)gens << 32 | (uint32_t)h->fetch_tag;
  if (__builtin_expect(follow != h->follow_long, 0)) hart_follow_key_set(h, follow);
}

/* A line entered or left the instruction fetch model's cache: a new generation, so that no
 * link cost's folded fetch is followed until it is found right again (hart/model_hits.h). */
static inline void hart_fetch_gen_next(struct hart *h) {
  h->fetch_gen++;
  hart_set_fetch_tag(h);
}

/* Block b, the one the fetch model fetched last, is left some other way than by its end
 * (a trap, a device store ending it, a flush): fetch_next_pa is stored from it (b: NULL
 * keeps the stored one). */
void hart_fetch_next_store(struct hart *h, const struct block *b);
static inline void hart_fetch_next_settle(struct hart *h, const struct block *b) {
  if (h->fetch_next_last) hart_fetch_next_store(h, b);
}

/* Re-selects tlb_load/tlb_store/tlb_fetch for the current privilege and mstatus.MPRV. */
void hart_select_tlbs(struct hart *h);

/* Switches on the profile's on-demand models whose events are now selected (hpm.selected) and
 * sets the dispatch loop's switches to match. Call after selectors or host events change. */
void hart_update_models(struct hart *h);

/* Does an access of kind `a` made now go through the page tables (satp mode, privilege,
 * mstatus.MPRV)? */
bool hart_translates(const struct hart *h, enum access a);

/* SFENCE.VMA or a satp write: tells the profile's TLB model, if it runs. */
void hart_model_tlb_flush(struct hart *h);

/* Adds a dynamic cost: every cycle of every run, its events (EV_INSNS excepted: instructions
 * are counted by the caller) and the combos they touch. */
void hart_add_timing(struct hart *h, const struct insn_timing *t);
/* Adds `cycles` (>= 1) stall cycles raising `stall` in each and `first` in the first one (a
 * cache fill, a pipeline refill). Without combo slots that is a few adds (hart_add_timing's
 * loop over runs cost 5% of the host's instructions on callchase32 on MicroBlaze V, mostly
 * for branch refills). */
void hart_add_stall(struct hart *h, uint64_t first, uint64_t stall, uint32_t cycles);
/* Adds `n` occurrences of the events in `events` that take no cycle of their own. Inline:
 * the timing models call it several times per block (MicroBlaze V's fetch, data and branch
 * models: 12% of the host's instructions as a call on callchase32). */
void hart_add_event_combos(struct hart *h, uint64_t events, uint32_t n);
static inline void hart_add_events(struct hart *h, uint64_t events, uint32_t n) {
  for (uint64_t m = events; m; m &= m - 1) h->hpm.acc[__builtin_ctzll(m)] += n;
  if (h->hpm.num_combos) hart_add_event_combos(h, events, n);
}
/* A latency of `cycles` for an occurrence of latency event `ev` (see hpm_latency_sample). */
void hart_report_latency(struct hart *h, enum event_id ev, uint64_t cycles);
/* Sets mip to `mip`, noting when each interrupt that becomes pending rose (clock `now`). */
void hart_set_mip(struct hart *h, uint64_t mip, uint64_t now);
/* Operand-dependent multiply/divide latency of `in` (timed profiles). */
void hart_muldiv_timing(struct hart *h, const struct insn *in, uint64_t a, uint64_t b);
/* Execution fell through into `blk` (timed profiles): corrects the static timing of its first
 * instructions for hazards with the instructions before it. */
void hart_block_entry(struct hart *h, const struct block *blk);
/* A taken transfer reached block `blk` at `pc`: its unaligned_target cost when `unaligned`
 * (the transfer did not come through a link, whose cost holds it), the jump model when
 * `jump` (timed_targets; blk may be NULL without `unaligned`). */
void hart_transfer_target(struct hart *h, const struct block *blk, uint64_t pc, bool unaligned, bool jump);

/* This hart's clock now, including the static cycles of the instructions of the current block
 * before the one in a load/store slow path. */
uint64_t hart_now_cycles(const struct hart *h);

/* Current mtime as this hart sees it. */
uint64_t hart_clock_cycles(const struct hart *h);

/* The clock at which an interrupt would be taken with the enables as they are: now if one is
 * pending and enabled, the timer's deadline if the timer interrupt is enabled, else UINT64_MAX. */
uint64_t hart_interrupt_due(const struct hart *h);
/* For a model, at the entry of a stepped instruction (its fetch_block hook in block_first_insn):
 * the machine timer interrupt arrives while that instruction stalls, and the core takes it
 * there, with mepc at the instruction, which does not run (a clock before hart_interrupt_due
 * says: the core sees the request during the cycle that reaches it). */
void hart_interrupt_at_entry(struct hart *h);

/* Raises LCOFIP if the HPM reported new overflows. */
void hart_collect_overflow(struct hart *h);

/* Slow paths of memory access: translate va (page walk, A/D update, TLB fill) and access RAM
 * or a device. Return 0, BUS_BREAK (store changed device state), or an exception cause > 0,
 * with FAULT_SECOND_WORD when only the second word of a misaligned access split into word
 * accesses faulted (profile.misaligned_word_parts): its tval is that word's address, which
 * hart_fault_in_block reports instead of va. */
#define FAULT_SECOND_WORD 0x100
int hart_load_slow(struct hart *h, uint64_t va, unsigned size, uint64_t *value);
int hart_store_slow(struct hart *h, uint64_t va, unsigned size, uint64_t value);
/* AMO/LR/SC of width 4 or 8 (insn->imm = funct5). Returns 0 or an exception cause. */
int hart_amo(struct hart *h, const struct insn *in, unsigned size);

/* An F/D instruction other than a load or store (hart/fp.c): checks mstatus.FS and the
 * rounding mode, computes, writes rd, accrues fflags and marks FS dirty. Returns 0 or
 * EXC_ILLEGAL_INSN. */
int hart_fp_exec(struct hart *h, const struct insn *in);

/* Zicbom CBO.INVAL/CLEAN/FLUSH (`in`) of the cache block holding va: the menvcfg/senvcfg
 * checks, then the address is checked like a load's, or failing that a store's (CMO spec 2.5);
 * the profile's cache model, if any, sees the operation. Returns 0 or an exception cause. */
int hart_cbo(struct hart *h, const struct insn *in, uint64_t va);

/* Zicboz CBO.ZERO of the cache block holding va: the menvcfg/senvcfg CBZE checks, then the
 * block (profile.cboz_block_bytes) is written with zeros like a sequence of aligned stores.
 * Returns 0 or an exception cause (mtval: the address in rs1). */
int hart_cbo_zero(struct hart *h, uint64_t va);

/* Translates va for `access` in the effective privilege: 0 and the physical address, or the
 * page-fault/access-fault cause. Fills the TLB for RAM pages when `fill`. */
int hart_translate(struct hart *h, uint64_t va, enum access access, uint64_t *pa);

/* Adds the events of the first `n` instructions of `blk` (a prefix, for traps in mid-block). */
void hart_account_prefix(struct hart *h, const struct block *blk, unsigned n);

/* System instructions (CLS_SYSTEM), the last of their block: accounts the block, executes
 * `in` at virtual pc `pc`, sets h->pc. */
void hart_exec_system(struct hart *h, const struct block *blk, const struct insn *in, uint64_t pc);

/* A memory access of `in` in the middle of `blk` faulted with `cause` at address `tval`. */
void hart_fault_in_block(struct hart *h, const struct block *blk, const struct insn *in, uint64_t bpc,
                         int cause, uint64_t tval);

/* A store of `in` changed device state: retire the block up to and including it, continue after. */
void hart_break_after(struct hart *h, const struct block *blk, const struct insn *in, uint64_t bpc);

#endif
