/* The CSRs of lowRISC Ibex as its RTL implements them (rtl/ibex_cs_registers.sv at 8b8ee086)
 * in the configurations the ibex profile models: the simple system's parameters with
 * ICache=0, SecureIbex=0, CHERIoT off, PMPEnable=0 or (pmp=N) PMPEnable=1 with
 * PMPNumRegions=N, and DbgTriggerEn=0 or (dbg_triggers=on) 1. Measured with tests/profiles/csrmap on the RTL
 * (tests/reference/csrmap-ibex*.csv).
 *
 * With PMPEnable=1 all of pmpcfg0..3, pmpaddr0..15, mseccfg and mseccfgh exist whatever N is
 * (entries N..15 read zero); their WARL rules and Smepmp are in hart/pmp.c (PMP_SMEPMP,
 * PMP_NA4_TO_OFF; tests/profiles/pmp).
 *
 * With DbgTriggerEn=1 the trigger CSRs exist, but only debug mode can write them
 * (ibex_cs_registers.sv: tselect_we, tmatch_*_we need debug_mode_i): outside it they keep their
 * reset values and ignore writes, so no breakpoint can be armed and none ever matches; rvpmu has
 * no debug mode, so they are constants (tdata1: type 2, dmode, action 1, m, u, execute 0).
 *
 * Absent, so illegal instruction: every S-mode CSR, medeleg/mideleg, the PMP registers and
 * mseccfg with PMPEnable=0, the trigger CSRs tselect..tdata3/mcontext/scontext/mscontext
 * with DbgTriggerEn=0, tinfo always, time/timeh and mtime, mcyclecfg/minstretcfg, and outside debug mode the
 * debug CSRs dcsr, dpc, dscratch0/1 (rvpmu has no debug mode, so they always trap). */
#include "csr/csr.h"
#include "hart/hart.h"
#include "profiles/csr_map.h"

enum { REG_CPUCTRLSTS };                     /* hart.csr_regs slots */
#define CPUCTRLSTS_SYNC_EXC_SEEN (1u << 6)     /* a synchronous exception is being handled */
#define CPUCTRLSTS_DOUBLE_FAULT_SEEN (1u << 7) /* one happened while handling another (sticky) */

#define STD(first, last, reset, mask, name) {first, last, CSR_MAP_STANDARD, 0, 0, reset, mask, NULL, name}
#define CONST(csr, value, name) {csr, csr, CSR_MAP_CONST, 0, 0, value, 0, NULL, name}
/* A trigger CSR, with DbgTriggerEn=1 only: reads `value`, M-mode writes ignored. */
#define TRIGGER(csr, value, name) {csr, csr, CSR_MAP_CONST, CSR_MAP_WITH_TRIGGERS, 0, value, 0, NULL, name}
/* A register of the PMP (hart/pmp.c decides what a write does), with PMPEnable=1 only. */
#define PMP(first, last, name) {first, last, CSR_MAP_STANDARD, CSR_MAP_WITH_PMP, 0, 0, ~0u, NULL, name}

/* mcause holds an external-interrupt flag, an internal-interrupt flag and a 5-bit code
 * (exc_cause_t): bits 31:30 = 10 select the first, 11 the second, which reads back with bits
 * 30:5 set; the other bits are dropped. */
static uint32_t ibex_mcause(uint32_t v) {
  uint32_t code = v & 0x1f;
  switch (v >> 30) {
    case 2: return 0x80000000u | code;
    case 3: return 0xffffffe0u | code;
    default: return code;
  }
}

