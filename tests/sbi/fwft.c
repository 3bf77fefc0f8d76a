/* SBI Firmware Features (FWFT): feature ids (reserved and platform-specific ones DENIED, the
 * defined ones this firmware cannot switch NOT_SUPPORTED, bits 63:32 of the 32-bit id
 * ignored), values and flags (INVALID_PARAM), LOCK (DENIED_LOCKED until hart reset, per hart).
 * MISALIGNED_EXC_DELEG: 0 at reset; with 0 the firmware emulates a misaligned load or store
 * the hart traps on and counts it (firmware events MISALIGNED_LOAD/STORE), with 1 S mode gets
 * the trap itself and the firmware counts nothing, if the hart traps at all (rvpmu's
 * misaligned=trap and MicroBlaze V do; QEMU and rvpmu's default perform them in hardware).
 * PTE_AD_HW_UPDATING (rvpmu: Svadu's menvcfg.ADUE; QEMU 7.2 has no ADUE: NOT_SUPPORTED): 0 at
 * reset, and then a page whose PTE lacks A (or D, for a store) faults; with 1 the walk sets
 * them. Checked under Sv39 (RV64) or Sv32 (RV32) with a page of its own.
 * OpenSBI 1.1 (SBI v1.0) has no FWFT: probe_extension answers 0 and the test ends there.
 * run: qemu=yes cores=default,trap,microblaze harts=1,2 */
#include "pmu_util.h"

#define PAGE 4096UL
#define PTE_V 0x01UL
#define PTE_R 0x02UL
#define PTE_W 0x04UL
#define PTE_X 0x08UL
#define PTE_A 0x40UL
#define PTE_D 0x80UL
#define TEST_VA 0x40000000UL /* one 4 KiB page, mapped to data_page */

static uint8_t buf[16] __attribute__((aligned(16)));
static unsigned long tables[3][PAGE / sizeof(unsigned long)] __attribute__((aligned(PAGE)));
static volatile uint32_t data_page[PAGE / 4] __attribute__((aligned(PAGE)));
static volatile unsigned long other_ok;

static unsigned long pte_to(const volatile void *pa, unsigned long bits) {
  return (unsigned long)pa >> 12 << 10 | bits;
}

/* Identity map of RAM with A and D set (megapages or a gigapage), plus TEST_VA -> data_page
 * with permissions R and W and neither A nor D. Returns the leaf PTE of TEST_VA. */
static unsigned long *map(void) {
  unsigned long *root = tables[0], *mid = tables[1], *leaf = tables[2];
  const unsigned long ram = PTE_V | PTE_R | PTE_W | PTE_X | PTE_A | PTE_D;
#if XLEN == 64
  root[machine.ram_base >> 30] = pte_to((void *)(machine.ram_base & ~((1UL << 30) - 1)), ram);
  root[TEST_VA >> 30] = pte_to(mid, PTE_V);
  mid[(TEST_VA >> 21) & 511] = pte_to(leaf, PTE_V);
  leaf[(TEST_VA >> 12) & 511] = pte_to(data_page, PTE_V | PTE_R | PTE_W);
  csr_write(CSR_SATP, 8UL << 60 | (unsigned long)root >> 12);
  (void)mid;
  return &leaf[(TEST_VA >> 12) & 511];
#else
  for (unsigned long pa = machine.ram_base; pa - machine.ram_base < machine.ram_size; pa += 1UL << 22)
    root[pa >> 22] = pte_to((void *)pa, ram);
  root[TEST_VA >> 22] = pte_to(leaf, PTE_V);
  leaf[(TEST_VA >> 12) & 1023] = pte_to(data_page, PTE_V | PTE_R | PTE_W);
  csr_write(CSR_SATP, 1UL << 31 | (unsigned long)root >> 12);
  (void)mid;
  return &leaf[(TEST_VA >> 12) & 1023];
#endif
}

