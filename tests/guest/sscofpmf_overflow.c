/* Covers: Sscofpmf overflow: mhpmevent.OF (bit 63; RV32 bit 31 of mhpmeventh) is set when a counter wraps from all-ones to zero, not by writes to the counter; LCOFIP (mip bit 13) is set when OF goes 0->1; with mie.LCOFIE and mstatus.MIE an M interrupt with mcause = (1<<(XLEN-1))|13 arrives within 64 instructions; OF stays set until software clears it and no new interrupt is raised while OF is 1; scountovf (0xDA0) mirrors the OF bits (M mode: always; S mode: masked by mcounteren; U mode: illegal); mip.LCOFIP is writable by M; mideleg bit 13 delegates the interrupt to S (sip/sie bit 13). */
/* qemu: no (Sscofpmf is not enabled in QEMU 7.2's default CPU: scountovf and mhpmeventh trap, OF/LCOFI are absent) */
#include "hpm_util.h"

#define SLED_LEN 200

/* lcof_sled(inhibit_during, stop): `csrw mcountinhibit, a0`, SLED_LEN 4-byte NOPs starting at
 * lcof_sled_nops, `csrw mcountinhibit, a1`, ret. nop_sled: SLED_LEN NOPs, ret (for S mode).
 * s_vector: S-mode trap handler recording scause/sepc, counting, clearing sip.LCOFIP. */
#if XLEN == 64
#define SV_ST "sd"
#define SV_LD "ld"
#else
#define SV_ST "sw"
#define SV_LD "lw"
#endif
__asm__(".pushsection .text.sscofpmf_overflow, \"ax\", @progbits\n"
        ".option push\n"
        ".option norvc\n"
        ".globl lcof_sled\n"
        "lcof_sled:\n"
        "  csrw mcountinhibit, a0\n"
        "lcof_sled_nops:\n"
        "  .rept " HPM_STR(SLED_LEN) "\n  nop\n  .endr\n"
        "  csrw mcountinhibit, a1\n"
        "  ret\n"
        "nop_sled:\n"
        "  .rept " HPM_STR(SLED_LEN) "\n  nop\n  .endr\n"
        "  ret\n"
        ".align 4\n"
        "s_vector:\n"
        "  csrw sscratch, t0\n"
        "  la t0, s_trap\n"
        "  " SV_ST " t1, 0(t0)\n"
        "  csrr t1, scause\n"
        "  " SV_ST " t1, 1*" HPM_ASM_REGBYTES "(t0)\n"
        "  csrr t1, sepc\n"
        "  " SV_ST " t1, 2*" HPM_ASM_REGBYTES "(t0)\n"
        "  " SV_LD " t1, 3*" HPM_ASM_REGBYTES "(t0)\n"
        "  addi t1, t1, 1\n"
        "  " SV_ST " t1, 3*" HPM_ASM_REGBYTES "(t0)\n"
        "  li t1, 0x2000\n"
        "  csrc sip, t1\n"
        "  " SV_LD " t1, 0(t0)\n"
        "  csrr t0, sscratch\n"
        "  sret\n"
        ".option pop\n"
        ".popsection\n");
void lcof_sled(uxlen_t inhibit_during, uxlen_t stop);
void nop_sled(void);
extern char lcof_sled_nops[], s_vector[];
/* Written by s_vector: saved t1, scause, sepc, count. */
volatile uxlen_t s_trap[4];

static volatile uxlen_t irq_count, irq_cause, irq_epc, irq_ovf, irq_mip;

static void lcof_hook(uxlen_t mcause) {
  irq_count++;
  irq_cause = mcause;
  irq_epc = CSR_READ(mepc);
  irq_ovf = CSR_READ(scountovf);
  irq_mip = CSR_READ(mip);
  CSR_CLEAR(mip, MIP_LCOFIP);
}

static void delay64(void) {
  __asm__ volatile(".option push\n\t.option norvc\n\t.rept 64\n\tnop\n\t.endr\n\t.option pop");
}

static void reset_all(void) {
  CSR_CLEAR(mstatus, MSTATUS_MIE);
  CSR_WRITE(mie, 0);
  CSR_WRITE(mideleg, 0);
  CSR_WRITE(mcountinhibit, -1);
  for (unsigned n = 3; n < 32; n++) {
    mevent_write(n, EV_NONE);
    mctr_write(n, 0);
  }
  CSR_CLEAR(mip, MIP_LCOFIP);
}

static uxlen_t s_read_scountovf(uxlen_t arg) {
  (void)arg;
  return CSR_READ(scountovf);
}
static uxlen_t u_read_scountovf(uxlen_t arg) {
  (void)arg;
  return TRAPS_IN((void)CSR_READ(scountovf)) == 1 && last_trap.mcause == CAUSE_ILLEGAL;
}

