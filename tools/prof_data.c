/* Profile data file reader: every length and index is checked against the file before use. */
#include "tools/prof_data.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

#define FAIL(...)                            \
  do {                                       \
    snprintf(err, errlen, __VA_ARGS__);      \
    prof_data_free(d);                       \
    return -1;                               \
  } while (0)

int prof_data_parse(const uint8_t *buf, size_t len, struct prof_data *d, char *err, size_t errlen) {
  memset(d, 0, sizeof *d);
  if (len < 16 || memcmp(buf, PROF_FILE_MAGIC, 8) != 0) FAIL("not an rvpmu profile (no RVPMUPRF header)");
  struct cursor c = {buf + 8, buf + len, false};
  uint32_t version = (uint32_t)get(&c, 4);
  uint32_t flags = (uint32_t)get(&c, 4);
  if (version != PROF_FILE_VERSION)
    FAIL("profile format version %u, this rvpmu reads version %u (record it again)", version, PROF_FILE_VERSION);
  if (flags) FAIL("corrupt profile (header)");
  bool seen_events = false, seen_totals = false, seen_nodes = false, seen_self = false, seen_end = false;
  while (c.p < c.end && !seen_end) {
    const uint8_t *tag_at = c.p;
    if (c.end - c.p < 16) FAIL("truncated profile (a section header is cut off at byte %zu)", (size_t)(c.p - buf));
    char tag[5] = {0};
    memcpy(tag, c.p, 4);
    c.p += 4;
    uint32_t reserved = (uint32_t)get(&c, 4);
    uint64_t slen = get(&c, 8);
    if (reserved) FAIL("corrupt profile (section %s header)", tag);
    if (slen > (uint64_t)(c.end - c.p))
      FAIL("truncated profile (section %s needs %llu bytes, %zu left)", tag, (unsigned long long)slen,
           (size_t)(c.end - c.p));
    struct cursor s = {c.p, c.p + slen, false};
    c.p += slen;
    if (!strcmp(tag, "META")) {
      free(d->meta);
      if (!(d->meta = malloc(slen + 1))) FAIL("out of memory");
      memcpy(d->meta, s.p, slen);
      d->meta[slen] = '\0';
    } else if (!strcmp(tag, "EVNT")) {
      uint32_t n = (uint32_t)get(&s, 4);
      if (seen_events || n == 0 || n > PROF_MAX_EVENTS) FAIL("corrupt profile (event list)");
      if (!(d->events = calloc(n, sizeof *d->events))) FAIL("out of memory");
      d->nev = n;
      for (uint32_t i = 0; i < n; i++) {
        uint32_t l = (uint32_t)get(&s, 4);
        if (s.bad || l == 0 || l > 255 || l > (size_t)(s.end - s.p)) FAIL("corrupt profile (event name)");
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
        FAIL("corrupt profile (totals)");
      d->harts = harts;
      if (!(d->totals = calloc((size_t)harts * n, sizeof *d->totals))) FAIL("out of memory");
      for (size_t i = 0; i < (size_t)harts * n; i++) d->totals[i] = get(&s, 8);
      seen_totals = true;
    } else if (!strcmp(tag, "NODE")) {
      uint64_t n = get(&s, 8);
      if (!seen_totals || seen_nodes || s.bad || n == 0 || n > (slen - 8) / PROF_NODE_BYTES ||
          slen != 8 + n * PROF_NODE_BYTES)
        FAIL("corrupt profile (contexts)");
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
        if (x->hart >= d->harts || x->kind > PROF_TRAP || root != (x->kind == PROF_ROOT) ||
            (!root && x->parent >= i))
          FAIL("corrupt profile (context %llu)", (unsigned long long)i);
      }
      seen_nodes = true;
    } else if (!strcmp(tag, "SELF")) {
      uint64_t n = get(&s, 8);
      /* Each record takes at least 3 + nev bytes. */
      if (!seen_nodes || seen_self || s.bad || n > (slen - 8) / (3 + d->nev))
        FAIL("corrupt profile (instruction counts)");
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
        if (s.bad || node >= d->num_nodes || p == 2 || p > 3)
          FAIL("corrupt profile (instruction record %llu)", (unsigned long long)i);
      }
      if (s.p != s.end) FAIL("corrupt profile (instruction counts: %zu bytes left over)", (size_t)(s.end - s.p));
      seen_self = true;
    } else if (!strcmp(tag, "END!")) {
      uint64_t sum = get(&s, 8);
      if (slen != 8 || sum != prof_fnv1a(PROF_FNV_INIT, buf, (uint64_t)(tag_at - buf)))
        FAIL("corrupt profile (checksum mismatch)");
      if (c.p != c.end) FAIL("corrupt profile (data after the end marker)");
      seen_end = true;
    } else {
      FAIL("corrupt profile (unknown section '%.4s')", tag);
    }
    if (s.bad) FAIL("corrupt profile (section %s is short)", tag);
  }
  if (!seen_end) FAIL("incomplete profile (no end marker: the recording did not finish)");
  if (!seen_self || !d->meta) FAIL("corrupt profile (a section is missing)");
  return 0;
}

int prof_data_read(const char *path, struct prof_data *d, char *err, size_t errlen) {
  memset(d, 0, sizeof *d);
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    return -1;
  }
  uint8_t *buf = NULL;
  size_t len = 0, cap = 0;
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
    size_t got = fread(buf + len, 1, cap - len, f);
    len += got;
    if (got == 0) break;
  }
  bool rerr = ferror(f);
  fclose(f);
  if (rerr) {
    free(buf);
    snprintf(err, errlen, "%s: read error", path);
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
  size_t kept = 0;
  for (size_t i = 0; i < d->num_self; i++)
    if (d->nodes[d->self[i].node].hart == hart) d->self[kept++] = d->self[i];
  d->num_self = kept;
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
