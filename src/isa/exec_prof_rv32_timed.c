/* The RV32 dispatch loop for profiles with link costs (hart.link_costs), reporting to the
 * profiler (prof/prof.h): used only while rvpmu record runs. */
#define XLEN 32
#define EXEC_TIMED 1
#define EXEC_FUNC hart_run_prof_rv32_timed
#define PROF 1
/* GCC cannot see that hart_load_hit fills the value when it returns true once the call is
 * bracketed for the profiler. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include "isa/exec_template.h"
