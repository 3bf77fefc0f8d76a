/* Hazards across block boundaries on fall-through links, for tests/cli/link_costs.sh: the
 * compiled link costs must hold the next block's entry correction exactly as the long way
 * computes it. Three patterns, 2000 times round:
 *   1. a block cut after BLOCK_MAX_INSNS (64) instructions whose last one is a load, read by
 *      the first instruction of the next block (load-use: Ibex with writeback stage,
 *      CV32E40P; MicroBlaze V);
 *   2. a load, a branch not taken, then a read of the load's result (MicroBlaze V: a load is
 *      still in MEM / M0-M3 one and more instructions later);
 *   3. a load of a jump target, a branch not taken, then a JALR on it (CV32E40P's jump-register
 *      hazard on the instruction two before);
 *   4. a branch taken to the next instruction, then one not taken, each followed by a write of
 *      minstreth (Ibex with writeback stage: the write collides with the retirement of the
 *      branch not taken only, hart.last_branch_taken, which no followed link stores), then
 *      an instruction more or less by minstret's parity, so that a collision counted wrong
 *      changes the counts.
 * Ends by writing 0x5555 (pass) to the SiFive test device of the virt map. */
  .option norvc
  .option norelax
  .section .text.start, "ax"
  .globl _start
_start:
  lui   s0, 0x100                   /* the test device */
1:auipc s1, %pcrel_hi(data)
  addi  s1, s1, %pcrel_lo(1b)       /* s1 = &data */
  la    t0, target
  sw    t0, 4(s1)
  li    s2, 2000
loop:
  .rept 63
  addi  t1, t1, 1
  .endr
  lw    a0, 0(s1)                   /* the 64th instruction: the block ends here */
  add   a1, a0, a0                  /* pattern 1 */
  lw    a2, 0(s1)
  bne   a1, a1, loop                /* never taken */
  add   a3, a2, a2                  /* pattern 2 */
  lw    t2, 4(s1)
  bne   a3, a3, loop                /* never taken */
  jalr  ra, 0(t2)                   /* pattern 3 */
  beqz  zero, 3f                    /* pattern 4 */
3:csrw  minstreth, zero
  bnez  zero, 4f
4:csrw  minstreth, zero
  csrr  t4, minstret
  andi  t4, t4, 1
  beqz  t4, 5f
  addi  t5, t5, 1
5:
  addi  s2, s2, -1
  bne   s2, zero, loop
  li    t3, 0x5555
  sw    t3, 0(s0)
2:j     2b
target:
  lw    a4, 0(s1)
  bne   a4, a0, loop                /* never taken: a4 == a0 */
  add   a5, a4, a4                  /* pattern 2 again, before the return */
  ret

  .data
  .align 2
data:
  .word 7, 0
