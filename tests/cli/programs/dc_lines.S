/* MicroBlaze V's line TLB (src/hart/model_hits.h: the D-cache lines a load or store finds by
 * virtual address, without the model TLB or the tag) under everything that must make it
 * forget a line, for tests/cli/model_hits.sh (counts against the models alone) and by itself
 * (the data each load returns, checked here):
 *   1. a line evicted by its conflict 8 KiB on (load and store entries forgotten: the store
 *      after it misses, the load misses again);
 *   2. CBO.INVAL, CBO.FLUSH and CBO.CLEAN of lines the line TLB holds, FENCE.I;
 *   3. Sv32 with 4 KiB pages: an alias whose set bits differ from the physical ones (never in
 *      the line TLB) and one whose set bits equal them, both on the same physical lines;
 *      stores through one alias read back through the other;
 *   4. a page table entry changed to another page, then SFENCE.VMA: the next load reads the
 *      new page;
 *   5. two virtual pages that take the same model TLB entry in turn;
 *   6. M mode with MPRV (loads through S mode's translation) and without, in turn, then S
 *      mode, at a virtual address that S mode maps to another page than M mode's bare one.
 * Exits through the SiFive test device: 0x5555 on success, code << 16 | 0x3333 on the first
 * failed check (code: its number). */
  .option norvc
  .section .text.start, "ax"
  .globl _start
_start:
  la    t0, skip                    /* PMP: all of memory for S mode, where there is a PMP */
  csrw  mtvec, t0
  li    t0, -1
  csrw  pmpaddr0, t0
  li    t0, 0x1f                    /* NAPOT, R W X */
  csrw  pmpcfg0, t0
  la    t0, mtrap
  csrw  mtvec, t0
  la    s1, pagea                   /* 8 KiB aligned: physical bit 12 clear */
  li    s2, 8192
  /* Words of the pages: pagea[i] = 0x1000 + i, pageb[i] = 0x2000 + i, pagec[i] = 0x3000 + i */
  li    t0, 0
  li    t1, 3 * 1024
  mv    t2, s1
1:srli  t3, t0, 10
  addi  t3, t3, 1
  slli  t3, t3, 12
  andi  t4, t0, 1023
  or    t3, t3, t4
  sw    t3, 0(t2)
  addi  t2, t2, 4
  addi  t0, t0, 1
  bne   t0, t1, 1b

  /* 1. A line, its conflict, and back (pagec is pagea + 8 KiB: the same set). */
  li    gp, 1
  lw    a0, 0(s1)                   /* miss: filled, in the line TLB */
  lw    a0, 4(s1)                   /* hit through the line TLB */
  li    t0, 0x1001
  bne   a0, t0, fail
  sw    a0, 8(s1)                   /* store hit: in the store line TLB */
  sw    a0, 8(s1)                   /* through it */
  add   t1, s1, s2
  lw    a1, 0x400(t1)               /* pagec's page in the model TLB (another set) */
  lw    a1, 0(t1)                   /* an inline fill of the same set: pagea's line forgotten */
  li    t0, 0x3000
  bne   a1, t0, fail
  li    gp, 2
  sw    a0, 12(s1)                  /* must miss now */
  lw    a2, 12(s1)                  /* a miss again */
  bne   a2, a0, fail
  lw    a2, 0(t1)                   /* pagec's line back out */
  bne   a2, t0, fail
  /* Stores to a line the cache does not hold (write-through: no allocation), twice: the
   * second through the store line TLB, a miss again; a load fills it; a store hits. */
  sw    a2, 0x200(t1)
  sw    a2, 0x204(t1)
  lw    a3, 0x208(t1)
  sw    a2, 0x208(t1)
  lw    a3, 0x204(t1)
  bne   a3, a2, fail
  /* A sweep over 64 lines of pagea and pagec in turn, loads and stores, three times. */
  li    gp, 3
  li    s3, 3
