/* SBI RFENCE (chapter 8) between harts: remote FENCE.I makes code this hart patched visible to
 * another hart's instruction fetch; remote SFENCE.VMA (with and without ASID, whole and
 * ranges); the calls return after the targets have fenced; the sender counts *_SENT, each
 * target its *_RECEIVED; hart_mask_base = -1 reaches every started hart.
 * OpenSBI 1.1 drops mask bits of harts that do not exist and counts *_SENT once per call (also
 * for calls that fail or reach nobody) where rvpmu's firmware counts once per target hart.
 * run: qemu=yes cores=default,microblaze harts=1,2,4 */
#include "pmu_util.h"

#define MAX_HARTS 8
/* A function in writable memory: li a0, 1; ret (both 32-bit encodings). */
static uint32_t code[2] __attribute__((aligned(4))) = {0x00100513, 0x00008067};
#define LI_A0_2 0x00200513

static volatile unsigned long ready[MAX_HARTS], cmd, result[MAX_HARTS], counts[MAX_HARTS][3];

static unsigned long call_code(void) {
  unsigned long (*fn)(void) = (unsigned long (*)(void))(uintptr_t)code;
  return fn();
}

static void receiver(unsigned long hartid, void *arg) {
  (void)arg;
  static const unsigned codes[3] = {SBI_PMU_FW_FENCE_I_RECEIVED, SBI_PMU_FW_SFENCE_VMA_RECEIVED,
                                    SBI_PMU_FW_SFENCE_VMA_ASID_RECEIVED};
  for (unsigned i = 0; i < 3; i++)
    if (sbi_pmu_counter_config_matching(FW_FIRST + i, 1, SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START,
                                        EV_FW(codes[i]), 0).error)
      return;
  result[hartid] = call_code(); /* 1, and now the code is in this hart's caches */
  ready[hartid] = 1;
  while (cmd != 1) {
  }
  result[hartid] = call_code();
  while (cmd != 2) {
  }
  for (unsigned i = 0; i < 3; i++) counts[hartid][i] = sbi_pmu_counter_fw_read(FW_FIRST + i).value;
  ready[hartid] = 2;
}

