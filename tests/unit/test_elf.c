/* ELF loader tests (src/loader/elf.[ch], rvpmu_elf_xlen, rvpmu_machine_load_elf) with files the
 * test writes byte by byte into a temporary directory.
 *
 * Spec statements covered (System V gABI "Object Files" and the RISC-V ELF psABI):
 * - e_ident: magic 0x7f 'E' 'L' 'F', EI_CLASS 1 (ELF32) / 2 (ELF64) decides XLEN, EI_DATA must
 *   be 1 (RISC-V is little-endian); e_machine must be EM_RISCV (243); e_type ET_EXEC or ET_DYN.
 * - Program headers: e_phoff/e_phentsize/e_phnum must lie inside the file; each PT_LOAD copies
 *   p_filesz bytes from p_offset to p_paddr and zero-fills up to p_memsz ("the extra bytes ...
 *   hold the value 0", .bss); p_filesz may not exceed p_memsz; a file without PT_LOAD has
 *   nothing to run.
 * - Section headers/.symtab/.strtab: symbols are found by name (tohost for HTIF); every offset
 *   is checked against the file.
 * - rvpmu.h: rvpmu_elf_xlen and rvpmu_machine_load_elf fail with a negative value and a
 *   message, never a crash (this file also runs under ASan/UBSan: make SANITIZE=1 unit); the
 *   ELF class must match the machine's XLEN; segments and the entry point must lie in RAM.
 *
 * The program in the valid files (encodings from riscv64-unknown-elf-as 2.40) loads a data word
 * and a .bss word and exits through HTIF tohost with code 42. */
#include "unit_util.h"

#include <unistd.h>

#include "loader/elf.h"

#define ENTRY 0x80000000ull
#define SEG_FILESZ 0x28 /* code 0x00-0x17, data word at 0x20 */
#define SEG_MEMSZ 0x40  /* .bss word at 0x28, tohost at 0x30, fromhost at 0x38 */
#define DATA_WORD 0x1234abcdu
#define TOHOST (ENTRY + 0x30)

static const uint32_t code64[] = {
    0x00000297, /* auipc t0, 0 */
    0x0282a583, /* lw a1, 40(t0)     .bss word: 0 */
    0x0202a603, /* lw a2, 32(t0)     data word */
    0x05500513, /* addi a0, zero, 85 exit code 42 << 1 | 1 */
    0x02a2b823, /* sd a0, 48(t0)     tohost */
    0x0000006f, /* j . */
};
static const uint32_t code32[] = {
    0x00000297, /* auipc t0, 0 */
    0x0282a583, /* lw a1, 40(t0) */
    0x0202a603, /* lw a2, 32(t0) */
    0x05500513, /* addi a0, zero, 85 */
    0x02a2a823, /* sw a0, 48(t0)     tohost, low word */
    0x0202aa23, /* sw zero, 52(t0)   tohost, high word: the command is taken now */
    0x0000006f, /* j . */
};

/* What to put in a test file; `valid_spec` gives a correct one that tests then break. */
struct elf_spec {
  unsigned xlen;        /* 32 or 64: ELF class */
  uint8_t data;         /* EI_DATA */
  uint16_t type, machine;
  uint64_t entry;
  uint32_t p_type;
  uint64_t paddr, filesz, memsz;
  int64_t offset_delta; /* added to the segment's p_offset */
  bool symbols;         /* emit .symtab/.strtab with `tohost` and `fromhost` */
  uint64_t shoff_delta; /* added to e_shoff */
  uint32_t symtab_link; /* section index of the string table (2 = correct) */
};

static struct elf_spec valid_spec(unsigned xlen) {
  struct elf_spec s = {0};
  s.xlen = xlen;
  s.data = 1;
  s.type = 2;      /* ET_EXEC */
  s.machine = 243; /* EM_RISCV */
  s.entry = ENTRY;
  s.p_type = 1; /* PT_LOAD */
  s.paddr = ENTRY;
  s.filesz = SEG_FILESZ;
  s.memsz = SEG_MEMSZ;
  s.symbols = true;
  s.symtab_link = 2;
  return s;
}

struct buf {
  uint8_t bytes[1024];
  size_t len;
};

