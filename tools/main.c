/* rvpmu: a RISC-V simulator with a spec-exact performance monitor. Subcommand dispatch. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stdbool.h>

#include "tools/commands.h"

static void usage(FILE *out) {
  fprintf(out,
          "usage: rvpmu <command> [options]\n"
          "\n"
          "commands:\n"
          "  run     run a program (guest console on stdout, exit status = guest exit code)\n"
          "  stat    run a program and print event counts like 'perf stat'\n"
          "  list    list the events a core profile can count\n"
          "  record  run a program and record an exact profile (rvpmu.data)\n"
          "  report  show a recorded profile by function, line or address; export it\n"
          "  annotate  show a function's instructions with their recorded counts\n"
          "\n"
          "cores (--core): generic (default), ibex, cv32e40p, microblaze-v\n"
          "Long options also take their value as --option=value.\n"
          "\n"
          "'rvpmu <command> --help' (or -h) describes each command's options;\n"
          "'rvpmu --help' (or -h) prints this.\n");
}

static char **split_argv; /* the new argv, freed at exit (commands may end the process with exit) */
static void free_split_argv(void) { free(split_argv); }

/* getopt_long's convention for every command: a long option may carry its value after '='
 * (--core=ibex is --core ibex). Splits such arguments, up to a lone double dash (after it everything
 * is the program's), into a new argv. */
static char **split_long_options(int argc, char **argv, int *new_argc) {
  char **out = split_argv = calloc((size_t)argc * 2 + 1, sizeof *out);
  if (!out) return argv;
  atexit(free_split_argv);
  int n = 0;
  bool options = true;
  for (int i = 0; i < argc; i++) {
    char *a = argv[i], *eq = strchr(a, '=');
    bool dashes = a[0] == '-' && a[1] == '-';
    if (options && dashes && !a[2]) options = false; /* a lone double dash */
    if (options && i >= 2 && dashes && a[2] != '-' && eq && eq > a + 2) {
      *eq = '\0'; /* argv strings are writable */
      out[n++] = a;
      out[n++] = eq + 1;
    } else {
      out[n++] = a;
    }
  }
  *new_argc = n;
  return out;
}

int main(int argc, char **argv) {
  argv = split_long_options(argc, argv, &argc);
  if (argc < 2) {
    usage(stderr);
    return 2;
  }
  const char *cmd = argv[1];
  if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
    usage(stdout);
    return 0;
  }
  if (!strcmp(cmd, "run")) return cmd_run(argc - 1, argv + 1);
  if (!strcmp(cmd, "stat")) return cmd_stat(argc - 1, argv + 1);
  if (!strcmp(cmd, "list")) return cmd_list(argc - 1, argv + 1);
  if (!strcmp(cmd, "record")) return cmd_record(argc - 1, argv + 1);
  if (!strcmp(cmd, "report")) return cmd_report(argc - 1, argv + 1);
  if (!strcmp(cmd, "annotate")) return cmd_annotate(argc - 1, argv + 1);
  fprintf(stderr, "rvpmu: unknown command '%s'\n", cmd);
  usage(stderr);
  return 2;
}
