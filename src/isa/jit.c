/* The block translator (isa/jit.h): x86-64 code for the blocks of MicroBlaze V's models loop.
 *
 * The generated code keeps the hart in rbx and its registers (hart.x) in r12, both
 * callee-saved, so that it can call the few helpers it needs (a link cost's first deferred
 * count); it enters through a trampoline at the start of the arena and leaves through the
 * exit stub after it, returning the block and instruction where the interpreter goes on (rax,
 * rdx: struct jit_exit) with the dispatch index in hart.jit_disp. Every value it computes is
 * what the interpreter's handler computes for the same instruction in the same loop
 * (isa/exec_template.h with EXEC_MODEL_HITS; the inline model paths of hart/model_hits.h),
 * each step named after the C it stands for. */
#include "isa/jit.h"

#include <stddef.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "hart/hart.h"
#include "hart/model_hits.h"
#include "isa/fuse.h"

#if defined(__x86_64__) && defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>

#include "isa/x86.h"

/* Address space reserved for translations (committed as used). The block arena (16 MiB) is
 * flushed when full, and this one with it; a block that does not fit is not translated. */
#define JIT_ARENA_BYTES (64u << 20)
/* Room a block's translation may need at most (64 instructions of at most ~90 bytes, its end,
 * its exits). */
#define JIT_BLOCK_MAX_BYTES 16384

struct jit_arena;
/* A translation being made. */
struct tr {
  struct x86 x;
  struct jit_arena *a;
  struct hart *h;
  struct block *b;
  /* Exits to emit after the code: the jumps to each, and where the interpreter goes on. */
  struct exit_site {
    uint8_t *at;   /* rel32 to patch */
    unsigned k;    /* the instruction of b */
  } exits[2 * BLOCK_MAX_INSNS + 8];
  unsigned n_exits;
  /* The guest register the instruction just emitted left in a host register as well as in
   * hart.x (-1: none), so that the next one's first operand need not wait for that store to
   * be forwarded (a load's value compared by the branch after it: the pointer chase's
   * critical path). Only the next instruction's first operand reads (first_op, second_op),
   * before anything else is emitted. */
  int cached, cached_host;
  int prev, prev_host; /* the same for the instruction being emitted */
  bool branch_free;    /* the D-cache way it is for (block_jit.way) */
};

struct jit_arena {
  uint8_t *base;
  size_t used;          /* bytes in use, the trampoline and exit stub first */
  size_t fixed;         /* the trampoline's and the exit stub's */
  jit_enter_fn enter;   /* the trampoline */
  const uint8_t *plain; /* a block's code without a translation: the interpreter at its start */
  const uint8_t *exit;  /* the exit stub */
  FILE *perf_map;       /* /tmp/perf-PID.map with RVPMU_JIT_PERFMAP=1: perf names the code */
  struct tr scratch;    /* (one translation at a time) */
};

#define XR(r) ((int32_t)((r) * sizeof(uint64_t))) /* hart.x[r] from r12 */
/* Kept in registers while translated code runs, written back when it leaves or calls out:
 * hart.budget, and the 8 bytes of hart.follow_key and hart.pc (LINK_WORD_OFF). */
#define R_BUDGET X86_R14
#define R_PCWORD X86_R15
#define R_FILLS X86_RBP /* hart.lazy_dc_fills */
#define R_LAST X86_R13  /* hart.last_block */
#define HO(field) ((int32_t)offsetof(struct hart, field))
#define LINK_WORD_OFF (HO(pc) - 4) /* follow_key | pc << 32 (isa/exec_template.h, LINK_WORD) */
_Static_assert(offsetof(struct hart, pc) == offsetof(struct hart, follow_key) + 4, "LINK_WORD");
_Static_assert(offsetof(struct link_cost, from) == offsetof(struct link_cost, follow_key) + 4, "LINK_WORD");
_Static_assert(offsetof(struct btc_filter, key) == 0, "an entry's target: entry + offsetof(target)");

static void emit_trampolines(struct jit_arena *a) {
  struct x86 x = {a->base, a->base + 256, false};
  /* enter(h, x, code): rsp is 8 mod 16 at entry, 0 after six pushes and 8 more (helper calls). */
  a->enter = (jit_enter_fn)(uintptr_t)x.p;
  x86_push(&x, X86_RBX), x86_push(&x, X86_R12), x86_push(&x, X86_R13), x86_push(&x, X86_R14), x86_push(&x, X86_R15);
  x86_push(&x, X86_RBP);
  x86_alu_imm(&x, 1, X86_SUB, X86_RSP, 8);
  x86_mov_rr(&x, 1, X86_RBX, X86_RDI);
  x86_mov_rr(&x, 1, X86_R12, X86_RSI);
  x86_load(&x, 1, R_BUDGET, X86_RBX, X86_NO_INDEX, HO(budget));
  x86_load(&x, 1, R_PCWORD, X86_RBX, X86_NO_INDEX, LINK_WORD_OFF);
  x86_load(&x, 1, R_FILLS, X86_RBX, X86_NO_INDEX, HO(lazy_dc_fills));
  x86_load(&x, 1, R_LAST, X86_RBX, X86_NO_INDEX, HO(last_block));
  x86_jmp_reg(&x, X86_RDX);
  a->exit = x.p;
  x86_store(&x, 8, R_BUDGET, X86_RBX, X86_NO_INDEX, HO(budget));
  x86_store(&x, 8, R_PCWORD, X86_RBX, X86_NO_INDEX, LINK_WORD_OFF);
  x86_store(&x, 8, R_FILLS, X86_RBX, X86_NO_INDEX, HO(lazy_dc_fills));
  x86_store(&x, 8, R_LAST, X86_RBX, X86_NO_INDEX, HO(last_block));
  x86_alu_imm(&x, 1, X86_ADD, X86_RSP, 8);
  x86_pop(&x, X86_RBP);
  x86_pop(&x, X86_R15), x86_pop(&x, X86_R14), x86_pop(&x, X86_R13), x86_pop(&x, X86_R12), x86_pop(&x, X86_RBX);
  x86_ret(&x);
  /* plain: rax = the block (emit_follow) */
  a->plain = x.p;
  x86_op_mem(&x, false, 1, (const uint8_t[]){0x8d}, 1, X86_RDX, X86_RAX, X86_NO_INDEX, (int32_t)offsetof(struct block, insns));
  x86_load_ext(&x, 1, false, X86_RCX, X86_RDX, X86_NO_INDEX, (int32_t)offsetof(struct insn, disp));
  x86_store(&x, 1, X86_RCX, X86_RBX, X86_NO_INDEX, HO(jit_disp));
  x86_patch(&x, x86_jmp(&x), a->exit);
  a->fixed = a->used = (size_t)(((x.p - a->base) + 63) & ~63);
  if (x.full) abort(); /* (256 bytes hold them: a change that outgrows them must grow this) */
}

