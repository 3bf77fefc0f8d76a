/* AMD MicroBlaze V (../shared/spec/microblaze-v-mhpmevent.txt, UG1629 "Machine HPM Event
 * Register"), with a timing model built from the public UG1629 text (pipeline, branch target
 * cache, caches); no RTL is public, so every parameter is an option with a documented default
 * (docs/microblaze-v.md).
 *
 * Counters: mhpmcounter3.. are C_DEBUG_EVENT_COUNTERS event counters (event_counters=, default
 * 5), then C_DEBUG_LATENCY_COUNTERS pairs of latency counters (latency_counters=, default 1):
 * the pair's first counter is the total sum of the latencies of its event, the second their
 * max (bits 31:16) and min (bits 15:0); both are set through the first counter's mhpmevent,
 * whose class is fixed to 5. E + 2L <= 29. All counters are 64 bits, none inhibited at reset;
 * no Sscofpmf or Smcntrpmf.
 *
 * Selector: bits 24:5 event mask, bits 4:1 class, bit 0 "no event". A counter increments once
 * per cycle in which any of its selected events occurs (combo slots, hpm.c); a selector with an
 * undefined class, or an event bit the class does not define, or bit 0 set, counts nothing.
 *
 * ISA: RV32IMAFC with Zba, Zbb, Zbc, Zbs, Zicbom, Zicsr, Zifencei; privilege modes
 * priv=m|mu|msu (default msu, with Sv32). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csr/csr.h"
#include "hart/hart.h"
#include "hart/model_hits.h"
#include "isa/block.h"
#include "machine.h"
#include "profiles/cache_model.h"
#include "profiles/profile.h"

/* ---- Selector encoding (UG1629 table 1) ---- */

#define MB_CLASS_SHIFT 1
#define MB_CLASS_MASK 0xfull
#define MB_EVENT_SHIFT 5
#define MB_EVENT_MASK 0xfffffull /* bits 24:5 */
#define MB_NO_EVENT 1ull         /* bit 0 */
#define MB_SELECTOR_BITS 0x1ffffffull
#define MB_LATENCY_CLASS 5
#define SEL(cls, bit) ((1ull << (bit)) | ((uint64_t)(cls) << MB_CLASS_SHIFT))

/* Every event of every class (UG1629 tables 2-7), in class and bit order: what `rvpmu list`
 * prints and what decode accepts. EV_NONE marks a defined event that cannot occur here. */
static const struct profile_event mb_events[] = {
    /* Class 0: retired instructions. */
    {"INT_LOAD", SEL(0, 5), EV_LOADS, "class 0 bit 5: integer load instructions retired", 0},
    {"INT_STORE", SEL(0, 6), EV_STORES, "class 0 bit 6: integer store instructions retired", 0},
    {"ATOMIC", SEL(0, 7), EV_ATOMICS, "class 0 bit 7: atomic instructions retired (LR, SC, AMO)", 0},
    {"SYSTEM", SEL(0, 8), EV_SYSTEM_INSNS, "class 0 bit 8: system instructions retired, ECALL and EBREAK included", 0},
    {"INT_ARITH", SEL(0, 9), EV_ARITH_INSNS, "class 0 bit 9: integer arithmetic instructions retired, C.NOP included", 0},
    {"INT_MUL", SEL(0, 10), EV_MULS, "class 0 bit 10: integer multiply instructions retired", 0},
    {"INT_DIV", SEL(0, 11), EV_DIVS, "class 0 bit 11: integer divide/remainder instructions retired", 0},
    {"CUSTOM", SEL(0, 12), EV_NONE, "class 0 bit 12: custom instructions retired (none exist: 0)", 0},
    {"BITMANIP", SEL(0, 13), EV_BITMANIP_INSNS, "class 0 bit 13: bit manipulation instructions retired", 0},
    {"COMPRESSED", SEL(0, 14), EV_COMPRESSED, "class 0 bit 14: compressed instructions retired", 0},
    {"JAL", SEL(0, 15), EV_JAL_INSNS, "class 0 bit 15: JAL or C.J (and C.JAL) instructions retired", 0},
    {"JALR", SEL(0, 16), EV_JALR_INSNS, "class 0 bit 16: JALR or C.JR (and C.JALR) instructions retired", 0},
    {"FP_LOAD", SEL(0, 17), EV_FP_LOADS, "class 0 bit 17: floating point load instructions retired", 0},
    {"FP_STORE", SEL(0, 18), EV_FP_STORES, "class 0 bit 18: floating point store instructions retired", 0},
    {"FP_ADD", SEL(0, 19), EV_FP_ADDS, "class 0 bit 19: floating point add/sub instructions retired", 0},
    {"FP_MUL", SEL(0, 20), EV_FP_MULS, "class 0 bit 20: floating point multiply instructions retired", 0},
    {"FP_DIV", SEL(0, 21), EV_FP_DIVS, "class 0 bit 21: floating point divide instructions retired", 0},
    {"FP_FUSED", SEL(0, 22), EV_FP_FUSED, "class 0 bit 22: floating point fused instructions retired", 0},
    {"FP_OTHER", SEL(0, 23), EV_FP_OTHER, "class 0 bit 23: floating point other instructions retired", 0},
    {"CACHE_OP", SEL(0, 24), EV_CBO_INSNS, "class 0 bit 24: cache invalidate or flush retired (CBO.INVAL/CLEAN/FLUSH)", 0},
    /* Class 1: branches and traps. */
    {"BRANCH_TAKEN", SEL(1, 5), EV_BR_TAKEN, "class 1 bit 5: taken conditional branches", 0},
    {"BRANCH_NOT_TAKEN", SEL(1, 6), EV_BR_NOT_TAKEN, "class 1 bit 6: not taken conditional branches", 0},
    {"EXCEPTION", SEL(1, 7), EV_EXCEPTIONS, "class 1 bit 7: exceptions taken", 0},
    {"INTERRUPT", SEL(1, 8), EV_INTERRUPTS, "class 1 bit 8: interrupts occurred", 0},
    {"BTC_HIT", SEL(1, 9), EV_BTC_HITS, "class 1 bit 9: branch target cache hits", 0},
    {"BTC_MISPREDICT", SEL(1, 10), EV_BTC_MISPREDICTS, "class 1 bit 10: branch target mispredicts (perf branch-misses, SBI event 6)", 0x6},
    /* Class 2: instruction and data cache. */
    {"IC_REQUEST", SEL(2, 5), EV_IC_REQUESTS, "class 2 bit 5: data requests from the instruction cache", 0x10008},
    {"IC_HIT", SEL(2, 6), EV_IC_HITS, "class 2 bit 6: hits in the instruction cache", 0},
    {"DC_READ", SEL(2, 7), EV_DC_READ_REQUESTS, "class 2 bit 7: read data requested from the data cache", 0x10000},
    {"DC_READ_HIT", SEL(2, 8), EV_DC_READ_HITS, "class 2 bit 8: read data hits in the data cache", 0},
    {"DC_WRITE", SEL(2, 9), EV_DC_WRITE_REQUESTS, "class 2 bit 9: write data requests to the data cache", 0x10002},
    {"DC_WRITE_HIT", SEL(2, 10), EV_DC_WRITE_HITS, "class 2 bit 10: write data hits in the data cache", 0},
    /* Class 3: pipeline stalls (bit 5 is not defined). */
    {"STALL_OF", SEL(3, 6), EV_STALL_OF, "class 3 bit 6: cycles the pipeline is stalled due to the operand fetch stage", 0},
    {"STALL_EX", SEL(3, 7), EV_STALL_EX, "class 3 bit 7: cycles the pipeline is stalled due to the execute stage", 0},
    {"STALL_MEM", SEL(3, 8), EV_STALL_MEM, "class 3 bit 8: cycles stalled due to the memory stage (MEM; M0-M3 on 8 stages)", 0},
    /* Class 4: miscellaneous. */
    {"DIV_BY_ZERO", SEL(4, 5), EV_DIV_BY_ZERO, "class 4 bit 5: divide/remainder by zero operations", 0},
    {"FP_SUBNORMAL", SEL(4, 6), EV_FP_SUBNORMAL, "class 4 bit 6: floating point subnormal results", 0},
    /* Class 5: latency (on an event counter: the number of events; on a latency pair: the sum
     * and the max/min of their latencies in cycles). */
    {"LAT_INTERRUPT", SEL(5, 5), EV_INTERRUPTS, "class 5 bit 5: interrupts; latency pair: interrupt latency sum, max/min", 0},
    {"LAT_DC_READ", SEL(5, 7), EV_DC_MEM_READS, "class 5 bit 7: data cache memory reads; latency pair: their latency", 0},
    {"LAT_DC_WRITE", SEL(5, 9), EV_DC_MEM_WRITES, "class 5 bit 9: data cache memory writes; latency pair: their latency", 0},
    {"LAT_IC_READ", SEL(5, 11), EV_IC_MEM_READS, "class 5 bit 11: instruction cache memory reads; latency pair: their latency", 0},
    {"LAT_AXI_READ", SEL(5, 13), EV_AXI_READS, "class 5 bit 13: peripheral AXI data reads; latency pair: their latency", 0},
    {"LAT_AXI_WRITE", SEL(5, 15), EV_AXI_WRITES, "class 5 bit 15: peripheral AXI data writes; latency pair: their latency", 0},
    {0},
};

