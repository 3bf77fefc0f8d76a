/* What the firmware opens to S mode on a hart with Smstateen, Smcsrind and Smcdeleg
 * (firmware/hart/sdeleg.c): mstateen0's SE0, ENVCFG and CSRIND, so that sstateen0 (zeroed by
 * the firmware, as Smstateen asks), senvcfg and siselect/sireg* do not trap; menvcfg.CDE with
 * every counter in mcounteren, so that S mode programs a counter itself through siselect
 * 0x40+i (sireg: the counter, sireg2: its event selector; Smcdeleg "Counter Delegation") and
 * scountinhibit, and reads the exact count: the loop's instructions. The device tree names
 * the extensions (riscv,isa-extensions). The SBI PMU extension still configures, starts,
 * stops and reads another counter.
 * run: qemu=no opensbi=no cores=default,small harts=1 */
#include "lib/fdt.h"
#include "lib/lib.h"
#include "pmu_util.h"

#define CSR_SSTATEEN0 0x10c
#define CSR_SENVCFG 0x10a
#define CSR_SISELECT 0x150
#define CSR_SIREG 0x151
#define CSR_SIREG2 0x152
#define CSR_SIREG4 0x155
#define CSR_SCOUNTINHIBIT 0x120
#define SEL_INSTRUCTIONS 0x2 /* SBI hardware event 2, the generic core's selector for it */

#define CSR_RD(num)                                                       \
  ({                                                                      \
    unsigned long v_;                                                     \
    __asm__ volatile("csrr %0, " CSR_STR(num) : "=r"(v_)::"memory");      \
    v_;                                                                   \
  })
#define CSR_WR(num, val) __asm__ volatile("csrw " CSR_STR(num) ", %0" ::"r"((unsigned long)(val)) : "memory")

/* Whether cpu@0's riscv,isa-extensions lists `ext`. */
static bool dt_has_extension(const char *ext) {
  struct fdt f;
  int depth = 0;
  if (fdt_open(&f, boot_dtb) < 0) return false;
  for (int node = 0; node >= 0; node = fdt_node_next(&f, node, &depth))
    if (!strcmp(fdt_node_name(&f, node), "cpu@0")) return fdt_prop_has_string(&f, node, "riscv,isa-extensions", ext);
  return false;
}

int main(void) {
  static const char *const exts[] = {"smstateen", "ssstateen", "smcsrind", "sscsrind", "smcdeleg", "ssccfg"};
  for (unsigned i = 0; i < sizeof exts / sizeof *exts; i++) CHECK(dt_has_extension(exts[i]));
  unsigned long v = 1;
  CHECK_EQ(TRAPS_IN(v = CSR_RD(CSR_SSTATEEN0)), 0);
  CHECK_EQ(v, 0);
  CHECK_EQ(TRAPS_IN((void)CSR_RD(CSR_SENVCFG)), 0);
  CHECK_EQ(TRAPS_IN((void)CSR_RD(CSR_SCOUNTINHIBIT)), 0);

  /* The last counter, programmed by S mode alone. */
  unsigned c = 3 + machine.hpm - 1;
  unsigned long bit = 1UL << c;
  CHECK_EQ(TRAPS_IN(CSR_WR(CSR_SISELECT, 0x40 + c)), 0);
  CHECK_EQ(CSR_RD(CSR_SISELECT), 0x40 + c);
  CSR_WR(CSR_SCOUNTINHIBIT, bit); /* stopped */
  CSR_WR(CSR_SIREG2, SEL_INSTRUCTIONS);
  CSR_WR(CSR_SIREG, 0);
#if XLEN == 32
  CSR_WR(CSR_SIREG4, 0);
#endif
  CHECK_EQ(CSR_RD(CSR_SIREG2), SEL_INSTRUCTIONS);
  /* Started by one CSR write (counted under the old, stopped setting), 30 NOPs, stopped by
   * the next (counted): 31. */
  __asm__ volatile(".option push\n\t.option norvc\n\t"
                   "csrc " CSR_STR(CSR_SCOUNTINHIBIT) ", %0\n\t"
                   ".rept 30\n\tnop\n\t.endr\n\t"
                   "csrs " CSR_STR(CSR_SCOUNTINHIBIT) ", %0\n\t"
                   ".option pop" ::"r"(bit)
                   : "memory");
  CHECK_EQ(CSR_RD(CSR_SIREG), 31);
  CHECK_EQ(uctr_read(c), 31); /* the same counter through hpmcounterN */
  tprintf("sdeleg: S mode counted %lu instructions on counter %u (siselect 0x%lx, event 0x%lx)\n",
          CSR_RD(CSR_SIREG), c, CSR_RD(CSR_SISELECT), CSR_RD(CSR_SIREG2));

  /* The SBI PMU extension on counter 3: instructions, started and stopped by the firmware. */
  struct sbiret r = sbi_pmu_counter_config_matching(3, 1, SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START,
                                                    SBI_PMU_HW_INSTRUCTIONS, 0);
  CHECK_EQ(r.error, 0);
  CHECK_EQ(r.value, 3);
  CHECK_EQ(sbi_pmu_counter_stop(3, 1, 0).error, 0);
  uint64_t n = uctr_read(3);
  CHECK(n > 0 && n < 1000);
  CHECK_EQ(uctr_read(c), 31); /* untouched by the firmware */
  return 0;
}
