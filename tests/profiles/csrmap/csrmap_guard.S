/* Guarded write stubs of the CSR-map walk (csrmap_start.S jumps here from the write stubs of
 * these CSRs). Some PMP writes cannot be undone before reset, so the walk never makes them:
 *   pmpcfg0..15: the lock bits (bit 7 of each byte) are cleared from the value: a locked entry
 *                keeps its value, and its pmpaddr, until reset;
 *   mseccfg:     MML and MMWP (bits 0, 1) are cleared: once set they stay set, and they deny
 *                M mode the memory the walk runs from (no PMP entry covers it).
 * Locking, MML and MMWP are tested by tests/profiles/pmp. Each stub is 24 bytes, in address
 * order: pmpcfg0..15, then mseccfg. The file is linked last so that the code of the walk
 * keeps its addresses (the return addresses of its calls reach mepc, part of the CSR map). */
.option norelax
.option norvc

  .section .text.csrmap_guard, "ax"
  .balign 16
  .globl csrmap_guarded_write
csrmap_guarded_write:
  .set n, 0x3a0
  .rept 16
  li    t0, 0x7f7f7f7f           /* lui + addi */
  and   a1, a1, t0
  csrrw a0, n, a1
  jalr  x0, 0(ra)
  nop
  .set n, n + 1
  .endr
  /* mseccfg (0x747) */
  andi  a1, a1, ~3
  csrrw a0, 0x747, a1
  jalr  x0, 0(ra)