struct jit_arena *jit_arena_create(void) {
  struct jit_arena *a = calloc(1, sizeof *a);
  if (!a) return NULL;
  void *m = mmap(NULL, JIT_ARENA_BYTES, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                 -1, 0);
  if (m == MAP_FAILED) {
    free(a);
    return NULL;
  }
  a->base = m;
  emit_trampolines(a);
  const char *map = getenv("RVPMU_JIT_PERFMAP");
  if (map && *map && strcmp(map, "0") != 0) {
    char name[64];
    snprintf(name, sizeof name, "/tmp/perf-%d.map", (int)getpid());
    a->perf_map = fopen(name, "a");
  }
  return a;
}

void jit_arena_destroy(struct jit_arena *a) {
  if (!a) return;
  munmap(a->base, JIT_ARENA_BYTES);
  if (a->perf_map) fclose(a->perf_map);
  free(a);
}

void jit_arena_reset(struct jit_arena *a) { a->used = a->fixed; }

const void *jit_arena_plain(const struct jit_arena *a) { return a->plain; }

/* ---- Translation ---- */


/* The dispatch index with which the interpreter runs instruction k of b. */
static unsigned disp_of(const struct tr *t, unsigned k) {
  return k == 0 ? block_jit_of(t->b)->disp0 : t->b->insns[k].disp;
}

/* A conditional jump to the exit that leaves for the interpreter at instruction k. */
static void exit_if(struct tr *t, enum x86_cc cc, unsigned k) {
  if (t->n_exits == sizeof t->exits / sizeof t->exits[0]) {
    t->x.full = true;
    return;
  }
  t->exits[t->n_exits++] = (struct exit_site){x86_jcc(&t->x, cc), k};
}
static void exit_at(struct tr *t, unsigned k) {
  if (t->n_exits == sizeof t->exits / sizeof t->exits[0]) {
    t->x.full = true;
    return;
  }
  t->exits[t->n_exits++] = (struct exit_site){x86_jmp(&t->x), k};
}

/* The exit to the interpreter at instruction k: rax = b, rdx = &b->insns[k], hart.jit_disp. */
static void emit_exit(struct tr *t, unsigned k) {
  x86_mov_imm64(&t->x, X86_RAX, (uint64_t)(uintptr_t)t->b);
  x86_mov_imm64(&t->x, X86_RDX, (uint64_t)(uintptr_t)&t->b->insns[k]);
  x86_op_mem(&t->x, false, 0, (const uint8_t[]){0xc6}, 1, 0, X86_RBX, X86_NO_INDEX, HO(jit_disp)); /* mov byte */
  x86_byte(&t->x, disp_of(t, k));
  x86_patch(&t->x, x86_jmp(&t->x), t->a->exit);
}

static void load_reg(struct tr *t, int r, unsigned rs) { x86_load(&t->x, 0, r, X86_R12, X86_NO_INDEX, XR(rs)); }
/* Writes guest register rd from host register r, which then holds it for the next instruction. */
static void store_reg(struct tr *t, unsigned rd, int r) {
  x86_store(&t->x, 8, r, X86_R12, X86_NO_INDEX, XR(rd));
  t->cached = rd == REG_SINK ? -1 : (int)rd, t->cached_host = r;
}
/* The first operand rs into r (32 bits: RV32 values are kept zero-extended). */
static void first_op(struct tr *t, int r, unsigned rs) {
  if (t->prev == (int)rs && rs != 0) {
    if (t->prev_host != r) x86_mov_rr(&t->x, 0, r, t->prev_host);
  } else {
    load_reg(t, r, rs);
  }
}
/* r op= the second operand rs, right after first_op into r. */
static void second_op(struct tr *t, enum x86_alu op, int r, unsigned rs) {
  if (t->prev == (int)rs && rs != 0 && t->prev_host != r) x86_alu_rr(&t->x, 0, op, r, t->prev_host);
  else x86_alu_load(&t->x, 0, op, r, X86_R12, X86_NO_INDEX, XR(rs));
}

/* rax = the access's va (RV32: R1 + IMM, 32 bits), rcx = the model TLB entry of `table` for an
 * aligned access of `size` bytes, or to the exit at k (model_tlb). */
static void emit_model_tlb(struct tr *t, const struct insn *in, int32_t table, unsigned size, unsigned k) {
  struct x86 *x = &t->x;
  first_op(t, X86_RAX, in->rs1);
  if (in->imm) x86_alu_imm(x, 0, X86_ADD, X86_RAX, in->imm);
  x86_mov_rr(x, 1, X86_RCX, X86_RAX);
  x86_shift_imm(x, 1, X86_SHR, X86_RCX, PAGE_SHIFT - 5); /* 32-byte entries */
  x86_alu_imm(x, 0, X86_AND, X86_RCX, (TLB_SIZE - 1) << 5);
  x86_alu_load(x, 1, X86_ADD, X86_RCX, X86_RBX, X86_NO_INDEX, table);
  x86_mov_rr(x, 1, X86_RDX, X86_RAX);
  x86_alu_imm(x, 1, X86_AND, X86_RDX, (int32_t)TLB_HIT_MASK(size));
  x86_alu_load(x, 1, X86_CMP, X86_RDX, X86_RCX, X86_NO_INDEX, (int32_t)offsetof(struct tlb_entry, vpage));
  exit_if(t, X86_CC_NE, k);
}
_Static_assert(sizeof(struct tlb_entry) == 32, "emit_model_tlb's index");

/* r8 = the line of pa = va (rax) + the entry's pa_delta (rcx), r10 + r9 = &f->tag[line & set_mask]. */
static void emit_tag_of(struct tr *t, const struct data_hit_filter *f) {
  struct x86 *x = &t->x;
  x86_load(x, 1, X86_R8, X86_RCX, X86_NO_INDEX, (int32_t)offsetof(struct tlb_entry, pa_delta));
  x86_alu_rr(x, 1, X86_ADD, X86_R8, X86_RAX);
  x86_shift_imm(x, 1, X86_SHR, X86_R8, f->line_shift);
  x86_mov_rr(x, 1, X86_R9, X86_R8);
  x86_alu_imm(x, 1, X86_AND, X86_R9, (int32_t)f->set_mask);
  x86_shift_imm(x, 1, X86_SHL, X86_R9, 3);
  x86_mov_imm64(x, X86_R10, (uint64_t)(uintptr_t)f->tag);
}

/* The line TLB's way (hart_load_hit, hart_store_hit): rax = va, rcx = its entry in `lines`
 * (entries of 1 << entry_shift bytes); to the exit at k unless the entry holds va's line
 * (data_line_holds: a miss, the interpreter's). */
static void emit_line_of(struct tr *t, const struct insn *in, const void *lines, unsigned entry_shift, unsigned size,
                         unsigned k) {
  struct x86 *x = &t->x;
  const struct data_hit_filter *f = t->h->data_hits;
  first_op(t, X86_RAX, in->rs1);
  if (in->imm) x86_alu_imm(x, 0, X86_ADD, X86_RAX, in->imm);
  x86_mov_rr(x, 1, X86_RCX, X86_RAX);
  x86_shift_imm(x, 1, X86_SHR, X86_RCX, f->line_shift);
  x86_alu_imm(x, 1, X86_AND, X86_RCX, (int32_t)f->set_mask);
  x86_shift_imm(x, 1, X86_SHL, X86_RCX, entry_shift);
  x86_mov_imm64(x, X86_R10, (uint64_t)(uintptr_t)lines);
  x86_alu_rr(x, 1, X86_ADD, X86_RCX, X86_R10);
  x86_mov_rr(x, 1, X86_RDX, X86_RAX);
  x86_alu_imm(x, 1, X86_AND, X86_RDX, (int32_t)(f->line_mask | (size - 1)));
  x86_alu_load(x, 1, X86_CMP, X86_RDX, X86_RCX, X86_NO_INDEX, 0); /* vline */
  exit_if(t, X86_CC_NE, k);
}
_Static_assert(sizeof(struct data_line) == 16 && sizeof(struct data_store_line) == 32, "emit_line_of's index");
_Static_assert(offsetof(struct data_line, vline) == 0 && offsetof(struct data_store_line, vline) == 0, "vline first");

/* hart_load_hit: with the branch-free way the value, the tag compared and stored, the fill
 * counted lazily and its cycles taken from the budget; with the line TLB the value of a line
 * it holds (a hit: its events are its block's), the interpreter's for anything else. */
static void emit_load(struct tr *t, const struct insn *in, unsigned size, bool sign, unsigned k) {
  struct x86 *x = &t->x;
  const struct data_hit_filter *f = t->h->data_hits;
  if (!t->branch_free) {
    emit_line_of(t, in, f->lines_load, 4, size, k);
    x86_load(x, 1, X86_RDX, X86_RCX, X86_NO_INDEX, (int32_t)offsetof(struct data_line, addend));
    if (size == 4) x86_load(x, 0, X86_RDX, X86_RAX, X86_RDX, 0);
    else x86_load_ext(x, size, sign, X86_RDX, X86_RAX, X86_RDX, 0);
    store_reg(t, in->rd, X86_RDX);
    return;
  }
  emit_model_tlb(t, in, HO(tlb_load_model), size, k);
  x86_load(x, 1, X86_RDX, X86_RCX, X86_NO_INDEX, (int32_t)offsetof(struct tlb_entry, addend));
  if (size == 4) x86_load(x, 0, X86_RDX, X86_RAX, X86_RDX, 0);
  else x86_load_ext(x, size, sign, X86_RDX, X86_RAX, X86_RDX, 0);
  emit_tag_of(t, f);
  x86_alu_rr(x, 0, X86_XOR, X86_RAX, X86_RAX);
  x86_alu_load(x, 1, X86_CMP, X86_R8, X86_R10, X86_R9, 0);
  x86_setcc(x, X86_CC_NE, X86_RAX); /* miss (eax zeroed before the compare) */
  x86_store(x, 8, X86_R8, X86_R10, X86_R9, 0);
  x86_alu_rr(x, 1, X86_ADD, R_FILLS, X86_RAX);
  x86_op_reg(x, 1, (const uint8_t[]){0x69}, 1, X86_RAX, X86_RAX); /* imul rax, rax, fill cycles */
  x86_u32(x, f->fill.cycles);
  x86_alu_rr(x, 1, X86_SUB, R_BUDGET, X86_RAX);
  store_reg(t, in->rd, X86_RDX);
}

/* hart_store_hit: the value written and a hit counted, the branch-free way from the tag, the
 * line TLB's from its entry (write-through: the entry of the last line stored to). */