/* The events a selector counts (see the file comment); 0 for any undefined part. */
static uint64_t mb_decode(const struct profile *p, uint64_t selector) {
  (void)p;
  unsigned cls = (unsigned)(selector >> MB_CLASS_SHIFT & MB_CLASS_MASK);
  uint64_t bits = selector >> MB_EVENT_SHIFT & MB_EVENT_MASK, mask = 0;
  if ((selector & MB_NO_EVENT) || (selector & ~MB_SELECTOR_BITS) || !bits) return 0;
  for (const struct profile_event *e = mb_events; e->name; e++) {
    if ((unsigned)(e->selector >> MB_CLASS_SHIFT & MB_CLASS_MASK) != cls) continue;
    uint64_t bit = e->selector >> MB_EVENT_SHIFT & MB_EVENT_MASK;
    if (!(bits & bit)) continue;
    bits &= ~bit;
    if (e->event != EV_NONE) mask |= EV_BIT(e->event);
  }
  return bits ? 0 : mask; /* bits left: not defined for the class (or an undefined class) */
}

/* ---- Options ---- */

enum {
  OPT_EVENT_CTRS, OPT_LATENCY_CTRS, OPT_PIPELINE,
  OPT_IC_SIZE, OPT_IC_LINE, OPT_IC_WAYS, OPT_IC_MISS,
  OPT_DC_SIZE, OPT_DC_LINE, OPT_DC_WAYS, OPT_DC_MISS, OPT_DC_WRITE, OPT_DC_WRITEBACK,
  OPT_BTC, OPT_AXI_READ, OPT_AXI_WRITE, OPT_DIV_CYCLES, OPT_COUNT
};
_Static_assert(OPT_COUNT <= sizeof(((struct profile *)0)->options) / sizeof(uint64_t), "profile.options too small");

#define MB_CACHE_MAX_BYTES 65536u
#define MB_CACHE_MIN_LINE 16u
_Static_assert(MB_CACHE_MAX_BYTES / MB_CACHE_MIN_LINE <= CACHE_MODEL_MAX_ENTRIES, "cache_model too small");
#define MB_BTC_MAX 2048u
_Static_assert(MB_BTC_MAX <= BTC_FILTER_MAX, "btc_filter too small");

