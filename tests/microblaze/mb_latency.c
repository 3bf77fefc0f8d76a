/* MicroBlaze V latency counters (UG1629 table 7, "Event Counter Allocation"): the pair
 * mhpmcounter8 (total sum) / mhpmcounter9 (max in 31:16, min in 15:0) of the default layout,
 * set through mhpmevent8, on a sequence of interrupts with known latencies.
 *
 * Each round raises the machine software interrupt (CLINT msip) with interrupts disabled,
 * spins K iterations, then enables them; the latency runs from the msip write to the handler
 * (docs/microblaze-v.md): 1 cycle for the store, 4 for the peripheral AXI write, the loop, 1
 * for the CSR write that enables interrupts, 3 for the interrupt entry. Without a BTC an
 * iteration takes 4 cycles (addi, a taken bnez with its 2 refill cycles), the last 2, so a
 * round's latency is 4K + 7: rounds of K = 5, 40, 17 give 27, 167, 75 (sum 269, max 167, min
 * 27). With a BTC the test checks the same relations through the handler's mcycle stamps.
 * A later round of K = 16400 (65607 cycles) saturates the 16-bit max field. A timer
 * interrupt that wakes the core from WFI has the latency of the interrupt entry alone (3 cycles,
 * 5 on 8 stages): the request rises at the cycle mtime reaches mtimecmp.
 * run: core=microblaze-v,btc=0 expect="latencies 27 167 75 timer 3"
 * run: core=microblaze-v expect="latencies relative timer 3"
 * run: core=microblaze-v,pipeline=8 expect="latencies relative timer 5"
 */
#include "mb.h"

MB_DEFINE_DATA

#define PAIR 8
#define MIE_MSIE (1ul << IRQ_MSI)

volatile uint32_t mb_irq_stamp;
/* The handler: notes mcycle first, clears msip, returns. */
__asm__(".text\n.align 6\n.globl mb_irq_vector\nmb_irq_vector:\n"
        ".option push\n.option norvc\n"
        "csrw mscratch, t0\ncsrr t0, mcycle\n"
        "sw t0, mb_irq_stamp, t6\n" /* t6 is free in the rounds below */
        "lui t0, 0x2000\nsw zero, 0(t0)\n"
        "csrr t0, mscratch\nmret\n.option pop\n");
void mb_irq_vector(void);

/* The timer's handler: mtimecmp = all ones (no further interrupt), return. */
__asm__(".text\n.align 6\n.globl mb_timer_vector\nmb_timer_vector:\n"
        "csrw mscratch, t0\ncsrw sscratch, t1\n"
        "lui t0, 0x2004\nli t1, -1\nsw t1, 0(t0)\nsw t1, 4(t0)\n"
        "csrr t1, sscratch\ncsrr t0, mscratch\nmret\n");
void mb_timer_vector(void);

/* One round; returns the handler's mcycle minus the mcycle read just before the msip write. */
__attribute__((noinline, aligned(64))) static uint32_t round_k(uint32_t k) {
  uint32_t before;
  __asm__ volatile(".option push\n.option norvc\n"
                   "mv a1, %1\nlui t0, 0x2000\nli t1, 1\n"
                   "csrr %0, mcycle\n"
                   "sw t1, 0(t0)\n"      /* msip = 1: the interrupt is requested */
                   "1: addi a1, a1, -1\nbnez a1, 1b\n"
                   "csrsi mstatus, 8\n"  /* MIE = 1: taken right after this */
                   "nop\n"
                   "csrci mstatus, 8\n"
                   ".option pop\n"
                   : "=&r"(before)
                   : "r"(k)
                   : "memory", "a1", "t0", "t1", "t6");
  return mb_irq_stamp - before;
}

