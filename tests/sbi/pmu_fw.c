/* Firmware counters (spec 11.5 table 35), counted by the firmware where the events happen on
 * the calling hart: misaligned loads/stores it emulates, load/store access faults and illegal
 * instructions it passes on to S mode, set_timer calls, IPIs and remote fences (sent to and
 * received by this hart itself here; other harts in ipi.c and rfence.c), the HFENCE events
 * (0 without the H extension, whose calls are NOT_SUPPORTED); fw_read and fw_read_hi of 64-bit
 * values. Also checks the emulated misaligned accesses load and store the right bytes, FP
 * ones (FLW/FSW, FLD/FSD, compressed forms) included where the harts have F and D.
 * run: qemu=yes cores=default,trap,microblaze harts=1,4
 * (QEMU 7.2 and rvpmu's generic core do misaligned loads and stores in hardware: no trap, the
 * firmware counts 0; generic,misaligned=trap and MicroBlaze V trap and the firmware emulates)
 * OpenSBI 1.1 counts the same events alike; it checks neither the harts of a mask nor the
 * ranges of remote fences (below). */
#include "pmu_util.h"

#define UNMAPPED 0x08000000UL /* no device or memory there on either virt machine */
static uint8_t buf[64] __attribute__((aligned(16)));

static uint64_t count(unsigned code) { return fw_counter_value(FW_FIRST + code); }

/* U mode: rdtime. With scounteren.TM clear it traps as an illegal instruction. */
static unsigned long u_rdtime(unsigned long arg) {
  (void)arg;
  return csr_read(CSR_TIME);
}

