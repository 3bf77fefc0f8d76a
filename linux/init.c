// SPDX-License-Identifier: MIT
/*
 * rvpmu's test init: PID 1 of the initramfs that linux/build.sh packs.
 *
 * Built static and freestanding against the kernel tree's nolibc (tools/include/nolibc) for
 * rv64imac/lp64, so it runs on a hart without F/D. It mounts proc, sys and devtmpfs, reads the
 * scenario from the kernel command line (`rvpmu.test=NAME`, default `all`), runs that scenario's
 * commands one after the other, and powers the machine off. Scenario `cmd` runs the command of
 * `rvpmu.cmd="/bin/perf stat -e r20001 /bin/workload"` (words split at spaces; a relative
 * argv[0] is looked up in /bin), for measurements that no fixed scenario makes.
 *
 * Once the init is reached it lowers the console log level to CONSOLE_LOGLEVEL_STEPS: the kernel
 * writes its messages to the console at once while a program's output waits in the tty buffer
 * for the (polled) UART, so an informational message ("perf: interrupt took too long ...")
 * would land in the middle of a `perf stat` table. Warnings and errors still reach the console.
 *
 * Output contract (what a host test parses; every marker starts a line):
 *   === RVPMU BOOT <uptime> ===            init reached; <uptime> is /proc/uptime's first field
 *   === RVPMU BEGIN <step> ===             a command starts (its command line follows on one line)
 *   === RVPMU END <step> status=<n> ===    it ended: exit status n, or 128+signal if killed
 *   === RVPMU RESULT PASS|FAIL <scenario> failed=<n> ===   the last line before power-off
 *
 * Exit status the host sees: PASS powers off with reboot(LINUX_REBOOT_CMD_POWER_OFF), whose
 * syscon-poweroff driver writes 0x5555 to the test device (QEMU and rvpmu exit 0). FAIL writes
 * (1 << 16) | 0x3333 to the same device at TEST_DEV_PHYS through /dev/mem (exit status 1); if
 * that cannot be done it powers off normally, so the RESULT line is the authority.
 */
#include <linux/reboot.h>

/* nolibc (6.1) lacks these. */
#ifndef WIFSIGNALED
#define WIFSIGNALED(status) (((status) & 0x7f) != 0 && ((status) & 0x7f) != 0x7f)
#define WTERMSIG(status) ((status) & 0x7f)
#endif

#define TEST_DEV_PHYS 0x100000UL /* sifive,test0 on QEMU's and rvpmu's virt machine */
#define TEST_FAIL 0x3333U
#define TEST_PASS 0x5555U
/* Console log level while the steps run: messages more urgent than KERN_NOTICE (5) are shown. */
#define CONSOLE_LOGLEVEL_STEPS "5"

/* One command of a scenario: a step name for the markers and an argv ending in NULL. */
struct step {
	const char *name;     /* marker name, unique within a scenario */
	const char *argv[24]; /* argv[0] is an absolute path */
};

#define PERF_STAT_EVENTS                                                                    \
	"cycles,instructions,branches,branch-misses,L1-dcache-loads,L1-dcache-load-misses,"  \
	"L1-icache-load-misses,dTLB-load-misses,iTLB-load-misses,r8000000000000005"

static const struct step step_workload = { "workload", { "/bin/workload", NULL } };
static const struct step step_stat = {
	"stat", { "/bin/perf", "stat", "-e", PERF_STAT_EVENTS, "/bin/workload", NULL }
};
static const struct step step_stat_u = {
	"stat-u", { "/bin/perf", "stat", "-e", "cycles:u,instructions:u,branches:u", "/bin/workload", NULL }
};
static const struct step step_record = {
	"record", { "/bin/perf", "record", "-e", "cycles", "-o", "/tmp/perf.data", "/bin/workload", NULL }
};
static const struct step step_report = {
	"report", { "/bin/perf", "report", "--stdio", "--stdio-color", "never", "-i", "/tmp/perf.data",
		      "--sort", "comm,dso,sym", NULL }
};
static const struct step step_record_u = {
	"record-u", { "/bin/perf", "record", "-e", "instructions:u", "-o", "/tmp/perf-u.data", "/bin/workload", NULL }
};
static const struct step step_report_u = {
	"report-u", { "/bin/perf", "report", "--stdio", "--stdio-color", "never", "-i", "/tmp/perf-u.data",
		      "--sort", "comm,dso,sym", NULL }
};
/* SBI firmware events (SBI spec, PMU extension, firmware event codes): 5 SET_TIMER,
 * 6 IPI_SENT, 7 IPI_RECEIVED, 8 FENCE_I_SENT, 9 FENCE_I_RECEIVED, 10 SFENCE_VMA_SENT,
 * 11 SFENCE_VMA_RECEIVED; system-wide so the other harts' receive side counts too. */
