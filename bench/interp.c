/* interp: a bytecode interpreter — the big switch-driven state machine of script engines,
 * protocol parsers and emulators. A stack machine with 24 opcodes runs a generated program
 * (nested loops over an array: arithmetic, loads/stores, compares and branches), dispatching
 * through one switch per bytecode, with a tokenizer (a second state machine) producing the
 * program's constants from text first. The result is checked against the same computation in
 * plain C; the checksum is compared to the native build's. */
#include "bench.h"

#ifndef ROUNDS
#define ROUNDS 700
#endif
#define ARRAY_LEN 256
#define EXPECTED_CHECKSUM 0xe227deb708662c84ull

enum op {
  OP_PUSH, OP_LOAD_LOCAL, OP_STORE_LOCAL, OP_LOAD_ELEM, OP_STORE_ELEM, OP_ADD, OP_SUB, OP_MUL,
  OP_AND, OP_OR, OP_XOR, OP_SHL, OP_SHR, OP_LT, OP_EQ, OP_NOT, OP_JMP, OP_JZ, OP_JNZ, OP_DUP,
  OP_DROP, OP_SWAP, OP_INC_LOCAL, OP_HALT
};

struct vm {
  int32_t stack[64];
  int32_t locals[8];
  int32_t array[ARRAY_LEN];
};

static int32_t run(struct vm *vm, const int32_t *code) {
  int32_t *sp = vm->stack, a, b;
  const int32_t *pc = code;
  for (;;) {
    switch ((enum op)*pc++) {
    case OP_PUSH: *sp++ = *pc++; break;
    case OP_LOAD_LOCAL: *sp++ = vm->locals[*pc++]; break;
    case OP_STORE_LOCAL: vm->locals[*pc++] = *--sp; break;
    case OP_LOAD_ELEM: sp[-1] = vm->array[(uint32_t)sp[-1] % ARRAY_LEN]; break;
    case OP_STORE_ELEM: b = *--sp, a = *--sp, vm->array[(uint32_t)a % ARRAY_LEN] = b; break;
    case OP_ADD: b = *--sp, sp[-1] = (int32_t)((uint32_t)sp[-1] + (uint32_t)b); break;
    case OP_SUB: b = *--sp, sp[-1] = (int32_t)((uint32_t)sp[-1] - (uint32_t)b); break;
    case OP_MUL: b = *--sp, sp[-1] = (int32_t)((uint32_t)sp[-1] * (uint32_t)b); break;
    case OP_AND: b = *--sp, sp[-1] &= b; break;
    case OP_OR: b = *--sp, sp[-1] |= b; break;
    case OP_XOR: b = *--sp, sp[-1] ^= b; break;
    case OP_SHL: b = *--sp, sp[-1] = (int32_t)((uint32_t)sp[-1] << (b & 31)); break;
    case OP_SHR: b = *--sp, sp[-1] = (int32_t)((uint32_t)sp[-1] >> (b & 31)); break;
    case OP_LT: b = *--sp, sp[-1] = sp[-1] < b; break;
    case OP_EQ: b = *--sp, sp[-1] = sp[-1] == b; break;
    case OP_NOT: sp[-1] = !sp[-1]; break;
    case OP_JMP: pc = code + *pc; break;
    case OP_JZ: pc = *--sp ? pc + 1 : code + *pc; break;
    case OP_JNZ: pc = *--sp ? code + *pc : pc + 1; break;
    case OP_DUP: sp[0] = sp[-1], sp++; break;
    case OP_DROP: sp--; break;
    case OP_SWAP: a = sp[-1], sp[-1] = sp[-2], sp[-2] = a; break;
    case OP_INC_LOCAL: vm->locals[*pc]++, pc++; break;
    case OP_HALT: return vm->locals[2];
    }
  }
}

/* ---- the tokenizer: a character-class state machine -------------------------------------- */
static const char constants_text[] = "  mul=2654435761; shift = 13 ,mask=0x3ff; bias= -17 ; n=200 ";

/* Parses "name = number" pairs (decimal, hex, negative) into values[], in order. */
static int tokenize(const char *s, int32_t values[8]) {
  enum { SKIP, NAME, EQUALS, SIGN, NUMBER } state = SKIP;
  int count = 0, negative = 0, base = 10;
  uint32_t v = 0;
  for (;; s++) {
    char c = *s;
    switch (state) {
    case SKIP: if ((c >= 'a' && c <= 'z') || c == '_') state = NAME; break;
    case NAME: if (c == '=') state = EQUALS; break;
    case EQUALS:
      if (c == '-') negative = 1;
      else if (c >= '0' && c <= '9') state = SIGN, s--;
      break;
    case SIGN:
      base = 10, v = 0;
      if (c == '0' && (s[1] == 'x' || s[1] == 'X')) base = 16, s += 1;
      else s--;
      state = NUMBER;
      break;
    case NUMBER:
      if (c >= '0' && c <= '9') v = v * (uint32_t)base + (uint32_t)(c - '0');
      else if (base == 16 && c >= 'a' && c <= 'f') v = v * 16 + (uint32_t)(c - 'a' + 10);
      else {
        values[count++] = negative ? -(int32_t)v : (int32_t)v;
        negative = 0, state = SKIP;
      }
      break;
    }
    if (!c) return count;
  }
}

