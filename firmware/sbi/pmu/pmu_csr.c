/* Switch tables for the counter CSRs (see pmu_csr.h). */
#include "sbi/pmu/pmu_csr.h"

#include "hart/hart.h"
#include "lib/csr.h"

#define HPM_CASES(X)                                                                         \
  X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15) X(16) X(17) X(18) \
  X(19) X(20) X(21) X(22) X(23) X(24) X(25) X(26) X(27) X(28) X(29) X(30) X(31)
#define CTR_CASES(X) X(0) X(2) HPM_CASES(X)

static unsigned long counter_lo_read(unsigned idx) {
  switch (idx) {
#define X_(i) case i: return csr_read(CSR_MCYCLE + i);
    CTR_CASES(X_)
#undef X_
  }
  return 0;
}

static void counter_lo_write(unsigned idx, unsigned long v) {
  switch (idx) {
#define X_(i) case i: csr_write(CSR_MCYCLE + i, v); return;
    CTR_CASES(X_)
#undef X_
  }
}

#if __riscv_xlen == 32
static unsigned long counter_hi_read(unsigned idx) {
  switch (idx) {
#define X_(i) case i: return csr_read(CSR_MCYCLEH + i);
    CTR_CASES(X_)
#undef X_
  }
  return 0;
}

static void counter_hi_write(unsigned idx, unsigned long v) {
  switch (idx) {
#define X_(i) case i: csr_write(CSR_MCYCLEH + i, v); return;
    CTR_CASES(X_)
#undef X_
  }
}
#endif

uint64_t pmu_csr_counter_read(unsigned idx) {
#if __riscv_xlen == 32
  for (;;) {
    unsigned long hi = counter_hi_read(idx), lo = counter_lo_read(idx);
    if (counter_hi_read(idx) == hi) return (uint64_t)hi << 32 | lo;
  }
#else
  return counter_lo_read(idx);
#endif
}

void pmu_csr_counter_write(unsigned idx, uint64_t value) {
#if __riscv_xlen == 32
  /* Low word 0 first, so that no carry from the old low word reaches the new high word. */
  counter_lo_write(idx, 0);
  counter_hi_write(idx, (unsigned long)(value >> 32));
  counter_lo_write(idx, (unsigned long)value);
#else
  counter_lo_write(idx, value);
#endif
}

static unsigned long event_lo_read(unsigned idx) {
  switch (idx) {
#define X_(i) case i: return csr_read(CSR_MHPMEVENT3 + i - 3);
    HPM_CASES(X_)
#undef X_
  }
  return 0;
}

static void event_lo_write(unsigned idx, unsigned long v) {
  switch (idx) {
#define X_(i) case i: csr_write(CSR_MHPMEVENT3 + i - 3, v); return;
    HPM_CASES(X_)
#undef X_
  }
}

#if __riscv_xlen == 32
static unsigned long event_hi_read(unsigned idx) {
  switch (idx) {
#define X_(i) case i: return csr_read(CSR_MHPMEVENT3H + i - 3);
    HPM_CASES(X_)
#undef X_
  }
  return 0;
}

static void event_hi_write(unsigned idx, unsigned long v) {
  switch (idx) {
#define X_(i) case i: csr_write(CSR_MHPMEVENT3H + i - 3, v); return;
    HPM_CASES(X_)
#undef X_
  }
}
#endif

uint64_t pmu_csr_event_read(unsigned idx, bool has_eventh) {
#if __riscv_xlen == 32
  uint64_t hi = has_eventh ? event_hi_read(idx) : 0;
  return hi << 32 | event_lo_read(idx);
#else
  (void)has_eventh;
  return event_lo_read(idx);
#endif
}

void pmu_csr_event_write(unsigned idx, uint64_t value, bool has_eventh) {
#if __riscv_xlen == 32
  if (has_eventh) event_hi_write(idx, (unsigned long)(value >> 32));
  event_lo_write(idx, (unsigned long)value);
#else
  (void)has_eventh;
  event_lo_write(idx, value);
#endif
}

void pmu_csr_cfg_write(unsigned idx, uint64_t value) {
#if __riscv_xlen == 32
  if (idx == 0) {
    csr_write(CSR_MCYCLECFGH, (unsigned long)(value >> 32));
    csr_write(CSR_MCYCLECFG, (unsigned long)value);
  } else {
    csr_write(CSR_MINSTRETCFGH, (unsigned long)(value >> 32));
    csr_write(CSR_MINSTRETCFG, (unsigned long)value);
  }
#else
  if (idx == 0) csr_write(CSR_MCYCLECFG, value);
  else csr_write(CSR_MINSTRETCFG, value);
#endif
}

/* Guarded read of the low word of counter idx: FW_ETRAP if the CSR does not exist. */
static int counter_lo_probe(unsigned idx) {
  unsigned long v;
  switch (idx) {
#define X_(i) case i: return CSR_READ_GUARDED(CSR_MCYCLE + i, &v);
    CTR_CASES(X_)
#undef X_
  }
  return FW_ETRAP;
}

int pmu_csr_counter_probe(unsigned idx, unsigned *width) {
  if (counter_lo_probe(idx) != FW_OK) return FW_ENOENT;
  pmu_csr_counter_write(idx, ~0ULL);
  uint64_t v = pmu_csr_counter_read(idx);
  pmu_csr_counter_write(idx, 0);
  if (!v) return FW_ENOENT;
  /* A counter of N bits reads back 2^N - 1 (WARL upper bits are zero). */
  *width = (unsigned)(64 - __builtin_clzll(v));
  return FW_OK;
}

static int event_lo_probe(unsigned idx) {
  unsigned long v;
  switch (idx) {
#define X_(i) case i: return CSR_READ_GUARDED(CSR_MHPMEVENT3 + i - 3, &v);
    HPM_CASES(X_)
#undef X_
  }
  return FW_ETRAP;
}

int pmu_csr_event_probe(unsigned idx, bool has_eventh, uint64_t *reset, uint64_t *writable) {
  if (event_lo_probe(idx) != FW_OK) return FW_ETRAP;
  *reset = pmu_csr_event_read(idx, has_eventh);
  pmu_csr_event_write(idx, ~0ULL, has_eventh);
  *writable = pmu_csr_event_read(idx, has_eventh);
  pmu_csr_event_write(idx, *reset, has_eventh);
  return FW_OK;
}
