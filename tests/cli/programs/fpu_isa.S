/* misa and F instructions as a core presents them (tests/cli/cv32e40p_fpu.sh).
 * misa.F set: enables FS, checks 1.0 / 4.0 = 0.25 and sqrt(2.25) = 1.5, then exits 0
 * (SiFive test device 0x5555), or 1 if a result is wrong.
 * misa.F clear: executes fadd.s, which must raise illegal instruction: exits 7 from the
 * handler (mcause 2), 8 for another cause, 9 if fadd.s did not trap. The handler sits at a
 * 256-byte boundary, which CV32E40P's mtvec needs. */
  .option norvc
  .option norelax
  .attribute arch, "rv32imf"
  .section .text.start, "ax"
  .globl _start
_start:
  lui   t0, 0x100                   /* the test device */
  la    t1, trap
  csrw  mtvec, t1
  csrr  t1, misa
  andi  t1, t1, 1 << 5              /* F */
  beqz  t1, no_f
  li    t1, 1 << 13                 /* mstatus.FS = Initial */
  csrs  mstatus, t1
  li    t1, 0x3f800000              /* 1.0 */
  fmv.w.x f1, t1
  li    t1, 0x40800000              /* 4.0 */
  fmv.w.x f2, t1
  fdiv.s f3, f1, f2
  fmv.x.w t2, f3
  li    t1, 0x3e800000              /* 0.25 */
  bne   t1, t2, fail
  li    t1, 0x40100000              /* 2.25 */
  fmv.w.x f4, t1
  fsqrt.s f5, f4
  fmv.x.w t2, f5
  li    t1, 0x3fc00000              /* 1.5 */
  bne   t1, t2, fail
  li    t1, 0x5555
  sw    t1, 0(t0)
1:j     1b
fail:
  li    t1, 1 << 16 | 0x3333
  sw    t1, 0(t0)
1:j     1b
no_f:
  fadd.s f1, f1, f1
  li    t1, 9 << 16 | 0x3333
  sw    t1, 0(t0)
1:j     1b
  /* CV32E40P's mtvec keeps bits 31:8 (vectored mode): exceptions go to the base */
  .balign 256
trap:
  csrr  t2, mcause
  li    t1, 2
  bne   t1, t2, 2f
  li    t1, 7 << 16 | 0x3333
  sw    t1, 0(t0)
1:j     1b
2:li    t1, 8 << 16 | 0x3333
  sw    t1, 0(t0)
1:j     1b
