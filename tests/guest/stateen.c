/* Covers: Smstateen/Ssstateen v1.0 on the generic core: mstateen0-3 (0x30C-0x30F; RV32 upper halves mstateen0h-3h 0x31C-0x31F) reset to zero ("all writable mstateen bits are initialized by the hardware to zeros"); of mstateen0 only SE0 (63), ENVCFG (62) and CSRIND (60) are writable, the bits of state the hart lacks (C, FCSR with F, JVT, CTR, P1P14, P1P13, CONTEXT, IMSIC, AIA) and reserved bits read-only zero; mstateen1-3: SE (63) only; sstateen0-3 (0x10C-0x10F) read-only zero here; "bit 63 of mstateen0 controls access to sstateen0" (N likewise) from S mode, not M; "The ENVCFG bit in mstateen0 controls access to [...] senvcfg"; "When mstateen0[60]=0, an attempt to access [siselect, sireg*] from a privilege mode less privileged than M-mode results in an illegal instruction exception"; mstateen is MRW (illegal from S), sstateen SRW (illegal from U). */
/* qemu: no (QEMU 7.2 implements Smstateen only with the experimental x-smstateen property) */
#include "hpm_util.h"

#define CSR_MSTATEEN0 0x30c
#define CSR_MSTATEEN1 0x30d
#define CSR_MSTATEEN2 0x30e
#define CSR_MSTATEEN3 0x30f
#define CSR_MSTATEEN0H 0x31c
#define CSR_MSTATEEN1H 0x31d
#define CSR_SSTATEEN0 0x10c
#define CSR_SSTATEEN1 0x10d
#define CSR_SSTATEEN3 0x10f
#define CSR_SENVCFG 0x10a
#define CSR_SISELECT 0x150
#define CSR_SIREG 0x151

#define SE (1ULL << 63)
#define ENVCFG (1ULL << 62)
#define CSRIND (1ULL << 60)

/* 64-bit mstateenN through one or two CSRs. */
#if XLEN == 64
#define MSTATEEN_READ(n) ((uint64_t)CSR_READ_NUM(CSR_MSTATEEN0 + n))
#define MSTATEEN_WRITE(n, v) CSR_WRITE_NUM(CSR_MSTATEEN0 + n, (v))
#else
#define MSTATEEN_READ(n) ((uint64_t)CSR_READ_NUM(CSR_MSTATEEN0H + n) << 32 | CSR_READ_NUM(CSR_MSTATEEN0 + n))
#define MSTATEEN_WRITE(n, v)                                      \
  do {                                                            \
    CSR_WRITE_NUM(CSR_MSTATEEN0 + n, (uint32_t)(v));              \
    CSR_WRITE_NUM(CSR_MSTATEEN0H + n, (uint64_t)(v) >> 32);       \
  } while (0)
#endif

/* S-mode probes: the number of traps (illegal instructions) each access takes. */
static uxlen_t s_sstateen0(uxlen_t a) { (void)a; return TRAPS_IN((void)CSR_READ_NUM(CSR_SSTATEEN0)); }
static uxlen_t s_sstateen1(uxlen_t a) { (void)a; return TRAPS_IN((void)CSR_READ_NUM(CSR_SSTATEEN1)); }
static uxlen_t s_sstateen3_write(uxlen_t a) { return TRAPS_IN(CSR_WRITE_NUM(CSR_SSTATEEN3, a)); }
static uxlen_t s_senvcfg(uxlen_t a) { (void)a; return TRAPS_IN((void)CSR_READ_NUM(CSR_SENVCFG)); }
static uxlen_t s_siselect(uxlen_t a) { (void)a; return TRAPS_IN((void)CSR_READ_NUM(CSR_SISELECT)); }
static uxlen_t s_sireg(uxlen_t a) { (void)a; return TRAPS_IN((void)CSR_READ_NUM(CSR_SIREG)); }
static uxlen_t s_mstateen0(uxlen_t a) { (void)a; return TRAPS_IN((void)CSR_READ_NUM(CSR_MSTATEEN0)); }
/* siselect written and read back in S mode (CSRIND set): the value, or ~0 on a trap. */
static uxlen_t s_siselect_rw(uxlen_t a) {
  uxlen_t v = ~(uxlen_t)0;
  if (TRAPS_IN(CSR_WRITE_NUM(CSR_SISELECT, a); v = CSR_READ_NUM(CSR_SISELECT))) return ~(uxlen_t)0;
  return v;
}
static uxlen_t s_senvcfg_rw(uxlen_t a) {
  uxlen_t v = ~(uxlen_t)0;
  if (TRAPS_IN(CSR_WRITE_NUM(CSR_SENVCFG, a); v = CSR_READ_NUM(CSR_SENVCFG))) return ~(uxlen_t)0;
  return v;
}

