/* Covers: mhpmevent raw events with exact counts on every counter 3..31: 0x20001 loads (incl. compressed; not LR/AMO; not a faulting load), 0x20002 stores (incl. compressed; not SC/AMO), 0x20003 / 0x20004 conditional branches taken / not taken (incl. compressed), 0x20005 jumps (JAL/JALR and compressed forms), 0x20006 compressed instructions, 0x20007 multiplies (MUL/MULH/MULHSU/MULHU/MULW), 0x20008 divides/remainders, 0x20009 exceptions taken, 0x2000a interrupts taken, 0x2000b atomics (LR/SC/AMO); 0x5 conditional branches; 0x1/0x2 cycles/instructions; 0 and unknown selectors count nothing. */
/* qemu: no (QEMU 7.2 has no raw events, only mhpmcounter3..18 by default, and its mcountinhibit does not hold counters) */
#include "hpm_util.h"

/* raw_loop(buf): `csrw mcountinhibit, zero`, a 10-iteration loop with a known instruction
 * mix, `csrw mcountinhibit, -1`, return. Per iteration (RV32 / RV64):
 *   loads:  lw, c.lw                     (+ ld, c.ld on RV64)
 *   stores: sw, c.sw                     (+ sd, c.sd on RV64)
 *   mul:    mul, mulh, mulhsu, mulhu     (+ mulw on RV64)
 *   div:    div, divu, rem, remu         (+ divw, remuw on RV64)
 *   atomic: amoadd.w, lr.w, sc.w         (+ amoadd.d, lr.d, sc.d on RV64)
 *   branches: beq (not taken), c.beqz (not taken), c.bnez (taken), bnez (taken but the last)
 *   jumps:  jal x0, c.j, jal t6, jalr x0 (+ c.jal and its jalr x0 return on RV32)
 *   compressed: c.lw, c.sw, c.li, c.beqz, c.bnez, c.j (+ c.ld, c.sd on RV64; + c.jal on RV32)
 *   others: addi
 * After the loop: j (one more jump), then the stopping csrw (counted). */
#if XLEN == 64
#define RV64_ONLY(s) s
#define RV32_ONLY(s)
#else
#define RV64_ONLY(s)
#define RV32_ONLY(s) s
#endif
__asm__(".pushsection .text.raw_events, \"ax\", @progbits\n"
        ".option push\n"
        ".option norvc\n"
        ".globl raw_loop\n"
        "raw_loop:\n"
        "  mv a7, ra\n"
        "  mv a5, a0\n"
        "  li t0, 10\n"
        "  li t3, 7\n"
        "  li t1, -1\n"
        "  csrw mcountinhibit, zero\n"
        "1:\n"
        "  lw t2, 0(a5)\n"
        "  sw t2, 8(a5)\n"
        "  .option rvc\n"
        "  c.lw a4, 4(a5)\n"
        "  c.sw a4, 12(a5)\n"
        "  .option norvc\n"
        "  mul t4, t2, t3\n"
        "  mulh t4, t2, t3\n"
        "  mulhsu t4, t2, t3\n"
        "  mulhu t4, t2, t3\n"
        "  div t5, t2, t3\n"
        "  divu t5, t2, t3\n"
        "  rem t5, t2, t3\n"
        "  remu t5, t2, t3\n"
        RV64_ONLY("  mulw t4, t2, t3\n"
                  "  divw t5, t2, t3\n"
                  "  remuw t5, t2, t3\n"
                  "  ld t4, 16(a5)\n"
                  "  sd t4, 24(a5)\n"
                  "  .option rvc\n"
                  "  c.ld a4, 16(a5)\n"
                  "  c.sd a4, 24(a5)\n"
                  "  .option norvc\n"
                  "  amoadd.d t6, t3, (a5)\n"
                  "  lr.d t6, (a5)\n"
                  "  sc.d t6, t6, (a5)\n")
        "  beq t0, zero, 6f\n"
        "  jal x0, 2f\n"
        "  nop\n" /* skipped */
        "2:\n"
        "  amoadd.w t6, t3, (a5)\n"
        "  lr.w t6, (a5)\n"
        "  sc.w t6, t6, (a5)\n"
        "  .option rvc\n"
        "  c.li a3, 1\n"
        "  c.beqz a3, 7f\n"
        "  c.bnez a3, 7f\n"
        "  c.nop\n" /* skipped */
        "7:\n"
        "  c.j 8f\n"
        "  c.nop\n" /* skipped */
        "8:\n"
        RV32_ONLY("  c.jal 9f\n")
        "  .option norvc\n"
        "  jal t6, 5f\n"
        "4:\n"
        "  addi t0, t0, -1\n"
        "  bnez t0, 1b\n"
        "  j 6f\n"
        "5:\n"
        "  jalr x0, 0(t6)\n"
        RV32_ONLY("9:\n"
                  "  jalr x0, 0(ra)\n")
        "6:\n"
        "  csrw mcountinhibit, t1\n"
        "  jalr x0, 0(a7)\n"
        ".option pop\n"
        ".popsection\n");
