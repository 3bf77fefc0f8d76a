/* S-mode start-up: the boot hart enters _start from the firmware with a0 = hart id and
 * a1 = device tree; harts started through HSM enter secondary_entry with a1 = a struct
 * secondary (test.h). Also the S trap entry and umode_call, which runs a function in U mode. */
#if __riscv_xlen == 64
#define REG_S sd
#define REG_L ld
#define REGBYTES 8
#else
#define REG_S sw
#define REG_L lw
#define REGBYTES 4
#endif
#define FRAME_BYTES (36 * REGBYTES)

  .section .text.start, "ax"
  .globl _start
_start:
  la sp, __stack_top
  la t0, __bss_start
  la t1, __bss_end
1:
  bgeu t0, t1, 2f
  sb zero, 0(t0)
  addi t0, t0, 1
  j 1b
2:
  la t0, s_trap_entry
  csrw stvec, t0
  call test_boot
3:
  j 3b

/* a0 = hart id, a1 = struct secondary *: { stack_top, fn, arg } */
  .text
  .globl secondary_entry
secondary_entry:
  REG_L sp, 0(a1)
  la t0, s_trap_entry
  csrw stvec, t0
  call secondary_boot
4:
  j 4b

/* Saves every register in a frame { x0..x31, sepc, sstatus }, calls s_trap(frame), restores
 * the (possibly edited) frame and returns with sret. */
  .balign 4
  .globl s_trap_entry
s_trap_entry:
  addi sp, sp, -FRAME_BYTES
  REG_S x1, 1*REGBYTES(sp)
  REG_S x3, 3*REGBYTES(sp)
  REG_S x4, 4*REGBYTES(sp)
  REG_S x5, 5*REGBYTES(sp)
  REG_S x6, 6*REGBYTES(sp)
  REG_S x7, 7*REGBYTES(sp)
  REG_S x8, 8*REGBYTES(sp)
  REG_S x9, 9*REGBYTES(sp)
  REG_S x10, 10*REGBYTES(sp)
  REG_S x11, 11*REGBYTES(sp)
  REG_S x12, 12*REGBYTES(sp)
  REG_S x13, 13*REGBYTES(sp)
  REG_S x14, 14*REGBYTES(sp)
  REG_S x15, 15*REGBYTES(sp)
  REG_S x16, 16*REGBYTES(sp)
  REG_S x17, 17*REGBYTES(sp)
  REG_S x18, 18*REGBYTES(sp)
  REG_S x19, 19*REGBYTES(sp)
  REG_S x20, 20*REGBYTES(sp)
  REG_S x21, 21*REGBYTES(sp)
  REG_S x22, 22*REGBYTES(sp)
  REG_S x23, 23*REGBYTES(sp)
  REG_S x24, 24*REGBYTES(sp)
  REG_S x25, 25*REGBYTES(sp)
  REG_S x26, 26*REGBYTES(sp)
  REG_S x27, 27*REGBYTES(sp)
  REG_S x28, 28*REGBYTES(sp)
  REG_S x29, 29*REGBYTES(sp)
  REG_S x30, 30*REGBYTES(sp)
  REG_S x31, 31*REGBYTES(sp)
  addi t0, sp, FRAME_BYTES
  REG_S t0, 2*REGBYTES(sp)
  REG_S zero, 0(sp)
  csrr t0, sepc
  REG_S t0, 32*REGBYTES(sp)
  csrr t0, sstatus
  REG_S t0, 33*REGBYTES(sp)
  mv a0, sp
  call s_trap
  REG_L t0, 32*REGBYTES(sp)
  csrw sepc, t0
  REG_L t0, 33*REGBYTES(sp)
  csrw sstatus, t0
  REG_L x1, 1*REGBYTES(sp)
  REG_L x3, 3*REGBYTES(sp)
  REG_L x4, 4*REGBYTES(sp)
  REG_L x5, 5*REGBYTES(sp)
  REG_L x6, 6*REGBYTES(sp)
  REG_L x7, 7*REGBYTES(sp)
  REG_L x8, 8*REGBYTES(sp)
  REG_L x9, 9*REGBYTES(sp)
  REG_L x10, 10*REGBYTES(sp)
  REG_L x11, 11*REGBYTES(sp)
  REG_L x12, 12*REGBYTES(sp)
  REG_L x13, 13*REGBYTES(sp)
  REG_L x14, 14*REGBYTES(sp)
  REG_L x15, 15*REGBYTES(sp)
  REG_L x16, 16*REGBYTES(sp)
  REG_L x17, 17*REGBYTES(sp)
  REG_L x18, 18*REGBYTES(sp)
  REG_L x19, 19*REGBYTES(sp)
  REG_L x20, 20*REGBYTES(sp)
  REG_L x21, 21*REGBYTES(sp)
  REG_L x22, 22*REGBYTES(sp)
  REG_L x23, 23*REGBYTES(sp)
  REG_L x24, 24*REGBYTES(sp)
  REG_L x25, 25*REGBYTES(sp)
  REG_L x26, 26*REGBYTES(sp)
  REG_L x27, 27*REGBYTES(sp)
  REG_L x28, 28*REGBYTES(sp)
  REG_L x29, 29*REGBYTES(sp)
  REG_L x30, 30*REGBYTES(sp)
  REG_L x31, 31*REGBYTES(sp)
  REG_L x2, 2*REGBYTES(sp)
  sret