static void emit_store(struct tr *t, const struct insn *in, unsigned size, unsigned k) {
  struct x86 *x = &t->x;
  const struct data_hit_filter *f = t->h->data_hits;
  if (!t->branch_free) {
    emit_line_of(t, in, f->lines_store, 5, size, k);
    x86_load(x, 1, X86_RDX, X86_RCX, X86_NO_INDEX, (int32_t)offsetof(struct data_store_line, addend));
    x86_alu_rr(x, 1, X86_ADD, X86_RDX, X86_RAX);
    x86_load(x, 1, X86_RAX, X86_RCX, X86_NO_INDEX, (int32_t)offsetof(struct data_store_line, hit));
    load_reg(t, X86_RCX, in->rs2);
    x86_store(x, size, X86_RCX, X86_RDX, X86_NO_INDEX, 0);
    x86_mov_imm64(x, X86_R11, (uint64_t)(uintptr_t)f->store_hit);
    x86_alu_store(x, 1, X86_ADD, X86_RAX, X86_R11, 0);
    return;
  }
  emit_model_tlb(t, in, HO(tlb_store_model), size, k);
  x86_load(x, 1, X86_RDX, X86_RCX, X86_NO_INDEX, (int32_t)offsetof(struct tlb_entry, addend));
  x86_alu_rr(x, 1, X86_ADD, X86_RDX, X86_RAX);
  emit_tag_of(t, f); /* (reads rcx before it is overwritten) */
  load_reg(t, X86_RCX, in->rs2);
  x86_store(x, size, X86_RCX, X86_RDX, X86_NO_INDEX, 0);
  x86_alu_rr(x, 0, X86_XOR, X86_RAX, X86_RAX);
  x86_alu_load(x, 1, X86_CMP, X86_R8, X86_R10, X86_R9, 0);
  x86_setcc(x, X86_CC_E, X86_RAX);
  x86_mov_imm64(x, X86_R11, (uint64_t)(uintptr_t)f->store_hit);
  x86_alu_store(x, 1, X86_ADD, X86_RAX, X86_R11, 0);
}

/* eax = R1 op R2 or R1 op IMM into rd. */
static void emit_alu(struct tr *t, const struct insn *in, enum x86_alu op, bool imm) {
  first_op(t, X86_RAX, in->rs1);
  if (imm) x86_alu_imm(&t->x, 0, op, X86_RAX, in->imm);
  else second_op(t, op, X86_RAX, in->rs2);
  store_reg(t, in->rd, X86_RAX);
}
static void emit_shift(struct tr *t, const struct insn *in, enum x86_shift op, bool imm) {
  first_op(t, X86_RAX, in->rs1);
  if (imm) {
    x86_shift_imm(&t->x, 0, op, X86_RAX, (unsigned)in->imm & 31);
  } else {
    load_reg(t, X86_RCX, in->rs2);
    x86_shift_cl(&t->x, 0, op, X86_RAX); /* (the count masked to 5 bits, as RV32's) */
  }
  store_reg(t, in->rd, X86_RAX);
}
static void emit_set(struct tr *t, const struct insn *in, enum x86_cc cc, bool imm) {
  first_op(t, X86_RAX, in->rs1);
  if (imm) x86_alu_imm(&t->x, 0, X86_CMP, X86_RAX, in->imm);
  else second_op(t, X86_CMP, X86_RAX, in->rs2);
  x86_setcc_zx(&t->x, cc, X86_RAX);
  store_reg(t, in->rd, X86_RAX);
}

/* Emits instruction k of the body; false if it is not one the translator knows. */
static bool emit_body_insn(struct tr *t, unsigned k) {
  const struct insn *in = &t->b->insns[k];
  struct x86 *x = &t->x;
  t->prev = t->cached, t->prev_host = t->cached_host;
  t->cached = -1; /* (until its store_reg) */
  switch ((enum op)in->op) {
    case OP_LUI:
      x86_mov_imm32(x, X86_RAX, (uint32_t)in->imm);
      store_reg(t, in->rd, X86_RAX);
      return true;
    case OP_AUIPC: /* INSN_PC + IMM: the block's pc is hart.pc */
      x86_mov_rr(x, 1, X86_RAX, R_PCWORD);
      x86_shift_imm(x, 1, X86_SHR, X86_RAX, 32);
      x86_alu_imm(x, 0, X86_ADD, X86_RAX, (int32_t)((uint32_t)in->pc_off + (uint32_t)in->imm));
      store_reg(t, in->rd, X86_RAX);
      return true;
    case OP_ADDI: emit_alu(t, in, X86_ADD, true); return true;
    case OP_XORI: emit_alu(t, in, X86_XOR, true); return true;
    case OP_ORI: emit_alu(t, in, X86_OR, true); return true;
    case OP_ANDI: emit_alu(t, in, X86_AND, true); return true;
    case OP_ADD: emit_alu(t, in, X86_ADD, false); return true;
    case OP_SUB: emit_alu(t, in, X86_SUB, false); return true;
    case OP_XOR: emit_alu(t, in, X86_XOR, false); return true;
    case OP_OR: emit_alu(t, in, X86_OR, false); return true;
    case OP_AND: emit_alu(t, in, X86_AND, false); return true;
    case OP_SLLI: emit_shift(t, in, X86_SHL, true); return true;
    case OP_SRLI: emit_shift(t, in, X86_SHR, true); return true;
    case OP_SRAI: emit_shift(t, in, X86_SAR, true); return true;
    case OP_SLL: emit_shift(t, in, X86_SHL, false); return true;
    case OP_SRL: emit_shift(t, in, X86_SHR, false); return true;
    case OP_SRA: emit_shift(t, in, X86_SAR, false); return true;
    case OP_SLTI: emit_set(t, in, X86_CC_L, true); return true;
    case OP_SLTIU: emit_set(t, in, X86_CC_B, true); return true;
    case OP_SLT: emit_set(t, in, X86_CC_L, false); return true;
    case OP_SLTU: emit_set(t, in, X86_CC_B, false); return true;
    case OP_MUL:
      if (t->h->timed_mul) return false; /* (MUL_TIMING) */
      load_reg(t, X86_RAX, in->rs1);
      x86_op_mem(x, false, 0, (const uint8_t[]){0x0f, 0xaf}, 2, X86_RAX, X86_R12, X86_NO_INDEX, XR(in->rs2));
      store_reg(t, in->rd, X86_RAX);
      return true;
    case OP_MULH:
    case OP_MULHU:
      if (t->h->timed_mul) return false;
      load_reg(t, X86_RAX, in->rs1);
      load_reg(t, X86_RCX, in->rs2);
      x86_op_reg(x, 0, (const uint8_t[]){0xf7}, 1, in->op == OP_MULH ? 5 : 4, X86_RCX); /* (i)mul ecx: edx:eax */
      store_reg(t, in->rd, X86_RDX);
      return true;
    case OP_MULHSU: /* signed x unsigned fits a signed 64-bit product */
      if (t->h->timed_mul) return false;
      x86_op_mem(x, false, 1, (const uint8_t[]){0x63}, 1, X86_RAX, X86_R12, X86_NO_INDEX, XR(in->rs1)); /* movsxd */
      load_reg(t, X86_RCX, in->rs2);
      x86_imul_rr(x, 1, X86_RAX, X86_RCX);
      x86_shift_imm(x, 1, X86_SHR, X86_RAX, 32);
      store_reg(t, in->rd, X86_RAX);
      return true;
    case OP_LW: emit_load(t, in, 4, false, k); return true;
    case OP_LH: emit_load(t, in, 2, true, k); return true;
    case OP_LHU: emit_load(t, in, 2, false, k); return true;
    case OP_LB: emit_load(t, in, 1, true, k); return true;
    case OP_LBU: emit_load(t, in, 1, false, k); return true;
    case OP_SW: emit_store(t, in, 4, k); return true;
    case OP_SH: emit_store(t, in, 2, k); return true;
    case OP_SB: emit_store(t, in, 1, k); return true;
    case OP_FENCE: return true;
    default: return false;
  }
}

