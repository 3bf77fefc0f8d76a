/* rvpmu sweep: reads the JSON spec (jansson), expands braces in core strings, checks every
 * core, option, event and workload before any job runs, and plans the jobs. */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rvpmu/rvpmu.h"
#include "tools/sweep.h"

#define MAX_EXPANSION 100000 /* core strings after brace expansion: a typo should not eat memory */

static const char *spec_name; /* for messages */

__attribute__((format(printf, 1, 2))) static void fail(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "rvpmu sweep: %s: ", spec_name);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

/* ---- brace expansion, as the shell does it: a{b,c}d -> abd acd; {1..3} -> 1 2 3; nested
 * braces and several groups multiply. A group without a comma or range stays as written. */

struct strings {
  char **v;
  int n, cap;
};

static int push(struct strings *s, char *str) {
  if (s->n >= MAX_EXPANSION) {
    free(str);
    return -1;
  }
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 16;
    s->v = realloc(s->v, sizeof *s->v * (size_t)s->cap);
    if (!s->v) abort();
  }
  s->v[s->n++] = str;
  return 0;
}

static char *concat3(const char *a, size_t alen, const char *b, size_t blen, const char *c) {
  size_t clen = strlen(c);
  char *r = malloc(alen + blen + clen + 1);
  if (!r) abort();
  memcpy(r, a, alen);
  memcpy(r + alen, b, blen);
  memcpy(r + alen + blen, c, clen + 1);
  return r;
}

/* The alternatives of the group s[open..close]: comma-separated at depth 0, or a numeric
 * range lo..hi. Returns how many, or 0 if it is no group. */
static int alternatives(const char *s, size_t open, size_t close, struct strings *out) {
  const char *body = s + open + 1;
  size_t len = close - open - 1;
  long lo, hi;
  int used = 0;
  char tmp[64];
  if (len < sizeof tmp) {
    memcpy(tmp, body, len);
    tmp[len] = '\0';
    if (sscanf(tmp, "%ld..%ld%n", &lo, &hi, &used) == 2 && (size_t)used == len) {
      long step = lo <= hi ? 1 : -1;
      for (long v = lo;; v += step) {
        char num[32];
        snprintf(num, sizeof num, "%ld", v);
        if (push(out, strdup(num)) < 0) return -1;
        if (v == hi) break;
      }
      return out->n;
    }
  }
  int depth = 0;
  size_t start = 0;
  bool comma = false;
  for (size_t i = 0; i <= len; i++) {
    char c = i < len ? body[i] : ',';
    if (c == '{') depth++;
    else if (c == '}') depth--;
    else if (c == ',' && depth == 0) {
      if (i < len) comma = true;
      if (push(out, strndup(body + start, i - start)) < 0) return -1;
      start = i + 1;
    }
  }
  if (!comma) {
    for (int i = 0; i < out->n; i++) free(out->v[i]);
    out->n = 0;
  }
  return out->n;
}

static int expand(const char *s, struct strings *out) {
  for (size_t open = 0; s[open]; open++) {
    if (s[open] != '{') continue;
    int depth = 0;
    size_t close = open;
    for (; s[close]; close++) {
      if (s[close] == '{') depth++;
      else if (s[close] == '}' && --depth == 0) break;
    }
    if (!s[close]) return push(out, strdup(s)); /* unbalanced: as written */
    struct strings alts = {0};
    int n = alternatives(s, open, close, &alts);
    if (n < 0) return -1;
    if (n == 0) { /* {x}: literal, look further */
      free(alts.v);
      continue;
    }
    int rc = 0;
    for (int i = 0; i < alts.n && rc == 0; i++) {
      char *joined = concat3(s, open, alts.v[i], strlen(alts.v[i]), s + close + 1);
      rc = expand(joined, out);
      free(joined);
    }
    for (int i = 0; i < alts.n; i++) free(alts.v[i]);
    free(alts.v);
    return rc;
  }
  return push(out, strdup(s));
}

/* ---- checks */

/* A string array member of the spec, or NULL with a message. */
static json_t *string_array(json_t *spec, const char *key) {
  json_t *a = json_object_get(spec, key);
  if (!a) {
    fail("\"%s\" is missing (a list of strings)", key);
    return NULL;
  }
  if (!json_is_array(a) || json_array_size(a) == 0) {
    fail("\"%s\" must be a non-empty list of strings", key);
    return NULL;
  }
  size_t i;
  json_t *v;
  json_array_foreach(a, i, v) if (!json_is_string(v)) {
    fail("%s[%zu] must be a string", key, i);
    return NULL;
  }
  return a;
}

/* The spec's "run" object: platform, isa, max_insns, harts, timeout_s. */
struct run_options {
  const char *platform, *isa;
  long long max_insns, harts;
  double timeout_s;
};