static void put(struct buf *b, size_t off, uint64_t v, unsigned n) {
  assert_true(off + n <= sizeof b->bytes);
  for (unsigned i = 0; i < n; i++) b->bytes[off + i] = (uint8_t)(v >> (8 * i));
  if (off + n > b->len) b->len = off + n;
}

/* Lays out: ELF header, one program header, the segment's file bytes at 0x100, then (with
 * symbols) .symtab, .strtab and three section headers (null, .symtab, .strtab). */
static void build(const struct elf_spec *s, struct buf *b) {
  memset(b, 0, sizeof *b);
  const bool is64 = s->xlen == 64;
  const unsigned w = is64 ? 8 : 4, ehsize = is64 ? 64 : 52, phentsize = is64 ? 56 : 32;
  const unsigned shentsize = is64 ? 64 : 40, symsize = is64 ? 24 : 16;
  const size_t phoff = ehsize, seg_off = 0x100;
  /* Segment contents. */
  const uint32_t *code = is64 ? code64 : code32;
  for (unsigned i = 0; i < 6; i++) put(b, seg_off + 4 * i, code[i], 4);
  put(b, seg_off + 0x20, DATA_WORD, 4);
  put(b, seg_off + 0x24, 0, 4);
  /* Symbols: null symbol, tohost, fromhost. */
  size_t shoff = 0;
  unsigned shnum = 0;
  if (s->symbols) {
    static const char strtab[] = "\0tohost\0fromhost";
    const size_t symoff = seg_off + SEG_FILESZ, stroff = symoff + 3 * symsize;
    const uint64_t values[3] = {0, TOHOST, TOHOST + 8};
    const uint32_t names[3] = {0, 1, 8};
    for (unsigned i = 0; i < 3; i++) {
      size_t e = symoff + i * symsize;
      put(b, e, names[i], 4);
      if (is64) {
        put(b, e + 4, i ? 0x11 : 0, 1); /* STB_GLOBAL, STT_OBJECT */
        put(b, e + 8, values[i], 8);
        put(b, e + 16, i ? 8 : 0, 8);
      } else {
        put(b, e + 4, values[i], 4);
        put(b, e + 8, i ? 8 : 0, 4);
        put(b, e + 12, i ? 0x11 : 0, 1);
      }
    }
    memcpy(b->bytes + stroff, strtab, sizeof strtab);
    b->len = stroff + sizeof strtab;
    shoff = (b->len + 7) & ~(size_t)7;
    shnum = 3;
    /* Section 1: .symtab (SHT_SYMTAB = 2), section 2: .strtab (SHT_STRTAB = 3). */
    const size_t sh1 = shoff + shentsize, sh2 = shoff + 2 * shentsize;
    /* Section 0 (the null section header) stays all zero. */
    put(b, sh1 + 4, 2, 4);
    put(b, sh1 + 8 + 2 * w, symoff, w);
    put(b, sh1 + 8 + 3 * w, 3 * symsize, w);
    put(b, sh1 + 8 + 4 * w, s->symtab_link, 4);
    put(b, sh1 + 16 + 5 * w, symsize, w);
    put(b, sh2 + 4, 3, 4);
    put(b, sh2 + 8 + 2 * w, stroff, w);
    put(b, sh2 + 8 + 3 * w, sizeof strtab, w);
    put(b, sh2 + 16 + 5 * w, 0, w);
  }
  /* ELF header. */
  memcpy(b->bytes, "\177ELF", 4);
  b->bytes[4] = is64 ? 2 : 1;
  b->bytes[5] = s->data;
  b->bytes[6] = 1; /* EV_CURRENT */
  put(b, 16, s->type, 2);
  put(b, 18, s->machine, 2);
  put(b, 20, 1, 4);
  put(b, 24, s->entry, w);
  put(b, 24 + w, phoff, w);
  put(b, 24 + 2 * w, shoff ? shoff + s->shoff_delta : 0, w);
  const size_t p = 24 + 3 * w + 4; /* after e_flags */
  put(b, p, ehsize, 2);
  put(b, p + 2, phentsize, 2);
  put(b, p + 4, 1, 2); /* e_phnum */
  put(b, p + 6, shnum ? shentsize : 0, 2);
  put(b, p + 8, shnum, 2);
  put(b, p + 10, 0, 2); /* e_shstrndx: no section names */
  /* Program header. */
  const uint64_t offset = (uint64_t)((int64_t)seg_off + s->offset_delta);
  if (is64) {
    put(b, phoff, s->p_type, 4);
    put(b, phoff + 4, 7, 4); /* RWX */
    put(b, phoff + 8, offset, 8);
    put(b, phoff + 16, s->paddr, 8);
    put(b, phoff + 24, s->paddr, 8);
    put(b, phoff + 32, s->filesz, 8);
    put(b, phoff + 40, s->memsz, 8);
    put(b, phoff + 48, 4, 8);
  } else {
    put(b, phoff, s->p_type, 4);
    put(b, phoff + 4, offset, 4);
    put(b, phoff + 8, s->paddr, 4);
    put(b, phoff + 12, s->paddr, 4);
    put(b, phoff + 16, s->filesz, 4);
    put(b, phoff + 20, s->memsz, 4);
    put(b, phoff + 24, 7, 4);
    put(b, phoff + 28, 4, 4);
  }
  if (b->len < seg_off + SEG_FILESZ) b->len = seg_off + SEG_FILESZ;
}

