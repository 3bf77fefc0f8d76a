/* Writing JSON text by hand where the output is a stream of rows (stat --json, report --json). */
#ifndef RVPMU_TOOLS_JSON_OUT_H
#define RVPMU_TOOLS_JSON_OUT_H

#include <stdio.h>

/* Writes s as a JSON string (quotes, backslashes and control characters escaped); NULL as null. */
void json_write_string(FILE *f, const char *s);

#endif