/* The taken (cc) compare of a conditional branch: rs1 against rs2. */
static bool branch_cc(enum op op, enum x86_cc *cc) {
  switch (op) {
    case OP_BEQ: *cc = X86_CC_E; return true;
    case OP_BNE: *cc = X86_CC_NE; return true;
    case OP_BLT: *cc = X86_CC_L; return true;
    case OP_BGE: *cc = X86_CC_GE; return true;
    case OP_BLTU: *cc = X86_CC_B; return true;
    case OP_BGEU: *cc = X86_CC_AE; return true;
    default: return false;
  }
}

/* A link cost's first deferred count: listed for block_settle_costs (the chained path's
 * PENDING_FIRST). */
static void jit_pending_first(struct hart *h, struct link_cost *c) {
  h->pending_costs[h->num_pending_costs++] = c;
  if (h->num_pending_costs == PENDING_COSTS) block_settle_costs(h);
}

static void emit_follow(struct tr *t, int creg, int32_t co);
static void emit_jump_events(struct tr *t);

enum end_kind { END_BRANCH_TAKEN, END_BRANCH_NOT_TAKEN, END_JAL, END_CUT };

/* The chained path of the terminator (instruction k) through link idx (CHAIN_STATIC_TO, then
 * CHAIN_FOLLOW): every check first, each leaving for the interpreter at the terminator with
 * nothing done, then what it does, then the next block's code. r9 holds the link
 * throughout, its cost at r9 + co. A branch whose BTC entry holds what the link expects
 * (saturated and predicted right: most) takes the straight path; a counter that moves is
 * handled after the block's code, which it joins again. */
