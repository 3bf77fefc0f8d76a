/* Covers: the generic profile's models and their SBI-indexed selectors, with exact counts for
 * windows of assembly whose behaviour follows from the default geometry (docs/events-generic.md):
 * 0x6 branch-misses (bimodal 2-bit counters starting weakly not-taken), 0x10000/0x10001
 * L1D read accesses/misses and 0x10002/0x10003 write accesses/misses (32 KiB, 8 ways, 64-byte
 * lines, LRU, write-allocate), 0x10008/0x10009 L1I requests/misses (one per line of sequential
 * fetch; FENCE.I empties the cache), 0x10019/0x1001b/0x10021 dTLB load/store and iTLB misses
 * (32 entries, fully associative, LRU, 4 KiB entries; SFENCE.VMA empties them) in S mode under
 * Sv39/Sv32, and none in M mode without translation. */
/* qemu: no (QEMU 7.2 has no cache or branch-predictor model; it maps only its TLB events) */
#include "hpm_util.h"

#define EV_BRANCH_MISSES 0x6
#define EV_L1D_READ 0x10000
#define EV_L1D_READ_MISS 0x10001
#define EV_L1D_WRITE 0x10002
#define EV_L1D_WRITE_MISS 0x10003
#define EV_L1I_READ 0x10008
#define EV_L1I_READ_MISS 0x10009
#define EV_DTLB_READ_MISS 0x10019
#define EV_DTLB_WRITE_MISS 0x1001b
#define EV_ITLB_READ_MISS 0x10021

#define LINE 64
#define PAGE 4096
#define BUF_BYTES (64 * 1024) /* twice the data cache, 16 pages */
#define TLB_PAGES 48          /* more pages than the 32-entry TLB holds */

/* Loads of the window's XLEN-sized arguments, by offset. */
#if XLEN == 64
#define ARG_LOAD(reg, i) "  ld " reg ", " #i "*8(a0)\n"
#else
#define ARG_LOAD(reg, i) "  lw " reg ", " #i "*4(a0)\n"
#endif

static uint8_t buf[TLB_PAGES * PAGE] __attribute__((aligned(PAGE)));

/* A window of n memory accesses (ACCESS: one instruction on 0(a0)) a2 bytes apart from a0. */
#define MEM_WINDOW(name, access) \
  ".balign 64\n" name ":\n"      \
  "  csrr t3, mhpmcounter3\n"    \
  "1: " access "\n"              \
  "  add a0, a0, a2\n"           \
  "  addi a1, a1, -1\n"          \
  "  bnez a1, 1b\n"              \
  "  csrr t4, mhpmcounter3\n"    \
  "  sub a0, t4, t3\n"           \
  "  ret\n"

/* Each window reads mhpmcounter3 (or hpmcounter3 in S mode) before and after exactly the
 * instructions it measures, and returns the difference. No other memory access, branch or
 * line change happens in between. */
