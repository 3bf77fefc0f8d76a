/* Covers: Smcsrind/Sscsrind v1.0 on the generic core: miselect (0x350) and siselect (0x150) are WARL and hold at least 0..0xFFF ("The siselect register will support the value range 0..0xFFF at a minimum"); mireg..mireg6 are 0x351-0x353, 0x355-0x357 (0x354 is miph, absent: illegal); accessing mireg* or sireg* while the selector holds a value not implemented raises illegal instruction ("It is recommended that implementations raise an illegal instruction exception"): no miselect value is implemented, and of siselect only 0x40-0x5F (Smcdeleg, tests/guest/counter_deleg.c) is; sireg* numbers 0x151-0x153, 0x155-0x157. */
/* qemu: no (QEMU 7.2 has no Smcsrind) */
#include "hpm_util.h"

#define CSR_MISELECT 0x350
#define CSR_SISELECT 0x150

/* The number of traps an access to each of the six alias CSRs of `base` takes (base 0x350:
 * mireg*, 0x150: sireg*), reading and writing. */
#define IREG_TRAPS(base)                                                                      \
  (TRAPS_IN((void)CSR_READ_NUM(base + 1)) + TRAPS_IN((void)CSR_READ_NUM(base + 2)) +          \
   TRAPS_IN((void)CSR_READ_NUM(base + 3)) + TRAPS_IN((void)CSR_READ_NUM(base + 5)) +          \
   TRAPS_IN((void)CSR_READ_NUM(base + 6)) + TRAPS_IN((void)CSR_READ_NUM(base + 7)) +          \
   TRAPS_IN(CSR_WRITE_NUM(base + 1, 0)) + TRAPS_IN(CSR_WRITE_NUM(base + 7, 0)))

static const uxlen_t selects[] = {0, 0x1, 0x30, 0x3f, 0x60, 0x70, 0x1ff, 0x200, 0x2ff, 0x300, 0xfff};

int main(void) {
  CHECK_EQ(CSR_READ_NUM(CSR_MISELECT), 0);
  CHECK_EQ(CSR_READ_NUM(CSR_SISELECT), 0);
  /* WARL: bits 11:0 kept, custom (MSB) and larger values not implemented. */
  CSR_WRITE_NUM(CSR_MISELECT, 0x1234);
  CHECK_EQ(CSR_READ_NUM(CSR_MISELECT), 0x234);
  CSR_WRITE_NUM(CSR_SISELECT, ~(uxlen_t)0);
  CHECK_EQ(CSR_READ_NUM(CSR_SISELECT), 0xfff);
  /* miph (0x354) does not exist. */
  CHECK_EQ(TRAPS_IN((void)CSR_READ_NUM(0x354)), 1);
  CHECK_EQ(last_trap.mcause, CAUSE_ILLEGAL);
  CHECK_EQ(TRAPS_IN((void)CSR_READ_NUM(0x154)), 1);
  /* No miselect value is implemented: every mireg* access traps, whatever the selector. */
  for (unsigned i = 0; i < sizeof selects / sizeof *selects; i++) {
    CSR_WRITE_NUM(CSR_MISELECT, selects[i]);
    CHECK_EQ(IREG_TRAPS(0x350), 8);
  }
  CSR_WRITE_NUM(CSR_MISELECT, 0x40);
  CHECK_EQ(IREG_TRAPS(0x350), 8);
  /* siselect values outside 0x40-0x5F are reserved (AIA 0x00-0x3F, Smctr 0x200-0x2FF not
   * implemented on this hart): every sireg* access traps. */
  for (unsigned i = 0; i < sizeof selects / sizeof *selects; i++) {
    CSR_WRITE_NUM(CSR_SISELECT, selects[i]);
    CHECK_EQ(CSR_READ_NUM(CSR_SISELECT), selects[i]);
    CHECK_EQ(IREG_TRAPS(0x150), 8);
  }
  CHECK_EQ(last_trap.mcause, CAUSE_ILLEGAL);
  return 0;
}
