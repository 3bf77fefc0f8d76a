/* A program whose event counts are known exactly (rvpmu stat tests). No compressed
 * instructions, no linker relaxation: every line below is one instruction.
 *
 *   instructions 30   (7 set-up + 1 + 10 x 2 loop + 2 stores; the final store to the test
 *                      device retires and ends the run)
 *   loads 2, stores 2, branches 10 (9 taken, 1 not taken), jumps 0, compressed 0
 *
 * Exit code: EXIT_VALUE (default 0x5555 = pass) written to the SiFive test device. */
#ifndef EXIT_VALUE
#define EXIT_VALUE 0x5555
#endif
  .option norvc
  .option norelax
  .section .text.start, "ax"
  .globl _start
_start:
  lui   t0, 0x100                   /*  1  t0 = 0x100000, the test device */
  lui   t1, %hi(EXIT_VALUE)         /*  2 */
  addi  t1, t1, %lo(EXIT_VALUE)     /*  3  t1 = EXIT_VALUE */
1:auipc t3, %pcrel_hi(data)         /*  4 */
  addi  t3, t3, %pcrel_lo(1b)       /*  5  t3 = &data */
  lw    t4, 0(t3)                   /*  6  load 1 */
  lw    t4, 4(t3)                   /*  7  load 2 */
  addi  t2, zero, 10                /*  8 */
2:addi  t2, t2, -1                  /*  9..28: 10 times */
  bne   t2, zero, 2b                /*         10 branches, 9 taken */
  sw    t4, 8(t3)                   /* 29  store 1 */
  sw    t1, 0(t0)                   /* 30  store 2: ends the run */
3:jal   zero, 3b                    /*     never retires */

  .data
  .align 2
data:
  .word 1, 2, 0