__asm__(".pushsection .text.windows, \"ax\"\n"
        ".option push\n"
        ".option norvc\n"
        /* branch_window(n, m): m passes of an n-iteration inner loop. */
        ".balign 64\n"
        "branch_window:\n"
        "  csrr t3, mhpmcounter3\n"
        "2: mv t0, a0\n"
        "1: addi t0, t0, -1\n"
        "  bnez t0, 1b\n"
        "  addi a1, a1, -1\n"
        "  bnez a1, 2b\n"
        "  csrr t4, mhpmcounter3\n"
        "  sub a0, t4, t3\n"
        "  ret\n"
        /* load_window / store_window(base, n, stride): n word loads / stores. */
        MEM_WINDOW("load_window", "lw t0, 0(a0)")
        MEM_WINDOW("store_window", "sw zero, 0(a0)")
        /* fetch_window(n, flush): a one-line loop of n iterations, after FENCE.I if flush. The
         * whole function is one 64-byte line. */
        ".balign 64\n"
        "fetch_window:\n"
        "  csrr t3, mhpmcounter3\n"
        "  beqz a1, 1f\n"
        "  fence.i\n"
        "1: addi a0, a0, -1\n"
        "  bnez a0, 1b\n"
        "  csrr t4, mhpmcounter3\n"
        "  sub a0, t4, t3\n"
        "  ret\n"
        /* tlb_window(args) in S mode: args = {base, pages, passes, store}; SFENCE.VMA, then
         * `passes` passes of one access per page. Counts with hpmcounter3. Less than 256 bytes
         * and so aligned: all its fetches after the SFENCE.VMA are in one page, one iTLB miss. */
        ".balign 256\n"
        "tlb_window:\n"
        ARG_LOAD("t0", 0) ARG_LOAD("t1", 1) ARG_LOAD("t2", 2) ARG_LOAD("a1", 3)
        "  lui t5, 1\n"
        "  csrr t3, hpmcounter3\n"
        "  sfence.vma\n"
        "3: mv a2, t0\n"
        "  mv a3, t1\n"
        "1: bnez a1, 2f\n"
        "  lw t4, 0(a2)\n"
        "2: beqz a1, 4f\n"
        "  sw zero, 0(a2)\n"
        "4: add a2, a2, t5\n"
        "  addi a3, a3, -1\n"
        "  bnez a3, 1b\n"
        "  addi t2, t2, -1\n"
        "  bnez t2, 3b\n"
        "  csrr t4, hpmcounter3\n"
        "  sub a0, t4, t3\n"
        "  ret\n"
        ".option pop\n"
        ".popsection\n");
uxlen_t branch_window(uxlen_t n, uxlen_t m);
uxlen_t load_window(const void *base, uxlen_t n, uxlen_t stride);
uxlen_t store_window(void *base, uxlen_t n, uxlen_t stride);
uxlen_t fetch_window(uxlen_t n, uxlen_t flush);
uxlen_t tlb_window(uxlen_t args);

/* Selects `event` on mhpmcounter3 alone, counting in every mode. */
static void select3(uint64_t event) {
  hpm_stop_and_clear();
  mevent_write(3, event);
  CSR_WRITE(mcountinhibit, 0);
}

static void test_branch_misses(void) {
  select3(EV_BRANCH_MISSES);
  /* Inner branch: the first taken iteration and the exit of each pass after a taken run
   * mispredict: 1 + 3 (counter 1 -> miss, 2, 3, ..., exit miss -> 2; later passes: exit only).
   * Outer branch: taken (miss, 1 -> 2), taken (3), not taken (miss): 2. */
  CHECK_EQ(branch_window(100, 3), 1 + 3 + 2);
  /* The same code again, the predictor trained: the inner exits (3) and the outer exit (1). */
  CHECK_EQ(branch_window(100, 3), 3 + 1);
  /* One-iteration inner loops: never taken, never mispredicted once the counter says not
   * taken (it is at 2 after the runs above: the first is a miss, then 1, 0). */
  CHECK_EQ(branch_window(1, 4), 1 + 1);
}

static void test_dcache(void) {
  const uxlen_t lines = BUF_BYTES / LINE;
  select3(EV_L1D_READ);
  CHECK_EQ(load_window(buf, 100, 4), 100);
  CHECK_EQ(load_window(buf, lines, LINE), lines);
  /* Every line of a buffer twice the cache's size misses, pass after pass (LRU, 16 lines per
   * 8-way set). */
  select3(EV_L1D_READ_MISS);
  CHECK_EQ(load_window(buf, lines, LINE), lines);
  CHECK_EQ(load_window(buf, lines, LINE), lines);
  /* The last 32 KiB are cached now: the first quarter misses once, then hits. */
  CHECK_EQ(load_window(buf, lines / 4, LINE), lines / 4);
  CHECK_EQ(load_window(buf, lines / 4, LINE), 0);
  /* Sixteen loads in one line: one miss at most, none here (line 0 is cached). */
  CHECK_EQ(load_window(buf, 16, 4), 0);
  /* Stores allocate: a store miss brings the line in, and a load then hits. */
  select3(EV_L1D_WRITE_MISS);
  CHECK_EQ(store_window(buf + BUF_BYTES / 2, lines / 4, LINE), lines / 4);
  CHECK_EQ(store_window(buf + BUF_BYTES / 2, lines / 4, LINE), 0);
  select3(EV_L1D_WRITE);
  CHECK_EQ(store_window(buf + BUF_BYTES / 2, 10, LINE), 10);
  select3(EV_L1D_READ_MISS);
  CHECK_EQ(load_window(buf + BUF_BYTES / 2, lines / 4, LINE), 0);
}

