/* The generic profile: 29 programmable 64-bit counters, selectors hold the SBI event index
 * (type << 16 | code) for hardware general and cache events, and raw events 0x2000N for the
 * architectural events it counts exactly. Cycles equal retired instructions (no timing model),
 * and the clock halts in WFI. Caches, TLBs and a branch predictor (generic_models.c) produce
 * the miss events; they run only while selected. See docs/events-generic.md. */
#include "profiles/generic.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* SBI PMU hardware general event codes (SBI spec, table "PMU Hardware Events"). */
#define SBI_HW_CPU_CYCLES 0x1
#define SBI_HW_INSTRUCTIONS 0x2
#define SBI_HW_BRANCH_INSTRUCTIONS 0x5
#define SBI_HW_BRANCH_MISSES 0x6
#define SBI_HW_BUS_CYCLES 0x7
#define SBI_HW_REF_CPU_CYCLES 0xa
/* SBI PMU hardware cache events: 0x10000 | cache << 3 | op << 1 | result (table "PMU Cache
 * Events"): cache L1D 0, L1I 1, LL 2, DTLB 3, ITLB 4; op read 0, write 1, prefetch 2; result
 * access 0, miss 1. */
#define SBI_CACHE(cache, op, result) (0x10000u | (cache) << 3 | (op) << 1 | (result))
enum { SBI_L1D = 0, SBI_L1I = 1, SBI_LL = 2, SBI_DTLB = 3, SBI_ITLB = 4, SBI_BPU = 5 };
enum { SBI_READ = 0, SBI_WRITE = 1 };
enum { SBI_ACCESS = 0, SBI_MISS = 1 };
/* Raw event selectors of this profile: 0x20000 | n, disjoint from the general (0x0000N) and
 * cache (0x1xxxx) event indices so one mhpmevent value means one thing. */
#define GENERIC_RAW(n) (0x20000u | (n))

/* A general event selects itself (its SBI index is the selector); a raw event has no SBI index. */
#define GENERAL(name, code, ev, desc) {name, code, ev, desc, code}
#define RAW(name, n, ev, desc) {name, GENERIC_RAW(n), ev, desc, 0}