3:li    t2, 0
4:add   t3, s1, t2
  lw    a0, 0(t3)
  sw    a0, 4(t3)
  add   t4, t3, s2
  lw    a1, 0(t4)
  sw    a1, 4(t4)
  lw    a2, 4(t3)
  bne   a2, a0, fail
  addi  t2, t2, 16
  li    t5, 1024
  bne   t2, t5, 4b
  addi  s3, s3, -1
  bnez  s3, 3b

  /* 2. Cache operations on lines the line TLB holds. */
  li    gp, 4
  addi  t3, s1, 32
  lw    a0, 0(t3)
  lw    a0, 0(t3)
  sw    a0, 4(t3)
  .insn i 0x0f, 2, x0, 0(t3)        /* cbo.inval */
  lw    a1, 0(t3)                   /* a miss */
  bne   a1, a0, fail
  sw    a1, 4(t3)                   /* a hit: the load filled it again */
  .insn i 0x0f, 2, x0, 2(t3)        /* cbo.flush */
  sw    a1, 4(t3)                   /* a miss */
  lw    a1, 0(t3)
  .insn i 0x0f, 2, x0, 1(t3)        /* cbo.clean: the line stays */
  lw    a1, 0(t3)                   /* a hit */
  bne   a1, a0, fail
  fence.i                           /* every line goes */
  lw    a1, 0(t3)                   /* a miss */
  bne   a1, a0, fail

  /* 3. Sv32, 4 KiB pages: root[0x200] maps 0x80000000 (code, data, tables) as itself; root[0x100]
   * points at l2, whose entries map 0x40000000 + i * 4 KiB. */
  li    gp, 5
  la    s4, root
  la    s5, l2
  li    t0, 0x80000000 >> 2         /* PPN 0x80000 << 10 */
  ori   t0, t0, 0xcf                /* V R W X A D */
  li    t1, 0x200*4
  add   t1, t1, s4
  sw    t0, 0(t1)
  srli  t0, s5, 12
  slli  t0, t0, 10
  ori   t0, t0, 1                   /* V: next level */
  sw    t0, 0x100*4(s4)
  mv    a0, s1                      /* l2[0]: pagea (virtual and physical set bits alike) */
  li    a1, 0
  jal   ra, map
  mv    a0, s1                      /* l2[1]: pagea again (virtual bit 12 set, physical not) */
  li    a1, 1
  jal   ra, map
  li    t0, 4096
  add   a0, s1, t0                  /* l2[2]: pageb (virtual bit 12 clear, physical set) */
  li    a1, 2
  jal   ra, map
  mv    a0, s1                      /* l2[4]: pagea a third time, bits alike */
  li    a1, 4
  jal   ra, map
  add   a0, s1, s2                  /* l2[0x100]: pagec; the model TLB entry of l2[0] */
  li    a1, 0x100
  jal   ra, map
  srli  t0, s4, 12
  li    t1, 0x80000000              /* MODE = Sv32 */
  or    t0, t0, t1
  csrw  satp, t0
  sfence.vma
  /* 6 (first half). M mode, MPRV with MPP = S: loads through the aliases. */
  li    gp, 6
  li    t0, 0x1800
  csrc  mstatus, t0
  li    t0, 0x800                   /* MPP = S */
  csrs  mstatus, t0
  li    t0, 0x20000                 /* MPRV */
  li    s6, 0x40000000
  li    s8, 0x40001000              /* s8: l2[1], s9: l2[4], s10: l2[2] */
  li    s9, 0x40004000
  li    s10, 0x40002000
  csrs  mstatus, t0
  lw    a0, 0(s6)                   /* pagea[0] through l2[0] */
  csrc  mstatus, t0
  lw    a1, 0(s1)                   /* the same line, bare */
  bne   a0, a1, fail
  csrs  mstatus, t0
  lw    a2, 4(s8)                   /* pagea[1] through l2[1] */
  csrc  mstatus, t0
  lw    a3, 4(s1)
  bne   a2, a3, fail
  /* root[0x201] maps 0x80400000 to the megapage at 0x80000000: pagea + 4 MiB reads pagea
   * under MPRV, and the RAM 4 MiB on (zero) bare; the two take the same line TLB entry. */
  li    gp, 12
  li    t1, 0x80000000 >> 2
  ori   t1, t1, 0xcf
  li    t2, 0x201*4
  add   t2, t2, s4
  sw    t1, 0(t2)
  sfence.vma
  li    t2, 0x400000
  add   t2, t2, s1                  /* pagea + 4 MiB */
  lw    a0, 40(t2)                  /* bare: 0 (the page's first load: the slow path) */
  lw    a0, 40(t2)                  /* bare: 0, in the line TLB */
  bnez  a0, fail
  csrs  mstatus, t0
  lw    a1, 32(t2)                  /* MPRV: pagea[8] (the page's first load) */
  lw    a1, 40(t2)                  /* MPRV: pagea[10] */
  csrc  mstatus, t0
  li    t1, 0x100a
  bne   a1, t1, fail
  lw    a0, 40(t2)                  /* bare again: 0 (the slow path after MPRV's flush) */
  lw    a0, 44(t2)                  /* bare: 0, in the line TLB */
  bnez  a0, fail
  la    t0, smode
  csrw  mepc, t0
  mret

