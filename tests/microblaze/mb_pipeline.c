/* MicroBlaze V class 3 (pipeline stalls, UG1629 table 5) and class 4 (miscellaneous, table 6),
 * with the stall rules of docs/microblaze-v.md ("Pipeline") for the 3-, 5- and 8-stage
 * pipelines, and the cycles of a few instructions (UG1629 instruction latencies). No data
 * cache here (dcache=0: loads from RAM never wait), peripheral reads take 6 cycles (default),
 * divides 32 (default). The program finds the pipeline from the load-use stall and prints it.
 *
 * Data hazards: an instruction d places behind a producer stalls in OF for
 * RESULT_STAGE - d + 1 cycles (0 when negative), RESULT_STAGE being the last stage (EX = 1,
 * then MEM, or M0..M3) that UG1629 lists for the producer's category: 5 stages: load, FP and
 * multiply 2 (MEM), divide 1 (EX); 8 stages: load and FP 5 (M3), divide 4 (M2), multiply 2
 * (M0); 3 stages: no hazards. The `dist` tables below are those values for d = 1..6.
 * run: core=microblaze-v,dcache=0 expect="pipeline 5"
 * run: core=microblaze-v,dcache=0,pipeline=8 expect="pipeline 8"
 * run: core=microblaze-v,dcache=0,pipeline=3 expect="pipeline 3"
 */
#include "mb.h"

MB_DEFINE_DATA

#define MSTATUS_FS_INITIAL (1ul << 13)

MB_SNIPPET(s_lu1, "lw t0, 0(t6)\naddi t1, t0, 1")              /* load-use, distance 1 */
MB_SNIPPET(s_lu2, "lw t0, 0(t6)\nnop\naddi t1, t0, 1")         /* distance 2 */
MB_SNIPPET(s_lu_chain, "lw t0, 0(t6)\naddi t1, t0, 1\naddi t2, t0, 1") /* 2nd use already waited */
MB_SNIPPET(s_lu_x0, "lw zero, 0(t6)\naddi t1, zero, 1")        /* x0 is no dependency */
MB_SNIPPET(s_lu_none, "lw t0, 0(t6)\naddi t1, t2, 1")          /* other registers */
MB_SNIPPET(s_lu_store, "lw t0, 0(t6)\nsw t0, 4(t6)")           /* a store's data operand */
MB_SNIPPET(s_mul1, "mul t0, t1, t2\naddi t3, t0, 1")
MB_SNIPPET(s_mul2, "mul t0, t1, t2\nnop\naddi t3, t0, 1")
MB_SNIPPET(s_div1, "div t0, t1, t2\naddi t3, t0, 1")
MB_SNIPPET(s_shift, "slli t0, t1, 3\nsll t0, t1, t2")
MB_SNIPPET(s_axi, "lw t0, 0(t5)")
MB_SNIPPET(s_axi_use, "lw t0, 0(t5)\naddi t1, t0, 1")
MB_SNIPPET(s_div0, "div t0, t1, zero\ndivu t0, t1, zero\nrem t0, t1, zero\nremu t0, t1, zero\nli t2, 5\n"
                   "div t0, t1, t2\nmul t0, t1, zero")
MB_SNIPPET(s_nops, ".rept 10\nnop\n.endr")
MB_SNIPPET(s_jalr, "la t2, 1f\njalr zero, 0(t2)\n1:")

