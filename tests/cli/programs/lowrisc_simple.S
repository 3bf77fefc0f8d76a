/* A program as lowRISC's simple-system software is built (see lowrisc-simple.ld: its `tohost`
 * names the control register at 0x20008, not RAM): sums 1..100 in a loop, prints
 * "lowrisc 5050\n" through the simulator-control output register (0x20000) and halts by
 * writing 1 to the control register (0x20008), the simple system's exit (status 0). */
#define SIM_CTRL_OUT 0x20000
#define SIM_CTRL_CTRL 0x20008
.option norvc
  .section .vectors, "ax"
  .rept 32
  j     halt                     /* any trap: halt without the message */
  .endr
  .org 0x80
  .globl reset_handler
reset_handler:
  la    sp, _stack_start
  li    t0, 0
  li    t1, 100
1:add   t0, t0, t1
  addi  t1, t1, -1
  bnez  t1, 1b
  li    s0, SIM_CTRL_OUT
  la    a0, text
  call  puts
  /* t0 = 5050: four decimal digits */
  li    t2, 1000
2:divu  a1, t0, t2
  remu  t0, t0, t2
  addi  a1, a1, '0'
  sw    a1, 0(s0)
  li    a3, 10
  divu  t2, t2, a3
  bnez  t2, 2b
  li    a1, '\n'
  sw    a1, 0(s0)
halt:
  li    t0, SIM_CTRL_CTRL
  li    t1, 1
  sw    t1, 0(t0)
3:j     3b

puts:
  lbu   a1, 0(a0)
  beqz  a1, 4f
  sw    a1, 0(s0)
  addi  a0, a0, 1
  j     puts
4:ret

  .section .rodata
text: .asciz "lowrisc "
