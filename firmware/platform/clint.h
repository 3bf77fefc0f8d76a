/* The CLINT (sifive,clint0): mtime, each hart's mtimecmp and its msip doorbell. The drivers
 * only; what the timer and IPI mean to S mode is the business of sbi/timer.c and sbi/ipi.c. */
#ifndef FW_CLINT_H
#define FW_CLINT_H

#include <stdint.h>

/* mtime (0 without a CLINT). */
uint64_t clint_mtime(void);

/* Hart `hart`'s mtimecmp, written so that no intermediate value fires early. */
void clint_mtimecmp_write(unsigned long hart, uint64_t when);

/* Hart `hart`'s msip (1 raises its M software interrupt, 0 clears it). */
void clint_msip_write(unsigned long hart, uint32_t v);

#endif