/* --- Temporary files --- */

struct tmp {
  char dir[64];
  char path[96];
};

static int setup_tmp(void **state) {
  struct tmp *t = calloc(1, sizeof *t);
  if (!t) return -1;
  snprintf(t->dir, sizeof t->dir, "/tmp/rvpmu-test-elf-XXXXXX");
  if (!mkdtemp(t->dir)) {
    free(t);
    return -1;
  }
  snprintf(t->path, sizeof t->path, "%s/prog.elf", t->dir);
  *state = t;
  return 0;
}

static int teardown_tmp(void **state) {
  struct tmp *t = *state;
  unlink(t->path);
  rmdir(t->dir);
  free(t);
  return 0;
}

static const char *write_file(void **state, const void *data, size_t len) {
  struct tmp *t = *state;
  FILE *f = fopen(t->path, "wb");
  assert_non_null(f);
  assert_int_equal(fwrite(data, 1, len, f), len);
  assert_int_equal(fclose(f), 0);
  return t->path;
}

static const char *write_elf(void **state, const struct elf_spec *s) {
  struct buf b;
  build(s, &b);
  return write_file(state, b.bytes, b.len);
}

/* --- Valid files --- */

static void load_and_run(void **state, unsigned xlen) {
  struct elf_spec s = valid_spec(xlen);
  const char *path = write_elf(state, &s);
  char err[256] = "";
  assert_int_equal(rvpmu_elf_xlen(path, err, sizeof err), (int)xlen);
  struct rvpmu_machine *m = ut_machine(xlen);
  ut_write_u64(m, ENTRY + 0x28, 0xdeadbeefdeadbeefull); /* .bss must be zeroed by the load */
  if (rvpmu_machine_load_elf(m, path, err, sizeof err) != 0) fail_msg("load: %s", err);
  assert_int_equal(rvpmu_hart_pc(m, 0), ENTRY);
  assert_int_equal(rvpmu_machine_run(m, 100), RVPMU_STOP_EXIT);
  assert_int_equal(rvpmu_machine_exit_code(m), 42); /* tohost found through .symtab */
  assert_int_equal(ut_reg(m, UT_A1), 0);
  assert_int_equal(ut_reg(m, UT_A2), DATA_WORD);
  rvpmu_machine_destroy(m);
}

static void test_valid_elf64_loads_and_runs(void **state) { load_and_run(state, 64); }
static void test_valid_elf32_loads_and_runs(void **state) { load_and_run(state, 32); }

static void test_elf_parse_symbols(void **state) {
  (void)state;
  for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
    struct elf_spec s = valid_spec(xlen);
    struct buf b;
    build(&s, &b);
    struct elf_image img;
    char err[256] = "";
    if (elf_parse(b.bytes, b.len, &img, err, sizeof err) != 0) fail_msg("elf_parse: %s", err);
    assert_int_equal(img.xlen, xlen);
    assert_int_equal(img.entry, ENTRY);
    assert_int_equal(img.num_symbols, 2); /* the null symbol has no name */
    assert_string_equal(img.symbols[0].name, "tohost"); /* sorted by address */
    assert_string_equal(img.symbols[1].name, "fromhost");
    assert_int_equal(elf_symbol_addr(&img, "tohost"), TOHOST);
    assert_int_equal(elf_symbol_addr(&img, "fromhost"), TOHOST + 8);
    assert_int_equal(elf_symbol_addr(&img, "main"), 0);
    elf_image_free(&img);
    assert_int_equal(img.num_symbols, 0);
  }
}