static const struct profile_event generic_events[] = {
    GENERAL("cycles", SBI_HW_CPU_CYCLES, EV_CYCLES, "CPU cycles (SBI general event 1); also mcycle"),
    GENERAL("instructions", SBI_HW_INSTRUCTIONS, EV_INSNS, "instructions retired (SBI general event 2); also minstret"),
    GENERAL("branches", SBI_HW_BRANCH_INSTRUCTIONS, EV_BRANCHES, "conditional branches retired (SBI general event 5)"),
    RAW("loads", 0x01, EV_LOADS, "integer loads retired (not LR/AMO)"),
    RAW("stores", 0x02, EV_STORES, "integer stores retired (not SC/AMO)"),
    RAW("branches-taken", 0x03, EV_BR_TAKEN, "conditional branches retired taken"),
    RAW("branches-not-taken", 0x04, EV_BR_NOT_TAKEN, "conditional branches retired not taken"),
    RAW("jumps", 0x05, EV_JUMPS, "JAL/JALR and compressed jumps retired"),
    RAW("compressed", 0x06, EV_COMPRESSED, "compressed instructions retired"),
    RAW("multiplies", 0x07, EV_MULS, "MUL, MULH, MULHSU, MULHU, MULW retired"),
    RAW("divides", 0x08, EV_DIVS, "DIV, DIVU, REM, REMU and W forms retired"),
    RAW("exceptions", 0x09, EV_EXCEPTIONS, "synchronous exceptions taken"),
    RAW("interrupts", 0x0a, EV_INTERRUPTS, "interrupts taken"),
    RAW("atomics", 0x0b, EV_ATOMICS, "LR, SC and AMO instructions retired"),
    /* The models' events: selectors are the SBI indices, as perf's generic names need. */
    GENERAL("branch-misses", SBI_HW_BRANCH_MISSES, EV_BR_MISPREDICTS, "conditional branches the bimodal predictor mispredicted (SBI general event 6)"),
    GENERAL("L1-dcache-loads", SBI_CACHE(SBI_L1D, SBI_READ, SBI_ACCESS), EV_DC_READ_REQUESTS, "loads (and LR, AMO reads) from RAM through the L1 data cache"),
    GENERAL("L1-dcache-load-misses", SBI_CACHE(SBI_L1D, SBI_READ, SBI_MISS), EV_DC_READ_MISSES, "of those, L1 data cache misses"),
    GENERAL("L1-dcache-stores", SBI_CACHE(SBI_L1D, SBI_WRITE, SBI_ACCESS), EV_DC_WRITE_REQUESTS, "stores (and SC, AMO writes) to RAM through the L1 data cache"),
    GENERAL("L1-dcache-store-misses", SBI_CACHE(SBI_L1D, SBI_WRITE, SBI_MISS), EV_DC_WRITE_MISSES, "of those, L1 data cache misses (write-allocate)"),
    GENERAL("L1-icache-loads", SBI_CACHE(SBI_L1I, SBI_READ, SBI_ACCESS), EV_IC_REQUESTS, "L1 instruction cache lookups: one per line of sequential instruction fetch"),
    GENERAL("L1-icache-load-misses", SBI_CACHE(SBI_L1I, SBI_READ, SBI_MISS), EV_IC_MISSES, "of those, L1 instruction cache misses"),
    GENERAL("dTLB-load-misses", SBI_CACHE(SBI_DTLB, SBI_READ, SBI_MISS), EV_DTLB_LOAD_MISSES, "translated loads that missed in the data TLB"),
    GENERAL("dTLB-store-misses", SBI_CACHE(SBI_DTLB, SBI_WRITE, SBI_MISS), EV_DTLB_STORE_MISSES, "translated stores that missed in the data TLB"),
    GENERAL("iTLB-load-misses", SBI_CACHE(SBI_ITLB, SBI_READ, SBI_MISS), EV_ITLB_MISSES, "translated instruction fetches (one lookup per block) that missed in the instruction TLB"),
    /* perf's other generic events that these models answer (docs/events-generic.md): the L1
     * data cache is the last level, the predictor is read once per conditional branch, and the
     * clock is constant and the bus runs at it. */
    GENERAL("LLC-loads", SBI_CACHE(SBI_LL, SBI_READ, SBI_ACCESS), EV_DC_READ_REQUESTS, "last-level cache loads: the L1 data cache is the only level (= L1-dcache-loads)"),
    GENERAL("LLC-load-misses", SBI_CACHE(SBI_LL, SBI_READ, SBI_MISS), EV_DC_READ_MISSES, "of those, misses (= L1-dcache-load-misses)"),
    GENERAL("LLC-stores", SBI_CACHE(SBI_LL, SBI_WRITE, SBI_ACCESS), EV_DC_WRITE_REQUESTS, "last-level cache stores (= L1-dcache-stores)"),
    GENERAL("LLC-store-misses", SBI_CACHE(SBI_LL, SBI_WRITE, SBI_MISS), EV_DC_WRITE_MISSES, "of those, misses (= L1-dcache-store-misses)"),
    GENERAL("branch-loads", SBI_CACHE(SBI_BPU, SBI_READ, SBI_ACCESS), EV_BRANCHES, "branch predictor lookups: one per conditional branch (= branches)"),
    GENERAL("branch-load-misses", SBI_CACHE(SBI_BPU, SBI_READ, SBI_MISS), EV_BR_MISPREDICTS, "of those, mispredicted (= branch-misses)"),
    GENERAL("bus-cycles", SBI_HW_BUS_CYCLES, EV_CYCLES, "bus cycles (SBI general event 7): the bus runs at the core clock (= cycles)"),
    GENERAL("ref-cycles", SBI_HW_REF_CPU_CYCLES, EV_CYCLES, "reference cycles (SBI general event 10): the clock never changes frequency (= cycles)"),
    {0},
};

static uint64_t generic_decode(const struct profile *p, uint64_t selector) {
  for (const struct profile_event *e = p->events; e->name; e++)
    if (e->selector == selector) return EV_BIT(e->event);
  return 0;
}

