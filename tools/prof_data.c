/* Profile data file reader: every length and index is checked against the file before use. */
#include "tools/prof_data.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "prof/prof_format.h"

struct cursor {
  const uint8_t *p, *end;
  bool bad;
};

static uint64_t get(struct cursor *c, unsigned bytes) {
  if (c->bad || (size_t)(c->end - c->p) < bytes) {
    c->bad = true;
    return 0;
  }
  uint64_t v = 0;
  for (unsigned i = 0; i < bytes; i++) v |= (uint64_t)c->p[i] << (8 * i);
  c->p += bytes;
  return v;
}

/* An LEB128 varint (at most 10 bytes). */
static uint64_t varint(struct cursor *c) {
  uint64_t v = 0;
  for (unsigned shift = 0; shift < 70; shift += 7) {
    uint64_t b = get(c, 1);
    if (c->bad) return 0;
    v |= (b & 0x7f) << shift;
    if (!(b & 0x80)) return v;
  }
  c->bad = true;
  return 0;
}

/* What the end of a file says about it: a file is written whole, then its END! section (the
 * checksum of all before it) last; so a file that does not end with one was cut short, and
 * one whose checksum does not match was changed after it was written. */
enum file_end { END_INTACT, END_MISSING, END_MISMATCH };
static enum file_end file_end(const uint8_t *buf, size_t len) {
  if (len < 16 + 24) return END_MISSING;
  const uint8_t *t = buf + len - 24;
  uint64_t slen = 0, sum = 0;
  for (int i = 0; i < 8; i++) slen |= (uint64_t)t[8 + i] << (8 * i), sum |= (uint64_t)t[16 + i] << (8 * i);
  if (memcmp(t, "END!", 4) || t[4] || t[5] || t[6] || t[7] || slen != 8) return END_MISSING;
  return sum == prof_fnv1a(PROF_FNV_INIT, buf, len - 24) ? END_INTACT : END_MISMATCH;
}

/* A malformed section: "truncated" when the file does not end with its end marker, "corrupt"
 * otherwise (its checksum says whether the bytes changed after writing). */
#define BAD(fmt, ...)                                                                                      \
  FAIL("%s profile (" fmt "%s)", end == END_MISSING ? "truncated" : "corrupt", __VA_ARGS__,                  \
       end == END_MISSING ? ": it does not end with the end marker, the recording or a copy was cut short"   \
       : end == END_MISMATCH ? "; its checksum does not match: the file was changed after it was written"  \
                             : "")

#define FAIL(...)                            \
  do {                                       \
    snprintf(err, errlen, __VA_ARGS__);      \
    prof_data_free(d);                       \
    return -1;                               \
  } while (0)