/* Symbols are optional: without section headers the file still loads (no HTIF). */
static void test_valid_elf_without_symbols(void **state) {
  struct elf_spec s = valid_spec(64);
  s.symbols = false;
  const char *path = write_elf(state, &s);
  char err[256] = "";
  struct rvpmu_machine *m = ut_machine(64);
  if (rvpmu_machine_load_elf(m, path, err, sizeof err) != 0) fail_msg("load: %s", err);
  ut_run(m, 20); /* the store to "tohost" is a plain store now: the program spins */
  assert_int_equal(ut_reg(m, UT_A2), DATA_WORD);
  rvpmu_machine_destroy(m);
}

/* --- Malformed files: each must fail cleanly with a message --- */

/* Both entry points must reject `path`; returns after checking the messages. */
static void expect_rejected(const char *path, unsigned machine_xlen, bool xlen_ok) {
  char err[256];
  memset(err, 0, sizeof err);
  int x = rvpmu_elf_xlen(path, err, sizeof err);
  if (xlen_ok) {
    assert_true(x == 32 || x == 64);
  } else {
    if (x >= 0) fail_msg("rvpmu_elf_xlen accepted %s (%d)", path, x);
    assert_true(err[0] != '\0');
  }
  memset(err, 0, sizeof err);
  struct rvpmu_machine *m = ut_machine(machine_xlen);
  int r = rvpmu_machine_load_elf(m, path, err, sizeof err);
  if (r >= 0) fail_msg("rvpmu_machine_load_elf accepted %s", path);
  assert_true(err[0] != '\0');
  assert_non_null(memchr(err, '\0', sizeof err));
  rvpmu_machine_destroy(m);
}

static void expect_spec_rejected(void **state, const struct elf_spec *s, bool xlen_ok) {
  expect_rejected(write_elf(state, s), s->xlen, xlen_ok);
}

static void test_not_elf(void **state) {
  static const char text[] = "#!/bin/sh\necho this is not an ELF file, but it is long enough to have a header\n";
  expect_rejected(write_file(state, text, sizeof text - 1), 64, false);
  expect_rejected(write_file(state, "", 0), 64, false); /* empty file */
  struct tmp *t = *state;
  char missing[128];
  snprintf(missing, sizeof missing, "%s/does-not-exist.elf", t->dir);
  expect_rejected(missing, 64, false);
  expect_rejected(t->dir, 64, false); /* a directory opens but does not read */
}

static void test_wrong_machine(void **state) {
  struct elf_spec s = valid_spec(64);
  s.machine = 62; /* EM_X86_64 */
  expect_spec_rejected(state, &s, false);
  s = valid_spec(32);
  s.machine = 0;
  expect_spec_rejected(state, &s, false);
}

static void test_big_endian(void **state) {
  struct elf_spec s = valid_spec(64);
  s.data = 2; /* ELFDATA2MSB */
  expect_spec_rejected(state, &s, false);
}

static void test_bad_class_and_type(void **state) {
  struct elf_spec s = valid_spec(64);
  struct buf b;
  build(&s, &b);
  b.bytes[4] = 3; /* no such class */
  expect_rejected(write_file(state, b.bytes, b.len), 64, false);
  s.type = 1; /* ET_REL: not an executable */
  expect_spec_rejected(state, &s, false);
}

static void test_truncated_header(void **state) {
  for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
    struct elf_spec s = valid_spec(xlen);
    struct buf b;
    build(&s, &b);
    static const size_t cuts[] = {4, 16, 40, 51, 60, 63};
    for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++) {
      if (xlen == 32 && cuts[i] >= 52) continue; /* a 52-byte ELF32 header is complete */
      expect_rejected(write_file(state, b.bytes, cuts[i]), xlen, false);
    }
    /* A complete header whose program headers are cut off. */
    expect_rejected(write_file(state, b.bytes, xlen == 64 ? 80 : 60), xlen, false);
  }
}

