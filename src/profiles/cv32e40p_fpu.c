/* CV32E40P with its FPU (FPU=1, FPU_ADDMUL_LAT, FPU_OTHERS_LAT): how F instructions and the
 * instructions around them are timed, as the RTL of openhwgroup/cv32e40p 6033d2b1 does it
 * (cv32e40p_apu_disp.sv, cv32e40p_ex_stage.sv, cv32e40p_id_stage.sv and the FDSU of the
 * vendored fpnew), checked against it cycle by cycle (tests/reference/cv32e40p-fpu-*.csv).
 *
 * Every F instruction except FLW/FSW is an APU operation: it is issued to the FPU from EX and
 * leaves EX when the FPU takes it. Its result comes back L cycles later (apu_lat in the RTL):
 *   ADDMUL (fadd, fsub, fmul, fmadd family): L = FPU_ADDMUL_LAT,
 *   NONCOMP and CONV (sign injection, min/max, compares, fclass, fmv, fcvt): L = FPU_OTHERS_LAT,
 *   DIVSQRT (fdiv, fsqrt): L from the operands (cv32e40p_divsqrt_latency).
 * L = 0 is "single-cycle" (written back like an ALU result), L = 1 "two-cycle" (written back
 * on the load port, pipelined), L >= 2 "multi-cycle" (one at a time, written back on the ALU
 * port). What that costs the pipeline:
 * - An instruction in ID that reads or (not being an APU operation itself) writes the
 *   register of an operation in flight waits until the result arrives: APU_DEP, one per cycle
 *   it waits in ID (also cycles in which ID is held for another reason); a JALR on it waits one
 *   cycle more (a jump-register stall, the one the static model already counts).
 * - A CSR instruction in ID waits while a two- or multi-cycle operation is in flight, until the
 *   cycle after its result (no event).
 * - An APU operation waits in EX while an operation is in flight that it cannot overlap with
 *   (anything after a multi-cycle one; a single- or multi-cycle one after anything): APU_TYPE,
 *   per cycle, except cycles in which the instruction behind it counts APU_DEP.
 * - A divide whose divisor is subnormal is refused for one cycle: APU_CONT.
 * - A multi-cycle result takes the ALU write port in the cycle it arrives; an instruction in EX
 *   that writes through that port then stays one cycle longer if it was leaving EX: APU_WB.
 *   The result waits instead while a MULH or a split (misaligned) access is in EX, while a
 *   load/store is answered, and while a JALR that does not need it is in ID or EX.
 * - WFI sleeps only once the FPU is idle.
 * - A taken branch followed by a CSR access that waits for the FPU redirects only once that
 *   access leaves ID; a jump behind an operation waiting in EX is resolved during the wait.
 *
 * The model runs per block: when a block starts and the FPU is busy or the block has F
 * instructions, it replays the block's instructions on a cycle timeline (each instruction's
 * static cycles from the profile's time_insn) and adds the stalls above. It pauses before an
 * instruction whose latency depends on operands (fdiv, fsqrt, integer divides) and goes on
 * when that instruction executes (operand_latency hook). Near an interrupt every instruction
 * is stepped (profile.irq_step_window), and one seen while a stepped instruction is in ID (also
 * while it waits) is taken there, the instruction abandoned as on the RTL (interrupt_at_entry).
 * Not modelled (docs/cv32e40p.md): the write-back contention of two-cycle results with loads,
 * and stalls after a trap or a block-ending device store in the middle of a block. */
#include "profiles/cv32e40p_fpu.h"

#include <stdio.h>
#include <string.h>

#include "csr/csr.h"
#include "hart/hart.h"
#include "isa/block.h"
#include "machine.h"
#include "mem/bus.h"

/* ---- options ---------------------------------------------------------------------------- */

int cv32e40p_fpu_option(struct profile *p, const char *key, const char *value, char *err, unsigned errlen) {
  if (strcmp(key, "fpu") == 0 || strcmp(key, "zfinx") == 0) {
    unsigned slot = key[0] == 'f' ? CV32E40P_OPT_FPU : CV32E40P_OPT_ZFINX;
    if (strcmp(value, "on") == 0) p->options[slot] = 1;
    else if (strcmp(value, "off") == 0) p->options[slot] = 0;
    else {
      snprintf(err, errlen, "core %s: %s=%s: expected on or off", p->name, key, value);
      return -1;
    }
    return 0;
  }
  static const struct profile_numeric_option lat[] = {
      {"fpu_addmul_lat", CV32E40P_OPT_ADDMUL_LAT, 0, 3, false}, /* the range measured */
      {"fpu_others_lat", CV32E40P_OPT_OTHERS_LAT, 0, 3, false},
  };
  return profile_numeric_option(p, lat, 2, key, value, err, errlen);
}

int cv32e40p_fpu_check(const struct profile *p, char *err, unsigned errlen) {
  if (!p->options[CV32E40P_OPT_FPU] && (p->options[CV32E40P_OPT_ADDMUL_LAT] || p->options[CV32E40P_OPT_OTHERS_LAT])) {
    snprintf(err, errlen, "core %s: fpu_addmul_lat and fpu_others_lat need fpu=on", p->name);
    return -1;
  }
  if (!p->options[CV32E40P_OPT_FPU] && p->options[CV32E40P_OPT_ZFINX]) {
    snprintf(err, errlen, "core %s: zfinx=on needs fpu=on", p->name);
    return -1;
  }
  return 0;
}

