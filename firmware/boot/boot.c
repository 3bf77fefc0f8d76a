/* Cold boot (once, on the first hart to arrive) and warm boot (every hart): device tree,
 * trap set-up, delegation, counter access, then S mode. fw_jump style: the payload sits at a
 * fixed address, 0x80200000 on RV64 and 0x80400000 on RV32 (rvpmu and QEMU put -kernel there). */
#include "hart/pmp.h"
#include "hart/sdeleg.h"
#include "lib/csr.h"
#include "platform/console.h"
#include "platform/fdt_fixup.h"
#include "platform/platform.h"
#include "platform/reset.h"
#include "sbi/fwft.h"
#include "sbi/hsm.h"
#include "sbi/pmu/pmu.h"
#include "sbi/timer.h"
#include "trap/trap.h"

#if __riscv_xlen == 64
#define FW_PAYLOAD_ADDR 0x80200000UL
#else
#define FW_PAYLOAD_ADDR 0x80400000UL
#endif
#define FW_STACK_BYTES 8192 /* asm.h */

/* Where the device tree could not tell: QEMU virt's test device and UART. Used only to report
 * a device tree the firmware cannot read. */
#define VIRT_TEST 0x100000UL
#define VIRT_UART 0x10000000UL

/* Exceptions S mode handles itself (the firmware keeps illegal instructions, misaligned and
 * access faults: it emulates or counts them, then passes on what it does not emulate). */
#define MEDELEG_S                                                                                 \
  (1UL << CAUSE_MISALIGNED_FETCH | 1UL << CAUSE_FETCH_ACCESS | 1UL << CAUSE_BREAKPOINT |          \
   1UL << CAUSE_USER_ECALL | 1UL << CAUSE_FETCH_PAGE_FAULT | 1UL << CAUSE_LOAD_PAGE_FAULT |        \
   1UL << CAUSE_STORE_PAGE_FAULT)

struct hart_scratch hart_scratch[FW_MAX_HARTS];
extern char fw_stacks[], _fw_start[], _fw_end[];
static unsigned long boot_hart;

void fw_cold_boot(unsigned long hartid, const void *dtb);
static void reserve_firmware(const void *dtb);
__attribute__((noreturn)) void fw_warm_boot(unsigned long hartid, const void *dtb);

void fw_cold_boot(unsigned long hartid, const void *dtb) {
  boot_hart = hartid;
  if (platform_init(dtb) < 0) {
    platform.uart = VIRT_UART;
    platform.test = VIRT_TEST;
    fw_panic("cannot read the device tree (a1)", NULL);
  }
  reserve_firmware(dtb);
  if (!platform_hart_valid(hartid)) fw_panic("the boot hart is not in the device tree", NULL);
  if (!platform_smode_ram(FW_PAYLOAD_ADDR, 4)) fw_panic("no RAM at the payload address", NULL);
  hsm_init(hartid);
  if (pmu_init(&platform.fdt, platform.pmu_node) < 0) fw_panic("bad riscv,pmu node", NULL);
  fw_printf("rvpmu-fw 1.0 (SBI v3.0) on %s: harts 0x%x, payload 0x%lx\n", platform.model, (unsigned)platform.hart_mask,
            FW_PAYLOAD_ADDR);
}

/* The firmware's memory: the smallest naturally aligned power of two that holds its image. */
static uintptr_t fw_region_bytes(void) {
  uintptr_t size = 4096;
  while (size < (uintptr_t)(_fw_end - _fw_start)) size <<= 1;
  return size;
}

/* It is closed to S and U mode where the hart has PMP. Without PMP, platform_smode_ram's checks
 * of every address S mode hands over are what keeps the firmware's memory its own. */
static void protect_firmware(void) { (void)pmp_protect((uintptr_t)_fw_start, fw_region_bytes()); }

/* ... and reserved in the device tree S mode gets, so that no OS allocates it (the memory
 * nodes offer all of RAM). The end of the RAM region that holds the blob bounds its growth. */
static void reserve_firmware(const void *dtb) {
  uint64_t at = (uintptr_t)dtb, limit = 0;
  for (unsigned i = 0; i < platform.num_ram; i++)
    if (at >= platform.ram_base[i] && at - platform.ram_base[i] < platform.ram_size[i])
      limit = platform.ram_base[i] + platform.ram_size[i];
  if (!limit || fdt_fixup_reserve((void *)(uintptr_t)dtb, limit, (uintptr_t)_fw_start, fw_region_bytes()) < 0) {
    fw_printf("rvpmu-fw: cannot add the firmware to the device tree's /memreserve/\n");
    return;
  }
  /* The blob moved by 16 bytes from the reservation block on: read it afresh. */
  if (platform_init(dtb) < 0) fw_panic("the device tree changed unreadably", NULL);
}

void fw_warm_boot(unsigned long hartid, const void *dtb) {
  if (!platform_hart_valid(hartid)) {
    /* A hart the device tree does not list: nothing may start it. */
    csr_write(CSR_MIE, 0);
    for (;;) __asm__ volatile("wfi");
  }
  hart_scratch[hartid].stack_top = (uintptr_t)fw_stacks + (hartid + 1) * FW_STACK_BYTES;
  csr_write(CSR_MSCRATCH, &hart_scratch[hartid]);
  csr_write(CSR_MTVEC, fw_trap_entry);
  protect_firmware();
  pmu_hart_init();
  timer_hart_init();
  /* S and U may read every counter (privileged spec 3.1.11); S opens them to U with
   * scounteren. Configuring them is the SBI PMU's job. */
  csr_write(CSR_MCOUNTEREN, ~0UL);
  sdeleg_hart_init(); /* Smstateen bits, counter delegation (menvcfg.CDE) */
  csr_write(CSR_MEDELEG, MEDELEG_S);
  fwft_hart_reset(); /* after medeleg: misaligned delegation starts off (FWFT reset value) */
  csr_write(CSR_MIDELEG, MIP_SSIP | MIP_STIP | MIP_SEIP | (pmu_has_sscofpmf() ? MIP_LCOFIP : 0));
  csr_write(CSR_MIE, MIP_MSIP);
  csr_clear(CSR_MIP, MIP_SSIP | MIP_STIP);
  if (hartid == boot_hart) fw_enter_smode(hartid, (unsigned long)dtb, FW_PAYLOAD_ADDR);
  hsm_wait_for_start();
}
