/* Reset entry, trap entry/exit, the expected-trap stub and the switch to S mode.
 *
 * Every hart starts at _start with a0 = hart id, a1 = device tree (rvpmu --bios, QEMU -bios).
 * The first hart to arrive wins boot_lottery, clears .bss and runs fw_cold_boot (device tree,
 * console, PMU event map); the others spin on boot_done, which lives in .data so that clearing
 * .bss cannot disturb it. Then every hart runs fw_warm_boot, which never returns. */
#include "hart/asm.h"

  .section .text.entry, "ax"
  .globl _start
_start:
  li t0, FW_MAX_HARTS_ASM
  bgeu a0, t0, park
  /* sp = fw_stacks + (hartid + 1) * FW_STACK_BYTES, 16-byte aligned */
  la sp, fw_stacks
  li t0, FW_STACK_BYTES
  addi t1, a0, 1
  mul t1, t1, t0
  add sp, sp, t1
  la t0, boot_lottery
  li t1, 1
  amoadd.w t1, t1, (t0)
  bnez t1, wait_boot
  la t0, __bss_start
  la t1, __bss_end
1:
  bgeu t0, t1, 2f
  sb zero, 0(t0)
  addi t0, t0, 1
  j 1b
2:
  mv s0, a0
  mv s1, a1
  call fw_cold_boot
  fence rw, rw
  la t0, boot_done
  li t1, 1
  sw t1, 0(t0)
  mv a0, s0
  mv a1, s1
  j warm
wait_boot:
  la t0, boot_done
3:
  lw t1, 0(t0)
  beqz t1, 3b
  fence r, rw
warm:
  call fw_warm_boot
park:
  /* Harts the firmware cannot serve (id >= FW_MAX_HARTS) sleep forever. */
  csrw mie, zero
4:
  wfi
  j 4b

  .section .data
  .balign 4
boot_lottery: .word 0
boot_done: .word 0

/* Trap entry. mscratch holds this hart's struct hart_scratch. Traps from S or U switch to the
 * hart's M stack; a trap from M (a firmware bug: M mode runs with interrupts off and guards its
 * probes) stays on the current stack so that fw_trap can report it. */
  .text
  .balign 4
  .globl fw_trap_entry
fw_trap_entry:
  csrrw tp, mscratch, tp
  REG_S t0, SCRATCH_SAVE_T0(tp)
  REG_S sp, SCRATCH_SAVE_SP(tp)
  csrr t0, mstatus
  srli t0, t0, 11
  andi t0, t0, 3
  xori t0, t0, 3
  beqz t0, 1f
  REG_L sp, SCRATCH_STACK_TOP(tp)
1:
  addi sp, sp, -FRAME_BYTES
  REG_S x1, 1*REGBYTES(sp)
  REG_S x3, 3*REGBYTES(sp)
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
  REG_S zero, 0(sp)
  REG_L t0, SCRATCH_SAVE_T0(tp)
  REG_S t0, 5*REGBYTES(sp)
  REG_L t0, SCRATCH_SAVE_SP(tp)
  REG_S t0, 2*REGBYTES(sp)
  csrr t0, mscratch
  REG_S t0, 4*REGBYTES(sp)
  csrw mscratch, tp
  csrr t0, mepc
  REG_S t0, FRAME_MEPC(sp)
  csrr t0, mstatus
  REG_S t0, FRAME_MSTATUS(sp)
  mv a0, sp
  call fw_trap
  REG_L t0, FRAME_MEPC(sp)
  csrw mepc, t0
  REG_L t0, FRAME_MSTATUS(sp)
  csrw mstatus, t0
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
  mret

/* Target of mtvec during a guarded access (trap.h): skips the 4-byte instruction that trapped
 * and reports it in t1 (1) and t2 (mcause). Clobbers t3. */
  .balign 4
  .globl fw_expected_trap
fw_expected_trap:
  csrr t2, mcause
  csrr t3, mepc
  addi t3, t3, 4
  csrw mepc, t3
  li t1, 1
  mret

/* fw_enter_smode(a0, a1, addr): mret to S mode at addr (see trap.h). */
  .globl fw_enter_smode
fw_enter_smode:
  csrw mepc, a2
  li t0, 0x1800 | 0x80 | 0x2  /* MPP, MPIE, SIE */
  csrc mstatus, t0
  li t0, 0x0800               /* MPP = S */
  csrs mstatus, t0
  csrw satp, zero
  li x1, 0
  li x3, 0
  li x4, 0
  li x5, 0
  li x6, 0
  li x7, 0
  li x8, 0
  li x9, 0
  li x12, 0
  li x13, 0
  li x14, 0
  li x15, 0
  li x16, 0
  li x17, 0
  li x18, 0
  li x19, 0
  li x20, 0
  li x21, 0
  li x22, 0
  li x23, 0
  li x24, 0
  li x25, 0
  li x26, 0
  li x27, 0
  li x28, 0
  li x29, 0
  li x30, 0
  li x31, 0
  li x2, 0
  mret

  .section .stack, "aw", @nobits
  .balign 16
  .globl fw_stacks
fw_stacks:
  .space FW_STACK_BYTES * FW_MAX_HARTS_ASM