/* ---- instructions as the APU interface sees them ---------------------------------------- */

bool cv32e40p_is_apu(const struct insn *in) {
  enum fp_kind k = insn_fp_kind(in);
  return k != FP_KIND_NONE && k != FP_KIND_LOAD && k != FP_KIND_STORE;
}

/* Registers as the RTL's 6-bit addresses would tell them apart: x1..x31 as 1..31, f0..f31 as
 * 64..95; 0 for none (x0, which the decoder maps to REG_SINK). */
#define FREG(n) (64u + (n))
static unsigned xreg(unsigned r) { return r && r < REG_SINK ? r : 0; }

/* x0 as the APU's dependency check sees it: an F operation whose integer destination is x0
 * holds back the instructions that read x0 until its result (measured with Zfinx: zf_ops
 * to_x0). */
#define X0_OF_APU 33u

/* An F operand register: with Zfinx an integer one. */
static unsigned fp_operand(unsigned n, bool zfinx) { return zfinx ? (n ? xreg(n) : X0_OF_APU) : FREG(n); }

/* The registers `in` reads (up to 4) into r[]; returns how many. With Zfinx every F operation
 * also reads x0 as the dependency check sees it (the decoder's unused operand addresses are 0:
 * measured, zf_ops to_x0). */
static unsigned reads(const struct insn *in, bool zfinx, unsigned r[4]) {
  unsigned n = 0;
  if (in->cls & CLS_FP) {
    unsigned o = insn_fp_operands(in), v;
    if (o & FPO_RS1 && (v = fp_operand(in->rs1, zfinx))) r[n++] = v;
    if (o & FPO_X_RS1) r[n++] = xreg(in->rs1) ? in->rs1 : X0_OF_APU;
    if (o & FPO_RS2 && (v = fp_operand(in->rs2, zfinx))) r[n++] = v;
    if (o & FPO_RS3 && (v = fp_operand(insn_rs3(in), zfinx))) r[n++] = v;
    bool x0 = false;
    for (unsigned i = 0; i < n; i++) x0 |= r[i] == X0_OF_APU;
    if (zfinx && !x0) r[n++] = X0_OF_APU;
    return n;
  }
  if (insn_reads_x0(in)) r[n++] = X0_OF_APU;
  if (xreg(in->rs1) && insn_reads_reg(in, in->rs1)) r[n++] = in->rs1;
  if (xreg(in->rs2) && insn_reads_reg(in, in->rs2)) r[n++] = in->rs2;
  return n;
}

/* The register `in` writes, 0 if none. */
static unsigned writes(const struct insn *in, bool zfinx) {
  if (in->cls & CLS_FP) {
    unsigned o = insn_fp_operands(in), rd = in->rd == REG_SINK ? 0 : in->rd;
    if (o & FPO_RD) return fp_operand(rd, zfinx);
    return (o & FPO_X_RD) ? (rd ? xreg(rd) : X0_OF_APU) : 0;
  }
  return insn_writes_reg(in, in->rd) ? xreg(in->rd) : 0;
}

bool cv32e40p_reads_dest_of(const struct insn *in, const struct insn *load, bool zfinx) {
  unsigned d = writes(load, zfinx), r[4], n = reads(in, zfinx, r);
  for (unsigned i = 0; d && i < n; i++)
    if (r[i] == d) return true;
  return false;
}

bool cv32e40p_writes_dest_of(const struct insn *in, const struct insn *load, bool zfinx) {
  unsigned d = writes(load, zfinx);
  return d && writes(in, zfinx) == d;
}

static bool is_csr(const struct insn *in) {
  switch ((enum op)in->op) {
    case OP_CSRRW: case OP_CSRRS: case OP_CSRRC: case OP_CSRRWI: case OP_CSRRSI: case OP_CSRRCI: return true;
    default: return false;
  }
}

bool cv32e40p_fp_csr_write(const struct insn *in) {
  unsigned csr = (unsigned)in->imm;
  if (!is_csr(in) || (csr != CSR_FRM && csr != CSR_FCSR)) return false;
  /* CSRRS/CSRRC with rs1 = x0 (or a zero immediate) only read */
  if (in->op == OP_CSRRS || in->op == OP_CSRRC) return xreg(in->rs1) != 0;
  if (in->op == OP_CSRRSI || in->op == OP_CSRRCI) return in->rs1 != 0;
  return true;
}

/* Does `in` write the register file through the ALU port from EX (ALU, multiply, divide, CSR,
 * jump link, LUI/AUIPC; not loads, stores, branches, fences, APU operations)? */
static bool writes_alu_port(const struct insn *in) {
  if (in->cls & (CLS_FP | CLS_LOAD | CLS_STORE | CLS_BRANCH | CLS_ATOMIC)) return false;
  switch ((enum op)in->op) {
    case OP_FENCE: case OP_FENCE_I: case OP_ECALL: case OP_EBREAK: case OP_MRET: case OP_WFI:
    case OP_END_BLOCK: case OP_ILLEGAL:
      return false;
    default:
      return true;
  }
}

