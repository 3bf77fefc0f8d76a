/* Symbolized profile: data file + ELF files, with a per-pc cache of symbol and line. */
#include "tools/prof_model.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "ELF@ADDR" into the path and the address. */
static int add_spec(struct prof_symbols *s, const char *spec, char *err, size_t errlen) {
  char path[4096];
  snprintf(path, sizeof path, "%s", spec);
  char *at = strrchr(path, '@');
  uint64_t addr = 0;
  if (at) {
    char *end;
    errno = 0;
    addr = strtoull(at + 1, &end, 0);
    if (errno || *end || end == at + 1) {
      snprintf(err, errlen, "--symbols %s: expected ELF or ELF@ADDRESS", spec);
      return -1;
    }
    *at = '\0';
  }
  return prof_symbols_add(s, path, at != NULL, addr, err, errlen);
}

int prof_model_open(struct prof_model *m, const char *path, char *const *extra, unsigned n_extra, char *err,
                    size_t errlen) {
  memset(m, 0, sizeof *m);
  if (prof_data_read(path, &m->d, err, errlen) != 0) return -1;
  char isa[64];
  m->xlen = !strncmp(prof_data_meta(&m->d, "isa", isa, sizeof isa), "rv32", 4) ? 32 : 64;
  m->syms = prof_symbols_new();
  if (!m->syms) goto oom;
  for (unsigned i = 0; i < n_extra; i++)
    if (add_spec(m->syms, extra[i], err, errlen) != 0) goto fail;
  static const char *const keys[] = {"program", "kernel", "firmware"};
  for (unsigned k = 0; k < 3; k++) {
    char file[4096], ignored[512];
    if (!*prof_data_meta(&m->d, keys[k], file, sizeof file)) continue;
    /* A raw payload (Linux's Image) has no symbols: --symbols vmlinux gives them. */
    if (prof_symbols_add(m->syms, file, false, 0, ignored, sizeof ignored) != 0 && k == 0)
      fprintf(stderr, "rvpmu: warning: %s\n", ignored);
    char key[32], want[32], got[32];
    uint64_t sum;
    snprintf(key, sizeof key, "%s_fnv", keys[k]);
    if (*prof_data_meta(&m->d, key, want, sizeof want) && prof_file_fnv(file, &sum) == 0) {
      snprintf(got, sizeof got, "%016llx", (unsigned long long)sum);
      if (strcmp(got, want))
        fprintf(stderr, "rvpmu: warning: %s changed since it was recorded: its symbols may not match\n", file);
    }
  }
  m->cache_size = 1024;
  m->cache = calloc(m->cache_size, sizeof *m->cache);
  if (!m->cache) goto oom;
  return 0;
oom:
  snprintf(err, errlen, "out of memory");
fail:
  prof_model_close(m);
  return -1;
}

void prof_model_close(struct prof_model *m) {
  prof_data_free(&m->d);
  prof_symbols_free(m->syms);
  free(m->cache);
  memset(m, 0, sizeof *m);
}

static size_t slot(uint64_t pc, size_t size) { return (size_t)((pc * 0x9E3779B97F4A7C15ull) >> 20) & (size - 1); }

const struct prof_pc *prof_model_pc(struct prof_model *m, uint64_t pc) {
  size_t k = slot(pc, m->cache_size);
  while (m->cache[k].symbol) {
    if (m->cache[k].pc == pc) return &m->cache[k];
    k = (k + 1) & (m->cache_size - 1);
  }
  if (2 * (m->cache_used + 1) > m->cache_size) { /* grow, then look again */
    size_t n = m->cache_size * 2;
    struct prof_pc *c = calloc(n, sizeof *c);
    if (c) {
      for (size_t i = 0; i < m->cache_size; i++) {
        if (!m->cache[i].symbol) continue;
        size_t j = slot(m->cache[i].pc, n);
        while (c[j].symbol) j = (j + 1) & (n - 1);
        c[j] = m->cache[i];
      }
      free(m->cache);
      m->cache = c, m->cache_size = n;
      k = slot(pc, n);
      while (m->cache[k].symbol) k = (k + 1) & (n - 1);
    }
  }
  struct prof_sym s;
  prof_symbols_lookup(m->syms, pc, &s);
  m->cache[k] = (struct prof_pc){.pc = pc, .symbol = s.name ? s.name : "[unknown]", .start = s.name ? s.start : 0,
                                 .file = s.file, .line = s.line};
  m->cache_used++;
  return &m->cache[k];
}

const char *prof_mode_mark(unsigned priv) { return priv == 3 ? "[M]" : priv == 1 ? "[S]" : "[U]"; }

int prof_model_event(const struct prof_model *m, const char *name, const char *cmd) {
  if (!name) return 0;
  int e = prof_data_event(&m->d, name);
  if (e < 0) {
    fprintf(stderr, "rvpmu %s: event '%s' was not recorded (recorded:", cmd, name);
    for (unsigned i = 0; i < m->d.nev; i++) fprintf(stderr, " %s", m->d.events[i]);
    fprintf(stderr, ")\n");
  }
  return e;
}
