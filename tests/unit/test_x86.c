/* Unit tests of the block translator's x86-64 encoder (src/isa/x86.h).
 *
 * Statements covered:
 * - every form the translator emits encodes as the instruction it names (the bytes below,
 *   each with GNU objdump's disassembly of them beside it): 32- and 64-bit operands, the
 *   REX bits of r8-r15 in each field, [base + disp32] with the SIB byte that rsp and r12
 *   need as a base, [base + index + disp32], sub-word loads and stores, immediates;
 * - the encoded code runs: a function built from them and called computes what it says
 *   (loads through r12 and an index, a 32-bit add that zero-extends, a compare and setcc,
 *   a forward jump patched to its target);
 * - a buffer too small marks the code full instead of writing past its end. */
#include "unit_util.h"

#include <sys/mman.h>

#include "isa/x86.h"

#if defined(__x86_64__)

struct form {
  const char *disassembly; /* objdump -M intel */
  uint8_t bytes[12];
  unsigned n;
};

#define FORM(dis, ...) {dis, {__VA_ARGS__}, sizeof((uint8_t[]){__VA_ARGS__})}

static void emit_all(struct x86 *x, uint8_t **marks) {
  unsigned i = 0;
#define MARK marks[i++] = x->p
  MARK, x86_load(x, 0, X86_RAX, X86_R12, X86_NO_INDEX, 0x78);
  MARK, x86_load(x, 1, X86_R14, X86_RBX, X86_NO_INDEX, 0x1458);
  MARK, x86_load(x, 0, X86_RDX, X86_RAX, X86_RDX, 0);
  MARK, x86_store(x, 8, X86_RDX, X86_R12, X86_NO_INDEX, 0xe8);
  MARK, x86_store(x, 8, X86_R8, X86_R10, X86_R9, 0);
  MARK, x86_store(x, 4, X86_RCX, X86_RDX, X86_NO_INDEX, 0);
  MARK, x86_store(x, 2, X86_RCX, X86_RDX, X86_NO_INDEX, 0);
  MARK, x86_store(x, 1, X86_RCX, X86_RBX, X86_NO_INDEX, 0x14ae);
  MARK, x86_load_ext(x, 1, false, X86_RCX, X86_RDX, X86_NO_INDEX, 9);
  MARK, x86_load_ext(x, 1, true, X86_RDX, X86_RAX, X86_RDX, 0);
  MARK, x86_load_ext(x, 2, false, X86_RDX, X86_RAX, X86_RDX, 0);
  MARK, x86_load_ext(x, 2, true, X86_RDX, X86_RAX, X86_RDX, 0);
  MARK, x86_alu_load(x, 1, X86_ADD, X86_RCX, X86_RBX, X86_NO_INDEX, 0x19598);
  MARK, x86_alu_load(x, 1, X86_CMP, X86_R8, X86_R10, X86_R9, 0);
  MARK, x86_alu_load(x, 1, X86_CMP, X86_R15, X86_R9, X86_NO_INDEX, 0xd0);
  MARK, x86_alu_load(x, 0, X86_SUB, X86_RAX, X86_R12, X86_NO_INDEX, 0x60);
  MARK, x86_alu_store(x, 1, X86_ADD, X86_R10, X86_RBX, 0x88);
  MARK, x86_alu_store(x, 1, X86_SUB, X86_RAX, X86_RBX, 0x1458);
  MARK, x86_alu_rr(x, 1, X86_SUB, X86_R14, X86_RAX);
  MARK, x86_alu_rr(x, 0, X86_XOR, X86_R10, X86_R10);
  MARK, x86_alu_rr(x, 0, X86_CMP, X86_RAX, X86_RDX);
  MARK, x86_alu_imm(x, 1, X86_AND, X86_RDX, -4093);
  MARK, x86_alu_imm(x, 0, X86_AND, X86_RCX, 0x1fe0);
  MARK, x86_alu_imm(x, 1, X86_SUB, X86_RSP, 8);
  MARK, x86_alu_mem_imm(x, 1, X86_ADD, X86_R8, 8, 1);
  MARK, x86_shift_imm(x, 1, X86_SHR, X86_RCX, 7);
  MARK, x86_shift_imm(x, 0, X86_SAR, X86_RAX, 31);
  MARK, x86_shift_cl(x, 0, X86_SHL, X86_RAX);
  MARK, x86_imul_rr(x, 1, X86_RAX, X86_RCX);
  MARK, x86_mov_rr(x, 1, X86_RBX, X86_RDI);
  MARK, x86_mov_rr(x, 0, X86_R15, X86_R15);
  MARK, x86_mov_imm32(x, X86_RAX, 0xfffff000u);
  MARK, x86_mov_imm32(x, X86_R10, 7);
  MARK, x86_mov_imm64(x, X86_R9, 0x7f78d498d180ull);
  MARK, x86_setcc(x, X86_CC_NE, X86_RAX);
  MARK, x86_test_rr(x, 1, X86_RCX, X86_RCX);
  MARK, x86_jmp_reg(x, X86_RCX);
  MARK, x86_push(x, X86_R12);
  MARK, x86_pop(x, X86_RBX);
  MARK, x86_ret(x);
  MARK;
#undef MARK
}

