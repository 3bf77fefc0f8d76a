// SPDX-License-Identifier: MIT
/*
 * The workload's loops, shared by the Linux workload (linux/workload.c, /bin/workload in the
 * initramfs) and its bare-metal twin (linux/workload_twin.c, build/linux/workload-twin.elf), so
 * that `perf stat` in the guest and `rvpmu stat` on the host count the same instructions.
 *
 * Two loops written in assembly so that their instruction, branch and load counts are exact,
 * whatever the compiler:
 *
 *   hot_loop   HOT_ITERS iterations of 4 instructions (add, xor, addi, bnez): 1 branch each,
 *              taken every time but the last; no memory access. Dominates cycles and samples.
 *   cold_loop  COLD_PASSES passes over a COLD_BYTES buffer, one 8-byte load per 64-byte line:
 *              5 instructions (ld, add, addi, addi, bnez) and 1 load and 1 branch per line. The
 *              buffer (256 KiB, 64 pages) is larger than any modelled L1 data cache or TLB reach,
 *              so its loads are the workload's data cache and TLB misses.
 *
 * workload_run() is what both programs' user-mode part does, in the same order.
 *
 * Include it from one .c file per program: it defines hot_loop and cold_loop, which stay
 * external and noinline because `perf report` must find them by name (linux/rvpmu.sh checks
 * that `hot_loop` tops the profile). Each starts a 64-byte line (LOOP_ALIGN), so that neither
 * loop body straddles two instruction cache lines or pages wherever the linker puts it: the
 * instruction cache and TLB see the same fetches in both programs (unaligned, the twin's
 * hot_loop body crossed a line and made twice the workload's L1-icache-loads).
 */
#ifndef WORKLOAD_LOOPS_H
#define WORKLOAD_LOOPS_H

#define HOT_ITERS 10000000UL     /* 40 M instructions, 10 M branches */
#define COLD_BYTES (256UL * 1024) /* 4096 lines of 64 bytes */
#define COLD_LINE 64UL
#define COLD_PASSES 64UL         /* 262144 loads, 1.31 M instructions */
#define LOOP_ALIGN 64             /* the L1 instruction cache's line */

/* What the loops alone execute in user mode: the figures the workload prints as "expected". */
#define WORKLOAD_INSNS (4 * HOT_ITERS + 5 * COLD_PASSES * (COLD_BYTES / COLD_LINE))
#define WORKLOAD_BRANCHES (HOT_ITERS + COLD_PASSES * (COLD_BYTES / COLD_LINE))
#define WORKLOAD_LOADS (COLD_PASSES * (COLD_BYTES / COLD_LINE))

unsigned long hot_loop(unsigned long n);
unsigned long cold_loop(const unsigned long *buf, unsigned long lines);

/* Runs n >= 1 iterations of 4 instructions; returns a value that depends on all of them. */
__attribute__((noinline, aligned(LOOP_ALIGN))) unsigned long hot_loop(unsigned long n)
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
__attribute__((noinline, aligned(LOOP_ALIGN))) unsigned long cold_loop(const unsigned long *buf, unsigned long lines)
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

/*
 * The user-mode work of both programs: one store per 64-byte line of buf (COLD_BYTES, which
 * must be 4096-aligned), COLD_PASSES calls of cold_loop over it, one hot_loop call. Returns the
 * check value the workload prints (the same in both programs: the buffer holds the same words).
 */
static inline unsigned long workload_run(unsigned long *buf)
{
	const unsigned long lines = COLD_BYTES / COLD_LINE;
	unsigned long check = 0, pass, i;

	for (i = 0; i < COLD_BYTES / sizeof(unsigned long); i += COLD_LINE / sizeof(unsigned long))
		buf[i] = i;
	for (pass = 0; pass < COLD_PASSES; pass++)
		check += cold_loop(buf, lines);
	check += hot_loop(HOT_ITERS);
	return check;
}

#endif