/* unsigned long umode_call(unsigned long (*fn)(unsigned long), unsigned long arg): runs fn(arg)
 * in U mode on the U stack and returns its result. fn returns to umode_return, whose ecall
 * (delegated to S) makes s_trap resume at umode_resume in S mode. */
  .globl umode_call
umode_call:
  addi sp, sp, -16*REGBYTES
  REG_S ra, 0*REGBYTES(sp)
  REG_S s0, 1*REGBYTES(sp)
  REG_S s1, 2*REGBYTES(sp)
  REG_S s2, 3*REGBYTES(sp)
  REG_S s3, 4*REGBYTES(sp)
  REG_S s4, 5*REGBYTES(sp)
  REG_S s5, 6*REGBYTES(sp)
  REG_S s6, 7*REGBYTES(sp)
  REG_S s7, 8*REGBYTES(sp)
  REG_S s8, 9*REGBYTES(sp)
  REG_S s9, 10*REGBYTES(sp)
  REG_S s10, 11*REGBYTES(sp)
  REG_S s11, 12*REGBYTES(sp)
  la t0, umode_saved_sp
  REG_S sp, 0(t0)
  csrw sepc, a0
  li t0, 0x100        /* sstatus.SPP = U */
  csrc sstatus, t0
  mv a0, a1
  la ra, umode_return
  la sp, umode_stack_top
  sret
  .globl umode_return
umode_return:
  ecall
  .globl umode_resume
umode_resume:
  la t0, umode_saved_sp
  REG_L sp, 0(t0)
  REG_L ra, 0*REGBYTES(sp)
  REG_L s0, 1*REGBYTES(sp)
  REG_L s1, 2*REGBYTES(sp)
  REG_L s2, 3*REGBYTES(sp)
  REG_L s3, 4*REGBYTES(sp)
  REG_L s4, 5*REGBYTES(sp)
  REG_L s5, 6*REGBYTES(sp)
  REG_L s6, 7*REGBYTES(sp)
  REG_L s7, 8*REGBYTES(sp)
  REG_L s8, 9*REGBYTES(sp)
  REG_L s9, 10*REGBYTES(sp)
  REG_L s10, 11*REGBYTES(sp)
  REG_L s11, 12*REGBYTES(sp)
  addi sp, sp, 16*REGBYTES
  ret

  .bss
  .balign 16
umode_saved_sp: .space REGBYTES
  .balign 16
  .space 4096
umode_stack_top:
