/* Prints "htif ok\n" through the HTIF console (device 1, command 1: tohost = 1 << 56 |
 * 1 << 48 | byte), then exits with code 0 through HTIF (tohost = 1). On RV32 each 64-bit
 * tohost write is the low word first, then the high word (riscv-tests' order; QEMU acts on
 * the high word). */
  .section .text.start, "ax"
  .globl _start
_start:
  la    s0, tohost
  la    s1, message
1:lbu   a0, 0(s1)
  beqz  a0, 2f
#if __riscv_xlen == 64
  li    t1, 0x0101000000000000
  or    t1, t1, a0
  sd    t1, 0(s0)
#else
  li    t1, 0x01010000
  sw    a0, 0(s0)
  sw    t1, 4(s0)
#endif
  addi  s1, s1, 1
  j     1b
2:li    t1, 1
#if __riscv_xlen == 64
  sd    t1, 0(s0)
#else
  sw    t1, 0(s0)
  sw    zero, 4(s0)
#endif
3:j     3b

  .section .rodata
message: .string "htif ok\n"

  .section .tohost, "aw", @progbits
  .align 6
  .globl tohost
tohost: .dword 0
  .size tohost, 8
  .align 6
  .globl fromhost
fromhost: .dword 0
  .size fromhost, 8