static bool is_mulh(const struct insn *in) { return in->op == OP_MULH || in->op == OP_MULHSU || in->op == OP_MULHU; }

/* Instructions that stay in EX for all their cycles (the multiplier's MULH, the divider). */
static bool stays_in_ex(const struct insn *in) { return (in->cls & CLS_DIV) || is_mulh(in); }

/* Bytes `in` loads or stores, 0 if it does not access memory (atomics are not in this core). */
static unsigned access_size(const struct insn *in) {
  switch ((enum op)in->op) {
    case OP_LB: case OP_LBU: case OP_SB: return 1;
    case OP_LH: case OP_LHU: case OP_SH: return 2;
    case OP_LW: case OP_SW: case OP_FLW: case OP_FSW: return 4;
    default: return 0;
  }
}

/* ---- the divide/square-root unit -------------------------------------------------------- */

/* A finite nonzero single as a 24-bit significand m (bit 23 set) and unbiased exponent e
 * (value m * 2^(e - 23)); subnormals are normalised, as the FDSU does before iterating. */
static void unpack(uint32_t v, uint32_t *m, int *e) {
  uint32_t exp = (v >> 23) & 0xff, frac = v & 0x7fffff;
  if (exp) {
    *m = frac | 1u << 23, *e = (int)exp - 127;
    return;
  }
  int shift = __builtin_clz(frac) - 8; /* bring the leading one to bit 23 */
  *m = frac << shift, *e = -126 - shift;
}

/* Iterations of the SRT loop (two quotient bits each, at most 15; it stops early when the
 * partial remainder becomes zero): for an exact result whose significand has k bits after the
 * binary point (counted from the quotient of the two significands, so 0.11b has 2), 2 +
 * ceil(k / 2); 15 otherwise. */
static unsigned iterations(bool exact, unsigned k) { return exact ? 2 + (k + 1) / 2 : 15; }

struct divsqrt_latency cv32e40p_divsqrt_latency(bool sqrt, uint32_t a, uint32_t b) {
  struct divsqrt_latency r = {2, false}; /* special operands: the result is known at once */
  uint32_t ea = (a >> 23) & 0xff, eb = (b >> 23) & 0xff;
  bool a_zero = !(a & 0x7fffffff), b_zero = !(b & 0x7fffffff);
  if (sqrt) {
    if (a_zero || ea == 0xff || (a >> 31)) return r; /* 0, inf, NaN, negative */
    uint32_t m;
    int e;
    unpack(a, &m, &e);
    /* sqrt(m * 2^(e-23)) with an even exponent: (m << 1 or 2) * 2^(even) */
    uint64_t radicand = (uint64_t)m << ((e & 1) ? 2 : 1) << 24;
    uint64_t s = 0;
    for (int bit = 31; bit >= 0; bit--) { /* integer square root */
      uint64_t t = s | 1ull << bit;
      if (t * t <= radicand) s = t;
    }
    bool exact = s * s == radicand;
    unsigned k = exact ? 63 - (unsigned)__builtin_clzll(s) - (unsigned)__builtin_ctzll(s) : 0;
    r.cycles = 3 + iterations(exact, k);
    return r;
  }
  if (a_zero || b_zero || ea == 0xff || eb == 0xff) return r; /* 0, inf, NaN on either side */
  uint32_t ma, mb;
  int xa, xb;
  unpack(a, &ma, &xa);
  unpack(b, &mb, &xb);
  r.nack = eb == 0; /* a subnormal divisor takes a cycle to normalise */
  int e = xa - xb;
  if (e > 128 || e < -150) { /* certain overflow or underflow: one iteration */
    r.cycles = 3 + 1;
    return r;
  }
  /* ma / mb has a finite binary expansion iff the odd part of mb divides ma; its bits after
   * the point are then what mb's power of two has beyond ma's. */
  int twos_b = __builtin_ctz(mb), twos_a = __builtin_ctz(ma);
  bool exact = ma % (mb >> twos_b) == 0;
  unsigned k = twos_b > twos_a ? (unsigned)(twos_b - twos_a) : 0;
  r.cycles = 3 + iterations(exact, k);
  return r;
}

/* ---- the dynamic model ------------------------------------------------------------------ */

/* apu_lat of the RTL: 1 single-cycle, 2 two-cycle, 3 multi-cycle. */
static unsigned apu_lat(unsigned latency_param) { return latency_param < 2 ? latency_param + 1 : 3; }

struct apu_op {
  uint64_t issue, ret; /* cycle the FPU took it, cycle its result arrives */
  uint8_t dest;        /* register it writes (reads()/writes() numbering) */
  uint8_t lat;         /* apu_lat */
};

#define MAX_OPS 4

/* The static cycles of a block's instructions (and their ID-stall part), kept for the blocks
 * replayed most recently: computing them is most of a replay's cost. A block is known by its
 * address, physical address and length, valid while the hart's translation epoch lasts (a
 * block is only rebuilt after the cache is flushed, which bumps it). */
