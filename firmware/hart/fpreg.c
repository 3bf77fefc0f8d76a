/* FP registers by number (see fpreg.h): one load or store per register and size, through an
 * aligned buffer, so that the hart itself does the NaN-boxing and no FMV.D.X is needed (RV32
 * has none). */
#include "hart/fpreg.h"

/* Runs `d` (8 bytes) or `w` (4 bytes) on register f<n> with the address in `buf`. */
#define FP_ACCESS(d, w, n)                                                                          \
  do {                                                                                              \
    if (size == 8)                                                                                  \
      __asm__ volatile(".option push\n.option arch, +d\n" d " f" #n ", 0(%0)\n.option pop" ::"r"(buf) \
                       : "memory");                                                                 \
    else                                                                                            \
      __asm__ volatile(".option push\n.option arch, +d\n" w " f" #n ", 0(%0)\n.option pop" ::"r"(buf) \
                       : "memory");                                                                 \
  } while (0)

void fpreg_load(unsigned reg, unsigned size, const uint64_t *buf) {
  switch (reg) {
    case 0: FP_ACCESS("fld", "flw", 0); break;
    case 1: FP_ACCESS("fld", "flw", 1); break;
    case 2: FP_ACCESS("fld", "flw", 2); break;
    case 3: FP_ACCESS("fld", "flw", 3); break;
    case 4: FP_ACCESS("fld", "flw", 4); break;
    case 5: FP_ACCESS("fld", "flw", 5); break;
    case 6: FP_ACCESS("fld", "flw", 6); break;
    case 7: FP_ACCESS("fld", "flw", 7); break;
    case 8: FP_ACCESS("fld", "flw", 8); break;
    case 9: FP_ACCESS("fld", "flw", 9); break;
    case 10: FP_ACCESS("fld", "flw", 10); break;
    case 11: FP_ACCESS("fld", "flw", 11); break;
    case 12: FP_ACCESS("fld", "flw", 12); break;
    case 13: FP_ACCESS("fld", "flw", 13); break;
    case 14: FP_ACCESS("fld", "flw", 14); break;
    case 15: FP_ACCESS("fld", "flw", 15); break;
    case 16: FP_ACCESS("fld", "flw", 16); break;
    case 17: FP_ACCESS("fld", "flw", 17); break;
    case 18: FP_ACCESS("fld", "flw", 18); break;
    case 19: FP_ACCESS("fld", "flw", 19); break;
    case 20: FP_ACCESS("fld", "flw", 20); break;
    case 21: FP_ACCESS("fld", "flw", 21); break;
    case 22: FP_ACCESS("fld", "flw", 22); break;
    case 23: FP_ACCESS("fld", "flw", 23); break;
    case 24: FP_ACCESS("fld", "flw", 24); break;
    case 25: FP_ACCESS("fld", "flw", 25); break;
    case 26: FP_ACCESS("fld", "flw", 26); break;
    case 27: FP_ACCESS("fld", "flw", 27); break;
    case 28: FP_ACCESS("fld", "flw", 28); break;
    case 29: FP_ACCESS("fld", "flw", 29); break;
    case 30: FP_ACCESS("fld", "flw", 30); break;
    case 31: FP_ACCESS("fld", "flw", 31); break;
    default: break;
  }
}

void fpreg_store(unsigned reg, unsigned size, uint64_t *buf) {
  switch (reg) {
    case 0: FP_ACCESS("fsd", "fsw", 0); break;
    case 1: FP_ACCESS("fsd", "fsw", 1); break;
    case 2: FP_ACCESS("fsd", "fsw", 2); break;
    case 3: FP_ACCESS("fsd", "fsw", 3); break;
    case 4: FP_ACCESS("fsd", "fsw", 4); break;
    case 5: FP_ACCESS("fsd", "fsw", 5); break;
    case 6: FP_ACCESS("fsd", "fsw", 6); break;
    case 7: FP_ACCESS("fsd", "fsw", 7); break;
    case 8: FP_ACCESS("fsd", "fsw", 8); break;
    case 9: FP_ACCESS("fsd", "fsw", 9); break;
    case 10: FP_ACCESS("fsd", "fsw", 10); break;
    case 11: FP_ACCESS("fsd", "fsw", 11); break;
    case 12: FP_ACCESS("fsd", "fsw", 12); break;
    case 13: FP_ACCESS("fsd", "fsw", 13); break;
    case 14: FP_ACCESS("fsd", "fsw", 14); break;
    case 15: FP_ACCESS("fsd", "fsw", 15); break;
    case 16: FP_ACCESS("fsd", "fsw", 16); break;
    case 17: FP_ACCESS("fsd", "fsw", 17); break;
    case 18: FP_ACCESS("fsd", "fsw", 18); break;
    case 19: FP_ACCESS("fsd", "fsw", 19); break;
    case 20: FP_ACCESS("fsd", "fsw", 20); break;
    case 21: FP_ACCESS("fsd", "fsw", 21); break;
    case 22: FP_ACCESS("fsd", "fsw", 22); break;
    case 23: FP_ACCESS("fsd", "fsw", 23); break;
    case 24: FP_ACCESS("fsd", "fsw", 24); break;
    case 25: FP_ACCESS("fsd", "fsw", 25); break;
    case 26: FP_ACCESS("fsd", "fsw", 26); break;
    case 27: FP_ACCESS("fsd", "fsw", 27); break;
    case 28: FP_ACCESS("fsd", "fsw", 28); break;
    case 29: FP_ACCESS("fsd", "fsw", 29); break;
    case 30: FP_ACCESS("fsd", "fsw", 30); break;
    case 31: FP_ACCESS("fsd", "fsw", 31); break;
    default: break;
  }
}
