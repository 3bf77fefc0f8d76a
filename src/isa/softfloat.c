/* IEEE 754 binary32/binary64 arithmetic for the F and D extensions (see softfloat.h).
 *
 * Internal form of a finite nonzero value: sign, exponent `exp` and a 64-bit significand `sig`
 * with its leading one at bit 62, meaning  value = sig * 2^(exp - bias - 62). A normal number
 * has exp equal to its biased exponent field; subnormals are normalised on unpacking, so exp
 * can be zero or negative. The bits of sig below the format's precision (39 for binary32, 10
 * for binary64) are the round bits; shifting right ORs lost bits into bit 0 ("jamming") so
 * that rounding still sees whether the discarded part was zero, below, at or above half.
 * Bit 63 is headroom for the carry of an addition. */
#include "isa/softfloat.h"

#include <math.h>

typedef unsigned __int128 u128;

struct fmt {
  unsigned mbits;   /* fraction bits: 23, 52 */
  int bias;         /* 127, 1023 */
  uint64_t emax;    /* all-ones exponent field: 255, 2047 */
  uint64_t sign;    /* sign bit */
  uint64_t nan;     /* canonical NaN */
};

static const struct fmt formats[2] = {
    [SF_S] = {23, 127, 0xff, 1ull << 31, SF_CANONICAL_NAN_S},
    [SF_D] = {52, 1023, 0x7ff, 1ull << 63, SF_CANONICAL_NAN_D},
};

struct unpacked {
  bool sign;
  int exp;
  uint64_t sig;
};

static uint64_t frac_of(const struct fmt *F, uint64_t a) { return a & ((1ull << F->mbits) - 1); }
static uint64_t exp_of(const struct fmt *F, uint64_t a) { return (a >> F->mbits) & F->emax; }
static bool sign_of(const struct fmt *F, uint64_t a) { return (a & F->sign) != 0; }
static bool is_nan(const struct fmt *F, uint64_t a) { return exp_of(F, a) == F->emax && frac_of(F, a) != 0; }
static bool is_snan(const struct fmt *F, uint64_t a) { return is_nan(F, a) && !(a >> (F->mbits - 1) & 1); }
static bool is_inf(const struct fmt *F, uint64_t a) { return exp_of(F, a) == F->emax && frac_of(F, a) == 0; }
static bool is_zero(const struct fmt *F, uint64_t a) { return (a & ~F->sign) == 0; }
static uint64_t inf_of(const struct fmt *F, bool sign) { return (sign ? F->sign : 0) | F->emax << F->mbits; }
static uint64_t zero_of(const struct fmt *F, bool sign) { return sign ? F->sign : 0; }

/* Shifts right by `dist`, ORing every bit shifted out into bit 0. */
static uint64_t jam64(uint64_t v, unsigned dist) {
  if (dist == 0) return v;
  if (dist >= 64) return v != 0;
  return v >> dist | ((v & ((1ull << dist) - 1)) != 0);
}

static u128 jam128(u128 v, unsigned dist) {
  if (dist == 0) return v;
  if (dist >= 128) return v != 0;
  return v >> dist | ((v & (((u128)1 << dist) - 1)) != 0);
}

static int clz128(u128 v) {
  uint64_t hi = (uint64_t)(v >> 64);
  return hi ? __builtin_clzll(hi) : 64 + __builtin_clzll((uint64_t)v);
}

/* A finite nonzero value in internal form. */
static struct unpacked unpack(const struct fmt *F, uint64_t a) {
  struct unpacked u = {sign_of(F, a), (int)exp_of(F, a), frac_of(F, a)};
  if (u.exp == 0) { /* subnormal: normalise */
    int shift = __builtin_clzll(u.sig) - 1;
    u.sig <<= shift;
    u.exp = 1 - (shift - (int)(62 - F->mbits));
  } else {
    u.sig = (u.sig | 1ull << F->mbits) << (62 - F->mbits);
  }
  return u;
}

/* Rounds sign * sig * 2^(exp - bias - 62), sig's leading one at bit 62, to the format:
 * overflow, tininess after rounding, subnormal results. */
