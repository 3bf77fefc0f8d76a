/* ELF loader (see elf.h). Layouts from the System V gABI; only little-endian RISC-V
 * executables are accepted. */
#include "loader/elf.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem/bus.h"

#define EM_RISCV 243
#define ET_EXEC 2
#define ET_DYN 3
#define PT_LOAD 1
#define SHT_SYMTAB 2
#define STT_FUNC 2
#define MAX_FILE_BYTES (1ull << 30)

/* Little-endian field readers that never read past the end (callers check ranges first). */
static uint64_t get(const uint8_t *p, unsigned n) {
  uint64_t v = 0;
  for (unsigned i = 0; i < n; i++) v |= (uint64_t)p[i] << (8 * i);
  return v;
}

/* Is [off, off+len) inside a buffer of `size` bytes? */
static int in_file(uint64_t off, uint64_t len, size_t size) { return off <= size && len <= size - off; }

/* The parts of the ELF header that differ between classes. */
struct layout {
  unsigned word;                   /* 4 or 8 */
  uint64_t phoff, shoff;
  unsigned phentsize, phnum, shentsize, shnum;
};

static int read_header(const uint8_t *d, size_t size, struct elf_image *img, struct layout *l, char *err, size_t errlen) {
  if (size < 4 || memcmp(d, "\177ELF", 4) != 0) {
    snprintf(err, errlen, "not an ELF file");
    return -1;
  }
  if (size < 52) {
    snprintf(err, errlen, "truncated ELF header (%zu bytes)", size);
    return -1;
  }
  if (d[4] != 1 && d[4] != 2) {
    snprintf(err, errlen, "unknown ELF class %u", d[4]);
    return -1;
  }
  if (d[5] != 1) {
    snprintf(err, errlen, "big-endian ELF: RISC-V executables are little-endian");
    return -1;
  }
  bool is64 = d[4] == 2;
  if (is64 && size < 64) {
    snprintf(err, errlen, "truncated ELF header");
    return -1;
  }
  unsigned machine = (unsigned)get(d + 18, 2), type = (unsigned)get(d + 16, 2);
  if (machine != EM_RISCV) {
    snprintf(err, errlen, "ELF machine %u is not RISC-V (%u)", machine, EM_RISCV);
    return -1;
  }
  if (type != ET_EXEC && type != ET_DYN) {
    snprintf(err, errlen, "ELF type %u is not an executable", type);
    return -1;
  }
  img->xlen = is64 ? 64 : 32;
  l->word = is64 ? 8 : 4;
  img->entry = get(d + 24, l->word);
  const uint8_t *p = d + 24 + 3 * l->word; /* after e_entry, e_phoff, e_shoff */
  l->phoff = get(d + 24 + l->word, l->word);
  l->shoff = get(d + 24 + 2 * l->word, l->word);
  l->phentsize = (unsigned)get(p + 6, 2);
  l->phnum = (unsigned)get(p + 8, 2);
  l->shentsize = (unsigned)get(p + 10, 2);
  l->shnum = (unsigned)get(p + 12, 2);
  unsigned want_ph = is64 ? 56 : 32;
  if (l->phnum == 0 || l->phentsize < want_ph || !in_file(l->phoff, (uint64_t)l->phnum * l->phentsize, size)) {
    snprintf(err, errlen, "program headers missing or outside the file (truncated?)");
    return -1;
  }
  return 0;
}

struct segment {
  uint64_t offset, paddr, filesz, memsz;
};

static int get_segment(const uint8_t *d, const struct layout *l, unsigned i, struct segment *s) {
  const uint8_t *ph = d + l->phoff + (uint64_t)i * l->phentsize;
  if (get(ph, 4) != PT_LOAD) return 0;
  if (l->word == 8) {
    s->offset = get(ph + 8, 8), s->paddr = get(ph + 24, 8), s->filesz = get(ph + 32, 8), s->memsz = get(ph + 40, 8);
  } else {
    s->offset = get(ph + 4, 4), s->paddr = get(ph + 12, 4), s->filesz = get(ph + 16, 4), s->memsz = get(ph + 20, 4);
  }
  return 1;
}

