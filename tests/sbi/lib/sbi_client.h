/* The S-mode side of the SBI: one ecall helper and a typed wrapper per function of the
 * extensions rvpmu's firmware implements. 64-bit arguments go in two registers on RV32 (low
 * first), as the SBI binary encoding requires. Constants come from firmware/lib/sbi.h, so the
 * suite and the firmware use the same numbers; the expected values in the tests are written
 * out from the spec, not taken from that header. */
#ifndef SBI_CLIENT_H
#define SBI_CLIENT_H

#include <stdint.h>

#include "lib/sbi.h"

/* Not in firmware/lib/sbi.h: the firmware implements neither. */
#define SBI_IMPL_ID_OPENSBI 1UL                /* Base get_impl_id (spec 4.9) */
#define SBI_EXT_LEGACY_SET_TIMER 0x00UL        /* SBI v0.1 (legacy) extensions */
#define SBI_EXT_LEGACY_CONSOLE_PUTCHAR 0x01UL

struct sbiret {
  long error;
  unsigned long value;
};

struct sbiret sbi_ecall(unsigned long eid, unsigned long fid, unsigned long a0, unsigned long a1, unsigned long a2,
                        unsigned long a3, unsigned long a4, unsigned long a5);

/* Base */
struct sbiret sbi_get_spec_version(void);
struct sbiret sbi_get_impl_id(void);
struct sbiret sbi_get_impl_version(void);
struct sbiret sbi_probe_extension(unsigned long eid);
struct sbiret sbi_get_mvendorid(void);
struct sbiret sbi_get_marchid(void);
struct sbiret sbi_get_mimpid(void);
/* TIME, IPI, RFENCE */
struct sbiret sbi_set_timer(uint64_t stime);
struct sbiret sbi_send_ipi(unsigned long mask, unsigned long base);
struct sbiret sbi_remote_fence_i(unsigned long mask, unsigned long base);
struct sbiret sbi_remote_sfence_vma(unsigned long mask, unsigned long base, unsigned long start, unsigned long size);
struct sbiret sbi_remote_sfence_vma_asid(unsigned long mask, unsigned long base, unsigned long start, unsigned long size,
                                         unsigned long asid);
/* HSM */
struct sbiret sbi_hart_start(unsigned long hartid, unsigned long addr, unsigned long opaque);
struct sbiret sbi_hart_stop(void);
struct sbiret sbi_hart_get_status(unsigned long hartid);
struct sbiret sbi_hart_suspend(unsigned long type, unsigned long addr, unsigned long opaque);
/* SRST, DBCN */
struct sbiret sbi_system_reset(unsigned long type, unsigned long reason);
struct sbiret sbi_debug_console_write(unsigned long num, unsigned long lo, unsigned long hi);
struct sbiret sbi_debug_console_read(unsigned long num, unsigned long lo, unsigned long hi);
struct sbiret sbi_debug_console_write_byte(uint8_t byte);
/* SUSP, FWFT */
struct sbiret sbi_system_suspend(unsigned long sleep_type, unsigned long resume_addr, unsigned long opaque);
struct sbiret sbi_fwft_set(unsigned long feature, unsigned long value, unsigned long flags);
struct sbiret sbi_fwft_get(unsigned long feature);
/* PMU */
struct sbiret sbi_pmu_num_counters(void);
struct sbiret sbi_pmu_counter_get_info(unsigned long idx);
struct sbiret sbi_pmu_counter_config_matching(unsigned long base, unsigned long mask, unsigned long flags,
                                              unsigned long event_idx, uint64_t event_data);
struct sbiret sbi_pmu_counter_start(unsigned long base, unsigned long mask, unsigned long flags, uint64_t value);
struct sbiret sbi_pmu_counter_stop(unsigned long base, unsigned long mask, unsigned long flags);
struct sbiret sbi_pmu_counter_fw_read(unsigned long idx);
struct sbiret sbi_pmu_counter_fw_read_hi(unsigned long idx);
struct sbiret sbi_pmu_snapshot_set_shmem(unsigned long lo, unsigned long hi, unsigned long flags);
struct sbiret sbi_pmu_event_get_info(unsigned long lo, unsigned long hi, unsigned long num, unsigned long flags);

/* A 64-bit firmware counter value: fw_read, plus fw_read_hi on RV32. Checks both succeed. */
uint64_t sbi_pmu_fw_value(unsigned long idx);

#endif
