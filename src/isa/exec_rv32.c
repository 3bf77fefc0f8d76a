/* The RV32 instance of the dispatch loop for the generic core (no link costs) while no dynamic
 * model runs (!hart_models_hot; EXEC_NO_MODELS, isa/exec_template.h). */
#define XLEN 32
#define EXEC_TIMED 0
#define EXEC_NO_MODELS 1
#define EXEC_FUNC hart_run_rv32
#include "isa/exec_template.h"
