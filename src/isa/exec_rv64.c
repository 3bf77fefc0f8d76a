/* The RV64 instance of the dispatch loop for the generic core (no link costs). */
#define XLEN 64
#define EXEC_TIMED 0
#define EXEC_FUNC hart_run_rv64
#include "isa/exec_template.h"
