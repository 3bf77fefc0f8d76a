/* rvpmu sweep: cores x options x workloads as independent `rvpmu stat` jobs (design.md
 * decision 10). The planner writes DIR/plan.json; an engine (local processes, GNU parallel,
 * Slurm) runs `rvpmu sweep --job DIR ID` for each job, which records DIR/jobs/ID.json
 * atomically; the merge turns those into the tables and the picture.
 *
 *   DIR/plan.json            the jobs: core, options, workload, events, the stat command
 *   DIR/jobs/ID.json         one job's result (stat --json, version, ELF SHA-256, command)
 *   DIR/logs/ID.out, ID.err  the job's guest console and rvpmu's messages
 *   DIR/results.csv, .json   one row per job x event: core,options,workload,event,count,status
 *   DIR/derived.csv          per job: IPC, CPI and misses per kilo-instruction
 *   DIR/summary.svg          the picture */
#ifndef RVPMU_TOOLS_SWEEP_H
#define RVPMU_TOOLS_SWEEP_H

#include <jansson.h>
#include <stdbool.h>

/* Reads and checks SPEC (every core, option, event and workload) and returns the plan, or
 * NULL after printing one error that names the place in the spec. `rvpmu` is the absolute
 * path of the binary the jobs run. */
json_t *sweep_plan(const char *spec_path, const char *rvpmu);

/* Runs job `id` of the plan in `dir` and records its result; the exit status for the engine. */
int sweep_job_run(const char *dir, long id);

/* The path of job `id`'s result in `dir` (static buffer). */
const char *sweep_result_path(const char *dir, long id);

/* Whether job `id` has a readable result (one with a status): --resume runs the others. */
bool sweep_has_result(const char *dir, long id);

/* Engines: run the jobs listed in `ids` (n of them) and return when they are done (or, for
 * Slurm with no_wait, submitted). 0 on success, -1 with a message if the engine failed. */
struct sweep_engine_options {
  const char *dir, *rvpmu;
  int jobs;                   /* --jobs N: processes at a time (local, parallel) */
  const char *parallel_opts;  /* --parallel-opts: words passed to GNU parallel */
  const char *slurm_opts;     /* --slurm-opts: words passed to sbatch */
  bool no_wait;               /* slurm: submit and return */
  bool resume;
};
#define SWEEP_INTERRUPTED (-2) /* sweep_engine_local: stopped by SIGINT or SIGTERM */
int sweep_engine_local(const struct sweep_engine_options *o, const long *ids, int n);
int sweep_engine_parallel(const struct sweep_engine_options *o, const long *ids, int n);
int sweep_engine_slurm(const struct sweep_engine_options *o, const long *ids, int n);

/* Progress on stderr while results appear: a bar on a terminal, else a line now and then. */
struct sweep_progress {
  int total, done;
  double start, last;
  bool tty;
};
void sweep_progress_start(struct sweep_progress *p, int total);
void sweep_progress_update(struct sweep_progress *p, int done, bool final);

/* How the jobs of a merged sweep ended. */
struct sweep_tally {
  int jobs, ok, missing; /* all, status ok, without a result (each an error row) */
};

/* Merges the results in `dir` into the tables and the picture and counts how the jobs ended;
 * 0, or -1 (message printed) if the plan was unreadable or a table could not be written. */
int sweep_merge(const char *dir, struct sweep_tally *tally);

/* Writes `text` to `path` atomically (temporary file, then rename); 0 or -1 (errno). */
int sweep_write_atomic(const char *path, const char *text, size_t len);

/* Loads DIR/plan.json, or NULL with a message. */
json_t *sweep_load_plan(const char *dir);

#endif
