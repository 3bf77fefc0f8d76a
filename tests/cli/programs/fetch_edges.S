/* The edges of MicroBlaze V's block ends that the timed dispatch loop counts inline (the fetch
 * folded into link costs, the BTC compared through the link: src/hart/model_hits.h), for
 * tests/cli/model_hits.sh, which compares every count with the models alone
 * (RVPMU_NO_MODEL_HITS=1), also stopped at every instruction of the first rounds. M mode, no
 * MMU, the virt map, RVC on. 24 rounds, each of:
 *   1. a loop of blocks that end in the middle of a 32-bit word and blocks that start there
 *      (sequential fetch has their first word already): a compressed branch to its own
 *      fall-through, taken or not by turns; a 32-bit branch at 2 mod 4; a compressed jump
 *      to 2 mod 4; a straight run of 70 compressed instructions, cut at 64;
 *   2. three functions 8 KiB apart (the same set of the default I-cache, and of the small
 *      ones) called in turn, so that every call evicts the lines of the one before while the
 *      links to and from them exist (the I-cache generation moves on under them); each
 *      takes a misaligned load (a trap cuts its block) and an ECALL;
 *   3. two conditional branches, a JAL and returns 1 KiB apart (the same BTC entry with 16
 *      or 512 entries) run by turns: each replaces the entry of the other, saturated or not;
 * while a machine timer interrupt, re-armed 37 ticks ahead by its handler, lands anywhere
 * (blocks then run stepped). The handler skips a faulting instruction (mepc + 4) and counts
 * traps in s7. Ends by writing 0x5555 (pass) or line << 16 | 0x3333 (fail at that line) to the
 * SiFive test device. */
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
  li    s2, 24                      /* rounds */
  li    s4, CLINT_MTIMECMP
  li    s5, CLINT_MTIME
  li    s7, 0                       /* traps taken */
  /* the first timer interrupt 37 ticks from now; then the handler re-arms it */
  lw    t0, 0(s5)
  addi  t0, t0, 37
  sw    zero, 4(s4)
  sw    t0, 0(s4)
  li    t0, 0x80                    /* MTIE */
  csrw  mie, t0
  csrsi mstatus, 8                  /* MIE */
round:
  li    a0, 9
  jal   midword
  li    a1, 3
1:
  jal   fa
  jal   fb
  jal   fc
  addi  a1, a1, -1
  bnez  a1, 1b
  jal   aliased
  addi  s2, s2, -1
  bnez  s2, round
  /* traps: 2 per call of fa, fb, fc (9 per round) plus the timer's */
  li    t0, 24 * 18
  bltu  s7, t0, fail
  li    t0, 0x5555
  sw    t0, 0(s0)
9:j     9b
fail:
  li    t0, (__LINE__ << 16) | 0x3333
  sw    t0, 0(s0)
8:j     8b

  /* 1. blocks that end and start in the middle of a word; a0 iterations */
  .balign 4
midword:
  andi  a5, a0, 1                   /* +0 */
  c.bnez a5, 1f                     /* +4: ends at +6, the target is its fall-through */
  .option push
  .option norvc
1:addi  a3, a3, 3                   /* +6: a 32-bit instruction at 2 mod 4 */
  .option pop
  c.addi a3, 1                      /* +10 */
  .option push
  .option norvc
  beq   a5, zero, 2f                /* +12 */
  .option pop
  c.nop                             /* +16 */
  .option push
  .option norvc
  bne   a5, zero, 3f                /* +18: a 32-bit branch at 2 mod 4, ends at +22 */
  .option pop
2:c.addi a3, -1                     /* +22 */
3:c.addi a3, 2                      /* +24 */
  c.j   4f                          /* +26: ends at +28 */
  c.nop
4:c.addi a3, 1                      /* +30: the jump's target at 2 mod 4 */
  .rept 70                          /* cut after 64 instructions, in the middle of a word */
  c.addi a3, 1
  .endr
  addi  a0, a0, -1
  bnez  a0, midword
  ret

  /* 3. branches, a JAL and returns sharing a BTC entry: a2 counts down */
aliased:
  mv    s6, ra
  li    a2, 12
1:
  andi  t0, a2, 3
  jal   p1
  bnez  t0, 2f                      /* p2 and p3 one round in four */
  jal   p2
  jal   p3
2:
  andi  t0, a2, 1
  beqz  t0, 3f
  jal   p3                          /* and p3 every other */
3:
  addi  a2, a2, -1
  bnez  a2, 1b
  mv    ra, s6
  ret

  /* 2. three functions 8 KiB apart: the same I-cache set */
  .balign 8192
fa:
  addi  t0, t0, 1
  andi  t1, t0, 3
  beqz  t1, 1f
  addi  t2, t2, 1
1:lw    a4, 1(s1)                   /* misaligned: a trap cuts the block, skipped */
  addi  t2, t2, 2
  ecall                             /* skipped */
  addi  t2, t2, 3
  ret
  .balign 1024
p1:
  bnez  t0, 1f                      /* taken three times in four */
  addi  t2, t2, 1
1:ret
  .balign 1024
p2:
  bnez  a2, 1f                      /* always taken: the same entry as p1's branch */
  addi  t2, t2, 1
1:ret
  .balign 1024
p3:
  jal   zero, 1f                    /* a JAL in the same entry */
1:ret

  .balign 8192
fb:
  addi  t0, t0, 2
  andi  t1, t0, 3
  bnez  t1, 1f
  addi  t2, t2, 1
1:lw    a4, 1(s1)
  addi  t2, t2, 2
  ecall
  addi  t2, t2, 3
  ret

  .balign 8192
fc:
  addi  t0, t0, 3
  andi  t1, t0, 7
  bnez  t1, 1f
  addi  t2, t2, 1
1:lw    a4, 1(s1)
  addi  t2, t2, 2
  ecall
  addi  t2, t2, 3
  ret

  .balign 4
handler:
  addi  s7, s7, 1
  csrr  t3, mcause
  bltz  t3, timer
  csrr  t3, mepc
  addi  t3, t3, 4
  csrw  mepc, t3
  mret
timer:
  lw    t3, 0(s5)
  addi  t3, t3, 37
  sw    t3, 0(s4)
  mret

  .data
  .align 6
data:
  .fill 64, 4, 0
