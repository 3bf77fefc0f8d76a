/* fpmix: floating-point code as simulations and signal processing write it: an n-body step
 * (double: multiply, add, divide, square roots by Newton's method), a single-precision FIR
 * filter, and a Horner polynomial with float <-> int conversions. Built with hardware F/D
 * for the generic core (fpmix.elf: rv64imafdc) and with soft-float for the cores without an
 * FPU (fpmix32.elf: rv32imc, libgcc's routines). -ffp-contract=off on every build keeps each
 * operation a separately rounded IEEE operation, so every build, native ones included, gives
 * the same bits; the checksum is compared to the native build's. */
#include "bench.h"

#ifndef ROUNDS
#define ROUNDS 2500
#endif
#define BODIES 12
#define TAPS 16
#define SAMPLES 256
/* Printed by the native builds; fpmix32 (soft-float, ~60x the instructions per round) runs
 * -DROUNDS=125 so that both builds take a few times 1e8 instructions. */
#if ROUNDS == 2500
#define EXPECTED_CHECKSUM 0xb0510de7148b1b09ull
#elif ROUNDS == 125
#define EXPECTED_CHECKSUM 0xb035995520223d10ull
#else
#error "no EXPECTED_CHECKSUM for this ROUNDS"
#endif

static double px[BODIES], py[BODIES], vx[BODIES], vy[BODIES], mass[BODIES];
static float samples[SAMPLES], taps[TAPS], filtered[SAMPLES];

static uint64_t bits_of(double d) {
  union { double d; uint64_t u; } v = {d};
  return v.u;
}

/* sqrt by Newton's method from an exponent-halving first guess: 6 iterations of
 * x = (x + a/x) / 2 come within an ulp or so for the values used here. */
static double newton_sqrt(double a) {
  if (a <= 0) return 0;
  union { double d; uint64_t u; } g = {a};
  g.u = (g.u >> 1) + 0x1ff8000000000000ull;
  double x = g.d;
  for (int i = 0; i < 6; i++) x = 0.5 * (x + a / x);
  return x;
}

static void nbody_step(double dt) {
  for (int i = 0; i < BODIES; i++) {
    double ax = 0, ay = 0;
    for (int j = 0; j < BODIES; j++) {
      if (i == j) continue;
      double dx = px[j] - px[i], dy = py[j] - py[i];
      double d2 = dx * dx + dy * dy + 0.01;
      double inv = 1.0 / (d2 * newton_sqrt(d2));
      ax += mass[j] * dx * inv;
      ay += mass[j] * dy * inv;
    }
    vx[i] += ax * dt;
    vy[i] += ay * dt;
  }
  for (int i = 0; i < BODIES; i++) px[i] += vx[i] * dt, py[i] += vy[i] * dt;
}

static float fir(void) {
  float energy = 0;
  for (int n = TAPS; n < SAMPLES; n++) {
    float acc = 0;
    for (int k = 0; k < TAPS; k++) acc += taps[k] * samples[n - k];
    filtered[n] = acc;
    energy += acc * acc;
  }
  return energy;
}

static int32_t horner(int32_t x) {
  static const double c[6] = {1.0, -0.5, 0.041666666666666664, -0.001388888888888889,
                              2.48015873015873e-05, -2.755731922398589e-07};
  double t = (double)x / 1024.0, t2 = t * t, r = c[5];
  for (int i = 4; i >= 0; i--) r = r * t2 + c[i];
  return (int32_t)(r * 65536.0);
}

int main(void) {
#if defined(__riscv_flen) && !defined(BENCH_HOST)
  CSR_SET(mstatus, 1ul << 13); /* mstatus.FS = Initial: the F/D registers on */
#endif
  start_hpm_counters();
  double r2 = newton_sqrt(2.0);
  CHECK(r2 * r2 - 2.0 < 1e-15 && r2 * r2 - 2.0 > -1e-15);
  CHECK_EQ(horner(0), 65536);
  uint64_t rng = 0x6A09E667F3BCC909ull, checksum = 0;
  for (int i = 0; i < BODIES; i++) {
    px[i] = (double)(int32_t)(xorshift64(&rng) % 2000) / 100.0 - 10.0;
    py[i] = (double)(int32_t)(xorshift64(&rng) % 2000) / 100.0 - 10.0;
    vx[i] = vy[i] = 0;
    mass[i] = 1.0 + (double)(xorshift64(&rng) % 100) / 50.0;
  }
  for (int k = 0; k < TAPS; k++) taps[k] = (float)(k + 1) / (float)(TAPS * TAPS);
  for (uint32_t round = 0; round < ROUNDS; round++) {
    nbody_step(0.001);
    for (int n = 0; n < SAMPLES; n++) samples[n] = (float)(int32_t)(xorshift64(&rng) % 2001 - 1000) / 1000.0f;
    float energy = fir();
    int32_t h = 0;
    for (int32_t x = -1024; x <= 1024; x += 64) h += horner(x + (int32_t)round);
    checksum = (checksum ^ bits_of(px[round % BODIES] + vy[(round + 3) % BODIES])) * 0x100000001B3ull;
    checksum = (checksum ^ bits_of((double)energy)) * 0x100000001B3ull;
    checksum = (checksum ^ (uint32_t)h) * 0x100000001B3ull;
  }
  uint64_t insns = read_minstret();
  print_hex_line("fpmix checksum", checksum);
  CHECK_EQ(checksum, EXPECTED_CHECKSUM);
  print_hpm_counters();
  print_insns_line(insns);
  return 0;
}
