/* What the block translator (src/isa/jit.h) does and what it leaves to the interpreter, for
 * tests/cli/jit.sh, which compares every count with RVPMU_JIT=0 on MicroBlaze V with the
 * D-cache's branch-free way forced (the translations run only then). M mode, no MMU, the virt
 * map, RVC on. 200 rounds, each of:
 *   1. every operation it translates, on values that reach each edge (signed and unsigned
 *      compares across the sign bit, shifts by 0 and 31, the multiply's high halves with
 *      negative operands, sub-word loads sign- and zero-extended, sub-word stores), into a
 *      checksum in s6 that the end prints (QEMU's must be the same);
 *   2. code patched at run time: an ADDI in `patched` rewritten (its immediate: the round's
 *      number) and FENCE.I, then called: a translated block whose code changed;
 *   3. a load and a store through the test device's page (no model TLB entry: the interpreter
 *      at that instruction), a division (not translated), returns to two callers by turns
 *      (the BTC predicts one: JALR's way out), a loop whose branch flips every 3 (the BTC's
 *      counter moves, mispredicts);
 * while a machine timer interrupt, re-armed 2,000-2,063 ticks ahead by its handler, lands anywhere.
 * Ends by printing the checksum on the UART and writing 0x5555 (pass), or line << 16 | 0x3333
 * (fail at that line), to the SiFive test device. */
  .option rvc
  .option norelax
#define CLINT_MTIMECMP 0x2004000
#define CLINT_MTIME 0x200bff8

  .section .text.start, "ax"
  .globl _start
_start:
  la    t0, handler
  csrw  mtvec, t0
  lui   s0, 0x100                   /* the test device */
  la    s1, data
  li    s2, 0                       /* round */
  li    s4, CLINT_MTIMECMP
  li    s5, CLINT_MTIME
  li    s6, 0                       /* checksum */
  li    s7, 0                       /* timer interrupts */
  lw    t0, 0(s5)
  addi  t0, t0, 2000
  sw    zero, 4(s4)
  sw    t0, 0(s4)
  li    t0, 0x80                    /* MTIE */
  csrw  mie, t0
  csrsi mstatus, 8                  /* MIE */
round:
  mv    a0, s2
  jal   ops
  add   s6, s6, a0
  /* 2. patch `patched`'s ADDI immediate to the round number (< 2048), FENCE.I, call it */
  la    t0, patched
  lw    t1, 0(t0)
  li    t2, 0x000fffff
  and   t1, t1, t2                  /* the ADDI without its immediate */
  slli  t2, s2, 20
  or    t1, t1, t2
  sw    t1, 0(t0)
  fence.i
  li    a0, 1000
  jal   patched
  addi  a0, a0, -1000
  bne   a0, s2, fail_patch
  /* 3. device page, division, two callers, a flipping branch */
  li    t6, 0x10000000
  lbu   t0, 5(t6)                   /* the UART's line status: a device */
  sb    s2, 7(t6)                   /* its scratch register */
  addi  t1, s2, 7
  li    t2, 1000003
  divu  t3, t2, t1
  remu  t4, t2, t1
  mul   t5, t3, t1
  add   t5, t5, t4
  bne   t5, t2, fail_div
  andi  t0, s2, 1
  beqz  t0, 1f
  jal   callee
  j     2f
1:
  jal   callee
2:
  li    t0, 12
  li    t1, 0
3:
  addi  t1, t1, 1
  li    t2, 3
  remu  t2, t1, t2
  beqz  t2, 4f
  add   s6, s6, t1
4:
  addi  t0, t0, -1
  bnez  t0, 3b
  addi  s2, s2, 1
  li    t0, 200
  bltu  s2, t0, round
  /* the checksum, in hex on the UART (tests/cli/jit.sh compares it with QEMU's) */
  li    t0, 0x10000000              /* the virt map's 16550 */
  li    t1, 8
1:
  srli  t2, s6, 28
  slli  s6, s6, 4
  li    t3, 10
  bltu  t2, t3, 2f
  addi  t2, t2, 'a' - '0' - 10