int main(void) {
  unsigned long self = boot_hartid;
  static const unsigned codes[4] = {SBI_PMU_FW_FENCE_I_SENT, SBI_PMU_FW_SFENCE_VMA_SENT,
                                    SBI_PMU_FW_SFENCE_VMA_ASID_SENT, SBI_PMU_FW_FENCE_I_RECEIVED};
  for (unsigned i = 0; i < 4; i++)
    CHECK_RET(sbi_pmu_counter_config_matching(FW_FIRST + i, 1, SBI_PMU_CFG_FLAG_AUTO_START, EV_FW(codes[i]), 0),
              SBI_SUCCESS, FW_FIRST + i);
  /* Hart ids that do not exist; base + bit past the machine. OpenSBI 1.1 refuses a base past
   * the last hart but drops the bits of harts that do not exist (SBI v1.0 already asks for
   * INVALID_PARAM, "Hart Mask Errors"): fence_i(3, 0) on one hart fences this hart alone. */
  CHECK_RET(sbi_remote_fence_i(1UL << 8, 0), BY_FW(SBI_ERR_INVALID_PARAM, SBI_SUCCESS), 0);
  CHECK_RET(sbi_remote_sfence_vma(1, 8, 0, 0), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_remote_sfence_vma_asid(3, ~0UL - 1, 0, 0, 0), SBI_ERR_INVALID_PARAM, 0); /* wraps */
  if (machine.harts == 1) CHECK_RET(sbi_remote_fence_i(3, 0), BY_FW(SBI_ERR_INVALID_PARAM, SBI_SUCCESS), 0);
  /* rvpmu's firmware counts nothing for these. OpenSBI counts *_SENT once per call before it
   * reads the mask, so each call above counts, failed or not; fence_i(3, 0) also counted
   * FENCE_I_RECEIVED here. */
  const unsigned long self_fence = OPENSBI && machine.harts == 1;
  CHECK_EQ(fw_counter_value(FW_FIRST), BY_FW(0, 1 + self_fence));
  CHECK_EQ(fw_counter_value(FW_FIRST + 1), BY_FW(0, 1));
  CHECK_EQ(fw_counter_value(FW_FIRST + 2), BY_FW(0, 1));
  CHECK_EQ(fw_counter_value(FW_FIRST + 3), BY_FW(0, self_fence));

  CHECK_EQ(call_code(), 1);
  long h = other_hart();
  unsigned others = 0;
  for (unsigned long o = 0; o < MAX_HARTS; o++) {
    if (!(machine.hart_mask >> o & 1) || o == self) continue;
    CHECK_RET(secondary_start(o, receiver, NULL), SBI_SUCCESS, 0);
    wait_for(&ready[o], 1);
    CHECK_EQ(result[o], 1);
    others++;
  }
  /* Patch the code; fence.i here, a remote fence.i for the others. */
  code[0] = LI_A0_2;
  __asm__ volatile("fence.i" ::: "memory");
  CHECK_EQ(call_code(), 2);
  if (others) {
    CHECK_RET(sbi_remote_fence_i(1UL << h, 0), SBI_SUCCESS, 0);
    CHECK_RET(sbi_remote_sfence_vma(1UL << h, 0, 0, 0), SBI_SUCCESS, 0);
    CHECK_RET(sbi_remote_sfence_vma(1, (unsigned long)h, 0x80200000, 0x2000), SBI_SUCCESS, 0);
    CHECK_RET(sbi_remote_sfence_vma(1UL << h, 0, 0x1000, ~0UL), SBI_SUCCESS, 0);
    CHECK_RET(sbi_remote_sfence_vma_asid(1UL << h, 0, 0, 0, 5), SBI_SUCCESS, 0);
  }
  /* Every started hart, this one included. */
  CHECK_RET(sbi_remote_fence_i(0, ~0UL), SBI_SUCCESS, 0);
  cmd = 1;
  for (unsigned long o = 0; o < MAX_HARTS; o++) {
    if (!(machine.hart_mask >> o & 1) || o == self) continue;
    for (unsigned long i = 0; i < 100000000 && result[o] != 2; i++) {
    }
    CHECK_EQ(result[o], 2);
  }
  cmd = 2;
  for (unsigned long o = 0; o < MAX_HARTS; o++) {
    if (!(machine.hart_mask >> o & 1) || o == self) continue;
    wait_for(&ready[o], 2);
    CHECK_EQ(counts[o][0], o == (unsigned long)h ? 2 : 1); /* FENCE_I_RECEIVED */
    CHECK_EQ(counts[o][1], o == (unsigned long)h ? 3 : 0); /* SFENCE_VMA_RECEIVED */
    CHECK_EQ(counts[o][2], o == (unsigned long)h ? 1 : 0); /* SFENCE_VMA_ASID_RECEIVED */
  }
  /* FENCE_I_SENT: per target hart (1 to h, then the broadcast to all); OpenSBI: per call
   * (table 35's "Sent FENCE.I request to other hart" allows both readings). */
  CHECK_EQ(fw_counter_value(FW_FIRST), BY_FW((others ? 1 : 0) + 1 + others, 1 + self_fence + (others ? 1 : 0) + 1));
  CHECK_EQ(fw_counter_value(FW_FIRST + 1), BY_FW(others ? 3 : 0, 1 + (others ? 3 : 0)));
  CHECK_EQ(fw_counter_value(FW_FIRST + 2), BY_FW(others ? 1 : 0, 1 + (others ? 1 : 0)));
  CHECK_EQ(fw_counter_value(FW_FIRST + 3), 1 + self_fence); /* this hart's own broadcast fence.i */
  return 0;
}
