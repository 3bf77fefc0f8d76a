/* rvpmu sweep --job DIR ID: what every engine runs for one job. It runs the job's `rvpmu stat`
 * (so a sweep row and a single run agree exactly), then records what happened in
 * DIR/jobs/ID.json, written to a temporary file and renamed so that a reader never sees half a
 * result. A job whose rvpmu was interrupted (SIGINT, SIGTERM, SIGKILL, SIGHUP) records nothing:
 * --resume runs it again. */
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <nettle/sha2.h>
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

#ifndef RVPMU_VERSION
#define RVPMU_VERSION "unknown"
#endif

const char *sweep_result_path(const char *dir, long id) {
  static char path[4096];
  snprintf(path, sizeof path, "%s/jobs/%ld.json", dir, id);
  return path;
}

bool sweep_has_result(const char *dir, long id) {
  json_t *r = json_load_file(sweep_result_path(dir, id), 0, NULL);
  bool ok = json_is_string(json_object_get(r, "status"));
  json_decref(r);
  return ok;
}

int sweep_write_atomic(const char *path, const char *text, size_t len) {
  char tmp[4200];
  snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
  int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return -1;
  size_t done = 0;
  while (done < len) {
    ssize_t w = write(fd, text + done, len - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) break;
    done += (size_t)w;
  }
  /* fsync: a result renamed into place must not be empty after a power cut. */
  if (done != len || fsync(fd) != 0 || close(fd) != 0) {
    int saved = errno;
    unlink(tmp);
    errno = saved;
    return -1;
  }
  if (rename(tmp, path) != 0) {
    int saved = errno;
    unlink(tmp);
    errno = saved;
    return -1;
  }
  return 0;
}

json_t *sweep_load_plan(const char *dir) {
  char path[4096];
  snprintf(path, sizeof path, "%s/plan.json", dir);
  json_error_t err;
  json_t *plan = json_load_file(path, 0, &err);
  if (!plan) fprintf(stderr, "rvpmu sweep: %s: %s\n", path, err.text);
  else if (!json_is_array(json_object_get(plan, "jobs"))) {
    fprintf(stderr, "rvpmu sweep: %s: not a sweep plan (no \"jobs\")\n", path);
    json_decref(plan);
    plan = NULL;
  }
  return plan;
}

/* SHA-256 of a file as hex, or "" if unreadable. */
static void file_sha256(const char *path, char hex[2 * SHA256_DIGEST_SIZE + 1]) {
  struct sha256_ctx ctx;
  uint8_t buf[65536], digest[SHA256_DIGEST_SIZE];
  FILE *f = fopen(path, "rb");
  hex[0] = '\0';
  if (!f) return;
  sha256_init(&ctx);
  for (size_t n; (n = fread(buf, 1, sizeof buf, f)) > 0;) sha256_update(&ctx, n, buf);
  bool bad = ferror(f);
  fclose(f);
  if (bad) return;
  sha256_digest(&ctx, sizeof digest, digest);
  for (int i = 0; i < SHA256_DIGEST_SIZE; i++) sprintf(hex + 2 * i, "%02x", digest[i]);
}

/* The last non-empty line of a file (rvpmu's error message), without a leading "rvpmu: ". */
static void last_line(const char *path, char *out, size_t len) {
  out[0] = '\0';
  FILE *f = fopen(path, "r");
  if (!f) return;
  char line[1024];
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = '\0';
    if (!line[0]) continue;
    const char *msg = !strncmp(line, "rvpmu: ", 7) ? line + 7 : line;
    size_t n = strlen(msg) < len - 1 ? strlen(msg) : len - 1; /* a long message is cut */
    memcpy(out, msg, n);
    out[n] = '\0';
  }
  fclose(f);
}

/* Runs argv with stdout and stderr into files; kills it after timeout_s (0: never). Returns
 * the wait status, or -1; *timed_out tells whether it was killed for time. */
static int run_child(char **argv, const char *out, const char *err, double timeout_s, bool *timed_out) {
  *timed_out = false;
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL); /* the job dies with its runner (engine cancelled) */
    if (getppid() != parent) _exit(127);
    int in = open("/dev/null", O_RDONLY), o = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644),
        e = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || o < 0 || e < 0) _exit(127);
    dup2(in, 0), dup2(o, 1), dup2(e, 2);
    execv(argv[0], argv);
    fprintf(stderr, "rvpmu: cannot run %s: %s\n", argv[0], strerror(errno));
    _exit(127);
  }
  double deadline = timeout_s > 0 ? host_now_seconds() + timeout_s : 0;
  for (;;) {
    int st;
    pid_t r = waitpid(pid, &st, deadline ? WNOHANG : 0);
    if (r == pid) return st;
    if (r < 0 && errno != EINTR) return -1;
    if (deadline && host_now_seconds() >= deadline && !*timed_out) {
      kill(pid, SIGKILL);
      *timed_out = true;
      deadline = 0; /* now wait for it */
    }
    if (deadline) {
      struct timespec ts = {0, 20 * 1000 * 1000};
      nanosleep(&ts, NULL);
    }
  }
}

