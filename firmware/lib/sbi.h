/* SBI constants (SBI specification v3.0): extension and function ids, error codes, PMU event
 * encodings and flags. Shared with the S-mode client suite (tests/sbi), which checks the same
 * numbers from the other side. */
#ifndef FW_SBI_H
#define FW_SBI_H

#define SBI_SPEC_VERSION 0x03000000UL /* major 3 << 24 | minor 0 */

/* Implementation id: the spec allocates small integers (0 BBL, 1 OpenSBI, ... 11 bhyve as of
 * v3.0). rvpmu's firmware uses the ASCII tag "rvpm", far from that range (docs/sbi.md). */
#define SBI_IMPL_ID_RVPMU 0x7276706dUL
#define SBI_IMPL_VERSION 0x00010000UL /* 1.0: major << 16 | minor */

#define SBI_EXT_BASE 0x10
#define SBI_EXT_TIME 0x54494d45
#define SBI_EXT_IPI 0x735049
#define SBI_EXT_RFENCE 0x52464e43
#define SBI_EXT_HSM 0x48534d
#define SBI_EXT_SRST 0x53525354
#define SBI_EXT_PMU 0x504d55
#define SBI_EXT_DBCN 0x4442434e
#define SBI_EXT_SUSP 0x53555350
#define SBI_EXT_FWFT 0x46574654

enum sbi_base_fid {
  SBI_BASE_GET_SPEC_VERSION = 0,
  SBI_BASE_GET_IMPL_ID = 1,
  SBI_BASE_GET_IMPL_VERSION = 2,
  SBI_BASE_PROBE_EXT = 3,
  SBI_BASE_GET_MVENDORID = 4,
  SBI_BASE_GET_MARCHID = 5,
  SBI_BASE_GET_MIMPID = 6,
};

#define SBI_TIME_SET_TIMER 0
#define SBI_IPI_SEND_IPI 0

enum sbi_rfence_fid {
  SBI_RFENCE_FENCE_I = 0,
  SBI_RFENCE_SFENCE_VMA = 1,
  SBI_RFENCE_SFENCE_VMA_ASID = 2,
  SBI_RFENCE_HFENCE_GVMA_VMID = 3,
  SBI_RFENCE_HFENCE_GVMA = 4,
  SBI_RFENCE_HFENCE_VVMA_ASID = 5,
  SBI_RFENCE_HFENCE_VVMA = 6,
};

enum sbi_hsm_fid { SBI_HSM_HART_START = 0, SBI_HSM_HART_STOP = 1, SBI_HSM_HART_GET_STATUS = 2, SBI_HSM_HART_SUSPEND = 3 };
enum sbi_hsm_state {
  SBI_HSM_STARTED = 0,
  SBI_HSM_STOPPED = 1,
  SBI_HSM_START_PENDING = 2,
  SBI_HSM_STOP_PENDING = 3,
  SBI_HSM_SUSPENDED = 4,
  SBI_HSM_SUSPEND_PENDING = 5,
  SBI_HSM_RESUME_PENDING = 6,
};
#define SBI_HSM_SUSPEND_RET_DEFAULT 0x00000000UL
#define SBI_HSM_SUSPEND_RET_PLATFORM 0x10000000UL     /* 0x10000000..0x7fffffff */
#define SBI_HSM_SUSPEND_NON_RET_DEFAULT 0x80000000UL
#define SBI_HSM_SUSPEND_NON_RET_PLATFORM 0x90000000UL /* 0x90000000..0xffffffff */

#define SBI_SRST_SYSTEM_RESET 0
#define SBI_SRST_TYPE_SHUTDOWN 0
#define SBI_SRST_TYPE_COLD_REBOOT 1
#define SBI_SRST_TYPE_WARM_REBOOT 2
#define SBI_SRST_TYPE_VENDOR 0xf0000000UL
#define SBI_SRST_REASON_NONE 0
#define SBI_SRST_REASON_SYSTEM_FAILURE 1

/* SUSP (System Suspend): sleep types are 32 bits wide. */
#define SBI_SUSP_SYSTEM_SUSPEND 0
#define SBI_SUSP_SLEEP_TYPE_SUSPEND_TO_RAM 0x0UL
#define SBI_SUSP_SLEEP_TYPE_PLATFORM 0x80000000UL /* 0x80000000..0xffffffff */

