/* The RV64 instance of the dispatch loop. */
#define XLEN 64
#define EXEC_FUNC hart_run_rv64
#include "isa/exec_template.h"
