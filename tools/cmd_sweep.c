/* rvpmu sweep: plans a sweep of cores x options x workloads from a JSON spec, hands the jobs to
 * an engine and merges the results (tools/sweep.h describes the files). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tools/commands.h"
#include "tools/sweep.h"

static void usage(FILE *out) {
  fprintf(out,
          "usage: rvpmu sweep SPEC.json -o DIR [--jobs N] [--engine local|parallel|slurm] [--resume]\n"
          "                   [--parallel-opts WORDS] [--slurm-opts WORDS] [--no-wait]\n"
          "       rvpmu sweep --merge DIR\n"
          "       rvpmu sweep --job DIR ID\n"
          "\n"
          "Runs every core configuration of SPEC on every workload, each as its own 'rvpmu stat'\n"
          "job, through an engine, and merges the results into DIR (docs/sweeps.md):\n"
          "  results.csv, results.json  core,options,workload,event,count,status for each job and\n"
          "                             event; status is ok, not-counted, exit N, timeout or error: ...\n"
          "  derived.csv                IPC, CPI and misses per kilo-instruction of each job\n"
          "  summary.svg                CPI (or plot.per_instruction) per workload and core, and a\n"
          "                             line chart when one numeric core option is swept\n"
          "  jobs/ID.json               each job's result: rvpmu stat --json, rvpmu version, the\n"
          "                             ELF's SHA-256, the full command; logs/ID.out, ID.err its output\n"
          "Long options also take their value as --option=value; -jN and -oDIR work too.\n"
          "Every spec error (unknown core, option or event, missing ELF, malformed JSON) is\n"
          "reported before any job starts. Exit status 0 when every job has a result (failed\n"
          "workloads are rows with their status), 1 when some have none, 2 for bad input.\n"
          "\n"
          "  -o, --output DIR        where the plan, the results and the picture go\n"
          "  -j, --jobs N            jobs at a time (local, parallel; default: the number of CPUs)\n"
          "  --engine local          processes on this machine, with a progress bar (default)\n"
          "  --engine parallel       GNU parallel (its joblog is DIR/parallel.joblog); WORDS of\n"
          "                          --parallel-opts are passed on, e.g. '--sshlogin 4/host1,4/host2'\n"
          "                          (DIR and the ELFs must then be on a shared file system)\n"
          "  --engine slurm          one Slurm job array (sbatch --array, script DIR/slurm.sh),\n"
          "                          waits for it and merges; --slurm-opts WORDS go to sbatch\n"
          "                          (e.g. '--partition=short --time=10'); --no-wait only submits\n"
          "  --resume                run only the jobs of DIR without a (readable) result\n"
          "  --merge DIR             merge the results present (e.g. after --no-wait)\n"
          "  --job DIR ID            run job ID of DIR's plan and record its result: what every\n"
          "                          engine runs\n"
          "  -h, --help              this help\n");
}

/* mkdir -p. */
static int make_dir(const char *path) {
  char buf[PATH_MAX];
  snprintf(buf, sizeof buf, "%s", path);
  for (char *p = buf + 1; *p; p++)
    if (*p == '/') {
      *p = '\0';
      if (mkdir(buf, 0755) != 0 && errno != EEXIST) break;
      *p = '/';
    }
  if (mkdir(path, 0755) == 0 || errno == EEXIST) return 0;
  fprintf(stderr, "rvpmu sweep: cannot create %s: %s\n", path, strerror(errno));
  return -1;
}

/* Merges DIR and says how its jobs ended; the exit status of the sweep. */
static int merge_and_report(const char *dir) {
  struct sweep_tally t;
  if (sweep_merge(dir, &t) != 0) return 1;
  fprintf(stderr, "rvpmu sweep: %d jobs: %d ok, %d not ok, %d without a result; see %s/results.csv, derived.csv, summary.svg\n",
          t.jobs, t.ok, t.jobs - t.ok - t.missing, t.missing, dir);
  return t.missing ? 1 : 0;
}

