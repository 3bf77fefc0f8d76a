/* MicroBlaze V class 2 (instruction and data cache, UG1629 table 4) and the memory latencies of
 * class 5 (table 7) with a known cache geometry: 1 KiB data cache of 16-byte lines (64 lines),
 * 12-cycle line fill, 5-cycle memory write; 16-byte instruction cache lines, 9-cycle fill;
 * peripheral AXI reads 7 cycles, writes 3. Counts follow from the geometry:
 * - a walk over 256 bytes after FENCE.I: 64 read requests, 16 line fills (48 hits), 16 x 12
 *   memory-stage stall cycles; the latency pair: sum 192, max = min = 12;
 * - two addresses 1 KiB apart share a line slot: alternating loads miss every time direct
 *   mapped, twice with 2 ways;
 * - write-through: every store is a memory write (posted, no stall), a miss does not allocate;
 *   write-back: a word store miss allocates without reading, a byte store miss reads the
 *   line, dirty lines are written when evicted, flushed or cleaned (CBO), never when
 *   invalidated (CBO.INVAL discards them);
 * - uncached peripheral accesses are AXI reads/writes, not data cache requests;
 * - instruction fetch: one request per 32-bit word, the first word of each line after FENCE.I
 *   misses (unless the line was fetched just before counting started).
 * run: core=microblaze-v,dcache=1024,dcache_line=16,dcache_miss=12,dcache_write=5,icache_line=16,icache_miss=9,axi_read=7,axi_write=3 expect="policy wt ways 1"
 * run: core=microblaze-v,dcache=1024,dcache_line=16,dcache_miss=12,dcache_write=5,icache_line=16,icache_miss=9,axi_read=7,axi_write=3,dcache_policy=wb expect="policy wb ways 1"
 * run: core=microblaze-v,dcache=1024,dcache_line=16,dcache_miss=12,dcache_write=5,icache_line=16,icache_miss=9,axi_read=7,axi_write=3,dcache_ways=2 expect="policy wt ways 2"
 * run: core=microblaze-v,dcache=1024,dcache_line=16,dcache_miss=12,dcache_write=5,icache_line=16,icache_miss=9,axi_read=7,axi_write=3,dcache_ways=2,dcache_policy=wb,pipeline=8 expect="policy wb ways 2"
 */
#include "mb.h"

MB_DEFINE_DATA

#define DC_MISS 12
#define DC_WRITE 5
#define IC_MISS 9
#define IC_LINE 16
#define AXI_READ 7
#define AXI_WRITE 3
#define PAIR 8 /* the default layout: 5 event counters, then the latency pair 8/9 */
#define MINMAX(max, min) (((uint64_t)(max) << 16) | (min))

#define WALK ".set i, 0\n.rept 64\nlw t0, i(t6)\n.set i, i + 4\n.endr"
MB_SNIPPET_FRESH(s_walk_fresh, WALK)
MB_SNIPPET_FRESH(s_walk_twice, WALK "\n" WALK) /* the second walk hits throughout */
/* mb_data and mb_data + 1 KiB map to the same line slot. */
MB_SNIPPET_FRESH(s_conflict, ".rept 4\nlw t0, 0(t6)\nlw t0, 1024(t6)\n.endr")
MB_SNIPPET_FRESH(s_stores, ".set i, 0\n.rept 8\nsw zero, i(t6)\n.set i, i + 4\n.endr")
MB_SNIPPET_FRESH(s_byte_and_flush, "sw zero, 0(t6)\nsb zero, 64(t6)\naddi t0, t6, 64\ncbo.flush (t6)\ncbo.flush (t0)")
MB_SNIPPET_FRESH(s_evict, "sw zero, 0(t6)\nlw t0, 1024(t6)")
MB_SNIPPET_FRESH(s_inval, "sw zero, 0(t6)\ncbo.inval (t6)\nlw t0, 0(t6)")
MB_SNIPPET_FRESH(s_clean, "sw zero, 0(t6)\ncbo.clean (t6)\ncbo.clean (t6)\nlw t0, 0(t6)")
MB_SNIPPET(s_axi, "lw t0, 0(t5)\nlw t0, 4(t5)\nlw t0, 8(t5)\nsw t0, 12(t5)\nsw t0, 16(t5)")
MB_SNIPPET_FRESH(s_fetch_fresh, ".globl mb_ic_body\nmb_ic_body:\n.rept 20\nnop\n.endr\n.globl mb_ic_stop\nmb_ic_stop:")
extern char mb_ic_body[], mb_ic_stop[];

