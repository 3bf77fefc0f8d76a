/* Covers: mcounteren/scounteren (32-bit, bit n = CSR 0xC00+n): from S mode reading cycle/time/instret/hpmcounterN (and RV32 ...h) is illegal when the mcounteren bit is clear, from U mode when the mcounteren or the scounteren bit is clear (all 32 bits, each alone and each missing); allowed reads return the machine counter's value; M mode is never restricted; S/U reads of the machine counters and PMU control CSRs (0xB00-0xB1F, 0xB80-0xB9F, 0x320-0x33F, 0x720-0x73F, mcounteren) are illegal; scounteren is illegal from U. */
/* qemu: no (QEMU 7.2 has only hpmcounter3..18 with its default pmu-num=16: 19..31 trap even when enabled; its RV64 mcounteren/scounteren read back all 64 bits written) */
#include "hpm_util.h"

static volatile int wrong_cause; /* a trap with mcause != 2 was seen */
static volatile uxlen_t seen[32], seen_hi[32];

/* Tries to read CSR base+n for n = 0..31 by `reader`; returns the mask of those that trapped. */
static uint32_t try_all(uxlen_t (*reader)(unsigned), volatile uxlen_t *out) {
  uint32_t mask = 0;
  for (unsigned n = 0; n < 32; n++) {
    uxlen_t before = last_trap.count, v = 0;
    trap_expected = 1;
    v = reader(n);
    trap_expected = 0;
    if (last_trap.count != before) {
      mask |= 1u << n;
      if (last_trap.count - before != 1 || last_trap.mcause != CAUSE_ILLEGAL) wrong_cause = 1;
    } else if (out) {
      out[n] = v;
    }
  }
  return mask;
}

static uxlen_t probe_lo(uxlen_t arg) {
  (void)arg;
  return try_all(uctr_read_lo, seen);
}
#if XLEN == 32
static uxlen_t probe_hi(uxlen_t arg) {
  (void)arg;
  return try_all(uctr_read_hi, seen_hi);
}
#endif

/* Machine-level counter CSRs by index: 0xB00+n, 0x320+n and on RV32 0xB80+n, 0x720+n. */
static uxlen_t read_b00(unsigned n) {
  switch (n) {
#define X_(i) \
  case i: return CSR_READ_NUM(0xB00 + i);
    CTR_FOR_EACH(X_)
#undef X_
  }
  return 0;
}
static uxlen_t read_320(unsigned n) {
  switch (n) {
#define X_(i) \
  case i: return CSR_READ_NUM(0x320 + i);
    CTR_FOR_EACH(X_)
#undef X_
  }
  return 0;
}
#if XLEN == 32
static uxlen_t read_b80(unsigned n) {
  switch (n) {
#define X_(i) \
  case i: return CSR_READ_NUM(0xB80 + i);
    CTR_FOR_EACH(X_)
#undef X_
  }
  return 0;
}
static uxlen_t read_720(unsigned n) {
  switch (n) {
#define X_(i) \
  case i: return CSR_READ_NUM(0x720 + i);
    CTR_FOR_EACH(X_)
#undef X_
  }
  return 0;
}
#endif

/* In S/U mode: bit 0..3 = whether reading 0xB00.., 0x320.., 0xB80.., 0x720.. all trapped;
 * bit 4: mcounteren read trapped; bit 5: mcounteren write trapped; bit 6: scounteren read
 * trapped; bit 7: a machine counter write (csrw mcycle / minstret / mhpmcounter3) trapped 3
 * times. */
static uxlen_t probe_machine(uxlen_t arg) {
  (void)arg;
  uxlen_t r = 0;
  if (try_all(read_b00, 0) == 0xFFFFFFFFu) r |= 1;
  if (try_all(read_320, 0) == 0xFFFFFFFFu) r |= 2;
#if XLEN == 32
  if (try_all(read_b80, 0) == 0xFFFFFFFFu) r |= 4;
  if (try_all(read_720, 0) == 0xFFFFFFFFu) r |= 8;
#else
  r |= 4 | 8;
#endif
  if (TRAPS_IN((void)CSR_READ(mcounteren)) == 1 && last_trap.mcause == CAUSE_ILLEGAL) r |= 16;
  if (TRAPS_IN(CSR_WRITE(mcounteren, 0)) == 1 && last_trap.mcause == CAUSE_ILLEGAL) r |= 32;
  if (TRAPS_IN((void)CSR_READ(scounteren)) == 1 && last_trap.mcause == CAUSE_ILLEGAL) r |= 64;
  if (TRAPS_IN({
        CSR_WRITE(mcycle, 0);
        CSR_WRITE(minstret, 0);
        CSR_WRITE(mhpmcounter3, 0);
      }) == 3 &&
      last_trap.mcause == CAUSE_ILLEGAL)
    r |= 128;
  return r;
}

/* In S mode: scounteren is readable and writable (returns the value read back after writing
 * arg). */
static uxlen_t s_scounteren(uxlen_t arg) {
  CSR_WRITE(scounteren, arg);
  return CSR_READ(scounteren);
}

static uint64_t expected_value(unsigned n) {
  return 0x0000000100000001ULL * (n * 0x01010101u) + 0x00ff000000000000ULL;
}

