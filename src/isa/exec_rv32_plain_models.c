/* The RV32 instance of the generic core's dispatch loop while one of its on-demand models runs
 * (hart_models_hot: the branch predictor for branch-misses, the caches). */
#define XLEN 32
#define EXEC_TIMED 0
#define EXEC_FUNC hart_run_rv32_plain_models
#include "isa/exec_template.h"