static const struct form forms[] = {
    FORM("mov eax, DWORD PTR [r12+0x78]", 0x41, 0x8b, 0x84, 0x24, 0x78, 0x00, 0x00, 0x00),
    FORM("mov r14, QWORD PTR [rbx+0x1458]", 0x4c, 0x8b, 0xb3, 0x58, 0x14, 0x00, 0x00),
    FORM("mov edx, DWORD PTR [rax+rdx*1+0x0]", 0x8b, 0x94, 0x10, 0x00, 0x00, 0x00, 0x00),
    FORM("mov QWORD PTR [r12+0xe8], rdx", 0x49, 0x89, 0x94, 0x24, 0xe8, 0x00, 0x00, 0x00),
    FORM("mov QWORD PTR [r10+r9*1+0x0], r8", 0x4f, 0x89, 0x84, 0x0a, 0x00, 0x00, 0x00, 0x00),
    FORM("mov DWORD PTR [rdx+0x0], ecx", 0x89, 0x8a, 0x00, 0x00, 0x00, 0x00),
    FORM("mov WORD PTR [rdx+0x0], cx", 0x66, 0x89, 0x8a, 0x00, 0x00, 0x00, 0x00),
    FORM("mov BYTE PTR [rbx+0x14ae], cl", 0x88, 0x8b, 0xae, 0x14, 0x00, 0x00),
    FORM("movzx ecx, BYTE PTR [rdx+0x9]", 0x0f, 0xb6, 0x8a, 0x09, 0x00, 0x00, 0x00),
    FORM("movsx edx, BYTE PTR [rax+rdx*1+0x0]", 0x0f, 0xbe, 0x94, 0x10, 0x00, 0x00, 0x00, 0x00),
    FORM("movzx edx, WORD PTR [rax+rdx*1+0x0]", 0x0f, 0xb7, 0x94, 0x10, 0x00, 0x00, 0x00, 0x00),
    FORM("movsx edx, WORD PTR [rax+rdx*1+0x0]", 0x0f, 0xbf, 0x94, 0x10, 0x00, 0x00, 0x00, 0x00),
    FORM("add rcx, QWORD PTR [rbx+0x19598]", 0x48, 0x03, 0x8b, 0x98, 0x95, 0x01, 0x00),
    FORM("cmp r8, QWORD PTR [r10+r9*1+0x0]", 0x4f, 0x3b, 0x84, 0x0a, 0x00, 0x00, 0x00, 0x00),
    FORM("cmp r15, QWORD PTR [r9+0xd0]", 0x4d, 0x3b, 0xb9, 0xd0, 0x00, 0x00, 0x00),
    FORM("sub eax, DWORD PTR [r12+0x60]", 0x41, 0x2b, 0x84, 0x24, 0x60, 0x00, 0x00, 0x00),
    FORM("add QWORD PTR [rbx+0x88], r10", 0x4c, 0x01, 0x93, 0x88, 0x00, 0x00, 0x00),
    FORM("sub QWORD PTR [rbx+0x1458], rax", 0x48, 0x29, 0x83, 0x58, 0x14, 0x00, 0x00),
    FORM("sub r14, rax", 0x4c, 0x2b, 0xf0),
    FORM("xor r10d, r10d", 0x45, 0x33, 0xd2),
    FORM("cmp eax, edx", 0x3b, 0xc2),
    FORM("and rdx, 0xfffffffffffff003", 0x48, 0x81, 0xe2, 0x03, 0xf0, 0xff, 0xff),
    FORM("and ecx, 0x1fe0", 0x81, 0xe1, 0xe0, 0x1f, 0x00, 0x00),
    FORM("sub rsp, 0x8", 0x48, 0x81, 0xec, 0x08, 0x00, 0x00, 0x00),
    FORM("add QWORD PTR [r8+0x8], 0x1", 0x49, 0x81, 0x80, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00),
    FORM("shr rcx, 0x7", 0x48, 0xc1, 0xe9, 0x07),
    FORM("sar eax, 0x1f", 0xc1, 0xf8, 0x1f),
    FORM("shl eax, cl", 0xd3, 0xe0),
    FORM("imul rax, rcx", 0x48, 0x0f, 0xaf, 0xc1),
    FORM("mov rbx, rdi", 0x48, 0x8b, 0xdf),
    FORM("mov r15d, r15d", 0x45, 0x8b, 0xff),
    FORM("mov eax, 0xfffff000", 0xb8, 0x00, 0xf0, 0xff, 0xff),
    FORM("mov r10d, 0x7", 0x41, 0xba, 0x07, 0x00, 0x00, 0x00),
    FORM("movabs r9, 0x7f78d498d180", 0x49, 0xb9, 0x80, 0xd1, 0x98, 0xd4, 0x78, 0x7f, 0x00, 0x00),
    FORM("setne al", 0x0f, 0x95, 0xc0),
    FORM("test rcx, rcx", 0x48, 0x85, 0xc9),
    FORM("jmp rcx", 0xff, 0xe1),
    FORM("push r12", 0x41, 0x54),
    FORM("pop rbx", 0x5b),
    FORM("ret", 0xc3),
};
#define N_FORMS (sizeof forms / sizeof forms[0])

