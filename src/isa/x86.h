/* A small x86-64 encoder for the block translator (isa/jit.c): the few instruction forms it
 * emits, each with its operands spelt out, into a byte buffer. Memory operands are always
 * [base + disp32] or [base + index + disp32] (one form, no special cases but the SIB byte
 * that rsp and r12 need as a base). Registers are the hardware numbers (X86_RAX ...). */
#ifndef RVPMU_ISA_X86_H
#define RVPMU_ISA_X86_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

enum x86_reg {
  X86_RAX, X86_RCX, X86_RDX, X86_RBX, X86_RSP, X86_RBP, X86_RSI, X86_RDI,
  X86_R8, X86_R9, X86_R10, X86_R11, X86_R12, X86_R13, X86_R14, X86_R15,
};
#define X86_NO_INDEX (-1)

/* Condition codes (the low nibble of Jcc / SETcc). */
enum x86_cc {
  X86_CC_B = 0x2, X86_CC_AE = 0x3, X86_CC_E = 0x4, X86_CC_NE = 0x5, X86_CC_BE = 0x6, X86_CC_A = 0x7,
  X86_CC_L = 0xc, X86_CC_GE = 0xd, X86_CC_LE = 0xe, X86_CC_G = 0xf,
};

/* The ALU operations of the 0x01-0x3b family: op*8 + 1 is "r/m op= r", op*8 + 3 "r op= r/m",
 * and op is the /digit of the 0x81 immediate form. */
enum x86_alu { X86_ADD = 0, X86_OR = 1, X86_AND = 4, X86_SUB = 5, X86_XOR = 6, X86_CMP = 7 };
/* The /digit of the shifts (0xc1 by an immediate, 0xd3 by cl). */
enum x86_shift { X86_SHL = 4, X86_SHR = 5, X86_SAR = 7 };

struct x86 {
  uint8_t *p, *end; /* next byte, end of the room */
  bool full;        /* something did not fit: the code is not to be used */
};

static inline void x86_byte(struct x86 *a, unsigned v) {
  if (a->p < a->end) *a->p++ = (uint8_t)v;
  else a->full = true;
}
static inline void x86_u32(struct x86 *a, uint32_t v) {
  for (unsigned i = 0; i < 4; i++) x86_byte(a, (v >> (8 * i)) & 0xff);
}
static inline void x86_u64(struct x86 *a, uint64_t v) {
  for (unsigned i = 0; i < 8; i++) x86_byte(a, (unsigned)(v >> (8 * i)) & 0xff);
}

/* REX prefix for operand width w (1: 64-bit), the ModRM reg field's register, a SIB index and a
 * base / r/m register; omitted when it would be 0x40 unless `force` (byte registers 4-7). */
static inline void x86_rex(struct x86 *a, int w, int reg, int index, int base, bool force) {
  unsigned r = 0x40 | (unsigned)w << 3 | (unsigned)((reg >> 3) & 1) << 2 |
               (unsigned)(((index < 0 ? 0 : index) >> 3) & 1) << 1 | (unsigned)((base >> 3) & 1);
  if (r != 0x40 || force) x86_byte(a, r);
}
/* ModRM (and SIB) of [base + index + disp32] with `reg` in the reg field. */
static inline void x86_mem(struct x86 *a, int reg, int base, int index, int32_t disp) {
  if (index < 0 && (base & 7) != X86_RSP) {
    x86_byte(a, 0x80 | (unsigned)(reg & 7) << 3 | (unsigned)(base & 7));
  } else {
    x86_byte(a, 0x80 | (unsigned)(reg & 7) << 3 | 4);
    x86_byte(a, (unsigned)((index < 0 ? X86_RSP : index) & 7) << 3 | (unsigned)(base & 7));
  }
  x86_u32(a, (uint32_t)disp);
}
/* An instruction with a memory operand: optional 0x66 prefix, REX, opcode bytes, ModRM. */
static inline void x86_op_mem(struct x86 *a, bool p66, int w, const uint8_t *op, unsigned n, int reg, int base,
                              int index, int32_t disp) {
  if (p66) x86_byte(a, 0x66);
  x86_rex(a, w, reg, index, base, false);
  for (unsigned i = 0; i < n; i++) x86_byte(a, op[i]);
  x86_mem(a, reg, base, index, disp);
}
/* The same with a register operand (ModRM mod 11: reg, rm). */
static inline void x86_op_reg(struct x86 *a, int w, const uint8_t *op, unsigned n, int reg, int rm) {
  x86_rex(a, w, reg, X86_NO_INDEX, rm, false);
  for (unsigned i = 0; i < n; i++) x86_byte(a, op[i]);
  x86_byte(a, 0xc0 | (unsigned)(reg & 7) << 3 | (unsigned)(rm & 7));
}