/* The row status of a finished job. NULL: interrupted, record nothing. */
static const char *job_status(int st, bool timed_out, json_t *stat, const char *err_path, char *buf, size_t len) {
  char msg[512];
  if (timed_out) return "timeout";
  if (WIFSIGNALED(st)) {
    int sig = WTERMSIG(st);
    if (sig == SIGINT || sig == SIGTERM || sig == SIGKILL || sig == SIGHUP) return NULL;
    snprintf(buf, len, "error: rvpmu stat crashed (signal %d: %s)", sig, strsignal(sig));
    return buf;
  }
  int code = WEXITSTATUS(st);
  const char *stop = json_string_value(json_object_get(stat, "stop"));
  if (stop && !strcmp(stop, "interrupted")) return NULL;
  if (stop && !strcmp(stop, "exit")) {
    if (code == 0) return "ok";
    snprintf(buf, len, "exit %d", code);
    return buf;
  }
  if (stop && !strcmp(stop, "max-insns")) return "timeout";
  if (code == 130) return NULL;
  last_line(err_path, msg, sizeof msg);
  snprintf(buf, len, "error: %s", msg[0] ? msg : "rvpmu stat gave no result");
  return buf;
}

/* Removes the temporary files of an earlier attempt at job `id` that was killed (rvpmu stat
 * opens its -o file when it starts; a result may have been cut off before its rename). */
static void remove_leftovers(const char *dir, long id) {
  static const char *const patterns[] = {"%s/jobs/%ld.stat.json.*", "%s/jobs/%ld.json.tmp.*"};
  for (size_t p = 0; p < sizeof patterns / sizeof *patterns; p++) {
    char pattern[4200];
    glob_t g;
    snprintf(pattern, sizeof pattern, patterns[p], dir, id);
    if (glob(pattern, GLOB_NOSORT, NULL, &g) == 0)
      for (size_t i = 0; i < g.gl_pathc; i++) unlink(g.gl_pathv[i]);
    globfree(&g);
  }
}

int sweep_job_run(const char *dir, long id) {
  json_t *plan = sweep_load_plan(dir);
  if (!plan) return 2;
  json_t *job = json_array_get(json_object_get(plan, "jobs"), (size_t)id);
  if (id < 0 || !job) {
    fprintf(stderr, "rvpmu sweep: %s/plan.json has no job %ld\n", dir, id);
    json_decref(plan);
    return 2;
  }
  const char *rvpmu = json_string_value(json_object_get(plan, "rvpmu"));
  json_t *command = json_object_get(job, "command");
  size_t argc = json_array_size(command);
  char **argv = calloc(argc + 4, sizeof *argv), stat_path[4200], out_path[4200], err_path[4200], tmp_stat[4300];
  snprintf(stat_path, sizeof stat_path, "%s/jobs/%ld.stat.json", dir, id);
  snprintf(tmp_stat, sizeof tmp_stat, "%s.%ld", stat_path, (long)getpid());
  snprintf(out_path, sizeof out_path, "%s/logs/%ld.out", dir, id);
  snprintf(err_path, sizeof err_path, "%s/logs/%ld.err", dir, id);
  /* The command as recorded: rvpmu, then the plan's arguments with -o added after "stat". */
  json_t *full = json_array();
  argv[0] = (char *)rvpmu;
  json_array_append_new(full, json_string(rvpmu));
  size_t k = 1;
  for (size_t i = 0; i < argc; i++) {
    argv[k++] = (char *)json_string_value(json_array_get(command, i));
    json_array_append(full, json_array_get(command, i));
    if (i == 0) {
      argv[k++] = "-o";
      argv[k++] = tmp_stat;
      json_array_append_new(full, json_string("-o"));
      json_array_append_new(full, json_string(stat_path));
    }
  }
  char sha[2 * SHA256_DIGEST_SIZE + 1];
  const char *elf = json_string_value(json_object_get(job, "elf"));
  file_sha256(elf, sha);
  remove_leftovers(dir, id);
  bool timed_out;
  double start = host_now_seconds();
  int st = run_child(argv, out_path, err_path, json_number_value(json_object_get(plan, "timeout_s")), &timed_out);
  double host_s = host_now_seconds() - start;
  free(argv);
  json_t *stat = json_load_file(tmp_stat, 0, NULL);
  if (stat) rename(tmp_stat, stat_path);
  else unlink(tmp_stat);
  char buf[600];
  const char *status = st < 0 ? "error: cannot run rvpmu stat" : job_status(st, timed_out, stat, err_path, buf, sizeof buf);
  int rc = 0;
  if (!status) {
    fprintf(stderr, "rvpmu sweep: job %ld interrupted; no result recorded\n", id);
    rc = 130;
  } else {
    json_t *result = json_object();
    json_object_set_new(result, "format", json_string("rvpmu-sweep-result 1"));
    json_object_set_new(result, "job", json_integer(id));
    const char *copy[] = {"core", "options", "workload", "elf"};
    for (size_t i = 0; i < sizeof copy / sizeof *copy; i++) json_object_set(result, copy[i], json_object_get(job, copy[i]));
    json_object_set_new(result, "elf_sha256", json_string(sha));
    json_object_set_new(result, "rvpmu_version", json_string(rvpmu_version));
    json_object_set_new(result, "command", full);
    full = NULL;
    json_object_set_new(result, "status", json_string(status));
    json_object_set_new(result, "exit_code", WIFEXITED(st) && !timed_out ? json_integer(WEXITSTATUS(st)) : json_null());
    json_object_set_new(result, "host_seconds", json_real(host_s));
    json_object_set_new(result, "stat", stat ? json_incref(stat) : json_null());
    char *text = json_dumps(result, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
    char path[4200];
    snprintf(path, sizeof path, "%s", sweep_result_path(dir, id));
    if (!text || sweep_write_atomic(path, text, strlen(text)) != 0) {
      fprintf(stderr, "rvpmu sweep: cannot write %s: %s\n", path, strerror(errno));
      rc = 1;
    }
    free(text);
    json_decref(result);
  }
  json_decref(full);
  json_decref(stat);
  json_decref(plan);
  return rc;
}
