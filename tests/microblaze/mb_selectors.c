/* MicroBlaze V counter layout and selector rules (UG1629 "Machine HPM Event Register"):
 * - C_DEBUG_EVENT_COUNTERS event counters from mhpmcounter3, then C_DEBUG_LATENCY_COUNTERS
 *   pairs (sum, max/min), within 29; counters above read 0 and ignore writes. The program
 *   finds the layout from the CSRs and prints it ("layout E=.. L=..", checked by run.sh).
 * - Selectors keep bits 24:0 (WARL: bits 31:25 read 0); a pair's first selector has its class
 *   fixed to 5 (reads 0xa at reset), its second selector reads 0. Counters are 64 bits, a
 *   pair's max/min counter 32.
 * - An undefined class (6..15), an event bit the class does not define, bit 0 ("no event")
 *   or a selector of 0: the counter does not increment, although a selected event occurs.
 * run: core=microblaze-v expect="layout E=5 L=1"
 * run: core=microblaze-v,event_counters=2,latency_counters=3 expect="layout E=2 L=3"
 * run: core=microblaze-v,event_counters=29,latency_counters=0 expect="layout E=29 L=0"
 * run: core=microblaze-v,event_counters=0,latency_counters=14 expect="layout E=0 L=14"
 * run: core=microblaze-v,event_counters=27,latency_counters=2 expect="layout E=27 L=1"
 */
#include "mb.h"

MB_DEFINE_DATA

MB_SNIPPET(s_loads, "lw t0, 0(t6)\nlw t1, 4(t6)\nlw t2, 8(t6)\nlw t3, 12(t6)")
MB_SNIPPET(s_branches, "li t0, 3\n1: addi t0, t0, -1\nbnez t0, 1b")      /* taken 2, not taken 1 */
MB_SNIPPET(s_load_use, "lw t0, 0(t6)\naddi t1, t0, 1")                       /* an OF stall */
MB_SNIPPET(s_div0, "div t0, t1, zero")
MB_SNIPPET(s_periph, "lw t0, 0(t5)\nlw t1, 4(t5)")                          /* 2 AXI reads */

enum kind { UNIMPLEMENTED, EVENT, PAIR_SUM, PAIR_MINMAX };

