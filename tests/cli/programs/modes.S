/* A program whose instructions per privilege mode are known exactly (rvpmu stat's :u, :k and
 * :m modifiers). No compressed instructions, no relaxation: every line is one instruction.
 *
 *   M mode 20: 16 set-up instructions ending with the MRET (an MRET executes, so counts, in M:
 *              privileged spec, mcountinhibit/xINH filter by the mode an instruction runs in)
 *              + the 4 of the trap handler, whose last store ends the run
 *   S mode 15: 1 + 5 x 2 loop + 4 ending with the SRET       branches 5 (4 taken)
 *   U mode 15: 1 + 7 x 2 loop; the ECALL raises an exception and does not retire (privileged
 *              spec 3.3.1: ECALL and EBREAK "do not retire" for minstret)  branches 7 (6 taken)
 *   total 50 instructions, 12 branches; loads 0, stores 1 (in M). */
  .option norvc
  .option norelax
  .section .text.start, "ax"
  .globl _start
_start:
  addi  t0, zero, -1                /* M  1 */
  csrw  pmpaddr0, t0                /* M  2  PMP entry 0: all of memory, RWX for S and U */
  addi  t0, zero, 0x1f              /* M  3 */
  csrw  pmpcfg0, t0                 /* M  4 */
1:auipc t0, %pcrel_hi(trap)         /* M  5 */
  addi  t0, t0, %pcrel_lo(1b)       /* M  6 */
  csrw  mtvec, t0                   /* M  7 */
  lui   t1, 0x1                     /* M  8 */
  addi  t1, t1, -0x800              /* M  9  t1 = 0x800: mstatus.MPP = S */
  csrs  mstatus, t1                 /* M 10 */
  addi  t1, zero, 0x100             /* M 11  mstatus.SPP */
  csrc  mstatus, t1                 /* M 12  SRET goes to U */
2:auipc t0, %pcrel_hi(smode)        /* M 13 */
  addi  t0, t0, %pcrel_lo(2b)       /* M 14 */
  csrw  mepc, t0                    /* M 15 */
  mret                              /* M 16 */
smode:
  addi  a0, zero, 5                 /* S  1 */
3:addi  a0, a0, -1                  /* S  2..11: 5 times */
  bne   a0, zero, 3b
4:auipc t0, %pcrel_hi(umode)        /* S 12 */
  addi  t0, t0, %pcrel_lo(4b)       /* S 13 */
  csrw  sepc, t0                    /* S 14 */
  sret                              /* S 15 */
umode:
  addi  a0, zero, 7                 /* U  1 */
5:addi  a0, a0, -1                  /* U  2..15: 7 times */
  bne   a0, zero, 5b
  ecall                             /*    does not retire: to trap, in M */
  .align 2
trap:
  lui   t0, 0x100                   /* M 17  the test device */
  lui   t1, 0x5                     /* M 18 */
  addi  t1, t1, 0x555               /* M 19  0x5555 = pass */
  sw    t1, 0(t0)                   /* M 20  ends the run */
6:jal   zero, 6b