/* FWFT (Firmware Features): feature ids are 32 bits wide. */
enum sbi_fwft_fid { SBI_FWFT_SET = 0, SBI_FWFT_GET = 1 };
enum sbi_fwft_feature {
  SBI_FWFT_MISALIGNED_EXC_DELEG = 0,
  SBI_FWFT_LANDING_PAD = 1,
  SBI_FWFT_SHADOW_STACK = 2,
  SBI_FWFT_DOUBLE_TRAP = 3,
  SBI_FWFT_PTE_AD_HW_UPDATING = 4,
  SBI_FWFT_POINTER_MASKING_PMLEN = 5,
  SBI_FWFT_LOCAL_RESERVED_FIRST = 6,         /* 6..0x3fffffff reserved */
  SBI_FWFT_LOCAL_PLATFORM_FIRST = 0x40000000, /* ..0x7fffffff platform-specific */
};
#define SBI_FWFT_GLOBAL 0x80000000UL         /* bit 31: global features (0x80000000..) */
#define SBI_FWFT_SET_FLAG_LOCK (1UL << 0)

enum sbi_dbcn_fid { SBI_DBCN_WRITE = 0, SBI_DBCN_READ = 1, SBI_DBCN_WRITE_BYTE = 2 };

enum sbi_pmu_fid {
  SBI_PMU_NUM_COUNTERS = 0,
  SBI_PMU_COUNTER_GET_INFO = 1,
  SBI_PMU_COUNTER_CONFIG_MATCHING = 2,
  SBI_PMU_COUNTER_START = 3,
  SBI_PMU_COUNTER_STOP = 4,
  SBI_PMU_COUNTER_FW_READ = 5,
  SBI_PMU_COUNTER_FW_READ_HI = 6,
  SBI_PMU_SNAPSHOT_SET_SHMEM = 7,
  SBI_PMU_EVENT_GET_INFO = 8,
};

/* Error codes (SBI chapter 3, table "Standard SBI Errors"). */
#define SBI_SUCCESS 0
#define SBI_ERR_FAILED (-1)
#define SBI_ERR_NOT_SUPPORTED (-2)
#define SBI_ERR_INVALID_PARAM (-3)
#define SBI_ERR_DENIED (-4)
#define SBI_ERR_INVALID_ADDRESS (-5)
#define SBI_ERR_ALREADY_AVAILABLE (-6)
#define SBI_ERR_ALREADY_STARTED (-7)
#define SBI_ERR_ALREADY_STOPPED (-8)
#define SBI_ERR_NO_SHMEM (-9)
#define SBI_ERR_INVALID_STATE (-10)
#define SBI_ERR_BAD_RANGE (-11)
#define SBI_ERR_TIMEOUT (-12)
#define SBI_ERR_IO (-13)
#define SBI_ERR_DENIED_LOCKED (-14)

/* PMU event index: type in bits 19:16, code in 15:0 (section 11). */
#define SBI_PMU_EVENT_TYPE(idx) (((idx) >> 16) & 0xf)
#define SBI_PMU_EVENT_CODE(idx) ((idx) & 0xffff)
#define SBI_PMU_EVENT_IDX(type, code) (((unsigned long)(type) << 16) | (code))
#define SBI_PMU_TYPE_HW 0
#define SBI_PMU_TYPE_CACHE 1
#define SBI_PMU_TYPE_RAW 2
#define SBI_PMU_TYPE_RAW_V2 3
#define SBI_PMU_TYPE_FW 15

enum sbi_pmu_hw_event {
  SBI_PMU_HW_NO_EVENT = 0,
  SBI_PMU_HW_CPU_CYCLES = 1,
  SBI_PMU_HW_INSTRUCTIONS = 2,
  SBI_PMU_HW_CACHE_REFERENCES = 3,
  SBI_PMU_HW_CACHE_MISSES = 4,
  SBI_PMU_HW_BRANCH_INSTRUCTIONS = 5,
  SBI_PMU_HW_BRANCH_MISSES = 6,
  SBI_PMU_HW_BUS_CYCLES = 7,
  SBI_PMU_HW_STALLED_CYCLES_FRONTEND = 8,
  SBI_PMU_HW_STALLED_CYCLES_BACKEND = 9,
  SBI_PMU_HW_REF_CPU_CYCLES = 10,
  SBI_PMU_HW_GENERAL_MAX = 11, /* first code that is not defined */
};
/* Cache events: code = cache_id << 3 | op_id << 1 | result_id. */
#define SBI_PMU_CACHE_ID_MAX 7     /* L1D .. NODE */
#define SBI_PMU_CACHE_OP_MAX 3     /* READ, WRITE, PREFETCH */
#define SBI_PMU_CACHE_RESULT_MAX 2 /* ACCESS, MISS */