void raw_loop(void *buf);

#define ITER 10
#if XLEN == 64
#define PER_ITER 35
#define N_LOADS (4 * ITER)
#define N_STORES (4 * ITER)
#define N_MUL (5 * ITER)
#define N_DIV (6 * ITER)
#define N_ATOMIC (6 * ITER)
#define N_JUMPS (4 * ITER + 1)
#define N_COMPRESSED (8 * ITER)
#else
#define PER_ITER 27
#define N_LOADS (2 * ITER)
#define N_STORES (2 * ITER)
#define N_MUL (4 * ITER)
#define N_DIV (4 * ITER)
#define N_ATOMIC (3 * ITER)
#define N_JUMPS (6 * ITER + 1)
#define N_COMPRESSED (7 * ITER)
#endif
#define N_INSTRET (PER_ITER * ITER + 2) /* + the final j and the stopping csrw */
#define N_BRANCHES (4 * ITER)
#define N_TAKEN (2 * ITER - 1)
#define N_NOT_TAKEN (2 * ITER + 1)

static const struct {
  uxlen_t event;
  uint64_t count;
} expect[] = {
    {EV_INSTRET, N_INSTRET},       {EV_CYCLES, N_INSTRET},       {EV_BRANCHES, N_BRANCHES},
    {EV_LOADS, N_LOADS},           {EV_STORES, N_STORES},        {EV_BR_TAKEN, N_TAKEN},
    {EV_BR_NOT_TAKEN, N_NOT_TAKEN}, {EV_JUMPS, N_JUMPS},         {EV_COMPRESSED, N_COMPRESSED},
    {EV_MUL, N_MUL},               {EV_DIV, N_DIV},              {EV_EXCEPTIONS, 0},
    {EV_INTERRUPTS, 0},            {EV_ATOMICS, N_ATOMIC},       {EV_NONE, 0},
    {0x20000, 0},                  {0x2000c, 0},                 {0x20010, 0},
    {0x10004, 0},                  {0x30001, 0},                 {0x3, 0},
    {0x20101, 0},                  {0x21001, 0},
};
#define NEXPECT (sizeof expect / sizeof expect[0])

static uint64_t buf[8] __attribute__((aligned(16))) = {1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000};

/* Trap handlers of known length, for the exception and interrupt runs:
 * skip4_vector: 6 instructions, skips a 4-byte instruction.
 * msi_vector: clears the CLINT msip (one store, one load back), 6 instructions. */
__asm__(".pushsection .text.raw_events_vec, \"ax\", @progbits\n"
        ".option push\n"
        ".option norvc\n"
        ".align 4\n"
        "skip4_vector:\n"
        "  csrw mscratch, t0\n"
        "  csrr t0, mepc\n"
        "  addi t0, t0, 4\n"
        "  csrw mepc, t0\n"
        "  csrr t0, mscratch\n"
        "  mret\n"
        ".align 4\n"
        "msi_vector:\n"
        "  csrw mscratch, t0\n"
        "  lui t0, 0x2000\n"
        "  sw zero, 0(t0)\n"
        "  lw t0, 0(t0)\n"
        "  csrr t0, mscratch\n"
        "  mret\n"
        /* exc_run: start; ecall; nop; ebreak; unimp; nop; lw from 0 (access fault); stop. */
        "exc_run:\n"
        "  li t1, -1\n"
        "  csrw mcountinhibit, zero\n"
        "  ecall\n"
        "  nop\n"
        "  ebreak\n"
        "  .4byte 0xc0001073\n"
        "  nop\n"
        "  lw t2, 0(zero)\n"
        "  csrw mcountinhibit, t1\n"
        "  ret\n"
        /* msi_run(clint): start; msip = 1; 64 NOPs (the interrupt is taken somewhere in
         * there); stop. */
        "msi_run:\n"
        "  li t1, -1\n"
        "  li t2, 1\n"
        "  csrw mcountinhibit, zero\n"
        "  sw t2, 0(a0)\n"
        "  .rept 64\n  nop\n  .endr\n"
        "  csrw mcountinhibit, t1\n"
        "  ret\n"
        ".option pop\n"
        ".popsection\n");