static const struct profile_numeric_option generic_options[] = {
    {"icache", GOPT_IC_SIZE, 0, 1u << 20, true},  {"icache_line", GOPT_IC_LINE, 16, 256, true},
    {"icache_ways", GOPT_IC_WAYS, 1, 64, false},  {"dcache", GOPT_DC_SIZE, 0, 1u << 20, true},
    {"dcache_line", GOPT_DC_LINE, 16, 256, true}, {"dcache_ways", GOPT_DC_WAYS, 1, 64, false},
    {"itlb", GOPT_ITLB, 0, CACHE_MODEL_MAX_WAYS, false}, {"dtlb", GOPT_DTLB, 0, CACHE_MODEL_MAX_WAYS, false},
    {"bpred", GOPT_BPRED, 1, GENERIC_BPRED_MAX, true},
};

/* The options that are profile fields rather than model sizes: pmp=0|16|64 (PMP entries),
 * pmp_granularity=BYTES (a power of two >= 4) and misaligned=hardware|trap. Returns 1 if `key`
 * is none of them. */
static int core_option(struct profile *p, const char *key, const char *value, char *err, unsigned errlen) {
  char *end;
  unsigned long long v = strtoull(value, &end, 0);
  bool number = *value && !*end && *value != '-';
  if (!strcmp(key, "pmp")) {
    if (!number || (v != 0 && v != 16 && v != 64)) {
      snprintf(err, errlen, "core %s: pmp=%s: expected 0, 16 or 64 (PMP entries)", p->name, value);
      return -1;
    }
    p->pmp_entries = (unsigned)v;
    return 0;
  }
  if (!strcmp(key, "pmp_granularity")) {
    if (!number || v < 4 || (v & (v - 1)) || v > (1ull << 40)) {
      snprintf(err, errlen, "core %s: pmp_granularity=%s: expected a power of two in 4..2^40 (bytes)", p->name, value);
      return -1;
    }
    p->pmp_granularity_log2 = (unsigned)__builtin_ctzll(v) - 2;
    return 0;
  }
  if (!strcmp(key, "misaligned")) {
    if (strcmp(value, "hardware") && strcmp(value, "trap")) {
      snprintf(err, errlen, "core %s: misaligned=%s: expected hardware or trap", p->name, value);
      return -1;
    }
    p->misaligned_in_hardware = !strcmp(value, "hardware");
    return 0;
  }
  return 1;
}

static int generic_set_option(struct profile *p, const char *key, const char *value, char *err, unsigned errlen) {
  int r = profile_numeric_option(p, generic_options, sizeof generic_options / sizeof *generic_options, key,
                                 value, err, errlen);
  if (r <= 0) return r;
  r = core_option(p, key, value, err, errlen);
  if (r <= 0) return r;
  snprintf(err, errlen,
           "core %s: unknown option '%s' (known: counters=N, width=N, pmp=0|16|64, pmp_granularity=BYTES, "
           "misaligned=hardware|trap, icache=BYTES, icache_line=BYTES, icache_ways=N, dcache=BYTES, dcache_line=BYTES, "
           "dcache_ways=N, itlb=ENTRIES, dtlb=ENTRIES, bpred=ENTRIES)",
           p->name, key);
  return -1;
}

/* A cache geometry the tag array cannot hold is an option error, not a silent cap. */
static int check_cache(const struct profile *p, const char *name, unsigned size, unsigned line, unsigned ways,
                       char *err, unsigned errlen) {
  uint64_t bytes = p->options[size], entries = bytes / p->options[line];
  if (!bytes) return 0;
  if (bytes < p->options[line] * p->options[ways] || entries % p->options[ways] || entries > CACHE_MODEL_MAX_ENTRIES) {
    snprintf(err, errlen, "core %s: %s of %llu bytes with %llu-byte lines and %llu ways: need whole sets and at most %u lines",
             p->name, name, (unsigned long long)bytes, (unsigned long long)p->options[line],
             (unsigned long long)p->options[ways], CACHE_MODEL_MAX_ENTRIES);
    return -1;
  }
  return 0;
}

static int generic_check(const struct profile *p, char *err, unsigned errlen) {
  if (check_cache(p, "icache", GOPT_IC_SIZE, GOPT_IC_LINE, GOPT_IC_WAYS, err, errlen)) return -1;
  return check_cache(p, "dcache", GOPT_DC_SIZE, GOPT_DC_LINE, GOPT_DC_WAYS, err, errlen);
}

