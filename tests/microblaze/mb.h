/* Helpers for the MicroBlaze V profile's guest tests (the .c files of tests/microblaze, run with
 * `rvpmu run --core microblaze-v[,options]`; tests/microblaze/run.sh reads each file's
 * " * run:" lines). Built on tests/guest/lib (console, exit, traps, counter accessors).
 *
 * Measuring: MB_SNIPPET(name, asm) defines a function that starts every counter (mcountinhibit
 * = 0), runs `asm`, and stops them again (mcountinhibit = ~0). The start instruction counts
 * under the old configuration (nothing), the stop instruction under the new one (it is
 * counted), so a snippet's count is the asm's plus the stop's; mb_measure() subtracts the
 * count of an empty snippet. Snippets are assembled without RVC (explicit c.* only) and with
 * Zba/Zbb/Zbc/Zbs/Zicbom; they may use ra, t0-t3 and a0-a5 freely; t6 holds mb_data's address,
 * t5 the peripheral region's and t4 all ones (mb_stop_vector needs it). Include from one .c
 * file per program only. */
#ifndef MB_H
#define MB_H

#include <stdbool.h>

#include "hpm_util.h"

/* Selector: bits 24:5 event mask, bits 4:1 class, bit 0 "no event" (UG1629 table 1). */
#define MB_SEL(cls, bits) ((uxlen_t)(bits) | ((uxlen_t)(cls) << 1))
#define B(n) (1ul << (n))

/* Class 0 */
#define C0_LOAD MB_SEL(0, B(5))
#define C0_STORE MB_SEL(0, B(6))
#define C0_ATOMIC MB_SEL(0, B(7))
#define C0_SYSTEM MB_SEL(0, B(8))
#define C0_ARITH MB_SEL(0, B(9))
#define C0_MUL MB_SEL(0, B(10))
#define C0_DIV MB_SEL(0, B(11))
#define C0_CUSTOM MB_SEL(0, B(12))
#define C0_BITMANIP MB_SEL(0, B(13))
#define C0_COMPRESSED MB_SEL(0, B(14))
#define C0_JAL MB_SEL(0, B(15))
#define C0_JALR MB_SEL(0, B(16))
#define C0_FP_ALL MB_SEL(0, B(17) | B(18) | B(19) | B(20) | B(21) | B(22) | B(23))
#define C0_CACHE_OP MB_SEL(0, B(24))
/* Class 1 */
#define C1_TAKEN MB_SEL(1, B(5))
#define C1_NOT_TAKEN MB_SEL(1, B(6))
#define C1_EXCEPTION MB_SEL(1, B(7))
#define C1_INTERRUPT MB_SEL(1, B(8))
#define C1_BTC_HIT MB_SEL(1, B(9))
#define C1_BTC_MISPREDICT MB_SEL(1, B(10))
/* Class 2 */
#define C2_IC_REQ MB_SEL(2, B(5))
#define C2_IC_HIT MB_SEL(2, B(6))
#define C2_DC_READ MB_SEL(2, B(7))
#define C2_DC_READ_HIT MB_SEL(2, B(8))
#define C2_DC_WRITE MB_SEL(2, B(9))
#define C2_DC_WRITE_HIT MB_SEL(2, B(10))
/* Class 3 */
#define C3_OF MB_SEL(3, B(6))
#define C3_EX MB_SEL(3, B(7))
#define C3_MEM MB_SEL(3, B(8))
/* Class 4 */
#define C4_DIV0 MB_SEL(4, B(5))
#define C4_FP_SUBNORMAL MB_SEL(4, B(6))
/* Class 5 (on an event counter: occurrences; on a latency pair's first selector: latencies) */
#define C5_IRQ MB_SEL(5, B(5))
#define C5_DC_READ MB_SEL(5, B(7))
#define C5_DC_WRITE MB_SEL(5, B(9))
#define C5_IC_READ MB_SEL(5, B(11))
#define C5_AXI_READ MB_SEL(5, B(13))
#define C5_AXI_WRITE MB_SEL(5, B(15))

#define MB_PERIPH 0x4000000ul /* the profile's peripheral region on virt (4 KiB scratch) */

/* 4 KiB of data, 64-byte aligned, for loads and stores. */
extern uint32_t mb_data[1024];