static void emit_chain(struct tr *t, unsigned k, unsigned idx, enum end_kind kind) {
  struct x86 *x = &t->x;
  const struct insn *in = &t->b->insns[k];
  struct block_link *link = BLOCK_LINK(in) + idx;
  struct link_cost *c = BLOCK_LINK_COST(in, idx);
  int32_t co = (int32_t)((const char *)c - (const char *)link);
#define CO(field) (co + (int32_t)offsetof(struct link_cost, field))
  bool branch = kind == END_BRANCH_TAKEN || kind == END_BRANCH_NOT_TAKEN;
  x86_mov_imm64(x, X86_R9, (uint64_t)(uintptr_t)link);
  /* the link holds (STATIC_LINK_HOLDS: follow_key and from in one compare) */
  x86_alu_load(x, 1, X86_CMP, R_PCWORD, X86_R9, X86_NO_INDEX, CO(follow_key));
  exit_if(t, X86_CC_NE, k);
  uint8_t *moved = NULL;
  if (branch) { /* hart_branch_linked: rdi = the entry, rsi = what it holds */
    x86_load(x, 1, X86_RDI, X86_R9, X86_NO_INDEX, CO(btc_entry));
    x86_load(x, 1, X86_RSI, X86_RDI, X86_NO_INDEX, 0);
    x86_alu_load(x, 1, X86_CMP, X86_RSI, X86_R9, X86_NO_INDEX, CO(btc_expect));
    moved = x86_jcc(x, X86_CC_NE);
  } else if (kind == END_JAL) {
    /* TIMED_TARGETS: the jump found in the BTC with its target (hart_jump_linked) */
    x86_op_mem(x, false, 0, (const uint8_t[]){0x80}, 1, X86_CMP, X86_RBX, X86_NO_INDEX, HO(timed_targets));
    x86_byte(x, 0); /* cmp byte [timed_targets], 0 */
    exit_if(t, X86_CC_E, k); /* (never in the models loop: the interpreter's way) */
    x86_load(x, 1, X86_R11, X86_RBX, X86_NO_INDEX, HO(btc_hits));
    x86_test_rr(x, 1, X86_R11, X86_R11);
    exit_if(t, X86_CC_E, k);
    x86_load(x, 1, X86_RDI, X86_R9, X86_NO_INDEX, CO(btc_entry));
    x86_load(x, 1, X86_RAX, X86_RDI, X86_NO_INDEX, 0);
    x86_alu_load(x, 1, X86_CMP, X86_RAX, X86_R9, X86_NO_INDEX, CO(btc_expect));
    exit_if(t, X86_CC_NE, k);
    x86_load(x, 1, X86_RAX, X86_RDI, X86_NO_INDEX, (int32_t)offsetof(struct btc_filter, target));
    x86_alu_load(x, 1, X86_CMP, X86_RAX, X86_R9, X86_NO_INDEX, (int32_t)offsetof(struct block_link, vpc));
    exit_if(t, X86_CC_NE, k);
  }
  /* c->need <= budget */
  x86_alu_load(x, 1, X86_CMP, R_BUDGET, X86_R9, X86_NO_INDEX, CO(need));
  exit_if(t, X86_CC_L, k);
  /* ---- done: nothing leaves from here on ---- */
  uint8_t *tail = x->p;
  if (kind == END_JAL) { /* WR(NEXT_PC) (from the block's pc), the jump's events (r11 = btc_hits) */
    x86_mov_rr(x, 1, X86_RAX, R_PCWORD);
    x86_shift_imm(x, 1, X86_SHR, X86_RAX, 32);
    x86_alu_imm(x, 0, X86_ADD, X86_RAX, in->pc_off + ((in->cls & CLS_COMPRESSED) ? 2 : 4));
    store_reg(t, in->rd, X86_RAX);
    emit_jump_events(t);
  }
  /* STATIC_LINK_NEXT_PC */
  x86_alu_load(x, 1, X86_XOR, R_PCWORD, X86_R9, X86_NO_INDEX, (int32_t)offsetof(struct block_link, pc_delta));
  emit_follow(t, X86_R9, co);
  if (!branch) return;
  /* The counter moves: d = taken ? expect - e : e - expect; more than 3: not this branch's
   * entry one step from saturated (hart_branch_unsaturated: the interpreter). */
  bool taken = kind == END_BRANCH_TAKEN;
  x86_patch(x, moved, x->p);
  x86_load(x, 1, X86_RDX, X86_R9, X86_NO_INDEX, CO(btc_expect));
  if (taken) {
    x86_mov_rr(x, 1, X86_RAX, X86_RDX);
    x86_alu_rr(x, 1, X86_SUB, X86_RAX, X86_RSI);
  } else {
    x86_mov_rr(x, 1, X86_RAX, X86_RSI);
    x86_alu_rr(x, 1, X86_SUB, X86_RAX, X86_RDX);
  }
  x86_alu_imm(x, 1, X86_CMP, X86_RAX, 3);
  exit_if(t, X86_CC_A, k);
  x86_alu_imm(x, 1, taken ? X86_ADD : X86_SUB, X86_RSI, 1); /* towards the outcome */
  x86_alu_imm(x, 1, X86_CMP, X86_RAX, 2);
  uint8_t *right = x86_jcc(x, X86_CC_B);
  /* d >= 2: it predicted the other way: the mispredict's stall (btc_hits->mispredict, r11),
   * taken before the budget is compared on the interpreter's way */
  x86_load(x, 1, X86_R11, X86_RBX, X86_NO_INDEX, HO(btc_hits));
  x86_load(x, 0, X86_R10, X86_R11, X86_NO_INDEX,
           (int32_t)(offsetof(struct btc_filter, mispredict) + offsetof(struct model_stall, cycles)));
  x86_mov_rr(x, 1, X86_RAX, R_BUDGET);
  x86_alu_rr(x, 1, X86_SUB, X86_RAX, X86_R10);
  x86_alu_load(x, 1, X86_CMP, X86_RAX, X86_R9, X86_NO_INDEX, CO(need));
  exit_if(t, X86_CC_L, k);
  x86_store(x, 8, X86_RSI, X86_RDI, X86_NO_INDEX, 0);
  /* model_stall_add */
  x86_alu_rr(x, 1, X86_SUB, R_BUDGET, X86_R10);
  x86_alu_store(x, 1, X86_ADD, X86_R10, X86_RBX, HO(hpm.acc[EV_CYCLES]));
  x86_load(x, 1, X86_RAX, X86_R11, X86_NO_INDEX,
           (int32_t)(offsetof(struct btc_filter, mispredict) + offsetof(struct model_stall, stall)));
  x86_alu_store(x, 1, X86_ADD, X86_R10, X86_RAX, 0);
  x86_load(x, 1, X86_RAX, X86_R11, X86_NO_INDEX,
           (int32_t)(offsetof(struct btc_filter, mispredict) + offsetof(struct model_stall, first)));
  x86_alu_mem_imm(x, 1, X86_ADD, X86_RAX, 0, 1);
  x86_patch(x, x86_jmp(x), tail);
  x86_patch(x, right, x->p); /* predicted right, the counter one step from saturated */
  x86_alu_load(x, 1, X86_CMP, R_BUDGET, X86_R9, X86_NO_INDEX, CO(need));
  exit_if(t, X86_CC_L, k);
  x86_store(x, 8, X86_RSI, X86_RDI, X86_NO_INDEX, 0);
  x86_patch(x, x86_jmp(x), tail);
#undef CO
}

/* The end of CHAIN_FOLLOW, with the link in r9 and its cost at [creg + co] (creg: r9 or r8):
 * last_block, the budget, the deferred count, then the next block's code: its translation,
 * or the arena's way into the interpreter at its start (block_jit.code, never NULL there). */