int main(void) {
  /* Reset: every writable bit zero. */
  for (unsigned n = 0; n < 4; n++) {
    uint64_t v = n == 0 ? MSTATEEN_READ(0) : n == 1 ? MSTATEEN_READ(1) : n == 2 ? MSTATEEN_READ(2) : MSTATEEN_READ(3);
    CHECK_EQ(v, 0);
  }
  /* Writable bits (WARL): mstateen0 SE0, ENVCFG, CSRIND; mstateen1-3 SE. */
  MSTATEEN_WRITE(0, ALL_ONES64);
  CHECK_EQ(MSTATEEN_READ(0), SE | ENVCFG | CSRIND);
  MSTATEEN_WRITE(1, ALL_ONES64);
  CHECK_EQ(MSTATEEN_READ(1), SE);
  MSTATEEN_WRITE(2, ALL_ONES64);
  CHECK_EQ(MSTATEEN_READ(2), SE);
  MSTATEEN_WRITE(3, 0x7fffffffffffffffULL);
  CHECK_EQ(MSTATEEN_READ(3), 0);
#if XLEN == 32
  /* The low half of mstateen0 holds no writable bit; its high half is mstateen0h. */
  CSR_WRITE_NUM(CSR_MSTATEEN0, 0xffffffff);
  CHECK_EQ(CSR_READ_NUM(CSR_MSTATEEN0), 0);
  CHECK_EQ(CSR_READ_NUM(CSR_MSTATEEN0H), (SE | ENVCFG | CSRIND) >> 32);
  CSR_WRITE_NUM(CSR_MSTATEEN1H, 0);
  CHECK_EQ(CSR_READ_NUM(CSR_MSTATEEN1H), 0);
  CSR_WRITE_NUM(CSR_MSTATEEN1H, 0x80000000);
#endif
  /* sstateen0-3 from M: no writable bit (the hart has no state they control). */
  CSR_WRITE_NUM(CSR_SSTATEEN0, ~(uxlen_t)0);
  CHECK_EQ(CSR_READ_NUM(CSR_SSTATEEN0), 0);
  /* M mode is never gated: with mstateen0 zero, M still reaches sstateen0, senvcfg, siselect. */
  MSTATEEN_WRITE(0, 0);
  MSTATEEN_WRITE(1, 0);
  CHECK_EQ(TRAPS_IN((void)CSR_READ_NUM(CSR_SSTATEEN0); (void)CSR_READ_NUM(CSR_SENVCFG);
                    CSR_WRITE_NUM(CSR_SISELECT, 0x40); (void)CSR_READ_NUM(CSR_SISELECT)),
           0);
  CHECK_EQ(CSR_READ_NUM(CSR_SISELECT), 0x40);

  /* S mode with mstateen0 = 0: every gated CSR traps. */
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_sstateen0, 0), 1);
  CHECK_EQ(last_trap.mcause, CAUSE_ILLEGAL);
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_senvcfg, 0), 1);
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_siselect, 0), 1);
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_sireg, 0), 1);
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_mstateen0, 0), 1); /* MRW */

  /* SE0 opens sstateen0 only; sstateen1 follows mstateen1's SE. */
  MSTATEEN_WRITE(0, SE);
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_sstateen0, 0), 0);
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_sstateen1, 0), 1);
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_senvcfg, 0), 1);
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_siselect, 0), 1);
  MSTATEEN_WRITE(1, SE);
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_sstateen1, 0), 0);
  MSTATEEN_WRITE(3, SE);
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_sstateen3_write, ~(uxlen_t)0), 0);
  CHECK_EQ(CSR_READ_NUM(CSR_SSTATEEN3), 0);
  /* U mode: sstateen is an S-level CSR, illegal whatever mstateen says. */
  CHECK_EQ(hpm_run_in_mode(PRV_U, s_sstateen0, 0), 1);

  /* ENVCFG opens senvcfg: S mode writes and reads back what M mode can (CBZE, bit 7, with
   * Zicboz; nothing without, as with --isa rv64imac: tests/cli/stateen_isa.sh). */
  CSR_WRITE_NUM(CSR_SENVCFG, 1u << 7);
  uxlen_t cbze = CSR_READ_NUM(CSR_SENVCFG);
  CSR_WRITE_NUM(CSR_SENVCFG, 0);
  MSTATEEN_WRITE(0, ENVCFG);
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_senvcfg_rw, 1u << 7), cbze);
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_sstateen0, 0), 1);
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_siselect, 0), 1);

  /* CSRIND opens siselect (WARL, bits 11:0: "will support the value range 0..0xFFF"). */
  MSTATEEN_WRITE(0, CSRIND);
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_siselect_rw, 0x123), 0x123);
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_siselect_rw, 0xfff), 0xfff);
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_senvcfg, 0), 1);
  CHECK_EQ(hpm_run_in_mode(PRV_U, s_siselect, 0), 1); /* SRW: never from U */
  return 0;
}