static const struct profile_numeric_option mb_numeric[] = {
    {"event_counters", OPT_EVENT_CTRS, 0, 29, false},  {"latency_counters", OPT_LATENCY_CTRS, 0, 14, false},
    {"icache", OPT_IC_SIZE, 0, MB_CACHE_MAX_BYTES, true}, {"icache_line", OPT_IC_LINE, 16, 64, true},
    {"icache_ways", OPT_IC_WAYS, 1, 4, true},          {"icache_miss", OPT_IC_MISS, 1, 1000, false},
    {"dcache", OPT_DC_SIZE, 0, MB_CACHE_MAX_BYTES, true}, {"dcache_line", OPT_DC_LINE, 16, 64, true},
    {"dcache_ways", OPT_DC_WAYS, 1, 4, true},          {"dcache_miss", OPT_DC_MISS, 1, 1000, false},
    {"dcache_write", OPT_DC_WRITE, 1, 1000, false},    {"btc", OPT_BTC, 0, MB_BTC_MAX, true},
    {"axi_read", OPT_AXI_READ, 1, 1000, false},        {"axi_write", OPT_AXI_WRITE, 1, 1000, false},
    {"div_cycles", OPT_DIV_CYCLES, 2, 64, false},
};

static int mb_set_option(struct profile *p, const char *key, const char *value, char *err, unsigned errlen) {
  int r = profile_numeric_option(p, mb_numeric, sizeof mb_numeric / sizeof *mb_numeric, key, value, err, errlen);
  if (r <= 0) return r;
  if (!strcmp(key, "pipeline")) {
    if (!strcmp(value, "3") || !strcmp(value, "5") || !strcmp(value, "8")) {
      p->options[OPT_PIPELINE] = (uint64_t)atoi(value);
      return 0;
    }
  } else if (!strcmp(key, "dcache_policy")) {
    if (!strcmp(value, "wb") || !strcmp(value, "wt")) {
      p->options[OPT_DC_WRITEBACK] = value[1] == 'b';
      return 0;
    }
  } else if (!strcmp(key, "priv")) {
    if (!strcmp(value, "m") || !strcmp(value, "mu") || !strcmp(value, "msu")) {
      p->has_u_mode = value[1] != '\0';
      p->has_s_mode = value[1] == 's';
      return 0;
    }
  } else {
    snprintf(err, errlen,
             "core %s: unknown option '%s' (known: event_counters=N, latency_counters=N, priv=m|mu|msu, "
             "pipeline=3|5|8, icache=BYTES, icache_line=BYTES, icache_ways=N, icache_miss=CYCLES, dcache=BYTES, "
             "dcache_line=BYTES, dcache_ways=N, dcache_miss=CYCLES, dcache_write=CYCLES, dcache_policy=wb|wt, "
             "btc=ENTRIES, axi_read=CYCLES, axi_write=CYCLES, div_cycles=N, width=N)",
             p->name, key);
    return -1;
  }
  snprintf(err, errlen, "core %s: bad value '%s' for %s", p->name, value, key);
  return -1;
}

/* ---- Timing model: static part (cycles per instruction, data hazards) ---- */

static unsigned stages(const struct profile *p) { return (unsigned)p->options[OPT_PIPELINE]; }

/* Stall events: the 3-stage pipeline has no memory stage, its memory waits stall execute. */
static uint64_t mem_stall_event(const struct profile *p) { return EV_BIT(stages(p) == 3 ? EV_STALL_EX : EV_STALL_MEM); }

/* Extra cycles of a taken branch or jump (pipeline refill): 3 cycles in all on 3/5 stages,
 * 5 on 8 (UG1629 instruction table), and of a BTC misprediction (UG1629 "Branches": 2, and
 * 7 on 8 stages). */
static unsigned taken_penalty(const struct profile *p) { return stages(p) == 8 ? 4 : 2; }
static unsigned mispredict_penalty(const struct profile *p) { return stages(p) == 8 ? 7 : 2; }

/* What a producer of a register result is, for data hazards (FP results wait like loads). */
enum producer { PROD_ALU, PROD_LOAD, PROD_MUL, PROD_DIV };

static enum producer producer_of(const struct insn *in) {
  if (in->cls & (CLS_LOAD | CLS_ATOMIC | CLS_FP)) return PROD_LOAD;
  if (in->cls & CLS_MUL) return PROD_MUL;
  if (in->cls & CLS_DIV) return PROD_DIV;
  return PROD_ALU;
}

/* Cycles an FP operation stays in EX (the FPU is not pipelined: UG1629 lists floating-point
 * instructions among the multi-cycle ones). Figures of the MicroBlaze (classic) FPU, UG984:
 * add/sub 4, multiply 4, divide 28, square root 27, conversions 4, compare, move, sign
 * injection, classify 1; fused multiply-add (which it lacks) taken as 5; 2 more each on 8
 * stages. FP loads and stores are timed like integer ones. */
static unsigned fp_ex_cycles(const struct profile *p, const struct insn *in) {
  unsigned c;
  switch (insn_fp_kind(in)) {
    case FP_KIND_ADD: case FP_KIND_MUL: c = 4; break;
    case FP_KIND_DIV: c = 28; break;
    case FP_KIND_SQRT: c = 27; break;
    case FP_KIND_FUSED: c = 5; break;
    case FP_KIND_OTHER:
      switch (in->op) {
        case OP_FCVT_W_S: case OP_FCVT_WU_S: case OP_FCVT_S_W: case OP_FCVT_S_WU: c = 4; break;
        default: return 1;
      }
      break;
    default: return 1;
  }
  return stages(p) == 8 ? c + 2 : c;
}

/* Data hazards (UG1629 "5-Stage Pipeline", "8-Stage Pipeline"; the 3-stage pipeline has
 * none). The document lists, per stage after operand fetch, which instruction categories stall
 * an instruction in OF that needs their result there: on 5 stages EX (load, multiply, divide,
 * FP) and MEM (load, multiply, FP); on 8 stages EX (all four), M0 (all four), M1 and M2 (load,
 * divide, FP) and M3 (load, FP). A result is thus ready once its producer has left the last
 * stage that lists it: that stage's number, counting EX as 1, is RESULT_STAGE below. The
 * instruction d places behind the producer is in OF while the producer is in stage d, and
 * waits until the producer has left stage RESULT_STAGE: RESULT_STAGE - d + 1 cycles. This
 * gives the document's ranges exactly: on 8 stages 1-5 cycles behind EX, 1-4 behind M0, 1-3
 * and 1-2 behind M1 and M2, 1 behind M3; on 5 stages 1-2 behind EX, 1 behind MEM. */
