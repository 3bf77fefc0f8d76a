/* The RV64 dispatch loop reporting to the profiler (prof/prof.h): used only while rvpmu record
 * runs, so the normal loop (exec_rv64.c) keeps no profiler work on its hot path. */
#define XLEN 64
#define EXEC_TIMED 0
#define EXEC_FUNC hart_run_prof_rv64
#define PROF 1
#include "isa/exec_template.h"