static const struct step step_fw = {
	"fw", { "/bin/perf", "stat", "-a", "-e",
		"r8000000000000005,r8000000000000006,r8000000000000007,r8000000000000008,"
		"r8000000000000009,r800000000000000a,r800000000000000b",
		"/bin/workload", NULL }
};

/* A glibc program built with Debian's defaults (rv64gc, lp64d): F and D in user mode. */
static const struct step step_glibc = { "glibc", { "/bin/glibc", NULL } };

/* Scenario `cmd`: filled in from rvpmu.cmd= by parse_cmd(). */
static struct step step_cmd = { "cmd", { NULL } };

/* A scenario: the value of rvpmu.test= and its steps in order. */
struct scenario {
	const char *name;
	const struct step *steps[8]; /* ends in NULL */
};

static const struct scenario scenarios[] = {
	{ "boot", { NULL } },
	{ "workload", { &step_workload, NULL } },
	{ "stat", { &step_stat, NULL } },
	{ "record", { &step_record, &step_report, NULL } },
	{ "user", { &step_stat_u, &step_record_u, &step_report_u, NULL } },
	{ "fw", { &step_fw, NULL } },
	{ "glibc", { &step_glibc, NULL } },
	{ "all", { &step_workload, &step_stat, &step_record, &step_report, NULL } },
	{ "cmd", { &step_cmd, NULL } },
};

static char *const child_envp[] = { "PATH=/bin", "HOME=/tmp", "TERM=dumb", "PAGER=cat", NULL };

/* Reads up to size-1 bytes of a small file into buf, NUL-terminated; returns the length or -1. */
static int read_file(const char *path, char *buf, int size)
{
	int fd = open(path, O_RDONLY, 0);
	int len = 0, n;

	buf[0] = 0;
	if (fd < 0)
		return -1;
	while (len < size - 1 && (n = read(fd, buf + len, size - 1 - len)) > 0)
		len += n;
	close(fd);
	buf[len] = 0;
	return len;
}

/* Copies the value of `key=` from the kernel command line into val; returns 0 if found. */
static int cmdline_value(const char *cmdline, const char *key, char *val, int size)
{
	int klen = strlen(key);
	const char *p = cmdline;

	while (*p) {
		while (*p == ' ' || *p == '\n')
			p++;
		if (!strncmp(p, key, klen) && p[klen] == '=') {
			int n = 0;

			p += klen + 1;
			while (*p && *p != ' ' && *p != '\n' && n < size - 1)
				val[n++] = *p++;
			val[n] = 0;
			return 0;
		}
		while (*p && *p != ' ' && *p != '\n')
			p++;
	}
	return -1;
}

/* Fills step_cmd from `rvpmu.cmd=WORD` or `rvpmu.cmd="WORD WORD ..."` (the kernel keeps the
 * quotes in /proc/cmdline); returns 0 if there is at least one word. Words point into cmdline,
 * which is modified. */
static int parse_cmd(char *cmdline)
{
	static char path[64];
	char *p = cmdline, *end;
	int argc = 0, quoted;

	/* The word that starts with rvpmu.cmd= (as cmdline_value() scans). */
	for (;;) {
		while (*p == ' ' || *p == '\n')
			p++;
		if (!*p)
			return -1;
		if (!strncmp(p, "rvpmu.cmd=", 10))
			break;
		while (*p && *p != ' ' && *p != '\n')
			p++;
	}
	p += 10;
	quoted = *p == '"';
	p += quoted;
	end = p;
	while (*end && *end != '\n' && (quoted ? *end != '"' : *end != ' '))
		end++;
	*end = 0;
	while (*p && argc < (int)(sizeof(step_cmd.argv) / sizeof(step_cmd.argv[0])) - 1) {
		while (*p == ' ')
			*p++ = 0;
		if (!*p)
			break;
		step_cmd.argv[argc++] = p;
		while (*p && *p != ' ')
			p++;
	}
	step_cmd.argv[argc] = NULL;
	if (argc && step_cmd.argv[0][0] != '/' && strlen(step_cmd.argv[0]) < sizeof(path) - 5) {
		strcpy(path, "/bin/");
		strcpy(path + 5, step_cmd.argv[0]);
		step_cmd.argv[0] = path;
	}
	return argc ? 0 : -1;
}

/* Writes a short string to a file (a /proc/sys knob); errors are reported, not fatal. */
static void write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY, 0);

	if (fd < 0 || write(fd, text, strlen(text)) < 0)
		printf("init: cannot write %s: errno %d\n", path, errno);
	if (fd >= 0)
		close(fd);
}

/* Waits until the console has sent everything written so far (tcdrain), so that the last
 * lines are out before the machine stops. */
static void drain_console(void)
{
	ioctl(1, TCSBRK, (void *)1);
}

/* perf colours its metrics whenever its stdout is a terminal (perf 6.1's util/color.c decides
 * by isatty(1) alone: it never reads color.ui, TERM=dumb does not stop it, and perf stat has no
 * --no-color), and the escape codes would land in the console log. So a perf step writes its
 * stdout and stderr into one pipe that init copies to the console: perf sees no terminal, and
 * one pipe keeps the order in which the workload's lines and perf's table were written. */
