/* Traps the firmware handles for S and U mode instead of delegating them: misaligned loads and
 * stores (emulated byte by byte), and reads of the `time` CSR on harts without it (emulated
 * from the CLINT's mtime). What it cannot emulate goes to S mode as the original trap. */
#ifndef FW_EMULATE_H
#define FW_EMULATE_H

#include "trap/trap.h"

void emulate_misaligned(struct trap_frame *tf, unsigned long cause, unsigned long addr);
void emulate_illegal(struct trap_frame *tf, unsigned long tval);

#endif
