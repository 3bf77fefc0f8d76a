/* Profile lookup and option parsing: --core NAME[,option=value...]. */
#include "profiles/profile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profiles/generic.h"

extern const struct profile ibex_profile, cv32e40p_profile, microblaze_v_profile;
static const struct profile *const all_profiles[] = {&generic_profile, &ibex_profile, &cv32e40p_profile,
                                                     &microblaze_v_profile};
const char *const profile_names[] = {"generic", "ibex", "cv32e40p", "microblaze-v", NULL};

/* Parses a decimal option value in [lo, hi]. */
static int parse_uint(const char *s, unsigned lo, unsigned hi, unsigned *out) {
  char *end;
  unsigned long v = strtoul(s, &end, 0);
  if (*s == '\0' || *end != '\0' || v < lo || v > hi) return -1;
  *out = (unsigned)v;
  return 0;
}

int profile_numeric_option(struct profile *p, const struct profile_numeric_option *opts, unsigned n,
                           const char *key, const char *value, char *err, unsigned errlen) {
  for (unsigned i = 0; i < n; i++) {
    if (strcmp(key, opts[i].name) != 0) continue;
    char *end;
    unsigned long long v = strtoull(value, &end, 0);
    if (!*value || *end || *value == '-' || v < opts[i].lo || v > opts[i].hi || (opts[i].pow2 && (v & (v - 1)))) {
      snprintf(err, errlen, "core %s: %s=%s: expected %s%llu..%llu", p->name, key, value,
               opts[i].pow2 ? "a power of two in " : "", (unsigned long long)opts[i].lo,
               (unsigned long long)opts[i].hi);
      return -1;
    }
    p->options[opts[i].idx] = v;
    return 0;
  }
  return 1;
}

/* Options every profile accepts: counters=N (implemented mhpmcounters) and width=N (their bits). */
static int apply_option(struct profile *p, const char *key, const char *value, char *err, unsigned errlen) {
  if (strcmp(key, "counters") == 0) {
    if (parse_uint(value, 0, 29, &p->num_hpm) == 0) return 0;
    snprintf(err, errlen, "core %s: counters=%s: expected 0..29", p->name, value);
    return -1;
  }
  if (strcmp(key, "width") == 0) {
    if (parse_uint(value, 1, 64, &p->hpm_width) == 0) return 0;
    snprintf(err, errlen, "core %s: width=%s: expected 1..64", p->name, value);
    return -1;
  }
  if (p->set_option) return p->set_option(p, key, value, err, errlen);
  snprintf(err, errlen, "core %s: unknown option '%s' (known: counters=N, width=N)", p->name, key);
  return -1;
}

struct profile *profile_create(const char *spec, char *err, unsigned errlen) {
  char buf[256];
  if (strlen(spec) >= sizeof buf) {
    snprintf(err, errlen, "core specification too long");
    return NULL;
  }
  strcpy(buf, spec);
  char *save = NULL, *name = strtok_r(buf, ",", &save);
  const struct profile *found = NULL;
  for (size_t i = 0; name && i < sizeof all_profiles / sizeof *all_profiles; i++)
    if (strcmp(all_profiles[i]->name, name) == 0) found = all_profiles[i];
  if (!found) {
    snprintf(err, errlen, "unknown core '%s' (known: generic, ibex, cv32e40p, microblaze-v)", name ? name : "");
    return NULL;
  }
  struct profile *p = malloc(sizeof *p);
  if (!p) {
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  *p = *found;
  for (char *opt; (opt = strtok_r(NULL, ",", &save));) {
    char *eq = strchr(opt, '=');
    if (!eq) {
      snprintf(err, errlen, "core %s: option '%s' needs a value (option=value)", p->name, opt);
      free(p);
      return NULL;
    }
    *eq = '\0';
    if (apply_option(p, opt, eq + 1, err, errlen) < 0) {
      free(p);
      return NULL;
    }
  }
  if (p->finish) p->finish(p);
  if (p->check && p->check(p, err, errlen) < 0) {
    free(p);
    return NULL;
  }
  return p;
}

void profile_free(struct profile *p) { free(p); }

/* Events that only a core's micro-architecture model produces (stalls, caches, TLBs, branch
 * prediction: events.def's second and last groups). A core whose profile does not list one
 * has no such model, so it would count 0 whatever ran: it cannot count the event. */
static bool produced_by_model(enum event_id ev) {
  return (ev >= EV_STALL_LSU && ev <= EV_STALL_WFI) || ev >= EV_BTC_HITS;
}

static bool profile_lists(const struct profile *p, enum event_id ev) {
  for (const struct profile_event *e = p->events; e->name; e++)
    if (e->event == ev) return true;
  return false;
}

enum event_id profile_event_by_name(const struct profile *p, const char *name) {
  for (const struct profile_event *e = p->events; e->name; e++)
    if (strcmp(e->name, name) == 0) return e->event;
  /* Every core also knows the simulator's own event names (cycles, instructions, loads, ...),
   * so perf-style names work whatever the core calls them: the architectural events on every
   * core, the models' events on the cores that have the model. */
  enum event_id ev = event_by_name(name);
  if (ev != EV_NONE && ev < EV_COMBO0 && (!produced_by_model(ev) || profile_lists(p, ev))) return ev;
  if (name[0] == 'r' && name[1]) {
    char *end;
    unsigned long long sel = strtoull(name + 1, &end, 16);
    if (*end == '\0') {
      uint64_t mask = p->decode_selector(p, sel);
      if (mask && !(mask & (mask - 1))) return (enum event_id)__builtin_ctzll(mask);
    }
  }
  return EV_NONE;
}
