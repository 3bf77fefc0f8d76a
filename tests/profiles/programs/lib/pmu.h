/* Measurement macros for the reference programs (assembly only).
 *
 * A program defines its measured code as the assembler macro BODY and ends with
 * PMU_PROGRAM. BODY is expanded twice:
 *   test_whole   (PMU_MODE = 0): REGION/ENDREGION expand to nothing. crt0 jumps here
 *                straight from reset (Ibex) or from the first mcountinhibit clear
 *                (CV32E40P); crt0 stops the counters when BODY ends and reports "whole".
 *   test_regions (PMU_MODE = 1): every "REGION name" zeroes all counters while they are
 *                stopped and starts them (csrw mcountinhibit, zero); "ENDREGION name" stops
 *                them (csrw mcountinhibit, t6 with t6 = -1) and prints every counter
 *                as "<region>.<counter>=<value>".
 * Rules for BODY: only numeric local labels (it is expanded twice); inside a region
 * t6 must not be written; sp must stay valid; any other register may be used, and
 * only sp and s0..s11 survive an ENDREGION (the report is a C call). BODY may call
 * functions defined outside it. Instruction encodings: crt0 and the macros are
 * assembled with .option norvc; BODY starts in norvc too and selects rvc itself.
 */
#ifndef PROFILES_PMU_H
#define PROFILES_PMU_H
#include "platform.h"

.option norelax

.macro REGION name
  .if PMU_MODE
    .option push
    .option norvc
    jal   t6, pmu_zero               /* zero all counters (they are stopped) */
    li    t6, -1
    csrw  mcountinhibit, zero        /* START */
    .option pop
  .endif
.endm

.macro ENDREGION name
  .if PMU_MODE
    .pushsection .rodata.pmu_names, "a"
.Lpmu_name\@: .asciz "\name"
    .popsection
    .option push
    .option norvc
    csrw  mcountinhibit, t6          /* STOP */
    la    a0, .Lpmu_name\@
    jal   ra, pmu_report
    .option pop
  .endif
.endm

/* Print "<region>.result=<reg>" (region mode only; place after ENDREGION; reg must be
 * callee-saved (s0..s11) since ENDREGION makes a C call). */
.macro RESULT name, reg
  .if PMU_MODE
    .pushsection .rodata.pmu_names, "a"
.Lpmu_rname\@: .asciz "\name"
.Lpmu_rwhat\@: .asciz "result"
    .popsection
    .option push
    .option norvc
    la    a0, .Lpmu_rname\@
    la    a1, .Lpmu_rwhat\@
    mv    a2, \reg
    jal   ra, pmu_value
    .option pop
  .endif
.endm

/* CV32E40P testbench timer: enable its interrupt (s0 = the timer's base, for ARM-style writes
 * of the down counter at 4(s0)), and disable it again. Uses a0, a1. */
.macro TB_TIMER_IRQ_ON
  li    s0, PLAT_TIMER_MASK
  li    a1, 0x80
  sw    a1, 0(s0)
  li    a0, 0x80
  csrs  mie, a0                /* MTIE */
  csrsi mstatus, 8             /* MIE */
.endm
.macro TB_TIMER_IRQ_OFF
  csrci mstatus, 8
  li    a0, 0x80
  csrc  mie, a0
.endm

.macro PMU_PROGRAM
  .section .text.test_whole, "ax"
  .globl test_whole
  .balign 4
test_whole:
  .option push
  .option norvc
  .set PMU_MODE, 0
  BODY
  .option norvc
  j pmu_whole_done
  .option pop

  .section .text.test_regions, "ax"
  .globl test_regions
  .balign 4
test_regions:
  .option push
  .option norvc
  .set PMU_MODE, 1
  BODY
  .option norvc
  j pmu_regions_done
  .option pop
.endm

#endif