#define STATIC_CACHE 64
enum { F_APU = 1, F_CSR = 2, F_ALU_PORT = 4, F_STAYS_IN_EX = 8, F_MULH = 16 };
struct insn_facts {
  uint8_t cycles, id_stall; /* static cycles, their ID-stall part */
  uint8_t nreads, reads[4]; /* registers read (reads()) */
  uint8_t dest;             /* register written (writes()), 0 if none */
  uint8_t flags;            /* F_* */
  uint8_t size;             /* bytes loaded or stored, 0 if none */
};
struct static_cycles {
  const struct block *blk;
  uint64_t paddr, epoch;
  unsigned count;
  struct insn_facts f[BLOCK_MAX_INSNS + 1];
};

struct fpu_model {
  struct apu_op op[MAX_OPS];
  unsigned n;
  unsigned last_lat; /* apu_lat of the last operation issued */
  /* The block being replayed: where it paused (paused: before insns[next], at cycle t). */
  const struct block *blk;
  unsigned next;
  bool paused;
  uint64_t t;       /* cycle the next instruction's own cycles start */
  uint64_t first_id; /* first cycle the next instruction sits in ID */
  uint64_t mem_ex;   /* first EX cycle of the instruction before it if that was a load or store */
  unsigned regs_from; /* the hart's registers hold the values insns[regs_from...] see */
  unsigned last_fp;   /* index of the block's last F instruction */
  bool refetch_hidden; /* the next instruction, a jump, has its refetch cycle counted already */
  uint64_t interrupts; /* interrupts taken when the last block started */
  /* The block being replayed is a stepped instruction (block_first_insn) and an interrupt is
   * due at clock irq_due: if it arrives while that instruction waits in ID, it is taken there
   * (hart_interrupt_at_entry). */
  bool irq_at_entry;
  uint64_t irq_due;
  const struct static_cycles *cycles; /* the block's */
  struct static_cycles cache[STATIC_CACHE];
};

static struct fpu_model *model_of(struct hart *h) { return (struct fpu_model *)h->model; }

/* Adds `n` occurrences of `ev` in cycles that are already counted: the event counters, and
 * the combos that select it without counting every cycle anyway. */
static void add_in_counted_cycles(struct hart *h, enum event_id ev, uint64_t n) {
  if (!n) return;
  struct hpm *hpm = &h->hpm;
  hpm->acc[ev] += n;
  for (unsigned k = 0; k < hpm->num_combos; k++)
    if ((hpm->combo_mask[k] & EV_BIT(ev)) && !(hpm->combo_mask[k] & EV_BIT(EV_CYCLES))) hpm->acc[EV_COMBO0 + k] += n;
}

static void add_cycles(struct hart *h, enum event_id ev, uint64_t n) {
  if (!n) return;
  struct insn_timing t = {.n = 0};
  timing_add(&t, ev == EV_NONE ? 0 : EV_BIT(ev), (uint32_t)n);
  hart_add_timing(h, &t);
}

/* Static cycles of insns[i] (its ID-stall part in *id_stall), as the block counts them. */
static uint32_t time_one(struct hart *h, const struct block *b, unsigned i, uint32_t *id_stall) {
  const struct profile *p = h->machine->profile;
  const struct insn *in = &b->insns[i];
  *id_stall = 0;
  /* A system instruction (a CSR access) ends its block and the hart times it when it retires,
   * load-use stall included (csrr a4 after lw a4: the write-after-write check): its ID-stall
   * part counts here too, or a wait for the FPU would add to that stall instead of covering
   * it (measured, fp_mixreg csr_after_load). */
  struct insn_context c = {.in = in, .pc = b->paddr + in->pc_off};
  const struct insn *before[TIMING_HISTORY];
  unsigned n = 0;
  for (unsigned d = 1; d <= TIMING_HISTORY && d <= i; d++) before[n++] = &b->insns[i - d];
  insn_context_set_before(&c, before, n);
  struct insn_timing t;
  p->time_insn(p, &c, &t);
  uint32_t total = 0;
  const uint64_t id_events = EV_BIT(EV_STALL_LOAD_USE) | EV_BIT(EV_STALL_JUMP_REG);
  for (unsigned r = 0; r < t.n; r++) {
    total += t.run[r].count;
    if (t.run[r].events & id_events) *id_stall += t.run[r].count;
  }
  return total;
}

/* The static cycles of block b's instructions, from the cache or computed into it. */
static const struct static_cycles *static_cycles_of(struct hart *h, struct fpu_model *m, const struct block *b) {
  struct static_cycles *c = &m->cache[((uintptr_t)b >> 4) % STATIC_CACHE];
  if (c->blk == b && c->paddr == b->paddr && c->count == b->count && c->epoch == h->epoch) return c;
  c->blk = b, c->paddr = b->paddr, c->count = b->count, c->epoch = h->epoch;
  for (unsigned i = 0; i < b->count && i <= BLOCK_MAX_INSNS; i++) {
    const struct insn *in = &b->insns[i];
    struct insn_facts *f = &c->f[i];
    uint32_t id_stall, cycles = time_one(h, b, i, &id_stall);
    unsigned r[4];
    f->cycles = (uint8_t)(cycles < 255 ? cycles : 255), f->id_stall = (uint8_t)(id_stall < 255 ? id_stall : 255);
    bool zfinx = h->machine->profile->options[CV32E40P_OPT_ZFINX] != 0;
    f->nreads = (uint8_t)reads(in, zfinx, r);
    for (unsigned j = 0; j < f->nreads; j++) f->reads[j] = (uint8_t)r[j];
    f->dest = (uint8_t)writes(in, zfinx);
    f->flags = (uint8_t)((cv32e40p_is_apu(in) ? F_APU : 0) | (is_csr(in) ? F_CSR : 0) |
                         (writes_alu_port(in) ? F_ALU_PORT : 0) | (stays_in_ex(in) ? F_STAYS_IN_EX : 0) |
                         (is_mulh(in) ? F_MULH : 0));
    f->size = (uint8_t)access_size(in);
  }
  return c;
}

