/* A small whole program: bitwise CRC-32 (reflected, polynomial 0xEDB88320) over 32
 * bytes, written the way a compiler emits it (RVC enabled). Expected 0x91267E8A
 * for the bytes 0..31. */
#include "pmu.h"

.macro BODY
  .option rvc
  la    a0, crc_in
  li    a1, 32
  REGION crc32_32
  li    a2, -1             /* crc */
  li    a5, 0xedb88320
  add   a1, a1, a0         /* end */
1:
  lbu   a3, 0(a0)
  addi  a0, a0, 1
  xor   a2, a2, a3
  li    a4, 8
2:
  andi  a3, a2, 1
  srli  a2, a2, 1
  beqz  a3, 3f
  xor   a2, a2, a5
3:
  addi  a4, a4, -1
  bnez  a4, 2b
  bne   a0, a1, 1b
  not   s4, a2
  ENDREGION crc32_32
  RESULT crc32_32, s4
  .option norvc
.endm

PMU_PROGRAM

  .section .data
  .balign 4
crc_in:
  .byte 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
  .byte 16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
