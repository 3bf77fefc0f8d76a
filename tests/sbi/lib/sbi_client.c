/* SBI calls (see sbi_client.h). */
#include "sbi_client.h"

struct sbiret sbi_ecall(unsigned long eid, unsigned long fid, unsigned long a0, unsigned long a1, unsigned long a2,
                        unsigned long a3, unsigned long a4, unsigned long a5) {
  register unsigned long r0 __asm__("a0") = a0;
  register unsigned long r1 __asm__("a1") = a1;
  register unsigned long r2 __asm__("a2") = a2;
  register unsigned long r3 __asm__("a3") = a3;
  register unsigned long r4 __asm__("a4") = a4;
  register unsigned long r5 __asm__("a5") = a5;
  register unsigned long r6 __asm__("a6") = fid;
  register unsigned long r7 __asm__("a7") = eid;
  __asm__ volatile("ecall" : "+r"(r0), "+r"(r1) : "r"(r2), "r"(r3), "r"(r4), "r"(r5), "r"(r6), "r"(r7) : "memory");
  return (struct sbiret){(long)r0, r1};
}

#define CALL(eid, fid, ...) sbi_ecall(eid, fid, __VA_ARGS__)
#if __riscv_xlen == 32
#define LO(v) ((unsigned long)(v))
#define HI(v) ((unsigned long)((uint64_t)(v) >> 32))
#endif

struct sbiret sbi_get_spec_version(void) { return CALL(SBI_EXT_BASE, SBI_BASE_GET_SPEC_VERSION, 0, 0, 0, 0, 0, 0); }
struct sbiret sbi_get_impl_id(void) { return CALL(SBI_EXT_BASE, SBI_BASE_GET_IMPL_ID, 0, 0, 0, 0, 0, 0); }
struct sbiret sbi_get_impl_version(void) { return CALL(SBI_EXT_BASE, SBI_BASE_GET_IMPL_VERSION, 0, 0, 0, 0, 0, 0); }
struct sbiret sbi_probe_extension(unsigned long eid) { return CALL(SBI_EXT_BASE, SBI_BASE_PROBE_EXT, eid, 0, 0, 0, 0, 0); }
struct sbiret sbi_get_mvendorid(void) { return CALL(SBI_EXT_BASE, SBI_BASE_GET_MVENDORID, 0, 0, 0, 0, 0, 0); }
struct sbiret sbi_get_marchid(void) { return CALL(SBI_EXT_BASE, SBI_BASE_GET_MARCHID, 0, 0, 0, 0, 0, 0); }
struct sbiret sbi_get_mimpid(void) { return CALL(SBI_EXT_BASE, SBI_BASE_GET_MIMPID, 0, 0, 0, 0, 0, 0); }

struct sbiret sbi_set_timer(uint64_t stime) {
#if __riscv_xlen == 32
  return CALL(SBI_EXT_TIME, SBI_TIME_SET_TIMER, LO(stime), HI(stime), 0, 0, 0, 0);
#else
  return CALL(SBI_EXT_TIME, SBI_TIME_SET_TIMER, stime, 0, 0, 0, 0, 0);
#endif
}

struct sbiret sbi_send_ipi(unsigned long mask, unsigned long base) {
  return CALL(SBI_EXT_IPI, SBI_IPI_SEND_IPI, mask, base, 0, 0, 0, 0);
}
struct sbiret sbi_remote_fence_i(unsigned long mask, unsigned long base) {
  return CALL(SBI_EXT_RFENCE, SBI_RFENCE_FENCE_I, mask, base, 0, 0, 0, 0);
}
struct sbiret sbi_remote_sfence_vma(unsigned long mask, unsigned long base, unsigned long start, unsigned long size) {
  return CALL(SBI_EXT_RFENCE, SBI_RFENCE_SFENCE_VMA, mask, base, start, size, 0, 0);
}
struct sbiret sbi_remote_sfence_vma_asid(unsigned long mask, unsigned long base, unsigned long start, unsigned long size,
                                         unsigned long asid) {
  return CALL(SBI_EXT_RFENCE, SBI_RFENCE_SFENCE_VMA_ASID, mask, base, start, size, asid, 0);
}

struct sbiret sbi_hart_start(unsigned long hartid, unsigned long addr, unsigned long opaque) {
  return CALL(SBI_EXT_HSM, SBI_HSM_HART_START, hartid, addr, opaque, 0, 0, 0);
}
struct sbiret sbi_hart_stop(void) { return CALL(SBI_EXT_HSM, SBI_HSM_HART_STOP, 0, 0, 0, 0, 0, 0); }
struct sbiret sbi_hart_get_status(unsigned long hartid) {
  return CALL(SBI_EXT_HSM, SBI_HSM_HART_GET_STATUS, hartid, 0, 0, 0, 0, 0);
}
struct sbiret sbi_hart_suspend(unsigned long type, unsigned long addr, unsigned long opaque) {
  return CALL(SBI_EXT_HSM, SBI_HSM_HART_SUSPEND, type, addr, opaque, 0, 0, 0);
}