int prof_data_parse(const uint8_t *buf, size_t len, struct prof_data *d, char *err, size_t errlen) {
  memset(d, 0, sizeof *d);
  if (len < 16 || memcmp(buf, PROF_FILE_MAGIC, 8) != 0) FAIL("not an rvpmu profile (no RVPMUPRF header)");
  enum file_end end = file_end(buf, len);
  struct cursor c = {buf + 8, buf + len, false};
  uint32_t version = (uint32_t)get(&c, 4);
  uint32_t flags = (uint32_t)get(&c, 4);
  if (version != PROF_FILE_VERSION && version != 1)
    FAIL("profile format version %u, this rvpmu reads versions 1 to %u (record it again)", version,
         PROF_FILE_VERSION);
  if (flags) BAD("header%s", "");
  bool seen_events = false, seen_totals = false, seen_nodes = false, seen_self = false, seen_end = false;
  while (c.p < c.end && !seen_end) {
    const uint8_t *tag_at = c.p;
    if (c.end - c.p < 16) BAD("a section header is cut off at byte %zu", (size_t)(c.p - buf));
    char tag[5] = {0};
    memcpy(tag, c.p, 4);
    c.p += 4;
    uint32_t reserved = (uint32_t)get(&c, 4);
    uint64_t slen = get(&c, 8);
    if (reserved) BAD("section %s header", tag);
    if (slen > (uint64_t)(c.end - c.p))
      BAD("section %s needs %llu bytes, %zu left", tag, (unsigned long long)slen, (size_t)(c.end - c.p));
    struct cursor s = {c.p, c.p + slen, false};
    c.p += slen;
    if (!strcmp(tag, "META")) {
      free(d->meta);
      if (!(d->meta = malloc(slen + 1))) FAIL("out of memory");
      memcpy(d->meta, s.p, slen);
      d->meta[slen] = '\0';
    } else if (!strcmp(tag, "EVNT")) {
      uint32_t n = (uint32_t)get(&s, 4);
      if (seen_events || n == 0 || n > PROF_MAX_EVENTS) BAD("event list%s", "");
      if (!(d->events = calloc(n, sizeof *d->events))) FAIL("out of memory");
      d->nev = n;
      for (uint32_t i = 0; i < n; i++) {
        uint32_t l = (uint32_t)get(&s, 4);
        if (s.bad || l == 0 || l > 255 || l > (size_t)(s.end - s.p)) BAD("event name%s", "");
        if (!(d->events[i] = malloc(l + 1))) FAIL("out of memory");
        memcpy(d->events[i], s.p, l);
        d->events[i][l] = '\0';
        s.p += l;
      }
      seen_events = true;
    } else if (!strcmp(tag, "TOTL")) {
      uint32_t harts = (uint32_t)get(&s, 4), n = (uint32_t)get(&s, 4);
      if (!seen_events || seen_totals || n != d->nev || harts == 0 || harts > 64 ||
          slen != 8 + 8ull * harts * n)
        BAD("totals%s", "");
      d->harts = harts;
      if (!(d->totals = calloc((size_t)harts * n, sizeof *d->totals))) FAIL("out of memory");
      for (size_t i = 0; i < (size_t)harts * n; i++) d->totals[i] = get(&s, 8);
      seen_totals = true;
    } else if (!strcmp(tag, "NODE")) {
      uint64_t n = get(&s, 8);
      if (!seen_totals || seen_nodes || s.bad || n == 0 || n > (slen - 8) / PROF_NODE_BYTES ||
          slen != 8 + n * PROF_NODE_BYTES)
        BAD("contexts%s", "");
      if (!(d->nodes = calloc(n, sizeof *d->nodes))) FAIL("out of memory");
      d->num_nodes = n;
      for (uint64_t i = 0; i < n; i++) {
        struct prof_data_node *x = &d->nodes[i];
        x->parent = (uint32_t)get(&s, 4);
        x->hart = (uint8_t)get(&s, 1);
        x->kind = (uint8_t)get(&s, 1);
        get(&s, 2);
        x->callsite = get(&s, 8);
        x->target = get(&s, 8);
        x->calls = get(&s, 8);
        bool root = x->parent == PROF_NO_PARENT;
        /* A folded call has no children (its calls ran on in its parent). */
        if (x->hart >= d->harts || x->kind > (version == 1 ? PROF_TRAP : PROF_FOLDED) ||
            root != (x->kind == PROF_ROOT) || (!root && x->parent >= i) ||
            (!root && d->nodes[x->parent].kind == PROF_FOLDED))
          BAD("context %llu", (unsigned long long)i);
      }
      seen_nodes = true;
    } else if (!strcmp(tag, "SELF")) {
      uint64_t n = get(&s, 8);
      /* Each record takes at least 3 + nev bytes. */
      if (!seen_nodes || seen_self || s.bad || n > (slen - 8) / (3 + d->nev))
        BAD("instruction counts%s", "");
      d->self = calloc(n ? n : 1, sizeof *d->self);
      d->counts = calloc(n ? n * d->nev : 1, sizeof *d->counts);
      if (!d->self || !d->counts) FAIL("out of memory");
      d->num_self = n;
      uint64_t node = 0, pc = 0;
      unsigned priv = 0xff;
      for (uint64_t i = 0; i < n; i++) {
        struct prof_data_self *x = &d->self[i];
        uint64_t dn = varint(&s);
        unsigned p = (unsigned)get(&s, 1);
        uint64_t v = varint(&s);
        bool same = dn == 0 && p == priv && i > 0;
        node += dn;
        pc = same ? pc + v : v;
        priv = p;
        x->node = node < d->num_nodes ? (uint32_t)node : UINT32_MAX;
        x->priv = (uint8_t)p;
        x->pc = pc;
        int64_t *cnt = &d->counts[i * d->nev];
        for (unsigned e = 0; e < d->nev; e++) {
          uint64_t z = varint(&s);
          cnt[e] = (int64_t)(z >> 1) ^ -(int64_t)(z & 1);
        }
        x->count = cnt;
        if (s.bad || node >= d->num_nodes || p == 2 || p > 3 || d->nodes[node].kind == PROF_FOLDED)
          BAD("instruction record %llu", (unsigned long long)i);
      }
      if (s.p != s.end) BAD("instruction counts: %zu bytes left over", (size_t)(s.end - s.p));
      seen_self = true;
    } else if (!strcmp(tag, "END!")) {
      uint64_t sum = get(&s, 8);
      if (slen != 8 || sum != prof_fnv1a(PROF_FNV_INIT, buf, (uint64_t)(tag_at - buf)))
        FAIL("corrupt profile (its checksum does not match: the file was changed after it was written)");
      if (c.p != c.end) BAD("data after the end marker%s", "");
      seen_end = true;
    } else {
      BAD("unknown section '%.4s'", tag);
    }
    if (s.bad) BAD("section %s is short", tag);
  }
  if (!seen_end) BAD("no end marker%s", "");
  if (!seen_self || !d->meta) BAD("a section is missing%s", "");
  return 0;
}