static void test_program_headers_outside_file(void **state) {
  for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
    struct elf_spec s = valid_spec(xlen);
    struct buf b;
    build(&s, &b);
    const unsigned w = xlen == 64 ? 8 : 4, p = 24 + 3 * w + 4;
    struct buf c = b;
    put(&c, 24 + w, c.len, w); /* e_phoff = end of file */
    expect_rejected(write_file(state, c.bytes, c.len), xlen, false);
    c = b;
    put(&c, 24 + w, UINT64_MAX - 8, w); /* e_phoff near the top: offset + size overflows */
    expect_rejected(write_file(state, c.bytes, c.len), xlen, false);
    c = b;
    put(&c, p + 4, 0xffff, 2); /* e_phnum: 65535 headers */
    expect_rejected(write_file(state, c.bytes, c.len), xlen, false);
    c = b;
    put(&c, p + 4, 0, 2); /* e_phnum = 0 */
    expect_rejected(write_file(state, c.bytes, c.len), xlen, false);
    c = b;
    put(&c, p + 2, 8, 2); /* e_phentsize smaller than a program header */
    expect_rejected(write_file(state, c.bytes, c.len), xlen, false);
  }
}

static void test_segment_data_outside_file(void **state) {
  struct elf_spec s = valid_spec(64);
  s.offset_delta = 0x10000; /* p_offset past the end */
  expect_spec_rejected(state, &s, false);
  s = valid_spec(32);
  s.filesz = s.memsz = 0x100000; /* p_filesz past the end */
  expect_spec_rejected(state, &s, false);
  s = valid_spec(64);
  s.offset_delta = -0x100 - 0x11; /* p_offset = 2^64 - 0x11: offset + filesz wraps around */
  expect_spec_rejected(state, &s, false);
}

static void test_segment_outside_ram(void **state) {
  for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
    struct elf_spec s = valid_spec(xlen);
    s.paddr = 0x1000; /* below RAM */
    expect_spec_rejected(state, &s, true);
    s = valid_spec(xlen);
    s.paddr = ENTRY + (16ull << 20) - 0x20; /* straddles the end of the 16 MiB RAM */
    expect_spec_rejected(state, &s, true);
    s = valid_spec(xlen);
    s.memsz = 32ull << 20; /* .bss larger than RAM */
    expect_spec_rejected(state, &s, true);
  }
  struct elf_spec s = valid_spec(64);
  s.paddr = UINT64_MAX - 0x10; /* paddr + memsz wraps around */
  expect_spec_rejected(state, &s, true);
}

static void test_filesz_greater_than_memsz(void **state) {
  for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
    struct elf_spec s = valid_spec(xlen);
    s.memsz = s.filesz - 1;
    expect_spec_rejected(state, &s, false);
  }
}

static void test_no_pt_load(void **state) {
  for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
    struct elf_spec s = valid_spec(xlen);
    s.p_type = 4; /* PT_NOTE */
    expect_spec_rejected(state, &s, false);
  }
}

static void test_entry_outside_ram(void **state) {
  struct elf_spec s = valid_spec(64);
  s.entry = 0x1000;
  expect_spec_rejected(state, &s, true);
}

static void test_class_must_match_machine(void **state) {
  struct elf_spec s = valid_spec(32);
  const char *path = write_elf(state, &s);
  char err[256] = "";
  struct rvpmu_machine *m = ut_machine(64);
  assert_true(rvpmu_machine_load_elf(m, path, err, sizeof err) < 0);
  assert_true(err[0] != '\0');
  rvpmu_machine_destroy(m);
  s = valid_spec(64);
  path = write_elf(state, &s);
  err[0] = '\0';
  m = ut_machine(32);
  assert_true(rvpmu_machine_load_elf(m, path, err, sizeof err) < 0);
  assert_true(err[0] != '\0');
  rvpmu_machine_destroy(m);
}