enum sbi_pmu_fw_event {
  SBI_PMU_FW_MISALIGNED_LOAD = 0,
  SBI_PMU_FW_MISALIGNED_STORE = 1,
  SBI_PMU_FW_ACCESS_LOAD = 2,
  SBI_PMU_FW_ACCESS_STORE = 3,
  SBI_PMU_FW_ILLEGAL_INSN = 4,
  SBI_PMU_FW_SET_TIMER = 5,
  SBI_PMU_FW_IPI_SENT = 6,
  SBI_PMU_FW_IPI_RECEIVED = 7,
  SBI_PMU_FW_FENCE_I_SENT = 8,
  SBI_PMU_FW_FENCE_I_RECEIVED = 9,
  SBI_PMU_FW_SFENCE_VMA_SENT = 10,
  SBI_PMU_FW_SFENCE_VMA_RECEIVED = 11,
  SBI_PMU_FW_SFENCE_VMA_ASID_SENT = 12,
  SBI_PMU_FW_SFENCE_VMA_ASID_RECEIVED = 13,
  SBI_PMU_FW_HFENCE_GVMA_SENT = 14,
  SBI_PMU_FW_HFENCE_GVMA_RECEIVED = 15,
  SBI_PMU_FW_HFENCE_GVMA_VMID_SENT = 16,
  SBI_PMU_FW_HFENCE_GVMA_VMID_RECEIVED = 17,
  SBI_PMU_FW_HFENCE_VVMA_SENT = 18,
  SBI_PMU_FW_HFENCE_VVMA_RECEIVED = 19,
  SBI_PMU_FW_HFENCE_VVMA_ASID_SENT = 20,
  SBI_PMU_FW_HFENCE_VVMA_ASID_RECEIVED = 21,
  SBI_PMU_FW_EVENT_MAX = 22,      /* 22..255 reserved */
  SBI_PMU_FW_IMPL_FIRST = 256,    /* 256..65534 implementation specific */
  SBI_PMU_FW_PLATFORM = 65535,
};

/* counter_get_info fields. */
#define SBI_PMU_INFO_CSR(info) ((info) & 0xfff)
#define SBI_PMU_INFO_WIDTH_SHIFT 12
#define SBI_PMU_INFO_FW (1UL << (__riscv_xlen - 1))

/* counter_config_matching flags. */
#define SBI_PMU_CFG_FLAG_SKIP_MATCH (1UL << 0)
#define SBI_PMU_CFG_FLAG_CLEAR_VALUE (1UL << 1)
#define SBI_PMU_CFG_FLAG_AUTO_START (1UL << 2)
#define SBI_PMU_CFG_FLAG_SET_VUINH (1UL << 3)
#define SBI_PMU_CFG_FLAG_SET_VSINH (1UL << 4)
#define SBI_PMU_CFG_FLAG_SET_UINH (1UL << 5)
#define SBI_PMU_CFG_FLAG_SET_SINH (1UL << 6)
#define SBI_PMU_CFG_FLAG_SET_MINH (1UL << 7)
#define SBI_PMU_CFG_FLAGS_ALL 0xffUL
/* counter_start flags. */
#define SBI_PMU_START_SET_INIT_VALUE (1UL << 0)
#define SBI_PMU_START_FLAG_INIT_SNAPSHOT (1UL << 1)
#define SBI_PMU_START_FLAGS_ALL 0x3UL
/* counter_stop flags. */
#define SBI_PMU_STOP_FLAG_RESET (1UL << 0)
#define SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT (1UL << 1)
#define SBI_PMU_STOP_FLAGS_ALL 0x3UL

/* Snapshot shared memory layout (table 45). */
#define SBI_PMU_SNAPSHOT_BYTES 4096
#define SBI_PMU_SNAPSHOT_OVERFLOW_OFFSET 0x0
#define SBI_PMU_SNAPSHOT_VALUES_OFFSET 0x8
#define SBI_PMU_SNAPSHOT_VALUES 64

/* event_get_info entry (table 47): 16 bytes. */
#define SBI_PMU_EVENT_INFO_BYTES 16
#define SBI_PMU_EVENT_INFO_IDX_RESERVED 0xfff00000UL /* bits 31:20 of word 0 */

#endif
