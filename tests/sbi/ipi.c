/* SBI IPI (chapter 7) between harts: the target's S mode sees a supervisor software interrupt
 * for each IPI; the sender's firmware counts IPI_SENT, the receiver's IPI_RECEIVED (each hart
 * counts its own); hart_mask_base = -1 reaches every started hart; stopped harts get nothing.
 * With one hart only the single-hart behaviour is checked.
 * run: qemu=yes cores=default,microblaze harts=1,2,4 */
#include "pmu_util.h"

#define MAX_HARTS 8
static volatile unsigned long ready[MAX_HARTS], ssip_count[MAX_HARTS], done, received[MAX_HARTS];

/* S-mode tp holds the hart id on every hart of this test (set in main and in receiver). */
static unsigned long my_hart(void) {
  unsigned long tp;
  __asm__ volatile("mv %0, tp" : "=r"(tp));
  return tp;
}

static void on_interrupt(unsigned long cause) {
  if (cause == IRQ_S_SOFT) {
    csr_clear(CSR_SIP, SIE_SSIE);
    ssip_count[my_hart()]++;
  }
}

/* Another hart: counts received IPIs in a firmware counter, takes them as interrupts until
 * told to stop, then reports the counter. */
static void receiver(unsigned long hartid, void *arg) {
  (void)arg;
  __asm__ volatile("mv tp, %0" ::"r"(hartid));
  struct sbiret r = sbi_pmu_counter_config_matching(FW_FIRST, 0xffff, SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START,
                                                    EV_FW(SBI_PMU_FW_IPI_RECEIVED), 0);
  if (r.error) return;
  csr_set(CSR_SIE, SIE_SSIE);
  csr_set(CSR_SSTATUS, SSTATUS_SIE);
  ready[hartid] = 1;
  while (!done) __asm__ volatile("wfi");
  csr_clear(CSR_SSTATUS, SSTATUS_SIE);
  received[hartid] = sbi_pmu_counter_fw_read(r.value).value + 1; /* + 1: 0 means "not yet" */
}

int main(void) {
  unsigned long self = boot_hartid;
  __asm__ volatile("mv tp, %0" ::"r"(self));
  interrupt_hook = on_interrupt;
  CHECK_RET(sbi_pmu_counter_config_matching(FW_FIRST, 1, SBI_PMU_CFG_FLAG_AUTO_START, EV_FW(SBI_PMU_FW_IPI_SENT), 0),
            SBI_SUCCESS, FW_FIRST);
  CHECK_RET(sbi_pmu_counter_config_matching(FW_FIRST + 1, 1, SBI_PMU_CFG_FLAG_AUTO_START,
                                            EV_FW(SBI_PMU_FW_IPI_RECEIVED), 0),
            SBI_SUCCESS, FW_FIRST + 1);
  csr_set(CSR_SIE, SIE_SSIE);
  csr_set(CSR_SSTATUS, SSTATUS_SIE);

  /* To this hart: taken at once as an interrupt. */
  CHECK_RET(sbi_send_ipi(1UL << self, 0), SBI_SUCCESS, 0);
  CHECK_EQ(ssip_count[self], 1);
  /* Everybody else is stopped: base -1 reaches this hart only. */
  CHECK_RET(sbi_send_ipi(0, ~0UL), SBI_SUCCESS, 0);
  CHECK_EQ(ssip_count[self], 2);
  CHECK_EQ(fw_counter_value(FW_FIRST), 2);
  CHECK_EQ(fw_counter_value(FW_FIRST + 1), 2);
  /* A stopped hart: accepted (valid hart), nothing sent. */
  long h = other_hart();
  if (h >= 0) {
    CHECK_RET(sbi_send_ipi(1UL << h, 0), SBI_SUCCESS, 0);
    CHECK_EQ(fw_counter_value(FW_FIRST), 2);
  }

  /* Start every other hart as a receiver. */
  unsigned others = 0;
  for (unsigned long o = 0; o < MAX_HARTS; o++) {
    if (!(machine.hart_mask >> o & 1) || o == self) continue;
    CHECK_RET(secondary_start(o, receiver, NULL), SBI_SUCCESS, 0);
    wait_for(&ready[o], 1);
    others++;
  }
  if (others) {
    /* Three IPIs to the first other hart, one at a time. */
    for (unsigned long n = 1; n <= 3; n++) {
      CHECK_RET(sbi_send_ipi(1UL << h, 0), SBI_SUCCESS, 0);
      wait_for(&ssip_count[h], n);
    }
    /* One to all (base -1), then one with a mask relative to a base. An IPI is a pending bit,
     * not a queue: each is sent after the last one was taken. */
    CHECK_RET(sbi_send_ipi(0, ~0UL), SBI_SUCCESS, 0);
    wait_for(&ssip_count[h], 4);
    CHECK_RET(sbi_send_ipi(1, (unsigned long)h), SBI_SUCCESS, 0);
    wait_for(&ssip_count[h], 5);
    CHECK_EQ(ssip_count[self], 3);
    for (unsigned long o = 0; o < MAX_HARTS; o++)
      if ((machine.hart_mask >> o & 1) && o != self && o != (unsigned long)h) wait_for(&ssip_count[o], 1);
    /* Sent: 2 before, now 3 + every hart + 1. Received here: 2 + the broadcast. */
    CHECK_EQ(fw_counter_value(FW_FIRST), 2 + 3 + machine.harts + 1);
    CHECK_EQ(fw_counter_value(FW_FIRST + 1), 3);
    /* Wake the receivers once more to let them report their own IPI_RECEIVED. */
    done = 1;
    __asm__ volatile("fence rw, rw" ::: "memory");
    for (unsigned long o = 0; o < MAX_HARTS; o++)
      if ((machine.hart_mask >> o & 1) && o != self) CHECK_RET(sbi_send_ipi(1UL << o, 0), SBI_SUCCESS, 0);
    for (unsigned long o = 0; o < MAX_HARTS; o++)
      if ((machine.hart_mask >> o & 1) && o != self) wait_for(&received[o], 1 + (o == (unsigned long)h ? 6 : 2));
    CHECK_EQ(fw_counter_value(FW_FIRST), 2 + 3 + machine.harts + 1 + others);
  }
  csr_clear(CSR_SSTATUS, SSTATUS_SIE);
  return 0;
}
