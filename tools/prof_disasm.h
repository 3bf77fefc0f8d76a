/* Disassembly for rvpmu annotate from the simulator's own decoder: the same table (isa/ops.def)
 * that drives execution names the operations, so what annotate shows is what ran. */
#ifndef RVPMU_TOOLS_PROF_DISASM_H
#define RVPMU_TOOLS_PROF_DISASM_H

#include <stddef.h>
#include <stdint.h>

/* Decodes the instruction at pc from `bytes` (avail of them) and writes its assembly into buf.
 * Returns its length (2 or 4), or 0 if bytes are too few. */
unsigned prof_disasm(const uint8_t *bytes, size_t avail, uint64_t pc, unsigned xlen, char *buf, size_t len);

#endif
