/* Symbol and line lookup with libdwfl (elfutils), one Dwfl session per ELF file. */
#include "tools/prof_symbols.h"

#include <elfutils/libdwfl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FILES 16

struct fsym {
  uint64_t addr, size; /* link address */
  const char *name;
  bool func;
};

struct elf_file {
  Dwfl *dwfl;
  Dwfl_Module *mod;
  struct fsym *syms; /* by address: functions and code labels, not mapping symbols */
  size_t nsyms;
  uint64_t bias; /* run address - link address */
  uint64_t low, high; /* link addresses the module covers */
};

struct prof_symbols {
  struct elf_file f[MAX_FILES];
  unsigned n;
};

static const Dwfl_Callbacks callbacks = {
    .find_elf = dwfl_build_id_find_elf,
    .find_debuginfo = dwfl_standard_find_debuginfo,
    .section_address = dwfl_offline_section_address,
};

struct prof_symbols *prof_symbols_new(void) {
  unsetenv("DEBUGINFOD_URLS"); /* everything is local: never ask a server */
  return calloc(1, sizeof(struct prof_symbols));
}

void prof_symbols_free(struct prof_symbols *s) {
  if (!s) return;
  for (unsigned i = 0; i < s->n; i++) {
    dwfl_end(s->f[i].dwfl);
    free(s->f[i].syms);
  }
  free(s);
}

/* The lowest address of a section of code (allocated, executable). Not the lowest PT_LOAD
 * segment: a linker may start it below the code, at the page that holds the ELF header. */
static bool lowest_code(Elf *elf, uint64_t *low) {
  bool found = false;
  for (Elf_Scn *scn = NULL; (scn = elf_nextscn(elf, scn));) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh) || (sh.sh_flags & (SHF_ALLOC | SHF_EXECINSTR)) != (SHF_ALLOC | SHF_EXECINSTR) ||
        !sh.sh_size)
      continue;
    if (!found || sh.sh_addr < *low) *low = sh.sh_addr;
    found = true;
  }
  return found;
}

static int by_addr(const void *a, const void *b) {
  const struct fsym *x = a, *y = b;
  if (x->addr != y->addr) return x->addr < y->addr ? -1 : 1;
  return (int)y->func - (int)x->func; /* functions first */
}

/* The symbols that name code: functions, and global untyped labels (assembly entry points
 * such as _start), but not local labels inside functions nor the RISC-V mapping symbols ($x,
 * $xrv64i2p0...). */
static int load_syms(struct elf_file *f) {
  int n = dwfl_module_getsymtab(f->mod);
  if (n <= 0) return 0;
  f->syms = calloc((size_t)n, sizeof *f->syms);
  if (!f->syms) return -1;
  for (int k = 0; k < n; k++) {
    GElf_Sym sym;
    GElf_Addr addr;
    const char *nm = dwfl_module_getsym_info(f->mod, k, &sym, &addr, NULL, NULL, NULL);
    int type = GELF_ST_TYPE(sym.st_info);
    if (!nm || !*nm || nm[0] == '$' || !strncmp(nm, ".L", 2) || sym.st_shndx == SHN_UNDEF ||
        sym.st_shndx == SHN_ABS ||
        !(type == STT_FUNC || (type == STT_NOTYPE && GELF_ST_BIND(sym.st_info) != STB_LOCAL)))
      continue;
    f->syms[f->nsyms++] = (struct fsym){.addr = addr, .size = sym.st_size, .name = nm, .func = type == STT_FUNC};
  }
  qsort(f->syms, f->nsyms, sizeof *f->syms, by_addr);
  return 0;
}

/* The symbol covering link address a: the last one at or below it (sized ones must reach it). */
static const struct fsym *sym_at(const struct elf_file *f, uint64_t a) {
  size_t lo = 0, hi = f->nsyms;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (f->syms[mid].addr <= a) lo = mid + 1;
    else hi = mid;
  }
  if (!lo) return NULL;
  size_t i = lo - 1;
  while (i > 0 && f->syms[i - 1].addr == f->syms[i].addr) i--; /* the function among equals */
  const struct fsym *s = &f->syms[i];
  if (s->size && a >= s->addr + s->size) return NULL;
  return s;
}