smode:
  li    gp, 14                      /* S mode: the same address reads pagea[10] */
  lw    a0, 40(t2)
  li    t1, 0x100a
  bne   a0, t1, fail
  li    gp, 7
  lw    a0, 0(s6)                   /* pagea[0] through l2[0]: a line the line TLB takes */
  lw    a1, 0(s8)                   /* the same line through l2[1]: never in the line TLB */
  bne   a0, a1, fail
  lw    a2, 0(s9)                   /* and through l2[4]: same set, another virtual line */
  bne   a0, a2, fail
  lw    a0, 0(s6)                   /* through l2[0] again */
  bne   a0, a2, fail
  /* pagea's line 48 through l2[1] (never in the line TLB: its set is that of 48 + 4 KiB),
   * then pagec's line 48 evicts it (identity map, the page's TLB entry made first), then
   * l2[1] again: a miss. */
  li    gp, 13
  lw    a0, 48(s8)
  lw    a0, 52(s8)
  add   t1, s1, s2
  lw    a1, 0x400(t1)
  lw    a1, 48(t1)
  lw    a2, 48(s8)
  li    t0, 0x100c
  bne   a2, t0, fail
  li    gp, 8
  li    t0, 0x5a5a
  sw    t0, 20(s8)                  /* a store through l2[1] ... */
  lw    a0, 20(s6)                  /* ... read through l2[0] and l2[4] */
  bne   a0, t0, fail
  lw    a0, 20(s9)
  bne   a0, t0, fail
  sw    a0, 24(s9)                  /* a store hit through l2[4] */
  lw    a1, 24(s6)
  bne   a1, t0, fail
  li    t1, 0x2003
  lw    a0, 12(s10)                 /* pageb[3] through l2[2] */
  bne   a0, t1, fail
  /* A sweep of 64 lines through every alias in turn. */
  li    gp, 9
  li    t2, 0
5:add   t3, s6, t2
  lw    a0, 0(t3)
  li    t4, 0x1000
  add   t4, t3, t4
  lw    a1, 0(t4)
  bne   a0, a1, fail
  li    t4, 0x4000
  add   t4, t3, t4
  sw    a1, 0(t4)
  lw    a2, 0(t3)
  bne   a2, a1, fail
  addi  t2, t2, 16
  li    t5, 1024
  bne   t2, t5, 5b

  /* 4. l2[0] changed to pageb, then SFENCE.VMA: the next load through it reads pageb. */
  li    gp, 10
  lw    a0, 28(s6)                  /* pagea[7], in the line TLB */
  li    t0, 0x1007
  bne   a0, t0, fail
  li    t0, 4096
  add   a0, s1, t0
  li    a1, 0
  jal   ra, map
  sfence.vma
  lw    a0, 28(s6)                  /* pageb[7] now */
  li    t0, 0x2007
  bne   a0, t0, fail
  sw    a0, 32(s6)                  /* pageb[8] = 0x2007 */
  li    t0, 4096
  add   t1, s1, t0
  lw    a1, 32(t1)                  /* through the identity map */
  bne   a1, a0, fail

  /* 5. 0x40000000 and 0x40100000 take the same model TLB entry: in turn, each load misses
   * that TLB and must not find the other page's lines. */
  li    gp, 11
  li    s7, 0x40100000
  li    t2, 0
6:add   t3, s6, t2
  lw    a0, 0(t3)                   /* pageb */
  add   t3, s7, t2
  lw    a1, 0(t3)                   /* pagec */
  srli  a0, a0, 12
  srli  a1, a1, 12
  li    t0, 2
  bne   a0, t0, fail
  li    t0, 3
  bne   a1, t0, fail
  addi  t2, t2, 64
  li    t5, 1024
  bne   t2, t5, 6b
  li    gp, 0
  ecall

fail:
  ecall

/* l2[a1] = the page at a0, V R W A D (S mode's loads and stores). */
map:
  srli  t0, a0, 12
  slli  t0, t0, 10
  ori   t0, t0, 0xc7
  slli  t1, a1, 2
  add   t1, t1, s5
  sw    t0, 0(t1)
  ret

skip:                               /* an illegal CSR: go on after it */
  csrr  t6, mepc
  addi  t6, t6, 4
  csrw  mepc, t6
  mret

mtrap:                              /* gp: 0 = pass, else the failed check */
  lui   s0, 0x100
  li    t3, 0x5555
  beqz  gp, 7f
  slli  t3, gp, 16
  li    t4, 0x3333
  or    t3, t3, t4
7:sw    t3, 0(s0)
8:j     8b

  .bss
  .align 12
root:
  .space 4096
l2:
  .space 4096
  .align 13
pagea:                              /* pagea, pageb, pagec: 4 KiB each */
  .space 3 * 4096
