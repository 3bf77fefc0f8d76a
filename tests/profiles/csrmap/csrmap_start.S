/* Start-up, trap vector and CSR accessor table of the CSR-map walk (csrmap.c).
 *
 * CSR instructions name their CSR in the immediate, so every address 0x000..0xfff gets two
 * stubs: csrmap_read[n] ("csrrs a0, n, x0; ret") and csrmap_write[n] ("csrrw a0, n, a1;
 * ret"), 8 bytes each. The caller sets t1 = 0 and calls a stub through t2; an illegal
 * instruction trap sets t1 = 1 and returns straight to the caller (mepc = ra), so one
 * register says whether the access trapped (the write stubs of the PMP CSRs that cannot be
 * restored jump to guarded ones, csrmap_guard.S). Only t0 and t1 are used by the handler: no
 * CSR under test (mscratch included) is touched on the way. */
#include "platform.h"
.option norelax
.option norvc

  .section .vectors, "ax"
  .globl _vectors
_vectors:
  j     csrmap_trap              /* 0: exceptions */
  .rept 31
  j     csrmap_fatal             /* 1..31: interrupts (none is enabled) */
  .endr

#if defined(PLATFORM_IBEX)
  .org 0x80
#else
  .org 0x180
#endif
  .globl _start
_start:
  la    sp, __stack_top
  la    t0, _vectors
  ori   t0, t0, 1                /* vectored (Ibex: the only mode; fixed base) */
  csrw  mtvec, t0
  li    t0, -1
  csrw  mcountinhibit, t0        /* counters frozen: the walk reads fixed values */
  li    t0, 1 << 13
  csrs  mstatus, t0              /* FS = Initial where there is an FPU: fcsr & co. readable */
  jal   ra, csrmap_main
1:j     1b

/* Illegal instruction (cause 2) from a stub: flag it, resume at the stub's caller.
 * Ibex: also records cpuctrlsts as the handler sees it (csrmap_exc_sts), and when
 * csrmap_nest is set, clears it and raises a second illegal instruction before returning
 * (a double fault: sync_exc_seen is still set). */
csrmap_trap:
  csrr  t0, mcause
  addi  t0, t0, -2
  bnez  t0, csrmap_fatal
#if defined(PLATFORM_IBEX)
  la    t0, csrmap_exc_sts
  csrr  t1, 0x7c0
  sw    t1, 0(t0)
  la    t0, csrmap_nest
  lw    t1, 0(t0)
  beqz  t1, 1f
  sw    zero, 0(t0)
  csrr  t1, dcsr                 /* illegal outside debug mode: traps again, from here */
1:
#endif
  li    t1, 1
  csrw  mepc, ra
  mret

  .section .data
  .balign 4
  .globl csrmap_exc_sts, csrmap_nest
csrmap_exc_sts:
  .word 0
csrmap_nest:
  .word 0
  .section .text

csrmap_fatal:
  csrr  a0, mcause
  csrr  a1, mepc
  jal   ra, csrmap_die
1:j     1b

  .section .text.csrmap_stubs, "ax"
  .balign 8
  .globl csrmap_read
csrmap_read:
  .set n, 0
  .rept 4096
  csrrs a0, n, x0
  jalr  x0, 0(ra)
  .set n, n + 1
  .endr

  .globl csrmap_write
csrmap_write:
  .set n, 0
  .rept 4096
  .if n >= 0x3a0 && n <= 0x3af   /* pmpcfg0..15 and mseccfg: guarded (csrmap_guard.S) */
  j     csrmap_guarded_write + 24 * (n - 0x3a0)
  nop
  .elseif n == 0x747
  j     csrmap_guarded_write + 24 * 16
  nop
  .else
  csrrw a0, n, a1
  jalr  x0, 0(ra)
  .endif
  .set n, n + 1
  .endr
