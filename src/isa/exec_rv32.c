/* The RV32 instance of the dispatch loop for the generic core (no link costs). */
#define XLEN 32
#define EXEC_TIMED 0
#define EXEC_FUNC hart_run_rv32
#include "isa/exec_template.h"
