/* The M-mode hart as the assembly leaves it to C (hart/entry.S): the trap frame, the per-hart
 * scratch words, the way to S mode, and guarded CSR accesses (which catch the trap an access
 * may raise instead of taking it, to probe what a hart implements). Below everything but lib/:
 * the platform, the extension cores and the trap handler all use it. */
#ifndef FW_HART_H
#define FW_HART_H

#include <stdint.h>

#include "lib/csr.h"
#include "lib/errors.h"

/* Registers of the interrupted code, saved by fw_trap_entry (entry.S) and restored on mret.
 * Handlers change the interrupted context by editing the frame: a0/a1 for ecall results,
 * mepc to skip or redirect, mstatus for the mode and interrupt bits to return with. */
struct trap_frame {
  unsigned long regs[32]; /* x0..x31 (x0's slot always reads 0) */
  unsigned long mepc;     /* where mret returns */
  unsigned long mstatus;  /* mstatus restored before mret (MPP = the interrupted mode) */
  unsigned long pad[2];   /* keeps the frame a multiple of 16 bytes */
};

/* Per-hart words the trap entry uses before it has a stack; mscratch points here. */
struct hart_scratch {
  unsigned long stack_top; /* M-mode stack for traps from S and U */
  unsigned long save_t0;   /* t0 of the interrupted code, while the entry needs a register */
  unsigned long save_sp;   /* sp of the interrupted code */
};

/* Assembly (entry.S). */
void fw_trap_entry(void);
void fw_expected_trap(void);
/* Enters S mode at `addr` with a0 = `a0`, a1 = `a1`, satp = 0, sstatus.SIE = 0 and the other
 * registers zero; the M stack is abandoned (traps start from hart_scratch.stack_top again). */
__attribute__((noreturn)) void fw_enter_smode(unsigned long a0, unsigned long a1, unsigned long addr);

/* Guarded accesses: mtvec points at fw_expected_trap for the one instruction, which is assembled
 * uncompressed (4 bytes), so a trap skips it and sets t1 = 1, t2 = mcause. Used to probe which
 * CSRs exist (QEMU and rvpmu differ) and to read S-mode memory during emulation. */
#define CSR_READ_GUARDED(csr, out)                                                            \
  ({                                                                                          \
    register unsigned long trapped_ __asm__("t1") = 0;                                        \
    register unsigned long cause_ __asm__("t2");                                              \
    unsigned long tvec_, v_ = 0;                                                              \
    __asm__ volatile("la %[tv], fw_expected_trap\n\t"                                         \
                     "csrrw %[tv], mtvec, %[tv]\n\t"                                          \
                     ".option push\n\t.option norvc\n\t"                                      \
                     "csrr %[v], " CSR_STR(csr) "\n\t"                                        \
                     ".option pop\n\t"                                                        \
                     "csrw mtvec, %[tv]"                                                      \
                     : [tv] "=&r"(tvec_), [v] "+&r"(v_), "+&r"(trapped_), "=&r"(cause_)      \
                     :                                                                        \
                     : "t3", "memory");                                                       \
    (void)cause_;                                                                             \
    *(out) = v_;                                                                              \
    trapped_ ? FW_ETRAP : FW_OK;                                                              \
  })

#define CSR_WRITE_GUARDED(csr, val)                                                           \
  ({                                                                                          \
    register unsigned long trapped_ __asm__("t1") = 0;                                        \
    register unsigned long cause_ __asm__("t2");                                              \
    unsigned long tvec_;                                                                      \
    __asm__ volatile("la %[tv], fw_expected_trap\n\t"                                         \
                     "csrrw %[tv], mtvec, %[tv]\n\t"                                          \
                     ".option push\n\t.option norvc\n\t"                                      \
                     "csrw " CSR_STR(csr) ", %[v]\n\t"                                        \
                     ".option pop\n\t"                                                        \
                     "csrw mtvec, %[tv]"                                                      \
                     : [tv] "=&r"(tvec_), "+&r"(trapped_), "=&r"(cause_)                      \
                     : [v] "r"((unsigned long)(val))                                          \
                     : "t3", "memory");                                                       \
    (void)cause_;                                                                             \
    trapped_ ? FW_ETRAP : FW_OK;                                                              \
  })

#endif