/* The operations still in flight at cycle c or later (the rest are forgotten). */
static void retire_ops(struct fpu_model *m, uint64_t c) {
  unsigned k = 0;
  for (unsigned i = 0; i < m->n; i++)
    if (m->op[i].ret >= c) m->op[k++] = m->op[i];
  m->n = k;
}

/* The ID-stage dependency of `in`, in ID from cycle `first_id` on: the cycle from which it may
 * leave ID (0: no dependency; *jalr_until: for a JALR on the result, the cycle after it) and
 * in *waits the cycles before `until_cap` in which it waits for a result (one per cycle, also
 * when several results are outstanding). */
static uint64_t dependency(const struct fpu_model *m, const struct insn *in, const struct insn_facts *f,
                           uint64_t first_id, uint64_t until_cap, uint64_t *waits, uint64_t *jalr_until) {
  unsigned n = f->nreads, w = (f->flags & F_APU) ? 0 : f->dest;
  const uint8_t *r = f->reads;
  uint64_t until = 0, start[MAX_OPS], ret[MAX_OPS];
  unsigned k = 0;
  *waits = 0, *jalr_until = 0;
  for (unsigned i = 0; i < m->n; i++) {
    const struct apu_op *o = &m->op[i];
    bool dep = o->dest && o->dest == w;
    for (unsigned j = 0; j < n; j++) dep |= r[j] == o->dest;
    if (!dep || o->ret <= first_id || o->ret == o->issue) continue;
    if (o->ret > until) until = o->ret;
    start[k] = o->issue > first_id ? o->issue : first_id, ret[k++] = o->ret;
    if (in->op == OP_JALR && o->dest == xreg(in->rs1)) *jalr_until = o->ret + 1;
  }
  /* the cycles covered by [start, ret) of any of them */
  uint64_t lo = UINT64_MAX;
  for (unsigned i = 0; i < k; i++) lo = start[i] < lo ? start[i] : lo;
  for (uint64_t c = lo; k && c < until && c < until_cap; c++)
    for (unsigned i = 0; i < k; i++)
      if (c >= start[i] && c < ret[i]) {
        ++*waits;
        break;
      }
  return until;
}

/* The last cycle `in` (facts f) spends in ID, in ID from first_id on and leaving at
 * baseline_leave without the FPU: it waits for results it reads or writes (*dep_cycles: its
 * APU_DEP cycles, see dependency), a JALR one cycle more, a CSR access until the cycle after
 * any two- or multi-cycle result, and WFI goes to sleep only once the FPU is idle (its awake
 * cycles end 3 cycles after the last result instead of after its own 5, measured). */
static uint64_t id_leave(const struct fpu_model *m, const struct insn *in, const struct insn_facts *f,
                         uint64_t baseline_leave, uint64_t first_id, uint64_t *dep_cycles) {
  uint64_t leave = baseline_leave, jalr_until;
  uint64_t dep_until = dependency(m, in, f, first_id, UINT64_MAX, dep_cycles, &jalr_until);
  if (dep_until > leave) leave = dep_until;
  if (jalr_until > leave) leave = jalr_until;
  if (f->flags & F_CSR)
    for (unsigned i = 0; i < m->n; i++)
      if (m->op[i].lat >= 2 && m->op[i].ret + 1 > leave) leave = m->op[i].ret + 1;
  if (in->op == OP_WFI)
    for (unsigned i = 0; i < m->n; i++)
      if (m->op[i].lat >= 2 && m->op[i].ret >= 2 && m->op[i].ret - 2 > leave) leave = m->op[i].ret - 2;
  return leave;
}

/* The replay is at a stepped instruction `in` (facts f) that has not run yet, and the
 * interrupt arrives while it is in ID (waiting or not): the RTL takes it in the cycle in which
 * it sees the request (the one that reaches irq_due), with `in` abandoned (it runs again after
 * MRET). Counts the cycles before as usual, takes the interrupt and returns true; false if the
 * interrupt comes later (docs/cv32e40p.md). WFI is left to the hart (it wakes on it). */
static bool interrupt_at_entry(struct hart *h, struct fpu_model *m, const struct insn *in, const struct insn_facts *f) {
  if (in->op == OP_WFI) return false;
  uint64_t baseline_leave = m->t + f->id_stall - 1, dep_cycles;
  uint64_t leave = id_leave(m, in, f, baseline_leave, m->first_id, &dep_cycles);
  if (m->irq_due <= baseline_leave || m->irq_due - 1 > leave) return false;
  uint64_t seen = m->irq_due - 1, waits, ju;
  /* A CSR access that waits for the FPU holds the request until its last wait cycle
   * (measured: fp_irqwait irq_csr_N, the handler starts the same cycle for every N). */
  if ((f->flags & F_CSR) && leave > baseline_leave && seen < leave - 1) seen = leave - 1;
  dependency(m, in, f, m->first_id, seen, &waits, &ju);
  uint64_t partial = seen - baseline_leave, dep = partial < waits ? partial : waits;
  add_cycles(h, EV_STALL_OF, dep);
  add_cycles(h, EV_NONE, partial - dep);
  add_in_counted_cycles(h, EV_STALL_OF, waits - dep);
  hart_interrupt_at_entry(h);
  m->interrupts = h->hpm.acc[EV_INTERRUPTS]; /* the handler starts where rvpmu's clock says */
  return true;
}

