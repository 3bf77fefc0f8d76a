/* The rvpmu subcommands and what they share. */
#ifndef RVPMU_TOOLS_COMMANDS_H
#define RVPMU_TOOLS_COMMANDS_H

#include <stdbool.h>
#include <stdint.h>

#include "rvpmu/rvpmu.h"

/* Exit statuses of rvpmu itself (otherwise it exits with the guest's code). */
#define EXIT_USAGE 2       /* bad command line, unreadable or malformed input */
#define EXIT_MAX_INSNS 124 /* the program did not exit within --max-insns */
#define EXIT_SIM_ERROR 125 /* the simulation could not go on (message on stderr) */

int cmd_run(int argc, char **argv);
int cmd_stat(int argc, char **argv);
int cmd_list(int argc, char **argv);
int cmd_sweep(int argc, char **argv);
int cmd_record(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_annotate(int argc, char **argv);
int cmd_diff(int argc, char **argv);

/* Options of every command that runs a program. */
struct machine_options {
  const char *core, *isa, *platform, *elf;
  const char *bios, *kernel, *initrd, *append, *dump_dtb; /* firmware boot (see --help) */
  unsigned harts;
  uint64_t max_insns, ram_bytes;
  bool progress;
  bool verbose; /* -v: print the machine's notes (rvpmu_machine_notes) after loading */
};

/* Help text for the machine options, shared by run and stat. */
extern const char machine_options_help[];

/* Parses one machine option at argv[*i] (advancing *i past its value); returns 1 if it was
 * one, 0 if not, -1 on a bad value (message printed). */
int parse_machine_option(struct machine_options *o, int argc, char **argv, int *i);
/* The arguments run, stat and record share, for after their own options: the machine
 * options, "--" and the program. Returns 1 if argv[*i] (with its value) was one of them, or
 * -1 after printing a one-line error for command `cmd` (an unknown option, a second program,
 * a missing or bad value). */
int parse_program_argument(const char *cmd, struct machine_options *o, int argc, char **argv, int *i);
/* After the arguments: 0 if a program (or --kernel) was given, else -1 with an error. */
int require_program(const char *cmd, const struct machine_options *o);
/* Appends one -e list to `events` (perf: every -e adds to the events counted); -1 with an
 * error if it is empty or the lists are too long. */
int add_event_list(const char *cmd, char *events, size_t size, const char *list);

/* Checks, before a run, that `path` (given with option `opt`) can be written: an existing
 * writable file, or a new one in an existing writable directory; "-" (stdout) passes. -1 with a
 * one-line error otherwise. */
int check_output_path(const char *cmd, const char *opt, const char *path);

/* rvpmu's version (git describe of the build), for --version and sweep results. */
extern const char rvpmu_version[];

/* Creates the machine and loads o->elf (XLEN from the ELF unless --isa says). Prints the error
 * and returns NULL on failure. */
struct rvpmu_machine *machine_from_options(const struct machine_options *o);

/* The firmware machine_from_options boots for these options (see --firmware), or NULL. */
const char *machine_firmware(const struct machine_options *o, char *buf, size_t len);

/* Runs to the end, with progress lines on stderr if asked and Ctrl-C ending the run early.
 * Returns the exit status rvpmu should give and fills the host seconds spent. */
int run_to_end(struct rvpmu_machine *m, const struct machine_options *o, double *host_seconds);

/* The host's monotonic clock in seconds (for elapsed times, progress and timeouts). */
double host_now_seconds(void);

/* The exit status rvpmu gives for a run that ended with `stop` (printing why, for a limit or an
 * error): the guest's exit code, EXIT_MAX_INSNS or EXIT_SIM_ERROR. */
int exit_status_of(struct rvpmu_machine *m, enum rvpmu_stop stop);

#endif
