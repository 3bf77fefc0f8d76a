/* Exits through HTIF: writes (EXIT_CODE << 1) | 1 to the 64-bit `tohost` (its own section
 * .tohost, 64-byte aligned, with `fromhost`). On RV32 the low word is written first, then the
 * high word, as riscv-tests do. */
#ifndef EXIT_CODE
#define EXIT_CODE 5
#endif
  .section .text.start, "ax"
  .globl _start
_start:
  la    t0, tohost
  li    t1, (EXIT_CODE << 1) | 1
#if __riscv_xlen == 64
  sd    t1, 0(t0)
#else
  sw    t1, 0(t0)
  sw    zero, 4(t0)
#endif
1:j     1b

  .section .tohost, "aw", @progbits
  .align 6
  .globl tohost
tohost: .dword 0
  .size tohost, 8
  .align 6
  .globl fromhost
fromhost: .dword 0
  .size fromhost, 8