enum { ST_NONE = 0, ST_EX = 1, ST_MEM = 2, ST_M0 = 2, ST_M1 = 3, ST_M2 = 4, ST_M3 = 5 };
_Static_assert(ST_M3 <= TIMING_HISTORY, "the timing context must reach a producer in M3");

static unsigned result_stage(const struct profile *p, enum producer prod) {
  static const unsigned s5[4] = {[PROD_ALU] = ST_NONE, [PROD_LOAD] = ST_MEM, [PROD_MUL] = ST_MEM, [PROD_DIV] = ST_EX};
  static const unsigned s8[4] = {[PROD_ALU] = ST_NONE, [PROD_LOAD] = ST_M3, [PROD_MUL] = ST_M0, [PROD_DIV] = ST_M2};
  switch (stages(p)) {
    case 5: return s5[prod];
    case 8: return s8[prod];
    default: return ST_NONE;
  }
}

/* Operand-fetch stall of an instruction that reads the result of `prod` produced d
 * instructions before it. */
static unsigned hazard_cycles(const struct profile *p, enum producer prod, unsigned d) {
  unsigned last = result_stage(p, prod);
  return last >= d ? last - d + 1 : 0;
}

/* Does `in` read the register (integer or FP) that `prod` writes? */
static bool reads_result_of(const struct insn *in, const struct insn *prod) {
  if (!prod) return false;
  if (insn_writes_freg(prod, prod->rd)) return insn_reads_freg(in, prod->rd);
  return insn_writes_reg(prod, prod->rd) && insn_reads_reg(in, prod->rd);
}

/* Did an instruction between c->in and the one d before it read that one's result? The first
 * reader waited for it already, longer than a later one would (the wait shrinks with the
 * distance), so a later reader finds it ready. */
static bool read_in_between(const struct insn_context *c, const struct insn *prod, unsigned d) {
  for (unsigned k = 1; k < d; k++) {
    const struct insn *mid = insn_context_before(c, k);
    if (mid && reads_result_of(mid, prod)) return true;
  }
  return false;
}

/* The operand-fetch stall of c->in: the longest wait for a result of the instructions before
 * it (as far back as a result can be late), each not already waited for in between. */
static unsigned of_stall(const struct profile *p, const struct insn_context *c) {
  unsigned stall = 0, reach = stages(p) == 8 ? ST_M3 : ST_MEM;
  for (unsigned d = 1; d <= reach; d++) {
    const struct insn *prod = insn_context_before(c, d);
    if (!prod || !reads_result_of(c->in, prod)) continue;
    unsigned h = hazard_cycles(p, producer_of(prod), d);
    if (h > stall && !read_in_between(c, prod, d)) stall = h;
  }
  return stall;
}

static bool is_shift(enum op op) {
  return op == OP_SLL || op == OP_SRL || op == OP_SRA || op == OP_SLLI || op == OP_SRLI || op == OP_SRAI;
}

static void mb_time_insn(const struct profile *p, const struct insn_context *c, struct insn_timing *t) {
  const struct insn *in = c->in;
  uint64_t retire = insn_retire_events(in), ex = EV_BIT(EV_STALL_EX);
  unsigned s = stages(p);
  t->n = 0;
  unsigned of = of_stall(p, c);
  if (of) timing_add(t, EV_BIT(EV_STALL_OF), of);
  if (in->cls & CLS_DIV) {
    /* multi-cycle in EX: mb_div_timing adds those cycles, as it knows the divisor */
  } else if (in->cls & CLS_MUL) {
    if (s == 3) timing_add(t, ex, 2); /* 3-stage: multiply is multi-cycle */
  } else if ((in->cls & (CLS_LOAD | CLS_STORE)) || insn_fp_kind(in) == FP_KIND_LOAD ||
             insn_fp_kind(in) == FP_KIND_STORE) {
    if (s == 3) timing_add(t, ex, 1); /* 2 cycles on 3 stages (UG1629 instruction table) */
  } else if (in->cls & CLS_FP) {
    timing_add(t, ex, fp_ex_cycles(p, in) - 1);
  } else if (in->cls & CLS_ATOMIC) {
    timing_add(t, mem_stall_event(p), 1); /* read and write of the same word */
  } else if (is_shift((enum op)in->op)) {
    if (s == 3) timing_add(t, ex, 1);
  } else {
    switch (in->op) {
      case OP_MRET: case OP_SRET: /* a jump to xepc */
        timing_add(t, 0, taken_penalty(p));
        break;
      case OP_FENCE: case OP_FENCE_I: /* 2 + N: N, the write-backs, comes from the cache model */
        timing_add(t, 0, 1);
        break;
      default:
        break;
    }
  }
  timing_add(t, retire, 1);
}

/* ---- Dynamic models: caches, branch target cache ---- */

#define MB_INVALID CACHE_MODEL_INVALID

/* The model's state. The BTC's entries, the fetch's memo and generation are kept where the
 * timed dispatch loop reads them (hart/model_hits.h): it counts the outcomes that change
 * nothing itself, and everything else comes here. */
struct mb_model {
  struct cache_model ic, dc;
  unsigned btc_entries;           /* 0: no BTC */
  /* The BTC: entry i holds the immediate branch, JAL or return at physical address pa as key
   * BTC_KEY(pa, counter) (MB_INVALID: empty), counter a 2-bit saturating counter (>= 2
   * predicts taken; 3 for jumps), and the target it predicts (returns). */
  struct btc_filter btc;
  /* The instruction fetch: where sequential fetch continues after the last block, the
   * I-cache's generation (bumped whenever a line enters or leaves it) and the blocks whose
   * lines were all present at a generation (mb_fetch_block). */
  struct fetch_filter fetch;
  struct data_hit_filter dc_hits; /* what the loop needs of the D-cache */
  uint64_t no_line;               /* dc_hits.tag of a multi-way D-cache: never a line */
  struct data_line lines_load[CACHE_MODEL_MAX_ENTRIES];        /* dc_hits.lines_load */
  struct data_store_line lines_store[CACHE_MODEL_MAX_ENTRIES]; /* dc_hits.lines_store */
};

