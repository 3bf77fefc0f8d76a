/* The RV32 instance of the dispatch loop for profiles with link costs (hart.link_costs) while no
 * dynamic model runs (!hart_models_hot: Ibex, CV32E40P; EXEC_NO_MODELS, isa/exec_template.h). */
#define XLEN 32
#define EXEC_TIMED 1
#define EXEC_NO_MODELS 1
#define EXEC_FUNC hart_run_rv32_timed
#include "isa/exec_template.h"