static int cmp_symbol(const void *a, const void *b) {
  const struct elf_symbol *x = a, *y = b;
  return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* Reads .symtab and its string table if present; a file without them is fine. */
static int read_symbols(const uint8_t *d, size_t size, const struct layout *l, struct elf_image *img, char *err,
                        size_t errlen) {
  unsigned want_sh = l->word == 8 ? 64 : 40;
  if (l->shnum == 0 || l->shentsize < want_sh) return 0;
  if (!in_file(l->shoff, (uint64_t)l->shnum * l->shentsize, size)) {
    snprintf(err, errlen, "section headers outside the file (truncated?)");
    return -1;
  }
  for (unsigned i = 0; i < l->shnum; i++) {
    const uint8_t *sh = d + l->shoff + (uint64_t)i * l->shentsize;
    if (get(sh + 4, 4) != SHT_SYMTAB) continue;
    unsigned w = l->word;
    uint64_t off = get(sh + 8 + 2 * w, w), sz = get(sh + 8 + 3 * w, w), link = get(sh + 8 + 4 * w, 4);
    uint64_t entsize = get(sh + 16 + 5 * w, w);
    uint64_t want = w == 8 ? 24 : 16;
    if (entsize < want) entsize = want;
    if (link >= l->shnum || !in_file(off, sz, size)) {
      snprintf(err, errlen, "symbol table outside the file (truncated?)");
      return -1;
    }
    const uint8_t *strh = d + l->shoff + link * l->shentsize;
    uint64_t stroff = get(strh + 8 + 2 * w, w), strsz = get(strh + 8 + 3 * w, w);
    if (!in_file(stroff, strsz, size)) {
      snprintf(err, errlen, "string table outside the file (truncated?)");
      return -1;
    }
    size_t n = (size_t)(sz / entsize);
    img->symbols = calloc(n ? n : 1, sizeof *img->symbols);
    if (!img->symbols) {
      snprintf(err, errlen, "out of memory");
      return -1;
    }
    for (size_t k = 0; k < n; k++) {
      const uint8_t *s = d + off + k * entsize;
      uint64_t name = get(s, 4), value, ssize;
      unsigned info;
      if (w == 8) info = s[4], value = get(s + 8, 8), ssize = get(s + 16, 8);
      else value = get(s + 4, 4), ssize = get(s + 8, 4), info = s[12];
      if (name == 0 || name >= strsz) continue;
      const char *str = (const char *)d + stroff + name;
      size_t maxlen = (size_t)(strsz - name);
      size_t len = strnlen(str, maxlen);
      if (len == maxlen) continue; /* unterminated name */
      struct elf_symbol *sym = &img->symbols[img->num_symbols];
      sym->name = strndup(str, len);
      if (!sym->name) continue;
      sym->addr = value, sym->size = ssize, sym->is_function = (info & 0xf) == STT_FUNC;
      img->num_symbols++;
    }
    qsort(img->symbols, img->num_symbols, sizeof *img->symbols, cmp_symbol);
    return 0;
  }
  return 0;
}

int elf_parse(const uint8_t *data, size_t size, struct elf_image *img, char *err, size_t errlen) {
  memset(img, 0, sizeof *img);
  struct layout l;
  if (read_header(data, size, img, &l, err, errlen) != 0) return -1;
  unsigned loads = 0;
  for (unsigned i = 0; i < l.phnum; i++) {
    struct segment s;
    if (!get_segment(data, &l, i, &s)) continue;
    loads++;
    if (s.paddr + s.memsz > img->load_end) img->load_end = s.paddr + s.memsz;
    if (!in_file(s.offset, s.filesz, size)) {
      snprintf(err, errlen, "segment %u: file data outside the file (truncated?)", i);
      return -1;
    }
    if (s.memsz < s.filesz) {
      snprintf(err, errlen, "segment %u: memory size smaller than file size", i);
      return -1;
    }
  }
  if (loads == 0) {
    snprintf(err, errlen, "no loadable segment");
    return -1;
  }
  if (read_symbols(data, size, &l, img, err, errlen) != 0) {
    elf_image_free(img);
    return -1;
  }
  return 0;
}

int elf_load_segments(const uint8_t *data, size_t size, struct bus *bus, char *err, size_t errlen) {
  struct elf_image img;
  struct layout l;
  if (read_header(data, size, &img, &l, err, errlen) != 0) return -1;
  for (unsigned i = 0; i < l.phnum; i++) {
    struct segment s;
    if (!get_segment(data, &l, i, &s) || s.memsz == 0) continue;
    if (!in_file(s.offset, s.filesz, size) || s.memsz < s.filesz) { /* elf_parse says more */
      snprintf(err, errlen, "segment %u: malformed", i);
      return -1;
    }
    uint8_t *dst = bus_ram_ptr(bus, s.paddr, s.memsz);
    if (!dst) {
      snprintf(err, errlen, "segment %u at 0x%llx-0x%llx lies outside RAM (0x%llx-0x%llx)", i,
               (unsigned long long)s.paddr, (unsigned long long)(s.paddr + s.memsz),
               (unsigned long long)bus->ram_base, (unsigned long long)(bus->ram_base + bus->ram_size));
      return -1;
    }
    memcpy(dst, data + s.offset, s.filesz);
    memset(dst + s.filesz, 0, s.memsz - s.filesz);
  }
  return 0;
}

uint64_t elf_symbol_addr(const struct elf_image *img, const char *name) {
  for (size_t i = 0; i < img->num_symbols; i++)
    if (strcmp(img->symbols[i].name, name) == 0) return img->symbols[i].addr;
  return 0;
}

void elf_image_free(struct elf_image *img) {
  for (size_t i = 0; i < img->num_symbols; i++) free(img->symbols[i].name);
  free(img->symbols);
  memset(img, 0, sizeof *img);
}

uint8_t *elf_read_file(const char *path, size_t *size, char *err, size_t errlen) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    return NULL;
  }
  uint8_t *buf = NULL;
  size_t cap = 0, len = 0;
  for (;;) {
    if (len == cap) {
      if (cap >= MAX_FILE_BYTES) {
        snprintf(err, errlen, "%s: larger than 1 GiB", path);
        goto fail;
      }
      cap = cap ? cap * 2 : 1 << 16;
      uint8_t *nb = realloc(buf, cap);
      if (!nb) {
        snprintf(err, errlen, "%s: out of memory", path);
        goto fail;
      }
      buf = nb;
    }
    size_t got = fread(buf + len, 1, cap - len, f);
    len += got;
    if (got == 0) break;
  }
  if (ferror(f)) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    goto fail;
  }
  fclose(f);
  *size = len;
  return buf;
fail:
  free(buf);
  fclose(f);
  return NULL;
}