static void test_icache(void) {
  /* One request per pass through the loop's line (each taken branch refetches it) and one for
   * the fall-through after it, which continues in the same line: not refetched. */
  select3(EV_L1I_READ);
  CHECK_EQ(fetch_window(200, 0) - fetch_window(100, 0), 100);
  select3(EV_L1I_READ_MISS);
  (void)fetch_window(10, 0);
  CHECK_EQ(fetch_window(1000, 0), 0);
  /* After FENCE.I the line misses once. */
  CHECK_EQ(fetch_window(1000, 1), 1);
  CHECK_EQ(fetch_window(1000, 0), 0);
}

/* Identity-maps the first superpage of RAM (1 GiB on Sv39, 4 MiB on Sv32: the program, its
 * data and stack) for S mode, readable, writable, executable, accessed and dirty. */
static uxlen_t root_table[PAGE / sizeof(uxlen_t)] __attribute__((aligned(PAGE)));
#define PTE_V 0x1
#define PTE_RWX 0xe
#define PTE_AD 0xc0
static void map_ram(void) {
  uxlen_t ram = 0x80000000UL;
#if XLEN == 64
  root_table[ram >> 30] = (ram >> 12) << 10 | PTE_AD | PTE_RWX | PTE_V;
  CSR_WRITE(satp, 8ULL << 60 | (uxlen_t)root_table >> 12);
#else
  root_table[ram >> 22] = (ram >> 12) << 10 | PTE_AD | PTE_RWX | PTE_V;
  CSR_WRITE(satp, 1UL << 31 | (uxlen_t)root_table >> 12);
#endif
  CSR_WRITE(mcounteren, 1u << 3); /* hpmcounter3 readable in S mode */
}

static uxlen_t tlb_run(uxlen_t pages, uxlen_t passes, uxlen_t store) {
  static uxlen_t args[4];
  args[0] = (uxlen_t)buf, args[1] = pages, args[2] = passes, args[3] = store;
  return hpm_run_in_mode(PRV_S, tlb_window, (uxlen_t)args);
}

static void test_tlbs(void) {
  /* M mode translates nothing: no TLB lookups, no misses. */
  select3(EV_DTLB_READ_MISS);
  CHECK_EQ(load_window(buf, TLB_PAGES, PAGE), 0);
  map_ram();
  /* More pages than entries, LRU: every access misses. Fewer: only the first pass. */
  CHECK_EQ(tlb_run(TLB_PAGES, 2, 0), 2 * TLB_PAGES);
  CHECK_EQ(tlb_run(16, 3, 0), 16);
  select3(EV_DTLB_WRITE_MISS);
  CHECK_EQ(tlb_run(16, 3, 1), 16);
  CHECK_EQ(tlb_run(16, 2, 0), 0); /* loads are not stores */
  /* The fetches after the SFENCE.VMA: one page. */
  select3(EV_ITLB_READ_MISS);
  CHECK_EQ(tlb_run(TLB_PAGES, 2, 0), 1);
  CSR_WRITE(satp, 0);
}

int main(void) {
  test_branch_misses();
  test_dcache();
  test_icache();
  test_tlbs();
  return 0;
}