int cmd_sweep(int argc, char **argv) {
  const char *spec = NULL, *out = NULL, *engine = "local", *merge = NULL, *job_dir = NULL, *job_id = NULL;
  struct sweep_engine_options eo = {0};
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  eo.jobs = cpus > 0 ? (int)cpus : 1;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    /* --option=value is --option value (getopt_long's convention); only options are split,
     * never the values they take. */
    char name[64];
    const char *inline_value = NULL, *eq = a[0] == '-' && a[1] == '-' ? strchr(a, '=') : NULL;
    if (eq && (size_t)(eq - a) < sizeof name) {
      snprintf(name, sizeof name, "%.*s", (int)(eq - a), a);
      inline_value = eq + 1;
      a = name;
    } else if (a[0] == '-' && (a[1] == 'j' || a[1] == 'o') && a[2]) { /* -j2, -oDIR */
      snprintf(name, sizeof name, "-%c", a[1]);
      inline_value = a + 2;
      a = name;
    }
#define VALUE() (inline_value ? inline_value : argv[++i])
    bool has_value = !strcmp(a, "-o") || !strcmp(a, "--output") || !strcmp(a, "-j") || !strcmp(a, "--jobs") ||
                     !strcmp(a, "--engine") || !strcmp(a, "--parallel-opts") || !strcmp(a, "--slurm-opts") ||
                     !strcmp(a, "--merge") || !strcmp(a, "--job");
    if (has_value && !inline_value && i + 1 >= argc) {
      fprintf(stderr, "rvpmu sweep: %s needs a value\n", a);
      return EXIT_USAGE;
    }
    if (!has_value && inline_value) {
      fprintf(stderr, "rvpmu sweep: %s takes no value\n", a);
      return EXIT_USAGE;
    }
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      usage(stdout);
      return 0;
    } else if (!strcmp(a, "-o") || !strcmp(a, "--output")) out = VALUE();
    else if (!strcmp(a, "--engine")) engine = VALUE();
    else if (!strcmp(a, "--parallel-opts")) eo.parallel_opts = VALUE();
    else if (!strcmp(a, "--slurm-opts")) eo.slurm_opts = VALUE();
    else if (!strcmp(a, "--merge")) merge = VALUE();
    else if (!strcmp(a, "--resume")) eo.resume = true;
    else if (!strcmp(a, "--no-wait")) eo.no_wait = true;
    else if (!strcmp(a, "--job")) {
      job_dir = VALUE();
      if (i + 1 >= argc) {
        fprintf(stderr, "rvpmu sweep: --job needs DIR and ID\n");
        return EXIT_USAGE;
      }
      job_id = argv[++i];
    } else if (!strcmp(a, "-j") || !strcmp(a, "--jobs")) {
      char *end;
      const char *v = VALUE();
      long n = strtol(v, &end, 10);
      if (!*v || *end || n < 1 || n > 4096) {
        fprintf(stderr, "rvpmu sweep: --jobs: expected 1..4096, not '%s'\n", v);
        return EXIT_USAGE;
      }
      eo.jobs = (int)n;
    } else if (a[0] == '-') {
      fprintf(stderr, "rvpmu sweep: unknown option '%s' (see 'rvpmu sweep --help')\n", a);
      return EXIT_USAGE;
    } else if (spec) {
      fprintf(stderr, "rvpmu sweep: more than one spec given ('%s' and '%s')\n", spec, a);
      return EXIT_USAGE;
    } else {
      spec = a;
    }
  }
#undef VALUE
  if (job_dir) {
    char *end;
    long id = strtol(job_id, &end, 10);
    if (*end || !*job_id || id < 0) {
      fprintf(stderr, "rvpmu sweep: --job: '%s' is not a job number\n", job_id);
      return EXIT_USAGE;
    }
    return sweep_job_run(job_dir, id);
  }
  if (merge) return merge_and_report(merge);
  if (!spec || !out) {
    fprintf(stderr, "rvpmu sweep: %s\n", !spec ? "no spec given" : "no output directory given (-o DIR)");
    usage(stderr);
    return EXIT_USAGE;
  }
  int (*run)(const struct sweep_engine_options *, const long *, int) = NULL;
  if (!strcmp(engine, "local")) run = sweep_engine_local;
  else if (!strcmp(engine, "parallel")) run = sweep_engine_parallel;
  else if (!strcmp(engine, "slurm")) run = sweep_engine_slurm;
  else {
    fprintf(stderr, "rvpmu sweep: --engine: '%s' is not one of local, parallel, slurm\n", engine);
    return EXIT_USAGE;
  }
  if (eo.no_wait && run != sweep_engine_slurm) {
    fprintf(stderr, "rvpmu sweep: --no-wait is for --engine slurm\n");
    return EXIT_USAGE;
  }
  char *self = realpath("/proc/self/exe", NULL);
  json_t *plan = self ? sweep_plan(spec, self) : NULL;
  if (!plan) {
    free(self);
    return EXIT_USAGE;
  }
  int rc = EXIT_USAGE;
  char path[PATH_MAX + 64], *dir = NULL;
  if (make_dir(out) != 0 || !(dir = realpath(out, NULL))) goto done;
  snprintf(path, sizeof path, "%s/plan.json", dir);
  if (access(path, F_OK) == 0) {
    json_t *old = sweep_load_plan(dir);
    if (!eo.resume) {
      fprintf(stderr, "rvpmu sweep: %s holds a sweep already: --resume completes it, or choose another -o\n", out);
      json_decref(old);
      goto done;
    }
    bool same = old && json_equal(json_object_get(old, "jobs"), json_object_get(plan, "jobs"));
    json_decref(old);
    if (!same) {
      fprintf(stderr, "rvpmu sweep: --resume: %s was planned from a different spec; use another -o\n", out);
      goto done;
    }
  }
  char sub[PATH_MAX + 64];
  snprintf(sub, sizeof sub, "%s/jobs", dir);
  if (make_dir(sub) != 0) goto done;
  snprintf(sub, sizeof sub, "%s/logs", dir);
  if (make_dir(sub) != 0) goto done;
  char *text = json_dumps(plan, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
  if (!text || sweep_write_atomic(path, text, strlen(text)) != 0) {
    fprintf(stderr, "rvpmu sweep: cannot write %s: %s\n", path, strerror(errno));
    free(text);
    goto done;
  }
  free(text);
  int n = (int)json_array_size(json_object_get(plan, "jobs")), todo = 0;
  long *ids = malloc(sizeof *ids * (size_t)n);
  for (long id = 0; id < n; id++)
    if (!sweep_has_result(dir, id)) ids[todo++] = id;
  if (eo.resume) fprintf(stderr, "rvpmu sweep: %d of %d jobs have results; running the other %d\n", n - todo, n, todo);
  eo.dir = dir;
  eo.rvpmu = self;
  int engine_rc = todo ? run(&eo, ids, todo) : 0;
  free(ids);
  if (eo.no_wait) rc = engine_rc ? 1 : 0;
  else rc = merge_and_report(dir);
  if (engine_rc == SWEEP_INTERRUPTED) rc = 130;
done:
  free(dir);
  free(self);
  json_decref(plan);
  return rc;
}