/* In S mode with SIE set: runs the NOP sled; returns the number of S-mode traps. */
static uxlen_t s_run_sled(uxlen_t arg) {
  (void)arg;
  CSR_SET(sstatus, MSTATUS_SIE);
  nop_sled();
  CSR_CLEAR(sstatus, MSTATUS_SIE);
  return s_trap[3];
}

/* In S mode: the sip/sie view of bit 13. */
static uxlen_t s_read_sip_sie(uxlen_t arg) {
  (void)arg;
  return (CSR_READ(sip) & MIP_LCOFIP ? 1 : 0) | (CSR_READ(sie) & MIP_LCOFIP ? 2 : 0);
}

int main(void) {
  interrupt_hook = lcof_hook;
  reset_all();

  /* mip.LCOFIP is writable by M; mie.LCOFIE exists. */
  CSR_SET(mip, MIP_LCOFIP);
  CHECK_EQ(CSR_READ(mip) & MIP_LCOFIP, MIP_LCOFIP);
  CSR_CLEAR(mip, MIP_LCOFIP);
  CHECK_EQ(CSR_READ(mip) & MIP_LCOFIP, 0);
  CSR_SET(mie, MIP_LCOFIP);
  CHECK_EQ(CSR_READ(mie) & MIP_LCOFIP, MIP_LCOFIP);
  CSR_WRITE(mie, 0);

  /* OF / scountovf / LCOFIP on every counter: from all-ones - 2, 5 instructions: wraps, 2. */
  for (unsigned n = 3; n < 32; n++) {
    reset_all();
    mevent_write(n, EV_INSTRET);
    mctr_write(n, ALL_ONES64 - 2);
    CHECK_EQ(CSR_READ(scountovf), 0);
    HPM_RUN_NOPS(0, 4);
    delay64();
    if (mevent_read(n) != (HPM_OF | EV_INSTRET)) {
      guest_puts("counter ");
      guest_put_dec(n);
      guest_puts(": ");
    }
    CHECK_EQ(mctr_read(n), 2);
    CHECK_EQ(mevent_read(n), HPM_OF | EV_INSTRET);
#if XLEN == 32
    CHECK_EQ(mevent_read_hi(n), 0x80000000u);
#endif
    CHECK_EQ(CSR_READ(scountovf), (uxlen_t)1 << n);
    CHECK_EQ(CSR_READ(mip) & MIP_LCOFIP, MIP_LCOFIP);
    /* OF stays set while counting on; software clears it. */
    HPM_RUN_NOPS(0, 4);
    CHECK_EQ(mctr_read(n), 7);
    CHECK_EQ(CSR_READ(scountovf), (uxlen_t)1 << n);
    mevent_write(n, EV_INSTRET);
    CHECK_EQ(mevent_read(n), EV_INSTRET);
    CHECK_EQ(CSR_READ(scountovf), 0);
  }

  /* A wrap of a counter counting cycles sets OF too; one short of the wrap does not. */
  reset_all();
  mevent_write(17, EV_CYCLES);
  mctr_write(17, ALL_ONES64 - 4);
  HPM_RUN_NOPS(0, 3); /* 4 counted: ends at all-ones */
  delay64();
  CHECK_EQ(mctr_read(17), ALL_ONES64);
  CHECK_EQ(mevent_read(17), EV_CYCLES);
  CHECK_EQ(CSR_READ(scountovf), 0);
  CHECK_EQ(CSR_READ(mip) & MIP_LCOFIP, 0);
  HPM_RUN_NOPS(0, 0); /* 1 counted: wraps to 0 */
  delay64();
  CHECK_EQ(mctr_read(17), 0);
  CHECK_EQ(mevent_read(17), HPM_OF | EV_CYCLES);
  CHECK_EQ(CSR_READ(scountovf), 1u << 17);
  CHECK_EQ(CSR_READ(mip) & MIP_LCOFIP, MIP_LCOFIP);

  /* Writes never overflow: all-ones then 0 written to counters; a non-counting counter. */
  reset_all();
  for (unsigned n = 3; n < 32; n++) {
    mevent_write(n, n == 5 ? EV_NONE : EV_INSTRET);
    mctr_write(n, ALL_ONES64);
    mctr_write(n, 0);
  }
  mctr_write(5, ALL_ONES64);
  HPM_RUN_NOPS(0, 10);
  delay64();
  CHECK_EQ(CSR_READ(scountovf), 0);
  CHECK_EQ(CSR_READ(mip) & MIP_LCOFIP, 0);
  CHECK_EQ(mctr_read(5), ALL_ONES64);
  CHECK_EQ(mctr_read(6), 11);

  /* scountovf mirrors OF bits written by software, in M mode whatever mcounteren says. */
  reset_all();
  CSR_WRITE(mcounteren, 0);
  static const uint32_t patterns[] = {0xFFFFFFF8u, 0x00000008u, 0x80000000u, 0xA5A5A5A0u, 0x5A5A5A58u, 0};
  for (unsigned p = 0; p < sizeof patterns / sizeof patterns[0]; p++) {
    for (unsigned n = 3; n < 32; n++)
      mevent_write(n, ((patterns[p] >> n) & 1 ? HPM_OF : 0) | EV_CYCLES);
    CHECK_EQ(CSR_READ(scountovf), patterns[p]);
    for (unsigned n = 3; n < 32; n++)
      CHECK_EQ(mevent_read(n), ((patterns[p] >> n) & 1 ? HPM_OF : 0) | EV_CYCLES);
  }
  /* ...and from S mode only the bits enabled in mcounteren; U mode may not read it. */
  for (unsigned n = 3; n < 32; n++) mevent_write(n, HPM_OF | EV_NONE);
  CHECK_EQ(CSR_READ(scountovf), 0xFFFFFFF8u);
  static const uint32_t enables[] = {0xFFFFFFFFu, 0, 0x00000010u, 0x80000007u, 0x0F0F0F0Fu, 0xFFFFFFF7u};
  for (unsigned p = 0; p < sizeof enables / sizeof enables[0]; p++) {
    CSR_WRITE(mcounteren, enables[p]);
    CHECK_EQ(hpm_run_in_mode(PRV_S, s_read_scountovf, 0), enables[p] & 0xFFFFFFF8u);
  }
  CSR_WRITE(mcounteren, -1);
  CSR_WRITE(scounteren, -1);
  CHECK_EQ(hpm_run_in_mode(PRV_U, u_read_scountovf, 0), 1);
  CSR_WRITE(mcounteren, 0);
  CSR_WRITE(scounteren, 0);

  /* Overflow interrupt in M mode: counter 9 from all-ones - 9 counting instructions in the
   * sled: the 10th NOP wraps it; the interrupt must arrive within 64 instructions. */
  reset_all();
  irq_count = 0;
  mevent_write(9, EV_INSTRET);
  mctr_write(9, ALL_ONES64 - 9);
  CSR_SET(mie, MIP_LCOFIP);
  CSR_SET(mstatus, MSTATUS_MIE);
  lcof_sled(~(1u << 9), -1);
  CSR_CLEAR(mstatus, MSTATUS_MIE);
  CHECK_EQ(irq_count, 1);
  CHECK_EQ(irq_cause, MCAUSE_INTERRUPT | IRQ_LCOF);
  CHECK_EQ(irq_ovf, 1u << 9);
  CHECK_EQ(irq_mip & MIP_LCOFIP, MIP_LCOFIP);
  {
    uxlen_t index = (irq_epc - (uxlen_t)lcof_sled_nops) / 4; /* NOP about to execute */
    CHECK(irq_epc >= (uxlen_t)lcof_sled_nops);
    CHECK(index >= 10);
    CHECK(index <= 9 + 64);
  }
  /* OF stays set after the interrupt (the handler cleared only LCOFIP). */
  CHECK_EQ(mevent_read(9), HPM_OF | EV_INSTRET);
  CHECK_EQ(CSR_READ(mip) & MIP_LCOFIP, 0);

  /* No new interrupt (nor LCOFIP) while OF is 1, even though the counter wraps again. */
  mctr_write(9, ALL_ONES64 - 9);
  CSR_SET(mstatus, MSTATUS_MIE);
  lcof_sled(~(1u << 9), -1);
  CSR_CLEAR(mstatus, MSTATUS_MIE);
  delay64();
  CHECK_EQ(irq_count, 1);
  CHECK_EQ(CSR_READ(mip) & MIP_LCOFIP, 0);
  CHECK_EQ(mevent_read(9), HPM_OF | EV_INSTRET);
  CHECK_EQ(mctr_read(9), ALL_ONES64 - 9 + SLED_LEN + 1);

  /* Cleared OF: the next wrap interrupts again. */
  mevent_write(9, EV_INSTRET);
  mctr_write(9, ALL_ONES64 - 99);
  CSR_SET(mstatus, MSTATUS_MIE);
  lcof_sled(~(1u << 9), -1);
  CSR_CLEAR(mstatus, MSTATUS_MIE);
  CHECK_EQ(irq_count, 2);
  CHECK_EQ(irq_cause, MCAUSE_INTERRUPT | IRQ_LCOF);
  CHECK((irq_epc - (uxlen_t)lcof_sled_nops) / 4 >= 100);
  CHECK((irq_epc - (uxlen_t)lcof_sled_nops) / 4 <= 99 + 64);

  /* Software setting mip.LCOFIP raises the interrupt as well (mie.LCOFIE is still set from
   * above). */
  CSR_SET(mstatus, MSTATUS_MIE);
  CSR_SET(mip, MIP_LCOFIP);
  delay64();
  CSR_CLEAR(mstatus, MSTATUS_MIE);
  CHECK_EQ(irq_count, 3);
  CHECK_EQ(irq_cause, MCAUSE_INTERRUPT | IRQ_LCOF);
  /* Masked by mie.LCOFIE: pending, no interrupt. */
  CSR_CLEAR(mie, MIP_LCOFIP);
  CSR_SET(mstatus, MSTATUS_MIE);
  CSR_SET(mip, MIP_LCOFIP);
  delay64();
  CSR_CLEAR(mstatus, MSTATUS_MIE);
  CHECK_EQ(irq_count, 3);
  CHECK_EQ(CSR_READ(mip) & MIP_LCOFIP, MIP_LCOFIP);
  CSR_CLEAR(mip, MIP_LCOFIP);

  /* Delegation: without mideleg bit 13 the S views of bit 13 read 0. */
  reset_all();
  CSR_SET(mie, MIP_LCOFIP);
  CSR_SET(mip, MIP_LCOFIP);
  CHECK_EQ(CSR_READ(sie) & MIP_LCOFIP, 0);
  CHECK_EQ(CSR_READ(sip) & MIP_LCOFIP, 0);
  CSR_CLEAR(mie, MIP_LCOFIP); /* (an M-level interrupt would be taken at once in S mode) */
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_read_sip_sie, 0), 0);
  CHECK_EQ(CSR_READ(mip) & MIP_LCOFIP, MIP_LCOFIP);
  /* With it they alias mip/mie bit 13 (pending and enabled, but not taken in S mode while
   * sstatus.SIE is 0). */
  CSR_SET(mie, MIP_LCOFIP);
  CSR_WRITE(mideleg, MIP_LCOFIP);
  CHECK_EQ(CSR_READ(mideleg) & MIP_LCOFIP, MIP_LCOFIP);
  CHECK_EQ(CSR_READ(sie) & MIP_LCOFIP, MIP_LCOFIP);
  CHECK_EQ(CSR_READ(sip) & MIP_LCOFIP, MIP_LCOFIP);
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_read_sip_sie, 0), 3);
  CSR_CLEAR(sie, MIP_LCOFIP);
  CHECK_EQ(CSR_READ(mie) & MIP_LCOFIP, 0);
  CSR_CLEAR(sip, MIP_LCOFIP);
  CHECK_EQ(CSR_READ(mip) & MIP_LCOFIP, 0);

  /* Delegated: an overflow while in M with MIE set does not interrupt M. */
  CSR_SET(mie, MIP_LCOFIP);
  mevent_write(12, EV_INSTRET);
  mctr_write(12, ALL_ONES64 - 9);
  irq_count = 0;
  CSR_SET(mstatus, MSTATUS_MIE);
  lcof_sled(~(1u << 12), -1);
  CSR_CLEAR(mstatus, MSTATUS_MIE);
  CHECK_EQ(irq_count, 0);
  CHECK_EQ(CSR_READ(mip) & MIP_LCOFIP, MIP_LCOFIP);
  CHECK_EQ(CSR_READ(scountovf), 1u << 12);
  CSR_CLEAR(mip, MIP_LCOFIP);

  /* Delegated: an overflow in S mode with sstatus.SIE traps to S (stvec), not to M. Counter 12
   * counts only in S mode (MINH), from all-ones - 29: it wraps inside the S-mode NOP sled. */
  mevent_write(12, HPM_MINH | EV_INSTRET);
  mctr_write(12, ALL_ONES64 - 29);
  CSR_WRITE(mcountinhibit, 0);
  CSR_WRITE(stvec, s_vector);
  s_trap[3] = 0;
  CHECK_EQ(hpm_run_in_mode(PRV_S, s_run_sled, 0), 1);
  CSR_WRITE(mcountinhibit, -1);
  CHECK_EQ(s_trap[1], MCAUSE_INTERRUPT | IRQ_LCOF);
  CHECK_EQ(irq_count, 0);
  CHECK_EQ(mevent_read(12), HPM_OF | HPM_MINH | EV_INSTRET);
  CHECK_EQ(CSR_READ(mip) & MIP_LCOFIP, 0); /* cleared through sip by the S handler */

  reset_all();
  interrupt_hook = 0;
  return 0;
}
