/* rvpmu's version: `git describe` of the tree it was built from (Makefile: version.h is
 * rewritten only when that changes, so only this file is rebuilt then). */
#include "tools/commands.h"

#ifndef RVPMU_VERSION
#define RVPMU_VERSION "unknown"
#endif

const char rvpmu_version[] = RVPMU_VERSION;