static void check_mode(unsigned prv, uint32_t mcen, uint32_t scen) {
  CSR_WRITE(mcounteren, mcen);
  CSR_WRITE(scounteren, scen);
  uint32_t enabled = prv == PRV_S ? mcen : mcen & scen;
  for (unsigned n = 0; n < 32; n++) seen[n] = seen_hi[n] = 0;
  wrong_cause = 0;
  uint32_t trapped = (uint32_t)hpm_run_in_mode(prv, probe_lo, 0);
  if (trapped != (uint32_t)~enabled) {
    guest_puts(prv == PRV_S ? "S mode, mcounteren=" : "U mode, mcounteren=");
    guest_put_hex(mcen);
    guest_puts(" scounteren=");
    guest_put_hex(scen);
    guest_puts(": ");
  }
  CHECK_EQ(trapped, (uint32_t)~enabled);
  CHECK_EQ(wrong_cause, 0);
#if XLEN == 32
  trapped = (uint32_t)hpm_run_in_mode(prv, probe_hi, 0);
  CHECK_EQ(trapped, (uint32_t)~enabled);
  CHECK_EQ(wrong_cause, 0);
#endif
  /* The reads that were allowed returned the (frozen) counters' values. */
  for (unsigned n = 0; n < 32; n++) {
    if (n == 1 || !((enabled >> n) & 1)) continue;
    CHECK_EQ(seen[n], (uxlen_t)expected_value(n));
#if XLEN == 32
    CHECK_EQ(seen_hi[n], (uxlen_t)(expected_value(n) >> 32));
#endif
  }
}

int main(void) {
  /* Frozen counters with distinct values. */
  hpm_stop_and_clear();
  for (unsigned n = 0; n < 32; n++)
    if (n != 1) mctr_write(n, expected_value(n));

  /* Both enable registers are 32 bits wide, every bit writable (all counters implemented). */
  CSR_WRITE(mcounteren, -1);
  CHECK_EQ(CSR_READ(mcounteren), 0xFFFFFFFFu);
  CSR_WRITE(scounteren, -1);
  CHECK_EQ(CSR_READ(scounteren), 0xFFFFFFFFu);
  CSR_WRITE(mcounteren, 0x12345678);
  CHECK_EQ(CSR_READ(mcounteren), 0x12345678);
  CSR_WRITE(scounteren, 0x9abcdef0u);
  CHECK_EQ(CSR_READ(scounteren), 0x9abcdef0u);

  /* M mode reads everything whatever the enables say. */
  CSR_WRITE(mcounteren, 0);
  CSR_WRITE(scounteren, 0);
  wrong_cause = 0;
  CHECK_EQ(probe_lo(0), 0);
#if XLEN == 32
  CHECK_EQ(probe_hi(0), 0);
#endif
  for (unsigned n = 0; n < 32; n++)
    if (n != 1) CHECK_EQ(seen[n], (uxlen_t)expected_value(n));

  /* All or nothing. */
  check_mode(PRV_S, 0xFFFFFFFFu, 0);
  check_mode(PRV_S, 0, 0xFFFFFFFFu);
  check_mode(PRV_U, 0xFFFFFFFFu, 0xFFFFFFFFu);
  check_mode(PRV_U, 0xFFFFFFFFu, 0);
  check_mode(PRV_U, 0, 0xFFFFFFFFu);

  /* Each bit alone and each bit missing. */
  for (unsigned i = 0; i < 32; i++) {
    uint32_t b = 1u << i;
    check_mode(PRV_S, b, 0);
    check_mode(PRV_S, ~b, 0xFFFFFFFFu);
    check_mode(PRV_U, b, 0xFFFFFFFFu);
    check_mode(PRV_U, 0xFFFFFFFFu, b);
    check_mode(PRV_U, ~b, 0xFFFFFFFFu);
    check_mode(PRV_U, 0xFFFFFFFFu, ~b);
    check_mode(PRV_U, b, ~b);
  }
  check_mode(PRV_S, 0xA5A5A5A5u, 0x5A5A5A5Au);
  check_mode(PRV_U, 0xA5A5A5A5u, 0x0FF00FF0u);

  /* Machine-level counter CSRs: illegal from S and U whatever the enables. */
  CSR_WRITE(mcounteren, -1);
  CSR_WRITE(scounteren, -1);
  wrong_cause = 0;
  CHECK_EQ(hpm_run_in_mode(PRV_S, probe_machine, 0), 0xBF); /* scounteren is S-level */
  CHECK_EQ(hpm_run_in_mode(PRV_U, probe_machine, 0), 0xFF);
  CHECK_EQ(wrong_cause, 0);
  /* Nothing changed the counters. */
  for (unsigned n = 0; n < 32; n++)
    if (n != 1) CHECK_EQ(mctr_read(n), expected_value(n));

  /* scounteren from S mode. */
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_scounteren, 0x00ff00ffu), 0x00ff00ffu);
  CHECK_EQ(CSR_READ(scounteren), 0x00ff00ffu);

  CSR_WRITE(mcounteren, 0);
  CSR_WRITE(scounteren, 0);
  hpm_stop_and_clear();
  return 0;
}
