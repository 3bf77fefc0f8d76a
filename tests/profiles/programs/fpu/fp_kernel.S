/* RV32F on CV32E40P with its FPU: compiled -O2 kernels (fp_kernel.c: axpy with a dot
 * product, a Horner polynomial converted to integers, a vector norm with fsqrt and an
 * fdiv per element), measured as regions and as a whole. The results are printed. */
#include "pmu.h"

.macro BODY
  li    a0, 0x3fc00000         /* a = 1.5 */
  fmv.w.x fa0, a0
  REGION axpy_dot
  jal   ra, kernel_axpy_dot
  ENDREGION axpy_dot

  REGION poly
  jal   ra, kernel_poly
  mv    s1, a0
  ENDREGION poly
  RESULT poly, s1

  REGION normalize
  jal   ra, kernel_normalize
  fmv.x.w s1, fa0
  ENDREGION normalize
  RESULT normalize, s1
.endm

PMU_PROGRAM
