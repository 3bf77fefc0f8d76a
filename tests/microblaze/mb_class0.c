/* MicroBlaze V class 0 (retired instructions, UG1629 table 2): every event alone on a known
 * instruction sequence, events combined (a counter with several events of the class counts
 * each cycle in which any occurs, once), ECALL and EBREAK counted as system instructions
 * although they trap (docs/microblaze-v.md), C.NOP as arithmetic, CUSTOM and the FP events 0
 * (no custom instructions; F is not part of this profile yet).
 * run: core=microblaze-v
 * run: core=microblaze-v,pipeline=8,icache=0,dcache=0,btc=0
 */
#include "mb.h"

MB_DEFINE_DATA

MB_SNIPPET(s_loads, "lw t0, 0(t6)\nlw t1, 4(t6)\nlbu t2, 8(t6)\nlh t3, 12(t6)")
MB_SNIPPET(s_stores, "sw zero, 16(t6)\nsb zero, 20(t6)\nsh zero, 22(t6)")
MB_SNIPPET(s_atomics, "lr.w t0, (t6)\nsc.w t1, t0, (t6)\namoadd.w t2, t0, (t6)\namoswap.w t2, t0, (t6)")
MB_SNIPPET(s_system, "csrr t0, mscratch\ncsrw mscratch, t0\nfence\nfence.i\ncsrrsi t0, mstatus, 0")
MB_SNIPPET(s_ecall, "ecall")
MB_SNIPPET(s_ebreak, "ebreak")
MB_SNIPPET(s_c_ebreak, RVC("c.ebreak") RVC("c.nop")) /* the 2-byte EBREAK; mb_stop_vector resumes +4 */
MB_SNIPPET(s_arith, "addi t0, t0, 1\nadd t1, t0, t0\nlui t2, 5\nauipc t3, 0\n" RVC("c.nop") "nop\nslli t0, t0, 3\nsltu t1, t0, t1")
MB_SNIPPET(s_mul, "mul t0, t1, t2\nmulh t0, t1, t2\nmulhsu t0, t1, t2\nmulhu t0, t1, t2")
MB_SNIPPET(s_div, "div t0, t1, t2\ndivu t0, t1, t2\nrem t0, t1, t2\nremu t0, t1, t2\nli t2, 3\ndiv t0, t1, t2")
MB_SNIPPET(s_bitmanip, "sh1add t0, t1, t2\nandn t0, t1, t2\nclz t0, t1\ncpop t0, t1\nrev8 t0, t1\nclmul t0, t1, t2\n"
                       "bseti t0, t1, 3\nbext t0, t1, t2")
MB_SNIPPET(s_compressed, "mv a0, t6\n" RVC("c.addi a1, 1") RVC("c.lw a2, 0(a0)") RVC("c.sw a1, 4(a0)")
                             RVC("c.mv a2, a3") RVC("c.nop") RVC("c.nop"))
MB_SNIPPET(s_jal, "jal zero, 1f\n1: " RVC("c.j 2f") "2: jal t0, 3f\n3: nop")
MB_SNIPPET(s_jalr, "la t0, 1f\njalr zero, 0(t0)\n1: la t1, 2f\n" RVC("c.jr t1") "2: la t1, 3f\n" RVC("c.jalr t1") "3: nop")
MB_SNIPPET(s_cbo, "cbo.clean (t6)\ncbo.flush (t6)\ncbo.inval (t6)\ncbo.flush (t5)")
/* Mixed: 2 loads, 1 store, 3 arith (1 compressed), 1 mul, 1 bitmanip, 1 system. */
MB_SNIPPET(s_mixed, "lw t0, 0(t6)\nsw t0, 4(t6)\naddi t1, t0, 1\n" RVC("c.addi t1, 1") "lw t2, 8(t6)\nmul t3, t1, t2\n"
                    "sub t0, t3, t2\nclz t1, t0\ncsrr t2, mscratch")

