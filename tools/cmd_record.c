/* rvpmu record: runs a program like `rvpmu run` with the profiler attached and writes the
 * profile data file (docs/profiling.md): every count of the recorded events, attributed to the
 * instruction, privilege mode, hart and calling context that caused it. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/commands.h"
#include "tools/prof_data.h"
#include "tools/prof_symbols.h"

#define MAX_RECORD_EVENTS 16
static const char default_events[] = "cycles,instructions";

static void usage(FILE *out) {
  fprintf(out,
          "usage: rvpmu record [-e EVENT[,EVENT...]] [-o FILE] [options] [--] prog.elf\n"
          "       rvpmu record [-e ...] [-o FILE] [options] [--firmware fw.elf] --kernel payload\n"
          "\n"
          "Runs a program like 'rvpmu run' (guest console on stdout, the guest's exit status)\n"
          "and writes an exact profile to FILE: every count of every recorded event attributed\n"
          "to the instruction that caused it, with its privilege mode, hart and call stack (from\n"
          "the calling convention: calls are jal/jalr writing ra or t0, returns jalr x0, 0(ra);\n"
          "a trap starts a new stack on top, mret/sret ends it). No sampling: the counts add up\n"
          "to what 'rvpmu stat' prints. Read it with 'rvpmu report' and 'rvpmu annotate'.\n"
          "\n"
          "  -e, --event LIST          up to %d events by name or rHEX selector ('rvpmu list');\n"
          "                            NAME:latency is the sum of the latencies of NAME's\n"
          "                            occurrences (what a latency pair counter sums);\n"
          "                            -e may repeat and the lists add up; default: %s\n"
          "  -o, --output FILE         the data file (default rvpmu.data)\n"
          "  --call-depth N            at most N calling-context levels (0, the default: no\n"
          "                            limit); deeper calls are counted in the deepest context\n"
          "                            (self counts stay exact). Recursion always folds: a\n"
          "                            function already on the context path opens no new level\n"
          "  --                        ends the options: the program follows\n"
          "%s"
          "  -h, --help                this help\n",
          MAX_RECORD_EVENTS, default_events, machine_options_help);
}

/* Tells the profiler the functions of the files report will read (the program or payload,
 * the firmware: docs/profiling.md, "Recursion"), so that recursion folds per function. A file
 * without symbols (a raw Linux Image) leaves its call sites folding one by one. */
static int give_functions(struct rvpmu_machine *m, const struct machine_options *o, unsigned call_depth) {
  char fw[4200], err[512];
  const char *files[] = {o->kernel ? o->kernel : o->elf, machine_firmware(o, fw, sizeof fw)};
  struct prof_symbols *s = prof_symbols_new();
  uint64_t *ranges = NULL;
  size_t n = 0;
  if (s) {
    for (unsigned i = 0; i < 2; i++)
      if (files[i]) (void)prof_symbols_add(s, files[i], false, 0, err, sizeof err); /* no symbols: fine */
    n = prof_symbols_ranges(s, &ranges);
  }
  int r = rvpmu_profile_functions(m, ranges, n, call_depth, err, sizeof err);
  if (r != 0) fprintf(stderr, "rvpmu record: %s\n", err);
  free(ranges);
  prof_symbols_free(s);
  return r;
}

/* Appends "key=value\n" to the header text. A file's path is made absolute, so that report
 * finds it, and its checksum follows as key_fnv, so that report can tell if it changed. */
static void meta_add(char *buf, size_t len, const char *key, const char *value, bool path) {
  if (!value) return;
  char abs[PATH_MAX];
  if (path && realpath(value, abs)) value = abs;
  size_t used = strlen(buf);
  snprintf(buf + used, len - used, "%s=%s\n", key, value);
  uint64_t sum;
  if (path && prof_file_fnv(value, &sum) == 0) {
    used = strlen(buf);
    snprintf(buf + used, len - used, "%s_fnv=%016llx\n", key, (unsigned long long)sum);
  }
}