static struct mb_model *model(struct hart *h) { return h->model; }
static const struct profile *prof(const struct hart *h) { return h->machine->profile; }

static bool fetch_fold(struct hart *h, const struct block *from, const struct block *to, uint32_t *words,
                       uint64_t *end);

static void btc_clear(struct mb_model *m) {
  for (unsigned i = 0; i < MB_BTC_MAX; i++) m->btc.key[i] = MB_INVALID;
}

static void mb_model_reset(struct hart *h) {
  const struct profile *p = prof(h);
  struct mb_model *m = model(h);
  cache_model_init(&m->ic, p->options[OPT_IC_SIZE], p->options[OPT_IC_LINE], (unsigned)p->options[OPT_IC_WAYS]);
  cache_model_init(&m->dc, p->options[OPT_DC_SIZE], p->options[OPT_DC_LINE], (unsigned)p->options[OPT_DC_WAYS]);
  m->btc_entries = stages(p) == 3 ? 0 : (unsigned)p->options[OPT_BTC]; /* no BTC on 3 stages */
  btc_clear(m);
  m->btc.mask = m->btc_entries ? m->btc_entries - 1 : 0;
  model_events_init(h, &m->btc.taken_events, EV_BIT(EV_BR_TAKEN) | EV_BIT(EV_BTC_HITS));
  model_events_init(h, &m->btc.not_taken_events, EV_BIT(EV_BR_NOT_TAKEN) | EV_BIT(EV_BTC_HITS));
  model_events_init(h, &m->btc.jump_events, EV_BIT(EV_BTC_HITS));
  model_stall_init(h, &m->btc.mispredict, EV_BIT(EV_BTC_MISPREDICTS), 0, mispredict_penalty(p));
  m->btc.predicted[1] = EV_BIT(EV_BR_TAKEN) | EV_BIT(EV_BTC_HITS);
  m->btc.predicted[0] = EV_BIT(EV_BR_NOT_TAKEN) | EV_BIT(EV_BTC_HITS);
  h->btc_hits_offered = m->btc_entries ? &m->btc : NULL;
  h->fetch_next_pa = MB_INVALID, h->fetch_next_last = false;
  m->fetch.events_mask = EV_BIT(EV_IC_REQUESTS) | EV_BIT(EV_IC_HITS);
  model_events_init(h, &m->fetch.events, m->fetch.events_mask);
  m->fetch.fold = fetch_fold;
  /* The memo holds only blocks of a one-way cache (a hit changes no LRU state). */
  h->fetch_hits_offered = m->ic.sets && m->ic.ways == 1 ? &m->fetch : NULL;
  /* A one-way D-cache's hits change nothing, nor does a write-through store: the dispatch
   * loop counts them itself, reading the model's tags. */
  m->no_line = MB_INVALID;
  m->dc_hits.line_shift = m->dc.line_shift;
  bool direct = m->dc.ways == 1 && m->dc.sets_pow2; /* set = line & set_mask */
  m->dc_hits.tag = direct ? m->dc.tag : &m->no_line;
  m->dc_hits.set_mask = direct ? m->dc.set_mask : 0;
  m->dc_hits.line_mask = ~((1ull << m->dc.line_shift) - 1);
  m->dc_hits.lines_load = m->lines_load, m->dc_hits.lines_store = m->lines_store;
  m->dc_hits.lines_on = direct;
  data_lines_forget_all(&m->dc_hits);
  m->dc_hits.load_static_mask = EV_BIT(EV_DC_READ_REQUESTS) | EV_BIT(EV_DC_READ_HITS);
  model_events_init(h, &m->dc_hits.load_static, m->dc_hits.load_static_mask);
  m->dc_hits.read_hit = &h->hpm.acc[EV_DC_READ_HITS];
  m->dc_hits.read_fill = direct && !p->options[OPT_DC_WRITEBACK]; /* no dirty victims */
  model_stall_init(h, &m->dc_hits.fill, EV_BIT(EV_DC_MEM_READS), mem_stall_event(p), (uint32_t)p->options[OPT_DC_MISS]);
  m->dc_hits.fill_latency_event = EV_DC_MEM_READS;
  m->dc_hits.fill_latency_bit = EV_BIT(EV_DC_MEM_READS);
  m->dc_hits.stores = !p->options[OPT_DC_WRITEBACK];
  m->dc_hits.store_static_mask = m->dc_hits.stores ? EV_BIT(EV_DC_WRITE_REQUESTS) | EV_BIT(EV_DC_MEM_WRITES) : 0;
  model_events_init(h, &m->dc_hits.store_static, m->dc_hits.store_static_mask);
  m->dc_hits.store_hit = &h->hpm.acc[EV_DC_WRITE_HITS];
  m->dc_hits.store_latency_event = EV_DC_MEM_WRITES;
  m->dc_hits.store_latency_bit = EV_BIT(EV_DC_MEM_WRITES);
  m->dc_hits.store_latency = (uint32_t)p->options[OPT_DC_WRITE];
  h->data_hits_offered = m->dc.sets ? &m->dc_hits : NULL;
}

/* A D-cache line written back to memory (a dirty victim, CBO, FENCE.I). */
static void dc_write_back(struct hart *h) {
  uint64_t lat = prof(h)->options[OPT_DC_WRITE];
  hart_add_stall(h, EV_BIT(EV_DC_MEM_WRITES), mem_stall_event(prof(h)), lat);
  hart_report_latency(h, EV_DC_MEM_WRITES, lat);
}

/* A D-cache line read from memory. */
static void dc_line_fill(struct hart *h) {
  uint64_t lat = prof(h)->options[OPT_DC_MISS];
  hart_add_stall(h, EV_BIT(EV_DC_MEM_READS), mem_stall_event(prof(h)), lat);
  hart_report_latency(h, EV_DC_MEM_READS, lat);
}

