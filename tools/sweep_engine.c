/* The engines that run a sweep's jobs, all existing ones (design.md decision 10): local
 * processes, GNU parallel, Slurm job arrays. Each runs `rvpmu sweep --job DIR ID` per job;
 * none of them needs anything from rvpmu but that command line. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tools/commands.h"
#include "tools/sweep.h"

static void sleep_ms(long ms) {
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000};
  nanosleep(&ts, NULL);
}

void sweep_progress_start(struct sweep_progress *p, int total) {
  *p = (struct sweep_progress){.total = total, .start = host_now_seconds(), .tty = isatty(STDERR_FILENO)};
  p->last = p->start;
}

static void clock_text(char *buf, size_t len, double s) {
  long t = (long)(s + 0.5);
  snprintf(buf, len, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
}

void sweep_progress_update(struct sweep_progress *p, int done, bool final) {
  double t = host_now_seconds();
  if (!final && done == p->done && t - p->last < 1.0) return;
  if (!final && !p->tty && t - p->last < 5.0) return; /* a log file: a line now and then */
  p->done = done;
  p->last = t;
  char elapsed[32], eta[32] = "?";
  clock_text(elapsed, sizeof elapsed, t - p->start);
  if (done > 0) clock_text(eta, sizeof eta, (t - p->start) / done * (p->total - done));
  int width = 30, filled = p->total ? done * width / p->total : width;
  char bar[64];
  for (int i = 0; i < width; i++) bar[i] = i < filled ? '#' : '-';
  bar[width] = '\0';
  fprintf(stderr, "%s[%s] %d/%d jobs done, %s elapsed, ETA %s%s", p->tty ? "\r" : "rvpmu sweep: ", bar, done,
          p->total, elapsed, eta, p->tty && !final ? "  " : "\n");
  fflush(stderr);
}

/* Results present among ids. */
static int count_done(const char *dir, const long *ids, int n) {
  int done = 0;
  for (int i = 0; i < n; i++) done += access(sweep_result_path(dir, ids[i]), F_OK) == 0;
  return done;
}

static volatile sig_atomic_t interrupted;
static void on_interrupt(int sig) { interrupted = sig; }

int sweep_engine_local(const struct sweep_engine_options *o, const long *ids, int n) {
  /* Ctrl-C or a TERM: start nothing more, stop the running jobs (they record nothing), and
   * let the caller merge what is there. */
  struct sigaction sa = {.sa_handler = on_interrupt}, old_int, old_term;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &old_int);
  sigaction(SIGTERM, &sa, &old_term);
  struct sweep_progress prog;
  sweep_progress_start(&prog, n);
  struct running {
    pid_t pid;
    long id;
  } *run = calloc((size_t)o->jobs, sizeof *run);
  int running = 0, next = 0, failed = 0, done = 0;
  pid_t parent = getpid();
  bool stopping = false;
  while ((next < n && !interrupted) || running > 0) {
    if (interrupted && !stopping) {
      stopping = true;
      for (int i = 0; i < running; i++) kill(run[i].pid, SIGTERM);
    }
    while (running < o->jobs && next < n && !interrupted) {
      char id[32];
      snprintf(id, sizeof id, "%ld", ids[next]);
      pid_t pid = fork();
      if (pid < 0) {
        fprintf(stderr, "rvpmu sweep: fork: %s\n", strerror(errno));
        free(run);
        return -1;
      }
      if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL); /* a killed sweep leaves no job running */
        if (getppid() != parent) _exit(127);
        execl(o->rvpmu, o->rvpmu, "sweep", "--job", o->dir, id, (char *)NULL);
        fprintf(stderr, "rvpmu sweep: cannot run %s: %s\n", o->rvpmu, strerror(errno));
        _exit(127);
      }
      run[running++] = (struct running){pid, ids[next++]};
    }
    int st;
    pid_t r = waitpid(-1, &st, 0);
    if (r < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (int i = 0; i < running; i++)
      if (run[i].pid == r) {
        done += access(sweep_result_path(o->dir, run[i].id), F_OK) == 0;
        run[i] = run[--running];
        break;
      }
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) failed++;
    sweep_progress_update(&prog, done, false);
  }
  sweep_progress_update(&prog, done, true);
  free(run);
  sigaction(SIGINT, &old_int, NULL);
  sigaction(SIGTERM, &old_term, NULL);
  if (interrupted) {
    fprintf(stderr, "rvpmu sweep: interrupted (%s); --resume runs the jobs without a result\n", strsignal(interrupted));
    return SWEEP_INTERRUPTED;
  }
  return failed ? -1 : 0;
}

