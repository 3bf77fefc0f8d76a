/* rvpmu sweep's merge: every planned job becomes rows, with or without a result (a missing
 * one is an error row, never a gap), then the derived table and the picture. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tools/plot.h"
#include "tools/sweep.h"

/* A growing text buffer. */
struct text {
  char *s;
  size_t len, cap;
};

__attribute__((format(printf, 2, 3))) static void add(struct text *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (t->len + (size_t)n + 1 > t->cap) {
    t->cap = (t->len + (size_t)n + 1) * 2;
    t->s = realloc(t->s, t->cap);
    if (!t->s) abort();
  }
  va_start(ap, fmt);
  vsnprintf(t->s + t->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  t->len += (size_t)n;
}

/* A CSV field (RFC 4180): quoted when it holds a comma, quote or newline. */
static void csv_field(struct text *t, const char *s, bool last) {
  if (strpbrk(s, ",\"\n")) {
    add(t, "\"");
    for (; *s; s++) add(t, *s == '"' ? "\"\"" : "%c", *s);
    add(t, "\"");
  } else {
    add(t, "%s", s);
  }
  add(t, last ? "\n" : ",");
}

/* What one job gave: status and the count of each event name in its stat output. */
struct outcome {
  json_t *result; /* the job's JSON, or NULL */
  const char *status;
  char status_buf[256];
};

static void load_outcome(const char *dir, long id, struct outcome *o) {
  const char *path = sweep_result_path(dir, id);
  json_error_t err;
  o->result = json_load_file(path, 0, &err);
  if (!o->result) {
    FILE *f = fopen(path, "r");
    if (f) {
      fclose(f);
      snprintf(o->status_buf, sizeof o->status_buf, "error: unreadable result jobs/%ld.json (%s)", id, err.text);
    } else {
      snprintf(o->status_buf, sizeof o->status_buf,
               "error: no result (the job did not run or was interrupted; --resume runs it)");
    }
    o->status = o->status_buf;
    return;
  }
  o->status = json_string_value(json_object_get(o->result, "status"));
  if (!o->status) o->status = "error: result without a status";
}

/* The count of `event` in a job's stat output; false if absent. */
static bool count_of(const struct outcome *o, const char *event, json_int_t *out) {
  json_t *events = json_object_get(json_object_get(o->result, "stat"), "events"), *e;
  size_t i;
  json_array_foreach(events, i, e) {
    const char *name = json_string_value(json_object_get(e, "event"));
    if (name && !strcmp(name, event)) {
      *out = json_integer_value(json_object_get(e, "count"));
      return true;
    }
  }
  return false;
}

/* The count of whatever event of the job counts `canon` (cycles, instructions, ...). */
static bool count_canonical(const struct outcome *o, json_t *job, const char *canon, json_int_t *out) {
  const char *name;
  json_t *c;
  json_object_foreach(json_object_get(job, "canonical"), name, c) {
    if (json_is_string(c) && !strcmp(json_string_value(c), canon) && count_of(o, name, out)) return true;
  }
  return count_of(o, canon, out); /* added by the planner for the derived table */
}

static int write_text(const char *dir, const char *name, struct text *t) {
  char path[4200];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  int rc = sweep_write_atomic(path, t->s ? t->s : "", t->len);
  if (rc) fprintf(stderr, "rvpmu sweep: cannot write %s: %s\n", path, strerror(errno));
  free(t->s);
  *t = (struct text){0};
  return rc;
}

/* Index of s in list (adding it), for the picture's categories and series. */
static int intern(const char **list, int *n, const char *s) {
  for (int i = 0; i < *n; i++)
    if (!strcmp(list[i], s)) return i;
  list[*n] = s;
  return (*n)++;
}

/* Splits a core string into its comma-separated words (in buf); how many, at most max. */
static int words(const char *spec, char *buf, size_t len, char **w, int max) {
  snprintf(buf, len, "%s", spec);
  int n = 0;
  for (char *save, *t = strtok_r(buf, ",", &save); t && n < max; t = strtok_r(NULL, ",", &save)) w[n++] = t;
  return n;
}

/* If the jobs' cores differ in exactly one option (same core, same other options) and its
 * values are numbers: its name (static buffer), with each job's value in x[]. Else NULL. */
static const char *swept_option(json_t *jobs, double *x) {
  static char key[128];
  enum { MAXW = 32 };
  char b0[1024], bj[1024], *w0[MAXW], *wj[MAXW];
  size_t n = json_array_size(jobs);
  int n0 = words(json_string_value(json_object_get(json_array_get(jobs, 0), "core_spec")), b0, sizeof b0, w0, MAXW);
  int pos = -1;
  for (size_t j = 1; j < n; j++) { /* the one position where cores differ */
    if (words(json_string_value(json_object_get(json_array_get(jobs, j), "core_spec")), bj, sizeof bj, wj, MAXW) != n0)
      return NULL;
    for (int k = 0; k < n0; k++)
      if (strcmp(w0[k], wj[k])) {
        if (pos >= 0 && pos != k) return NULL;
        pos = k;
      }
  }
  if (pos <= 0) return NULL; /* nothing swept, or the core itself */
  const char *eq = strchr(w0[pos], '=');
  if (!eq) return NULL;
  snprintf(key, sizeof key, "%.*s", (int)(eq - w0[pos]), w0[pos]);
  for (size_t j = 0; j < n; j++) {
    words(json_string_value(json_object_get(json_array_get(jobs, j), "core_spec")), bj, sizeof bj, wj, MAXW);
    size_t klen = strlen(key);
    char *end;
    if (strncmp(wj[pos], key, klen) || wj[pos][klen] != '=') return NULL;
    x[j] = strtod(wj[pos] + klen + 1, &end);
    if (*end || end == wj[pos] + klen + 1) return NULL;
  }
  return key;
}

/* The first event of the sweep whose canonical name is a miss (for MPKI lines), or NULL. */
static const char *miss_event(json_t *plan) {
  json_t *events = json_object_get(plan, "events"), *e, *job;
  size_t i, j;
  json_array_foreach(events, i, e) {
    json_array_foreach(json_object_get(plan, "jobs"), j, job) {
      json_t *c = json_object_get(json_object_get(job, "canonical"), json_string_value(e));
      if (json_is_string(c) && strstr(json_string_value(c), "miss")) return json_string_value(e);
    }
  }
  return NULL;
}

static int draw(const char *dir, json_t *plan, const struct outcome *out) {
  json_t *jobs = json_object_get(plan, "jobs");
  int n = (int)json_array_size(jobs), ncat = 0, nser = 0;
  const char **cats = calloc((size_t)n, sizeof *cats), **sers = calloc((size_t)n, sizeof *sers);
  const char *metric = json_string_value(json_object_get(plan, "plot_per_instruction"));
  bool cpi = !metric || !strcmp(metric, "cycles");
  for (int j = 0; j < n; j++) {
    json_t *job = json_array_get(jobs, j);
    intern(cats, &ncat, json_string_value(json_object_get(job, "workload")));
    intern(sers, &nser, json_string_value(json_object_get(job, "core_spec")));
  }
  double *bars = malloc(sizeof *bars * (size_t)(ncat * nser));
  for (int i = 0; i < ncat * nser; i++) bars[i] = NAN;
  /* Per job: metric per instruction (bars) and per kilo-instruction of misses (line). */
  const char *miss = miss_event(plan);
  double *xs = calloc((size_t)n, sizeof *xs);
  const char *key = nser > 1 ? swept_option(jobs, xs) : NULL;
  double *line_y = malloc(sizeof *line_y * (size_t)n);
  for (int j = 0; j < n; j++) {
    json_t *job = json_array_get(jobs, j);
    int c = intern(cats, &ncat, json_string_value(json_object_get(job, "workload")));
    int s = intern(sers, &nser, json_string_value(json_object_get(job, "core_spec")));
    json_int_t insns, v;
    line_y[j] = NAN;
    if (!out[j].result || strcmp(out[j].status, "ok") || !count_canonical(&out[j], job, "instructions", &insns) || !insns)
      continue;
    if ((cpi ? count_canonical(&out[j], job, "cycles", &v) : count_of(&out[j], metric, &v)))
      bars[s * ncat + c] = (double)v / (double)insns;
    if (key && miss && count_of(&out[j], miss, &v)) line_y[j] = 1000.0 * (double)v / (double)insns;
    else if (key && count_canonical(&out[j], job, "cycles", &v)) line_y[j] = (double)v / (double)insns;
  }
  char ytitle[160], title[256];
  if (cpi) snprintf(ytitle, sizeof ytitle, "cycles per instruction (CPI)");
  else snprintf(ytitle, sizeof ytitle, "%s per instruction", metric);
  snprintf(title, sizeof title, "%s by workload and core configuration", cpi ? "CPI" : ytitle);
  struct plot_chart charts[2] = {{.kind = PLOT_BARS, .title = title, .ylabel = ytitle, /* x: the workloads, named */
                                  .npoints = ncat, .categories = cats, .nseries = nser, .series = sers, .values = bars}};
  int ncharts = 1;
  /* The line chart: x = the swept option's values, one line per workload. */
  double *ux = malloc(sizeof *ux * (size_t)n), *lines = NULL;
  char ltitle[256], lylabel[160];
  if (key) {
    int nx = 0;
    for (int j = 0; j < n; j++) {
      bool seen = false;
      for (int k = 0; k < nx; k++) seen |= ux[k] == xs[j];
      if (!seen) ux[nx++] = xs[j];
    }
    for (int a = 0; a < nx; a++) /* ascending */
      for (int b = a + 1; b < nx; b++)
        if (ux[b] < ux[a]) {
          double t = ux[a];
          ux[a] = ux[b], ux[b] = t;
        }
    lines = malloc(sizeof *lines * (size_t)(nx * ncat));
    for (int i = 0; i < nx * ncat; i++) lines[i] = NAN;
    for (int j = 0; j < n; j++) {
      int c = intern(cats, &ncat, json_string_value(json_object_get(json_array_get(jobs, j), "workload")));
      for (int k = 0; k < nx; k++)
        if (ux[k] == xs[j]) lines[c * nx + k] = line_y[j];
    }
    if (miss) snprintf(lylabel, sizeof lylabel, "%s per 1000 instructions (MPKI)", miss);
    else snprintf(lylabel, sizeof lylabel, "cycles per instruction (CPI)");
    snprintf(ltitle, sizeof ltitle, "%s against %s", miss ? "MPKI" : "CPI", key);
    bool pow2 = ux[0] > 0 && ux[nx - 1] / ux[0] >= 8;
    charts[ncharts++] = (struct plot_chart){.kind = PLOT_LINES, .title = ltitle, .xlabel = key, .ylabel = lylabel,
                                            .npoints = nx, .x = ux, .nseries = ncat, .series = cats, .values = lines,
                                            .logx = pow2};
  }
  char path[4200];
  snprintf(path, sizeof path, "%s/summary.svg", dir);
  int rc = plot_write(path, charts, ncharts, 1100, ncharts * 520);
  if (rc == 1) { /* no job finished ok: no picture, and none from an earlier merge */
    unlink(path);
    rc = 0;
  }
  free(cats), free(sers), free(bars), free(xs), free(line_y), free(ux), free(lines);
  return rc;
}

int sweep_merge(const char *dir, struct sweep_tally *tally) {
  json_t *plan = sweep_load_plan(dir);
  if (!plan) return -1;
  json_t *jobs = json_object_get(plan, "jobs"), *events = json_object_get(plan, "events");
  size_t njobs = json_array_size(jobs), nev = json_array_size(events);
  struct outcome *out = calloc(njobs ? njobs : 1, sizeof *out);
  struct text csv = {0}, derived = {0};
  json_t *rows = json_array();
  *tally = (struct sweep_tally){.jobs = (int)njobs};
  add(&csv, "core,options,workload,event,count,status\n");
  /* Derived: IPC, CPI and, for every miss event, misses per kilo-instruction. */
  add(&derived, "core,options,workload,status,instructions,cycles,IPC,CPI");
  for (size_t e = 0; e < nev; e++)
    if (strstr(json_string_value(json_array_get(events, e)), "miss"))
      add(&derived, ",%s MPKI", json_string_value(json_array_get(events, e)));
  add(&derived, "\n");
  for (size_t j = 0; j < njobs; j++) {
    json_t *job = json_array_get(jobs, j);
    load_outcome(dir, (long)j, &out[j]);
    tally->missing += out[j].result == NULL;
    tally->ok += !strcmp(out[j].status, "ok");
    const char *core = json_string_value(json_object_get(job, "core")),
               *options = json_string_value(json_object_get(job, "options")),
               *workload = json_string_value(json_object_get(job, "workload"));
    for (size_t e = 0; e < nev; e++) {
      const char *event = json_string_value(json_array_get(events, e));
      bool counted = json_is_string(json_object_get(json_object_get(job, "canonical"), event));
      json_int_t count = 0;
      bool has = counted && out[j].result && count_of(&out[j], event, &count);
      const char *status = counted ? out[j].status : "not-counted";
      char num[32] = "";
      if (has) snprintf(num, sizeof num, "%lld", (long long)count);
      csv_field(&csv, core, false);
      csv_field(&csv, options, false);
      csv_field(&csv, workload, false);
      csv_field(&csv, event, false);
      csv_field(&csv, num, false);
      csv_field(&csv, status, true);
      json_array_append_new(rows, json_pack("{ss ss ss ss so ss}", "core", core, "options", options, "workload", workload,
                                            "event", event, "count", has ? json_integer(count) : json_null(), "status",
                                            status));
    }
    json_int_t insns = 0, cycles = 0;
    bool hi = out[j].result && count_canonical(&out[j], job, "instructions", &insns);
    bool hc = out[j].result && count_canonical(&out[j], job, "cycles", &cycles);
    csv_field(&derived, core, false);
    csv_field(&derived, options, false);
    csv_field(&derived, workload, false);
    csv_field(&derived, out[j].status, false);
    add(&derived, hi ? "%lld," : ",", (long long)insns);
    add(&derived, hc ? "%lld," : ",", (long long)cycles);
    if (hi && hc && insns && cycles) add(&derived, "%.4f,%.4f", (double)insns / (double)cycles, (double)cycles / (double)insns);
    else add(&derived, ",");
    for (size_t e = 0; e < nev; e++) {
      const char *event = json_string_value(json_array_get(events, e));
      if (!strstr(event, "miss")) continue;
      json_int_t v;
      if (hi && insns && count_of(&out[j], event, &v)) add(&derived, ",%.4f", 1000.0 * (double)v / (double)insns);
      else add(&derived, ",");
    }
    add(&derived, "\n");
  }
  int rc = write_text(dir, "results.csv", &csv) | write_text(dir, "derived.csv", &derived);
  struct text json = {0};
  json.s = json_dumps(rows, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
  json.len = json.s ? strlen(json.s) : 0;
  if (json.s) add(&json, "\n");
  rc |= write_text(dir, "results.json", &json);
  if (rc == 0 && draw(dir, plan, out) != 0) rc = -1;
  for (size_t j = 0; j < njobs; j++) json_decref(out[j].result);
  free(out);
  json_decref(rows);
  json_decref(plan);
  return rc ? -1 : 0;
}