int main(void) {
  unsigned long self = boot_hartid;
  /* Counters 32..47 count firmware events 0..15, from 0, started. */
  for (unsigned code = 0; code < FW_COUNTERS; code++)
    CHECK_RET(sbi_pmu_counter_config_matching(FW_FIRST, 0xffff,
                                              SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START,
                                              EV_FW(code), 0),
              SBI_SUCCESS, FW_FIRST + code);
  for (unsigned code = 0; code < FW_COUNTERS; code++) CHECK_EQ(count(code), 0);

  /* set_timer: 7 calls. */
  for (int i = 0; i < 7; i++) CHECK_RET(sbi_set_timer(~0ULL), SBI_SUCCESS, 0);
  CHECK_EQ(count(SBI_PMU_FW_SET_TIMER), 7);

  /* Illegal instructions: the firmware counts them and S mode gets them with stval = the
   * instruction. 0xc0001073 = csrrw zero, cycle, zero (a write to a read-only CSR). */
  for (int i = 0; i < 3; i++) CHECK_EQ(TRAPS_IN(__asm__ volatile(".word 0xc0001073")), 1);
  CHECK_EQ(last_trap.scause, CAUSE_ILLEGAL_INSN);
  CHECK_EQ(last_trap.stval, 0xc0001073);
  CHECK_EQ(count(SBI_PMU_FW_ILLEGAL_INSN), 3);
  /* U-mode rdtime with scounteren.TM = 0: illegal for U; the firmware does not emulate it.
   * OpenSBI 1.1 emulates every trapped read of `time` without looking at the counter-enable
   * bits ("Faster TIME CSR reads ... we don't check CSR permissions"): U mode gets the time,
   * S mode no trap; the firmware counted the illegal instruction all the same. */
  csr_write(CSR_SCOUNTEREN, 0);
  CHECK_EQ(TRAPS_IN(umode_call(u_rdtime, 0)), BY_FW(1, 0));
  CHECK_EQ(last_trap.scause, CAUSE_ILLEGAL_INSN);
  CHECK_EQ(count(SBI_PMU_FW_ILLEGAL_INSN), 4);
  csr_write(CSR_SCOUNTEREN, 2);
  CHECK_EQ(TRAPS_IN(umode_call(u_rdtime, 0)), 0);
  CHECK_EQ(count(SBI_PMU_FW_ILLEGAL_INSN), 4);

  /* Access faults: loads and stores to nothing. */
  for (int i = 0; i < 2; i++) CHECK_EQ(TRAPS_IN((void)*(volatile uint32_t *)UNMAPPED), 1);
  CHECK_EQ(last_trap.scause, CAUSE_LOAD_ACCESS);
  CHECK_EQ(last_trap.stval, UNMAPPED);
  for (int i = 0; i < 5; i++) CHECK_EQ(TRAPS_IN(*(volatile uint32_t *)(UNMAPPED + 8) = 1), 1);
  CHECK_EQ(last_trap.scause, CAUSE_STORE_ACCESS);
  CHECK_EQ(last_trap.stval, UNMAPPED + 8);
  CHECK_EQ(count(SBI_PMU_FW_ACCESS_LOAD), 2);
  CHECK_EQ(count(SBI_PMU_FW_ACCESS_STORE), 5);

  /* Misaligned loads and stores: emulated (rvpmu) or done by the hardware (QEMU), S mode sees
   * no trap either way and gets the right values. */
  for (unsigned i = 0; i < sizeof buf; i++) buf[i] = (uint8_t)(0x80 + i);
  unsigned loads = 0, stores = 0;
  unsigned long v;
  CHECK_EQ(TRAPS_IN(__asm__ volatile("lhu %0, 0(%1)" : "=r"(v) : "r"(buf + 1))), 0);
  loads++;
  CHECK_EQ(v, 0x8281);
  CHECK_EQ(TRAPS_IN(__asm__ volatile("lh %0, 0(%1)" : "=r"(v) : "r"(buf + 3))), 0);
  loads++;
  CHECK_EQ(v, (unsigned long)(long)(int16_t)0x8483);
  CHECK_EQ(TRAPS_IN(__asm__ volatile("lw %0, 0(%1)" : "=r"(v) : "r"(buf + 5))), 0);
  loads++;
  CHECK_EQ(v, (unsigned long)(long)(int32_t)0x88878685);
  CHECK_EQ(TRAPS_IN(__asm__ volatile("c.lw %0, 0(%1)" : "=r"(v) : "r"(buf + 6))), 0);
  loads++; /* compressed */
  CHECK_EQ(v, (unsigned long)(long)(int32_t)0x89888786);
#if XLEN == 64
  CHECK_EQ(TRAPS_IN(__asm__ volatile("lwu %0, 0(%1)" : "=r"(v) : "r"(buf + 7))), 0);
  loads++;
  CHECK_EQ(v, 0x8a898887UL);
  CHECK_EQ(TRAPS_IN(__asm__ volatile("ld %0, 0(%1)" : "=r"(v) : "r"(buf + 9))), 0);
  loads++;
  CHECK_EQ(v, 0x908f8e8d8c8b8a89UL);
  CHECK_EQ(TRAPS_IN(__asm__ volatile("c.ld %0, 0(%1)" : "=r"(v) : "r"(buf + 12))), 0);
  loads++;
  CHECK_EQ(v, 0x939291908f8e8d8cUL);
#endif
  CHECK_EQ(TRAPS_IN(__asm__ volatile("sh %0, 0(%1)" ::"r"(0x1234), "r"(buf + 33) : "memory")), 0);
  stores++;
  CHECK_EQ(TRAPS_IN(__asm__ volatile("sw %0, 0(%1)" ::"r"(0x56789abc), "r"(buf + 37) : "memory")), 0);
  stores++;
  CHECK_EQ(TRAPS_IN(__asm__ volatile("c.sw %0, 0(%1)" ::"r"(0x13579bdf), "r"(buf + 42) : "memory")), 0);
  stores++;
  CHECK_EQ(buf[32], 0xa0);
  CHECK_EQ(buf[33] | buf[34] << 8, 0x1234);
  CHECK_EQ(buf[37] | buf[38] << 8 | buf[39] << 16 | (uint32_t)buf[40] << 24, 0x56789abc);
  CHECK_EQ(buf[42] | buf[43] << 8 | buf[44] << 16 | (uint32_t)buf[45] << 24, 0x13579bdf);
  CHECK_EQ(buf[46], 0x80 + 46);
#if XLEN == 64
  CHECK_EQ(TRAPS_IN(__asm__ volatile("sd %0, 0(%1)" ::"r"(0x0102030405060708UL), "r"(buf + 49) : "memory")), 0);
  stores++;
  CHECK_EQ(*(volatile uint64_t *)(buf + 48), 0x0203040506070800UL | 0xb0);
#endif
  /* FLW/FSW, FLD/FSD and their compressed forms, misaligned (the firmware emulates them
   * through the FP registers): the bytes arrive unchanged. */
  if (machine.f_ext) {
    csr_set(CSR_SSTATUS, 1UL << 13); /* FS = Initial */
    for (unsigned i = 0; i < sizeof buf; i++) buf[i] = (uint8_t)(0x40 + i);
    register uint8_t *src __asm__("a0") = buf + 1, *dst __asm__("a1") = buf + 33;
    CHECK_EQ(TRAPS_IN(__asm__ volatile(".option push\n.option arch, +f\nflw ft0, 0(%0)\nfsw ft0, 0(%1)\n.option pop" ::"r"(src),
                                       "r"(dst) : "memory")),
             0);
    loads++, stores++;
    CHECK_EQ(buf[33] | buf[34] << 8 | buf[35] << 16 | (uint32_t)buf[36] << 24, 0x44434241U);
#if XLEN == 32
    src = buf + 5, dst = buf + 37; /* C.FLW, C.FSW (RV32 only) */
    CHECK_EQ(TRAPS_IN(__asm__ volatile(".option push\n.option arch, +f\nc.flw fs0, 0(%0)\nc.fsw fs0, 0(%1)\n.option pop" ::"r"(src),
                                       "r"(dst) : "memory")),
             0);
    loads++, stores++;
    CHECK_EQ(buf[37] | buf[38] << 8 | buf[39] << 16 | (uint32_t)buf[40] << 24, 0x48474645U);
#endif
    if (machine.d_ext) {
      src = buf + 9, dst = buf + 41; /* FLD, FSD */
      CHECK_EQ(TRAPS_IN(__asm__ volatile(".option push\n.option arch, +d\nfld ft1, 0(%0)\nfsd ft1, 0(%1)\n.option pop" ::"r"(src),
                                         "r"(dst) : "memory")),
               0);
      src = buf + 17, dst = buf + 51; /* C.FLD, C.FSD */
      CHECK_EQ(TRAPS_IN(__asm__ volatile(".option push\n.option arch, +d\nc.fld fs1, 0(%0)\nc.fsd fs1, 0(%1)\n.option pop" ::"r"(src),
                                         "r"(dst) : "memory")),
               0);
      loads += 2, stores += 2;
      for (unsigned i = 0; i < 8; i++) {
        CHECK_EQ(buf[41 + i], 0x40 + 9 + i);
        CHECK_EQ(buf[51 + i], 0x40 + 17 + i);
      }
    }
    CHECK_EQ(csr_read(CSR_SSTATUS) & (3UL << 13), 3UL << 13); /* the loads made the FP state Dirty */
  }
  CHECK_EQ(count(SBI_PMU_FW_MISALIGNED_LOAD), machine.misaligned_traps ? loads : 0);
  CHECK_EQ(count(SBI_PMU_FW_MISALIGNED_STORE), machine.misaligned_traps ? stores : 0);

  /* An IPI to this hart: counted as sent and received, SSIP pending. */
  CHECK_RET(sbi_send_ipi(1UL << self, 0), SBI_SUCCESS, 0);
  CHECK_EQ(csr_read(CSR_SIP) & SIE_SSIE, SIE_SSIE);
  csr_clear(CSR_SIP, SIE_SSIE);
  CHECK_EQ(count(SBI_PMU_FW_IPI_SENT), 1);
  CHECK_EQ(count(SBI_PMU_FW_IPI_RECEIVED), 1);
  /* base = -1: every hart; the others are stopped (not started yet) and get nothing. */
  CHECK_RET(sbi_send_ipi(0, ~0UL), SBI_SUCCESS, 0);
  csr_clear(CSR_SIP, SIE_SSIE);
  CHECK_EQ(count(SBI_PMU_FW_IPI_SENT), 2);
  CHECK_EQ(count(SBI_PMU_FW_IPI_RECEIVED), 2);

  /* Remote fences to this hart: done locally, counted as sent and received. */
  CHECK_RET(sbi_remote_fence_i(1UL << self, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_remote_fence_i(1, self), SBI_SUCCESS, 0);
  CHECK_RET(sbi_remote_sfence_vma(1UL << self, 0, 0, 0), SBI_SUCCESS, 0);
  CHECK_RET(sbi_remote_sfence_vma(1UL << self, 0, 0x80200000, 0x3000), SBI_SUCCESS, 0);
  CHECK_RET(sbi_remote_sfence_vma(1UL << self, 0, 0x1000, ~0UL), SBI_SUCCESS, 0);
  CHECK_RET(sbi_remote_sfence_vma_asid(1UL << self, 0, 0, 0, 1), SBI_SUCCESS, 0);
  CHECK_EQ(count(SBI_PMU_FW_FENCE_I_SENT), 2);
  CHECK_EQ(count(SBI_PMU_FW_FENCE_I_RECEIVED), 2);
  CHECK_EQ(count(SBI_PMU_FW_SFENCE_VMA_SENT), 3);
  CHECK_EQ(count(SBI_PMU_FW_SFENCE_VMA_RECEIVED), 3);
  CHECK_EQ(count(SBI_PMU_FW_SFENCE_VMA_ASID_SENT), 1);
  CHECK_EQ(count(SBI_PMU_FW_SFENCE_VMA_ASID_RECEIVED), 1);

  /* HFENCE: NOT_SUPPORTED, nothing counted (rvpmu's harts have no H extension; QEMU's default
   * cpu has, but rvpmu's firmware does not implement these calls). OpenSBI 1.1 does them where
   * misa has H (QEMU): each call to this hart counts its *_SENT and *_RECEIVED. */
  const bool hfence = OPENSBI && machine.h_ext;
  for (unsigned long fid = SBI_RFENCE_HFENCE_GVMA_VMID; fid <= SBI_RFENCE_HFENCE_VVMA; fid++)
    CHECK_RET(sbi_ecall(SBI_EXT_RFENCE, fid, 1UL << self, 0, 0, 0, 0, 0), hfence ? SBI_SUCCESS : SBI_ERR_NOT_SUPPORTED, 0);
  CHECK_EQ(count(SBI_PMU_FW_HFENCE_GVMA_SENT), hfence);
  CHECK_EQ(count(SBI_PMU_FW_HFENCE_GVMA_RECEIVED), hfence);
  /* Events 16..21 on counters 32..37, after a reset. */
  CHECK_RET(sbi_pmu_counter_stop(FW_FIRST, 0x3f, SBI_PMU_STOP_FLAG_RESET), SBI_SUCCESS, 0);
  for (unsigned code = 16; code < 22; code++)
    CHECK_RET(sbi_pmu_counter_config_matching(FW_FIRST, 0x3f, SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START,
                                              EV_FW(code), 0),
              SBI_SUCCESS, FW_FIRST + code - 16);
  for (unsigned long fid = SBI_RFENCE_HFENCE_GVMA_VMID; fid <= SBI_RFENCE_HFENCE_VVMA; fid++)
    CHECK_RET(sbi_ecall(SBI_EXT_RFENCE, fid, 1UL << self, 0, 0, 0, 0, 0), hfence ? SBI_SUCCESS : SBI_ERR_NOT_SUPPORTED, 0);
  for (unsigned i = 0; i < 6; i++) CHECK_EQ(fw_counter_value(FW_FIRST + i), hfence);

  /* RFENCE and IPI checks: an invalid hart in the mask, a wrapping range. OpenSBI 1.1 drops
   * the bits of harts that do not exist (a base past the last hart is INVALID_PARAM), and
   * fences any range (SBI v1.0 already lists INVALID_PARAM for the mask and INVALID_ADDRESS for
   * "start_addr or size is not valid"). */
  CHECK_RET(sbi_send_ipi(1UL << 9, 0), BY_FW(SBI_ERR_INVALID_PARAM, SBI_SUCCESS), 0);
  CHECK_RET(sbi_send_ipi(1, 100), SBI_ERR_INVALID_PARAM, 0);
  CHECK_RET(sbi_remote_fence_i(1UL << (XLEN - 1), 0), BY_FW(SBI_ERR_INVALID_PARAM, SBI_SUCCESS), 0);
  CHECK_RET(sbi_remote_sfence_vma(1UL << self, 0, ~0UL - 0xfff, 0x2000), BY_FW(SBI_ERR_INVALID_ADDRESS, SBI_SUCCESS), 0);
  CHECK_RET(sbi_remote_sfence_vma_asid(1UL << self, 0, ~0UL - 0xfff, 0x2000, 0), BY_FW(SBI_ERR_INVALID_ADDRESS, SBI_SUCCESS),
            0);
  CHECK_RET(sbi_send_ipi(0, 0), SBI_SUCCESS, 0); /* nobody */
  CHECK_EQ(csr_read(CSR_SIP) & SIE_SSIE, 0);
  CHECK_EQ(count(SBI_PMU_FW_IPI_SENT), 2);

  /* 64-bit firmware counter values: fw_read has the low XLEN bits, fw_read_hi the high 32 on
   * RV32 and 0 on RV64. */
  CHECK_RET(sbi_pmu_counter_stop(FW_FIRST, 0x3f, SBI_PMU_STOP_FLAG_RESET), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_config_matching(FW_FIRST, 1, 0, EV_FW(SBI_PMU_FW_SET_TIMER), 0), SBI_SUCCESS, FW_FIRST);
  CHECK_RET(sbi_pmu_counter_start(FW_FIRST, 1, SBI_PMU_START_SET_INIT_VALUE, 0xffffffffULL), SBI_SUCCESS, 0);
  CHECK_RET(sbi_set_timer(~0ULL), SBI_SUCCESS, 0);
  CHECK_RET(sbi_pmu_counter_fw_read(FW_FIRST), SBI_SUCCESS, XLEN == 32 ? 0 : 0x100000000ULL);
  if (OPENSBI) CHECK_RET(sbi_pmu_counter_fw_read_hi(FW_FIRST), SBI_ERR_NOT_SUPPORTED, 0); /* SBI 2.0 */
  else CHECK_RET(sbi_pmu_counter_fw_read_hi(FW_FIRST), SBI_SUCCESS, XLEN == 32 ? 1 : 0);
  CHECK_EQ(fw_counter_value(FW_FIRST), 0x100000000ULL);
  return 0;
}
