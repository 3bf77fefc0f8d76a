/* IEEE 754-2019 binary32 and binary64 arithmetic in software, with the choices the RISC-V F
 * and D extensions make where IEEE leaves room (unprivileged spec ch. "F", "D"):
 * - every NaN result is the canonical NaN (0x7fc00000, 0x7ff8000000000000): no payloads;
 * - tininess is detected after rounding; underflow is raised when tiny and inexact;
 * - float-to-integer conversions saturate (NaN gives the largest positive value) and raise
 *   only invalid when the rounded value does not fit;
 * - minimum/maximum are IEEE 754-2019 minimumNumber/maximumNumber with -0 < +0;
 * - fused multiply-add raises invalid for inf * 0 even when the addend is a quiet NaN.
 *
 * Why software and not the host FPU with <fenv.h>: the host cannot round to nearest with ties
 * away (RMM), returns its own NaNs (x86's default NaN is negative), and gives the "integer
 * indefinite" value for out-of-range conversions; fixing those up case by case would leave two
 * paths to test. One exact implementation is deterministic on every host and compiler
 * (design.md decision 8), needs no -frounding-math, and costs ~20-60 ns per operation, which
 * only FP instructions pay.
 *
 * Values are bit patterns in a uint64_t: binary32 in the low 32 bits (upper bits zero),
 * binary64 in all 64. Every operation takes a rounding mode (enum sf_rm, numbered as the
 * RISC-V rm field; only 0-4) and ORs the exception flags it raises (enum sf_flag, laid out as
 * fflags) into *flags. */
#ifndef RVPMU_ISA_SOFTFLOAT_H
#define RVPMU_ISA_SOFTFLOAT_H

#include <stdbool.h>
#include <stdint.h>

/* Rounding modes, as the rm field and frm encode them. */
enum sf_rm { SF_RNE = 0, SF_RTZ = 1, SF_RDN = 2, SF_RUP = 3, SF_RMM = 4 };

/* Exception flags, as the fflags bits. */
enum sf_flag { SF_NX = 1, SF_UF = 2, SF_OF = 4, SF_DZ = 8, SF_NV = 16 };

/* Formats. */
enum sf_fmt { SF_S = 0, SF_D = 1 };

#define SF_CANONICAL_NAN_S 0x7fc00000ull
#define SF_CANONICAL_NAN_D 0x7ff8000000000000ull

/* a + b, or a - b when `subtract`. */
uint64_t sf_add(enum sf_fmt f, uint64_t a, uint64_t b, bool subtract, unsigned rm, unsigned *flags);
uint64_t sf_mul(enum sf_fmt f, uint64_t a, uint64_t b, unsigned rm, unsigned *flags);
uint64_t sf_div(enum sf_fmt f, uint64_t a, uint64_t b, unsigned rm, unsigned *flags);
uint64_t sf_sqrt(enum sf_fmt f, uint64_t a, unsigned rm, unsigned *flags);
/* (±a*b) ± c with one rounding: the product negated when `negate_product`, the addend when
 * `negate_addend` (FMADD: neither, FMSUB: addend, FNMSUB: product, FNMADD: both). */
uint64_t sf_muladd(enum sf_fmt f, uint64_t a, uint64_t b, uint64_t c, bool negate_product, bool negate_addend,
                   unsigned rm, unsigned *flags);
/* minimumNumber (or maximumNumber when `max`): a NaN operand gives the other one, two NaNs the
 * canonical NaN; signaling NaNs raise invalid. */
uint64_t sf_minmax(enum sf_fmt f, uint64_t a, uint64_t b, bool max, unsigned *flags);
/* Comparisons: FEQ is quiet (invalid only for signaling NaNs), FLT and FLE signal (invalid for
 * any NaN). NaN operands compare false. */
bool sf_eq(enum sf_fmt f, uint64_t a, uint64_t b, unsigned *flags);
bool sf_lt(enum sf_fmt f, uint64_t a, uint64_t b, unsigned *flags);
bool sf_le(enum sf_fmt f, uint64_t a, uint64_t b, unsigned *flags);
/* The FCLASS mask: bit 0 -inf, 1 negative normal, 2 negative subnormal, 3 -0, 4 +0, 5 positive
 * subnormal, 6 positive normal, 7 +inf, 8 signaling NaN, 9 quiet NaN. */
unsigned sf_classify(enum sf_fmt f, uint64_t a);
/* To a `width`-bit (32 or 64) integer, signed or not, saturating; the result's low `width`
 * bits (zero-extended). */
uint64_t sf_to_int(enum sf_fmt f, uint64_t a, bool is_signed, unsigned width, unsigned rm, unsigned *flags);
/* From the `width`-bit (32 or 64) integer in the low bits of v, signed or not. */
uint64_t sf_from_int(enum sf_fmt f, uint64_t v, bool is_signed, unsigned width, unsigned rm, unsigned *flags);
/* Between formats (FCVT.S.D rounds; FCVT.D.S is exact). */
uint64_t sf_convert(enum sf_fmt to, enum sf_fmt from, uint64_t a, unsigned rm, unsigned *flags);

#endif
