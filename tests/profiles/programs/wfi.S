/* WFI and timer interrupts. Each region programs the platform timer itself, then
 * sleeps in WFI (or spins) until the interrupt:
 *   wfi_irq     interrupts enabled: WFI, wake-up, trap to the timer handler (crt0), MRET
 *   wfi_noirq   mstatus.MIE = 0, mie.MTIE = 1: WFI wakes up without a trap
 *   spin_irq    no WFI: a polling loop is interrupted
 *   wfi_short   like wfi_irq with a short timer (interrupt due about when WFI executes)
 * On Ibex each region also reads mtime at its start and end and reports the difference
 * as "<region>.result" (wall-clock cycles, including cycles asleep). 
 * Ibex simple system: mtime counts every clock; mtimecmp = mtime + DELAY.
 * CV32E40P testbench: down counter = DELAY, interrupt on the 1 -> 0 step (mask bit 7). */
#include "pmu.h"

#define DELAY 200
#define DELAY_SHORT 8

#if defined(PLATFORM_IBEX)
/* arm: mtimecmp = mtime + \delay (s0 = PLAT_MTIMECMP, s1 = PLAT_MTIME set up before) */
.macro ARM delay
  lw    a1, 0(s1)
  addi  a1, a1, \delay
  sw    a1, 0(s0)
  sw    zero, 4(s0)
.endm
/* silence: mtimecmph = -1 (also done by the interrupt handler) */
.macro DISARM
  li    a1, -1
  sw    a1, 4(s0)
.endm
/* mtime at the start / end of a region (Ibex only): s4, s5 */
.macro T0
  lw    s4, 0(s1)
.endm
.macro T1 name
  lw    s5, 0(s1)
  ENDREGION \name
  sub   s4, s5, s4
  RESULT \name, s4
.endm
.macro SETUP
  li    s0, PLAT_MTIMECMP
  li    s1, PLAT_MTIME
  li    a1, -1
  sw    a1, 4(s0)
  sw    a1, 0(s0)
.endm
#else
.macro ARM delay
  li    a1, \delay
  sw    a1, 4(s0)
.endm
.macro DISARM
.endm
.macro T0
.endm
.macro T1 name
  ENDREGION \name
.endm
.macro SETUP
  li    s0, PLAT_TIMER_MASK
  li    a1, 0x80
  sw    a1, 0(s0)
.endm
#endif

.macro BODY
  SETUP
  li    a0, 0x80
  csrs  mie, a0            /* MTIE */
  csrsi mstatus, 8         /* MIE */
  REGION wfi_irq
  T0
  ARM   DELAY
  wfi
  T1 wfi_irq

  REGION wfi_short
  T0
  ARM   DELAY_SHORT
  wfi
  T1 wfi_short

  la    s2, pmu_irq_count
  lw    s3, 0(s2)
  REGION spin_irq
  T0
  ARM   DELAY
1:
  lw    a0, 0(s2)
  beq   a0, s3, 1b
  T1 spin_irq

  csrci mstatus, 8         /* MIE = 0 */
  REGION wfi_noirq
  T0
  ARM   DELAY
  wfi
  T1 wfi_noirq
  DISARM
  /* CV32E40P: the request stays pending until the core takes (acknowledges) it */
  csrsi mstatus, 8
  nop
  nop
  nop
  nop
  csrci mstatus, 8
  li    a0, 0x80
  csrc  mie, a0
.endm

PMU_PROGRAM
