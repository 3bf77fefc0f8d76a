/* Start-up, trap vectors and the measurement driver of the reference programs.
 * Ibex simple system: the vector table is at 0x100000 (mtvec is fixed there, vectored)
 * and the core starts at 0x100080. CV32E40P testbench: the table is at 0x0 and the core
 * boots at 0x180; crt0 writes mtvec (vectored, base 0), programs mhpmevent3..31 and
 * clears mcountinhibit (the counters are inhibited at reset).
 * All code here is assembled with .option norvc. */
#include "platform.h"
.option norelax
.option norvc

  .section .vectors, "ax"
  .globl _vectors
_vectors:
  j     exc_entry                /* 0: exceptions (and cause 0 interrupts) */
  .rept 6
  j     unexpected_irq           /* 1..6 */
  .endr
  j     timer_entry              /* 7: machine timer interrupt */
  .rept 24
  j     unexpected_irq           /* 8..31 */
  .endr

#if defined(PLATFORM_IBEX)
  .org 0x80
#else
  .org 0x180
#endif
  .globl _start
_start:
  la    sp, __stack_top
#if defined(PLATFORM_CV32E40P)
  la    t0, _vectors
  ori   t0, t0, 1
  csrw  mtvec, t0
  /* mhpmcounter3..18: one event each (bits 0..15); 19..30: several bits; 31: none */
  .macro SETEV n, v
  li    t0, \v
  csrw  mhpmevent\n, t0
  .endm
  SETEV 3,  EV_CYCLES
  SETEV 4,  EV_INSTR
  SETEV 5,  EV_LD_STALL
  SETEV 6,  EV_JMP_STALL
  SETEV 7,  EV_IMISS
  SETEV 8,  EV_LD
  SETEV 9,  EV_ST
  SETEV 10, EV_JUMP
  SETEV 11, EV_BRANCH
  SETEV 12, EV_BRANCH_TAKEN
  SETEV 13, EV_COMP_INSTR
  SETEV 14, EV_PIPE_STALL
  SETEV 15, EV_APU_TYPE
  SETEV 16, EV_APU_CONT
  SETEV 17, EV_APU_DEP
  SETEV 18, EV_APU_WB
  SETEV 19, (EV_LD | EV_ST)
  SETEV 20, (EV_JUMP | EV_BRANCH)
  SETEV 21, (EV_BRANCH | EV_BRANCH_TAKEN)
  SETEV 22, (EV_LD_STALL | EV_JMP_STALL)
  SETEV 23, (EV_INSTR | EV_COMP_INSTR)
  SETEV 24, (EV_CYCLES | EV_INSTR)
  SETEV 25, (EV_IMISS | EV_LD_STALL)
  SETEV 26, (EV_LD | EV_LD_STALL)
  SETEV 27, 0xffff
  SETEV 28, (EV_IMISS | EV_JMP_STALL)
  SETEV 29, (EV_JUMP | EV_BRANCH_TAKEN)
  SETEV 30, (EV_ST | EV_COMP_INSTR)
  SETEV 31, 0
#if defined(PMU_FPU)
  li    t0, 0x2000               /* mstatus.FS = Initial: FP instructions allowed */
  csrs  mstatus, t0
#endif
  csrw  mcountinhibit, zero      /* whole-program measurement starts here */
#endif
  /* Ibex: counters run from reset; the whole-program measurement starts at reset. */
  j     test_whole

  .globl pmu_whole_done
pmu_whole_done:
  li    t6, -1
  csrw  mcountinhibit, t6        /* whole-program measurement ends here */
  la    a0, name_whole
  jal   ra, pmu_report
  j     test_regions

  .globl pmu_regions_done
pmu_regions_done:
  jal   ra, pmu_finish
1:j     1b

/* Zero every counter (called by REGION with "jal t6, pmu_zero" while stopped). */
  .globl pmu_zero
pmu_zero:
  csrw  mcycle, zero
  csrw  mcycleh, zero
  csrw  minstret, zero
  csrw  minstreth, zero
  .irp n, 3,4,5,6,7,8,9,10,11,12
  csrw  mhpmcounter\n, zero
  csrw  mhpmcounter\n\()h, zero
  .endr
#if PLAT_NUM_HPM > 10
  .irp n, 13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
  csrw  mhpmcounter\n, zero
  csrw  mhpmcounter\n\()h, zero
  .endr
#endif
  jr    t6

/* Exceptions: ECALL (cause 11) and illegal instruction (cause 2, only 32-bit ones are
 * used) return to the next instruction; anything else is fatal.
 * Uses only t0 (saved in mscratch). */
exc_entry:
  csrw  mscratch, t0
  csrr  t0, mcause
  addi  t0, t0, -11              /* ECALL from M-mode */
  beqz  t0, 1f
  addi  t0, t0, 9                /* illegal instruction */
  bnez  t0, fatal
1:
  csrr  t0, mepc
  addi  t0, t0, 4
  csrw  mepc, t0
  csrr  t0, mscratch
  mret

/* Machine timer interrupt: count it and silence the source.
 * Ibex: mtimecmph = 0xffffffff. CV32E40P: the testbench clears the request when the
 * core acknowledges the interrupt, nothing to do. */
timer_entry:
  csrw  mscratch, t0
  la    t0, pmu_irq_count
  sw    t1, -4(sp)
  lw    t1, 0(t0)
  addi  t1, t1, 1
  sw    t1, 0(t0)
#if defined(PLATFORM_IBEX)
  li    t0, PLAT_MTIMECMP
  li    t1, -1
  sw    t1, 4(t0)
#endif
  lw    t1, -4(sp)
  csrr  t0, mscratch
  mret

unexpected_irq:
fatal:
  csrr  a0, mcause
  csrr  a1, mepc
  jal   ra, pmu_fatal
1:j     1b

  .section .rodata
name_whole:
  .asciz "whole"

  .section .data
  .balign 4
  .globl pmu_irq_count
pmu_irq_count:
  .word 0
