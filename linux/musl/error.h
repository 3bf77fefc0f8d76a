/* error(3) for musl, which lacks it: what elfutils' libelf build needs. */
#ifndef RVPMU_COMPAT_ERROR_H
#define RVPMU_COMPAT_ERROR_H
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static inline void error(int status, int errnum, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	if (errnum)
		fprintf(stderr, ": %s", strerror(errnum));
	fputc('\n', stderr);
	if (status)
		exit(status);
}
#endif
