/* Supervisor timer (SBI TIME) on the CLINT's mtimecmp, or on stimecmp where the hart has Sstc
 * (QEMU's default cpus do; rvpmu's do not). */
#ifndef FW_TIMER_H
#define FW_TIMER_H

#include <stdint.h>

/* Per hart: detects Sstc (stimecmp readable), enables it for S mode (menvcfg.STCE) with the
 * comparator at its maximum, or parks this hart's mtimecmp at the maximum. */
void timer_hart_init(void);

/* mtime from the CLINT (0 without one). */
uint64_t timer_now(void);

/* SBI set_timer: the next S timer interrupt at `when` (mtime units); clears a pending one. */
void timer_set(uint64_t when);

/* M timer interrupt: passes it on as mip.STIP and masks MTIE until the next set_timer. */
void timer_irq(void);

#endif
