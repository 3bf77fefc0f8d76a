/* The C trap handler: the one place that dispatches what traps into M mode from S and U (the
 * ecall to the SBI shims, the M-level interrupts to the timer and IPI cores, the exceptions it
 * emulates or counts) and redirects everything else to S mode. Nothing below includes it. */
#ifndef FW_TRAP_H
#define FW_TRAP_H

#include "hart/hart.h"

/* Called by fw_trap_entry (hart/entry.S) with the saved frame. */
void fw_trap(struct trap_frame *tf);

/* Delivers exception `cause` with `tval` to S mode as if the hardware had delegated it: the
 * interrupted context (frame) becomes the S trap's sepc/sstatus, and mret goes to stvec. */
void trap_redirect(struct trap_frame *tf, unsigned long cause, unsigned long tval);

#endif