static int read_run(json_t *spec, struct run_options *r) {
  json_t *run = json_object_get(spec, "run");
  if (!run) return 0;
  if (!json_is_object(run)) {
    fail("\"run\" must be an object");
    return -1;
  }
  const char *key;
  json_t *v;
  json_object_foreach(run, key, v) {
    if (!strcmp(key, "platform") || !strcmp(key, "isa")) {
      if (!json_is_string(v)) {
        fail("run.%s must be a string", key);
        return -1;
      }
      *(!strcmp(key, "isa") ? &r->isa : &r->platform) = json_string_value(v);
    } else if (!strcmp(key, "max_insns") || !strcmp(key, "harts")) {
      if (!json_is_integer(v) || json_integer_value(v) <= 0) {
        fail("run.%s must be a positive integer", key);
        return -1;
      }
      *(!strcmp(key, "harts") ? &r->harts : &r->max_insns) = json_integer_value(v);
    } else if (!strcmp(key, "timeout_s")) {
      if (!json_is_number(v) || json_number_value(v) <= 0) {
        fail("run.timeout_s must be a positive number of seconds");
        return -1;
      }
      r->timeout_s = json_number_value(v);
    } else {
      fail("run.%s: unknown setting (known: platform, isa, max_insns, harts, timeout_s)", key);
      return -1;
    }
  }
  return 0;
}

/* An absolute path for a workload named relative to the spec's directory. */
static char *workload_path(const char *spec_path, const char *name) {
  char joined[PATH_MAX * 2];
  if (name[0] == '/') snprintf(joined, sizeof joined, "%s", name);
  else {
    const char *slash = strrchr(spec_path, '/');
    if (slash) snprintf(joined, sizeof joined, "%.*s/%s", (int)(slash - spec_path), spec_path, name);
    else snprintf(joined, sizeof joined, "%s", name);
  }
  char *abs = realpath(joined, NULL);
  return abs ? abs : strdup(joined);
}

/* A workload's short name: the file name without .elf, or the spec's string if two share it. */
static char *short_name(const char *s) {
  const char *base = strrchr(s, '/');
  base = base ? base + 1 : s;
  size_t n = strlen(base);
  if (n > 4 && !strcmp(base + n - 4, ".elf")) n -= 4;
  return strndup(base, n);
}

/* A machine for checking core `core` with the spec's run options at `xlen`. */
static struct rvpmu_machine *probe(const char *core, const struct run_options *r, unsigned xlen, char *err,
                                   size_t errlen) {
  struct rvpmu_config cfg = {.core = core, .isa = r->isa, .xlen = r->isa ? 0 : xlen, .platform = r->platform,
                             .harts = (unsigned)r->harts};
  return rvpmu_machine_create(&cfg, err, errlen);
}

/* What one core configuration can count, at one XLEN (probed once, used by every workload). */
struct core_events {
  json_t *canonical; /* spec event -> the simulator's name of what it counts, or null */
  char list[4096];   /* the -e list of its job: the countable events, plus cycles and
                      * instructions for the derived table if the spec did not ask */
  bool plot_known;   /* it can count plot.per_instruction */
};

static void probe_events(struct rvpmu_machine *m, json_t *events, const char *plot_metric, bool *anywhere,
                         struct core_events *ce) {
  size_t nev = json_array_size(events);
  bool has_cycles = false, has_insns = false;
  ce->canonical = json_object();
  ce->list[0] = '\0';
  for (size_t e = 0; e < nev; e++) {
    const char *name = json_string_value(json_array_get(events, e));
    const char *canon = rvpmu_event_canonical(m, name);
    if (canon && rvpmu_watch(m, name) != 0) canon = NULL;
    json_object_set_new(ce->canonical, name, canon ? json_string(canon) : json_null());
    if (!canon) continue;
    anywhere[e] = true;
    has_cycles |= !strcmp(canon, "cycles");
    has_insns |= !strcmp(canon, "instructions");
    size_t len = strlen(ce->list);
    snprintf(ce->list + len, sizeof ce->list - len, "%s%s", len ? "," : "", name);
  }
  size_t len = strlen(ce->list);
  if (!has_cycles) snprintf(ce->list + len, sizeof ce->list - len, "%scycles", len ? "," : "");
  len = strlen(ce->list);
  if (!has_insns) snprintf(ce->list + len, sizeof ce->list - len, ",instructions");
  ce->plot_known = !strcmp(plot_metric, "cpi") || rvpmu_event_canonical(m, plot_metric) != NULL;
}

