/* The CSRs of OpenHW CV32E40P as its RTL implements them (rtl/cv32e40p_cs_registers.sv and
 * the decoder at 6033d2b1) with COREV_PULP=0, COREV_CLUSTER=0, PULP_SECURE=0 (M mode only),
 * FPU=0. Measured with tests/profiles/csrmap on the RTL (tests/reference/csrmap-cv32e40p*.csv).
 *
 * Absent, so illegal instruction: every S- and U-mode CSR, mcounteren, medeleg/mideleg,
 * menvcfg, mstatush, mconfigptr, the PMP registers, time/timeh, the PULP CSRs (hardware
 * loops 0xcc0.., uhartid, privlv: only with COREV_PULP=1), and outside debug mode dcsr, dpc,
 * dscratch0/1. With FPU=1 (the ISA has F: fpu=on) the RTL adds fflags/frm/fcsr and
 * mstatus.FS and reads mimpid 1 (measured, csrmap-cv32e40p-fpu-counters29.csv). */
#include "csr/csr.h"
#include "profiles/csr_map.h"

#define STD(first, last, reset, mask, name) {first, last, CSR_MAP_STANDARD, 0, 0, reset, mask, NULL, name}
#define CONST(csr, value, name) {csr, csr, CSR_MAP_CONST, 0, 0, value, 0, NULL, name}

const struct csr_map_entry cv32e40p_csr_map[] = {
    /* fcsr and its views: with F, accessible while mstatus.FS is not Off (csr.c). */
    {CSR_FFLAGS, CSR_FCSR, CSR_MAP_STANDARD, CSR_MAP_WITH_F, 0, 0, ~0u, NULL, "fflags, frm, fcsr"},
    /* mstatus.FS is writable only where the ISA has F (csr.c). */
    STD(CSR_MSTATUS, CSR_MSTATUS, 0x1800, 0x7888, "mstatus"), /* MIE, MPIE, FS; MPP always M */
    STD(CSR_MISA, CSR_MISA, 0, 0, "misa"),
    STD(CSR_MIE, CSR_MIE, 0, 0xffff0888, "mie"), /* MSIE, MTIE, MEIE, fast interrupts 16..31 */
    STD(CSR_MTVEC, CSR_MTVEC, 0, 0xffffff01, "mtvec"), /* 256-byte aligned, direct or vectored */
    STD(CSR_MCOUNTINHIBIT, CSR_MCOUNTINHIBIT, 0, ~0u, "mcountinhibit"),
    STD(CSR_MHPMEVENT3, CSR_MHPMEVENT31, 0, ~0u, "mhpmevent3..31"),
    STD(CSR_MSCRATCH, CSR_MEPC, 0, ~0u, "mscratch, mepc"),
    STD(CSR_MCAUSE, CSR_MCAUSE, 0, 0x8000001f, "mcause"), /* interrupt bit and 5-bit code */
    CONST(CSR_MTVAL, 0, "mtval"),                         /* hardwired to zero */
    STD(CSR_MIP, CSR_MIP, 0, 0, "mip"),                   /* read-only */
    /* Trigger CSRs: one address-match trigger, writable only from debug mode (dmode = 1). */
    CONST(CSR_TSELECT, 0, "tselect"),
    CONST(CSR_TDATA1, 0x28001040, "tdata1"), /* type 2 (mcontrol), dmode, action 1, m, execute */
    CONST(CSR_TDATA2, 0, "tdata2"),
    CONST(CSR_TDATA3, 0, "tdata3"),
    CONST(CSR_TINFO, 4, "tinfo"), /* supports type 2 only */
    CONST(CSR_MCONTEXT, 0, "mcontext"),
    CONST(CSR_MSCONTEXT, 0, "scontext"),
    STD(CSR_MCYCLE, CSR_MHPMCOUNTER31, 0, ~0u, "mcycle..mhpmcounter31"),
    STD(CSR_MCYCLEH, CSR_MHPMCOUNTER31H, 0, ~0u, "mcycleh..mhpmcounter31h"),
    STD(CSR_CYCLE, CSR_HPMCOUNTER31, 0, 0, "cycle..hpmcounter31"),
    STD(CSR_CYCLEH, CSR_HPMCOUNTER31H, 0, 0, "cycleh..hpmcounter31h"),
    CONST(CSR_MVENDORID, 0x602, "mvendorid"), /* OpenHW Group: JEDEC bank 13, 0x02 */
    CONST(CSR_MARCHID, 4, "marchid"),
    /* mimpid: 1 when FPU, COREV_PULP or COREV_CLUSTER is on */
    {CSR_MIMPID, CSR_MIMPID, CSR_MAP_CONST, CSR_MAP_WITHOUT_F, 0, 0, 0, NULL, "mimpid"},
    {CSR_MIMPID, CSR_MIMPID, CSR_MAP_CONST, CSR_MAP_WITH_F, 0, 1, 0, NULL, "mimpid"},
    STD(CSR_MHARTID, CSR_MHARTID, 0, 0, "mhartid"),
    {0},
};
