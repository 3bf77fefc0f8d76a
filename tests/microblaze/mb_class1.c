/* MicroBlaze V class 1 (branches and traps, UG1629 table 3): taken and not-taken conditional
 * branches, exceptions (ECALL, illegal instruction, load access fault), interrupts (CLINT
 * software interrupt), and the branch target cache: a branch, JAL or return is entered the
 * first time it executes (no hit), later executions hit; a hit whose prediction is wrong is a
 * mispredict (the last, not-taken, iteration of a loop; a return to another caller). Other
 * JALRs never use the BTC. Without a BTC (btc=0) there are no hits and no mispredicts.
 * run: core=microblaze-v expect="btc on"
 * run: core=microblaze-v,btc=0 expect="btc off"
 * run: core=microblaze-v,pipeline=8,btc=16 expect="btc on"
 * run: core=microblaze-v,pipeline=3 expect="btc off"
 */
#include "mb.h"

MB_DEFINE_DATA

/* 10 iterations: bnez taken 9 times, then not taken. */
MB_SNIPPET_FRESH(s_loop, "li t0, 10\n1: addi t0, t0, -1\nbnez t0, 1b")
/* 3 iterations of a JAL and a loop branch. */
MB_SNIPPET_FRESH(s_jal_loop, "li t0, 3\n1: jal zero, 2f\n2: addi t0, t0, -1\nbnez t0, 1b")
/* A function called from two places: its return goes somewhere else the second time. */
MB_SNIPPET_FRESH(s_ret, "jal ra, 8f\njal ra, 8f\nj 9f\n8: ret\n9: nop")
/* Indirect jumps that are not returns (a return is JALR x0, 0(ra) or 0(t0): RISC-V hints). */
MB_SNIPPET_FRESH(s_jalr, "li t1, 2\n1: la t2, 2f\njalr zero, 0(t2)\n2: addi t1, t1, -1\nbnez t1, 1b")
/* beq taken 1, bne not taken 1, blt taken 1, bgeu not taken 1. */
MB_SNIPPET(s_mixed, "li t0, 1\nli t1, 2\nbeq t0, t0, 1f\n1: bne t0, t0, 2f\n2: blt t0, t1, 3f\n3: bgeu t0, t1, 4f\n4: nop")
MB_SNIPPET(s_ecall, "ecall")
MB_SNIPPET(s_illegal, ".word 0")      /* the all-zero instruction is illegal */
MB_SNIPPET(s_fault, "lw t0, 0(zero)") /* nothing at address 0 on virt: load access fault */
/* Raises the machine software interrupt (CLINT msip); mb_stop_vector takes it. */
MB_SNIPPET(s_irq, "lui t0, 0x2000\nli t1, 1\nsw t1, 0(t0)\nnop\nnop")

int main(void) {
  CHECK_EQ(mb_measure(C1_TAKEN, s_loop), 9);
  CHECK_EQ(mb_measure(C1_NOT_TAKEN, s_loop), 1);
  CHECK_EQ(mb_measure(C1_TAKEN | C1_NOT_TAKEN, s_loop), 10);
  CHECK_EQ(mb_measure(C1_TAKEN, s_mixed), 2);
  CHECK_EQ(mb_measure(C1_NOT_TAKEN, s_mixed), 2);
  CHECK_EQ(mb_measure(C1_TAKEN, s_jal_loop), 2); /* JAL is not a conditional branch */

  uint64_t hits = mb_measure(C1_BTC_HIT, s_loop);
  bool btc = hits != 0;
  if (btc) {
    CHECK_EQ(hits, 9);                                   /* all but the first */
    CHECK_EQ(mb_measure(C1_BTC_MISPREDICT, s_loop), 1);  /* the final not-taken one */
    CHECK_EQ(mb_measure(C1_BTC_HIT | C1_BTC_MISPREDICT, s_loop), 9); /* same cycle: once */
    CHECK_EQ(mb_measure(C1_TAKEN | C1_BTC_HIT, s_loop), 10);
    CHECK_EQ(mb_measure(C1_BTC_HIT, s_jal_loop), 4);     /* JAL 2, bnez 2 */
    CHECK_EQ(mb_measure(C1_BTC_MISPREDICT, s_jal_loop), 1);
    CHECK_EQ(mb_measure(C1_BTC_HIT, s_ret), 1);          /* the second return */
    CHECK_EQ(mb_measure(C1_BTC_MISPREDICT, s_ret), 1);   /* ... to the other caller */
    CHECK_EQ(mb_measure(C1_BTC_HIT, s_jalr), 1);         /* only bnez; jalr never */
  } else {
    CHECK_EQ(mb_measure(C1_BTC_MISPREDICT, s_loop), 0);
    CHECK_EQ(mb_measure(C1_BTC_HIT | C1_BTC_MISPREDICT, s_ret), 0);
    CHECK_EQ(mb_measure(C1_BTC_HIT, s_jal_loop), 0);
  }

  /* Exceptions: each traps once into mb_stop_vector, which stops the counters. */
  mb_setup(3, C1_EXCEPTION);
  mb_with_stop_vector(s_ecall);
  CHECK_EQ(mctr_read(3), 1);
  CHECK_EQ(mb_trap_cause, CAUSE_ECALL_M);
  mb_setup(3, C1_EXCEPTION);
  mb_with_stop_vector(s_illegal);
  CHECK_EQ(mctr_read(3), 1);
  CHECK_EQ(mb_trap_cause, CAUSE_ILLEGAL);
  mb_setup(3, C1_EXCEPTION | C1_INTERRUPT);
  mb_with_stop_vector(s_fault);
  CHECK_EQ(mctr_read(3), 1);
  CHECK_EQ(mb_trap_cause, CAUSE_LOAD_ACCESS);
  mb_setup(3, C1_INTERRUPT);
  mb_with_stop_vector(s_ecall);
  CHECK_EQ(mctr_read(3), 0);

  /* An interrupt. */
  CSR_SET(mie, 1ul << IRQ_MSI);
  CSR_SET(mstatus, MSTATUS_MIE);
  mb_setup(3, C1_INTERRUPT);
  mb_with_stop_vector(s_irq);
  CHECK_EQ(mctr_read(3), 1);
  CHECK_EQ(mb_trap_cause, MCAUSE_INTERRUPT | IRQ_MSI);
  mb_setup(3, C1_EXCEPTION);
  mb_with_stop_vector(s_irq);
  CHECK_EQ(mctr_read(3), 0);
  mb_setup(3, C5_IRQ); /* the latency class's interrupt event, counted on an event counter */
  mb_with_stop_vector(s_irq);
  CHECK_EQ(mctr_read(3), 1);
  CSR_CLEAR(mstatus, MSTATUS_MIE);
  CSR_CLEAR(mie, 1ul << IRQ_MSI);

  guest_puts(btc ? "btc on\n" : "btc off\n");
  return 0;
}
