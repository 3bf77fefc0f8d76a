/* Covers: scalar cryptography 1.0.1 on the generic core's default ISA: every instruction of Zbkb (PACK, PACKH, PACKW, BREV8, ZIP, UNZIP; the ones shared with Zbb are in bitmanip.c), Zbkx (XPERM4, XPERM8), Zkne/Zknd (AES32*, AES64* including the key schedule and the reserved AES64KS1I round numbers), Zknh (SHA-256, SHA-512 in both XLEN forms), Zksed (SM4ED, SM4KS with every bs) and Zksh (SM3P0, SM3P1), each as its encoded word (.insn; fields from the spec's encoding tables) on three operand pairs. Expected values: the spec's pseudocode, cross-checked against QEMU 7.2 (qemu-system-riscv64/32 -cpu rv64,zbkb=true,zbkc=true,zbkx=true,zknd=true,zkne=true,zknh=true,zksed=true,zksh=true; build with -DCRYPTO_DUMP to print the table).
 * qemu: no (its default CPU lacks these extensions; compared by hand as above) */
#include "guest.h"

/* a0 = insn(a1, a2), the instruction given as its .insn operands. */
#define INSN(name, ...)                                                 \
  static uxlen_t name(uxlen_t a, uxlen_t b) {                           \
    register uxlen_t a0 __asm__("a0");                                  \
    register uxlen_t a1 __asm__("a1") = a;                              \
    register uxlen_t a2 __asm__("a2") = b;                              \
    __asm__ volatile(".insn " #__VA_ARGS__ : "=r"(a0) : "r"(a1), "r"(a2)); \
    return a0;                                                          \
  }
/* R-type on OP: funct3, funct7 (bs in funct7[6:5] for AES32 and SM4). I-type unary on OP-IMM:
 * funct3, imm12. */
#define R(name, f3, f7) INSN(name, r 0x33, f3, f7, a0, a1, a2)
#define I(name, f3, imm) INSN(name, i 0x13, f3, a0, a1, imm)

R(pack, 4, 0x04)
R(packh, 7, 0x04)
I(brev8, 5, 0x687)
R(xperm4, 2, 0x14)
R(xperm8, 4, 0x14)
I(sha256sum0, 1, 0x100)
I(sha256sum1, 1, 0x101)
I(sha256sig0, 1, 0x102)
I(sha256sig1, 1, 0x103)
I(sm3p0, 1, 0x108)
I(sm3p1, 1, 0x109)
R(sm4ed_0, 0, 0x18)
R(sm4ed_3, 0, 0x78)
R(sm4ks_1, 0, 0x3a)
R(sm4ks_2, 0, 0x5a)
#if __riscv_xlen == 64
INSN(packw, r 0x3b, 4, 0x04, a0, a1, a2)
R(aes64es, 0, 0x19)
R(aes64esm, 0, 0x1b)
R(aes64ds, 0, 0x1d)
R(aes64dsm, 0, 0x1f)
I(aes64im, 1, 0x300)
I(aes64ks1i_0, 1, 0x310)
I(aes64ks1i_5, 1, 0x315)
I(aes64ks1i_10, 1, 0x31a)
R(aes64ks2, 0, 0x3f)
I(sha512sum0, 1, 0x104)
I(sha512sum1, 1, 0x105)
I(sha512sig0, 1, 0x106)
I(sha512sig1, 1, 0x107)
#else
I(zip, 1, 0x08f)
I(unzip, 5, 0x08f)
R(aes32esi_0, 0, 0x11)
R(aes32esi_3, 0, 0x71)
R(aes32esmi_1, 0, 0x33)
R(aes32dsi_2, 0, 0x55)
R(aes32dsmi_3, 0, 0x77)
R(sha512sum0r, 0, 0x28)
R(sha512sum1r, 0, 0x29)
R(sha512sig0l, 0, 0x2a)
R(sha512sig1l, 0, 0x2b)
R(sha512sig0h, 0, 0x2e)
R(sha512sig1h, 0, 0x2f)
#endif

struct crypto_case {
  const char *name;
  uxlen_t (*run)(uxlen_t, uxlen_t);
  uxlen_t expect[3]; /* for the operand pairs below */
};

#if __riscv_xlen == 64
static const uxlen_t op_a[3] = {0xf0e1d2c3b4a59687ul, 0xfffffffffffffffful, 0x8000000000000001ul};
static const uxlen_t op_b[3] = {0x0123456789abcdeful, 0, 0x0f0e0d0c03020100ul};
#else
static const uxlen_t op_a[3] = {0xb4a59687ul, 0xfffffffful, 0x80000001ul};
static const uxlen_t op_b[3] = {0x89abcdeful, 0, 0x03020100ul};
#endif

#ifdef CRYPTO_DUMP
#define X(name, e0, e1, e2) {#name, name, {0, 0, 0}},
#else
#define X(name, e0, e1, e2) {#name, name, {e0, e1, e2}},
#endif
static const struct crypto_case cases[] = {
#if __riscv_xlen == 64
    X(pack, 0x89abcdefb4a59687ul, 0xfffffffful, 0x302010000000001ul)
    X(packh, 0xef87ul, 0xfful, 0x1ul)
    X(brev8, 0xf874bc32da569e1ul, 0xfffffffffffffffful, 0x100000000000080ul)
    X(xperm4, 0x78695a4b3c2d1e0ful, 0xfffffffffffffffful, 0x1810101010101011ul)
    X(xperm8, 0x9600000000000000ul, 0xfffffffffffffffful, 0x1ul)
    X(sha256sum0, 0xffffffffcf4ede5ful, 0xfffffffffffffffful, 0x40080400ul)
    X(sha256sum1, 0xffffffff9cef4132ul, 0xfffffffffffffffful, 0x4200080ul)
    X(sha256sig0, 0x7c5c14d4ul, 0x1ffffffful, 0x2004000ul)
    X(sha256sig1, 0x79be05a3ul, 0x3ffffful, 0xa000ul)
    X(sm3p0, 0xffffffffd287f0a5ul, 0xfffffffffffffffful, 0x20201ul)
    X(sm3p1, 0x3c3c1e1eul, 0xfffffffffffffffful, 0x808001ul)
    X(sm4ed_0, 0xffffffffa6b71013ul, 0xffffffffa4a42a71ul, 0x5b5bd58ful)
    X(sm4ed_3, 0xffffffff9f7a4973ul, 0x71a4a42aul, 0x6fbfbfcul)
    X(sm4ks_1, 0xffffffffb6ad8687ul, 0xffffffffe594293ful, 0x12489001ul)
    X(sm4ks_2, 0xffffffffe10ef612ul, 0xffffffff94293fe5ul, 0x74e9209cul)
    X(packw, 0xffffffffcdef9687ul, 0xfffful, 0x1000001ul)
    X(aes64es, 0x8d26bd2e7c62b517ul, 0x1663631663631616ul, 0x63ab7c637677637cul)
    X(aes64esm, 0xe853a82b16e2bcf4ul, 0x168963fc8963fc16ul, 0xb4f71e8a7c6b555cul)
    X(aes64ds, 0xf2323533170e68eaul, 0x52527d7d7d52527dul, 0xd5d752523a6af309ul)
    X(aes64dsm, 0xf601a6973eae6c67ul, 0xb0ee9fc1c1b0ee9ful, 0xf8e37b62d8d05efcul)
    X(aes64im, 0x1e4b3c695a0f782dul, 0xfffffffffffffffful, 0x41f7daec0b0d090eul)
    X(aes64ks1i_0, 0x2e8cf8b42e8cf8b4ul, 0x1616161716161617ul, 0x63cd636263cd6362ul)
    X(aes64ks1i_5, 0x2e8cf8952e8cf895ul, 0x1616163616161636ul, 0x63cd634363cd6343ul)
    X(aes64ks1i_10, 0x8cf8b52e8cf8b52eul, 0x1616161616161616ul, 0xcd636363cd636363ul)
    X(aes64ks2, 0x78695a4b794a1f2cul, 0xfffffffffffffffful, 0x8c0c0c0c83020100ul)
    X(sha512sum0, 0x201946f3fdc49b2eul, 0xfffffffffffffffful, 0x1863000000ul)
    X(sha512sum1, 0x5e646d747c464f56ul, 0xfffffffffffffffful, 0x6600000c00000ul)
    X(sha512sig0, 0x7e61cb169e8f25f8ul, 0x1fffffffffffffful, 0xc080000000000000ul)
    X(sha512sig1, 0x361def4a91a654f1ul, 0x3fffffffffffffful, 0x20030000000000cul)
#else
    X(pack, 0xcdef9687ul, 0xfffful, 0x1000001ul)
    X(packh, 0xef87ul, 0xfful, 0x1ul)
    X(brev8, 0x2da569e1ul, 0xfffffffful, 0x1000080ul)
    X(xperm4, 0x0ul, 0xfffffffful, 0x10101011ul)
    X(xperm8, 0x0ul, 0xfffffffful, 0x80000001ul)
    X(sha256sum0, 0xcf4ede5ful, 0xfffffffful, 0x600c0600ul)
    X(sha256sum1, 0x9cef4132ul, 0xfffffffful, 0x63000c0ul)
    X(sha256sig0, 0x7c5c14d4ul, 0x1ffffffful, 0x13006000ul)
    X(sha256sig1, 0x79be05a3ul, 0x3ffffful, 0x20f000ul)
    X(sm3p0, 0xd287f0a5ul, 0xfffffffful, 0x80030301ul)
    X(sm3p1, 0x3c3c1e1eul, 0xfffffffful, 0x80c0c001ul)
    X(sm4ed_0, 0xa6b71013ul, 0xa4a42a71ul, 0xdb5bd58ful)
    X(sm4ed_3, 0x9f7a4973ul, 0x71a4a42aul, 0x86fbfbfcul)
    X(sm4ks_1, 0xb6ad8687ul, 0xe594293ful, 0x92489001ul)
    X(sm4ks_2, 0xe10ef612ul, 0x94293fe5ul, 0xf4e9209cul)
    X(zip, 0xcb34c837ul, 0xfffffffful, 0x80000001ul)
    X(unzip, 0xcc996363ul, 0xfffffffful, 0x80000001ul)
    X(aes32esi_0, 0xb4a59658ul, 0xffffff9cul, 0x80000062ul)
    X(aes32esi_3, 0x13a59687ul, 0x9cfffffful, 0xfb000001ul)
    X(aes32esmi_1, 0x918f75bul, 0x9c9c395aul, 0xfc7cf885ul)
    X(aes32dsi_2, 0xb4ab9687ul, 0xffadfffful, 0x806a0001ul)
    X(aes32dsmi_3, 0x7f7950a4ul, 0xaeaf580bul, 0xba965e26ul)
    X(sha512sum0r, 0x77c57a1bul, 0x3e00000ful, 0x72e6944aul)
    X(sha512sum1r, 0x8701ea59ul, 0xff83c000ul, 0x84c3a100ul)
    X(sha512sig0l, 0xea8f25f8ul, 0x7efffffful, 0x41800000ul)
    X(sha512sig1l, 0x6243d4f2ul, 0xfc001ff8ul, 0x42201008ul)
    X(sha512sig0h, 0x348f25f8ul, 0x7efffffful, 0x41800000ul)
    X(sha512sig1h, 0xde43d4f2ul, 0xfc001ff8ul, 0x42201008ul)
#endif
};

int main(void) {
  unsigned bad = 0;
  for (unsigned i = 0; i < sizeof cases / sizeof *cases; i++) {
#ifdef CRYPTO_DUMP
    guest_puts("    X(");
    guest_puts(cases[i].name);
    for (unsigned k = 0; k < 3; k++) {
      guest_puts(", ");
      guest_put_hex(cases[i].run(op_a[k], op_b[k]));
    }
    guest_puts(")\n");
#else
    for (unsigned k = 0; k < 3; k++) {
      uxlen_t got = cases[i].run(op_a[k], op_b[k]);
      if (got != cases[i].expect[k]) {
        guest_puts(cases[i].name);
        guest_puts(": got ");
        guest_put_hex(got);
        guest_puts(", expected ");
        guest_put_hex(cases[i].expect[k]);
        guest_puts("\n");
        bad++;
      }
    }
#endif
  }
  return bad ? 100 + (int)bad : 0;
}