static uint64_t round_pack(const struct fmt *F, bool sign, int exp, uint64_t sig, unsigned rm, unsigned *flags) {
  unsigned g = 62 - F->mbits; /* round bits */
  uint64_t mask = (1ull << g) - 1, half = 1ull << (g - 1), inc;
  switch (rm) {
    case SF_RTZ: inc = 0; break;
    case SF_RDN: inc = sign ? mask : 0; break;
    case SF_RUP: inc = sign ? 0 : mask; break;
    default: inc = half; break; /* RNE, RMM */
  }
  uint64_t s = sign ? F->sign : 0;
  if (exp <= 0) {
    /* Tiny if, rounded with an unbounded exponent, it stays below the smallest normal. */
    bool tiny = exp < 0 || sig + inc < (1ull << 63);
    sig = jam64(sig, (unsigned)(1 - exp));
    uint64_t rb = sig & mask;
    if (rb) *flags |= SF_NX | (tiny ? SF_UF : 0);
    uint64_t r = (sig + inc) >> g;
    if (rm == SF_RNE && rb == half) r &= ~1ull;
    return s | r; /* a carry into bit mbits makes it the smallest normal */
  }
  int max_exp = (int)F->emax - 1;
  if (exp > max_exp || (exp == max_exp && sig + inc >= (1ull << 63))) {
    *flags |= SF_OF | SF_NX;
    bool to_inf = rm == SF_RNE || rm == SF_RMM || (rm == SF_RDN && sign) || (rm == SF_RUP && !sign);
    return to_inf ? inf_of(F, sign) : inf_of(F, sign) - 1; /* or the largest finite */
  }
  uint64_t rb = sig & mask;
  if (rb) *flags |= SF_NX;
  uint64_t r = (sig + inc) >> g; /* the hidden bit at mbits; a carry adds one to exp */
  if (rm == SF_RNE && rb == half) r &= ~1ull;
  return s | (((uint64_t)(exp - 1) << F->mbits) + r);
}

/* round_pack for a nonzero sig with its leading one anywhere. */
static uint64_t normalize_round_pack(const struct fmt *F, bool sign, int exp, uint64_t sig, unsigned rm,
                                     unsigned *flags) {
  int lz = __builtin_clzll(sig);
  if (lz == 0) sig = jam64(sig, 1), exp += 1;
  else sig <<= lz - 1, exp -= lz - 1;
  return round_pack(F, sign, exp, sig, rm, flags);
}

/* The canonical NaN for an operation with NaN operands, raising invalid for signaling ones. */
static uint64_t nan_result(const struct fmt *F, uint64_t a, uint64_t b, unsigned *flags) {
  if (is_snan(F, a) || is_snan(F, b)) *flags |= SF_NV;
  return F->nan;
}

static uint64_t invalid(const struct fmt *F, unsigned *flags) {
  *flags |= SF_NV;
  return F->nan;
}

/* An exact zero sum of operands of opposite signs: +0, or -0 when rounding down (IEEE 6.3). */
static uint64_t exact_zero_sum(const struct fmt *F, unsigned rm) { return zero_of(F, rm == SF_RDN); }

uint64_t sf_add(enum sf_fmt f, uint64_t a, uint64_t b, bool subtract, unsigned rm, unsigned *flags) {
  const struct fmt *F = &formats[f];
  if (is_nan(F, a) || is_nan(F, b)) return nan_result(F, a, b, flags);
  if (subtract) b ^= F->sign;
  bool ia = is_inf(F, a), ib = is_inf(F, b);
  if (ia || ib) {
    if (ia && ib && sign_of(F, a) != sign_of(F, b)) return invalid(F, flags);
    return ia ? a : b;
  }
  bool za = is_zero(F, a), zb = is_zero(F, b);
  if (za && zb) return sign_of(F, a) == sign_of(F, b) ? a : exact_zero_sum(F, rm);
  if (za) return b;
  if (zb) return a;
  struct unpacked x = unpack(F, a), y = unpack(F, b);
  if (x.exp < y.exp || (x.exp == y.exp && x.sig < y.sig)) {
    struct unpacked t = x;
    x = y, y = t;
  }
  /* x has the larger magnitude and zero round bits, so jamming y keeps the difference's
   * rounding exact; cancellation beyond one bit only happens when y moved by at most one. */
  uint64_t ys = jam64(y.sig, (unsigned)(x.exp - y.exp)), sig;
  if (x.sign == y.sign) {
    sig = x.sig + ys;
  } else {
    sig = x.sig - ys;
    if (sig == 0) return exact_zero_sum(F, rm);
  }
  return normalize_round_pack(F, x.sign, x.exp, sig, rm, flags);
}

