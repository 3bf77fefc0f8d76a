/* SBI PMU extension (chapter 11): the ecall shim in front of the PMU core (pmu.c). It only
 * unpacks arguments (64-bit values in two registers on RV32) and splits firmware counter
 * values into the XLEN-wide halves fw_read and fw_read_hi return. */
#include "ecall/sbi_ecall.h"
#include "lib/sbi.h"
#include "sbi/pmu/pmu.h"

static int pmu_handle(unsigned long fid, const unsigned long *args, unsigned long *value) {
  uint64_t v;
  int r;
  switch (fid) {
    case SBI_PMU_NUM_COUNTERS:
      *value = pmu_num_counters();
      return FW_OK;
    case SBI_PMU_COUNTER_GET_INFO:
      return pmu_counter_info(args[0], value);
    case SBI_PMU_COUNTER_CONFIG_MATCHING:
      return pmu_counter_config_matching(args[0], args[1], args[2], args[3], sbi_arg64(args, 4), value);
    case SBI_PMU_COUNTER_START:
      return pmu_counter_start(args[0], args[1], args[2], sbi_arg64(args, 3));
    case SBI_PMU_COUNTER_STOP:
      return pmu_counter_stop(args[0], args[1], args[2]);
    case SBI_PMU_COUNTER_FW_READ:
      if ((r = pmu_counter_fw_read(args[0], &v)) < 0) return r;
      *value = (unsigned long)v; /* RV32: the low 32 bits */
      return FW_OK;
    case SBI_PMU_COUNTER_FW_READ_HI:
      if ((r = pmu_counter_fw_read(args[0], &v)) < 0) return r;
      *value = __riscv_xlen == 32 ? (unsigned long)(v >> 32) : 0;
      return FW_OK;
    case SBI_PMU_SNAPSHOT_SET_SHMEM:
      return pmu_snapshot_set_shmem(args[0], args[1], args[2]);
    case SBI_PMU_EVENT_GET_INFO:
      return pmu_event_get_info(args[0], args[1], args[2], args[3]);
    default:
      return FW_ENOTSUP;
  }
}

const struct sbi_extension sbi_ext_pmu = {SBI_EXT_PMU, pmu_available, pmu_handle};