int main(void) {
  CSR_WRITE(mtvec, (uxlen_t)mb_irq_vector);
  CSR_SET(mie, MIE_MSIE);
  hpm_stop_and_clear();
  mevent_write_lo(3, C5_IRQ);        /* the number of interrupts */
  mevent_write_lo(4, C1_BTC_HIT);    /* tells whether there is a BTC */
  mevent_write_lo(PAIR, C5_IRQ);     /* their latencies */
  CHECK_EQ(mevent_read_lo(PAIR), C5_IRQ);
  CHECK_EQ(mevent_read_lo(PAIR + 1), 0);
  CSR_WRITE(mcountinhibit, 0);

  round_k(3); /* warm up caches and the BTC */
  CHECK_EQ(mctr_read(3), 1);
  CHECK(mctr_read(PAIR) > 0);
  CHECK_EQ(mctr_read(PAIR + 1) >> 16, mctr_read(PAIR + 1) & 0xffff); /* one sample: max = min */
  CHECK_EQ(mctr_read(PAIR + 1) & 0xffff, mctr_read(PAIR));
  bool btc = mctr_read(4) != 0;

  static const uint32_t ks[3] = {5, 40, 17};
  uint32_t d[3];
  mctr_write(PAIR, 0);
  mctr_write(PAIR + 1, 0); /* 0: no latency yet */
  mctr_write(3, 0);
  for (int i = 0; i < 3; i++) d[i] = round_k(ks[i]);
  CHECK_EQ(mctr_read(3), 3);
  uint64_t sum = mctr_read(PAIR), mm = mctr_read(PAIR + 1);
  uint32_t min = (uint32_t)(mm & 0xffff), max = (uint32_t)(mm >> 16);
  /* The stamps differ from the latencies by a constant: d[0] is the smallest, d[1] the largest. */
  CHECK(d[0] < d[2] && d[2] < d[1]);
  CHECK_EQ(max - min, d[1] - d[0]);
  CHECK_EQ(sum, 3ull * min + (d[1] - d[0]) + (d[2] - d[0]));
  if (!btc) {
    CHECK_EQ(min, 4 * 5 + 7);
    CHECK_EQ(max, 4 * 40 + 7);
    CHECK_EQ(sum, 27 + 167 + 75);
    CHECK_EQ(d[1] - d[0], 4 * 35);
  }

  /* An inhibited max/min counter keeps its value while the sum goes on. */
  CSR_WRITE(mcountinhibit, 1ul << (PAIR + 1));
  round_k(5);
  CHECK_EQ(mctr_read(PAIR + 1), mm);
  CHECK_EQ(mctr_read(PAIR), sum + min);
  CSR_WRITE(mcountinhibit, 0);
  /* A written max/min counter bounds the next latencies. */
  mctr_write(PAIR + 1, (100ull << 16) | 100);
  round_k(5);
  CHECK_EQ(mctr_read(PAIR + 1), (100ull << 16) | min);
  /* Saturation at 16 bits (sum: 64 bits). */
  if (!btc) {
    uint64_t s0 = mctr_read(PAIR);
    round_k(16400);
    CHECK_EQ(mctr_read(PAIR + 1), (0xffffull << 16) | min);
    CHECK_EQ(mctr_read(PAIR) - s0, 4 * 16400 + 7);
  }
  /* Selecting another event: interrupts no longer add. */
  CSR_WRITE(mcountinhibit, -1);
  mevent_write_lo(PAIR, C5_AXI_READ);
  mctr_write(PAIR, 0);
  mctr_write(PAIR + 1, 0);
  CSR_WRITE(mcountinhibit, 0);
  round_k(5);
  CHECK_EQ(mctr_read(PAIR), 0);
  CHECK_EQ(mctr_read(PAIR + 1), 0);
  CSR_WRITE(mcountinhibit, -1);
  CSR_CLEAR(mie, MIE_MSIE);

  /* A timer interrupt waking the core from WFI. */
  mevent_write_lo(PAIR, C5_IRQ);
  mctr_write(PAIR, 0);
  mctr_write(PAIR + 1, 0);
  CSR_WRITE(mtvec, (uxlen_t)mb_timer_vector);
  CSR_SET(mie, 1ul << IRQ_MTI);
  clint_set_mtimecmp(clint_mtime() + 50);
  CSR_WRITE(mcountinhibit, 0);
  CSR_SET(mstatus, MSTATUS_MIE);
  __asm__ volatile("wfi");
  CSR_CLEAR(mstatus, MSTATUS_MIE);
  CSR_WRITE(mcountinhibit, -1);
  CSR_CLEAR(mie, 1ul << IRQ_MTI);
  uint64_t timer = mctr_read(PAIR);
  CHECK_EQ(mctr_read(PAIR + 1), (timer << 16) | timer);

  if (btc) {
    guest_puts("latencies relative");
  } else {
    guest_puts("latencies ");
    guest_put_dec(min);
    guest_puts(" ");
    guest_put_dec(max);
    guest_puts(" ");
    guest_put_dec(sum - min - max);
  }
  guest_puts(" timer ");
  guest_put_dec(timer);
  guest_puts("\n");
  return 0;
}
