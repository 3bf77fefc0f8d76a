/* The generic profile (generic.c) and its on-demand cache, TLB and branch-predictor models
 * (generic_models.c). */
#ifndef RVPMU_PROFILES_GENERIC_H
#define RVPMU_PROFILES_GENERIC_H

#include "profiles/cache_model.h"
#include "profiles/profile.h"

extern const struct profile generic_profile;

/* Its --core options, as indices into profile.options (defaults and ranges in generic.c). */
enum {
  GOPT_IC_SIZE, GOPT_IC_LINE, GOPT_IC_WAYS, /* L1 instruction cache: bytes, line bytes, ways */
  GOPT_DC_SIZE, GOPT_DC_LINE, GOPT_DC_WAYS, /* L1 data cache */
  GOPT_ITLB, GOPT_DTLB,                     /* TLB entries (fully associative) */
  GOPT_BPRED,                               /* branch predictor: 2-bit counters */
  GOPT_COUNT
};
#define GENERIC_BPRED_MAX 65536u

/* The models' per-hart state (hart.model) and hooks (profile.h says what each promises). */
struct generic_model {
  struct cache_model ic, dc;        /* tags are line numbers (pa >> line shift) */
  struct cache_model itlb, dtlb;    /* one set; tags are virtual page numbers */
  uint8_t bpred[GENERIC_BPRED_MAX]; /* 2-bit saturating counters, >= 2 predicts taken */
  uint64_t next_fetch_pa;           /* where sequential fetch continues after the last block */
  uint64_t last_fetch_line;         /* the line it fetched last (CACHE_MODEL_INVALID: none) */
};
void generic_model_reset(struct hart *h);
void generic_fetch_block(struct hart *h, const struct block *blk);
void generic_data_access(struct hart *h, uint64_t va, uint64_t pa, unsigned size, bool store, bool device);
void generic_branch(struct hart *h, const struct insn *in, uint64_t pa, bool taken);
void generic_fence_i(struct hart *h);
void generic_tlb_flush(struct hart *h);

#endif