static void check_ad_updating(void) {
  CHECK_RET(sbi_fwft_get(SBI_FWFT_PTE_AD_HW_UPDATING), SBI_SUCCESS, 0); /* reset value */
  CHECK_RET(sbi_fwft_set(SBI_FWFT_PTE_AD_HW_UPDATING, 2, 0), SBI_ERR_INVALID_PARAM, 0);
  volatile unsigned long *pte = map();
  __asm__ volatile("sfence.vma" ::: "memory");
  volatile uint32_t *va = (volatile uint32_t *)TEST_VA;
  /* 0: software manages A/D (Svade): both accesses fault, the PTE stays as it is. */
  CHECK_EQ(TRAPS_IN((void)va[1]), 1);
  CHECK_EQ(last_trap.scause, CAUSE_LOAD_PAGE_FAULT);
  CHECK_EQ(last_trap.stval, TEST_VA + 4);
  CHECK_EQ(TRAPS_IN(va[2] = 7), 1);
  CHECK_EQ(last_trap.scause, CAUSE_STORE_PAGE_FAULT);
  CHECK_EQ(*pte & (PTE_A | PTE_D), 0);
  /* 1: the walk sets A on a load, A and D on a store. */
  CHECK_RET(sbi_fwft_set(SBI_FWFT_PTE_AD_HW_UPDATING, 1, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_fwft_get(SBI_FWFT_PTE_AD_HW_UPDATING), SBI_SUCCESS, 1);
  data_page[1] = 0x1234;
  uint32_t got = 0;
  CHECK_EQ(TRAPS_IN(got = va[1]), 0);
  CHECK_EQ(got, 0x1234);
  CHECK_EQ(*pte & (PTE_A | PTE_D), PTE_A);
  CHECK_EQ(TRAPS_IN(va[2] = 0x5678), 0);
  CHECK_EQ(*pte & (PTE_A | PTE_D), PTE_A | PTE_D);
  CHECK_EQ(data_page[2], 0x5678);
  /* Back to 0 (bits 63:32 of the id ignored on RV64), locked there; A/D clear again faults. */
  unsigned long id = SBI_FWFT_PTE_AD_HW_UPDATING;
#if XLEN == 64
  id |= 1UL << 32;
#endif
  CHECK_RET(sbi_fwft_set(id, 0, SBI_FWFT_SET_FLAG_LOCK), SBI_SUCCESS, 0);
  *pte &= ~(PTE_A | PTE_D);
  __asm__ volatile("sfence.vma" ::: "memory");
  CHECK_EQ(TRAPS_IN((void)va[1]), 1);
  CHECK_EQ(last_trap.scause, CAUSE_LOAD_PAGE_FAULT);
  CHECK_RET(sbi_fwft_set(SBI_FWFT_PTE_AD_HW_UPDATING, 1, 0), SBI_ERR_DENIED_LOCKED, 0);
  CHECK_RET(sbi_fwft_get(SBI_FWFT_PTE_AD_HW_UPDATING), SBI_SUCCESS, 0);
  csr_write(CSR_SATP, 0);
  __asm__ volatile("sfence.vma" ::: "memory");
}

/* A misaligned 4-byte load and store at buf + 1 with delegation `deleg`: returns how many
 * times S mode trapped (twice or never); checks the values where no trap was taken. */
static unsigned long misaligned_pair(unsigned long *lw) {
  unsigned long v = 0, traps;
  for (unsigned i = 0; i < sizeof buf; i++) buf[i] = (uint8_t)(0x10 + i);
  traps = TRAPS_IN(__asm__ volatile(".option push\n.option norvc\nlw %0, 0(%1)\n.option pop" : "+r"(v) : "r"(buf + 1)));
  if (!traps) {
    CHECK_EQ(v, 0x14131211UL);
  } else {
    CHECK_EQ(last_trap.scause, CAUSE_MISALIGNED_LOAD);
    CHECK_EQ(last_trap.stval, (unsigned long)(buf + 1));
  }
  unsigned long st = TRAPS_IN(__asm__ volatile(".option push\n.option norvc\nsw %0, 0(%1)\n.option pop" ::"r"(0xa1b2c3d4UL),
                                               "r"(buf + 5) : "memory"));
  if (!st) {
    CHECK_EQ(buf[5] | buf[6] << 8 | buf[7] << 16 | (uint32_t)buf[8] << 24, 0xa1b2c3d4U);
  } else {
    CHECK_EQ(last_trap.scause, CAUSE_MISALIGNED_STORE);
    CHECK_EQ(last_trap.stval, (unsigned long)(buf + 5));
  }
  CHECK_EQ(st, traps); /* the hart traps on both or on neither */
  *lw = v;
  return traps;
}

static void check_misaligned_deleg(void) {
  CHECK_RET(sbi_fwft_get(SBI_FWFT_MISALIGNED_EXC_DELEG), SBI_SUCCESS, 0); /* reset value */
  CHECK_RET(sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, 2, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, 0xffffffffUL, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, 1, 2), SBI_ERR_INVALID_PARAM, 0); /* flags 63:1 reserved */
  CHECK_RET(sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, 1, ~0UL), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_fwft_get(SBI_FWFT_MISALIGNED_EXC_DELEG), SBI_SUCCESS, 0); /* failures change nothing */
  /* Firmware counters for the two misaligned events. */
  unsigned long ld, sd, v;
  const unsigned long start = SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START;
  struct sbiret r = sbi_pmu_counter_config_matching(FW_FIRST, 0xffff, start, EV_FW(SBI_PMU_FW_MISALIGNED_LOAD), 0);
  CHECK_ERR(r, SBI_SUCCESS);
  ld = r.value;
  r = sbi_pmu_counter_config_matching(FW_FIRST, 0xffff, start, EV_FW(SBI_PMU_FW_MISALIGNED_STORE), 0);
  CHECK_ERR(r, SBI_SUCCESS);
  sd = r.value;
  /* 0: the firmware handles what the hart traps on; S mode sees nothing. */
  uint64_t l0 = fw_counter_value(ld), s0 = fw_counter_value(sd);
  CHECK_EQ(misaligned_pair(&v), 0);
  unsigned long hart_traps = (unsigned long)(fw_counter_value(ld) - l0);
  CHECK_EQ(hart_traps, machine.misaligned_traps); /* 1 with misaligned=trap and MicroBlaze V */
  CHECK_EQ(fw_counter_value(sd) - s0, hart_traps);
  /* 1: S mode gets the trap (if the hart traps at all), the firmware counts nothing. */
  CHECK_RET(sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, 1, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, 1, 0), SBI_SUCCESS, 0); /* the same value again */
  CHECK_RET(sbi_fwft_get(SBI_FWFT_MISALIGNED_EXC_DELEG), SBI_SUCCESS, 1);
  l0 = fw_counter_value(ld), s0 = fw_counter_value(sd);
  CHECK_EQ(misaligned_pair(&v), hart_traps);
  CHECK_EQ(fw_counter_value(ld) - l0, 0);
  CHECK_EQ(fw_counter_value(sd) - s0, 0);
  /* LOCK: the value stays until hart reset, whatever is asked. */
  CHECK_RET(sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, 0, SBI_FWFT_SET_FLAG_LOCK), SBI_SUCCESS, 0);
  for (unsigned long val = 0; val < 2; val++)
    for (unsigned long flags = 0; flags < 2; flags++)
      CHECK_RET(sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, val, flags), SBI_ERR_DENIED_LOCKED, 0);
  CHECK_RET(sbi_fwft_get(SBI_FWFT_MISALIGNED_EXC_DELEG), SBI_SUCCESS, 0);
  l0 = fw_counter_value(ld);
  CHECK_EQ(misaligned_pair(&v), 0);
  CHECK_EQ(fw_counter_value(ld) - l0, hart_traps);
}