/* mov r, [m] (w: 64-bit; else 32-bit, zero-extending) */
static inline void x86_load(struct x86 *a, int w, int r, int base, int index, int32_t disp) {
  x86_op_mem(a, false, w, (const uint8_t[]){0x8b}, 1, r, base, index, disp);
}
/* mov [m], r (size 1, 2, 4 or 8 bytes; a byte from rax, rcx, rdx or rbx only) */
static inline void x86_store(struct x86 *a, unsigned size, int r, int base, int index, int32_t disp) {
  if (size == 1) x86_op_mem(a, false, 0, (const uint8_t[]){0x88}, 1, r, base, index, disp);
  else x86_op_mem(a, size == 2, size == 8, (const uint8_t[]){0x89}, 1, r, base, index, disp);
}
/* movzx / movsx r32, byte or word [m] */
static inline void x86_load_ext(struct x86 *a, unsigned size, bool sign, int r, int base, int index, int32_t disp) {
  uint8_t op = (uint8_t)((sign ? 0xbe : 0xb6) + (size == 2));
  x86_op_mem(a, false, 0, (const uint8_t[]){0x0f, op}, 2, r, base, index, disp);
}
/* r op= [m] */
static inline void x86_alu_load(struct x86 *a, int w, enum x86_alu op, int r, int base, int index, int32_t disp) {
  x86_op_mem(a, false, w, (const uint8_t[]){(uint8_t)(op * 8 + 3)}, 1, r, base, index, disp);
}
/* [m] op= r */
static inline void x86_alu_store(struct x86 *a, int w, enum x86_alu op, int r, int base, int32_t disp) {
  x86_op_mem(a, false, w, (const uint8_t[]){(uint8_t)(op * 8 + 1)}, 1, r, base, X86_NO_INDEX, disp);
}
/* dst op= src */
static inline void x86_alu_rr(struct x86 *a, int w, enum x86_alu op, int dst, int src) {
  x86_op_reg(a, w, (const uint8_t[]){(uint8_t)(op * 8 + 3)}, 1, dst, src);
}
/* r op= imm32 (sign-extended to 64 bits with w) */
static inline void x86_alu_imm(struct x86 *a, int w, enum x86_alu op, int r, int32_t imm) {
  x86_op_reg(a, w, (const uint8_t[]){0x81}, 1, op, r);
  x86_u32(a, (uint32_t)imm);
}
/* [m] op= imm32 (64-bit with w) */
static inline void x86_alu_mem_imm(struct x86 *a, int w, enum x86_alu op, int base, int32_t disp, int32_t imm) {
  x86_op_mem(a, false, w, (const uint8_t[]){0x81}, 1, op, base, X86_NO_INDEX, disp);
  x86_u32(a, (uint32_t)imm);
}
static inline void x86_shift_imm(struct x86 *a, int w, enum x86_shift op, int r, unsigned n) {
  x86_op_reg(a, w, (const uint8_t[]){0xc1}, 1, op, r);
  x86_byte(a, n);
}
static inline void x86_shift_cl(struct x86 *a, int w, enum x86_shift op, int r) {
  x86_op_reg(a, w, (const uint8_t[]){0xd3}, 1, op, r);
}
/* dst *= src (low half) */
static inline void x86_imul_rr(struct x86 *a, int w, int dst, int src) {
  x86_op_reg(a, w, (const uint8_t[]){0x0f, 0xaf}, 2, dst, src);
}
static inline void x86_mov_rr(struct x86 *a, int w, int dst, int src) {
  x86_op_reg(a, w, (const uint8_t[]){0x8b}, 1, dst, src);
}
/* mov r32, imm32 (zero-extends into the 64-bit register) */
static inline void x86_mov_imm32(struct x86 *a, int r, uint32_t imm) {
  x86_rex(a, 0, 0, X86_NO_INDEX, r, false);
  x86_byte(a, 0xb8 + (unsigned)(r & 7));
  x86_u32(a, imm);
}
static inline void x86_mov_imm64(struct x86 *a, int r, uint64_t imm) {
  x86_rex(a, 1, 0, X86_NO_INDEX, r, false);
  x86_byte(a, 0xb8 + (unsigned)(r & 7));
  x86_u64(a, imm);
}
/* setcc r8 (r: rax, rcx, rdx or rbx) */
static inline void x86_setcc(struct x86 *a, enum x86_cc cc, int r) {
  x86_byte(a, 0x0f), x86_byte(a, 0x90 + cc), x86_byte(a, 0xc0 | (unsigned)(r & 7));
}
/* setcc r8 then movzx r32, r8 (r: rax, rcx, rdx or rbx) */
static inline void x86_setcc_zx(struct x86 *a, enum x86_cc cc, int r) {
  x86_byte(a, 0x0f), x86_byte(a, 0x90 + cc), x86_byte(a, 0xc0 | (unsigned)(r & 7));
  x86_op_reg(a, 0, (const uint8_t[]){0x0f, 0xb6}, 2, r, r);
}
static inline void x86_test_rr(struct x86 *a, int w, int r1, int r2) {
  x86_op_reg(a, w, (const uint8_t[]){0x85}, 1, r2, r1);
}
/* A forward jump: returns where its rel32 is, for x86_patch. */
static inline uint8_t *x86_jcc(struct x86 *a, enum x86_cc cc) {
  x86_byte(a, 0x0f), x86_byte(a, 0x80 + cc);
  uint8_t *at = a->p;
  x86_u32(a, 0);
  return at;
}
static inline uint8_t *x86_jmp(struct x86 *a) {
  x86_byte(a, 0xe9);
  uint8_t *at = a->p;
  x86_u32(a, 0);
  return at;
}
/* Points the rel32 at `at` (x86_jcc, x86_jmp) to `target`. */
static inline void x86_patch(struct x86 *a, uint8_t *at, const uint8_t *target) {
  if (a->full) return;
  int32_t rel = (int32_t)(target - (at + 4));
  memcpy(at, &rel, 4);
}
/* Jump / call to an absolute address (through rax, which it clobbers). */
static inline void x86_jmp_abs(struct x86 *a, const void *target) {
  x86_mov_imm64(a, X86_RAX, (uint64_t)(uintptr_t)target);
  x86_byte(a, 0xff), x86_byte(a, 0xe0); /* jmp rax */
}
static inline void x86_call_abs(struct x86 *a, const void *target) {
  x86_mov_imm64(a, X86_RAX, (uint64_t)(uintptr_t)target);
  x86_byte(a, 0xff), x86_byte(a, 0xd0); /* call rax */
}
static inline void x86_jmp_reg(struct x86 *a, int r) {
  x86_rex(a, 0, 0, X86_NO_INDEX, r, false);
  x86_byte(a, 0xff), x86_byte(a, 0xe0 | (unsigned)(r & 7));
}
static inline void x86_push(struct x86 *a, int r) {
  x86_rex(a, 0, 0, X86_NO_INDEX, r, false);
  x86_byte(a, 0x50 + (unsigned)(r & 7));
}
static inline void x86_pop(struct x86 *a, int r) {
  x86_rex(a, 0, 0, X86_NO_INDEX, r, false);
  x86_byte(a, 0x58 + (unsigned)(r & 7));
}
static inline void x86_ret(struct x86 *a) { x86_byte(a, 0xc3); }

#endif
