/* A stock Debian userland program: built by linux/build.sh with Debian's riscv64-linux-gnu-gcc
 * and its default options (rv64gc, lp64d: floating point in registers), linked statically
 * against Debian's glibc. It exercises what such programs use: stdio, malloc, qsort, strtod and
 * libm (double arithmetic on F/D registers), and checks the results it computes. Prints
 * "glibc: ok <sum> <root>" and exits 0 when every check holds. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b) {
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(void) {
	enum { N = 1000 };
	double *v = malloc(N * sizeof *v);
	int failed = 0;
	if (!v)
		return 2;
	/* A permutation of 0..N-1 (N and 389 are coprime), scaled by 0.5. */
	for (int i = 0; i < N; i++)
		v[i] = (double)((i * 389) % N) * 0.5;
	qsort(v, N, sizeof *v, cmp_double);
	double sum = 0;
	for (int i = 0; i < N; i++) {
		failed |= v[i] != i * 0.5;
		sum += v[i];
	}
	failed |= sum != 249750.0; /* 0.5 * (0 + ... + 999) */
	double root = sqrt(strtod("2.25", NULL));
	failed |= root != 1.5;
	char buf[64];
	snprintf(buf, sizeof buf, "%.3f %.2e", sum / 7, exp(1.0));
	failed |= strcmp(buf, "35678.571 2.72e+00") != 0;
	free(v);
	printf("glibc: %s %.1f %.2f\n", failed ? "FAILED" : "ok", sum, root);
	return failed;
}