/* On another hart: its features are its own, at their reset values and unlocked. */
static void other(unsigned long hartid, void *arg) {
  (void)hartid, (void)arg;
  struct sbiret g = sbi_fwft_get(SBI_FWFT_MISALIGNED_EXC_DELEG);
  struct sbiret s = sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, 1, SBI_FWFT_SET_FLAG_LOCK);
  struct sbiret g1 = sbi_fwft_get(SBI_FWFT_MISALIGNED_EXC_DELEG);
  other_ok = g.error == SBI_SUCCESS && g.value == 0 && s.error == SBI_SUCCESS && g1.value == 1 ? 1 : 2;
}

int main(void) {
  CHECK_RET(sbi_probe_extension(SBI_EXT_FWFT), SBI_SUCCESS, BY_FW(1, 0));
  if (OPENSBI) return 0;
  CHECK_RET(sbi_ecall(SBI_EXT_FWFT, 2, 0, 0, 0, 0, 0, 0), SBI_ERR_NOT_SUPPORTED, 0);
  /* Reserved local and global ids, platform-specific ones (none implemented): DENIED. */
  static const unsigned long denied[] = {6, 0x3fffffff, 0x40000000, 0x7fffffff,
                                         0x80000000, 0xbfffffff, 0xc0000000, 0xffffffff};
  for (unsigned i = 0; i < sizeof denied / sizeof *denied; i++) {
    CHECK_RET(sbi_fwft_get(denied[i]), SBI_ERR_DENIED, 0);
    CHECK_RET(sbi_fwft_set(denied[i], 0, 0), SBI_ERR_DENIED, 0);
  }
  /* Defined, but these harts lack Zicfilp, Zicfiss, Ssdbltrp and Ssnpm. */
  static const unsigned long unsupported[] = {SBI_FWFT_LANDING_PAD, SBI_FWFT_SHADOW_STACK, SBI_FWFT_DOUBLE_TRAP,
                                              SBI_FWFT_POINTER_MASKING_PMLEN};
  for (unsigned i = 0; i < sizeof unsupported / sizeof *unsupported; i++) {
    CHECK_RET(sbi_fwft_get(unsupported[i]), SBI_ERR_NOT_SUPPORTED, 0);
    CHECK_RET(sbi_fwft_set(unsupported[i], 0, 0), SBI_ERR_NOT_SUPPORTED, 0);
  }
#if XLEN == 64
  CHECK_RET(sbi_fwft_get(1UL << 32 | SBI_FWFT_MISALIGNED_EXC_DELEG), SBI_SUCCESS, 0); /* id: low 32 bits */
  CHECK_RET(sbi_fwft_get(1UL << 32 | 6), SBI_ERR_DENIED, 0);
  CHECK_RET(sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, 1UL << 32, 0), SBI_ERR_INVALID_PARAM, 0); /* value: all bits */
  CHECK_RET(sbi_fwft_set(SBI_FWFT_MISALIGNED_EXC_DELEG, 0, 1UL << 32), SBI_ERR_INVALID_PARAM, 0);
#endif
  check_misaligned_deleg();
  if (machine.rvpmu) check_ad_updating();
  else CHECK_RET(sbi_fwft_get(SBI_FWFT_PTE_AD_HW_UPDATING), SBI_ERR_NOT_SUPPORTED, 0); /* QEMU 7.2: no ADUE */
  long h = other_hart();
  if (h >= 0) {
    CHECK_RET(secondary_start((unsigned long)h, other, NULL), SBI_SUCCESS, 0);
    wait_for(&other_ok, 1);
    CHECK_RET(sbi_fwft_get(SBI_FWFT_MISALIGNED_EXC_DELEG), SBI_SUCCESS, 0); /* this hart's is still 0 */
  }
  return 0;
}
