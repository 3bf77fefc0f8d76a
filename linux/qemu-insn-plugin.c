// SPDX-License-Identifier: MIT
/*
 * A QEMU TCG plugin that measures "instructions to the init": it counts the guest instructions
 * executed on all harts from reset, and prints the count when the first translation block at a
 * user-space address runs (vaddr in [lo, hi): the reset ROM is at 0x1000, OpenSBI and the early
 * kernel at 0x80000000 and up, the running kernel at 0xffff..., and /init at 0x10000). With
 * exit=on it then ends QEMU, so the wall time of the run is the time to the init.
 *
 *   -plugin linux-build/insn-plugin.so[,lo=0x10000][,hi=0x80000000][,exit=on]
 *
 * Counting is per translation block at its entry, so a block left early by a trap counts whole:
 * the figure is exact to within the few instructions of such blocks. The counter is not atomic:
 * load it with a single TCG thread (-accel tcg,thread=single, or -icount, which implies it).
 * Built by linux/build.sh (stage qemu-plugin) against qemu-plugin.h of Debian's QEMU source.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <qemu-plugin.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

static uint64_t insns;            /* instructions of all executed blocks, all harts */
static uint64_t lo = 0x10000;     /* user range start (inclusive) */
static uint64_t hi = 0x80000000;  /* user range end (exclusive) */
static int exit_at_user;          /* exit=on: end QEMU at the first user instruction */
static int reached;               /* the first user block has run */
static struct timespec t_start;   /* when the plugin was installed */

static double seconds_since_start(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t_start.tv_sec) + (t.tv_nsec - t_start.tv_nsec) / 1e9;
}

static void user_block(unsigned int vcpu, void *udata)
{
	char line[160];

	if (reached)
		return;
	reached = 1;
	snprintf(line, sizeof(line),
		 "insn-plugin: first user instruction at 0x%" PRIx64 " on hart %u after %" PRIu64
		 " instructions, %.3f s\n",
		 (uint64_t)(uintptr_t)udata, vcpu, insns, seconds_since_start());
	if (exit_at_user) {
		/* _exit: QEMU's exit handlers may wait for the lock this vCPU thread holds. */
		fputs(line, stderr);
		fflush(stderr);
		_exit(0);
	}
	qemu_plugin_outs(line);
}

static void block_translated(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	uint64_t pc = qemu_plugin_tb_vaddr(tb);

	(void)id;
	/* Registered before the count: the count printed excludes this block. */
	if (!reached && pc >= lo && pc < hi)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, user_block, QEMU_PLUGIN_CB_NO_REGS,
						     (void *)(uintptr_t)pc);
	qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &insns,
						 qemu_plugin_tb_n_insns(tb));
}

static void at_exit(qemu_plugin_id_t id, void *p)
{
	char line[120];

	(void)id;
	(void)p;
	snprintf(line, sizeof(line), "insn-plugin: %" PRIu64 " instructions in all, %.3f s\n", insns,
		 seconds_since_start());
	qemu_plugin_outs(line);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc,
					   char **argv)
{
	int i;

	(void)info;
	clock_gettime(CLOCK_MONOTONIC, &t_start);
	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "lo=", 3))
			lo = strtoull(argv[i] + 3, NULL, 0);
		else if (!strncmp(argv[i], "hi=", 3))
			hi = strtoull(argv[i] + 3, NULL, 0);
		else if (!strcmp(argv[i], "exit=on"))
			exit_at_user = 1;
		else {
			fprintf(stderr, "insn-plugin: unknown option %s\n", argv[i]);
			return -1;
		}
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, block_translated);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
