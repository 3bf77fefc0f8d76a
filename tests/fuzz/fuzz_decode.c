/* libFuzzer harness: the instruction decoder on arbitrary 32-bit words, for XLEN 32 and 64.
 *
 * The input is read as little-endian 32-bit words (a short tail is zero-padded). For each word
 * and XLEN the decoded instruction must satisfy what the executor relies on:
 *   op < OP_COUNT (the dispatch table index) and never OP_END_BLOCK (block builder only);
 *   rd <= 32 (REG_SINK), rs1 < 32, rs2 < 32 (register file indices);
 *   cls = op_class(op), plus CLS_COMPRESSED exactly for 16-bit encodings;
 *   raw = the word, or its low 16 bits for a 16-bit encoding, whose upper bits are ignored;
 *   pc_off = 0; decoding is deterministic;
 *   on RV32, no RV64-only operation (LD, SD, LWU, *W, AMO_D).
 * LLVMFuzzerInitialize also checks every 16-bit encoding once. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/insn.h"

static void fail(uint32_t raw, unsigned xlen, const struct insn *in, const char *why) {
  fprintf(stderr, "fuzz_decode: 0x%08x on RV%u: %s (op %u %s rd %u rs1 %u rs2 %u imm %d cls 0x%x raw 0x%x)\n", raw,
          xlen, why, in->op, op_name((enum op)in->op), in->rd, in->rs1, in->rs2, in->imm, in->cls, in->raw);
  abort();
}

static int rv64_only(unsigned op) {
  switch (op) {
    case OP_LD: case OP_SD: case OP_LWU: case OP_ADDIW: case OP_SLLIW: case OP_SRLIW: case OP_SRAIW:
    case OP_ADDW: case OP_SUBW: case OP_SLLW: case OP_SRLW: case OP_SRAW: case OP_MULW: case OP_DIVW:
    case OP_DIVUW: case OP_REMW: case OP_REMUW: case OP_AMO_D: case OP_ADD_UW: case OP_SH1ADD_UW:
    case OP_SH2ADD_UW: case OP_SH3ADD_UW: case OP_SLLI_UW: case OP_CLZW: case OP_CTZW: case OP_CPOPW: case OP_ROLW:
    case OP_RORW: case OP_RORIW:
      return 1;
  }
  return 0;
}

/* Every optional extension the decoder knows (the generic core's default set). */
#define ALL_EXT                                                                                      \
  (ISA_EXT_ZBA | ISA_EXT_ZBB | ISA_EXT_ZBC | ISA_EXT_ZBS | ISA_EXT_ZICBOM | ISA_EXT_ZICBOZ | ISA_EXT_ZICOND | \
   ISA_EXT_F | ISA_EXT_D)

static void check_ext(uint32_t raw, unsigned xlen, unsigned ext) {
  struct insn in, again;
  memset(&in, 0xa5, sizeof in);
  insn_decode_ext(raw, xlen, ext, &in);
  if (in.op >= OP_COUNT) fail(raw, xlen, &in, "op >= OP_COUNT");
  if (in.op == OP_END_BLOCK) fail(raw, xlen, &in, "decoder produced END_BLOCK");
  if (in.rd > REG_SINK) fail(raw, xlen, &in, "rd > 32");
  if (in.rs1 >= 32) fail(raw, xlen, &in, "rs1 >= 32");
  if (in.rs2 >= 32) fail(raw, xlen, &in, "rs2 >= 32");
  if (in.pc_off != 0) fail(raw, xlen, &in, "pc_off != 0");
  int compressed = (raw & 3) != 3;
  if ((in.cls & ~CLS_COMPRESSED) != op_class((enum op)in.op)) fail(raw, xlen, &in, "cls != op_class(op)");
  if (!!(in.cls & CLS_COMPRESSED) != compressed) fail(raw, xlen, &in, "CLS_COMPRESSED wrong");
  if (in.raw != (compressed ? (raw & 0xffff) : raw)) fail(raw, xlen, &in, "raw field wrong");
  if (xlen == 32 && rv64_only(in.op)) fail(raw, xlen, &in, "RV64-only operation on RV32");
  memset(&again, 0x5a, sizeof again);
  insn_decode_ext(compressed ? (raw & 0xffff) | 0xabcd0000u : raw, xlen, ext, &again);
  if (memcmp(&in, &again, sizeof in) != 0) fail(raw, xlen, &in, "not deterministic (or upper bits of a 16-bit encoding matter)");
}

/* Without and with every optional extension. */
static void check(uint32_t raw, unsigned xlen) {
  check_ext(raw, xlen, 0);
  check_ext(raw, xlen, ALL_EXT);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  for (uint32_t r = 0; r < 0x10000; r++) {
    if ((r & 3) == 3) continue;
    check(r, 32);
    check(r, 64);
  }
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  for (size_t off = 0; off == 0 || off < size; off += 4) {
    uint8_t w[4] = {0};
    memcpy(w, data + off, size - off < 4 ? size - off : 4);
    uint32_t raw = (uint32_t)w[0] | (uint32_t)w[1] << 8 | (uint32_t)w[2] << 16 | (uint32_t)w[3] << 24;
    check(raw, 32);
    check(raw, 64);
    if (size == 0) break;
  }
  return 0;
}