uint64_t sf_mul(enum sf_fmt f, uint64_t a, uint64_t b, unsigned rm, unsigned *flags) {
  const struct fmt *F = &formats[f];
  if (is_nan(F, a) || is_nan(F, b)) return nan_result(F, a, b, flags);
  bool sign = sign_of(F, a) != sign_of(F, b);
  bool za = is_zero(F, a), zb = is_zero(F, b);
  if (is_inf(F, a) || is_inf(F, b)) return za || zb ? invalid(F, flags) : inf_of(F, sign);
  if (za || zb) return zero_of(F, sign);
  struct unpacked x = unpack(F, a), y = unpack(F, b);
  u128 p = (u128)x.sig * y.sig; /* leading one at bit 124 or 125 */
  uint64_t sig = (uint64_t)(p >> 62) | (((uint64_t)p & ((1ull << 62) - 1)) != 0);
  return normalize_round_pack(F, sign, x.exp + y.exp - F->bias, sig, rm, flags);
}

uint64_t sf_div(enum sf_fmt f, uint64_t a, uint64_t b, unsigned rm, unsigned *flags) {
  const struct fmt *F = &formats[f];
  if (is_nan(F, a) || is_nan(F, b)) return nan_result(F, a, b, flags);
  bool sign = sign_of(F, a) != sign_of(F, b);
  bool ia = is_inf(F, a), ib = is_inf(F, b), za = is_zero(F, a), zb = is_zero(F, b);
  if (ia) return ib ? invalid(F, flags) : inf_of(F, sign);
  if (ib) return zero_of(F, sign);
  if (zb) {
    if (za) return invalid(F, flags);
    *flags |= SF_DZ;
    return inf_of(F, sign);
  }
  if (za) return zero_of(F, sign);
  struct unpacked x = unpack(F, a), y = unpack(F, b);
  u128 n = (u128)x.sig << 62;
  uint64_t q = (uint64_t)(n / y.sig), r = (uint64_t)(n % y.sig); /* q in (2^61, 2^63) */
  return normalize_round_pack(F, sign, x.exp - y.exp + F->bias, q | (r != 0), rm, flags);
}

/* floor(sqrt(n)) for n < 2^126. */
static uint64_t isqrt128(u128 n) {
  uint64_t r = (uint64_t)sqrt((double)n); /* within 2^-52 relative: one Newton step and a fix-up */
  if (r == 0) r = 1;
  r = (uint64_t)(((u128)r + (uint64_t)(n / r)) / 2);
  while ((u128)r * r > n) r--;
  while ((u128)(r + 1) * (r + 1) <= n) r++;
  return r;
}

uint64_t sf_sqrt(enum sf_fmt f, uint64_t a, unsigned rm, unsigned *flags) {
  const struct fmt *F = &formats[f];
  if (is_nan(F, a)) return nan_result(F, a, a, flags);
  if (is_zero(F, a)) return a; /* sqrt(-0) = -0 */
  if (sign_of(F, a)) return invalid(F, flags);
  if (is_inf(F, a)) return a;
  struct unpacked x = unpack(F, a);
  int k = x.exp - F->bias; /* value = sig/2^62 * 2^k */
  /* Make the power of two even: sqrt(sig * 2^(62 or 63) * 2^(k - 124 or k - 125)). The root
   * has its leading one at bit 62. */
  u128 n = (k & 1) ? (u128)x.sig << 63 : (u128)x.sig << 62;
  uint64_t r = isqrt128(n);
  int half_k = (k - (k & 1)) / 2; /* floor(k / 2) */
  return round_pack(F, false, F->bias + half_k, r | ((u128)r * r != n), rm, flags);
}

