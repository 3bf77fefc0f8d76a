/* rvpmu: a RISC-V simulator with a spec-exact performance monitor. Subcommand dispatch. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stdbool.h>

#include "tools/commands.h"
#include "tools/long_options.h"

static void usage(FILE *out) {
  fprintf(out,
          "usage: rvpmu <command> [options]\n"
          "\n"
          "commands:\n"
          "  run     run a program (guest console on stdout, exit status = guest exit code)\n"
          "  stat    run a program and print event counts like 'perf stat'\n"
          "  list    list the events a core profile can count\n"
          "  sweep   run cores x options x workloads as stat jobs and merge them (docs/sweeps.md)\n"
          "  record  run a program and record an exact profile (rvpmu.data)\n"
          "  report  show a recorded profile by function, line or address; export it\n"
          "  annotate  show a function's instructions with their recorded counts\n"
          "  diff    compare two recorded profiles per function or line (before/after a change)\n"
          "\n"
          "cores (--core): generic (default), ibex, cv32e40p, microblaze-v\n"
          "Long options also take their value as --option=value.\n"
          "\n"
          "'rvpmu <command> --help' (or -h) describes each command's options;\n"
          "'rvpmu --help' (or -h) prints this; 'rvpmu --version' (or -V) the version.\n");
}

/* Runs the command argv[1] (after --option=value has been split). */
static int dispatch(int argc, char **argv) {
  if (argc < 2) {
    usage(stderr);
    return 2;
  }
  const char *cmd = argv[1];
  if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
    usage(stdout);
    return 0;
  }
  if (!strcmp(cmd, "--version") || !strcmp(cmd, "-V") || !strcmp(cmd, "version")) {
    printf("rvpmu version %s\n", rvpmu_version); /* perf's form: "perf version 6.1" */
    return 0;
  }
  if (!strcmp(cmd, "run")) return cmd_run(argc - 1, argv + 1);
  if (!strcmp(cmd, "stat")) return cmd_stat(argc - 1, argv + 1);
  if (!strcmp(cmd, "list")) return cmd_list(argc - 1, argv + 1);
  if (!strcmp(cmd, "record")) return cmd_record(argc - 1, argv + 1);
  if (!strcmp(cmd, "report")) return cmd_report(argc - 1, argv + 1);
  if (!strcmp(cmd, "annotate")) return cmd_annotate(argc - 1, argv + 1);
  if (!strcmp(cmd, "diff")) return cmd_diff(argc - 1, argv + 1);
  fprintf(stderr, "rvpmu: unknown command '%s'\n", cmd);
  usage(stderr);
  return 2;
}

int main(int argc, char **argv) {
  /* sweep splits --option=value itself: the values of its --slurm-opts and --parallel-opts are
   * other programs' options (--partition=short), which must reach them whole. */
  if (argc >= 2 && !strcmp(argv[1], "sweep")) return cmd_sweep(argc - 1, argv + 1);
  argv = split_long_options(argc, argv, &argc);
  return dispatch(argc, argv);
}