/* A producer, d - 1 independent instructions, then a consumer of its result: distance d. */
#define NOPS(n) ".rept " #n "\nnop\n.endr\n"
#define DISTANCES(name, prod, use)                                                    \
  MB_SNIPPET(name##_1, prod "\n" use)                                                 \
  MB_SNIPPET(name##_2, prod "\n" NOPS(1) use)                                         \
  MB_SNIPPET(name##_3, prod "\n" NOPS(2) use)                                         \
  MB_SNIPPET(name##_4, prod "\n" NOPS(3) use)                                         \
  MB_SNIPPET(name##_5, prod "\n" NOPS(4) use)                                         \
  MB_SNIPPET(name##_6, prod "\n" NOPS(5) use)                                         \
  static void (*const name[6])(void) = {name##_1, name##_2, name##_3, name##_4, name##_5, name##_6};
DISTANCES(s_ld_at, "lw t0, 0(t6)", "addi t1, t0, 1")
DISTANCES(s_mul_at, "mul t0, t1, t2", "addi t3, t0, 1")
DISTANCES(s_div_at, "div t0, t1, t2", "addi t3, t0, 1")
DISTANCES(s_fp_at, "fadd.s f0, f1, f2", "fadd.s f3, f0, f1")

/* The second reader of a result: the first one waited for it already. */
MB_SNIPPET(s_reread_next, "lw t0, 0(t6)\naddi t1, t0, 1\nnop\nnop\naddi t2, t0, 1")
MB_SNIPPET(s_reread_later, "lw t0, 0(t6)\nnop\naddi t1, t0, 1\nnop\naddi t2, t0, 1")
/* Two producers: the longer wait counts. */
MB_SNIPPET(s_two_producers, "lw t0, 0(t6)\nmul t1, t2, t3\nadd a0, t0, t1")
/* Across block boundaries (a not-taken branch ends a block; execution falls through). */
MB_SNIPPET(s_fall_3, "lw t0, 0(t6)\nbnez zero, 1f\nnop\naddi t1, t0, 1\n1:")
MB_SNIPPET(s_fall_5, "lw t0, 0(t6)\nbnez zero, 1f\nnop\nnop\nnop\naddi t1, t0, 1\n1:")
/* A block of one branch (the not-taken bnez ends the block before it) reading the load's
 * result at distance 2: the block's last instruction is re-timed against the one before too. */
MB_SNIPPET(s_fall_branch, "lw t0, 0(t6)\nbnez zero, 1f\n1: beqz t0, 2f\n2:")
MB_SNIPPET(s_fall_loop, "li a0, 3\n2: lw t0, 0(t6)\nbnez zero, 1f\n1: addi t1, t0, 1\naddi a0, a0, -1\nbnez a0, 2b")
/* A taken jump in between: its refill (2 or 4 cycles) covers the wait, no context is kept
 * (but for a jump to the next instruction, which looks like falling through). */
MB_SNIPPET(s_taken_between, "lw t0, 0(t6)\nj 1f\nnop\n1: addi t1, t0, 1")

/* Expectations per pipeline: 5, 8, 3 stages. */
struct expect {
  uint64_t lu1_of, lu2_of, mul1_of, mul2_of, div1_of, load_ex, mul_ex, shift_ex, axi_mem, axi_ex, jalr_cycles;
  uint64_t ld_at[6], mul_at[6], div_at[6], fp_at[6]; /* OF stall at distance 1..6 */
  uint64_t reread_next, reread_later, two_producers, fall_3, fall_5, fall_loop;
};
static const struct expect e5 = {2, 1, 2, 1, 1, 0, 0, 0, 6, 0, 3,
                                 {2, 1, 0, 0, 0, 0}, {2, 1, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 0}, {2, 1, 0, 0, 0, 0},
                                 2, 1, 2, 0, 0, 3 * 1};
static const struct expect e8 = {5, 4, 2, 1, 4, 0, 0, 0, 6, 0, 5,
                                 {5, 4, 3, 2, 1, 0}, {2, 1, 0, 0, 0, 0}, {4, 3, 2, 1, 0, 0}, {5, 4, 3, 2, 1, 0},
                                 5, 4, 4, 3, 1, 3 * 4};
static const struct expect e3 = {0, 0, 0, 0, 0, 1, 2, 2, 0, 7, 3,
                                 {0}, {0}, {0}, {0},
                                 0, 0, 0, 0, 0, 0};

/* Cycles (mcycle) of a snippet beyond the empty one's, with both in the instruction cache. */
static uint64_t cycles(void (*fn)(void)) {
  fn();
  mb_setup(3, 0);
  mb_empty();
  uint64_t base = mctr_read(0);
  mb_setup(3, 0);
  fn();
  return mctr_read(0) - base;
}

int main(void) {
  CSR_SET(mstatus, MSTATUS_FS_INITIAL); /* the FP snippets */
  uint64_t lu = mb_measure(C3_OF, s_lu1);
  unsigned stages = lu == 2 ? 5 : lu == 5 ? 8 : lu == 0 ? 3 : 0;
  CHECK(stages != 0);
  const struct expect *x = stages == 5 ? &e5 : stages == 8 ? &e8 : &e3;

  /* Operand fetch (data hazards). */
  CHECK_EQ(mb_measure(C3_OF, s_lu2), x->lu2_of);
  CHECK_EQ(mb_measure(C3_OF, s_lu_chain), x->lu1_of);
  CHECK_EQ(mb_measure(C3_OF, s_lu_x0), 0);
  CHECK_EQ(mb_measure(C3_OF, s_lu_none), 0);
  CHECK_EQ(mb_measure(C3_OF, s_lu_store), x->lu1_of);
  CHECK_EQ(mb_measure(C3_OF, s_mul1), x->mul1_of);
  CHECK_EQ(mb_measure(C3_OF, s_mul2), x->mul2_of);
  CHECK_EQ(mb_measure(C3_OF, s_div1), x->div1_of);
  for (unsigned d = 1; d <= 6; d++) {
    CHECK_EQ(mb_measure(C3_OF, s_ld_at[d - 1]), x->ld_at[d - 1]);
    CHECK_EQ(mb_measure(C3_OF, s_mul_at[d - 1]), x->mul_at[d - 1]);
    CHECK_EQ(mb_measure(C3_OF, s_div_at[d - 1]), x->div_at[d - 1]);
    CHECK_EQ(mb_measure(C3_OF, s_fp_at[d - 1]), x->fp_at[d - 1]);
  }
  CHECK_EQ(mb_measure(C3_OF, s_reread_next), x->reread_next);
  CHECK_EQ(mb_measure(C3_OF, s_reread_later), x->reread_later);
  CHECK_EQ(mb_measure(C3_OF, s_two_producers), x->two_producers);
  CHECK_EQ(mb_measure(C3_OF, s_fall_3), x->fall_3);
  CHECK_EQ(mb_measure(C3_OF, s_fall_5), x->fall_5);
  CHECK_EQ(mb_measure(C3_OF, s_fall_loop), x->fall_loop);
  CHECK_EQ(mb_measure(C3_OF, s_fall_branch), x->ld_at[1]);
  CHECK_EQ(mb_measure(C3_OF, s_taken_between), 0);
  /* A load's wait in cycles: one per OF stall cycle, on top of one per instruction. */
  CHECK_EQ(cycles(s_ld_at_3), 4 + x->load_ex + x->ld_at[2]);
  /* Execute (multi-cycle instructions) and memory. */
  CHECK_EQ(mb_measure(C3_EX, s_div1), 31);
  CHECK_EQ(mb_measure(C3_EX, s_lu1), x->load_ex);
  CHECK_EQ(mb_measure(C3_EX, s_mul1), x->mul_ex);
  CHECK_EQ(mb_measure(C3_EX, s_shift), x->shift_ex);
  CHECK_EQ(mb_measure(C3_MEM, s_axi), x->axi_mem);
  CHECK_EQ(mb_measure(C3_EX, s_axi), x->axi_ex);
  CHECK_EQ(mb_measure(C3_MEM, s_lu1), 0); /* RAM without a data cache: no wait */
  /* Several stall kinds: the sum, since a cycle stalls for one reason. */
  CHECK_EQ(mb_measure(C3_OF | C3_EX, s_div1), x->div1_of + 31);
  CHECK_EQ(mb_measure(C3_OF | C3_EX | C3_MEM, s_axi_use), x->axi_mem + x->axi_ex + x->lu1_of);

  /* Class 4: four divides by zero (the fifth divides by 5, the multiply by zero is no divide). */
  CHECK_EQ(mb_measure(C4_DIV0, s_div0), 4);
  CHECK_EQ(mb_measure(C4_DIV0 | C4_FP_SUBNORMAL, s_div0), 4);
  CHECK_EQ(mb_measure(C4_FP_SUBNORMAL, s_div0), 0);
  CHECK_EQ(mb_measure(C3_EX, s_div0), 5 * 31 + (stages == 3 ? 2 : 0));

  /* Cycles. */
  CHECK_EQ(cycles(s_nops), 10);
  CHECK_EQ(cycles(s_div1), 32 + 1 + x->div1_of);
  CHECK_EQ(cycles(s_jalr), 2 + x->jalr_cycles); /* la is two instructions */

  guest_puts(stages == 5 ? "pipeline 5\n" : stages == 8 ? "pipeline 8\n" : "pipeline 3\n");
  return 0;
}
