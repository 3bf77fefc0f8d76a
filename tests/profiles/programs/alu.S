/* Straight-line integer ALU code (32-bit encodings): independent operations,
 * a dependent chain (each result feeds the next), LUI/AUIPC and shifts/compares. */
#include "pmu.h"

.macro BODY
  li    a0, 0x12345678
  li    a1, 0x0f0f0f0f
  REGION alu_indep20
  add   a2, a0, a1
  sub   a3, a0, a1
  xor   a4, a0, a1
  or    a5, a0, a1
  and   a6, a0, a1
  sll   a7, a0, a1
  srl   t0, a0, a1
  sra   t1, a0, a1
  slt   t2, a0, a1
  sltu  t3, a0, a1
  addi  a2, a0, 1
  xori  a3, a0, 2
  ori   a4, a0, 3
  andi  a5, a0, 4
  slli  a6, a0, 5
  srli  a7, a0, 6
  srai  t0, a0, 7
  slti  t1, a0, 8
  sltiu t2, a0, 9
  add   t3, a1, a1
  ENDREGION alu_indep20

  li    a0, 1
  REGION alu_chain20
  .rept 5
  add   a0, a0, a0
  xori  a0, a0, 0x55
  slli  a0, a0, 1
  sub   a0, a0, a1
  .endr
  ENDREGION alu_chain20

  REGION lui_auipc
  lui   a0, 0x12345
  auipc a1, 0
  lui   a2, 0xfffff
  auipc a3, 0x10
  addi  a0, a0, 0x678
  ENDREGION lui_auipc
.endm

PMU_PROGRAM