const struct csr_map_entry ibex_csr_map[] = {
    /* mstatus: MIE, MPIE, MPP (M or U; S and 2 become U), MPRV, TW; reset MPIE = 1. */
    STD(CSR_MSTATUS, CSR_MSTATUS, 0x80, 0x221888, "mstatus"),
    STD(CSR_MISA, CSR_MISA, 0, 0, "misa"), /* read-only: MXL 1, I, M, C, U */
    /* mie: MSIE, MTIE, MEIE and the 15 fast interrupts (bits 16..30). */
    STD(CSR_MIE, CSR_MIE, 0, 0x7fff0888, "mie"),
    STD(CSR_MTVEC, CSR_MTVEC, 0, 0xffffff00, "mtvec"), /* 256-byte aligned, always vectored */
    {CSR_MCOUNTEREN, CSR_MCOUNTEREN, CSR_MAP_STANDARD, CSR_MAP_COUNTER_BITS, 0, 0, ~0u, NULL, "mcounteren"},
    CONST(CSR_MENVCFG, 0, "menvcfg"),
    CONST(CSR_MSTATUSH, 0, "mstatush"),
    CONST(CSR_MENVCFGH, 0, "menvcfgh"),
    STD(CSR_MCOUNTINHIBIT, CSR_MCOUNTINHIBIT, 0, ~0u, "mcountinhibit"),
    STD(CSR_MHPMEVENT3, CSR_MHPMEVENT31, 0, 0, "mhpmevent3..31"), /* hardwired selectors */
    STD(CSR_MSCRATCH, CSR_MEPC, 0, ~0u, "mscratch, mepc"),
    {CSR_MCAUSE, CSR_MCAUSE, CSR_MAP_STANDARD, 0, 0, 0, ~0u, ibex_mcause, "mcause"},
    STD(CSR_MTVAL, CSR_MTVAL, 0, ~0u, "mtval"),
    STD(CSR_MIP, CSR_MIP, 0, 0, "mip"), /* read-only */
    PMP(CSR_PMPCFG0, CSR_PMPCFG0 + 3, "pmpcfg0..3"),
    PMP(CSR_PMPADDR0, CSR_PMPADDR0 + 15, "pmpaddr0..15"),
    PMP(CSR_MSECCFG, CSR_MSECCFG, "mseccfg"),
    PMP(CSR_MSECCFGH, CSR_MSECCFGH, "mseccfgh"),
    TRIGGER(CSR_SCONTEXT, 0, "scontext"),
    TRIGGER(CSR_TSELECT, 0, "tselect"), /* breakpoint 0 of DbgHwBreakNum = 1 */
    TRIGGER(CSR_TDATA1, 0x28001048, "tdata1"),
    TRIGGER(CSR_TDATA2, 0, "tdata2"),
    TRIGGER(CSR_TDATA3, 0, "tdata3"),
    TRIGGER(CSR_MCONTEXT, 0, "mcontext"),
    TRIGGER(CSR_MSCONTEXT, 0, "mscontext"),
    /* cpuctrlsts: icache_enable, data_ind_timing, dummy_instr_en/mask read 0 in this
     * configuration (ICache=0, SecureIbex=0); sync_exc_seen (6) and double_fault_seen (7)
     * are writable. */
    {CSR_CPUCTRLSTS, CSR_CPUCTRLSTS, CSR_MAP_REGISTER, 0, REG_CPUCTRLSTS, 0,
     CPUCTRLSTS_SYNC_EXC_SEEN | CPUCTRLSTS_DOUBLE_FAULT_SEEN, NULL, "cpuctrlsts"},
    CONST(CSR_SECURESEED, 0, "secureseed"), /* write-only: reads 0 */
    STD(CSR_MCYCLE, CSR_MHPMCOUNTER31, 0, ~0u, "mcycle..mhpmcounter31"),
    STD(CSR_MCYCLEH, CSR_MHPMCOUNTER31H, 0, ~0u, "mcycleh..mhpmcounter31h"),
    STD(CSR_CYCLE, CSR_HPMCOUNTER31, 0, 0, "cycle..hpmcounter31"),
    STD(CSR_CYCLEH, CSR_HPMCOUNTER31H, 0, 0, "cycleh..hpmcounter31h"),
    STD(CSR_MVENDORID, CSR_MVENDORID, 0, 0, "mvendorid"),
    CONST(CSR_MARCHID, 22, "marchid"), /* lowRISC Ibex's registered architecture id */
    STD(CSR_MIMPID, CSR_MCONFIGPTR, 0, 0, "mimpid, mhartid, mconfigptr"),
    {0},
};

/* A synchronous exception sets sync_exc_seen, and double_fault_seen if it was already set
 * (rtl/ibex_cs_registers.sv, csr_save_cause_i); interrupts leave both alone. */
void ibex_csr_trap_taken(struct hart *h, bool interrupt) {
  uint32_t *sts = &h->csr_regs[REG_CPUCTRLSTS];
  if (interrupt) return;
  if (*sts & CPUCTRLSTS_SYNC_EXC_SEEN) *sts |= CPUCTRLSTS_DOUBLE_FAULT_SEEN;
  *sts |= CPUCTRLSTS_SYNC_EXC_SEEN;
}

/* MRET clears sync_exc_seen (csr_restore_mret_i). */
void ibex_csr_trap_return(struct hart *h) { h->csr_regs[REG_CPUCTRLSTS] &= ~CPUCTRLSTS_SYNC_EXC_SEEN; }