static void emit_follow(struct tr *t, int creg, int32_t co) {
  struct x86 *x = &t->x;
  x86_mov_imm64(x, R_LAST, (uint64_t)(uintptr_t)t->b);
  x86_alu_load(x, 1, X86_SUB, R_BUDGET, creg, X86_NO_INDEX, co + (int32_t)offsetof(struct link_cost, cycles_all));
  x86_alu_mem_imm(x, 1, X86_ADD, creg, co + (int32_t)offsetof(struct link_cost, pending), 1);
  uint8_t *not_first = x86_jcc(x, X86_CC_NE);
  x86_store(x, 8, R_BUDGET, X86_RBX, X86_NO_INDEX, HO(budget));
  x86_store(x, 8, R_PCWORD, X86_RBX, X86_NO_INDEX, LINK_WORD_OFF);
  x86_store(x, 8, R_FILLS, X86_RBX, X86_NO_INDEX, HO(lazy_dc_fills));
  x86_store(x, 8, R_LAST, X86_RBX, X86_NO_INDEX, HO(last_block));
  x86_push(x, X86_R9), x86_push(x, X86_R8); /* (16 bytes: the stack stays aligned) */
  x86_mov_rr(x, 1, X86_RDI, X86_RBX);
  x86_op_mem(x, false, 1, (const uint8_t[]){0x8d}, 1, X86_RSI, creg, X86_NO_INDEX, co); /* lea: the cost */
  x86_call_abs(x, (const void *)jit_pending_first);
  x86_pop(x, X86_R8), x86_pop(x, X86_R9);
  x86_load(x, 1, R_BUDGET, X86_RBX, X86_NO_INDEX, HO(budget));
  x86_load(x, 1, R_FILLS, X86_RBX, X86_NO_INDEX, HO(lazy_dc_fills));
  x86_patch(x, not_first, x->p);
  x86_load(x, 1, X86_RAX, X86_R9, X86_NO_INDEX, (int32_t)offsetof(struct block_link, block));
  x86_op_mem(x, false, 0, (const uint8_t[]){0xff}, 1, 4, X86_RAX, X86_NO_INDEX,
             -(int32_t)sizeof(struct block_jit) + (int32_t)offsetof(struct block_jit, code)); /* jmp [rax - 16] */
}

/* The jump events of a jump the BTC predicted (hart_jump_linked's add), r11 = btc_hits. */
static void emit_jump_events(struct tr *t) {
  for (unsigned i = 0; i < 2; i++) {
    x86_load(&t->x, 1, X86_RAX, X86_R11, X86_NO_INDEX,
             (int32_t)(offsetof(struct btc_filter, jump_events) + offsetof(struct model_events, acc) + i * sizeof(uint64_t *)));
    x86_alu_mem_imm(&t->x, 1, X86_ADD, X86_RAX, 0, 1);
  }
}

/* JALR (instruction k, the terminator): L_JALR's link choice, then CHAIN_TO and CHAIN_FOLLOW
 * with the jump checked in the BTC (hart_jump_linked); every check before anything is done. */
static void emit_jalr(struct tr *t, unsigned k) {
  struct x86 *x = &t->x;
  const struct insn *in = &t->b->insns[k];
  struct block_link *l0 = BLOCK_LINK(in), *l1 = l0 + 1;
  /* rax = the target, (R1 + IMM) & ~1; misaligned: the interpreter's */
  load_reg(t, X86_RAX, in->rs1);
  if (in->imm) x86_alu_imm(x, 0, X86_ADD, X86_RAX, in->imm);
  x86_alu_imm(x, 0, X86_AND, X86_RAX, -2);
  x86_load(x, 1, X86_RCX, X86_RBX, X86_NO_INDEX, HO(ialign_mask));
  x86_test_rr(x, 1, X86_RCX, X86_RAX);
  exit_if(t, X86_CC_NE, k);
  /* link 0 if it holds this target or is not of this key, else link 1 (r13 link, r8 cost) */
  x86_mov_imm64(x, X86_R9, (uint64_t)(uintptr_t)l0);
  x86_mov_imm64(x, X86_R8, (uint64_t)(uintptr_t)BLOCK_LINK_COST(in, 0));
  x86_alu_load(x, 1, X86_CMP, X86_RAX, X86_R9, X86_NO_INDEX, (int32_t)offsetof(struct block_link, vpc));
  uint8_t *chosen = x86_jcc(x, X86_CC_E);
  x86_load(x, 1, X86_RDX, X86_R9, X86_NO_INDEX, (int32_t)offsetof(struct block_link, tag));
  x86_alu_load(x, 1, X86_CMP, X86_RDX, X86_RBX, X86_NO_INDEX, HO(link_key));
  uint8_t *chosen2 = x86_jcc(x, X86_CC_NE);
  x86_mov_imm64(x, X86_R9, (uint64_t)(uintptr_t)l1);
  x86_mov_imm64(x, X86_R8, (uint64_t)(uintptr_t)BLOCK_LINK_COST(in, 1));
  x86_patch(x, chosen, x->p);
  x86_patch(x, chosen2, x->p);
  /* the link holds: its vpc, the cost's follow_key */
  x86_alu_load(x, 1, X86_CMP, X86_RAX, X86_R9, X86_NO_INDEX, (int32_t)offsetof(struct block_link, vpc));
  exit_if(t, X86_CC_NE, k);
  x86_alu_load(x, 0, X86_CMP, R_PCWORD, X86_R8, X86_NO_INDEX, (int32_t)offsetof(struct link_cost, follow_key));
  exit_if(t, X86_CC_NE, k);
  /* TIMED_TARGETS: hart_jump_linked */
  x86_op_mem(x, false, 0, (const uint8_t[]){0x80}, 1, X86_CMP, X86_RBX, X86_NO_INDEX, HO(timed_targets));
  x86_byte(x, 0);
  exit_if(t, X86_CC_E, k);
  x86_load(x, 1, X86_R11, X86_RBX, X86_NO_INDEX, HO(btc_hits));
  x86_test_rr(x, 1, X86_R11, X86_R11);
  exit_if(t, X86_CC_E, k);
  x86_load(x, 1, X86_R10, X86_R8, X86_NO_INDEX, (int32_t)offsetof(struct link_cost, btc_entry));
  x86_load(x, 1, X86_RDX, X86_R10, X86_NO_INDEX, 0);
  x86_alu_load(x, 1, X86_CMP, X86_RDX, X86_R8, X86_NO_INDEX, (int32_t)offsetof(struct link_cost, btc_expect));
  exit_if(t, X86_CC_NE, k);
  x86_load(x, 1, X86_RDX, X86_R10, X86_NO_INDEX, (int32_t)offsetof(struct btc_filter, target));
  x86_alu_rr(x, 1, X86_CMP, X86_RDX, X86_RAX);
  exit_if(t, X86_CC_NE, k);
  /* need <= budget */
  x86_alu_load(x, 1, X86_CMP, R_BUDGET, X86_R8, X86_NO_INDEX, (int32_t)offsetof(struct link_cost, need));
  exit_if(t, X86_CC_L, k);
  /* ---- done: WR(NEXT_PC), h->pc = target, the jump's events, CHAIN_FOLLOW ---- */
  x86_mov_rr(x, 1, X86_RCX, R_PCWORD);
  x86_shift_imm(x, 1, X86_SHR, X86_RCX, 32);
  x86_alu_imm(x, 0, X86_ADD, X86_RCX, in->pc_off + ((in->cls & CLS_COMPRESSED) ? 2 : 4));
  store_reg(t, in->rd, X86_RCX);
  x86_mov_rr(x, 0, R_PCWORD, R_PCWORD); /* (the follow key alone, zero-extended) */
  x86_shift_imm(x, 1, X86_SHL, X86_RAX, 32);
  x86_alu_rr(x, 1, X86_OR, R_PCWORD, X86_RAX);
  emit_jump_events(t);
  emit_follow(t, X86_R8, 0);
}