static void test_bad_section_headers(void **state) {
  for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
    struct elf_spec s = valid_spec(xlen);
    s.shoff_delta = 0x10000; /* section headers past the end */
    expect_spec_rejected(state, &s, false);
    s = valid_spec(xlen);
    s.symtab_link = 7; /* string table index out of range */
    expect_spec_rejected(state, &s, false);
    /* A symbol table whose data lies outside the file. */
    struct buf b;
    s = valid_spec(xlen);
    build(&s, &b);
    const unsigned w = xlen == 64 ? 8 : 4, shentsize = xlen == 64 ? 64 : 40;
    size_t shoff = (size_t)(xlen == 64 ? b.bytes[40] | b.bytes[41] << 8 : b.bytes[32] | b.bytes[33] << 8);
    struct buf c = b;
    put(&c, shoff + shentsize + 8 + 2 * w, 0x7fff0000, w); /* .symtab sh_offset */
    expect_rejected(write_file(state, c.bytes, c.len), xlen, false);
    c = b;
    put(&c, shoff + 2 * shentsize + 8 + 3 * w, 0x7fff0000, w); /* .strtab sh_size */
    expect_rejected(write_file(state, c.bytes, c.len), xlen, false);
  }
}

/* Names that run off the end of the string table are skipped, not read past the table. */
static void test_unterminated_symbol_name(void **state) {
  (void)state;
  struct elf_spec s = valid_spec(64);
  struct buf b;
  build(&s, &b);
  size_t shoff = (size_t)(b.bytes[40] | b.bytes[41] << 8);
  put(&b, shoff + 2 * 64 + 8 + 3 * 8, 5, 8); /* .strtab size 5: "\0toho" */
  struct elf_image img;
  char err[256] = "";
  if (elf_parse(b.bytes, b.len, &img, err, sizeof err) != 0) fail_msg("elf_parse: %s", err);
  assert_int_equal(img.num_symbols, 0);
  assert_int_equal(elf_symbol_addr(&img, "tohost"), 0);
  elf_image_free(&img);
}

/* elf_parse on every prefix of a valid file: never a crash or an out-of-bounds read (ASan). */
static void test_every_truncation(void **state) {
  (void)state;
  for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
    struct elf_spec s = valid_spec(xlen);
    struct buf b;
    build(&s, &b);
    for (size_t len = 0; len < b.len; len++) {
      uint8_t *copy = malloc(len ? len : 1); /* exact size, so ASan sees any overread */
      assert_non_null(copy);
      memcpy(copy, b.bytes, len);
      struct elf_image img;
      char err[256] = "";
      if (elf_parse(copy, len, &img, err, sizeof err) == 0) {
        /* Only the section headers (optional) may be missing. */
        assert_true(len >= 0x100 + SEG_FILESZ);
        elf_image_free(&img);
      } else {
        assert_true(err[0] != '\0');
      }
      free(copy);
    }
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_valid_elf64_loads_and_runs, setup_tmp, teardown_tmp),
      cmocka_unit_test_setup_teardown(test_valid_elf32_loads_and_runs, setup_tmp, teardown_tmp),
      cmocka_unit_test(test_elf_parse_symbols),
      cmocka_unit_test_setup_teardown(test_valid_elf_without_symbols, setup_tmp, teardown_tmp),
      cmocka_unit_test_setup_teardown(test_not_elf, setup_tmp, teardown_tmp),
      cmocka_unit_test_setup_teardown(test_wrong_machine, setup_tmp, teardown_tmp),
      cmocka_unit_test_setup_teardown(test_big_endian, setup_tmp, teardown_tmp),
      cmocka_unit_test_setup_teardown(test_bad_class_and_type, setup_tmp, teardown_tmp),
      cmocka_unit_test_setup_teardown(test_truncated_header, setup_tmp, teardown_tmp),
      cmocka_unit_test_setup_teardown(test_program_headers_outside_file, setup_tmp, teardown_tmp),
      cmocka_unit_test_setup_teardown(test_segment_data_outside_file, setup_tmp, teardown_tmp),
      cmocka_unit_test_setup_teardown(test_segment_outside_ram, setup_tmp, teardown_tmp),
      cmocka_unit_test_setup_teardown(test_filesz_greater_than_memsz, setup_tmp, teardown_tmp),
      cmocka_unit_test_setup_teardown(test_no_pt_load, setup_tmp, teardown_tmp),
      cmocka_unit_test_setup_teardown(test_entry_outside_ram, setup_tmp, teardown_tmp),
      cmocka_unit_test_setup_teardown(test_class_must_match_machine, setup_tmp, teardown_tmp),
      cmocka_unit_test_setup_teardown(test_bad_section_headers, setup_tmp, teardown_tmp),
      cmocka_unit_test(test_unterminated_symbol_name),
      cmocka_unit_test(test_every_truncation),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
