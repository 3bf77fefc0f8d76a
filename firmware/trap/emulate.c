/* Misaligned access and time-CSR emulation (see emulate.h). Instructions and data are read
 * with the trapped mode's translation (unpriv_*); a fault while doing so is delivered to S mode
 * as that fault, at the byte that faulted. */
#include "trap/emulate.h"

#include "hart/fpreg.h"
#include "hart/unpriv.h"
#include "lib/csr.h"
#include "platform/platform.h"
#include "sbi/timer.h"

#define OPCODE_LOAD 0x03
#define OPCODE_STORE 0x23
#define OPCODE_LOAD_FP 0x07
#define OPCODE_STORE_FP 0x27
#define OPCODE_SYSTEM 0x73

static unsigned long trapped_mode(const struct trap_frame *tf) {
  return (tf->mstatus & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT;
}

/* Fetches the instruction at mepc: 0 and its bits and length, or FW_ETRAP after redirecting
 * the fetch fault to S mode. */
static int fetch(struct trap_frame *tf, uint32_t *insn, unsigned *len) {
  unsigned long cause, mode = trapped_mode(tf);
  uint16_t lo, hi;
  if (unpriv_load_u16(tf->mepc, mode, &lo, &cause) != FW_OK) goto fault;
  if ((lo & 3) != 3) {
    *insn = lo;
    *len = 2;
    return FW_OK;
  }
  if (unpriv_load_u16(tf->mepc + 2, mode, &hi, &cause) != FW_OK) goto fault;
  *insn = (uint32_t)hi << 16 | lo;
  *len = 4;
  return FW_OK;
fault:
  /* A load through MPRV faults as a load; the instruction fetch it stands for faults as one. */
  cause = cause == CAUSE_LOAD_PAGE_FAULT ? CAUSE_FETCH_PAGE_FAULT : CAUSE_FETCH_ACCESS;
  trap_redirect(tf, cause, tf->mepc);
  return FW_ETRAP;
}

/* A decoded load or store: access size, destination/source register, sign extension, and
 * whether the register is an FP one. */
struct access {
  unsigned size;
  unsigned reg;
  int is_signed;
  int fp;
};

/* Decodes the loads (store = 0) or stores (store = 1) of RV32/RV64 I, F, D and C; 0 if it is
 * none. */
static int decode(uint32_t insn, unsigned len, int store, struct access *a) {
  a->fp = 0;
  if (len == 4) {
    unsigned funct3 = (insn >> 12) & 7, opcode = insn & 0x7f;
    if (!store && opcode == OPCODE_LOAD) {
      static const unsigned sizes[8] = {1, 2, 4, 8, 1, 2, 4, 0};
      a->size = sizes[funct3];
      a->reg = (insn >> 7) & 31;
      a->is_signed = funct3 < 4;
      return a->size && !(__riscv_xlen == 32 && (funct3 == 3 || funct3 == 6));
    }
    if (store && opcode == OPCODE_STORE && funct3 < 4) {
      a->size = 1u << funct3;
      a->reg = (insn >> 20) & 31;
      a->is_signed = 0;
      return !(__riscv_xlen == 32 && funct3 == 3);
    }
    /* FLW/FLD, FSW/FSD (funct3 2 and 3; the other widths are vector or Q, not emulated). */
    if (opcode == (store ? OPCODE_STORE_FP : OPCODE_LOAD_FP) && (funct3 == 2 || funct3 == 3)) {
      a->size = funct3 == 2 ? 4 : 8;
      a->reg = store ? (insn >> 20) & 31 : (insn >> 7) & 31;
      a->is_signed = 0;
      a->fp = 1;
      return 1;
    }
    return 0;
  }
  /* Compressed, quadrants 0 (rd'/rs2' in bits 4:2) and 2 (SP-relative: rd in 11:7 for loads,
   * rs2 in 6:2 for stores). funct3 (loads / stores): 2/6 C.LW(SP)/C.SW(SP); 1/5
   * C.FLD(SP)/C.FSD(SP); 3/7 C.LD(SP)/C.SD(SP) on RV64, C.FLW(SP)/C.FSW(SP) on RV32. */
  unsigned quadrant = insn & 3, funct3 = (insn >> 13) & 7;
  if (quadrant != 0 && quadrant != 2) return 0;
  if (store != (funct3 >= 5)) return 0;
  switch (funct3 & 3) {
    case 2: a->size = 4; break;
    case 1: a->size = 8, a->fp = 1; break;
    case 3: a->size = __riscv_xlen == 64 ? 8 : 4, a->fp = __riscv_xlen == 32; break;
    default: return 0; /* funct3 0 and 4: not loads or stores */
  }
  a->is_signed = !a->fp;
  if (quadrant == 0) a->reg = 8 + ((insn >> 2) & 7);
  else a->reg = store ? (insn >> 2) & 31 : (insn >> 7) & 31;
  return !(quadrant == 2 && !store && !a->fp && a->reg == 0); /* C.LWSP/C.LDSP with rd = 0: reserved */
}

void emulate_misaligned(struct trap_frame *tf, unsigned long cause, unsigned long addr) {
  int store = cause == CAUSE_MISALIGNED_STORE;
  uint32_t insn;
  unsigned len;
  struct access a;
  if (fetch(tf, &insn, &len) != FW_OK) return;
  /* Atomics (and anything else) that are misaligned cannot be split: S mode gets the trap. */
  if (!decode(insn, len, store, &a)) {
    trap_redirect(tf, cause, addr);
    return;
  }
  unsigned long mode = trapped_mode(tf), fault;
  if (store) {
    uint64_t v = tf->regs[a.reg];
    if (a.fp) fpreg_store(a.reg, a.size, &v);
    for (unsigned i = 0; i < a.size; i++) {
      if (unpriv_store_u8(addr + i, mode, (uint8_t)(v >> (8 * i)), &fault) != FW_OK) {
        trap_redirect(tf, fault, addr + i);
        return;
      }
    }
  } else {
    uint64_t v = 0;
    for (unsigned i = 0; i < a.size; i++) {
      uint8_t b;
      if (unpriv_load_u8(addr + i, mode, &b, &fault) != FW_OK) {
        trap_redirect(tf, fault, addr + i);
        return;
      }
      v |= (uint64_t)b << (8 * i);
    }
    if (a.fp) {
      fpreg_load(a.reg, a.size, &v);
      tf->mstatus |= MSTATUS_FS; /* the FP state is now Dirty (and stays so after mret) */
    } else {
      if (a.is_signed && a.size < 8 && ((v >> (8 * a.size - 1)) & 1)) v |= ~0ULL << (8 * a.size);
      if (a.reg) tf->regs[a.reg] = (unsigned long)v;
    }
  }
  tf->mepc += len;
}

/* Whether `insn` only reads CSR `csr`: CSRRS/CSRRC with rs1 = x0, CSRRSI/CSRRCI with uimm 0. */
static int reads_only(uint32_t insn, unsigned csr) {
  unsigned funct3 = (insn >> 12) & 7, rs1 = (insn >> 15) & 31;
  if ((insn & 0x7f) != OPCODE_SYSTEM || (insn >> 20) != csr) return 0;
  return rs1 == 0 && (funct3 == 2 || funct3 == 3 || funct3 == 6 || funct3 == 7);
}

void emulate_illegal(struct trap_frame *tf, unsigned long tval) {
  uint32_t insn;
  unsigned len;
  if (fetch(tf, &insn, &len) != FW_OK) return;
  int time_lo = len == 4 && reads_only(insn, CSR_TIME);
  int time_hi = __riscv_xlen == 32 && len == 4 && reads_only(insn, CSR_TIMEH);
  /* time exists for S when mcounteren.TM is set (it always is) and for U when scounteren.TM is
   * also set (privileged spec 3.1.11, 4.1.5). */
  int allowed = trapped_mode(tf) == PRV_S || (csr_read(CSR_SCOUNTEREN) & 2);
  if ((time_lo || time_hi) && allowed && platform.clint) {
    uint64_t now = timer_now();
    unsigned rd = (insn >> 7) & 31;
    if (rd) tf->regs[rd] = (unsigned long)(time_hi ? now >> 32 : now);
    tf->mepc += 4;
    return;
  }
  trap_redirect(tf, CAUSE_ILLEGAL_INSN, tval ? tval : insn);
}
