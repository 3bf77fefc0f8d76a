/* Start-up, trap handler and access stubs of the PMP test (pmp.c).
 *
 * Every access under test is one instruction in a leaf stub, in two copies: pmp_m_* in the M
 * code region and pmp_u_* in the U code region (.user, see pmp.ld). pmp_run_user(fn, a0, a1)
 * runs fn(a0, a1) in U mode with ra = the U code's ecall; the handler comes back to
 * pmp_run_user's caller (with fn's a0 after the ECALL, 0xbad0bad0 after a fault). A fault in
 * M mode returns to the stub's caller (mepc = ra). Either way the handler records mcause and
 * mtval (pmp_cause, pmp_tval; pmp_cause = -1 when nothing trapped). */
#include "platform.h"
.option norelax
.option norvc

#define MSTATUS_MPP 0x1800
#define MSTATUS_MPRV 0x20000

  .section .vectors, "ax"
  .globl _vectors
_vectors:
  j     pmp_trap                 /* 0: exceptions */
  .rept 31
  j     pmp_fatal                /* 1..31: interrupts (none is enabled) */
  .endr

  .org 0x80
  .globl _start
_start:
  la    sp, pmp_stack_top
  la    t0, _vectors
  ori   t0, t0, 1
  csrw  mtvec, t0
  jal   ra, pmp_main
1:j     1b

pmp_trap:
  csrr  t0, mcause
  la    t1, pmp_cause
  sw    t0, 0(t1)
  csrr  t2, mtval
  sw    t2, 4(t1)                /* pmp_tval */
  csrr  t2, mepc
  sw    t2, 8(t1)                /* pmp_epc */
  csrr  t1, mstatus
  li    t2, MSTATUS_MPP
  and   t1, t1, t2
  bnez  t1, from_m
  /* From U mode: back to pmp_run_user's caller, in M mode. */
  li    t1, 8
  beq   t0, t1, 1f               /* ECALL: the U function returned; a0 is its result */
  li    a0, 0xbad0bad0
  j     2f
1:li    t0, -1
  la    t1, pmp_cause
  sw    t0, 0(t1)
2:la    t0, pmp_m_context
  lw    sp, 0(t0)
  lw    ra, 4(t0)
  lw    s0, 8(t0)
  lw    s1, 12(t0)
  ret
from_m:                          /* from a stub, or a call to code that cannot be fetched */
  csrw  mepc, ra
  mret

pmp_fatal:
  csrr  a0, mcause
  csrr  a1, mepc
  jal   ra, pmp_die
1:j     1b

/* uint32_t pmp_run_user(uint32_t fn, uint32_t a0, uint32_t a1) */
  .text
  .globl pmp_run_user
pmp_run_user:
  la    t0, pmp_m_context
  sw    sp, 0(t0)
  sw    ra, 4(t0)
  sw    s0, 8(t0)
  sw    s1, 12(t0)
  csrw  mepc, a0
  mv    a0, a1
  mv    a1, a2
  li    t0, MSTATUS_MPP
  csrc  mstatus, t0              /* MPP = U */
  la    ra, pmp_u_exit
  mret

/* uint32_t pmp_mprv_call(uint32_t fn, uint32_t a0, uint32_t a1): fn(a0, a1) in M mode with
 * mstatus.MPRV set and MPP = U, making no memory access of its own meanwhile (the stack is
 * not U's). A fault returns here (mepc = ra). */
  .globl pmp_mprv_call
pmp_mprv_call:
  mv    a3, ra                   /* neither the stubs nor the handler use a3, t3 */
  mv    t3, a0
  mv    a0, a1
  mv    a1, a2
  li    t0, MSTATUS_MPP
  csrc  mstatus, t0
  li    t0, MSTATUS_MPRV
  csrs  mstatus, t0
  jalr  ra, 0(t3)
  li    t0, MSTATUS_MPRV
  csrc  mstatus, t0
  mv    ra, a3
  ret

/* uint32_t pmp_read_pmpcfg0(void): illegal instruction without a PMP (then it returns at once). */
  .globl pmp_read_pmpcfg0
pmp_read_pmpcfg0:
  csrr  a0, pmpcfg0
  ret

/* The access stubs: lw/lh/lbu, sw/sh/sb with address a0 (and value a1); a0 = loaded value. */
.macro stubs prefix
  .globl \prefix\()lw, \prefix\()lh, \prefix\()lbu, \prefix\()sw, \prefix\()sh, \prefix\()sb
\prefix\()lw: lw a0, 0(a0)
  ret
\prefix\()lh: lh a0, 0(a0)
  ret
\prefix\()lbu: lbu a0, 0(a0)
  ret
\prefix\()sw: sw a1, 0(a0)
  ret
\prefix\()sh: sh a1, 0(a0)
  ret
\prefix\()sb: sb a1, 0(a0)
  ret
.endm

  .text
  stubs pmp_m_

  .section .user, "ax"
  .globl pmp_u_exit
pmp_u_exit:
  ecall
  stubs pmp_u_

  .section .bss
  .balign 16
  .globl pmp_m_context, pmp_cause, pmp_tval, pmp_epc
pmp_m_context:
  .space 16
pmp_cause:
  .space 4
pmp_tval:
  .space 4
pmp_epc:
  .space 4
  .balign 16
  .space 4096
pmp_stack_top:
