/* The RV32 instance of the timed dispatch loop while a dynamic model runs that not all run
 * inline (hart_models_hot without hart.models_loop: MicroBlaze V with RVPMU_NO_MODEL_HITS=1,
 * combo slots or a watched latency, CV32E40P's FPU fetch model): every model switch tested at
 * run time. */
#define XLEN 32
#define EXEC_TIMED 1
#define EXEC_FUNC hart_run_rv32_timed_models
#include "isa/exec_template.h"