static uint64_t generic_reset(const struct profile *p, unsigned idx) {
  (void)p;
  (void)idx;
  return 0;
}

const struct profile generic_profile = {
    .name = "generic",
    .description = "29 programmable 64-bit counters, SBI event indices as selectors, Sscofpmf, Smcntrpmf",
    /* What current distributions and compilers target: RV64GC (RVA20) with B, Zicond, the
     * cache-block operations and scalar cryptography (Zk, Zks). */
    .default_isa = "rv64imafdc_zicbom_zicboz_zicond_zihintpause_zba_zbb_zbc_zbkb_zbkc_zbkx_zbs_zknd_zkne_zknh_zksed_"
                   "zksh_zkt",
    .default_platform = "virt",
    .isa_letters = "imafdc",
    .isa_ext = ISA_EXT_ZBA | ISA_EXT_ZBB | ISA_EXT_ZBC | ISA_EXT_ZBS | ISA_EXT_ZICOND | ISA_EXT_ZICBOM |
               ISA_EXT_ZICBOZ | ISA_EXT_ZIHINTPAUSE | ISA_EXT_ZBKB | ISA_EXT_ZBKC | ISA_EXT_ZBKX | ISA_EXT_ZKND |
               ISA_EXT_ZKNE | ISA_EXT_ZKNH | ISA_EXT_ZKSED | ISA_EXT_ZKSH | ISA_EXT_ZKT,
    .xlens = 3,
    .has_s_mode = true,
    .has_u_mode = true,
    .num_hpm = 29,
    .hpm_width = 64,
    .fixed_width = 64,
    .mcountinhibit_reset = 0,
    .selectors_writable = true,
    .has_sscofpmf = true,
    .has_smcntrpmf = true,
    .has_smstateen = true,
    .has_smcsrind = true,
    .has_smcdeleg = true,
    .time_csr_traps = false,
    .events = generic_events,
    .decode_selector = generic_decode,
    .selector_reset = generic_reset,
    .max_cycles_per_insn = 1,
    /* Misaligned loads and stores are done in hardware, as on QEMU and most application cores
     * (misaligned=trap leaves them to M mode); 16 PMP entries of 4 bytes, as QEMU's virt. */
    .misaligned_in_hardware = true,
    .pmp_entries = 16,
    .pmp_granularity_log2 = 0,
    /* The Zicbom/Zicboz block: the L1 data cache line of the models' defaults. */
    .cbom_block_bytes = 64,
    .cboz_block_bytes = 64,
    .set_option = generic_set_option,
    .check = generic_check,
    /* Defaults: a typical application core's L1s (32 KiB, 8 ways, 64-byte lines: a way is one
     * page, see generic_models.c), 32-entry TLBs, 1024 predictor counters. */
    .options = {[GOPT_IC_SIZE] = 32768, [GOPT_IC_LINE] = 64, [GOPT_IC_WAYS] = 8,
                [GOPT_DC_SIZE] = 32768, [GOPT_DC_LINE] = 64, [GOPT_DC_WAYS] = 8,
                [GOPT_ITLB] = 32, [GOPT_DTLB] = 32, [GOPT_BPRED] = 1024},
    .model_bytes = sizeof(struct generic_model),
    .model_reset = generic_model_reset,
    .fetch_block = generic_fetch_block,
    .data_access = generic_data_access,
    .data_access_ram = true,
    .branch = generic_branch,
    .fence_i = generic_fence_i,
    .tlb_flush = generic_tlb_flush,
    .fetch_model_events = EV_BIT(EV_IC_REQUESTS) | EV_BIT(EV_IC_MISSES) | EV_BIT(EV_ITLB_MISSES),
    .data_model_events = EV_BIT(EV_DC_READ_REQUESTS) | EV_BIT(EV_DC_READ_MISSES) | EV_BIT(EV_DC_WRITE_REQUESTS) |
                         EV_BIT(EV_DC_WRITE_MISSES) | EV_BIT(EV_DTLB_LOAD_MISSES) | EV_BIT(EV_DTLB_STORE_MISSES),
    .branch_model_events = EV_BIT(EV_BR_MISPREDICTS),
};