static void mb_data_access(struct hart *h, uint64_t va, uint64_t pa, unsigned size, bool store, bool device) {
  const struct profile *p = prof(h);
  struct mb_model *m = model(h);
  if (device) { /* uncached: the peripheral AXI interface (M_AXI_DP) */
    enum event_id ev = store ? EV_AXI_WRITES : EV_AXI_READS;
    uint64_t lat = p->options[store ? OPT_AXI_WRITE : OPT_AXI_READ];
    hart_add_stall(h, EV_BIT(ev), mem_stall_event(p), lat);
    hart_report_latency(h, ev, lat);
    return;
  }
  struct cache_model *c = &m->dc;
  if (!c->sets) return; /* no data cache: local memory, no wait */
  uint64_t line = pa >> c->line_shift;
  int slot = cache_model_find(c, line);
  bool writeback = p->options[OPT_DC_WRITEBACK] != 0, victim_dirty;
  if (!store) {
    hart_add_events(h, EV_BIT(EV_DC_READ_REQUESTS) | (slot >= 0 ? EV_BIT(EV_DC_READ_HITS) : 0), 1);
    if (slot < 0) {
      data_lines_forget_set(&m->dc_hits, cache_model_fill(c, line, &victim_dirty));
      if (victim_dirty) dc_write_back(h);
      dc_line_fill(h);
    }
    return;
  }
  hart_add_events(h, EV_BIT(EV_DC_WRITE_REQUESTS) | (slot >= 0 ? EV_BIT(EV_DC_WRITE_HITS) : 0), 1);
  if (!writeback) {
    /* Write-through: every store is written to memory (posted: the pipeline does not wait);
     * a miss does not allocate. */
    hart_add_events(h, EV_BIT(EV_DC_MEM_WRITES), 1);
    hart_report_latency(h, EV_DC_MEM_WRITES, p->options[OPT_DC_WRITE]);
    return;
  }
  /* Write-back: a miss allocates; a word store only updates the cache, a byte or halfword
   * store first reads the line (UG1629 "Data Cache Operation"). */
  if (slot < 0) {
    slot = (int)cache_model_fill(c, line, &victim_dirty);
    data_lines_forget_set(&m->dc_hits, (unsigned)slot);
    if (victim_dirty) dc_write_back(h);
    if (size < 4) dc_line_fill(h);
  }
  c->dirty[slot] = 1;
}

static void mb_cache_block_op(struct hart *h, enum cbo_kind kind, uint64_t pa) {
  struct mb_model *m = model(h);
  struct cache_model *c = &m->dc;
  if (!c->sets) return;
  int slot = cache_model_find(c, pa >> c->line_shift);
  if (slot < 0) return;
  if (kind != CBO_INVAL && c->dirty[slot]) dc_write_back(h);
  c->dirty[slot] = 0;
  if (kind != CBO_CLEAN) {
    c->tag[slot] = MB_INVALID;
    data_lines_forget_set(&m->dc_hits, (unsigned)slot);
  }
}

/* FENCE.I invalidates the instruction cache and the BTC, and flushes (write-back) or
 * invalidates (write-through) the data cache (UG1629 "Data Cache Operation", "Branches"). */
static void mb_fence_i(struct hart *h) {
  struct mb_model *m = model(h);
  for (unsigned i = 0; i < m->dc.sets * m->dc.ways; i++)
    if (m->dc.tag[i] != MB_INVALID && m->dc.dirty[i]) dc_write_back(h);
  cache_model_invalidate_all(&m->dc);
  data_lines_forget_all(&m->dc_hits);
  cache_model_invalidate_all(&m->ic);
  hart_fetch_gen_next(h);
  btc_clear(m);
  h->fetch_next_pa = MB_INVALID, h->fetch_next_last = false;
}

/* Instruction fetch of a block: one request per 32-bit word, the word that sequential fetch
 * already has excepted; each line's first word looks up the cache, the rest of it hit.
 *
 * Hot blocks skip the lookups: with one way (the default), a hit changes no state (no LRU),
 * so a block whose lines were all present at I-cache generation fetch.gen (bumped by every
 * fill and invalidation) still has them all while the generation is the same, and its fetch
 * is only hits: the memo (hart/model_hits.h) holds such blocks, and the timed dispatch loop
 * counts their fetch itself (hart_fetch_block; intmix32 on mbv-5: mb_fetch_block and
 * cache_model_find took 23% of the host's instructions, then the call per block 12%). */
/* Not inlined: the lookups' registers would be saved and restored on every call, the memo
 * path's too (17 of its ~50 host instructions on callchase32). */
__attribute__((noinline)) static void fetch_lines(struct hart *h, const struct block *blk);

static void mb_fetch_block(struct hart *h, const struct block *blk) {
  /* Without h->fetch_hits (RVPMU_NO_MODEL_HITS=1) every block looks its lines up: the
   * reference the memo is compared with (tests/cli/model_hits.sh). */
  if (!h->fetch_hits || !fetch_memo_hit(h, h->fetch_hits, blk)) fetch_lines(h, blk);
}

/* The end of block blk's bytes, if they are cacheable (RAM), else 0. */
static uint64_t fetch_end(const struct hart *h, const struct block *blk) {
  if (!blk->count) return 0;
  uint64_t start = blk->paddr, end = start + block_end_off(blk);
  return end > start && bus_ram_ptr(&h->machine->bus, start, end - start) ? end : 0;
}

/* The 32-bit words of [start, end). */
static uint32_t fetch_words(uint64_t start, uint64_t end) { return (uint32_t)((((end - 1) & ~3ull) - (start & ~3ull)) / 4 + 1); }

/* The fetch of `to` after that of `from` (fetch_filter.fold): what the memo would count for it
 * with all its lines present, as `from` left next_pa (both cacheable: a fetch outside RAM
 * leaves next_pa as it was). */
