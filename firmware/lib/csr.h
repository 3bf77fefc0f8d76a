/* CSR numbers, bits and accessors the firmware uses (privileged ISA 20211203, Sscofpmf, Smcntrpmf,
 * Sstc). Numbers rather than names, so the assembler's CSR list does not matter. */
#ifndef FW_CSR_H
#define FW_CSR_H

#define CSR_SSTATUS 0x100
#define CSR_SIE 0x104
#define CSR_STVEC 0x105
#define CSR_SCOUNTEREN 0x106
#define CSR_SSCRATCH 0x140
#define CSR_SEPC 0x141
#define CSR_SCAUSE 0x142
#define CSR_STVAL 0x143
#define CSR_SIP 0x144
#define CSR_STIMECMP 0x14d  /* Sstc */
#define CSR_STIMECMPH 0x15d /* Sstc, RV32 */
#define CSR_SATP 0x180

#define CSR_MSTATUS 0x300
#define CSR_MISA 0x301
#define CSR_MEDELEG 0x302
#define CSR_MIDELEG 0x303
#define CSR_MIE 0x304
#define CSR_MTVEC 0x305
#define CSR_MCOUNTEREN 0x306
#define CSR_MENVCFG 0x30a
#define CSR_MENVCFGH 0x31a
#define CSR_MCOUNTINHIBIT 0x320
#define CSR_MCYCLECFG 0x321   /* Smcntrpmf */
#define CSR_MINSTRETCFG 0x322 /* Smcntrpmf */
#define CSR_MHPMEVENT3 0x323
#define CSR_MCYCLECFGH 0x721
#define CSR_MINSTRETCFGH 0x722
#define CSR_MHPMEVENT3H 0x723 /* Sscofpmf, RV32 */
#define CSR_PMPCFG0 0x3a0
#define CSR_PMPADDR0 0x3b0
#define CSR_PMPADDR1 0x3b1
#define CSR_PMPADDR15 0x3bf
#define CSR_PMPADDR63 0x3ef
#define CSR_PMPCFG2 0x3a2  /* RV64: entries 8..15 */
#define CSR_PMPCFG3 0x3a3  /* RV32: entries 12..15 */
#define CSR_PMPCFG14 0x3ae /* RV64: entries 56..63 */
#define CSR_PMPCFG15 0x3af /* RV32: entries 60..63 */
#define CSR_MSCRATCH 0x340
#define CSR_MEPC 0x341
#define CSR_MCAUSE 0x342
#define CSR_MTVAL 0x343
#define CSR_MIP 0x344
#define CSR_MCYCLE 0xb00
#define CSR_MINSTRET 0xb02
#define CSR_MCYCLEH 0xb80
#define CSR_CYCLE 0xc00
#define CSR_TIME 0xc01
#define CSR_TIMEH 0xc81
#define CSR_SCOUNTOVF 0xda0 /* Sscofpmf */
#define CSR_MVENDORID 0xf11
#define CSR_MARCHID 0xf12
#define CSR_MIMPID 0xf13
#define CSR_MHARTID 0xf14

#define MSTATUS_SIE (1UL << 1)
#define MSTATUS_MIE (1UL << 3)
#define MSTATUS_SPIE (1UL << 5)
#define MSTATUS_MPIE (1UL << 7)
#define MSTATUS_SPP (1UL << 8)
#define MSTATUS_MPP_SHIFT 11
#define MSTATUS_MPP (3UL << MSTATUS_MPP_SHIFT)
#define MSTATUS_FS (3UL << 13) /* also the value Dirty */
#define MSTATUS_MPRV (1UL << 17)
#define MSTATUS_SUM (1UL << 18)
#define MSTATUS_MXR (1UL << 19)

#define PRV_U 0UL
#define PRV_S 1UL
#define PRV_M 3UL

#define IRQ_S_SOFT 1
#define IRQ_M_SOFT 3
#define IRQ_S_TIMER 5
#define IRQ_M_TIMER 7
#define IRQ_S_EXT 9
#define IRQ_LCOF 13 /* Sscofpmf local counter-overflow interrupt */
#define MIP_SSIP (1UL << IRQ_S_SOFT)
#define MIP_MSIP (1UL << IRQ_M_SOFT)
#define MIP_STIP (1UL << IRQ_S_TIMER)
#define MIP_MTIP (1UL << IRQ_M_TIMER)
#define MIP_SEIP (1UL << IRQ_S_EXT)
#define MIP_LCOFIP (1UL << IRQ_LCOF)

#define CAUSE_MISALIGNED_FETCH 0
#define CAUSE_FETCH_ACCESS 1
#define CAUSE_ILLEGAL_INSN 2
#define CAUSE_BREAKPOINT 3
#define CAUSE_MISALIGNED_LOAD 4
#define CAUSE_LOAD_ACCESS 5
#define CAUSE_MISALIGNED_STORE 6
#define CAUSE_STORE_ACCESS 7
#define CAUSE_USER_ECALL 8
#define CAUSE_SUPERVISOR_ECALL 9
#define CAUSE_MACHINE_ECALL 11
#define CAUSE_FETCH_PAGE_FAULT 12
#define CAUSE_LOAD_PAGE_FAULT 13
#define CAUSE_STORE_PAGE_FAULT 15
#define MCAUSE_INTERRUPT (1UL << (__riscv_xlen - 1))

/* menvcfg.STCE (Sstc): bit 63, i.e. bit 31 of menvcfgh on RV32. */
#if __riscv_xlen == 64
#define MENVCFG_STCE (1UL << 63)
#else
#define MENVCFGH_STCE (1UL << 31)
#endif

/* Sscofpmf bits of the 64-bit mhpmevent (on RV32: bits 31..26 of mhpmeventh); Smcntrpmf's
 * mcyclecfg/minstretcfg use the same xINH positions. */
#define MHPMEVENT_OF (1ULL << 63)
#define MHPMEVENT_MINH (1ULL << 62)
#define MHPMEVENT_SINH (1ULL << 61)
#define MHPMEVENT_UINH (1ULL << 60)
#define MHPMEVENT_VSINH (1ULL << 59)
#define MHPMEVENT_VUINH (1ULL << 58)
#define MHPMEVENT_SSCOF_MASK (0x3fULL << 58)

#define CSR_STR_(x) #x
#define CSR_STR(x) CSR_STR_(x)

#define csr_read(csr)                                                         \
  ({                                                                          \
    unsigned long v_;                                                         \
    __asm__ volatile("csrr %0, " CSR_STR(csr) : "=r"(v_)::"memory");          \
    v_;                                                                       \
  })
#define csr_write(csr, val) \
  __asm__ volatile("csrw " CSR_STR(csr) ", %0" ::"rK"((unsigned long)(val)) : "memory")
#define csr_set(csr, val) \
  __asm__ volatile("csrs " CSR_STR(csr) ", %0" ::"rK"((unsigned long)(val)) : "memory")
#define csr_clear(csr, val) \
  __asm__ volatile("csrc " CSR_STR(csr) ", %0" ::"rK"((unsigned long)(val)) : "memory")
#define csr_swap(csr, val)                                                                 \
  ({                                                                                       \
    unsigned long v_ = (unsigned long)(val);                                               \
    __asm__ volatile("csrrw %0, " CSR_STR(csr) ", %0" : "+r"(v_)::"memory");               \
    v_;                                                                                    \
  })

#endif