/* locals: 0 = i, 1 = j, 2 = acc, 3 = mul, 4 = shift, 5 = mask, 6 = bias, 7 = n.
 * for (i = 0; i < n; i++) { x = array[i*7] * mul; acc ^= (x >> shift) & mask; acc += bias;
 *   array[i*7 + 1] = acc; for (j = 0; j < 4; j++) acc = (acc << 1) ^ j; } */
static int32_t program[128];
static int emitted;

static void emit(int32_t a) { program[emitted++] = a; }
static void emit2(int32_t op, int32_t arg) { emit(op), emit(arg); }

static void build_program(void) {
  emitted = 0;
  emit2(OP_PUSH, 0), emit2(OP_STORE_LOCAL, 0);
  int32_t outer = emitted;
  emit2(OP_LOAD_LOCAL, 0), emit2(OP_LOAD_LOCAL, 7), emit(OP_LT), emit2(OP_JZ, 0);
  int outer_exit = emitted - 1;
  emit2(OP_LOAD_LOCAL, 0), emit2(OP_PUSH, 7), emit(OP_MUL), emit(OP_LOAD_ELEM);
  emit2(OP_LOAD_LOCAL, 3), emit(OP_MUL), emit2(OP_LOAD_LOCAL, 4), emit(OP_SHR);
  emit2(OP_LOAD_LOCAL, 5), emit(OP_AND), emit2(OP_LOAD_LOCAL, 2), emit(OP_XOR);
  emit2(OP_LOAD_LOCAL, 6), emit(OP_ADD), emit(OP_DUP), emit2(OP_STORE_LOCAL, 2);
  emit2(OP_LOAD_LOCAL, 0), emit2(OP_PUSH, 7), emit(OP_MUL), emit2(OP_PUSH, 1), emit(OP_ADD);
  emit(OP_SWAP), emit(OP_STORE_ELEM);
  emit2(OP_PUSH, 0), emit2(OP_STORE_LOCAL, 1);
  int32_t inner = emitted;
  emit2(OP_LOAD_LOCAL, 1), emit2(OP_PUSH, 4), emit(OP_LT), emit2(OP_JZ, 0);
  int inner_exit = emitted - 1;
  emit2(OP_LOAD_LOCAL, 2), emit2(OP_PUSH, 1), emit(OP_SHL), emit2(OP_LOAD_LOCAL, 1), emit(OP_XOR);
  emit2(OP_STORE_LOCAL, 2), emit2(OP_INC_LOCAL, 1), emit2(OP_JMP, inner);
  program[inner_exit] = emitted;
  emit2(OP_INC_LOCAL, 0), emit2(OP_JMP, outer);
  program[outer_exit] = emitted;
  emit(OP_HALT);
}

/* The same computation in C. */
static int32_t reference(int32_t *array, const int32_t k[5], int32_t acc) {
  for (int32_t i = 0; i < k[4]; i++) {
    uint32_t x = (uint32_t)array[(uint32_t)(i * 7) % ARRAY_LEN] * (uint32_t)k[0];
    acc = (int32_t)((uint32_t)(((int32_t)(x >> (k[1] & 31)) & k[2]) ^ acc) + (uint32_t)k[3]);
    array[(uint32_t)(i * 7 + 1) % ARRAY_LEN] = acc;
    for (int32_t j = 0; j < 4; j++) acc = (int32_t)((uint32_t)acc << 1) ^ j;
  }
  return acc;
}

static struct vm vm;
static int32_t shadow[ARRAY_LEN];

int main(void) {
  start_hpm_counters();
  build_program();
  CHECK(emitted <= (int)(sizeof program / sizeof program[0]));
  uint64_t rng = 0xC2B2AE3D27D4EB4Full, checksum = 0;
  for (int i = 0; i < ARRAY_LEN; i++) vm.array[i] = shadow[i] = (int32_t)xorshift64(&rng);
  for (uint32_t round = 0; round < ROUNDS; round++) {
    int32_t k[8];
    CHECK_EQ(tokenize(constants_text, k), 5);
    k[4] += (int32_t)(round % 37);
    int32_t acc = (int32_t)round;
    for (int i = 0; i < 5; i++) vm.locals[3 + i] = k[i];
    vm.locals[2] = acc;
    int32_t got = run(&vm, program);
    CHECK_EQ((uint32_t)got, (uint32_t)reference(shadow, k, acc));
    checksum = (checksum ^ (uint32_t)got) * 0x100000001B3ull;
  }
  for (int i = 0; i < ARRAY_LEN; i++) CHECK_EQ(vm.array[i], shadow[i]);
  uint64_t insns = read_minstret();
  print_hex_line("interp checksum", checksum);
  CHECK_EQ(checksum, EXPECTED_CHECKSUM);
  print_hpm_counters();
  print_insns_line(insns);
  return 0;
}