/* nolibc (6.1) lacks pipe(); RISC-V has only pipe2. */
static int pipe_fds(int fds[2])
{
	return my_syscall2(__NR_pipe2, fds, 0) < 0 ? -1 : 0;
}

static void copy_to_console(int fd)
{
	char buf[512];
	ssize_t n;

	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (write(1, buf, n) < 0)
			break;
	}
}

static int run_step(const struct step *s)
{
	int status = 0, i, fds[2] = { -1, -1 };
	int relay = !strcmp(s->argv[0], "/bin/perf") && pipe_fds(fds) == 0;
	pid_t pid;

	printf("=== RVPMU BEGIN %s ===\n", s->name);
	for (i = 0; s->argv[i]; i++)
		printf("%s%s", i ? " " : "", s->argv[i]);
	printf("\n");
	pid = fork();
	if (pid == 0) {
		if (relay) {
			dup2(fds[1], 1);
			dup2(fds[1], 2);
			close(fds[0]);
			close(fds[1]);
		}
		execve(s->argv[0], (char *const *)s->argv, child_envp);
		printf("init: execve %s failed: errno %d\n", s->argv[0], errno);
		exit(127);
	}
	if (pid < 0) {
		printf("init: fork failed: errno %d\n", errno);
		if (relay) {
			close(fds[0]);
			close(fds[1]);
		}
		status = 126;
	} else {
		if (relay) {
			close(fds[1]);
			copy_to_console(fds[0]); /* until perf and its workload have closed the pipe */
			close(fds[0]);
		}
		/* PID 1 also reaps orphans: wait for this child in particular. */
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
		if (WIFEXITED(status))
			status = WEXITSTATUS(status);
		else if (WIFSIGNALED(status))
			status = 128 + WTERMSIG(status);
	}
	printf("=== RVPMU END %s status=%d ===\n", s->name, status);
	return status;
}

/* Ends the run: failure code through the test device if failed, else a normal power-off. */
static void finish(int failed)
{
	drain_console();
	if (failed) {
		int fd = open("/dev/mem", O_RDWR, 0);

		if (fd >= 0) {
			volatile unsigned int *dev = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
							  MAP_SHARED, fd, TEST_DEV_PHYS);

			if (dev != MAP_FAILED)
				*dev = (1U << 16) | TEST_FAIL;
		}
		printf("init: could not write the failure code to the test device; powering off\n");
		drain_console();
	}
	reboot(LINUX_REBOOT_CMD_POWER_OFF);
	for (;;)
		sleep(1);
}

int main(void)
{
	static char cmdline[1024], name[32], uptime[64];
	const struct scenario *sc = NULL;
	int failed = 0;
	unsigned int i;

	mkdir("/proc", 0755);
	mkdir("/sys", 0755);
	mkdir("/dev", 0755);
	mkdir("/tmp", 01777);
	if (mount("proc", "/proc", "proc", 0, NULL) < 0)
		printf("init: mount /proc: errno %d\n", errno);
	if (mount("sysfs", "/sys", "sysfs", 0, NULL) < 0)
		printf("init: mount /sys: errno %d\n", errno);
	if (mount("devtmpfs", "/dev", "devtmpfs", 0, NULL) < 0)
		printf("init: mount /dev: errno %d\n", errno);

	read_file("/proc/uptime", uptime, sizeof(uptime));
	for (i = 0; uptime[i] && uptime[i] != ' '; i++)
		;
	uptime[i] = 0;
	printf("=== RVPMU BOOT %s ===\n", uptime);
	write_file("/proc/sys/kernel/printk", CONSOLE_LOGLEVEL_STEPS);

	read_file("/proc/cmdline", cmdline, sizeof(cmdline));
	if (cmdline_value(cmdline, "rvpmu.test", name, sizeof(name)) < 0)
		strcpy(name, "all");
	for (i = 0; i < sizeof(scenarios) / sizeof(scenarios[0]); i++)
		if (!strcmp(scenarios[i].name, name))
			sc = &scenarios[i];
	if (sc && sc->steps[0] == &step_cmd && parse_cmd(cmdline) < 0) {
		printf("init: rvpmu.test=cmd needs rvpmu.cmd=\"COMMAND ARGS...\"\n");
		failed = 1;
	} else if (!sc) {
		printf("init: unknown rvpmu.test=%s (boot workload stat record user fw glibc all cmd)\n", name);
		failed = 1;
	} else {
		for (i = 0; sc->steps[i]; i++)
			if (run_step(sc->steps[i]) != 0)
				failed++;
	}
	printf("=== RVPMU RESULT %s %s failed=%d ===\n", failed ? "FAIL" : "PASS", name, failed);
	finish(failed);
	return 0;
}
