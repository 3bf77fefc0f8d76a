// SPDX-License-Identifier: MIT
/*
 * The guest workload with known counts: /bin/workload in the initramfs.
 *
 * Static, freestanding (the kernel tree's nolibc), rv64imac/lp64, not stripped: `perf report`
 * names its functions. Its two loops (hot_loop, cold_loop, written in assembly so that their
 * counts are exact) and the work main does with them are in workload_loops.h, shared with the
 * bare-metal twin (workload_twin.c) that `rvpmu stat` measures on the host for comparison.
 *
 * It prints the figures these give (user-mode instructions, branches, loads of the two loops);
 * the rest of the process (start-up, printing, exit) adds a few thousand instructions.
 */

#include "workload_loops.h"

static unsigned long cold_buf[COLD_BYTES / sizeof(unsigned long)] __attribute__((aligned(4096)));

int main(void)
{
	const unsigned long lines = COLD_BYTES / COLD_LINE;
	unsigned long check = workload_run(cold_buf);

	printf("workload: hot_loop %lu iterations x 4 insns, cold_loop %lu passes x %lu lines x 5 insns\n",
	       HOT_ITERS, COLD_PASSES, lines);
	printf("workload: expected (user, both loops) instructions %lu branches %lu loads %lu\n",
	       WORKLOAD_INSNS, WORKLOAD_BRANCHES, WORKLOAD_LOADS);
	printf("workload: check %lx\n", check);
	return 0;
}
