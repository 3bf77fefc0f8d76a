/* Covers: the F/D state as software sees it, on whichever hart runs it. With F and D in misa (QEMU virt; rvpmu's default ISA): mstatus.FS = Off makes FP instructions (C.FSD too) and fflags accesses illegal; a write to fcsr or an FP register sets FS = Dirty and SD (bit XLEN-1), in mstatus and sstatus; 0/0 gives the canonical NaN 0x7ff8000000000000 with invalid; FCVT.W.D rounds 2.5 to 3 with RMM and to 2 with RNE; FMV.W.X NaN-boxes; an improperly boxed single reads as the canonical NaN; FMIN(NaN, 1) = 1; a dynamic rounding mode with frm = 5 is illegal. Without F (rvpmu --isa rv32imac or rv64imac; tests/unit/test_fp.c covers that too): FS reads 0 whatever is written, and the same instructions are illegal. Built for the I/M/A/C guest flags: the FP instructions are enabled per statement with .option arch. */
/* qemu: yes */
#include <stdbool.h>

#include "guest.h"

#define MSTATUS_FS (3ul << 13)
#define FS_INITIAL (1ul << 13)
#define MSTATUS_SD (1ul << (sizeof(uxlen_t) * 8 - 1))
#define CAUSE_ILLEGAL 2

/* FP assembly inside a function compiled for I/M/A/C. */
#define FP_ASM(insns, ...) \
  __asm__ volatile(".option push\n.option arch, +f, +d\n" insns "\n.option pop" __VA_ARGS__)

static volatile uint64_t buf[2];

static void fadd_d(void) { FP_ASM("fadd.d fa0, fa1, fa2"); }

static void c_fsd(void) {
  register uxlen_t a0 __asm__("a0") = (uxlen_t)buf;
  __asm__ volatile(".2byte 0xa108" ::"r"(a0) : "memory"); /* c.fsd fa0, 0(a0) */
}

static uxlen_t read_fflags(void) {
  uxlen_t v;
  __asm__ volatile("csrr %0, fflags" : "=r"(v));
  return v;
}

/* Each of these raises illegal instruction exactly once. */
static void check_fp_illegal(void) {
  CHECK_EQ(TRAPS_IN(fadd_d()), 1);
  CHECK_EQ(last_trap.mcause, CAUSE_ILLEGAL);
  CHECK_EQ(TRAPS_IN(c_fsd()), 1);
  CHECK_EQ(last_trap.mcause, CAUSE_ILLEGAL);
  CHECK_EQ(TRAPS_IN(read_fflags()), 1);
  CHECK_EQ(last_trap.mcause, CAUSE_ILLEGAL);
}

int main(void) {
  uxlen_t misa = CSR_READ(misa);
  bool has_fd = (misa >> ('f' - 'a') & 1) && (misa >> ('d' - 'a') & 1);
  if (!has_fd) {
    CSR_SET(mstatus, MSTATUS_FS);
    CHECK_EQ(CSR_READ(mstatus) & (MSTATUS_FS | MSTATUS_SD), 0); /* read-only zero without F */
    check_fp_illegal();
    guest_puts("fp_state: no F/D, FP instructions are illegal\n");
    return 0;
  }

  CSR_CLEAR(mstatus, MSTATUS_FS); /* Off */
  check_fp_illegal();

  CSR_SET(mstatus, FS_INITIAL);
  CHECK_EQ(CSR_READ(mstatus) & (MSTATUS_FS | MSTATUS_SD), FS_INITIAL);
  __asm__ volatile("csrw fcsr, zero");
  CHECK_EQ(CSR_READ(mstatus) & (MSTATUS_FS | MSTATUS_SD), MSTATUS_FS | MSTATUS_SD);
  CHECK_EQ(CSR_READ(sstatus) & (MSTATUS_FS | MSTATUS_SD), MSTATUS_FS | MSTATUS_SD);

  /* 0/0: the canonical NaN, invalid. */
  FP_ASM("fcvt.d.w fa1, zero\n fdiv.d fa0, fa1, fa1\n fsd fa0, 0(%0)", ::"r"(buf) : "memory");
  CHECK_EQ(buf[0], 0x7ff8000000000000ull);
  CHECK_EQ(read_fflags(), 0x10);

  /* 2.5 to an integer: ties away with RMM, to even with RNE. */
  uxlen_t rmm, rne;
  FP_ASM("li t0, 5\n fcvt.d.w fa1, t0\n li t0, 2\n fcvt.d.w fa2, t0\n fdiv.d fa1, fa1, fa2\n"
         " fcvt.w.d %0, fa1, rmm\n fcvt.w.d %1, fa1, rne",
         : "=r"(rmm), "=r"(rne)::"t0");
  CHECK_EQ(rmm, 3);
  CHECK_EQ(rne, 2);

  /* NaN-boxing: FMV.W.X boxes; an unboxed single is the canonical NaN. */
  FP_ASM("li t0, 0x3f800000\n fmv.w.x fa0, t0\n fsd fa0, 0(%0)", ::"r"(buf) : "t0", "memory");
  CHECK_EQ(buf[0], 0xffffffff3f800000ull);
  buf[1] = 0x000000003f800000ull;
  FP_ASM("fld fa1, 8(%0)\n fadd.s fa0, fa1, fa1\n fsd fa0, 0(%0)", ::"r"(buf) : "memory");
  CHECK_EQ(buf[0], 0xffffffff7fc00000ull);

  /* FMIN with one NaN operand gives the other one. */
  FP_ASM("li t0, 0x3f800000\n fmv.w.x fa2, t0\n fmin.s fa0, fa1, fa2\n fsd fa0, 0(%0)", ::"r"(buf) : "t0", "memory");
  CHECK_EQ(buf[0], 0xffffffff3f800000ull);

  /* frm = 5 is kept, but a dynamic rounding mode then is illegal. */
  __asm__ volatile("csrwi frm, 5");
  CHECK_EQ(CSR_READ(frm), 5);
  CHECK_EQ(TRAPS_IN(FP_ASM("fadd.d fa0, fa1, fa2, dyn")), 1);
  CHECK_EQ(last_trap.mcause, CAUSE_ILLEGAL);
  __asm__ volatile("csrwi frm, 0");
  CHECK_EQ(TRAPS_IN(FP_ASM("fadd.d fa0, fa1, fa2, dyn")), 0);
  guest_puts("fp_state: F/D state checked\n");
  return 0;
}
