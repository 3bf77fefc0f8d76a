/* glibc extensions that elfutils' libelf uses and musl lacks (force-included). */
#ifndef RVPMU_MUSL_COMPAT_H
#define RVPMU_MUSL_COMPAT_H
#include <string.h>
static inline void *rawmemchr(const void *s, int c)
{
	return memchr(s, c, (size_t)-1 >> 1);
}
#endif