/* An explicitly compressed instruction inside a snippet (which is otherwise assembled without
 * RVC, so that nothing else gets compressed). */
#define RVC(insn) ".option rvc\n" insn "\n.option norvc\n"

#define MB_SNIPPET_(name, pre, body)                                                                   \
  __attribute__((noinline, aligned(64))) static void name(void) {                                      \
    __asm__ volatile(".option push\n.option arch, +zba, +zbb, +zbc, +zbs, +zicbom, +f\n.option norvc\n"    \
                     "mv t6, %0\nmv t5, %1\nli t4, -1\n" pre                                          \
                     "csrw mcountinhibit, zero\n" body "\ncsrw mcountinhibit, %2\n.option pop\n"       \
                     :                                                                                 \
                     : "r"(mb_data), "r"(MB_PERIPH), "r"(~0ul)                                         \
                     : "memory", "ra", "t0", "t1", "t2", "t3", "t4", "t5", "t6", "a0", "a1", "a2", "a3", \
                       "a4", "a5");                                                                    \
  }
#define MB_SNIPPET(name, body) MB_SNIPPET_(name, "", body)

/* Stops and clears every counter, makes counter `idx` count `sel`. */
static inline void mb_setup(unsigned idx, uxlen_t sel) {
  hpm_stop_and_clear();
  mevent_write_lo(idx, sel);
  mctr_write(idx, 0);
}

/* The same, preceded (before counting starts) by FENCE.I, which empties the instruction cache
 * and the branch target cache and flushes or invalidates the data cache. */
#define MB_SNIPPET_FRESH(name, body) MB_SNIPPET_(name, "fence.i\n", body)

MB_SNIPPET(mb_empty, "")

/* Count of `sel` on mhpmcounter3 while `fn` runs, the count of an empty snippet taken off. */
static inline uint64_t mb_measure(uxlen_t sel, void (*fn)(void)) {
  mb_setup(3, sel);
  mb_empty();
  uint64_t base = mctr_read(3);
  mb_setup(3, sel);
  fn();
  return mctr_read(3) - base;
}

/* The same without the baseline: everything the snippet and its stop instruction count. */
static inline uint64_t mb_measure_raw(uxlen_t sel, void (*fn)(void)) {
  mb_setup(3, sel);
  fn();
  return mctr_read(3);
}

/* A trap vector for snippets that trap: it stops the counters first (that CSR write is the one
 * instruction of it that counts), then resumes after the trapping instruction (4 bytes) or,
 * for interrupts, where it was, and clears a software interrupt. mb_trap_count counts entries. */
extern volatile uxlen_t mb_trap_count, mb_trap_cause;
void mb_stop_vector(void);

#define MB_DEFINE_DATA                                                                           \
  __attribute__((aligned(64))) uint32_t mb_data[1024];                                            \
  volatile uxlen_t mb_trap_count, mb_trap_cause;                                                  \
  __asm__(".text\n.align 6\n.globl mb_stop_vector\nmb_stop_vector:\n"                             \
          "csrw mcountinhibit, t4\n" /* t4 = ~0 by convention in trapping snippets */              \
          "csrw mscratch, t0\n"                                                                    \
          "csrr t0, mcause\n"                                                                      \
          "bltz t0, 1f\n"                                                                          \
          "csrr t0, mepc\naddi t0, t0, 4\ncsrw mepc, t0\nj 2f\n"                                   \
          "1: lui t0, 0x2000\nsw zero, 0(t0)\n" /* CLINT msip = 0 */                              \
          "2: la t0, mb_trap_count\nlw t3, 0(t0)\naddi t3, t3, 1\nsw t3, 0(t0)\n"                  \
          "csrr t3, mcause\nla t0, mb_trap_cause\nsw t3, 0(t0)\n"                                  \
          "csrr t0, mscratch\nmret\n");

/* Runs `fn` with mtvec = mb_stop_vector. */
static inline void mb_with_stop_vector(void (*fn)(void)) {
  uxlen_t old = CSR_READ(mtvec);
  CSR_WRITE(mtvec, (uxlen_t)mb_stop_vector);
  fn();
  CSR_WRITE(mtvec, old);
}

#endif
