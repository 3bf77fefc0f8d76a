/* Helpers for the PMU tests: event indices, counter masks from the machine description, and
 * PMU_RUN, which brackets an exact instruction sequence between counter_start and
 * counter_stop. */
#ifndef SBI_PMU_UTIL_H
#define SBI_PMU_UTIL_H

#include "test.h"

/* The logical counter indices. rvpmu's firmware: the hardware counters at their CSR index
 * (0..31, with gaps), 16 firmware counters at 32..47, 48 in all whatever the hart implements.
 * OpenSBI 1.1: the hardware counters 0 .. 2 + hpm, the 16 firmware counters right after them
 * (the spec leaves the numbering to the implementation; counter_get_info tells which is which). */
#define FW_COUNTERS 16
#define FW_FIRST ((unsigned long)BY_FW(32, 3 + machine.hpm))
#define NUM_COUNTERS (FW_FIRST + FW_COUNTERS)
#define EV_CYCLES 0x00001UL       /* SBI_PMU_HW_CPU_CYCLES */
#define EV_INSTRUCTIONS 0x00002UL /* SBI_PMU_HW_INSTRUCTIONS */
#define EV_BRANCHES 0x00005UL     /* SBI_PMU_HW_BRANCH_INSTRUCTIONS */
#define EV_RAW 0x20000UL          /* type 2, code 0 */
#define EV_RAW_V2 0x30000UL       /* type 3, code 0 */
#define EV_FW(code) (0xf0000UL | (code))
/* rvpmu generic profile raw selectors (docs/events-generic.md). */
#define GENERIC_LOADS 0x20001ULL
#define GENERIC_STORES 0x20002ULL

/* Bit mask of the implemented programmable counters (index 3..). */
static inline unsigned long hpm_mask(void) {
  return machine.hpm >= 29 ? 0xfffffff8UL : ((1UL << machine.hpm) - 1) << 3;
}
/* Every valid hardware counter: cycle, instret and the programmable ones. */
static inline unsigned long hw_mask(void) { return hpm_mask() | 0x5UL; }
/* The largest value of a programmable counter. */
static inline uint64_t hpm_max(void) { return machine.width >= 64 ? ~0ULL : (1ULL << machine.width) - 1; }

#if XLEN == 32
#define PMU_HI_(v) ((unsigned long)((uint64_t)(v) >> 32))
#else
#define PMU_HI_(v) 0UL
#endif

/* counter_start(base, mask, sflags, init); the S-mode instructions BODY; counter_stop(base,
 * mask, pflags). Between the two ecalls S mode retires exactly the instructions of BODY plus
 * PMU_RUN_OVERHEAD: "mv t0, a0" (keeps start's error) and "mv a0; mv a1; mv a2; li a6" (stop's
 * arguments). The ecalls themselves do not retire, and the firmware's own instructions are not
 * counted (it sets MINH). start's error lands in serr, stop's in perr. BODY may use t1. */
#define PMU_RUN_OVERHEAD 5
#define PMU_RUN(BODY, base_, mask_, sflags_, init_, pflags_, serr, perr)                                   \
  do {                                                                                                     \
    register unsigned long a0_ __asm__("a0") = (base_);                                                    \
    register unsigned long a1_ __asm__("a1") = (mask_);                                                    \
    register unsigned long a2_ __asm__("a2") = (sflags_);                                                  \
    register unsigned long a3_ __asm__("a3") = (unsigned long)(init_);                                     \
    register unsigned long a4_ __asm__("a4") = PMU_HI_(init_);                                             \
    register unsigned long a6_ __asm__("a6") = SBI_PMU_COUNTER_START;                                      \
    register unsigned long a7_ __asm__("a7") = SBI_EXT_PMU;                                                \
    register unsigned long s2_ __asm__("s2") = (base_);                                                    \
    register unsigned long s3_ __asm__("s3") = (mask_);                                                    \
    register unsigned long s4_ __asm__("s4") = (pflags_);                                                  \
    register unsigned long t0_ __asm__("t0");                                                              \
    __asm__ volatile("ecall\n\t"                                                                           \
                     "mv t0, a0\n\t" BODY                                                                  \
                     "\n\tmv a0, s2\n\tmv a1, s3\n\tmv a2, s4\n\tli a6, 4\n\t"                             \
                     "ecall"                                                                               \
                     : "+r"(a0_), "+r"(a1_), "+r"(a2_), "+r"(a6_), "=&r"(t0_)                             \
                     : "r"(a3_), "r"(a4_), "r"(a7_), "r"(s2_), "r"(s3_), "r"(s4_)                          \
                     : "memory", "t1");                                                                    \
    (serr) = (long)t0_;                                                                                    \
    (perr) = (long)a0_;                                                                                    \
  } while (0)

#define NOPS(n) ".rept " #n "\n\tnop\n\t.endr"
#define BRANCHES(n) ".rept " #n "\n\tbnez zero, 1f\n\t1:\n\t.endr"
#define LOADS(n) ".rept " #n "\n\tlw t1, 0(sp)\n\t.endr"
#define STORES(n) ".rept " #n "\n\tsw zero, -16(sp)\n\t.endr"

#endif
