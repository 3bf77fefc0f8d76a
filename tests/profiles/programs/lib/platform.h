/* Platform constants for the reference programs (tests/profiles/programs).
 * Build with -DPLATFORM_IBEX (Ibex simple system) or -DPLATFORM_CV32E40P
 * (CV32E40P example testbench). Shared by C and assembly. */
#ifndef PROFILES_PLATFORM_H
#define PROFILES_PLATFORM_H

#if defined(PLATFORM_IBEX)
/* ibex-simple: RAM 1 MiB at 0x100000, reset 0x100080, mtvec vectored at 0x100000 */
#define PLAT_NAME        "ibex-simple"
#define PLAT_CHAR_OUT    0x20000      /* byte store prints a character */
#define PLAT_HALT        0x20008      /* write 1: halt the simulation */
#define PLAT_MTIME       0x30000      /* mtime, mtimeh at +4 */
#define PLAT_MTIMECMP    0x30008      /* mtimecmp, mtimecmph at +4 */
#define PLAT_NUM_HPM     10           /* mhpmcounter3..12 carry events 3..12 (hardwired) */
#elif defined(PLATFORM_CV32E40P)
/* cv32e40p-tb: RAM 4 MiB at 0, boot 0x180, mtvec set by crt0 (vectored, base 0) */
#define PLAT_NAME        "cv32e40p-tb"
#define PLAT_CHAR_OUT    0x10000000   /* byte store prints a character */
#define PLAT_EXIT        0x20000004   /* word store: exit code, ends the simulation */
#define PLAT_PASSFAIL    0x20000000   /* 123456789 = pass, 1 = fail */
#define PLAT_TIMER_MASK  0x15000000   /* interrupt mask, bit 7 = timer */
#define PLAT_TIMER_CNT   0x15000004   /* down counter, interrupt on 1 -> 0 */
#define PLAT_NUM_HPM     29           /* NUM_MHPMCOUNTERS of the measured build */
#else
#error "define PLATFORM_IBEX or PLATFORM_CV32E40P"
#endif

/* CV32E40P event selector bits (mhpmevent) */
#define EV_CYCLES        (1 << 0)
#define EV_INSTR         (1 << 1)
#define EV_LD_STALL      (1 << 2)
#define EV_JMP_STALL     (1 << 3)
#define EV_IMISS         (1 << 4)
#define EV_LD            (1 << 5)
#define EV_ST            (1 << 6)
#define EV_JUMP          (1 << 7)
#define EV_BRANCH        (1 << 8)
#define EV_BRANCH_TAKEN  (1 << 9)
#define EV_COMP_INSTR    (1 << 10)
#define EV_PIPE_STALL    (1 << 11)
#define EV_APU_TYPE      (1 << 12)
#define EV_APU_CONT      (1 << 13)
#define EV_APU_DEP       (1 << 14)
#define EV_APU_WB        (1 << 15)

#endif