extern char skip4_vector[], msi_vector[];
void exc_run(void);
void msi_run(volatile uint32_t *msip);

/* Programs counter 3 + (i + shift) % 29 with expect[i] for i < 29 (as many as there are). */
static void program(unsigned shift) {
  hpm_stop_and_clear();
  for (unsigned n = 3; n < 32; n++) mevent_write(n, EV_NONE);
  for (unsigned i = 0; i < NEXPECT && i < 29; i++) mevent_write(3 + (i + shift) % 29, expect[i].event);
}

static void check(unsigned shift, unsigned i, uint64_t want) {
  unsigned n = 3 + (i + shift) % 29;
  uint64_t got = mctr_read(n);
  if (got != want) {
    guest_puts("event ");
    guest_put_hex(expect[i].event);
    guest_puts(" on mhpmcounter");
    guest_put_dec(n);
    guest_puts(": ");
  }
  CHECK_EQ(got, want);
}

int main(void) {
  uxlen_t saved_mtvec = CSR_READ(mtvec);

  /* The loop, with every event on every counter. */
  for (unsigned shift = 0; shift < 29; shift++) {
    program(shift);
    raw_loop(buf);
    CHECK_EQ(mctr_read(2), N_INSTRET);
    CHECK_EQ(mctr_read(0), N_INSTRET);
    for (unsigned i = 0; i < NEXPECT && i < 29; i++) check(shift, i, expect[i].count);
  }
  /* The loop did its work: per iteration buf[0] += 7 by amoadd.w (and by amoadd.d on RV64);
   * the LR/SC pairs store back what they loaded. */
  CHECK_EQ(buf[0], 1000 + (XLEN == 64 ? 14 : 7) * ITER * 29);

  /* Exceptions: ecall, ebreak, illegal, load access fault: 4 exceptions, no load retired,
   * instructions: 2 NOPs + 4 handler runs of 6 + the stopping csrw. */
  for (unsigned shift = 0; shift < 29; shift += 7) {
    program(shift);
    CSR_WRITE(mtvec, skip4_vector);
    exc_run();
    CSR_WRITE(mtvec, saved_mtvec);
    for (unsigned i = 0; i < NEXPECT && i < 29; i++) {
      uxlen_t ev = expect[i].event;
      uint64_t want = ev == EV_EXCEPTIONS ? 4
                      : ev == EV_INSTRET || ev == EV_CYCLES ? 2 + 4 * 6 + 1
                                                            : 0;
      if (ev == EV_CYCLES) continue; /* cycles of trap entry are not specified */
      check(shift, i, want);
    }
    CHECK_EQ(mctr_read(2), 2 + 4 * 6 + 1);
  }

  /* Interrupts: one machine software interrupt through the CLINT: 1 interrupt, no
   * exception; stores: the trigger and the handler's clear; loads: the handler's read back;
   * instructions: store + 64 NOPs + 6 handler + stopping csrw. */
  for (unsigned shift = 0; shift < 29; shift += 5) {
    program(shift);
    *CLINT_MSIP = 0;
    CSR_WRITE(mtvec, msi_vector);
    CSR_WRITE(mie, 1u << IRQ_MSI);
    CSR_SET(mstatus, MSTATUS_MIE);
    msi_run(CLINT_MSIP);
    CSR_CLEAR(mstatus, MSTATUS_MIE);
    CSR_WRITE(mie, 0);
    CSR_WRITE(mtvec, saved_mtvec);
    CHECK_EQ(*CLINT_MSIP, 0);
    for (unsigned i = 0; i < NEXPECT && i < 29; i++) {
      uxlen_t ev = expect[i].event;
      uint64_t want = ev == EV_INTERRUPTS ? 1
                      : ev == EV_STORES   ? 2
                      : ev == EV_LOADS    ? 1
                      : ev == EV_INSTRET  ? 1 + 64 + 6 + 1
                                          : 0;
      if (ev == EV_CYCLES) continue;
      check(shift, i, want);
    }
    CHECK_EQ(mctr_read(2), 1 + 64 + 6 + 1);
  }

  hpm_stop_and_clear();
  return 0;
}
