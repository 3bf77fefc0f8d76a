/* Compiled FP kernels for fp_kernel.S (built at -O2 with rv32imfc): what compiled code does
 * with the FPU, as opposed to the hand-placed instructions of the other programs. They read
 * only their inputs and write only their outputs, so both passes of the program see the
 * same operands (the divide/square-root latency depends on them). */
#include <stdint.h>

#define N 16

static const float xs[N] = {1.5f, -2.25f, 3.0f, 0.125f, 7.75f, -0.5f, 2.0f, 9.5f,
                            -4.0f, 0.3f, 1e-3f, 12.0f, 5.5f, -6.25f, 0.75f, 100.0f};
static const float ys[N] = {0.5f, 4.0f, -1.5f, 8.0f, 0.2f, 3.0f, -7.0f, 1.25f,
                            2.5f, -0.75f, 6.0f, 0.1f, -3.5f, 2.0f, 10.0f, -0.01f};
float kernel_out[N];

/* y = a*x + y, then the dot product of the result with x */
float kernel_axpy_dot(float a) {
  float dot = 0.0f;
  for (int i = 0; i < N; i++) {
    kernel_out[i] = a * xs[i] + ys[i];
    dot += kernel_out[i] * xs[i];
  }
  return dot;
}

/* Horner polynomial per element, clamped, converted to integers and summed */
int32_t kernel_poly(void) {
  int32_t sum = 0;
  for (int i = 0; i < N; i++) {
    float x = xs[i];
    float p = ((0.25f * x - 1.5f) * x + 2.0f) * x - 0.75f;
    if (p > 1000.0f) p = 1000.0f;
    if (p < -1000.0f) p = -1000.0f;
    sum += (int32_t)p;
  }
  return sum;
}

/* Euclidean norm and normalisation (fsqrt and fdiv per element) */
float kernel_normalize(void) {
  float s = 0.0f;
  for (int i = 0; i < N; i++) s += xs[i] * xs[i];
  float norm = __builtin_sqrtf(s);
  float m = 0.0f;
  for (int i = 0; i < N; i++) {
    kernel_out[i] = xs[i] / norm;
    if (kernel_out[i] > m) m = kernel_out[i];
  }
  return m;
}