int main(void) {
  CHECK_EQ(mb_measure(C0_LOAD, s_loads), 4);
  CHECK_EQ(mb_measure(C0_STORE, s_stores), 3);
  CHECK_EQ(mb_measure(C0_LOAD, s_stores), 0);
  CHECK_EQ(mb_measure(C0_ATOMIC, s_atomics), 4);
  CHECK_EQ(mb_measure(C0_LOAD, s_atomics), 0); /* LR and AMOs are atomics, not loads */
  CHECK_EQ(mb_measure(C0_STORE, s_atomics), 0);
  CHECK_EQ(mb_measure(C0_SYSTEM, s_system), 5);
  CHECK_EQ(mb_measure(C0_ARITH, s_system), 0);
  CHECK_EQ(mb_measure(C0_ARITH, s_arith), 8); /* C.NOP and NOP included */
  CHECK_EQ(mb_measure(C0_COMPRESSED, s_arith), 1);
  CHECK_EQ(mb_measure(C0_MUL, s_mul), 4);
  CHECK_EQ(mb_measure(C0_ARITH, s_mul), 0);
  CHECK_EQ(mb_measure(C0_DIV, s_div), 5);
  CHECK_EQ(mb_measure(C0_ARITH, s_div), 1); /* the li */
  CHECK_EQ(mb_measure(C0_BITMANIP, s_bitmanip), 8);
  CHECK_EQ(mb_measure(C0_ARITH, s_bitmanip), 0);
  CHECK_EQ(mb_measure(C0_JAL, s_jal), 3);   /* JAL, C.J, JAL ra */
  CHECK_EQ(mb_measure(C0_JALR, s_jal), 0);
  CHECK_EQ(mb_measure(C0_JALR, s_jalr), 3); /* JALR, C.JR, C.JALR */
  CHECK_EQ(mb_measure(C0_ARITH, s_jalr), 7); /* three la (auipc + addi) and the nop */
  CHECK_EQ(mb_measure(C0_CACHE_OP, s_cbo), 4);
  CHECK_EQ(mb_measure(C0_SYSTEM, s_cbo), 0);
  CHECK_EQ(mb_measure(C0_CUSTOM, s_mixed), 0);
  CHECK_EQ(mb_measure(C0_FP_ALL, s_mixed), 0);

  /* Compressed: c.addi, c.lw, c.sw, c.mv and two c.nop (the mv before them is not). */
  CHECK_EQ(mb_measure(C0_COMPRESSED, s_compressed), 6);
  CHECK_EQ(mb_measure(C0_ARITH, s_compressed), 5); /* mv, c.addi, c.mv, c.nop x2 */
  CHECK_EQ(mb_measure(C0_ARITH | C0_COMPRESSED, s_compressed), 7);

  /* ECALL and EBREAK trap, yet count as system instructions (and as exceptions, class 1). */
  mb_setup(3, C0_SYSTEM);
  mb_empty();
  uint64_t base_sys = mctr_read(3);
  mb_setup(3, C0_SYSTEM);
  mb_with_stop_vector(s_ecall);
  CHECK_EQ(mctr_read(3) - base_sys, 1); /* ecall + the vector's stop - the empty snippet's stop */
  CHECK_EQ(mb_trap_cause, CAUSE_ECALL_M);
  mb_setup(3, C0_SYSTEM);
  mb_with_stop_vector(s_ebreak);
  CHECK_EQ(mctr_read(3) - base_sys, 1);
  CHECK_EQ(mb_trap_cause, CAUSE_BREAKPOINT);
  mb_setup(3, C0_SYSTEM | C0_COMPRESSED);
  mb_with_stop_vector(s_c_ebreak);
  CHECK_EQ(mctr_read(3) - base_sys, 1); /* C.EBREAK: system and compressed in one cycle */
  mb_setup(3, C1_EXCEPTION);
  mb_with_stop_vector(s_ecall);
  CHECK_EQ(mctr_read(3), 1);

  /* Several events of the class: once per cycle in which any occurs. */
  CHECK_EQ(mb_measure(C0_LOAD | C0_STORE, s_mixed), 3);
  CHECK_EQ(mb_measure(C0_ARITH | C0_COMPRESSED, s_mixed), 3); /* c.addi is both: counted once */
  CHECK_EQ(mb_measure(C0_ARITH, s_mixed), 3);
  CHECK_EQ(mb_measure(C0_COMPRESSED, s_mixed), 1);
  CHECK_EQ(mb_measure(C0_LOAD | C0_STORE | C0_ARITH | C0_MUL | C0_BITMANIP | C0_SYSTEM, s_mixed), 9);
  CHECK_EQ(mb_measure(C0_MUL | C0_DIV | C0_CUSTOM, s_mixed), 1);

  /* minstret does not count ECALL (Zicntr), the class 0 system event does (above). */
  guest_puts("mb_class0 ok\n");
  return 0;
}