int cmd_record(int argc, char **argv) {
  struct machine_options o = {0};
  const char *output = "rvpmu.data";
  char events[1024] = ""; /* every -e list, joined with ',' (default_events if none) */
  unsigned call_depth = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      usage(stdout);
      return 0;
    }
    if (a[0] == '-' && (a[1] == 'e' || a[1] == 'o') && a[2]) { /* perf's attached forms */
      if (a[1] == 'e') {
        if (add_event_list("record", events, sizeof events, a + 2)) return EXIT_USAGE;
      } else output = a + 2;
      continue;
    }
    bool has_value = !strcmp(a, "-e") || !strcmp(a, "--event") || !strcmp(a, "-o") || !strcmp(a, "--output") ||
                     !strcmp(a, "--call-depth");
    if (has_value && i + 1 >= argc) {
      fprintf(stderr, "rvpmu record: %s needs a value\n", a);
      return EXIT_USAGE;
    }
    if (!strcmp(a, "-e") || !strcmp(a, "--event")) {
      if (add_event_list("record", events, sizeof events, argv[++i])) return EXIT_USAGE;
    } else if (!strcmp(a, "-o") || !strcmp(a, "--output")) output = argv[++i];
    else if (!strcmp(a, "--call-depth")) {
      char *end;
      const char *v = argv[++i];
      unsigned long d = strtoul(v, &end, 10);
      if (!*v || *end || *v == '-' || d > 65535) {
        fprintf(stderr, "rvpmu record: --call-depth needs a number of levels from 0 to 65535, not '%s'\n", v);
        return EXIT_USAGE;
      }
      call_depth = (unsigned)d;
    }
    else if (parse_program_argument("record", &o, argc, argv, &i) < 0) return EXIT_USAGE;
  }
  if (require_program("record", &o) != 0) return EXIT_USAGE;
  if (check_output_path("record", "-o", output) != 0) return EXIT_USAGE; /* before the run, not after */
  char list[1024];
  snprintf(list, sizeof list, "%s", events[0] ? events : default_events);
  const char *names[MAX_RECORD_EVENTS];
  unsigned n = 0;
  for (char *save, *tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
    if (n == MAX_RECORD_EVENTS) {
      fprintf(stderr, "rvpmu record: at most %d events\n", MAX_RECORD_EVENTS);
      return EXIT_USAGE;
    }
    names[n++] = tok;
  }
  if (!n) {
    fprintf(stderr, "rvpmu record: -e needs at least one event\n");
    return EXIT_USAGE;
  }
  struct rvpmu_machine *m = machine_from_options(&o);
  if (!m) return EXIT_USAGE;
  char err[512];
  if (rvpmu_profile_start(m, names, n, err, sizeof err) != 0) {
    fprintf(stderr, "rvpmu record: %s\n", err);
    rvpmu_machine_destroy(m);
    return EXIT_USAGE;
  }
  if (give_functions(m, &o, call_depth) != 0) {
    rvpmu_profile_stop(m);
    rvpmu_machine_destroy(m);
    return EXIT_SIM_ERROR;
  }
  double secs;
  int status = run_to_end(m, &o, &secs);
  fflush(stdout);

  static char meta[16384];
  char fw[4200], num[32];
  meta_add(meta, sizeof meta, "program", o.kernel ? NULL : o.elf, true);
  meta_add(meta, sizeof meta, "kernel", o.kernel, true);
  meta_add(meta, sizeof meta, "firmware", machine_firmware(&o, fw, sizeof fw), true);
  meta_add(meta, sizeof meta, "core", rvpmu_machine_core(m), false);
  meta_add(meta, sizeof meta, "isa", rvpmu_machine_isa(m), false);
  snprintf(num, sizeof num, "%u", rvpmu_machine_harts(m));
  meta_add(meta, sizeof meta, "harts", num, false);
  snprintf(num, sizeof num, "%llu", (unsigned long long)rvpmu_machine_clock_hz(m));
  meta_add(meta, sizeof meta, "clock_hz", num, false);
  snprintf(num, sizeof num, "%d", status);
  meta_add(meta, sizeof meta, "exit_status", num, false);
  int r = rvpmu_profile_write(m, output, meta, err, sizeof err);
  rvpmu_profile_stop(m);
  rvpmu_machine_destroy(m);
  if (r != 0) {
    fprintf(stderr, "rvpmu record: %s\n", err);
    return EXIT_SIM_ERROR;
  }
  FILE *f = fopen(output, "rb");
  long size = -1;
  if (f && fseek(f, 0, SEEK_END) == 0) size = ftell(f);
  if (f) fclose(f);
  fprintf(stderr, "[ rvpmu record: wrote %s (%ld bytes, %.3f s host time) ]\n", output, size, secs);
  return status;
}
