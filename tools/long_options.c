/* --option=value splitting for run, stat, list, record, report and annotate (sweep splits its
 * own: its --slurm-opts and --parallel-opts values are option words for other programs). */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "tools/long_options.h"

static char **split_argv; /* the new argv, freed at exit (commands may end the process with exit) */
static void free_split_argv(void) { free(split_argv); }

/* The options of run, stat, list, record, report and annotate that take a value (their
 * --help texts): the argument after one of them is that value, never split, so that
 * `--append "--x=y"` keeps its value whole. */
static const char *const value_options[] = {
    "--core", "--isa", "--platform", "--harts", "--mem", "--max-insns", "--bios", "--firmware",
    "--kernel", "--initrd", "--append", "--dump-dtb", "--event", "-e", "--output", "-o",
    "--input", "-i", "--symbols", "--field-separator", "-x", "--interval-print", "-I", "--plot",
    "--sort", "-s", "--hart", "--callgrind", "--folded", "--flamegraph", "--call-depth", "--percent-limit",
    "--repeat", "-r"};

static bool takes_value(const char *a) {
  for (size_t k = 0; k < sizeof value_options / sizeof *value_options; k++)
    if (!strcmp(a, value_options[k])) return true;
  return false;
}

char **split_long_options(int argc, char **argv, int *new_argc) {
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
      if (options && i >= 2 && takes_value(a) && i + 1 < argc) out[n++] = argv[++i];
    }
  }
  *new_argc = n;
  return out;
}