/* Does insns[i], a load or store, cross a word boundary (the LSU splits it: one more cycle in
 * EX)? Known when its base register is not written between the point the hart's registers
 * show and it; otherwise taken as aligned. */
static bool crosses_word(const struct hart *h, const struct fpu_model *m, const struct block *b, unsigned i) {
  const struct insn *in = &b->insns[i];
  unsigned size = m->cycles->f[i].size, base = xreg(in->rs1);
  if (!size) return false;
  for (unsigned j = m->regs_from; j < i; j++)
    if (base && m->cycles->f[j].dest == base) return false;
  uint64_t addr = h->x[base] + (uint64_t)(int64_t)in->imm;
  return (addr & 3) + size > 4;
}

/* Is insns[i] a store to a device (not RAM) at an address known from the hart's registers (see
 * crosses_word)? Such a store may end the block (hart_break_after). */
static bool device_store(struct hart *h, const struct fpu_model *m, const struct block *b, unsigned i) {
  const struct insn *in = &b->insns[i];
  unsigned size = m->cycles->f[i].size, base = xreg(in->rs1);
  if (!size || !((in->cls & CLS_STORE) || insn_fp_kind(in) == FP_KIND_STORE)) return false;
  for (unsigned j = m->regs_from; j < i; j++)
    if (base && m->cycles->f[j].dest == base) return false;
  uint64_t addr = h->x[base] + (uint64_t)(int64_t)in->imm;
  if (h->xlen == 32) addr = (uint32_t)addr;
  return bus_ram_ptr(&h->machine->bus, addr, size) == NULL;
}

/* Replays the block from m->next until its end or until an instruction whose latency depends
 * on operands (left for operand_latency: m->paused). `resumed`: insns[m->next] is that
 * instruction, with its latency in ds / extra. */