int prof_symbols_add(struct prof_symbols *s, const char *path, bool has_at, uint64_t at, char *err, size_t errlen) {
  if (s->n == MAX_FILES) {
    snprintf(err, errlen, "at most %d symbol files", MAX_FILES);
    return -1;
  }
  struct elf_file *f = &s->f[s->n];
  memset(f, 0, sizeof *f);
  f->dwfl = dwfl_begin(&callbacks);
  if (!f->dwfl) goto fail;
  f->mod = dwfl_report_offline(f->dwfl, path, path, -1);
  if (!f->mod) goto fail;
  dwfl_report_end(f->dwfl, NULL, NULL);
  Dwarf_Addr low, high, dwbias;
  dwfl_module_info(f->mod, NULL, &low, &high, NULL, NULL, NULL, NULL);
  f->low = low, f->high = high;
  Elf *elf = dwfl_module_getelf(f->mod, &dwbias);
  if (!elf) goto fail;
  if (has_at) {
    uint64_t lo = 0;
    if (!lowest_code(elf, &lo)) {
      snprintf(err, errlen, "%s: no code to place at 0x%llx", path, (unsigned long long)at);
      dwfl_end(f->dwfl);
      return -1;
    }
    f->bias = at - lo;
  }
  if (load_syms(f) != 0) {
    snprintf(err, errlen, "out of memory");
    dwfl_end(f->dwfl);
    return -1;
  }
  s->n++;
  return 0;
fail:
  snprintf(err, errlen, "%s: %s", path, dwfl_errmsg(-1));
  if (f->dwfl) dwfl_end(f->dwfl);
  return -1;
}

static struct elf_file *file_of(struct prof_symbols *s, uint64_t pc, uint64_t *addr) {
  for (unsigned i = 0; i < s->n; i++) {
    uint64_t a = pc - s->f[i].bias;
    if (a >= s->f[i].low && a < s->f[i].high) {
      *addr = a;
      return &s->f[i];
    }
  }
  return NULL;
}

void prof_symbols_lookup(struct prof_symbols *s, uint64_t pc, struct prof_sym *out) {
  memset(out, 0, sizeof *out);
  uint64_t a;
  struct elf_file *f = file_of(s, pc, &a);
  if (!f) return;
  const struct fsym *sym = sym_at(f, a);
  if (sym) {
    out->name = sym->name;
    out->start = sym->addr + f->bias;
    out->size = sym->size;
  }
  Dwfl_Line *line = dwfl_module_getsrc(f->mod, a);
  if (line) {
    int ln = 0;
    const char *file = dwfl_lineinfo(line, NULL, &ln, NULL, NULL, NULL);
    if (file && ln > 0) out->file = file, out->line = ln;
  }
}

size_t prof_symbols_ranges(struct prof_symbols *s, uint64_t **out) {
  size_t total = 0;
  for (unsigned i = 0; i < s->n; i++) total += s->f[i].nsyms;
  uint64_t *r = malloc((total ? total : 1) * 2 * sizeof *r);
  *out = r;
  if (!r) return 0;
  size_t n = 0;
  for (unsigned i = 0; i < s->n; i++) {
    const struct elf_file *f = &s->f[i];
    for (size_t k = 0; k < f->nsyms; k++) {
      if (k > 0 && f->syms[k - 1].addr == f->syms[k].addr) continue; /* sym_at takes the first */
      size_t next = k + 1;
      while (next < f->nsyms && f->syms[next].addr == f->syms[k].addr) next++;
      uint64_t end = next < f->nsyms ? f->syms[next].addr : f->high;
      if (f->syms[k].size && f->syms[k].addr + f->syms[k].size < end) end = f->syms[k].addr + f->syms[k].size;
      if (f->syms[k].addr < f->low || end <= f->syms[k].addr) continue;
      if (end > f->high) end = f->high;
      r[2 * n] = f->syms[k].addr + f->bias, r[2 * n + 1] = end + f->bias;
      n++;
    }
  }
  return n;
}

bool prof_symbols_find(struct prof_symbols *s, const char *name, uint64_t *start, uint64_t *size) {
  for (unsigned i = 0; i < s->n; i++) {
    const struct elf_file *f = &s->f[i];
    for (size_t k = 0; k < f->nsyms; k++)
      if (!strcmp(f->syms[k].name, name)) {
        *start = f->syms[k].addr + f->bias;
        *size = f->syms[k].size;
        if (!*size && k + 1 < f->nsyms) *size = f->syms[k + 1].addr - f->syms[k].addr; /* a label */
        return true;
      }
  }
  return false;
}

bool prof_symbols_read(struct prof_symbols *s, uint64_t addr, void *buf, size_t len) {
  uint64_t a;
  struct elf_file *f = file_of(s, addr, &a);
  if (!f) return false;
  Dwarf_Addr dwbias;
  Elf *elf = dwfl_module_getelf(f->mod, &dwbias);
  for (Elf_Scn *scn = NULL; elf && (scn = elf_nextscn(elf, scn));) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS || !(sh.sh_flags & SHF_ALLOC)) continue;
    if (a < sh.sh_addr || a + len > sh.sh_addr + sh.sh_size) continue;
    Elf_Data *d = elf_getdata(scn, NULL);
    if (!d || !d->d_buf || a - sh.sh_addr + len > d->d_size) return false;
    memcpy(buf, (const uint8_t *)d->d_buf + (a - sh.sh_addr), len);
    return true;
  }
  return false;
}
