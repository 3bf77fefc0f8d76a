/* Covers: ECALL, EBREAK (and C.EBREAK), illegal instructions (32-bit UNIMP, C.UNIMP, a write to a read-only CSR) and a faulting load take an exception and do not retire: neither minstret nor an instructions-retired mhpmcounter counts them; the trap handler's instructions (including MRET) do count. */
/* qemu: no (QEMU 7.2 counts ECALL, EBREAK, illegal CSR accesses and faulting loads in minstret/mhpmcounter; only decode-time illegal encodings are not counted) */
#include "hpm_util.h"

/* Minimal trap handlers with a known length: 6 instructions each (MRET included), skipping
 * the 4-byte (or 2-byte) instruction at mepc. */
__asm__(".pushsection .text.retire_rules, \"ax\", @progbits\n"
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
        "skip2_vector:\n"
        "  csrw mscratch, t0\n"
        "  csrr t0, mepc\n"
        "  addi t0, t0, 2\n"
        "  csrw mepc, t0\n"
        "  csrr t0, mscratch\n"
        "  mret\n"
        ".option pop\n"
        ".popsection\n");
extern char skip4_vector[], skip2_vector[];
#define HANDLER_LEN 6

/* Reads minstret and mhpmcounter3 (counting instructions) around the instruction(s) `insn`
 * (assembled without automatic compression): di, dh = increments of each, including the
 * first pair of reads. */
#define AROUND(insn, di, dh)                                                               \
  do {                                                                                     \
    uxlen_t i0_, i1_, h0_, h1_;                                                            \
    __asm__ volatile(".option push\n\t.option norvc\n\t"                                   \
                     "csrr %0, minstret\n\tcsrr %2, mhpmcounter3\n\t"                      \
                     insn "\n\t"                                                           \
                     "csrr %1, minstret\n\tcsrr %3, mhpmcounter3\n\t"                      \
                     ".option pop"                                                         \
                     : "=&r"(i0_), "=&r"(i1_), "=&r"(h0_), "=&r"(h1_)                      \
                     : "r"(0L)                                                             \
                     : "t6", "memory");                                                          \
    di = i1_ - i0_;                                                                        \
    dh = h1_ - h0_;                                                                        \
  } while (0)

/* One trapping instruction: 2 reads + handler; both counters see the same. */
#define CHECK_NOT_RETIRED(insn, vector, cause)                                             \
  do {                                                                                     \
    uxlen_t di_, dh_;                                                                      \
    CSR_WRITE(mtvec, vector);                                                              \
    CSR_WRITE(mcause, 0);                                                                  \
    AROUND(insn, di_, dh_);                                                                \
    CSR_WRITE(mtvec, saved_mtvec);                                                         \
    CHECK_EQ(CSR_READ(mcause), cause);                                                     \
    CHECK_EQ(di_, 2 + HANDLER_LEN);                                                        \
    CHECK_EQ(dh_, 2 + HANDLER_LEN);                                                        \
  } while (0)

int main(void) {
  uxlen_t saved_mtvec = CSR_READ(mtvec);
  uxlen_t di, dh;

  CSR_WRITE(mcountinhibit, -1);
  CSR_WRITE(mhpmevent3, EV_INSTRET);
  CSR_WRITE(mcountinhibit, 0);

  /* Reference: non-trapping instructions retire. */
  AROUND("nop", di, dh);
  CHECK_EQ(di, 3);
  CHECK_EQ(dh, 3);
  AROUND(".2byte 0x0001", di, dh); /* c.nop */
  CHECK_EQ(di, 3);
  CHECK_EQ(dh, 3);
  AROUND("nop\n\tnop\n\tnop", di, dh);
  CHECK_EQ(di, 5);
  CHECK_EQ(dh, 5);

  CHECK_NOT_RETIRED("ecall", skip4_vector, CAUSE_ECALL_M);
  CHECK_NOT_RETIRED("ebreak", skip4_vector, CAUSE_BREAKPOINT);
  CHECK_NOT_RETIRED(".2byte 0x9002", skip2_vector, CAUSE_BREAKPOINT); /* c.ebreak */
  CHECK_NOT_RETIRED(".4byte 0xc0001073", skip4_vector, CAUSE_ILLEGAL); /* unimp: csrrw x0, cycle, x0 */
  CHECK_NOT_RETIRED(".2byte 0x0000", skip2_vector, CAUSE_ILLEGAL);     /* c.unimp */
  CHECK_NOT_RETIRED("csrw instret, %4", skip4_vector, CAUSE_ILLEGAL);  /* read-only CSR */
  CHECK_NOT_RETIRED(".4byte 0xffffffff", skip4_vector, CAUSE_ILLEGAL); /* not an instruction */
  /* A load from address 0 (nothing there on virt): load access fault. */
  CHECK_NOT_RETIRED("lw t6, 0(%4)", skip4_vector, CAUSE_LOAD_ACCESS);

  /* Several in a row: 3 exceptions, 3 handler runs, 1 retired NOP between. */
  CSR_WRITE(mtvec, skip4_vector);
  AROUND("ecall\n\tebreak\n\tnop\n\tecall", di, dh);
  CSR_WRITE(mtvec, saved_mtvec);
  CHECK_EQ(di, 2 + 1 + 3 * HANDLER_LEN);
  CHECK_EQ(dh, 2 + 1 + 3 * HANDLER_LEN);

  CSR_WRITE(mcountinhibit, -1);
  CSR_WRITE(mhpmevent3, EV_NONE);
  return 0;
}
