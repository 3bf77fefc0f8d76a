/* Covers: every instruction of Zba, Zbb, Zbc, Zbs and Zicond the generic core runs by default (rvpmu's default ISA: rv64gc/rv32gc + Zba, Zbb, Zbc, Zbs, Zicond, Zicbom, Zicboz, Zihintpause), each as its encoded word with the disassembly beside it (riscv64-unknown-elf-objdump 2.40; Zicond, which binutils 2.40 lacks, from the Zicond 1.0.0 spec's encoding), on three operand pairs, with the results the bit-manipulation spec 1.0.0 and Zicond 1.0.0 define; misa.B (= Zba + Zbb + Zbs) is set; PAUSE retires as a no-op; CBO.ZERO (Zicboz) zeroes exactly the 64-byte block holding its address, and with menvcfg.CBZE = 0 traps as illegal in U mode. Expected values computed from the specs' pseudocode. */
/* qemu: no (QEMU 7.2 lacks Zicond) */
#include "guest.h"
#include "hpm_util.h"

/* A register-register (or register-immediate) instruction a0 = op(a1, a2) given by its word. */
#define OP(name, word)                                                   \
  static uxlen_t name(uxlen_t a, uxlen_t b) {                            \
    register uxlen_t a0 __asm__("a0");                                   \
    register uxlen_t a1 __asm__("a1") = a;                               \
    register uxlen_t a2 __asm__("a2") = b;                               \
    __asm__ volatile(".4byte " #word : "=r"(a0) : "r"(a1), "r"(a2));     \
    return a0;                                                           \
  }

struct bit_case {
  const char *name;
  uxlen_t (*run)(uxlen_t, uxlen_t);
  uint64_t expect32[3], expect64[3]; /* for the operand pairs below, at each XLEN */
};

#if __riscv_xlen == 64
static const uxlen_t op_a[3] = {0xf0e1d2c3b4a59687ul, 0x00000000ff00ff01ul, 0};
static const uxlen_t op_b[3] = {0x0000000000000b2dul, 0xfffffffffffffff3ul, 0};
#else
static const uxlen_t op_a[3] = {0xb4a59687ul, 0xff00ff01ul, 0};
static const uxlen_t op_b[3] = {0x00000b2dul, 0xfffffff3ul, 0};
#endif

/* Same encoding on RV32 and RV64 (rev8 and zext.h differ: their words depend on XLEN). */
OP(sh1add, 0x20c5a533) /* sh1add a0, a1, a2 */
OP(sh2add, 0x20c5c533) /* sh2add a0, a1, a2 */
OP(sh3add, 0x20c5e533) /* sh3add a0, a1, a2 */
OP(andn, 0x40c5f533) /* andn a0, a1, a2 */
OP(orn, 0x40c5e533) /* orn a0, a1, a2 */
OP(xnor, 0x40c5c533) /* xnor a0, a1, a2 */
OP(clz, 0x60059513) /* clz a0, a1 */
OP(ctz, 0x60159513) /* ctz a0, a1 */
OP(cpop, 0x60259513) /* cpop a0, a1 */
OP(max, 0x0ac5e533) /* max a0, a1, a2 */
OP(maxu, 0x0ac5f533) /* maxu a0, a1, a2 */
OP(min, 0x0ac5c533) /* min a0, a1, a2 */
OP(minu, 0x0ac5d533) /* minu a0, a1, a2 */
OP(sext_b, 0x60459513) /* sext.b a0, a1 */
OP(sext_h, 0x60559513) /* sext.h a0, a1 */
#if __riscv_xlen == 64
OP(zext_h, 0x0805c53b) /* zext.h a0, a1 */
#else
OP(zext_h, 0x0805c533) /* zext.h a0, a1 */
#endif
OP(rol, 0x60c59533) /* rol a0, a1, a2 */
OP(ror, 0x60c5d533) /* ror a0, a1, a2 */
OP(rori_13, 0x60d5d513) /* rori a0, a1, 13 */
OP(orc_b, 0x2875d513) /* orc.b a0, a1 */
#if __riscv_xlen == 64
OP(rev8, 0x6b85d513) /* rev8 a0, a1 */
#else
OP(rev8, 0x6985d513) /* rev8 a0, a1 */
#endif
OP(clmul, 0x0ac59533) /* clmul a0, a1, a2 */
OP(clmulh, 0x0ac5b533) /* clmulh a0, a1, a2 */
OP(clmulr, 0x0ac5a533) /* clmulr a0, a1, a2 */
OP(bclr, 0x48c59533) /* bclr a0, a1, a2 */
OP(bclri_13, 0x48d59513) /* bclri a0, a1, 13 */
OP(bext, 0x48c5d533) /* bext a0, a1, a2 */
OP(bexti_13, 0x48d5d513) /* bexti a0, a1, 13 */
OP(binv, 0x68c59533) /* binv a0, a1, a2 */
OP(binvi_13, 0x68d59513) /* binvi a0, a1, 13 */
OP(bset, 0x28c59533) /* bset a0, a1, a2 */
OP(bseti_13, 0x28d59513) /* bseti a0, a1, 13 */
OP(czero_eqz, 0x0ec5d533) /* czero.eqz a0, a1, a2 */
OP(czero_nez, 0x0ec5f533) /* czero.nez a0, a1, a2 */
#if __riscv_xlen == 64
/* RV64 only. */
OP(add_uw, 0x08c5853b) /* add.uw a0, a1, a2 */
OP(sh1add_uw, 0x20c5a53b) /* sh1add.uw a0, a1, a2 */
OP(sh2add_uw, 0x20c5c53b) /* sh2add.uw a0, a1, a2 */
OP(sh3add_uw, 0x20c5e53b) /* sh3add.uw a0, a1, a2 */
OP(slli_uw_13, 0x08d5951b) /* slli.uw a0, a1, 13 */
OP(clzw, 0x6005951b) /* clzw a0, a1 */
OP(ctzw, 0x6015951b) /* ctzw a0, a1 */
OP(cpopw, 0x6025951b) /* cpopw a0, a1 */
OP(rolw, 0x60c5953b) /* rolw a0, a1, a2 */
OP(rorw, 0x60c5d53b) /* rorw a0, a1, a2 */
OP(roriw_13, 0x60d5d51b) /* roriw a0, a1, 13 */
OP(rori_45, 0x62d5d513) /* rori a0, a1, 45 */
OP(bclri_45, 0x4ad59513) /* bclri a0, a1, 45 */
OP(bexti_45, 0x4ad5d513) /* bexti a0, a1, 45 */
OP(binvi_45, 0x6ad59513) /* binvi a0, a1, 45 */
OP(bseti_45, 0x2ad59513) /* bseti a0, a1, 45 */
#endif

/* Results for the operand pairs op_a/op_b: RV32 values, then RV64 values. */
static const struct bit_case cases[] = {
    {"sh1add", sh1add, {0x694b383bull, 0xfe01fdf5ull, 0x0ull}, {0xe1c3a587694b383bull, 0x1fe01fdf5ull, 0x0ull}},
    {"sh2add", sh2add, {0xd2966549ull, 0xfc03fbf7ull, 0x0ull}, {0xc3874b0ed2966549ull, 0x3fc03fbf7ull, 0x0ull}},
    {"sh3add", sh3add, {0xa52cbf65ull, 0xf807f7fbull, 0x0ull}, {0x870e961da52cbf65ull, 0x7f807f7fbull, 0x0ull}},
    {"andn", andn, {0xb4a59482ull, 0x0ull, 0x0ull}, {0xf0e1d2c3b4a59482ull, 0x0ull, 0x0ull}},
    {"orn", orn, {0xfffff6d7ull, 0xff00ff0dull, 0xffffffffull}, {0xfffffffffffff6d7ull, 0xff00ff0dull, 0xffffffffffffffffull}},
    {"xnor", xnor, {0x4b5a6255ull, 0xff00ff0dull, 0xffffffffull}, {0xf1e2d3c4b5a6255ull, 0xff00ff0dull, 0xffffffffffffffffull}},
    {"clz", clz, {0x0ull, 0x0ull, 0x20ull}, {0x0ull, 0x20ull, 0x40ull}},
    {"ctz", ctz, {0x0ull, 0x0ull, 0x20ull}, {0x0ull, 0x0ull, 0x40ull}},
    {"cpop", cpop, {0x10ull, 0x11ull, 0x0ull}, {0x20ull, 0x11ull, 0x0ull}},
    {"max", max, {0xb2dull, 0xfffffff3ull, 0x0ull}, {0xb2dull, 0xff00ff01ull, 0x0ull}},
    {"maxu", maxu, {0xb4a59687ull, 0xfffffff3ull, 0x0ull}, {0xf0e1d2c3b4a59687ull, 0xfffffffffffffff3ull, 0x0ull}},
    {"min", min, {0xb4a59687ull, 0xff00ff01ull, 0x0ull}, {0xf0e1d2c3b4a59687ull, 0xfffffffffffffff3ull, 0x0ull}},
    {"minu", minu, {0xb2dull, 0xff00ff01ull, 0x0ull}, {0xb2dull, 0xff00ff01ull, 0x0ull}},
    {"sext.b", sext_b, {0xffffff87ull, 0x1ull, 0x0ull}, {0xffffffffffffff87ull, 0x1ull, 0x0ull}},
    {"sext.h", sext_h, {0xffff9687ull, 0xffffff01ull, 0x0ull}, {0xffffffffffff9687ull, 0xffffffffffffff01ull, 0x0ull}},
    {"zext.h", zext_h, {0x9687ull, 0xff01ull, 0x0ull}, {0x9687ull, 0xff01ull, 0x0ull}},
    {"rol", rol, {0xb2d0f694ull, 0xf80ff807ull, 0x0ull}, {0xb2d0fe1c3a587694ull, 0xf80800000007f807ull, 0x0ull}},
    {"ror", ror, {0xb43da52cull, 0x1fe03fe0ull, 0x0ull}, {0x961da52cb43f870eull, 0x1fe01fe02000ull, 0x0ull}},
    {"rori 13", rori_13, {0xb43da52cull, 0xf80ff807ull, 0x0ull}, {0xb43f870e961da52cull, 0xf80800000007f807ull, 0x0ull}},
    {"orc.b", orc_b, {0xffffffffull, 0xff00ffffull, 0x0ull}, {0xffffffffffffffffull, 0xff00ffffull, 0x0ull}},
    {"rev8", rev8, {0x8796a5b4ull, 0x1ff00ffull, 0x0ull}, {0x8796a5b4c3d2e1f0ull, 0x1ff00ff00000000ull, 0x0ull}},
    {"clmul", clmul, {0x95a21943ull, 0xaefbaef3ull, 0x0ull}, {0x84b30ede95a21943ull, 0xfffffffbaefbaef3ull, 0x0ull}},
    {"clmulh", clmulh, {0x469ull, 0x55005504ull, 0x0ull}, {0x68cull, 0x55005500ull, 0x0ull}},
    {"clmulr", clmulr, {0x8d3ull, 0xaa00aa09ull, 0x0ull}, {0xd19ull, 0xaa00aa01ull, 0x0ull}},
    {"bclr", bclr, {0xb4a59687ull, 0xff00ff01ull, 0x0ull}, {0xf0e1d2c3b4a59687ull, 0xff00ff01ull, 0x0ull}},
    {"bclri 13", bclri_13, {0xb4a59687ull, 0xff00df01ull, 0x0ull}, {0xf0e1d2c3b4a59687ull, 0xff00df01ull, 0x0ull}},
    {"bext", bext, {0x0ull, 0x0ull, 0x0ull}, {0x0ull, 0x0ull, 0x0ull}},
    {"bexti 13", bexti_13, {0x0ull, 0x1ull, 0x0ull}, {0x0ull, 0x1ull, 0x0ull}},
    {"binv", binv, {0xb4a5b687ull, 0xff08ff01ull, 0x1ull}, {0xf0e1f2c3b4a59687ull, 0x80000ff00ff01ull, 0x1ull}},
    {"binvi 13", binvi_13, {0xb4a5b687ull, 0xff00df01ull, 0x2000ull}, {0xf0e1d2c3b4a5b687ull, 0xff00df01ull, 0x2000ull}},
    {"bset", bset, {0xb4a5b687ull, 0xff08ff01ull, 0x1ull}, {0xf0e1f2c3b4a59687ull, 0x80000ff00ff01ull, 0x1ull}},
    {"bseti 13", bseti_13, {0xb4a5b687ull, 0xff00ff01ull, 0x2000ull}, {0xf0e1d2c3b4a5b687ull, 0xff00ff01ull, 0x2000ull}},
    {"czero.eqz", czero_eqz, {0xb4a59687ull, 0xff00ff01ull, 0x0ull}, {0xf0e1d2c3b4a59687ull, 0xff00ff01ull, 0x0ull}},
    {"czero.nez", czero_nez, {0x0ull, 0x0ull, 0x0ull}, {0x0ull, 0x0ull, 0x0ull}},
#if __riscv_xlen == 64
    {"add.uw", add_uw, {0, 0, 0}, {0xb4a5a1b4ull, 0xff00fef4ull, 0x0ull}},
    {"sh1add.uw", sh1add_uw, {0, 0, 0}, {0x1694b383bull, 0x1fe01fdf5ull, 0x0ull}},
    {"sh2add.uw", sh2add_uw, {0, 0, 0}, {0x2d2966549ull, 0x3fc03fbf7ull, 0x0ull}},
    {"sh3add.uw", sh3add_uw, {0, 0, 0}, {0x5a52cbf65ull, 0x7f807f7fbull, 0x0ull}},
    {"slli.uw 13", slli_uw_13, {0, 0, 0}, {0x1694b2d0e000ull, 0x1fe01fe02000ull, 0x0ull}},
    {"clzw", clzw, {0, 0, 0}, {0x0ull, 0x0ull, 0x20ull}},
    {"ctzw", ctzw, {0, 0, 0}, {0x0ull, 0x0ull, 0x20ull}},
    {"cpopw", cpopw, {0, 0, 0}, {0x10ull, 0x11ull, 0x0ull}},
    {"rolw", rolw, {0, 0, 0}, {0xffffffffb2d0f694ull, 0xfffffffff80ff807ull, 0x0ull}},
    {"rorw", rorw, {0, 0, 0}, {0xffffffffb43da52cull, 0x1fe03fe0ull, 0x0ull}},
    {"roriw 13", roriw_13, {0, 0, 0}, {0xffffffffb43da52cull, 0xfffffffff80ff807ull, 0x0ull}},
    {"rori 45", rori_45, {0, 0, 0}, {0x961da52cb43f870eull, 0x7f807f8080000ull, 0x0ull}},
    {"bclri 45", bclri_45, {0, 0, 0}, {0xf0e1d2c3b4a59687ull, 0xff00ff01ull, 0x0ull}},
    {"bexti 45", bexti_45, {0, 0, 0}, {0x0ull, 0x0ull, 0x0ull}},
    {"binvi 45", binvi_45, {0, 0, 0}, {0xf0e1f2c3b4a59687ull, 0x2000ff00ff01ull, 0x200000000000ull}},
    {"bseti 45", bseti_45, {0, 0, 0}, {0xf0e1f2c3b4a59687ull, 0x2000ff00ff01ull, 0x200000000000ull}},
#endif
};

static volatile uint8_t block[192] __attribute__((aligned(64)));

static void cbo_zero(volatile void *p) {
  register volatile void *a0 __asm__("a0") = p;
  __asm__ volatile(".4byte 0x0045200f" ::"r"(a0) : "memory"); /* cbo.zero (a0) */
}

static uxlen_t cbo_zero_at(uxlen_t addr) {
  cbo_zero((volatile void *)addr);
  return 0;
}

/* hpm_run_in_mode_asm: hpm_pmp_open has run (its own TRAPS_IN must not nest in ours). */
static void cbo_zero_in_u(void) { (void)hpm_run_in_mode_asm(0 /* U */, cbo_zero_at, (uxlen_t)&block[0]); }

int main(void) {
  for (unsigned i = 0; i < sizeof cases / sizeof *cases; i++)
    for (unsigned k = 0; k < 3; k++) {
      uxlen_t got = cases[i].run(op_a[k], op_b[k]);
      uxlen_t want = (uxlen_t)(__riscv_xlen == 64 ? cases[i].expect64[k] : cases[i].expect32[k]);
      if (got != want) {
        guest_puts(cases[i].name);
        guest_puts(": got ");
        guest_put_hex(got);
        guest_puts(", expected ");
        guest_put_hex(want);
        guest_puts("\n");
        return 100 + (int)i;
      }
    }
  CHECK_EQ((CSR_READ(misa) >> ('b' - 'a')) & 1, 1);
  __asm__ volatile(".4byte 0x0100000f"); /* pause */

  /* CBO.ZERO at block + 64 + 13 clears block[64..127] only. */
  for (unsigned i = 0; i < sizeof block; i++) block[i] = 0xa5;
  cbo_zero(&block[64 + 13]);
  for (unsigned i = 0; i < sizeof block; i++) CHECK_EQ(block[i], i >= 64 && i < 128 ? 0 : 0xa5);
  /* U mode needs menvcfg.CBZE (bit 7) and senvcfg.CBZE. */
  hpm_pmp_open();
  CSR_CLEAR(menvcfg, 1ul << 7);
  CHECK_EQ(TRAPS_IN(cbo_zero_in_u()), 1);
  CHECK_EQ(last_trap.mcause, 2);
  CHECK_EQ(last_trap.mtval, 0x0045200f);
  CSR_SET(menvcfg, 1ul << 7);
  CSR_SET(senvcfg, 1ul << 7);
  CHECK_EQ(CSR_READ(menvcfg) >> 7 & 1, 1);
  block[0] = 1;
  CHECK_EQ(TRAPS_IN(cbo_zero_in_u()), 0);
  CHECK_EQ(block[0], 0);
  return 0;
}
