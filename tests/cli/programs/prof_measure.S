/* Measuring harnesses for prof_calls.c: measure_NAME(arg) reads six counters (mcycle, minstret,
 * mhpmcounter3..6) into m_before, calls NAME(arg), reads them again into m_after and returns
 * NAME's result. One copy per function, so that the host can add the exact counts `rvpmu
 * report --sort address` gives for the harness's own instructions between each pair of reads
 * (tests/cli/profile.sh).
 *
 * Every csrr follows another instruction of its block (a nop, la or store): whatever a block
 * entry costs (a fetch refill, an entry correction) is charged to a block's first
 * instruction, and a csrr reads its counter before its own counts, so each instruction's
 * counts fall wholly before or wholly after each read. */
#if __riscv_xlen == 64
#define SREG sd
#define LREG ld
#define RB 8
#else
#define SREG sw
#define LREG lw
#define RB 4
#endif

.macro READ6 buf
  nop
  csrr t0, mcycle
  SREG t0, 0*RB(\buf)
  csrr t0, minstret
  SREG t0, 1*RB(\buf)
  csrr t0, mhpmcounter3
  SREG t0, 2*RB(\buf)
  csrr t0, mhpmcounter4
  SREG t0, 3*RB(\buf)
  csrr t0, mhpmcounter5
  SREG t0, 4*RB(\buf)
  csrr t0, mhpmcounter6
  SREG t0, 5*RB(\buf)
.endm

.macro MEASURE name
  .globl measure_\name
  .type measure_\name, @function
  .balign 4
measure_\name:
  addi sp, sp, -16
  SREG ra, 0(sp)
  SREG s0, RB(sp)
  la s0, m_before
  READ6 s0
  call \name
  la s0, m_after
  READ6 s0
  LREG ra, 0(sp)
  LREG s0, RB(sp)
  addi sp, sp, 16
  ret
  .size measure_\name, . - measure_\name
.endm

  .text
MEASURE leaf
MEASURE fib
MEASURE is_even
MEASURE indirect
MEASURE tail_a
MEASURE spin
MEASURE unwind

/* A vectored trap table every core accepts (Ibex's mtvec is vectored only, its base 256-byte
 * aligned): each entry jumps to the runtime's handler; a core that keeps mtvec direct enters
 * at the first. */
  .balign 256
  .globl prof_vectors
prof_vectors:
  .option push
  .option norvc
  .rept 32
  j trap_entry
  .endr
  .option pop

/* tail_a(n) = tail_b(n + 1), as a tail call: a jump, no return address pushed. */
  .globl tail_a
  .type tail_a, @function
tail_a:
  addi a0, a0, 1
  j tail_b
  .size tail_a, . - tail_a

/* unwind(n) calls deep(n), which recurses n times and then unwinds like longjmp: it restores
 * unwind's stack pointer and "returns" (jalr x0, 0(ra)) to unwind_landing, an address no call
 * returns to, skipping the returns of every deep frame. */
  .globl unwind
  .type unwind, @function
unwind:
  addi sp, sp, -16
  SREG ra, 0(sp)
  la t0, unwind_sp
  SREG sp, 0(t0)
  call deep
  li a0, -1 /* never reached: deep does not return */
unwind_landing:
  LREG ra, 0(sp)
  addi sp, sp, 16
  ret
  .size unwind, . - unwind

  .type deep, @function
deep:
  beqz a0, 1f
  addi sp, sp, -16
  SREG ra, 0(sp)
  addi a0, a0, -1
  call deep
  LREG ra, 0(sp)
  addi sp, sp, 16
  ret
1:
  la t0, unwind_sp
  LREG sp, 0(t0)
  la ra, unwind_landing
  li a0, 42
  ret
  .size deep, . - deep

  .bss
  .balign 8
unwind_sp:
  .space 8