uint64_t sf_muladd(enum sf_fmt f, uint64_t a, uint64_t b, uint64_t c, bool negate_product, bool negate_addend,
                   unsigned rm, unsigned *flags) {
  const struct fmt *F = &formats[f];
  bool ia = is_inf(F, a), ib = is_inf(F, b), ic = is_inf(F, c);
  bool za = is_zero(F, a), zb = is_zero(F, b), zc = is_zero(F, c);
  if (is_nan(F, a) || is_nan(F, b) || is_nan(F, c)) {
    /* inf * 0 is invalid even when the addend is a quiet NaN (unpriv. spec, "F": FMA). */
    if (is_snan(F, a) || is_snan(F, b) || is_snan(F, c) || (ia && zb) || (za && ib)) *flags |= SF_NV;
    return F->nan;
  }
  bool sp = sign_of(F, a) != sign_of(F, b) ? !negate_product : negate_product;
  bool sc = sign_of(F, c) != negate_addend;
  if ((ia && zb) || (za && ib)) return invalid(F, flags);
  if (ia || ib) {
    if (ic && sc != sp) return invalid(F, flags);
    return inf_of(F, sp);
  }
  if (ic) return inf_of(F, sc);
  if (za || zb) {
    if (zc) return sp == sc ? zero_of(F, sp) : exact_zero_sum(F, rm);
    return c ^ (negate_addend ? F->sign : 0);
  }
  struct unpacked x = unpack(F, a), y = unpack(F, b);
  /* The exact product: p * 2^(e - bias - 124), leading one at bit 124 or 125; at least 20 low
   * bits are zero. */
  u128 p = (u128)x.sig * y.sig;
  int e = x.exp + y.exp - F->bias;
  if (zc) {
    uint64_t sig = (uint64_t)(p >> 62) | (((uint64_t)p & ((1ull << 62) - 1)) != 0);
    return normalize_round_pack(F, sp, e, sig, rm, flags);
  }
  struct unpacked z = unpack(F, c);
  u128 q = (u128)z.sig << 62; /* the addend on the same scale, leading one at bit 124 */
  /* Align to the larger exponent; only the operand of smaller magnitude is jammed (a shift
   * by more than the zero low bits means it is far smaller), so the sum rounds exactly. */
  if (e >= z.exp) q = jam128(q, (unsigned)(e - z.exp));
  else p = jam128(p, (unsigned)(z.exp - e)), e = z.exp;
  u128 sum;
  bool sign;
  if (sp == sc) sum = p + q, sign = sp;
  else if (p >= q) sum = p - q, sign = sp;
  else sum = q - p, sign = sc;
  if (sum == 0) return exact_zero_sum(F, rm);
  int top = 127 - clz128(sum);
  uint64_t sig = top > 62 ? (uint64_t)jam128(sum, (unsigned)(top - 62)) : (uint64_t)sum << (62 - top);
  return round_pack(F, sign, e + top - 124, sig, rm, flags);
}

/* a < b for two non-NaN values, with -0 < +0 (a total order on numbers). */
static bool less_total(const struct fmt *F, uint64_t a, uint64_t b) {
  bool sa = sign_of(F, a), sb = sign_of(F, b);
  if (sa != sb) return sa;
  uint64_t ma = a & ~F->sign, mb = b & ~F->sign;
  return sa ? ma > mb : ma < mb;
}

uint64_t sf_minmax(enum sf_fmt f, uint64_t a, uint64_t b, bool max, unsigned *flags) {
  const struct fmt *F = &formats[f];
  bool na = is_nan(F, a), nb = is_nan(F, b);
  if (is_snan(F, a) || is_snan(F, b)) *flags |= SF_NV;
  if (na && nb) return F->nan;
  if (na) return b;
  if (nb) return a;
  return less_total(F, a, b) != max ? a : b;
}

bool sf_eq(enum sf_fmt f, uint64_t a, uint64_t b, unsigned *flags) {
  const struct fmt *F = &formats[f];
  if (is_nan(F, a) || is_nan(F, b)) {
    if (is_snan(F, a) || is_snan(F, b)) *flags |= SF_NV;
    return false;
  }
  return a == b || (is_zero(F, a) && is_zero(F, b));
}

bool sf_lt(enum sf_fmt f, uint64_t a, uint64_t b, unsigned *flags) {
  const struct fmt *F = &formats[f];
  if (is_nan(F, a) || is_nan(F, b)) {
    *flags |= SF_NV;
    return false;
  }
  if (is_zero(F, a) && is_zero(F, b)) return false;
  return less_total(F, a, b);
}

bool sf_le(enum sf_fmt f, uint64_t a, uint64_t b, unsigned *flags) {
  const struct fmt *F = &formats[f];
  if (is_nan(F, a) || is_nan(F, b)) {
    *flags |= SF_NV;
    return false;
  }
  if (is_zero(F, a) && is_zero(F, b)) return true;
  return a == b || less_total(F, a, b);
}

