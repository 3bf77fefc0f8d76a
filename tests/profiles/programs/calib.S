/* Calibration: what the bracketing itself costs. An empty region, then regions of
 * 1, 2 and 10 32-bit NOPs (addi x0,x0,0) and of 10 compressed NOPs. Subtract "empty"
 * from the other regions to get the cost of the code inside. */
#include "pmu.h"

.macro BODY
  REGION empty
  ENDREGION empty

  REGION nop1
  nop
  ENDREGION nop1

  REGION nop2
  nop
  nop
  ENDREGION nop2

  REGION nop10
  .rept 10
  nop
  .endr
  ENDREGION nop10

  REGION cnop10
  .option rvc
  .rept 10
  c.nop
  .endr
  .option norvc
  ENDREGION cnop10
.endm

PMU_PROGRAM
