/* Covers: precise traps in instruction pairs that rvpmu runs as one dispatch (src/isa/fused.def: ADDI/ADD/LW/SW then a load or store, a load then a branch): a load or store page fault (Sv32 on rv32, Sv39 on rv64, through mstatus.MPRV with MPP = U), and a misaligned load, in the second instruction of a pair leave the first one's result in place, the second's destination unchanged, mepc on the second, mtval = its address and mcause = load/store page fault (misaligned: a trap with cause 4 on the second, or the right value where the core handles it); a fault in the first instruction of a load-and-branch pair still runs the branch afterwards; a page-crossing misaligned load faults on that load. tests/cli/fuse.sh runs it with and without fusion and compares every count. */
/* qemu: yes */
#include "guest.h"

#define CAUSE_LOAD_MISALIGNED 4
#define CAUSE_LOAD_PAGE 13
#define CAUSE_STORE_PAGE 15
#define MSTATUS_MPP (3ul << 11)
#define MSTATUS_MPRV (1ul << 17)
#define PTE_V 0x01
#define PTE_URWXAD 0xde /* R W X U A D: a user leaf, accessed and dirty */

#define MAPPED_END 0x80400000ul /* the last mapped byte is just below; this page is not mapped */

static uxlen_t root[4096 / sizeof(uxlen_t)] __attribute__((aligned(4096)));
#if __riscv_xlen == 64
static uxlen_t level1[512] __attribute__((aligned(4096)));
#endif
static volatile uint32_t words[4] __attribute__((aligned(16)));
#if __riscv_xlen == 64
static volatile uint64_t dwords[2] __attribute__((aligned(16)));
#endif

static uxlen_t leaf(uxlen_t pa) { return (pa >> 12) << 10 | PTE_URWXAD | PTE_V; }

/* Identity maps the test device and UART (0x0-...), and RAM from 0x80000000 to MAPPED_END,
 * then turns translation on for M-mode loads and stores (MPRV, MPP = U: mret leaves MPP = U,
 * so it stays on after each trap). A PMP entry over everything lets those U-mode accesses
 * through (with none, they would all raise access faults). */
static void paging_on(void) {
  CSR_WRITE(pmpaddr0, ~(uxlen_t)0);
  CSR_WRITE(pmpcfg0, 0x1f); /* NAPOT, R W X */
#if __riscv_xlen == 32
  root[0] = leaf(0);                    /* 4 MiB megapages: the test device */
  root[0x10000000ul >> 22] = leaf(0x10000000ul);
  root[0x80000000ul >> 22] = leaf(0x80000000ul); /* up to MAPPED_END */
  uxlen_t satp = 1ul << 31 | (uxlen_t)root >> 12;
#else
  root[0] = leaf(0);                    /* a 1 GiB gigapage: the test device and the UART */
  root[2] = ((uxlen_t)level1 >> 12) << 10 | PTE_V;
  level1[0] = leaf(0x80000000ul);       /* 2 MiB megapages up to MAPPED_END */
  level1[1] = leaf(0x80200000ul);
  uxlen_t satp = 8ul << 60 | (uxlen_t)root >> 12;
#endif
  CSR_WRITE(satp, satp);
  __asm__ volatile("sfence.vma" ::: "memory");
  CSR_CLEAR(mstatus, MSTATUS_MPP);
  CSR_SET(mstatus, MSTATUS_MPRV);
}

static void paging_off(void) {
  CSR_CLEAR(mstatus, MSTATUS_MPRV);
  CSR_WRITE(satp, 0);
  __asm__ volatile("sfence.vma" ::: "memory");
  CSR_WRITE(pmpcfg0, 0);
}

/* Runs FIRST; SECOND (SECOND labelled 1:, its pc in `at`) with a trap expected, then a jump
 * that ends the block, so that the two are the pair the block ends with. */
#define PAIR(FIRST, SECOND, ...)                                        \
  TRAPS_IN(__asm__ volatile("la %[at], 1f\n" FIRST "\n1: " SECOND "\n" \
                            "j 2f\n2:\n"                               \
                            : [at] "=&r"(at), __VA_ARGS__ : "memory"))

/* The trap was taken on the instruction at `at` with this cause and mtval. */
#define CHECK_TRAP(traps, cause, tval)       \
  do {                                       \
    CHECK_EQ(traps, 1);                      \
    CHECK_EQ(last_trap.mepc, at);            \
    CHECK_EQ(last_trap.mcause, cause);       \
    CHECK_EQ(last_trap.mtval, tval);         \
  } while (0)

static void second_faults(void) {
  uxlen_t at, a, v, t;
  volatile uint32_t *unmapped = (volatile uint32_t *)MAPPED_END;

  /* ADDI; LW (load page fault on the LW). */
  a = 5, v = 0x1234;
  uxlen_t traps = PAIR("addi %[a], %[a], 3", "lw %[v], 0(%[p])", [a] "+r"(a), [v] "+r"(v) : [p] "r"(unmapped));
  CHECK_TRAP(traps, CAUSE_LOAD_PAGE, MAPPED_END);
  CHECK_EQ(a, 8);
  CHECK_EQ(v, 0x1234);

  /* ADD; LW, the LW's base written by the ADD. */
  a = MAPPED_END - 8, v = 0x55;
  traps = PAIR("add %[a], %[a], %[e]", "lw %[v], 0(%[a])", [a] "+r"(a), [v] "+r"(v) : [e] "r"(8ul));
  CHECK_TRAP(traps, CAUSE_LOAD_PAGE, MAPPED_END);
  CHECK_EQ(a, MAPPED_END);
  CHECK_EQ(v, 0x55);

  /* LW; LW: the first loads, the second faults. */
  words[0] = 77, t = 0, v = 0x99;
  traps = PAIR("lw %[t], 0(%[w])", "lw %[v], 4(%[p])", [t] "+r"(t), [v] "+r"(v) : [w] "r"(words), [p] "r"(unmapped));
  CHECK_TRAP(traps, CAUSE_LOAD_PAGE, MAPPED_END + 4);
  CHECK_EQ(t, 77);
  CHECK_EQ(v, 0x99);

  /* SW; SW: the first stores, the second faults (store page fault) and stores nothing. */
  words[1] = 0;
  traps = PAIR("sw %[x], 4(%[w])", "sw %[x], 0(%[p])", [x] "+r"(a) : [w] "r"(words), [p] "r"(unmapped));
  CHECK_TRAP(traps, CAUSE_STORE_PAGE, MAPPED_END);
  CHECK_EQ(words[1], (uint32_t)MAPPED_END);

  /* ADDI; SW. */
  a = 1;
  traps = PAIR("addi %[a], %[a], 41", "sw %[a], 8(%[p])", [a] "+r"(a) : [p] "r"(unmapped));
  CHECK_TRAP(traps, CAUSE_STORE_PAGE, MAPPED_END + 8);
  CHECK_EQ(a, 42);

  /* ADDI; LW misaligned: a trap on the LW or the right value. */
  words[0] = 0x44332211, words[1] = 0x88776655, a = 0, v = 0;
  traps = PAIR("addi %[a], %[a], 1", "lw %[v], 1(%[w])", [a] "+r"(a), [v] "+r"(v) : [w] "r"(words));
  CHECK_EQ(a, 1);
  if (traps) {
    CHECK_TRAP(traps, CAUSE_LOAD_MISALIGNED, (uxlen_t)words + 1);
    CHECK_EQ(v, 0);
  } else {
    CHECK_EQ(v, 0x55443322);
  }

  /* ADDI; LW misaligned across the end of the mapping: it faults on the LW, whichever part. */
  a = 0, v = 0x66;
  traps = PAIR("addi %[a], %[a], 2", "lw %[v], -2(%[p])", [a] "+r"(a), [v] "+r"(v) : [p] "r"(unmapped));
  CHECK_EQ(traps, 1);
  CHECK_EQ(last_trap.mepc, at);
  CHECK(last_trap.mcause == CAUSE_LOAD_PAGE || last_trap.mcause == CAUSE_LOAD_MISALIGNED);
  CHECK(last_trap.mtval == MAPPED_END - 2 || last_trap.mtval == MAPPED_END);
  CHECK_EQ(a, 2);
  CHECK_EQ(v, 0x66);

#if __riscv_xlen == 64
  /* ADDI; LD and LD; LD. */
  a = 0, v = 3;
  traps = PAIR("addi %[a], %[a], 9", "ld %[v], 16(%[p])", [a] "+r"(a), [v] "+r"(v) : [p] "r"(unmapped));
  CHECK_TRAP(traps, CAUSE_LOAD_PAGE, MAPPED_END + 16);
  CHECK_EQ(a, 9);
  CHECK_EQ(v, 3);
  dwords[0] = 0x1122334455667788ul, t = 0, v = 4;
  traps = PAIR("ld %[t], 0(%[w])", "ld %[v], 0(%[p])", [t] "+r"(t), [v] "+r"(v) : [w] "r"(dwords), [p] "r"(unmapped));
  CHECK_TRAP(traps, CAUSE_LOAD_PAGE, MAPPED_END);
  CHECK_EQ(t, 0x1122334455667788ul);
  CHECK_EQ(v, 4);
  /* SD; SD. */
  dwords[1] = 0;
  traps = PAIR("sd %[x], 8(%[w])", "sd %[x], 0(%[p])", [x] "+r"(a) : [w] "r"(dwords), [p] "r"(unmapped));
  CHECK_TRAP(traps, CAUSE_STORE_PAGE, MAPPED_END);
  CHECK_EQ(dwords[1], 9);
#endif
}

/* A load then a branch on its value: the load faults, the branch still runs (not taken, on
 * the register the load left alone), or the load works and the branch goes its way. */
static void load_then_branch(void) {
  uxlen_t at, v, taken;
  v = 0;
  uxlen_t traps = TRAPS_IN(__asm__ volatile("li %[tk], 0\n"
                                            "la %[at], 1f\n"
                                            "1: lw %[v], 0(%[p])\n"
                                            "bnez %[v], 2f\n"
                                            "li %[tk], 1\n" /* fall through: not taken */
                                            "2:\n"
                                            : [at] "=&r"(at), [v] "+r"(v), [tk] "=&r"(taken)
                                            : [p] "r"(MAPPED_END)
                                            : "memory"));
  CHECK_TRAP(traps, CAUSE_LOAD_PAGE, MAPPED_END);
  CHECK_EQ(taken, 1);
  for (unsigned i = 0; i < 4; i++) {
    words[0] = i & 1;
    __asm__ volatile("li %[tk], 1\n"
                     "lw %[v], 0(%[w])\n"
                     "beq %[v], %[tk], 2f\n"
                     "li %[tk], 0\n"
                     "2:\n"
                     : [v] "=&r"(v), [tk] "=&r"(taken)
                     : [w] "r"(words)
                     : "memory");
    CHECK_EQ(taken, i & 1);
  }
}

int main(void) {
  paging_on();
  second_faults();
  load_then_branch();
  paging_off();
  return 0;
}