static bool fetch_fold(struct hart *h, const struct block *from, const struct block *to, uint32_t *words,
                       uint64_t *end) {
  uint64_t from_end = fetch_end(h, from), to_end = fetch_end(h, to);
  if (!model(h)->ic.sets || !from_end || !to_end) return false;
  *words = fetch_words(to->paddr, to_end) - ((to->paddr & 2) && to->paddr == from_end);
  *end = to_end;
  return true;
}

/* The fetch of a block not in the memo: each line's first word looks up the cache. */
static void fetch_lines(struct hart *h, const struct block *blk) {
  struct mb_model *m = model(h);
  struct cache_model *c = &m->ic;
  if (!c->sets) return;
  uint64_t start = blk->paddr, end = fetch_end(h, blk);
  if (!end) { /* not cacheable: sequential fetch continues where it did */
    hart_fetch_next_settle(h, h->last_block);
    return;
  }
  uint64_t w = start & ~3ull, wlast = (end - 1) & ~3ull;
  uint32_t words = fetch_words(start, end);
  /* The block before ended in this block's first word (at start, 2 mod 4): fetched already. */
  if (start == hart_fetch_next(h) && (start & 2)) w += 4;
  /* With the inline paths `end` once blk has run (hart_fetch_next); the models alone (the
   * reference, RVPMU_NO_MODEL_HITS=1: no fold, no memo) store it at every fetch. */
  if (h->fetch_hits) h->fetch_next_last = true;
  else h->fetch_next_pa = end;
  uint64_t miss = prof(h)->options[OPT_IC_MISS], hits = 0;
  bool all_hit = true;
  while (w <= wlast) {
    uint64_t line = w >> c->line_shift, line_end = (line + 1) << c->line_shift;
    uint64_t n = ((wlast < line_end ? wlast + 4 : line_end) - w) / 4;
    if (cache_model_find(c, line) < 0) {
      bool dirty;
      cache_model_fill(c, line, &dirty);
      hart_fetch_gen_next(h);
      all_hit = false;
      hart_add_stall(h, EV_BIT(EV_IC_REQUESTS) | EV_BIT(EV_IC_MEM_READS), 0, miss); /* fetch waits */
      hart_report_latency(h, EV_IC_MEM_READS, miss);
      n--;
    }
    hits += n;
    w = line_end;
  }
  /* The hits of all lines at once: each request and its hit share a cycle, which the model
   * does not align with execution, so only their number matters (and one call costs less). */
  if (hits) hart_add_events(h, EV_BIT(EV_IC_REQUESTS) | EV_BIT(EV_IC_HITS), (uint32_t)hits);
  /* A block that had to fill lines is remembered once it runs with all of them present. The
   * sequential word skipped above is in the cache too (it was fetched just before). (A
   * stepped instruction's scratch block at the same address always holds the same range.) */
  if (c->ways == 1 && all_hit) *fetch_memo_of(&m->fetch, start) = (struct fetch_memo){blk, start, h->fetch_gen, (uint32_t)(end - start), words};
}

/* A branch's or jump's outcome: its events in one cycle, plus refill cycles. */
static void transfer_cost(struct hart *h, uint64_t events, unsigned penalty) {
  if (!penalty) {
    if (events) hart_add_events(h, events, 1);
    return;
  }
  hart_add_stall(h, events, 0, penalty);
}

/* The BTC entry of physical address pa: its index; *hit when it holds pa. */
static unsigned btc_index(const struct mb_model *m, uint64_t pa, bool *hit) {
  unsigned i = (unsigned)(pa >> 1 & m->btc.mask);
  *hit = m->btc.key[i] != MB_INVALID && m->btc.key[i] >> 2 == pa;
  return i;
}

/* (The dispatch loop counts a hit whose saturated counter predicted right itself:
 * hart_branch_outcome.) */
static void mb_branch(struct hart *h, const struct insn *in, uint64_t pa, bool taken) {
  const struct profile *p = prof(h);
  struct mb_model *m = model(h);
  (void)in;
  uint64_t ev = EV_BIT(taken ? EV_BR_TAKEN : EV_BR_NOT_TAKEN);
  unsigned penalty = taken ? taken_penalty(p) : 0;
  if (m->btc_entries) {
    bool hit;
    unsigned i = btc_index(m, pa, &hit);
    if (hit) {
      unsigned counter = (unsigned)(m->btc.key[i] & 3);
      bool predicted = counter >= 2;
      ev |= EV_BIT(EV_BTC_HITS);
      penalty = 0;
      if (predicted != taken) {
        ev |= EV_BIT(EV_BTC_MISPREDICTS);
        penalty = mispredict_penalty(p);
      }
      if (taken && counter < 3) counter++;
      if (!taken && counter > 0) counter--;
      m->btc.key[i] = BTC_KEY(pa, counter);
    } else { /* saved the first time it is encountered, predicting what it did */
      m->btc.key[i] = BTC_KEY(pa, taken ? 2u : 1u);
      m->btc.target[i] = 0;
    }
  }
  transfer_cost(h, ev, penalty);
}

/* JAL and returns (JALR x0, 0(ra) or 0(t0)) use the BTC; other JALRs always refill. (The
 * dispatch loop counts a hit with the same target itself: hart_jump_linked.) */
static void mb_jump(struct hart *h, const struct insn *in, uint64_t pa, uint64_t target) {
  const struct profile *p = prof(h);
  struct mb_model *m = model(h);
  bool is_return = in->op == OP_JALR && in->rd == REG_SINK && in->imm == 0 && (in->rs1 == 1 || in->rs1 == 5);
  if (!m->btc_entries || (in->op == OP_JALR && !is_return)) {
    transfer_cost(h, 0, taken_penalty(p));
    return;
  }
  bool hit;
  unsigned i = btc_index(m, pa, &hit);
  if (!hit) {
    m->btc.key[i] = BTC_KEY(pa, 3u);
    m->btc.target[i] = target;
    transfer_cost(h, 0, taken_penalty(p));
  } else if (m->btc.target[i] != target) { /* a return to somewhere else than last time */
    m->btc.target[i] = target;
    transfer_cost(h, EV_BIT(EV_BTC_HITS) | EV_BIT(EV_BTC_MISPREDICTS), mispredict_penalty(p));
  } else {
    transfer_cost(h, EV_BIT(EV_BTC_HITS), 0);
  }
}