/* Translates b for one way of the D-cache; NULL if nothing of it could be. */
static const void *translate_way(struct hart *h, struct jit_arena *a, struct block *b, bool branch_free) {
  if (a->used + JIT_BLOCK_MAX_BYTES > JIT_ARENA_BYTES) return NULL;
  struct tr *t = &a->scratch;
  uint8_t *start = a->base + a->used;
  t->x = (struct x86){start, start + JIT_BLOCK_MAX_BYTES, false};
  t->a = a, t->h = h, t->b = b, t->n_exits = 0, t->cached = -1, t->branch_free = branch_free;
  unsigned last = b->count - 1, k = 0;
  while (k < last && emit_body_insn(t, k)) k++;
  if (k == 0 && last > 0) return NULL; /* (nothing gained: the interpreter from the start) */
  enum x86_cc cc;
  const struct insn *end = &b->insns[last];
  if (k < last) {
    exit_at(t, k);
  } else if (branch_cc((enum op)end->op, &cc)) {
    t->prev = t->cached, t->prev_host = t->cached_host;
    first_op(t, X86_RAX, end->rs1);
    second_op(t, X86_CMP, X86_RAX, end->rs2);
    uint8_t *taken = x86_jcc(&t->x, cc);
    emit_chain(t, last, 1, END_BRANCH_NOT_TAKEN);
    x86_patch(&t->x, taken, t->x.p);
    emit_chain(t, last, 0, END_BRANCH_TAKEN);
  } else if (end->op == OP_JAL) {
    emit_chain(t, last, 0, END_JAL);
  } else if (end->op == OP_END_BLOCK) {
    emit_chain(t, last, 0, END_CUT);
  } else if (end->op == OP_JALR) {
    emit_jalr(t, last);
  } else if (k == 0) {
    return NULL;
  } else {
    exit_at(t, last);
  }
  for (unsigned i = 0; i < t->n_exits; i++) { /* (each exit site its own stub: they are rare) */
    x86_patch(&t->x, t->exits[i].at, t->x.p);
    emit_exit(t, t->exits[i].k);
  }
  if (t->x.full) return NULL;
  if (a->perf_map) { /* perf's names for the code (RVPMU_JIT_PERFMAP=1) */
    fprintf(a->perf_map, "%lx %lx rvpmu_block_%llx%s\n", (unsigned long)(uintptr_t)start,
            (unsigned long)(t->x.p - start), (unsigned long long)b->paddr, branch_free ? "_bf" : "");
    fflush(a->perf_map);
  }
  a->used += (size_t)(((t->x.p - start) + 15) & ~15);
  return start;
}

void jit_translate(struct hart *h, struct jit_arena *a, struct block *b) {
  const struct data_hit_filter *f = h->data_hits;
  if (h->xlen != 32 || !h->models_loop || !f || !h->btc_hits) return;
  struct block_jit *j = block_jit_of(b);
  j->disp0 = b->insns[0].disp;
  j->way[0] = f->lines_on ? translate_way(h, a, b, false) : NULL;
  j->way[1] = f->read_fill ? translate_way(h, a, b, true) : NULL; /* (the branch-free way's condition) */
  h->jit_enter = a->enter;
  jit_way(a, b, h->dc_branch_free);
}

void jit_way(const struct jit_arena *a, struct block *b, bool branch_free) {
  struct block_jit *j = block_jit_of(b);
  const void *code = j->way[branch_free];
  if (!j->way[0] && !j->way[1]) return; /* (never translated: disp0 may not be set) */
  j->code = code ? code : a->plain;
  b->insns[0].disp = (uint8_t)(code ? DISP_JIT : j->disp0);
}

#else /* no translator on this host */

struct jit_arena *jit_arena_create(void) { return NULL; }
void jit_arena_destroy(struct jit_arena *a) { (void)a; }
void jit_arena_reset(struct jit_arena *a) { (void)a; }
const void *jit_arena_plain(const struct jit_arena *a) { (void)a; return NULL; }
void jit_translate(struct hart *h, struct jit_arena *a, struct block *b) { (void)h, (void)a, (void)b; }
void jit_way(const struct jit_arena *a, struct block *b, bool branch_free) { (void)a, (void)b, (void)branch_free; }

#endif

