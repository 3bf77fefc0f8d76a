/* The RV32 instance of the timed dispatch loop while a dynamic model runs (hart_models_hot:
 * MicroBlaze V's branch, fetch and data models), whose loads and stores check the model's TLB
 * first when it offers inline data hits (hart.data_hits; EXEC_MODEL_HITS, isa/exec_template.h). */
#define XLEN 32
#define EXEC_TIMED 1
#define EXEC_MODEL_HITS 1
#define EXEC_FUNC hart_run_rv32_models
#include "isa/exec_template.h"
