/* MicroBlaze V's inline model paths under Sv32, for tests/cli/model_hits.sh: S mode with
 * translation on, every load and store through a megapage alias (virtual 0x40000000 ->
 * physical 0x80000000), so that the D-cache sees physical lines that differ from the virtual
 * addresses; a stride over 16 KiB (twice the default D-cache) so that loads miss and fill;
 * a call and return; branches of period 1, 2 and 4, whose BTC counters flip between
 * saturated and not. Ends with an ECALL to M mode, which writes 0x5555 (pass) to the SiFive
 * test device of the virt map. */
  .option norvc
  .section .text.start, "ax"
  .globl _start
_start:
  la    t0, root
  li    t1, 0x80000000 >> 2         /* PPN 0x80000 << 10 */
  ori   t1, t1, 0xcf                /* V R W X A D */
  li    t2, 0x200*4
  add   t2, t2, t0
  sw    t1, 0(t2)                   /* 0x80000000: identity (code, the page table) */
  sw    t1, 0x100*4(t0)             /* 0x40000000: the alias */
  srli  t1, t0, 12
  li    t2, 0x80000000              /* MODE = Sv32 */
  or    t1, t1, t2
  csrw  satp, t1
  sfence.vma
  la    t0, mtrap
  csrw  mtvec, t0
  li    t0, 0x1800
  csrc  mstatus, t0
  li    t0, 0x800                   /* MPP = S */
  csrs  mstatus, t0
  la    t0, smode
  csrw  mepc, t0
  mret

smode:
  la    s1, buf
  li    t0, 0x40000000
  sub   s1, s1, t0                  /* the alias of buf */
  li    s2, 3000
  li    s4, 0
loop:
  add   t0, s1, s4
  lw    a0, 0(t0)
  lw    a1, 64(s1)
  add   a0, a0, a1
  sw    a0, 0(t0)
  sw    s2, 128(s1)
  jal   ra, step
  andi  t1, s2, 3
  beqz  t1, 1f                      /* taken one time in 4 */
  addi  a2, a2, 1
1:andi  t1, s2, 1
  bnez  t1, 2f                      /* taken every other time */
  addi  a3, a3, 1
2:addi  s2, s2, -1
  bnez  s2, loop
  ecall

step:                               /* s4 = (s4 + 528) mod 16 KiB */
  addi  s4, s4, 528
  li    t2, 0x3fff
  and   s4, s4, t2
  lw    a4, 0(s1)
  ret

mtrap:
  lui   s0, 0x100
  li    t3, 0x5555
  sw    t3, 0(s0)
3:j     3b

  .bss
  .align 12
root:
  .space 4096
buf:
  .space 16384 + 256