/* A divide or remainder stays div_cycles in EX (the same with a zero divisor, which raises
 * DIV_BY_ZERO in its first execute-stall cycle). */
static void mb_div_timing(const struct profile *p, const struct insn *in, uint64_t a, uint64_t b,
                          struct insn_timing *t) {
  (void)a;
  t->n = 0;
  if (!(in->cls & CLS_DIV)) return;
  uint64_t ex = EV_BIT(EV_STALL_EX);
  timing_add(t, ex | ((uint32_t)b == 0 ? EV_BIT(EV_DIV_BY_ZERO) : 0), 1);
  timing_add(t, ex, (uint32_t)p->options[OPT_DIV_CYCLES] - 2);
}

/* ---- Counter layout ---- */

static unsigned event_counters(const struct profile *p) { return (unsigned)p->options[OPT_EVENT_CTRS]; }

static bool is_pair_first(const struct profile *p, unsigned idx) { return p->latency_pairs >> idx & 1; }
static bool is_pair_second(const struct profile *p, unsigned idx) { return idx > 0 && (p->latency_pairs >> (idx - 1) & 1); }

static uint64_t mb_selector_reset(const struct profile *p, unsigned idx) {
  return is_pair_first(p, idx) ? (uint64_t)MB_LATENCY_CLASS << MB_CLASS_SHIFT : 0;
}

/* WARL: event counters keep bits 24:0 as written; a pair's first selector keeps its event
 * bits with the class fixed to 5; a pair's second selector reads 0. */
static uint64_t mb_selector_write(const struct profile *p, unsigned idx, uint64_t old, uint64_t value) {
  (void)old;
  if (is_pair_second(p, idx)) return 0;
  if (is_pair_first(p, idx))
    return (value & (MB_EVENT_MASK << MB_EVENT_SHIFT)) | (uint64_t)MB_LATENCY_CLASS << MB_CLASS_SHIFT;
  return value & MB_SELECTOR_BITS;
}

static void mb_finish(struct profile *p) {
  unsigned e = event_counters(p), l = (unsigned)p->options[OPT_LATENCY_CTRS];
  if (e + 2 * l > 29) l = (29 - e) / 2; /* the 29-counter limit: latency pairs give way */
  p->options[OPT_LATENCY_CTRS] = l;
  p->num_hpm = e + 2 * l;
  p->latency_pairs = 0;
  for (unsigned k = 0; k < l; k++) p->latency_pairs |= 1u << (HPM_FIRST_PROGRAMMABLE + e + 2 * k);
  p->cbom_block_bytes = (unsigned)p->options[OPT_DC_LINE];
  /* Without a data cache RAM accesses cost nothing: only peripheral ones need the model, and
   * they take the slow path anyway; RAM then keeps the TLB fast path (bench/intmix.c for rv32,
   * icache=0,dcache=0: 9.5 s -> 8.2 s user time). */
  p->data_access_ram = p->options[OPT_DC_SIZE] != 0;
  /* The exception entry: ECALL and EBREAK take 5 cycles (UG1629), and so, here, does every
   * exception; an interrupt costs a taken jump to the vector. */
  p->exception_entry.n = 0;
  timing_add(&p->exception_entry, 0, stages(p) == 8 ? 7 : 5);
  p->interrupt_entry.n = 0;
  timing_add(&p->interrupt_entry, 0, taken_penalty(p) + 1);
}

const struct profile microblaze_v_profile = {
    .name = "microblaze-v",
    .description = "AMD MicroBlaze V: RV32IMAFC+Zb*+Zicbom, class/event selectors, latency counters, caches, BTC",
    .default_isa = "rv32imafc_zicbom_zba_zbb_zbc_zbs",
    .default_platform = "virt",
    .isa_letters = "imafc",
    .isa_ext = ISA_EXT_ZBA | ISA_EXT_ZBB | ISA_EXT_ZBC | ISA_EXT_ZBS | ISA_EXT_ZICBOM,
    .xlens = 1,
    .has_s_mode = true,
    .has_u_mode = true,
    .num_hpm = 7,
    .hpm_width = 64,
    .fixed_width = 64,
    .mcountinhibit_reset = 0,
    .selectors_writable = true,
    .selector_mask = MB_SELECTOR_BITS,
    .has_sscofpmf = false,
    .has_smcntrpmf = false,
    .time_csr_traps = false,
    .events = mb_events,
    .decode_selector = mb_decode,
    .selector_reset = mb_selector_reset,
    .selector_write = mb_selector_write,
    .set_option = mb_set_option,
    .finish = mb_finish,
    .time_insn = mb_time_insn,
    .div_timing = mb_div_timing,
    .misaligned_in_hardware = false,
    .max_cycles_per_insn = 64,
    .ecall_ebreak_events = EV_BIT(EV_SYSTEM_INSNS),
    .periph_base = 0x4000000,
    .model_bytes = sizeof(struct mb_model),
    .model_reset = mb_model_reset,
    .fetch_block = mb_fetch_block,
    .data_access = mb_data_access,
    .branch = mb_branch,
    .jump = mb_jump,
    .cache_block_op = mb_cache_block_op,
    .fence_i = mb_fence_i,
    .options = {
        [OPT_EVENT_CTRS] = 5, [OPT_LATENCY_CTRS] = 1, [OPT_PIPELINE] = 5,
        [OPT_IC_SIZE] = 8192, [OPT_IC_LINE] = 16, [OPT_IC_WAYS] = 1, [OPT_IC_MISS] = 10,
        [OPT_DC_SIZE] = 8192, [OPT_DC_LINE] = 16, [OPT_DC_WAYS] = 1, [OPT_DC_MISS] = 10,
        [OPT_DC_WRITE] = 4, [OPT_DC_WRITEBACK] = 0, [OPT_BTC] = 512,
        [OPT_AXI_READ] = 6, [OPT_AXI_WRITE] = 4, [OPT_DIV_CYCLES] = 32,
    },
};