static void test_forms(void **state) {
  (void)state;
  uint8_t buf[1024];
  uint8_t *marks[N_FORMS + 1];
  struct x86 x = {buf, buf + sizeof buf, false};
  emit_all(&x, marks);
  assert_false(x.full);
  for (unsigned i = 0; i < N_FORMS; i++) {
    unsigned n = (unsigned)(marks[i + 1] - marks[i]);
    if (n != forms[i].n || memcmp(marks[i], forms[i].bytes, n) != 0) fail_msg("%s: %u bytes, not as expected", forms[i].disassembly, n);
  }
}

/* uint64_t f(uint64_t *regs): eax = regs[3] + regs[5] (32 bits), then 1 if that is below
 * regs[7] (unsigned) else 0, plus 2 if regs[3] (bytes 8*3 from an index) is negative as a
 * 32-bit value: loads through r12 and an index register, a jump patched forward. */
static void test_runs(void **state) {
  (void)state;
  uint8_t *code = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  assert_true(code != MAP_FAILED);
  struct x86 a = {code, code + 4096, false}, *x = &a;
  x86_push(x, X86_R12);
  x86_mov_rr(x, 1, X86_R12, X86_RDI);
  x86_load(x, 0, X86_RCX, X86_R12, X86_NO_INDEX, 3 * 8);
  x86_alu_load(x, 0, X86_ADD, X86_RCX, X86_R12, X86_NO_INDEX, 5 * 8);
  x86_alu_load(x, 0, X86_CMP, X86_RCX, X86_R12, X86_NO_INDEX, 7 * 8);
  x86_setcc_zx(x, X86_CC_B, X86_RAX);
  x86_mov_imm32(x, X86_RDX, 3 * 8);
  x86_load(x, 0, X86_RCX, X86_R12, X86_RDX, 0); /* regs[3] again, through the index */
  x86_alu_imm(x, 0, X86_CMP, X86_RCX, 0);
  uint8_t *skip = x86_jcc(x, X86_CC_GE);
  x86_alu_imm(x, 1, X86_ADD, X86_RAX, 2);
  x86_patch(x, skip, x->p);
  x86_pop(x, X86_R12);
  x86_ret(x);
  assert_false(x->full);
  uint64_t (*f)(uint64_t *) = (uint64_t(*)(uint64_t *))(uintptr_t)code;
  uint64_t regs[8] = {0};
  regs[3] = 0xfffffff0u, regs[5] = 0x20, regs[7] = 0x11; /* sum 0x10 (wraps in 32 bits) < 0x11; regs[3] < 0 */
  assert_int_equal(f(regs), 3);
  regs[7] = 0x10; /* not below */
  assert_int_equal(f(regs), 2);
  regs[3] = 5; /* 0x25 < 0x10 no; not negative */
  assert_int_equal(f(regs), 0);
  munmap(code, 4096);
}

static void test_full(void **state) {
  (void)state;
  uint8_t buf[16];
  memset(buf, 0xcc, sizeof buf);
  struct x86 x = {buf, buf + 8, false};
  x86_mov_imm64(&x, X86_R9, 0x1122334455667788ull); /* 10 bytes: 8 fit */
  assert_true(x.full);
  for (unsigned i = 8; i < sizeof buf; i++) assert_int_equal(buf[i], 0xcc);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_forms),
      cmocka_unit_test(test_runs),
      cmocka_unit_test(test_full),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

#else
int main(void) { return 0; } /* (no translator on this host) */
#endif