2:
  addi  t2, t2, '0'
  sb    t2, 0(t0)
  addi  t1, t1, -1
  bnez  t1, 1b
  li    t2, '\n'
  sb    t2, 0(t0)
  li    t0, 0x5555
  sw    t0, 0(s0)
1:j     1b

fail_patch:
  li    t0, (__LINE__ << 16) | 0x3333
  j     fail
fail_div:
  li    t0, (__LINE__ << 16) | 0x3333
fail:
  sw    t0, 0(s0)
1:j     1b

/* a0 = the round; returns a checksum of every translated operation on edge values. */
ops:
  li    t0, 0x7fffffff
  li    t1, 0x80000000
  add   a1, t0, a0                  /* crosses the sign bit */
  sub   a2, t1, a0
  slt   a3, a1, a2
  sltu  a4, a1, a2
  slti  a5, a1, -5
  sltiu a6, a2, -5
  xor   a7, a1, a2
  or    t2, a1, a0
  and   t3, a2, a1
  xori  t4, a1, -1
  ori   t5, a0, 0x555
  andi  t6, a2, -16
  add   a0, a0, a3
  add   a0, a0, a4
  add   a0, a0, a5
  add   a0, a0, a6
  add   a0, a0, a7
  add   a0, a0, t2
  add   a0, a0, t3
  add   a0, a0, t4
  add   a0, a0, t5
  add   a0, a0, t6
  andi  t2, a0, 31
  sll   a3, a1, t2
  srl   a4, a2, t2
  sra   a5, a2, t2
  slli  a6, a1, 31
  srli  a7, a2, 0
  srai  t3, a2, 31
  add   a0, a0, a3
  add   a0, a0, a4
  add   a0, a0, a5
  add   a0, a0, a6
  add   a0, a0, a7
  add   a0, a0, t3
  li    t4, -7
  mul   a3, a1, t4
  mulh  a4, a1, t4
  mulhu a5, a2, t4
  mulhsu a6, t4, a2
  add   a0, a0, a3
  add   a0, a0, a4
  add   a0, a0, a5
  add   a0, a0, a6
  lui   a3, 0xfffff
  auipc a4, 0
  sub   a4, a4, a4                  /* (pc-relative: 0 whatever the address) */
  add   a0, a0, a3
  add   a0, a0, a4
  /* the signed and unsigned branches across the sign bit (a1 >= 0x7fffffff, a2 <= 0x80000000) */
  blt   a1, a2, 1f                  /* (not taken unless a1 wrapped) */
  addi  a0, a0, 3
1:
  bge   a2, a1, 1f                  /* (taken only when a1 wrapped) */
  addi  a0, a0, 5
1:
  bltu  a1, a2, 1f
  addi  a0, a0, 7
1:
  bgeu  a1, a2, 1f
  addi  a0, a0, 11
1:
  beq   a1, a2, 1f
  addi  a0, a0, 13
1:
  bne   a0, a0, 1f
  addi  a0, a0, 17
1:
  /* loads and stores of each size */
  sw    a1, 0(s1)
  sh    a2, 4(s1)
  sb    a0, 6(s1)
  sb    t0, 7(s1)
  lw    a3, 0(s1)
  lh    a4, 4(s1)
  lhu   a5, 4(s1)
  lb    a6, 6(s1)
  lbu   a7, 7(s1)
  lb    t3, 7(s1)
  add   a0, a0, a3
  add   a0, a0, a4
  add   a0, a0, a5
  add   a0, a0, a6
  add   a0, a0, a7
  add   a0, a0, t3
  fence
  ret

callee:
  addi  s6, s6, 3
  ret

  .balign 4
patched:
  .option push
  .option norvc
  addi  a0, a0, 0                   /* rewritten every round (32 bits: its immediate at 31:20) */
  .option pop
  ret

  .balign 256
handler:                            /* (t6 kept in mscratch: ops uses it) */
  csrw  mscratch, t6
  addi  s7, s7, 1
  lw    t6, 0(s5)
  addi  t6, t6, 2000
  andi  s8, s7, 63                  /* (varied: it lands elsewhere each time) */
  add   t6, t6, s8
  sw    t6, 0(s4)
  csrr  t6, mscratch
  mret

  .data
  .balign 64
data:
  .space 64