/* Splits `words` on blanks and appends them to argv (at most cap entries in all). */
static int add_words(char **argv, int argc, int cap, const char *words, char **storage) {
  if (!words) return argc;
  *storage = strdup(words);
  for (char *save, *w = strtok_r(*storage, " \t\n", &save); w && argc < cap - 1; w = strtok_r(NULL, " \t\n", &save))
    argv[argc++] = w;
  return argc;
}

/* Runs argv and waits; its exit status, or -1. */
static int run_wait(char **argv, const char *stdout_path) {
  pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    if (stdout_path && !freopen(stdout_path, "w", stdout)) _exit(127);
    execvp(argv[0], argv);
    fprintf(stderr, "rvpmu sweep: cannot run %s: %s\n", argv[0], strerror(errno));
    _exit(127);
  }
  int st;
  while (waitpid(pid, &st, 0) < 0)
    if (errno != EINTR) return -1;
  return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static int write_ids(const char *path, const long *ids, int n) {
  FILE *f = fopen(path, "w");
  if (!f) return -1;
  for (int i = 0; i < n; i++) fprintf(f, "%ld\n", ids[i]);
  return fclose(f);
}

int sweep_engine_parallel(const struct sweep_engine_options *o, const long *ids, int n) {
  char list[4200], joblog[4200], jobs[32];
  snprintf(list, sizeof list, "%s/parallel.jobs", o->dir);
  /* "+FILE" appends: a resumed sweep keeps the earlier attempts' lines. */
  snprintf(joblog, sizeof joblog, "%s%s/parallel.joblog", o->resume ? "+" : "", o->dir);
  snprintf(jobs, sizeof jobs, "%d", o->jobs);
  if (write_ids(list, ids, n) != 0) {
    fprintf(stderr, "rvpmu sweep: cannot write %s: %s\n", list, strerror(errno));
    return -1;
  }
  char *argv[128], *storage = NULL;
  int argc = 0;
  const char *fixed[] = {"parallel", "--will-cite", "--joblog", joblog, "-j", jobs};
  for (size_t i = 0; i < sizeof fixed / sizeof *fixed; i++) argv[argc++] = (char *)fixed[i];
  if (isatty(STDERR_FILENO)) argv[argc++] = "--bar";
  argc = add_words(argv, argc, 120, o->parallel_opts, &storage);
  const char *tail[] = {o->rvpmu, "sweep", "--job", o->dir, "{}", "::::", list};
  for (size_t i = 0; i < sizeof tail / sizeof *tail; i++) argv[argc++] = (char *)tail[i];
  argv[argc] = NULL;
  int st = run_wait(argv, NULL);
  free(storage);
  if (st != 0) fprintf(stderr, "rvpmu sweep: GNU parallel exited %d (see %s/parallel.joblog)\n", st, o->dir);
  return st == 0 ? 0 : -1;
}

/* Slurm limits array indices (MaxArraySize, 1001 by default): each array covers ids
 * [base, base + 1000) and the task adds its index to RVPMU_SWEEP_BASE. */
#define ARRAY_SPAN 1000

static int write_slurm_script(const struct sweep_engine_options *o, const char *path) {
  FILE *f = fopen(path, "w");
  if (!f) return -1;
  fprintf(f, "#!/bin/sh\n"
             "# One job of an rvpmu sweep per array task (rvpmu sweep --engine slurm wrote this).\n"
             "#SBATCH --job-name=rvpmu-sweep\n"
             "#SBATCH --output=%s/logs/slurm-%%A_%%a.out\n"
             "#SBATCH --ntasks=1\n"
             "exec '%s' sweep --job '%s' \"$((RVPMU_SWEEP_BASE + SLURM_ARRAY_TASK_ID))\"\n",
          o->dir, o->rvpmu, o->dir);
  return fclose(f);
}