static void replay(struct hart *h, struct fpu_model *m, const struct divsqrt_latency *ds, uint32_t extra) {
  const struct profile *p = h->machine->profile;
  const struct block *b = m->blk;
  bool resumed = ds != NULL;
  m->paused = false;
  for (; m->next < b->count; m->next++) {
    const struct insn *in = &b->insns[m->next];
    if (in->op == OP_END_BLOCK) break;
    retire_ops(m, m->first_id);
    if (!m->n && m->next > m->last_fp) break; /* nothing left that could stall */
    const struct insn_facts *f = &m->cycles->f[m->next];
    bool apu = (f->flags & F_APU) != 0;
    bool operand_dependent = (in->cls & CLS_DIV) || in->op == OP_FDIV_S || in->op == OP_FSQRT_S;
    if (m->irq_at_entry && m->next == 0 && !resumed && interrupt_at_entry(h, m, in, f)) {
      m->next = b->count;
      return;
    }
    if (operand_dependent && !resumed) {
      m->paused = true;
      return;
    }
    /* A store to a device: the replay stops before it, since the block may end there (then the
     * next block's replay goes on from the right cycle; otherwise the rest of this block is not
     * replayed). */
    if (device_store(h, m, b, m->next)) return;
    if (!resumed) ds = NULL;
    resumed = false;
    uint32_t id_stall = f->id_stall, cycles = f->cycles;
    if (in->cls & CLS_DIV) cycles += extra;
    uint64_t t = m->t, first_id = m->first_id;

    /* ID: dependencies, CSR accesses */
    uint64_t baseline_leave = t + id_stall - 1, dep_cycles;
    uint64_t leave = id_leave(m, in, f, baseline_leave, first_id, &dep_cycles);
    uint64_t new_cycles = leave - baseline_leave;
    /* A JAL held in ID (it writes a register an F operation in flight will write) is resolved
     * during the wait: its refetch is one of the wait's cycles (measured, fp_mixreg
     * jal_waits_fp; as behind a divide or a load, src/profiles/cv32e40p.c). */
    if (in->op == OP_JAL && new_cycles && !m->refetch_hidden && cycles - id_stall >= 2) new_cycles--, cycles--;
    uint64_t new_dep = new_cycles < dep_cycles ? new_cycles : dep_cycles;
    add_cycles(h, EV_STALL_OF, new_dep);
    add_cycles(h, EV_NONE, new_cycles - new_dep);
    add_in_counted_cycles(h, EV_STALL_OF, dep_cycles - new_dep);
    uint64_t ex = leave + 1; /* first cycle in EX */

    if (apu) {
      /* EX: type conflicts with operations in flight, then the FPU's answer */
      unsigned lat, latency;
      enum fp_kind k = insn_fp_kind(in);
      if (k == FP_KIND_DIV || k == FP_KIND_SQRT) lat = 3, latency = ds->cycles;
      else {
        unsigned param = (unsigned)p->options[k == FP_KIND_OTHER ? CV32E40P_OPT_OTHERS_LAT : CV32E40P_OPT_ADDMUL_LAT];
        lat = apu_lat(param), latency = param;
      }
      uint64_t issue = ex;
      if (lat != 2 || m->last_lat == 3)
        for (unsigned i = 0; i < m->n; i++)
          if (m->op[i].lat >= 2 && m->op[i].ret + 1 > issue) issue = m->op[i].ret + 1;
      /* Cycles of the wait in which the next instruction, in ID, waits for a result: APU_DEP
       * is counted for them (by that instruction), not APU_TYPE. */
      uint64_t overlap = 0;
      if (issue > ex && m->next + 1 < b->count && b->insns[m->next + 1].op != OP_END_BLOCK) {
        uint64_t ju;
        dependency(m, &b->insns[m->next + 1], f + 1, ex, issue, &overlap, &ju);
      }
      /* A jump in ID behind a waiting operation is resolved while it waits: its refetch
       * cycle is one of these (measured). */
      const struct insn *after = m->next + 1 < b->count ? &b->insns[m->next + 1] : NULL;
      uint64_t type = issue - ex - overlap;
      if (issue > ex && after && (after->op == OP_JAL || after->op == OP_JALR)) {
        m->refetch_hidden = true;
        if (type) add_in_counted_cycles(h, EV_STALL_EX, 1), type--;
        else overlap--;
      }
      add_cycles(h, EV_STALL_EX, type);
      add_cycles(h, EV_NONE, overlap);
      if (ds && ds->nack) add_cycles(h, EV_FP_CONTENTION, 1), issue++;
      if (latency && m->n < MAX_OPS)
        m->op[m->n++] = (struct apu_op){issue, issue + latency, f->dest, (uint8_t)lat};
      m->last_lat = lat;
      m->mem_ex = 0;
      m->first_id = ex;
      m->t = issue + 1 + (cycles - 1 - id_stall);
      continue;
    }

    if (m->refetch_hidden) { /* see above: this jump's second cycle was counted already */
      m->refetch_hidden = false;
      if (cycles > 1) cycles--;
    }
    /* EX: multi-cycle results that arrive while `in` writes through the ALU port */
    uint32_t in_ex = (f->flags & F_STAYS_IN_EX) ? cycles - id_stall : 1;
    uint64_t wb_stall = 0;
    bool split = crosses_word(h, m, b, m->next);
    if (split) { /* two accesses, two cycles in EX (the extra one the hart adds itself) */
      cycles++;
      for (unsigned i = 0; i < m->n; i++)
        if (m->op[i].lat == 3 && m->op[i].ret >= ex && m->op[i].ret <= ex + 1) m->op[i].ret = ex + 2;
    }
    if (f->flags & F_MULH) /* the result waits in a register until the MULH leaves EX */
      for (unsigned i = 0; i < m->n; i++)
        if (m->op[i].lat == 3 && m->op[i].ret >= ex && m->op[i].ret < ex + in_ex) m->op[i].ret = ex + in_ex;
    const struct insn *next = m->next + 1 < b->count ? &b->insns[m->next + 1] : NULL;
    if ((f->flags & F_ALU_PORT) && !(f->flags & F_MULH))
      for (unsigned i = 0; i < m->n; i++) {
        uint64_t r = m->op[i].ret;
        if (m->op[i].lat != 3 || r < ex || r >= ex + in_ex) continue;
        if (r == m->mem_ex + 1) { /* a load/store answers now: the result waits a cycle */
          m->op[i].ret = r + 1;
          continue;
        }
        /* A JALR in ID (and still there while it is in EX) that does not wait for this
         * result: the result waits until it has gone. */
        if ((next && next->op == OP_JALR && xreg(next->rs1) != m->op[i].dest && r == ex + in_ex - 1) ||
            (in->op == OP_JALR && xreg(in->rs1) != m->op[i].dest)) {
          m->op[i].ret = ex + in_ex;
          continue;
        }
        add_in_counted_cycles(h, EV_FP_WB_CONTENTION, 1);
        if (r == ex + in_ex - 1) wb_stall = 1;
      }
    add_cycles(h, EV_NONE, wb_stall);
    m->mem_ex = f->size ? ex + (split ? 1 : 0) : 0;
    m->first_id = (f->flags & F_STAYS_IN_EX) ? ex : ex + (cycles - id_stall) - 1;
    m->t = ex + (cycles - id_stall) + wb_stall;
  }
}

/* Cycles a taken branch into `blk` costs beyond its penalty: the instruction after the branch,
 * fetched and in ID while the branch is in EX, is a CSR access waiting for the FPU, and the
 * branch's redirection waits for it to leave ID (measured: the target is in ID no earlier
 * than 2 cycles after the last result). `t` is the cycle the target's own cycles start. */
static uint64_t taken_branch_wait(struct hart *h, const struct fpu_model *m, const struct block *blk, uint64_t t) {
  const struct block *last = h->last_block;
  if (!last || !last->count || !m->n) return 0;
  const struct insn *br = &last->insns[last->count - 1];
  if (!(br->cls & CLS_BRANCH)) return 0;
  uint64_t fall = last->paddr + br->pc_off + ((br->cls & CLS_COMPRESSED) ? 2 : 4);
  if (fall == blk->paddr) return 0; /* not taken */
  const uint8_t *p = bus_ram_ptr(&h->machine->bus, fall, 4);
  if (!p) return 0;
  uint32_t word = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
  bool csr = (word & 0x7f) == 0x73 && ((word >> 12) & 7) != 0 && ((word >> 12) & 7) != 4;
  if (!csr) return 0;
  uint64_t wait = 0;
  for (unsigned i = 0; i < m->n; i++)
    if (m->op[i].lat >= 2 && m->op[i].ret + 2 > t - 1 + wait) wait = m->op[i].ret + 2 - (t - 1);
  return wait;
}

/* fetch_block hook: a block starts. */
static void fpu_block(struct hart *h, const struct block *blk) {
  struct fpu_model *m = model_of(h);
  uint64_t now = hart_clock_cycles(h) + 1; /* the model's clock: one ahead, so "the cycle before"
                                             * exists from reset on */
  m->paused = false;
  /* An interrupt was taken since: the RTL abandons the instruction in ID and runs it again
   * after MRET, rvpmu ran it before taking the interrupt; so the handler starts one cycle
   * earlier relative to the FPU than rvpmu's clock says. */
  if (h->hpm.acc[EV_INTERRUPTS] != m->interrupts) {
    m->interrupts = h->hpm.acc[EV_INTERRUPTS];
    for (unsigned i = 0; i < m->n; i++) m->op[i].issue++, m->op[i].ret++;
  }
  /* Operations the last replay scheduled for now or later never issued: a device store that
   * changed the machine's state ended that block early (hart_break_after). */
  unsigned kept = 0;
  for (unsigned i = 0; i < m->n; i++)
    if (m->op[i].issue < now) m->op[kept++] = m->op[i];
  m->n = kept;
  uint64_t wait = taken_branch_wait(h, m, blk, now);
  add_cycles(h, EV_NONE, wait);
  now += wait;
  retire_ops(m, now - 1); /* a result in the cycle before still holds a CSR access in ID */
  bool has_fp = false;
  for (unsigned i = blk->count; i-- > 0 && !has_fp;)
    if (blk->insns[i].cls & CLS_FP) has_fp = true, m->last_fp = i;
  if (!has_fp && !m->n) return;
  if (!has_fp) m->last_fp = 0;
  /* Near an interrupt every instruction is stepped (irq_step_window): one that arrives while
   * a stepped instruction waits in ID is taken there (replay). */
  m->irq_at_entry = block_is_step(h, blk) && (m->irq_due = hart_interrupt_due(h)) != UINT64_MAX;
  m->cycles = static_cycles_of(h, m, blk);
  m->refetch_hidden = false;
  m->blk = blk, m->next = 0, m->t = now, m->first_id = now - 1, m->mem_ex = 0, m->regs_from = 0;
  replay(h, m, NULL, 0);
}

/* operand_latency hook: a divide or square root (or an integer divide) executes. */
static void fpu_operand_latency(struct hart *h, const struct insn *in, uint64_t a, uint64_t b, uint32_t extra) {
  struct fpu_model *m = model_of(h);
  if (!m->paused || in != &m->blk->insns[m->next]) return;
  struct divsqrt_latency ds = {0, false};
  if (in->op == OP_FDIV_S || in->op == OP_FSQRT_S) ds = cv32e40p_divsqrt_latency(in->op == OP_FSQRT_S, (uint32_t)a, (uint32_t)b);
  m->regs_from = m->next; /* it has run (a divide may have written its rd already) */
  replay(h, m, &ds, extra);
}

/* trap_taken hook (zfinx=on): an illegal instruction with an FP load, store or move encoding
 * (Zfinx has none) takes a cycle more than other illegal instructions (measured, zf_ops). */
static void zfinx_trap_taken(struct hart *h, bool interrupt) {
  unsigned opcode = (unsigned)h->mtval & 0x7f;
  if (!interrupt && h->mcause == EXC_ILLEGAL_INSN && (opcode == 0x07 || opcode == 0x27 || opcode == 0x53))
    add_cycles(h, EV_NONE, 1);
}

void cv32e40p_fpu_finish(struct profile *p) {
  if (!p->options[CV32E40P_OPT_FPU]) return;
  if (p->options[CV32E40P_OPT_ZFINX]) { /* ZFINX=1: F's operations on the integer registers */
    p->default_isa = "rv32imc_zfinx";
    p->isa_ext |= ISA_EXT_ZFINX;
    p->trap_taken = zfinx_trap_taken;
    p->description = "OpenHW CV32E40P with its FPU, Zfinx: RV32IMC_Zfinx, M mode, 16 one-hot events, timing of the RTL";
  } else {
    p->default_isa = "rv32imfc";
    p->isa_letters = "imfc";
    p->description = "OpenHW CV32E40P with its FPU: RV32IMFC, M mode, 16 one-hot events, timing of the RTL";
  }
  p->model_bytes = sizeof(struct fpu_model);
  p->fetch_block = fpu_block;
  p->operand_latency = fpu_operand_latency;
  /* Longer than any block's FP stalls (about 20 cycles per F instruction): a block entered
   * whole before the window ends before the interrupt's cycle. */
  p->irq_step_window = 1024;
}
