// SPDX-License-Identifier: MIT
/*
 * The guest workload with known counts: /bin/workload in the initramfs.
 *
 * Static, freestanding (the kernel tree's nolibc), rv64imac/lp64, not stripped: `perf report`
 * names its functions. Two loops written in assembly so that their instruction, branch and load
 * counts are exact, whatever the compiler:
 *
 *   hot_loop   HOT_ITERS iterations of 4 instructions (add, xor, addi, bnez): 1 branch each,
 *              taken every time but the last; no memory access. Dominates cycles and samples.
 *   cold_loop  COLD_PASSES passes over a COLD_BYTES buffer, one 8-byte load per 64-byte line:
 *              5 instructions (ld, add, addi, addi, bnez) and 1 load and 1 branch per line. The
 *              buffer (256 KiB, 64 pages) is larger than any modelled L1 data cache or TLB reach,
 *              so its loads are the workload's data cache and TLB misses.
 *
 * It prints the figures these give (user-mode instructions, branches, loads of the two loops);
 * the rest of the process (start-up, printing, exit) adds a few thousand instructions.
 */

#define HOT_ITERS 10000000UL     /* 40 M instructions, 10 M branches */
#define COLD_BYTES (256UL * 1024) /* 4096 lines of 64 bytes */
#define COLD_LINE 64UL
#define COLD_PASSES 64UL         /* 262144 loads, 1.31 M instructions */

static unsigned long cold_buf[COLD_BYTES / sizeof(unsigned long)] __attribute__((aligned(4096)));

/* Runs n >= 1 iterations of 4 instructions; returns a value that depends on all of them. */
__attribute__((noinline)) unsigned long hot_loop(unsigned long n)
{
	unsigned long a = 1, b = 0;

	__asm__ volatile("1:\n\t"
			 "add  %1, %1, %0\n\t"
			 "xor  %2, %2, %1\n\t"
			 "addi %0, %0, -1\n\t"
			 "bnez %0, 1b\n\t"
			 : "+r"(n), "+r"(a), "+r"(b));
	return a ^ b;
}

/* Loads one word from each of the lines lines of buf, starting at buf; returns their sum. */
__attribute__((noinline)) unsigned long cold_loop(const unsigned long *buf, unsigned long lines)
{
	unsigned long sum = 0, tmp;

	__asm__ volatile("1:\n\t"
			 "ld   %3, 0(%1)\n\t"
			 "add  %2, %2, %3\n\t"
			 "addi %1, %1, 64\n\t"
			 "addi %0, %0, -1\n\t"
			 "bnez %0, 1b\n\t"
			 : "+r"(lines), "+r"(buf), "+r"(sum), "=&r"(tmp)
			 :
			 : "memory");
	return sum;
}

int main(void)
{
	const unsigned long lines = COLD_BYTES / COLD_LINE;
	unsigned long check = 0, pass, i;

	for (i = 0; i < COLD_BYTES / sizeof(unsigned long); i += COLD_LINE / sizeof(unsigned long))
		cold_buf[i] = i;
	for (pass = 0; pass < COLD_PASSES; pass++)
		check += cold_loop(cold_buf, lines);
	check += hot_loop(HOT_ITERS);

	printf("workload: hot_loop %lu iterations x 4 insns, cold_loop %lu passes x %lu lines x 5 insns\n",
	       HOT_ITERS, COLD_PASSES, lines);
	printf("workload: expected (user, both loops) instructions %lu branches %lu loads %lu\n",
	       4 * HOT_ITERS + 5 * COLD_PASSES * lines, HOT_ITERS + COLD_PASSES * lines,
	       COLD_PASSES * lines);
	printf("workload: check %lx\n", check);
	return 0;
}