struct sbiret sbi_system_reset(unsigned long type, unsigned long reason) {
  return CALL(SBI_EXT_SRST, SBI_SRST_SYSTEM_RESET, type, reason, 0, 0, 0, 0);
}
struct sbiret sbi_system_suspend(unsigned long sleep_type, unsigned long resume_addr, unsigned long opaque) {
  return CALL(SBI_EXT_SUSP, SBI_SUSP_SYSTEM_SUSPEND, sleep_type, resume_addr, opaque, 0, 0, 0);
}
struct sbiret sbi_fwft_set(unsigned long feature, unsigned long value, unsigned long flags) {
  return CALL(SBI_EXT_FWFT, SBI_FWFT_SET, feature, value, flags, 0, 0, 0);
}
struct sbiret sbi_fwft_get(unsigned long feature) { return CALL(SBI_EXT_FWFT, SBI_FWFT_GET, feature, 0, 0, 0, 0, 0); }
struct sbiret sbi_debug_console_write(unsigned long num, unsigned long lo, unsigned long hi) {
  return CALL(SBI_EXT_DBCN, SBI_DBCN_WRITE, num, lo, hi, 0, 0, 0);
}
struct sbiret sbi_debug_console_read(unsigned long num, unsigned long lo, unsigned long hi) {
  return CALL(SBI_EXT_DBCN, SBI_DBCN_READ, num, lo, hi, 0, 0, 0);
}
struct sbiret sbi_debug_console_write_byte(uint8_t byte) {
  return CALL(SBI_EXT_DBCN, SBI_DBCN_WRITE_BYTE, byte, 0, 0, 0, 0, 0);
}

struct sbiret sbi_pmu_num_counters(void) { return CALL(SBI_EXT_PMU, SBI_PMU_NUM_COUNTERS, 0, 0, 0, 0, 0, 0); }
struct sbiret sbi_pmu_counter_get_info(unsigned long idx) {
  return CALL(SBI_EXT_PMU, SBI_PMU_COUNTER_GET_INFO, idx, 0, 0, 0, 0, 0);
}
struct sbiret sbi_pmu_counter_config_matching(unsigned long base, unsigned long mask, unsigned long flags,
                                              unsigned long event_idx, uint64_t event_data) {
#if __riscv_xlen == 32
  return CALL(SBI_EXT_PMU, SBI_PMU_COUNTER_CONFIG_MATCHING, base, mask, flags, event_idx, LO(event_data),
              HI(event_data));
#else
  return CALL(SBI_EXT_PMU, SBI_PMU_COUNTER_CONFIG_MATCHING, base, mask, flags, event_idx, event_data, 0);
#endif
}
struct sbiret sbi_pmu_counter_start(unsigned long base, unsigned long mask, unsigned long flags, uint64_t value) {
#if __riscv_xlen == 32
  return CALL(SBI_EXT_PMU, SBI_PMU_COUNTER_START, base, mask, flags, LO(value), HI(value), 0);
#else
  return CALL(SBI_EXT_PMU, SBI_PMU_COUNTER_START, base, mask, flags, value, 0, 0);
#endif
}
struct sbiret sbi_pmu_counter_stop(unsigned long base, unsigned long mask, unsigned long flags) {
  return CALL(SBI_EXT_PMU, SBI_PMU_COUNTER_STOP, base, mask, flags, 0, 0, 0);
}
struct sbiret sbi_pmu_counter_fw_read(unsigned long idx) {
  return CALL(SBI_EXT_PMU, SBI_PMU_COUNTER_FW_READ, idx, 0, 0, 0, 0, 0);
}
struct sbiret sbi_pmu_counter_fw_read_hi(unsigned long idx) {
  return CALL(SBI_EXT_PMU, SBI_PMU_COUNTER_FW_READ_HI, idx, 0, 0, 0, 0, 0);
}
struct sbiret sbi_pmu_snapshot_set_shmem(unsigned long lo, unsigned long hi, unsigned long flags) {
  return CALL(SBI_EXT_PMU, SBI_PMU_SNAPSHOT_SET_SHMEM, lo, hi, flags, 0, 0, 0);
}
struct sbiret sbi_pmu_event_get_info(unsigned long lo, unsigned long hi, unsigned long num, unsigned long flags) {
  return CALL(SBI_EXT_PMU, SBI_PMU_EVENT_GET_INFO, lo, hi, num, flags, 0, 0);
}
