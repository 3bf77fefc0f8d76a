/* Precise traps in instruction pairs that rvpmu runs as one dispatch (src/isa/fused.def), for
 * tests/cli/fuse.sh, on every core (M mode only, no MMU: Ibex and CV32E40P run it too; the
 * page faults are in tests/guest/fused_faults.c). Each pair is followed by a jump, so that it
 * is the pair its block ends with. 100 rounds of:
 *   1. ADDI; LW from an address with nothing behind it: the LW raises a load access fault
 *      (mepc on it, mtval its address), the ADDI's result stays, the LW's destination too;
 *   2. ADD; LW on the register the ADD wrote: the same;
 *   3. LW; LW: the first loads, the second faults;
 *   4. SW; SW: the first stores, the second raises a store access fault;
 *   5. ADDI; SW: the same after an ADDI;
 *   6. LW; BNE on the loaded register: the LW faults, the branch then runs not taken;
 *   7. LW; BEQ: the load works and the branch is taken;
 *   8. ADDI; LW misaligned: a load-misaligned trap on the LW, or the right value on a core
 *      that handles it (Ibex, CV32E40P).
 * (mtval is read-only zero on CV32E40P: 0 is expected there.) The trap handler keeps mcause in s4, mepc in s5, mtval in s6 and counts traps in s7. Ends by
 * writing 0x5555 (pass) or line << 16 | 0x3333 (fail at that line) to the SiFive test device
 * of the virt map. */
  .option norvc
  .option norelax
#define NOTHING 0x40000000 /* no device or memory on the virt map */

/* Fails the test (exit code = this line) unless REG == VALUE. */
.macro expect reg, value
  li    t6, \value
  beq   \reg, t6, 9f
  li    t6, (__LINE__ << 16) | 0x3333
  sw    t6, 0(s0)
8:j     8b
9:
.endm

/* One trap was taken, at LABEL, with CAUSE and mtval in REG (0 where mtval is read-only zero,
 * as on CV32E40P: s9 = 0). */
.macro expect_trap label, cause, tval
  addi  s8, s8, 1
  bne   s7, s8, 7f
  li    t6, \cause
  bne   s4, t6, 7f
  la    t6, \label
  bne   s5, t6, 7f
  bnez  s9, 6f
  beqz  s6, 9f
  j     7f
6:beq   s6, \tval, 9f
7:li    t6, (__LINE__ << 16) | 0x3333
  sw    t6, 0(s0)
8:j     8b
9:
.endm

  .section .text.start, "ax"
  .globl _start
_start:
  la    t0, handler
  csrw  mtvec, t0
  lui   s0, 0x100                   /* the test device */
  la    s1, data
  li    s2, 100                     /* rounds */
  li    s3, NOTHING
  li    s7, 0                       /* traps taken */
  li    s8, 0                       /* traps expected */
  li    t0, 1
  csrw  mtval, t0
  csrr  s9, mtval                   /* s9 = 0: mtval is read-only zero */
round:
  /* 1. */
  li    a0, 5
  li    a1, 0x1234
  addi  a0, a0, 3
f1:
  lw    a1, 0(s3)
  j     1f
1:expect_trap f1, 5, s3
  expect a0, 8
  expect a1, 0x1234
  /* 2. */
  addi  a2, s3, -8
  li    t0, 8
  add   a2, a2, t0
f2:
  lw    a1, 0(a2)
  j     1f
1:expect_trap f2, 5, s3
  expect a2, NOTHING
  expect a1, 0x1234
  /* 3. */
  lw    a0, 8(s1)
f3:
  lw    a1, 4(s3)
  j     1f
1:addi  t0, s3, 4
  expect_trap f3, 5, t0
  expect a0, 77
  expect a1, 0x1234
  /* 4. */
  sw    s2, 12(s1)
f4:
  sw    s2, 0(s3)
  j     1f
1:expect_trap f4, 7, s3
  lw    a0, 12(s1)
  bne   a0, s2, fail
  /* 5. */
  li    a0, 1
  addi  a0, a0, 41
f5:
  sw    a0, 8(s3)
  j     1f
1:addi  t0, s3, 8
  expect_trap f5, 7, t0
  expect a0, 42
  /* 6. */
  li    a1, 0
f6:
  lw    a1, 0(s3)
  bnez  a1, fail
  expect_trap f6, 5, s3
  /* 7. */
  li    t0, 77
  lw    a1, 8(s1)
  beq   a1, t0, 1f
  j     fail
1:
  /* 8. */
  li    a0, 0
  li    a1, 0
  mv    t1, s7
  addi  a0, a0, 1
f8:
  lw    a1, 1(s1)
  j     1f
1:expect a0, 1
  beq   s7, t1, 2f                  /* no trap: the core loads misaligned words */
  addi  t0, s1, 1
  expect_trap f8, 4, t0
  expect a1, 0
  j     3f
2:expect a1, 0x55443322
3:
  addi  s2, s2, -1
  bnez  s2, round
  li    t6, 0x5555
  sw    t6, 0(s0)
4:j     4b
fail:
  li    t6, (__LINE__ << 16) | 0x3333
  sw    t6, 0(s0)
5:j     5b

/* Exceptions only: records the trap and resumes after the instruction (all are 4 bytes).
 * Aligned for Ibex, whose mtvec is vectored with a 256-byte aligned base. */
  .balign 256
handler:
  csrr  s4, mcause
  csrr  s5, mepc
  csrr  s6, mtval
  addi  s7, s7, 1
  addi  t6, s5, 4
  csrw  mepc, t6
  mret

  .data
  .balign 16
data:
  .word 0x44332211, 0x88776655, 77, 0