/* Runs `fn` with the latency pair selecting `sel`; returns the sum, *minmax the other. */
static uint64_t pair(uxlen_t sel, void (*fn)(void), uint64_t *minmax) {
  mb_setup(PAIR, sel);
  mctr_write(PAIR + 1, 0);
  fn();
  *minmax = mctr_read(PAIR + 1);
  return mctr_read(PAIR);
}

int main(void) {
  uint64_t mm;
  /* Read walk. */
  CHECK_EQ(mb_measure(C2_DC_READ, s_walk_fresh), 64);
  CHECK_EQ(mb_measure(C2_DC_READ_HIT, s_walk_fresh), 48);
  CHECK_EQ(mb_measure(C5_DC_READ, s_walk_fresh), 16);
  CHECK_EQ(mb_measure(C2_DC_READ | C2_DC_READ_HIT, s_walk_fresh), 64); /* hit and request: once */
  CHECK_EQ(mb_measure(C2_DC_WRITE | C2_DC_WRITE_HIT, s_walk_fresh), 0);
  CHECK_EQ(mb_measure(C3_MEM, s_walk_fresh), 16 * DC_MISS);
  CHECK_EQ(pair(C5_DC_READ, s_walk_fresh, &mm), 16 * DC_MISS);
  CHECK_EQ(mm, MINMAX(DC_MISS, DC_MISS));
  CHECK_EQ(mb_measure(C2_DC_READ_HIT, s_walk_twice), 48 + 64);
  CHECK_EQ(mb_measure(C5_DC_READ, s_walk_twice), 16);
  CHECK_EQ(mb_measure(C3_MEM, s_walk_twice), 16 * DC_MISS);

  /* Conflicts. */
  uint64_t conflict_hits = mb_measure(C2_DC_READ_HIT, s_conflict);
  CHECK_EQ(mb_measure(C2_DC_READ, s_conflict), 8);
  unsigned ways = conflict_hits == 0 ? 1 : conflict_hits == 6 ? 2 : 0;
  CHECK(ways != 0);
  CHECK_EQ(mb_measure(C5_DC_READ, s_conflict), 8 - conflict_hits);

  /* Stores. */
  CHECK_EQ(mb_measure(C2_DC_WRITE, s_stores), 8);
  uint64_t mem_writes = mb_measure(C5_DC_WRITE, s_stores);
  bool wb = mem_writes == 0;
  if (!wb) {
    CHECK_EQ(mem_writes, 8);
    CHECK_EQ(mb_measure(C2_DC_WRITE_HIT, s_stores), 0); /* no allocation on a write miss */
    CHECK_EQ(mb_measure(C3_MEM, s_stores), 0);          /* posted writes */
    CHECK_EQ(pair(C5_DC_WRITE, s_stores, &mm), 8 * DC_WRITE);
    CHECK_EQ(mm, MINMAX(DC_WRITE, DC_WRITE));
    CHECK_EQ(mb_measure(C5_DC_WRITE, s_byte_and_flush), 2);
    CHECK_EQ(mb_measure(C5_DC_READ, s_byte_and_flush), 0);
    CHECK_EQ(mb_measure(C5_DC_WRITE, s_evict), 1);
    CHECK_EQ(mb_measure(C5_DC_READ, s_inval), 1);
  } else {
    CHECK_EQ(mb_measure(C2_DC_WRITE_HIT, s_stores), 6); /* the first word of each line misses */
    CHECK_EQ(mb_measure(C5_DC_READ, s_stores), 0);      /* word stores allocate without a read */
    CHECK_EQ(mb_measure(C5_DC_WRITE, s_byte_and_flush), 2);
    CHECK_EQ(mb_measure(C5_DC_READ, s_byte_and_flush), 1);
    CHECK_EQ(mb_measure(C3_MEM, s_byte_and_flush), DC_MISS + 2 * DC_WRITE);
    CHECK_EQ(pair(C5_DC_WRITE, s_byte_and_flush, &mm), 2 * DC_WRITE);
    CHECK_EQ(mm, MINMAX(DC_WRITE, DC_WRITE));
    CHECK_EQ(mb_measure(C5_DC_WRITE, s_evict), ways == 1 ? 1 : 0); /* the dirty victim */
    CHECK_EQ(mb_measure(C5_DC_READ, s_evict), 1);
    CHECK_EQ(mb_measure(C5_DC_WRITE, s_inval), 0); /* discarded */
    CHECK_EQ(mb_measure(C5_DC_READ, s_inval), 1);
    CHECK_EQ(mb_measure(C5_DC_WRITE, s_clean), 1); /* the second clean finds it clean */
    CHECK_EQ(mb_measure(C2_DC_READ_HIT, s_clean), 1);
  }

  /* Peripheral AXI: uncached, not data cache requests. */
  CHECK_EQ(mb_measure(C5_AXI_READ, s_axi), 3);
  CHECK_EQ(mb_measure(C5_AXI_WRITE, s_axi), 2);
  CHECK_EQ(mb_measure(C2_DC_READ | C2_DC_WRITE, s_axi), 0);
  CHECK_EQ(mb_measure(C3_MEM, s_axi) + mb_measure(C3_EX, s_axi), 3 * AXI_READ + 2 * AXI_WRITE);
  CHECK_EQ(pair(C5_AXI_READ, s_axi, &mm), 3 * AXI_READ);
  CHECK_EQ(mm, MINMAX(AXI_READ, AXI_READ));
  CHECK_EQ(pair(C5_AXI_WRITE, s_axi, &mm), 2 * AXI_WRITE);
  CHECK_EQ(mm, MINMAX(AXI_WRITE, AXI_WRITE));
  CHECK_EQ(pair(C5_AXI_READ | C5_AXI_WRITE, s_axi, &mm), 3 * AXI_READ + 2 * AXI_WRITE);
  CHECK_EQ(mm, MINMAX(AXI_READ, AXI_WRITE));
  volatile uint32_t *periph = (volatile uint32_t *)MB_PERIPH;
  periph[10] = 0xdeadbeef;
  periph[11] = 0x12345678;
  CHECK_EQ(periph[10], 0xdeadbeef);
  CHECK_EQ(((volatile uint8_t *)periph)[45], 0x56);

  /* Instruction fetch: 20 NOPs and the stopping CSR write, after FENCE.I. */
  uintptr_t body = (uintptr_t)mb_ic_body, stop = (uintptr_t)mb_ic_stop;
  uint64_t words = (stop - body) / 4 + 1, lines = stop / IC_LINE - body / IC_LINE + 1;
  uint64_t misses = lines - ((body - 4) / IC_LINE == body / IC_LINE ? 1 : 0);
  CHECK_EQ(mb_measure_raw(C2_IC_REQ, s_fetch_fresh), words);
  CHECK_EQ(mb_measure_raw(C2_IC_HIT, s_fetch_fresh), words - misses);
  CHECK_EQ(mb_measure_raw(C5_IC_READ, s_fetch_fresh), misses);
  CHECK_EQ(mb_measure_raw(C2_IC_REQ | C2_IC_HIT, s_fetch_fresh), words);
  CHECK_EQ(pair(C5_IC_READ, s_fetch_fresh, &mm), misses * IC_MISS);
  CHECK_EQ(mm, MINMAX(IC_MISS, IC_MISS));
  CHECK_EQ(mb_measure_raw(C3_OF | C3_EX | C3_MEM, s_fetch_fresh), 0); /* fetch waits are none of these */

  guest_puts(wb ? "policy wb" : "policy wt");
  guest_puts(ways == 1 ? " ways 1\n" : " ways 2\n");
  return 0;
}