unsigned sf_classify(enum sf_fmt f, uint64_t a) {
  const struct fmt *F = &formats[f];
  bool s = sign_of(F, a);
  uint64_t e = exp_of(F, a), m = frac_of(F, a);
  if (e == F->emax) {
    if (m == 0) return s ? 1u << 0 : 1u << 7;
    return is_snan(F, a) ? 1u << 8 : 1u << 9;
  }
  if (e == 0) {
    if (m == 0) return s ? 1u << 3 : 1u << 4;
    return s ? 1u << 2 : 1u << 5;
  }
  return s ? 1u << 1 : 1u << 6;
}

uint64_t sf_to_int(enum sf_fmt f, uint64_t a, bool is_signed, unsigned width, unsigned rm, unsigned *flags) {
  const struct fmt *F = &formats[f];
  uint64_t umax = width == 64 ? UINT64_MAX : (1ull << width) - 1;
  uint64_t smax = umax >> 1, smin = smax + 1; /* smin as the bit pattern of -2^(width-1) */
  uint64_t pos_limit = is_signed ? smax : umax;
  if (is_nan(F, a)) {
    *flags |= SF_NV;
    return pos_limit;
  }
  bool sign = sign_of(F, a);
  uint64_t neg_result = is_signed ? smin : 0; /* what a too-negative value saturates to */
  if (is_inf(F, a)) {
    *flags |= SF_NV;
    return sign ? neg_result : pos_limit;
  }
  if (is_zero(F, a)) return 0;
  struct unpacked x = unpack(F, a);
  int sh = x.exp - F->bias - 62; /* value = sig * 2^sh */
  uint64_t mag;
  bool overflow = false;
  if (sh >= 0) {
    overflow = sh > 1; /* sig >= 2^62: the value is at least 2^64 */
    mag = overflow ? 0 : x.sig << sh;
  } else {
    unsigned rs = (unsigned)-sh;
    /* Keep two bits below the integer's units: bit 1 the half, bit 0 the sticky rest. */
    uint64_t t = rs >= 2 ? jam64(x.sig, rs - 2) : x.sig << 1;
    uint64_t ip = t >> 2, low = t & 3;
    bool up;
    switch (rm) {
      case SF_RNE: up = low > 2 || (low == 2 && (ip & 1)); break;
      case SF_RMM: up = low >= 2; break;
      case SF_RDN: up = sign && low; break;
      case SF_RUP: up = !sign && low; break;
      default: up = false; break; /* RTZ */
    }
    mag = ip + up;
    if (low) {
      /* Inexact only when the result fits; out-of-range results raise invalid alone. */
      bool fits = sign ? (is_signed ? mag <= smin : mag == 0) : mag <= pos_limit;
      if (fits) *flags |= SF_NX;
    }
  }
  if (overflow || (sign ? (is_signed ? mag > smin : mag != 0) : mag > pos_limit)) {
    *flags |= SF_NV;
    return sign ? neg_result : pos_limit;
  }
  return (sign ? -mag : mag) & umax;
}

uint64_t sf_from_int(enum sf_fmt f, uint64_t v, bool is_signed, unsigned width, unsigned rm, unsigned *flags) {
  const struct fmt *F = &formats[f];
  if (width == 32) v = is_signed ? (uint64_t)(int64_t)(int32_t)(uint32_t)v : (uint32_t)v;
  bool sign = is_signed && (int64_t)v < 0;
  uint64_t mag = sign ? -v : v;
  if (mag == 0) return 0;
  int top = 63 - __builtin_clzll(mag);
  uint64_t sig = top == 63 ? jam64(mag, 1) : mag << (62 - top);
  return round_pack(F, sign, F->bias + top, sig, rm, flags);
}

uint64_t sf_convert(enum sf_fmt to, enum sf_fmt from, uint64_t a, unsigned rm, unsigned *flags) {
  const struct fmt *T = &formats[to], *S = &formats[from];
  if (is_nan(S, a)) {
    if (is_snan(S, a)) *flags |= SF_NV;
    return T->nan;
  }
  bool sign = sign_of(S, a);
  if (is_inf(S, a)) return inf_of(T, sign);
  if (is_zero(S, a)) return zero_of(T, sign);
  struct unpacked x = unpack(S, a);
  return round_pack(T, sign, x.exp - S->bias + T->bias, x.sig, rm, flags);
}
