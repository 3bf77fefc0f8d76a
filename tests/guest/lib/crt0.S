/* Start-up for guest programs, M mode. Hart 0 sets the stack, clears .bss, installs
 * trap_vector (every trap goes on to trap_entry, see trap.c) and calls main; main's return
 * value is the exit code. Other harts (--harts N) wait until main calls guest_release_harts,
 * then run guest_secondary(hartid) on a 16 KiB stack of their own below hart 0's. */
#if __riscv_xlen == 64
#define STORE sd
#define LOAD ld
#define REGBYTES 8
#else
#define STORE sw
#define LOAD lw
#define REGBYTES 4
#endif
  .section .text.start
  .globl _start
_start:
  csrr t0, mhartid
  bnez t0, secondary
  la sp, __stack_top
  la t0, __bss_start
  la t1, __bss_end
2: bgeu t0, t1, 3f
  sb zero, 0(t0)
  addi t0, t0, 1
  j 2b
3: la t0, boot_hartid        /* a0, a1 as the loader left them (QEMU virt: hart id, DTB) */
  STORE a0, 0(t0)
  la t0, boot_dtb
  STORE a1, 0(t0)
  la t0, trap_vector
  csrw mtvec, t0
  call main
  call guest_exit
4: j 4b

secondary:
  la t1, guest_harts_released
5: LOAD t2, 0(t1)
  beqz t2, 5b
  la t1, trap_vector
  csrw mtvec, t1
  la sp, __stack_top
  slli t1, t0, 14
  sub sp, sp, t1
  mv a0, t0
  call guest_secondary
6: j 6b

/* What mtvec holds: 32 jumps to trap_entry at a 256-byte aligned base, so that a trap reaches
 * trap_entry on every core whatever its mtvec keeps of the address and mode: direct (every
 * trap at the base), vectored (interrupt n at base + 4n), and the cores whose mtvec holds only
 * a 256-byte aligned base and is always vectored (Ibex; CV32E40P's base is 256-byte aligned
 * too). With trap_entry itself in mtvec, Ibex entered at _start on the first trap. The jumps
 * are 4 bytes each (norvc) so that slot n is at base + 4n. */
  .text
  .balign 256
  .globl trap_vector
trap_vector:
  .option push
  .option norvc
  .rept 32
  j trap_entry
  .endr
  .option pop

/* Saves the caller-saved registers, calls guest_trap(frame) in C, restores them and returns
 * with mret. guest_trap may change mepc (for example to skip an instruction that was
 * expected to trap). */
  .align 4
  .globl trap_entry
trap_entry:
  addi sp, sp, -32*REGBYTES
  STORE ra, 1*REGBYTES(sp)
  STORE t0, 5*REGBYTES(sp)
  STORE t1, 6*REGBYTES(sp)
  STORE t2, 7*REGBYTES(sp)
  STORE a0, 10*REGBYTES(sp)
  STORE a1, 11*REGBYTES(sp)
  STORE a2, 12*REGBYTES(sp)
  STORE a3, 13*REGBYTES(sp)
  STORE a4, 14*REGBYTES(sp)
  STORE a5, 15*REGBYTES(sp)
  STORE a6, 16*REGBYTES(sp)
  STORE a7, 17*REGBYTES(sp)
  STORE t3, 28*REGBYTES(sp)
  STORE t4, 29*REGBYTES(sp)
  STORE t5, 30*REGBYTES(sp)
  STORE t6, 31*REGBYTES(sp)
  mv a0, sp
  call guest_trap
  LOAD ra, 1*REGBYTES(sp)
  LOAD t0, 5*REGBYTES(sp)
  LOAD t1, 6*REGBYTES(sp)
  LOAD t2, 7*REGBYTES(sp)
  LOAD a0, 10*REGBYTES(sp)
  LOAD a1, 11*REGBYTES(sp)
  LOAD a2, 12*REGBYTES(sp)
  LOAD a3, 13*REGBYTES(sp)
  LOAD a4, 14*REGBYTES(sp)
  LOAD a5, 15*REGBYTES(sp)
  LOAD a6, 16*REGBYTES(sp)
  LOAD a7, 17*REGBYTES(sp)
  LOAD t3, 28*REGBYTES(sp)
  LOAD t4, 29*REGBYTES(sp)
  LOAD t5, 30*REGBYTES(sp)
  LOAD t6, 31*REGBYTES(sp)
  addi sp, sp, 32*REGBYTES
  mret
