/* The F and D instructions other than loads and stores (those have inline handlers in
 * isa/exec_template.h): one call per instruction from the dispatch loop. Arithmetic is
 * isa/softfloat.c's; this file reads and writes the registers, NaN-boxes single values, picks
 * the rounding mode and keeps fflags and mstatus.FS (unprivileged spec ch. "F", "D";
 * privileged spec 3.1.6.6).
 *
 * - A single value in a 64-bit FP register is valid only NaN-boxed (upper 32 bits all ones);
 *   any other pattern reads as the canonical NaN. Single results are written boxed, also on
 *   harts without D, where no instruction can see the upper half.
 * - The rm field 7 means frm; rm 5 and 6 are rejected by the decoder, frm 5-7 here: both raise
 *   illegal instruction.
 * - FS = Dirty (and SD) whenever an FP register or fflags is written; FS = Off makes every FP
 *   instruction illegal. */
#include "hart/hart.h"
#include "isa/softfloat.h"
#include "machine.h"

#define BOX 0xffffffff00000000ull

static uint64_t unbox(uint64_t v) { return (v & BOX) == BOX ? (uint32_t)v : SF_CANONICAL_NAN_S; }

int hart_fp_exec(struct hart *h, const struct insn *in) {
  /* Zfinx: the operands and results are in the integer registers (RV32: a single is the
   * register's 32 bits, no NaN-boxing) and there is no FP state to switch off (FS stays 0). */
  bool zfinx = (h->isa_ext & ISA_EXT_ZFINX) != 0;
  if (!zfinx && !(h->mstatus & MSTATUS_FS)) return EXC_ILLEGAL_INSN;
  /* Operations without an rm field decode with imm = 0. */
  unsigned rm = (unsigned)in->imm & 7;
  if (rm == 7) {
    rm = h->frm;
    if (rm > SF_RMM) return EXC_ILLEGAL_INSN;
  }
  enum op op = (enum op)in->op;
  const uint64_t *f = h->f;
  uint64_t r1 = f[in->rs1], r2 = f[in->rs2], r3 = f[insn_rs3(in)];
  if (zfinx) /* as if boxed in FP registers */
    r1 = BOX | (uint32_t)h->x[in->rs1], r2 = BOX | (uint32_t)h->x[in->rs2], r3 = BOX | (uint32_t)h->x[insn_rs3(in)];
  /* Operands as their format reads them: singles unboxed. */
  uint64_t s1 = unbox(r1), s2 = unbox(r2), s3 = unbox(r3);
  uint64_t d1 = r1, d2 = r2, d3 = r3;
  uint64_t xs1 = h->x[in->rs1];
  unsigned fl = 0;
  uint64_t fr = 0; /* FP result */
  uint64_t xr = 0; /* integer result, as a 64-bit value before the XLEN adjustment */
  bool to_x = false;
  switch (op) {
    case OP_FADD_S: fr = BOX | sf_add(SF_S, s1, s2, false, rm, &fl); break;
    case OP_FSUB_S: fr = BOX | sf_add(SF_S, s1, s2, true, rm, &fl); break;
    case OP_FMUL_S: fr = BOX | sf_mul(SF_S, s1, s2, rm, &fl); break;
    case OP_FDIV_S: fr = BOX | sf_div(SF_S, s1, s2, rm, &fl); break;
    case OP_FSQRT_S: fr = BOX | sf_sqrt(SF_S, s1, rm, &fl); break;
    case OP_FMADD_S: fr = BOX | sf_muladd(SF_S, s1, s2, s3, false, false, rm, &fl); break;
    case OP_FMSUB_S: fr = BOX | sf_muladd(SF_S, s1, s2, s3, false, true, rm, &fl); break;
    case OP_FNMSUB_S: fr = BOX | sf_muladd(SF_S, s1, s2, s3, true, false, rm, &fl); break;
    case OP_FNMADD_S: fr = BOX | sf_muladd(SF_S, s1, s2, s3, true, true, rm, &fl); break;
    case OP_FSGNJ_S: fr = BOX | (s1 & 0x7fffffffu) | (s2 & 0x80000000u); break;
    case OP_FSGNJN_S: fr = BOX | (s1 & 0x7fffffffu) | (~s2 & 0x80000000u); break;
    case OP_FSGNJX_S: fr = BOX | (s1 ^ (s2 & 0x80000000u)); break;
    case OP_FMIN_S: fr = BOX | sf_minmax(SF_S, s1, s2, false, &fl); break;
    case OP_FMAX_S: fr = BOX | sf_minmax(SF_S, s1, s2, true, &fl); break;
    case OP_FADD_D: fr = sf_add(SF_D, d1, d2, false, rm, &fl); break;
    case OP_FSUB_D: fr = sf_add(SF_D, d1, d2, true, rm, &fl); break;
    case OP_FMUL_D: fr = sf_mul(SF_D, d1, d2, rm, &fl); break;
    case OP_FDIV_D: fr = sf_div(SF_D, d1, d2, rm, &fl); break;
    case OP_FSQRT_D: fr = sf_sqrt(SF_D, d1, rm, &fl); break;
    case OP_FMADD_D: fr = sf_muladd(SF_D, d1, d2, d3, false, false, rm, &fl); break;
    case OP_FMSUB_D: fr = sf_muladd(SF_D, d1, d2, d3, false, true, rm, &fl); break;
    case OP_FNMSUB_D: fr = sf_muladd(SF_D, d1, d2, d3, true, false, rm, &fl); break;
    case OP_FNMADD_D: fr = sf_muladd(SF_D, d1, d2, d3, true, true, rm, &fl); break;
    case OP_FSGNJ_D: fr = (d1 & ~(1ull << 63)) | (d2 & (1ull << 63)); break;
    case OP_FSGNJN_D: fr = (d1 & ~(1ull << 63)) | (~d2 & (1ull << 63)); break;
    case OP_FSGNJX_D: fr = d1 ^ (d2 & (1ull << 63)); break;
    case OP_FMIN_D: fr = sf_minmax(SF_D, d1, d2, false, &fl); break;
    case OP_FMAX_D: fr = sf_minmax(SF_D, d1, d2, true, &fl); break;
    case OP_FCVT_S_D: fr = BOX | sf_convert(SF_S, SF_D, d1, rm, &fl); break;
    case OP_FCVT_D_S: fr = sf_convert(SF_D, SF_S, s1, rm, &fl); break;
    /* Integer to FP: W forms read the low 32 bits of rs1. */
    case OP_FCVT_S_W: fr = BOX | sf_from_int(SF_S, xs1, true, 32, rm, &fl); break;
    case OP_FCVT_S_WU: fr = BOX | sf_from_int(SF_S, xs1, false, 32, rm, &fl); break;
    case OP_FCVT_S_L: fr = BOX | sf_from_int(SF_S, xs1, true, 64, rm, &fl); break;
    case OP_FCVT_S_LU: fr = BOX | sf_from_int(SF_S, xs1, false, 64, rm, &fl); break;
    case OP_FCVT_D_W: fr = sf_from_int(SF_D, xs1, true, 32, rm, &fl); break;
    case OP_FCVT_D_WU: fr = sf_from_int(SF_D, xs1, false, 32, rm, &fl); break;
    case OP_FCVT_D_L: fr = sf_from_int(SF_D, xs1, true, 64, rm, &fl); break;
    case OP_FCVT_D_LU: fr = sf_from_int(SF_D, xs1, false, 64, rm, &fl); break;
    case OP_FMV_W_X: fr = BOX | (uint32_t)xs1; break;
    case OP_FMV_D_X: fr = xs1; break;
    /* FP to integer: 32-bit results are sign-extended to XLEN, the unsigned ones too. */
    case OP_FCVT_W_S: xr = (uint64_t)(int32_t)sf_to_int(SF_S, s1, true, 32, rm, &fl), to_x = true; break;
    case OP_FCVT_WU_S: xr = (uint64_t)(int32_t)sf_to_int(SF_S, s1, false, 32, rm, &fl), to_x = true; break;
    case OP_FCVT_L_S: xr = sf_to_int(SF_S, s1, true, 64, rm, &fl), to_x = true; break;
    case OP_FCVT_LU_S: xr = sf_to_int(SF_S, s1, false, 64, rm, &fl), to_x = true; break;
    case OP_FCVT_W_D: xr = (uint64_t)(int32_t)sf_to_int(SF_D, d1, true, 32, rm, &fl), to_x = true; break;
    case OP_FCVT_WU_D: xr = (uint64_t)(int32_t)sf_to_int(SF_D, d1, false, 32, rm, &fl), to_x = true; break;
    case OP_FCVT_L_D: xr = sf_to_int(SF_D, d1, true, 64, rm, &fl), to_x = true; break;
    case OP_FCVT_LU_D: xr = sf_to_int(SF_D, d1, false, 64, rm, &fl), to_x = true; break;
    /* FMV.X.W moves the low 32 bits as they are (no NaN-box check), sign-extended. */
    case OP_FMV_X_W: xr = (uint64_t)(int32_t)(uint32_t)d1, to_x = true; break;
    case OP_FMV_X_D: xr = d1, to_x = true; break;
    case OP_FEQ_S: xr = sf_eq(SF_S, s1, s2, &fl), to_x = true; break;
    case OP_FLT_S: xr = sf_lt(SF_S, s1, s2, &fl), to_x = true; break;
    case OP_FLE_S: xr = sf_le(SF_S, s1, s2, &fl), to_x = true; break;
    case OP_FEQ_D: xr = sf_eq(SF_D, d1, d2, &fl), to_x = true; break;
    case OP_FLT_D: xr = sf_lt(SF_D, d1, d2, &fl), to_x = true; break;
    case OP_FLE_D: xr = sf_le(SF_D, d1, d2, &fl), to_x = true; break;
    case OP_FCLASS_S: xr = sf_classify(SF_S, s1), to_x = true; break;
    case OP_FCLASS_D: xr = sf_classify(SF_D, d1), to_x = true; break;
    default: return EXC_ILLEGAL_INSN; /* not an FP operation: the decoder never sends one */
  }
  if (to_x) h->x[in->rd] = h->xlen == 32 ? (uint32_t)xr : xr; /* rd is REG_SINK for x0 */
  else if (zfinx) h->x[in->rd] = (uint32_t)fr; /* also REG_SINK for x0 */
  else h->f[in->rd] = fr;
  /* A computed subnormal result (arithmetic, square root, fused, FCVT between formats; not
   * moves, sign injection, min/max), for the events that count them (MicroBlaze V class 4).
   * A boxed single is subnormal when its exponent is 0 and its fraction is not. */
  enum fp_kind kind = insn_fp_kind(in);
  if (!to_x && (kind == FP_KIND_ADD || kind == FP_KIND_MUL || kind == FP_KIND_DIV || kind == FP_KIND_SQRT ||
                kind == FP_KIND_FUSED || op == OP_FCVT_S_D || op == OP_FCVT_D_S)) {
    bool single = (fr >> 32) == 0xffffffffu;
    uint64_t exp = single ? (fr >> 23) & 0xff : (fr >> 52) & 0x7ff;
    uint64_t frac = single ? fr & 0x7fffff : fr & ((1ull << 52) - 1);
    if (exp == 0 && frac != 0) hart_add_events(h, EV_BIT(EV_FP_SUBNORMAL), 1);
  }
  if (fl) h->fflags |= fl;
  if (!zfinx && (!to_x || fl)) h->mstatus |= MSTATUS_FS; /* Dirty */
  if ((op == OP_FDIV_S || op == OP_FSQRT_S) && h->machine->profile->operand_latency)
    h->machine->profile->operand_latency(h, in, s1, s2, 0);
  return 0;
}