json_t *sweep_plan(const char *spec_path, const char *rvpmu) {
  spec_name = spec_path;
  json_error_t jerr;
  json_t *spec = json_load_file(spec_path, JSON_REJECT_DUPLICATES, &jerr), *plan = NULL;
  if (!spec) {
    if (jerr.line < 0) fprintf(stderr, "rvpmu sweep: %s: %s\n", spec_path, jerr.text);
    else fprintf(stderr, "rvpmu sweep: %s:%d:%d: malformed JSON: %s\n", spec_path, jerr.line, jerr.column, jerr.text);
    return NULL;
  }
  struct strings cores = {0};
  struct core_events *probed = NULL; /* [core * 2 + (xlen == 64)], for nprobed cores */
  int nprobed = 0;
  bool *anywhere = NULL;
  char **elfs = NULL, **names = NULL;
  unsigned *xlens = NULL;
  size_t nwork = 0;
  if (!json_is_object(spec)) {
    fail("the spec must be a JSON object with \"cores\", \"workloads\" and \"events\"");
    goto out;
  }
  const char *key;
  json_t *v;
  json_object_foreach(spec, key, v) {
    static const char *const known[] = {"cores", "workloads", "events", "run", "plot"};
    bool ok = false;
    for (size_t k = 0; k < sizeof known / sizeof *known; k++) ok |= !strcmp(key, known[k]);
    if (!ok) {
      fail("\"%s\": unknown key (known: cores, workloads, events, run, plot)", key);
      goto out;
    }
  }
  json_t *core_list = string_array(spec, "cores"), *work = core_list ? string_array(spec, "workloads") : NULL,
         *events = work ? string_array(spec, "events") : NULL;
  if (!events) goto out;
  for (size_t a = 0; a < json_array_size(events); a++)
    for (size_t b = a + 1; b < json_array_size(events); b++)
      if (!strcmp(json_string_value(json_array_get(events, a)), json_string_value(json_array_get(events, b)))) {
        fail("events[%zu] \"%s\" appears twice", b, json_string_value(json_array_get(events, b)));
        goto out;
      }
  struct run_options run = {0};
  if (read_run(spec, &run) < 0) goto out;
  const char *plot_metric = "cpi";
  json_t *plot = json_object_get(spec, "plot");
  if (plot) {
    json_t *per = json_object_get(plot, "per_instruction");
    if (!json_is_object(plot) || json_object_size(plot) != (per ? 1u : 0u) || (per && !json_is_string(per))) {
      fail("\"plot\" must be {\"per_instruction\": EVENT} (default: cycles, i.e. CPI)");
      goto out;
    }
    if (per) plot_metric = json_string_value(per);
  }

  /* Workloads: each must be a readable RISC-V ELF. */
  nwork = json_array_size(work);
  elfs = calloc(nwork, sizeof *elfs);
  names = calloc(nwork, sizeof *names);
  xlens = calloc(nwork, sizeof *xlens);
  for (size_t w = 0; w < nwork; w++) {
    const char *given = json_string_value(json_array_get(work, w));
    char err[512];
    elfs[w] = workload_path(spec_path, given);
    int xlen = access(elfs[w], R_OK) == 0 ? rvpmu_elf_xlen(elfs[w], err, sizeof err) : -1;
    if (xlen < 0) {
      /* The bundled specs sweep programs of the tree that `make -j2` does not build. */
      const char *make = strstr(elfs[w], "build/profiles/") ? " (build it with 'make profile-programs')" : "";
      if (access(elfs[w], R_OK) != 0)
        fail("workloads[%zu] \"%s\": %s: %s%s", w, given, elfs[w], strerror(errno), make);
      else fail("workloads[%zu] \"%s\": %s", w, given, err);
      goto out;
    }
    xlens[w] = (unsigned)xlen;
    names[w] = short_name(given);
  }
  for (size_t w = 0; w < nwork; w++)
    for (size_t k = 0; k < nwork; k++)
      if (k != w && !strcmp(names[w], names[k])) {
        if (!strcmp(elfs[w], elfs[k])) {
          fail("workloads[%zu] and workloads[%zu] are the same file %s", k < w ? k : w, k < w ? w : k, elfs[w]);
          goto out;
        }
        free(names[w]);
        names[w] = strdup(json_string_value(json_array_get(work, w)));
      }

  /* Cores: expand braces; each configuration must build at each XLEN of the workloads, where
   * it tells which events it can count. */
  bool xlen_used[2] = {false, false};
  for (size_t w = 0; w < nwork; w++) xlen_used[xlens[w] == 64] = true;
  anywhere = calloc(json_array_size(events) + 1, sizeof *anywhere);
  size_t i;
  json_array_foreach(core_list, i, v) {
    int before = cores.n;
    const char *given = json_string_value(v);
    if (expand(given, &cores) < 0) {
      fail("cores[%zu]: more than %d configurations after brace expansion", i, MAX_EXPANSION);
      goto out;
    }
    probed = realloc(probed, sizeof *probed * 2 * (size_t)cores.n);
    if (!probed) abort();
    memset(probed + 2 * before, 0, sizeof *probed * 2 * (size_t)(cores.n - before));
    nprobed = cores.n;
    for (int c = before; c < cores.n; c++)
      for (int k = 0; k < 2; k++) {
        if (!xlen_used[k]) continue;
        char err[512];
        struct rvpmu_machine *m = probe(cores.v[c], &run, k ? 64 : 32, err, sizeof err);
        if (!m) {
          bool expanded = strcmp(cores.v[c], given) != 0;
          fail("cores[%zu] \"%s\"%s%s%s: %s", i, given, expanded ? " (" : "", expanded ? cores.v[c] : "",
               expanded ? ")" : "", err);
          goto out;
        }
        probe_events(m, events, plot_metric, anywhere, &probed[2 * c + k]);
        rvpmu_machine_destroy(m);
      }
  }
  for (int a = 0; a < cores.n; a++)
    for (int b = a + 1; b < cores.n; b++)
      if (!strcmp(cores.v[a], cores.v[b])) {
        fail("cores: \"%s\" appears twice", cores.v[a]);
        goto out;
      }

  /* Events: each must be countable by at least one core (else it is a typo); a core that
   * cannot count it gets a not-counted row. */
  size_t nev = json_array_size(events);
  bool plot_known = false;
  json_t *jobs = json_array();
  long id = 0;
  for (int c = 0; c < cores.n; c++)
    for (size_t w = 0; w < nwork; w++) {
      const struct core_events *ce = &probed[2 * c + (xlens[w] == 64)];
      json_t *command = json_array();
      plot_known |= ce->plot_known;
      const char *argv[] = {"stat", "--json", "-e", ce->list, "--core", cores.v[c]};
      for (size_t k = 0; k < sizeof argv / sizeof *argv; k++) json_array_append_new(command, json_string(argv[k]));
      char num[32];
      if (run.platform) json_array_append_new(command, json_string("--platform")), json_array_append_new(command, json_string(run.platform));
      if (run.isa) json_array_append_new(command, json_string("--isa")), json_array_append_new(command, json_string(run.isa));
      if (run.harts) {
        snprintf(num, sizeof num, "%lld", run.harts);
        json_array_append_new(command, json_string("--harts"));
        json_array_append_new(command, json_string(num));
      }
      if (run.max_insns) {
        snprintf(num, sizeof num, "%lld", run.max_insns);
        json_array_append_new(command, json_string("--max-insns"));
        json_array_append_new(command, json_string(num));
      }
      json_array_append_new(command, json_string("--"));
      json_array_append_new(command, json_string(elfs[w]));
      const char *comma = strchr(cores.v[c], ',');
      json_t *job = json_object();
      json_object_set_new(job, "id", json_integer(id++));
      json_object_set_new(job, "core_spec", json_string(cores.v[c]));
      json_object_set_new(job, "core", json_stringn(cores.v[c], comma ? (size_t)(comma - cores.v[c]) : strlen(cores.v[c])));
      json_object_set_new(job, "options", json_string(comma ? comma + 1 : ""));
      json_object_set_new(job, "workload", json_string(names[w]));
      json_object_set_new(job, "elf", json_string(elfs[w]));
      json_object_set_new(job, "canonical", json_deep_copy(ce->canonical));
      json_object_set_new(job, "command", command);
      json_array_append_new(jobs, job);
    }
  for (size_t e = 0; e < nev; e++)
    if (!anywhere[e]) {
      fail("events[%zu] \"%s\": no core of the sweep can count it (see 'rvpmu list --core NAME')", e,
           json_string_value(json_array_get(events, e)));
      json_decref(jobs);
      goto out;
    }
  if (!plot_known) {
    fail("plot.per_instruction \"%s\": no core of the sweep can count it", plot_metric);
    json_decref(jobs);
    goto out;
  }
  char *abs_spec = realpath(spec_path, NULL);
  plan = json_pack("{ss ss ss sO sf ss so}", "format", "rvpmu-sweep-plan 1", "spec", abs_spec ? abs_spec : spec_path,
                   "rvpmu", rvpmu, "events", events, "timeout_s", run.timeout_s, "plot_per_instruction",
                   !strcmp(plot_metric, "cpi") ? "cycles" : plot_metric, "jobs", jobs);
  free(abs_spec);
out:
  for (int c = 0; c < nprobed; c++) json_decref(probed[2 * c].canonical), json_decref(probed[2 * c + 1].canonical);
  free(probed);
  free(anywhere);
  for (int c = 0; c < cores.n; c++) free(cores.v[c]);
  free(cores.v);
  for (size_t w = 0; w < nwork; w++) free(elfs[w]), free(names[w]);
  free(elfs);
  free(names);
  free(xlens);
  json_decref(spec);
  return plan;
}
