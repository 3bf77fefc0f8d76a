/* The RV32 instance of the timed dispatch loop for a data model with inline hits
 * (hart.data_hits: MicroBlaze V), whose loads and stores check the model's TLB first
 * (EXEC_MODEL_HITS, isa/exec_template.h). */
#define XLEN 32
#define EXEC_TIMED 1
#define EXEC_MODEL_HITS 1
#define EXEC_FUNC hart_run_rv32_models
#include "isa/exec_template.h"
