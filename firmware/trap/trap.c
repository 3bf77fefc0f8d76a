/* The C side of the trap path: interrupts that M mode keeps (timer, software), the ecall, the
 * exceptions the firmware emulates or counts, and redirection of everything else to S mode. */
#include "trap/trap.h"

#include "ecall/sbi_ecall.h"
#include "lib/csr.h"
#include "lib/sbi.h"
#include "platform/reset.h"
#include "sbi/fw_event.h"
#include "sbi/ipi.h"
#include "sbi/timer.h"
#include "trap/emulate.h"

void trap_redirect(struct trap_frame *tf, unsigned long cause, unsigned long tval) {
  unsigned long prev = (tf->mstatus & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT;
  csr_write(CSR_SCAUSE, cause);
  csr_write(CSR_SEPC, tf->mepc);
  csr_write(CSR_STVAL, tval);
  /* What the hart does when it delegates a trap (privileged spec 4.1.1): SPIE = SIE, SIE = 0,
   * SPP = the mode it came from; then S mode at stvec (exceptions use the base address). */
  unsigned long s = tf->mstatus & ~(MSTATUS_SPP | MSTATUS_SPIE | MSTATUS_SIE | MSTATUS_MPP | MSTATUS_MPRV);
  if (tf->mstatus & MSTATUS_SIE) s |= MSTATUS_SPIE;
  if (prev == PRV_S) s |= MSTATUS_SPP;
  tf->mstatus = s | PRV_S << MSTATUS_MPP_SHIFT;
  tf->mepc = csr_read(CSR_STVEC) & ~3UL;
}

static void interrupt(struct trap_frame *tf, unsigned long code) {
  switch (code) {
    case IRQ_M_TIMER: timer_irq(); return;
    case IRQ_M_SOFT: ipi_process(); return;
    default: fw_panic("unexpected interrupt", tf);
  }
}

void fw_trap(struct trap_frame *tf) {
  unsigned long cause = csr_read(CSR_MCAUSE), tval = csr_read(CSR_MTVAL);
  if (cause & MCAUSE_INTERRUPT) {
    interrupt(tf, cause & ~MCAUSE_INTERRUPT);
    return;
  }
  if (((tf->mstatus & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT) == PRV_M) fw_panic("exception in M mode", tf);
  switch (cause) {
    case CAUSE_SUPERVISOR_ECALL:
      sbi_ecall_handle(tf);
      return;
    case CAUSE_ILLEGAL_INSN:
      fw_event_count(SBI_PMU_FW_ILLEGAL_INSN);
      emulate_illegal(tf, tval);
      return;
    case CAUSE_MISALIGNED_LOAD:
    case CAUSE_MISALIGNED_STORE:
      fw_event_count(cause == CAUSE_MISALIGNED_LOAD ? SBI_PMU_FW_MISALIGNED_LOAD : SBI_PMU_FW_MISALIGNED_STORE);
      emulate_misaligned(tf, cause, tval);
      return;
    case CAUSE_LOAD_ACCESS:
    case CAUSE_STORE_ACCESS:
      fw_event_count(cause == CAUSE_LOAD_ACCESS ? SBI_PMU_FW_ACCESS_LOAD : SBI_PMU_FW_ACCESS_STORE);
      trap_redirect(tf, cause, tval);
      return;
    default:
      trap_redirect(tf, cause, tval);
      return;
  }
}