int main(void) {
  uxlen_t reset_sel[32];
  for (unsigned n = 3; n < 32; n++) reset_sel[n] = mevent_read_lo(n);
  CSR_WRITE(mcountinhibit, -1);

  /* Find the layout. */
  enum kind kind[32];
  unsigned e = 0, l = 0;
  for (unsigned n = 3; n < 32; n++) {
    mevent_write_lo(n, 0xffffffff);
    uxlen_t sel = mevent_read_lo(n);
    mctr_write(n, 0x123456789abcdefull);
    uint64_t v = mctr_read(n);
    if (sel == 0x1ffffff) {
      kind[n] = EVENT;
      CHECK_EQ(reset_sel[n], 0);
      CHECK_EQ(v, 0x123456789abcdefull); /* 64 bits */
      CHECK(l == 0);                    /* event counters come first */
      e++;
    } else if (sel == 0x1ffffea) {
      kind[n] = PAIR_SUM;
      CHECK_EQ(reset_sel[n], 0xa); /* class 5, no event */
      CHECK_EQ(v, 0x123456789abcdefull);
      l++;
    } else if (sel == 0 && v == 0x89abcdef) {
      kind[n] = PAIR_MINMAX;
      CHECK_EQ(reset_sel[n], 0);
      CHECK(n > 3 && kind[n - 1] == PAIR_SUM); /* the second counter of its pair */
    } else {
      kind[n] = UNIMPLEMENTED;
      CHECK_EQ(sel, 0);
      CHECK_EQ(v, 0);
    }
  }
  for (unsigned n = 3; n < 32; n++) {
    if (kind[n] == PAIR_SUM) CHECK(n + 1 < 32 && kind[n + 1] == PAIR_MINMAX);
    if (kind[n] == UNIMPLEMENTED) CHECK(n == 31 || kind[n + 1] == UNIMPLEMENTED); /* contiguous */
  }
  CHECK(e + 2 * l <= 29);
  guest_puts("layout E=");
  guest_put_dec(e);
  guest_puts(" L=");
  guest_put_dec(l);
  guest_puts("\n");

  /* A pair's first selector: event bits as written, class 5 whatever was written there. */
  for (unsigned n = 3; n < 32; n++) {
    if (kind[n] != PAIR_SUM) continue;
    mevent_write_lo(n, MB_SEL(2, B(7)) | 1);
    CHECK_EQ(mevent_read_lo(n), MB_SEL(5, B(7)));
    mevent_write_lo(n + 1, MB_SEL(5, B(7)));
    CHECK_EQ(mevent_read_lo(n + 1), 0);
  }
  if (e == 0) return 0;

  /* Event counters: every value below 2^25 reads back as written. */
  mevent_write_lo(3, MB_SEL(15, B(24)) | 1);
  CHECK_EQ(mevent_read_lo(3), MB_SEL(15, B(24)) | 1);

  /* Defined selectors count (sanity for the cases below). */
  CHECK_EQ(mb_measure(C0_LOAD, s_loads), 4);
  CHECK_EQ(mb_measure(C1_TAKEN, s_branches), 2);
  CHECK_EQ(mb_measure(C1_NOT_TAKEN, s_branches), 1);
  CHECK(mb_measure(C3_OF, s_load_use) > 0);
  CHECK_EQ(mb_measure(C4_DIV0, s_div0), 1);
  CHECK_EQ(mb_measure(C5_AXI_READ, s_periph), 2); /* the latency class on an event counter */

  /* 0 and bit 0 ("no event"): nothing. */
  CHECK_EQ(mb_measure_raw(0, s_loads), 0);
  CHECK_EQ(mb_measure_raw(C0_LOAD | 1, s_loads), 0);
  CHECK_EQ(mb_measure_raw(MB_SEL(0, 0), s_loads), 0); /* class 0, no event bit */
  /* Undefined classes, with event bits that class 0 would count. */
  for (unsigned cls = 6; cls < 16; cls++) CHECK_EQ(mb_measure_raw(MB_SEL(cls, B(5) | B(9)), s_loads), 0);
  /* An undefined event bit next to a defined one that occurs. */
  for (unsigned bit = 11; bit <= 24; bit++) {
    CHECK_EQ(mb_measure_raw(MB_SEL(1, B(5) | B(bit)), s_branches), 0); /* class 1: bits 5..10 */
    CHECK_EQ(mb_measure_raw(MB_SEL(2, B(7) | B(bit)), s_loads), 0);    /* class 2: bits 5..10 */
  }
  CHECK_EQ(mb_measure_raw(C3_OF | B(5), s_load_use), 0); /* class 3: bit 5 is not defined */
  for (unsigned bit = 9; bit <= 24; bit++) CHECK_EQ(mb_measure_raw(C3_OF | B(bit), s_load_use), 0);
  for (unsigned bit = 7; bit <= 24; bit++) CHECK_EQ(mb_measure_raw(C4_DIV0 | B(bit), s_div0), 0);
  /* Class 5 defines bits 5, 7, 9, 11, 13 and 15 (docs/microblaze-v.md). */
  for (unsigned bit = 6; bit <= 24; bit++) {
    if (bit <= 15 && (bit & 1)) continue;
    CHECK_EQ(mb_measure_raw(C5_AXI_READ | B(bit), s_periph), 0);
  }
  /* A class with only defined bits still counts them together. */
  CHECK_EQ(mb_measure(C1_TAKEN | C1_NOT_TAKEN, s_branches), 3);
  guest_puts("mb_selectors ok\n");
  return 0;
}
