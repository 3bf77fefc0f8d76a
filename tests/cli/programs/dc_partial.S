/* Loads and stores whose data-cache events MicroBlaze V's blocks count statically (the inline
 * data paths, src/hart/model_hits.h "Static counts"), in blocks that do not retire whole or
 * hold accesses counted another way, for tests/cli/model_hits.sh (which compares every count
 * with the models alone, RVPMU_NO_MODEL_HITS=1, also stopped at every instruction of the
 * first rounds). M mode, no MMU, the virt map. 60 rounds, each of blocks with RAM loads and
 * stores (integer and FP) around:
 *   1. a load and a store of the CLINT (uncached device accesses: the slow path);
 *   2. a misaligned load and a misaligned store (traps: they do not retire);
 *   3. a load and a store with nothing behind them (access faults);
 *   4. an FLW with mstatus.FS off (illegal instruction);
 *   5. loads that miss (a stride of the cache's size) and a store to a line not present;
 * while a machine timer interrupt, re-armed 53 cycles ahead by its handler, lands anywhere
 * (blocks then run stepped). The trap handler skips a faulting instruction (mepc + 4), sets
 * FS again, and counts traps in s7. Ends by writing 0x5555 (pass) or line << 16 | 0x3333
 * (fail at that line) to the SiFive test device. */
  .option norvc
  .option norelax
#define NOTHING 0x40000000   /* no device or memory on the virt map */
#define CLINT_MTIMECMP 0x2004000
#define CLINT_MTIME 0x200bff8
#define MSTATUS_FS 0x6000

  .section .text.start, "ax"
  .globl _start
_start:
  la    t0, handler
  csrw  mtvec, t0
  lui   s0, 0x100                   /* the test device */
  la    s1, data
  li    s2, 60                      /* rounds */
  li    s3, NOTHING
  li    s4, CLINT_MTIMECMP
  li    s5, CLINT_MTIME
  li    s7, 0                       /* traps taken */
  li    t0, MSTATUS_FS
  csrs  mstatus, t0
  /* the first timer interrupt 53 cycles from now; then the handler re-arms it */
  lw    t0, 0(s5)
  addi  t0, t0, 53
  sw    zero, 4(s4)
  sw    t0, 0(s4)
  li    t0, 0x80                    /* MTIE */
  csrw  mie, t0
  csrsi mstatus, 8                  /* MIE */
round:
  /* 1. device accesses between RAM ones */
  lw    a0, 0(s1)
  sw    a0, 8(s1)
  lw    a1, 0(s5)                   /* mtime: uncached */
  lw    a2, 4(s1)
  sw    zero, 4(s4)                 /* mtimecmp's high half: 0 (a device store) */
  lw    a3, 8(s1)
  sw    a3, 12(s1)
  j     1f
1:
  /* 2. misaligned load and store */
  lw    a0, 16(s1)
  lw    a1, 2(s1)                   /* load misaligned: skipped */
  sw    a0, 20(s1)
  sw    a0, 6(s1)                   /* store misaligned: skipped */
  lw    a2, 24(s1)
  j     2f
2:
  /* 3. access faults */
  lw    a0, 28(s1)
  sw    a0, 32(s1)
  lw    a1, 0(s3)                   /* load access fault: skipped */
  lw    a2, 36(s1)
  sw    a2, 0(s3)                   /* store access fault: skipped */
  sw    a2, 40(s1)
  j     3f
3:
  /* 4. FP loads and stores, then an FLW with FS off */
  flw   fa0, 0(s1)
  fsw   fa0, 44(s1)
  li    t0, MSTATUS_FS
  csrc  mstatus, t0
  j     4f
4:
  lw    a0, 48(s1)
  flw   fa1, 4(s1)                  /* illegal (FS off): the handler sets FS, skips it */
  lw    a1, 52(s1)
  fsw   fa0, 56(s1)
  j     5f
5:
  /* 5. misses: 8 KiB apart (the default data cache's size), then a store to a new line */
  li    t1, 8192
  add   t2, s1, t1
  lw    a0, 64(s1)
  lw    a1, 64(t2)
  lw    a2, 64(s1)
  sw    a2, 128(t2)
  lh    a3, 66(t2)
  lbu   a4, 67(s1)
  sb    a4, 130(t2)
  sh    a4, 132(s1)
  addi  s2, s2, -1
  bnez  s2, round
  /* traps: 5 per round (2 misaligned, 2 access faults, 1 illegal) plus the timer's */
  li    t0, 300
  bltu  s7, t0, fail
  li    t0, 0x5555
  sw    t0, 0(s0)
9:j     9b
fail:
  li    t0, (__LINE__ << 16) | 0x3333
  sw    t0, 0(s0)
8:j     8b

  .align 2
handler:
  addi  s7, s7, 1
  csrr  t3, mcause
  bltz  t3, timer
  csrr  t3, mepc
  addi  t3, t3, 4
  csrw  mepc, t3
  li    t3, MSTATUS_FS
  csrs  mstatus, t3
  mret
timer:
  lw    t3, 0(s5)
  addi  t3, t3, 53
  sw    t3, 0(s4)
  mret

  .data
  .align 6
data:
  .fill 4096, 4, 0x3f800001