int prof_data_read(const char *path, struct prof_data *d, char *err, size_t errlen) {
  memset(d, 0, sizeof *d);
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    return -1;
  }
  struct stat st;
  if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) { /* fopen opens a directory for reading */
    fclose(f);
    snprintf(err, errlen, "%s: is a directory, not a profile data file", path);
    return -1;
  }
  uint8_t *buf = NULL;
  size_t len = 0, cap = 0;
  int rerr_no = 0;
  for (;;) {
    if (len == cap) {
      cap = cap ? cap * 2 : 1 << 16;
      uint8_t *nb = realloc(buf, cap);
      if (!nb) {
        free(buf);
        fclose(f);
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
      }
      buf = nb;
    }
    errno = 0;
    size_t got = fread(buf + len, 1, cap - len, f);
    if (got == 0 && ferror(f)) rerr_no = errno;
    len += got;
    if (got == 0) break;
  }
  bool rerr = ferror(f);
  fclose(f);
  if (rerr) {
    free(buf);
    snprintf(err, errlen, "%s: %s", path, strerror(rerr_no ? rerr_no : EIO));
    return -1;
  }
  char msg[256];
  int r = prof_data_parse(buf, len, d, msg, sizeof msg);
  free(buf);
  if (r) snprintf(err, errlen, "%s: %s", path, msg);
  return r;
}

void prof_data_free(struct prof_data *d) {
  if (d->events)
    for (unsigned i = 0; i < d->nev; i++) free(d->events[i]);
  free(d->events);
  free(d->totals);
  free(d->nodes);
  free(d->self);
  free(d->counts);
  free(d->meta);
  memset(d, 0, sizeof *d);
}

int prof_data_only_hart(struct prof_data *d, unsigned hart) {
  if (hart >= d->harts) return -1;
  /* The other harts' contexts go too (their call sites and call counts are not this hart's):
   * the kept ones are renumbered in order, so parents still come first. */
  uint32_t *id = malloc((d->num_nodes ? d->num_nodes : 1) * sizeof *id);
  if (!id) return -2;
  size_t n = 0;
  for (size_t i = 0; i < d->num_nodes; i++) {
    id[i] = UINT32_MAX;
    if (d->nodes[i].hart != hart) continue;
    struct prof_data_node x = d->nodes[i];
    if (x.parent != PROF_NO_PARENT) x.parent = id[x.parent];
    id[i] = (uint32_t)n;
    d->nodes[n++] = x;
  }
  d->num_nodes = n;
  size_t kept = 0;
  for (size_t i = 0; i < d->num_self; i++)
    if (id[d->self[i].node] != UINT32_MAX) {
      d->self[kept] = d->self[i];
      d->self[kept++].node = id[d->self[i].node];
    }
  d->num_self = kept;
  free(id);
  for (unsigned h = 0; h < d->harts; h++)
    if (h != hart)
      for (unsigned e = 0; e < d->nev; e++) d->totals[(size_t)h * d->nev + e] = 0;
  return 0;
}

int prof_file_fnv(const char *path, uint64_t *sum) {
  FILE *f = fopen(path, "rb");
  if (!f) return -1;
  uint8_t buf[1 << 16];
  uint64_t h = PROF_FNV_INIT;
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) h = prof_fnv1a(h, buf, n);
  bool bad = ferror(f);
  fclose(f);
  *sum = h;
  return bad ? -1 : 0;
}

const char *prof_data_meta(const struct prof_data *d, const char *key, char *buf, size_t len) {
  buf[0] = '\0';
  size_t kl = strlen(key);
  for (const char *l = d->meta; l && *l;) {
    const char *nl = strchr(l, '\n');
    size_t ll = nl ? (size_t)(nl - l) : strlen(l);
    if (ll > kl && !strncmp(l, key, kl) && l[kl] == '=') {
      size_t vl = ll - kl - 1 < len - 1 ? ll - kl - 1 : len - 1;
      memcpy(buf, l + kl + 1, vl);
      buf[vl] = '\0';
      break;
    }
    l = nl ? nl + 1 : l + ll;
  }
  return buf;
}

int prof_data_event(const struct prof_data *d, const char *name) {
  for (unsigned i = 0; i < d->nev; i++)
    if (!strcmp(d->events[i], name)) return (int)i;
  return -1;
}

uint64_t prof_data_total(const struct prof_data *d, unsigned e) {
  uint64_t t = 0;
  for (unsigned h = 0; h < d->harts; h++) t += d->totals[(size_t)h * d->nev + e];
  return t;
}