/* Whether any of the Slurm jobs in `ids` (comma-separated) is still queued or running. */
static bool slurm_busy(const char *job_ids, const char *dir) {
  char out[4200];
  snprintf(out, sizeof out, "%s/logs/squeue.out", dir);
  char *argv[] = {"squeue", "-h", "-o", "%i", "-j", (char *)job_ids, NULL};
  int st = run_wait(argv, out);
  FILE *f = fopen(out, "r");
  bool busy = false;
  if (f) {
    busy = fgetc(f) != EOF;
    fclose(f);
  }
  return st == 0 && busy; /* an unknown id (purged: finished) makes squeue fail */
}

int sweep_engine_slurm(const struct sweep_engine_options *o, const long *ids, int n) {
  char script[4200], out[4200], job_ids[4096] = "";
  snprintf(script, sizeof script, "%s/slurm.sh", o->dir);
  snprintf(out, sizeof out, "%s/logs/sbatch.out", o->dir);
  if (write_slurm_script(o, script) != 0) {
    fprintf(stderr, "rvpmu sweep: cannot write %s: %s\n", script, strerror(errno));
    return -1;
  }
  for (int first = 0; first < n;) {
    long base = ids[first] / ARRAY_SPAN * ARRAY_SPAN;
    /* This array's indices: ids in [base, base + span), as ranges "a-b,c". */
    char spec[8192] = "", env[64];
    size_t len = 0;
    int i = first;
    while (i < n && ids[i] < base + ARRAY_SPAN && len < sizeof spec - 32) {
      int j = i;
      while (j + 1 < n && ids[j + 1] == ids[j] + 1 && ids[j + 1] < base + ARRAY_SPAN) j++;
      len += (size_t)snprintf(spec + len, sizeof spec - len, "%s%ld", len ? "," : "", ids[i] - base);
      if (j > i) len += (size_t)snprintf(spec + len, sizeof spec - len, "-%ld", ids[j] - base);
      i = j + 1;
    }
    first = i;
    char array[8300];
    snprintf(array, sizeof array, "--array=%s", spec);
    snprintf(env, sizeof env, "--export=ALL,RVPMU_SWEEP_BASE=%ld", base);
    char *argv[128], *storage = NULL;
    int argc = 0;
    const char *fixed[] = {"sbatch", "--parsable", array, env};
    for (size_t k = 0; k < sizeof fixed / sizeof *fixed; k++) argv[argc++] = (char *)fixed[k];
    argc = add_words(argv, argc, 120, o->slurm_opts, &storage);
    argv[argc++] = script;
    argv[argc] = NULL;
    int st = run_wait(argv, out);
    free(storage);
    char id[64] = "";
    FILE *f = fopen(out, "r");
    if (f) {
      if (!fgets(id, sizeof id, f)) id[0] = '\0';
      fclose(f);
    }
    id[strcspn(id, ";\n")] = '\0'; /* --parsable: "jobid[;cluster]" */
    if (st != 0 || !id[0]) {
      fprintf(stderr, "rvpmu sweep: sbatch failed (exit %d)\n", st);
      return -1;
    }
    snprintf(job_ids + strlen(job_ids), sizeof job_ids - strlen(job_ids), "%s%s", job_ids[0] ? "," : "", id);
  }
  fprintf(stderr, "rvpmu sweep: submitted %d jobs as Slurm job %s\n", n, job_ids);
  if (o->no_wait) {
    fprintf(stderr, "rvpmu sweep: when they are done: rvpmu sweep --merge %s\n", o->dir);
    return 0;
  }
  struct sweep_progress prog;
  sweep_progress_start(&prog, n);
  while (slurm_busy(job_ids, o->dir)) {
    sweep_progress_update(&prog, count_done(o->dir, ids, n), false);
    sleep_ms(1000);
  }
  sweep_progress_update(&prog, count_done(o->dir, ids, n), true);
  return 0;
}
