/* Machine life cycle and the embedding API (include/rvpmu/rvpmu.h). */
#include "machine.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "dev/fdt.h"
#include "isa/block.h"
#include "loader/elf.h"

uint64_t machine_retired(const struct machine *m) {
  uint64_t n = 0;
  for (unsigned i = 0; i < m->num_harts; i++) n += m->harts[i]->hpm.acc[EV_INSNS];
  return n;
}

uint64_t machine_clock(const struct machine *m) {
  /* The latest clock of the harts that run (deterministic). A hart asleep in WFI takes no
   * part: its clock stopped when it slept, behind the others' or ahead of them (harts run in
   * slices of instructions), and time must not stand still or jump with it (Zicntr: time is
   * wall-clock time, the same on every hart). It catches up when it wakes (machine_wake).
   * When every hart sleeps, the latest of all. */
  uint64_t running = 0, all = 0;
  bool any_running = false;
  for (unsigned i = 0; i < m->num_harts; i++) {
    const struct hart *h = m->harts[i];
    uint64_t c = hart_now_cycles(h);
    if (c > all) all = c;
    if (!h->sleeping) {
      any_running = true;
      if (c > running) running = c;
    }
  }
  return any_running ? running : all;
}

void machine_yield(struct machine *m, const struct hart *o) {
  if (m->num_harts < 2 || !o->sleeping || !(o->mip & o->mie)) return;
  m->yield = true;
  for (unsigned i = 0; i < m->num_harts; i++) m->harts[i]->budget = 0;
}

void machine_wake(struct machine *m, struct hart *h) {
  /* It slept until the first interrupt that wakes it was raised (by another hart's clock, or
   * the timer's deadline), not until its turn to run came: harts run in slices. */
  uint64_t at = UINT64_MAX;
  for (uint64_t w = h->mip & h->mie & 0xffff; w; w &= w - 1) {
    uint64_t raised = h->irq_raised_cycles[__builtin_ctzll(w)];
    if (raised < at) at = raised;
  }
  if (at == UINT64_MAX) at = machine_clock(m);
  uint64_t mine = hart_clock_cycles(h);
  if (at > mine) h->sleep_cycles += at - mine; /* slept while the others ran: time, not mcycle */
  h->sleeping = false;
}

uint64_t machine_mtime(const struct machine *m) { return machine_clock(m) / m->cycles_per_tick + m->mtime_offset; }

uint64_t machine_mtime_seen(struct machine *m, struct hart *h) {
  /* When the hart that led goes to sleep, the machine clock falls back to the latest running
   * hart's, by at most a slice: a hart that already read the later time reads it again until
   * time passes it, so that its own reads never go backwards. */
  uint64_t c = machine_clock(m);
  if (c < h->clock_seen) c = h->clock_seen; /* in cycles: mtime writes still move time back */
  h->clock_seen = c;
  return c / m->cycles_per_tick + m->mtime_offset;
}

uint64_t machine_clock_at_mtime(const struct machine *m, uint64_t ticks) {
  if (ticks == UINT64_MAX) return UINT64_MAX;
  if (ticks <= m->mtime_offset) return 0;
  uint64_t t = ticks - m->mtime_offset;
  return t > UINT64_MAX / m->cycles_per_tick ? UINT64_MAX : t * m->cycles_per_tick;
}

void machine_update_timer_irqs(struct machine *m) {
  for (unsigned i = 0; i < m->num_harts; i++) {
    struct hart *h = m->harts[i];
    uint64_t before = h->mip;
    if (m->timer_pending(m, i)) {
      /* It rose at its deadline, unless that passed while it was seen clear (a compare value
       * written into the past): then now. */
      if (!(before & MIP_MTIP)) {
        uint64_t deadline = m->timer_deadline(m, i), now = hart_now_cycles(h);
        uint64_t rose = deadline > h->mtip_clear_cycles ? deadline : h->mtip_clear_cycles;
        hart_set_mip(h, before | MIP_MTIP, rose < now ? rose : now);
        machine_yield(m, h);
      }
    } else {
      h->mip = before & ~MIP_MTIP;
      h->mtip_clear_cycles = hart_now_cycles(h);
    }
    if (h->mip != before) h->budget = 0;
  }
}

void machine_exit(struct machine *m, int code) {
  if (m->stop != RVPMU_RUNNING) return;
  m->stop = RVPMU_STOP_EXIT;
  m->exit_code = code;
  for (unsigned i = 0; i < m->num_harts; i++) m->harts[i]->budget = 0;
}

void machine_fail(struct machine *m, const char *fmt, ...) {
  if (m->stop != RVPMU_RUNNING) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(m->stop_message, sizeof m->stop_message, fmt, ap);
  va_end(ap);
  m->stop = RVPMU_STOP_ERROR;
  for (unsigned i = 0; i < m->num_harts; i++) m->harts[i]->budget = 0;
}

/* Optional multi-letter extensions (enum isa_ext) by name, in the ISA string's canonical order
 * (unprivileged spec, "ISA Extension Naming Conventions": Z extensions by the category letter,
 * I before B, then alphabetically). */
static const struct {
  const char *name;
  unsigned bit;
} optional_ext[] = {{"zicbom", ISA_EXT_ZICBOM}, {"zicboz", ISA_EXT_ZICBOZ}, {"zicond", ISA_EXT_ZICOND},
                    {"zihintpause", ISA_EXT_ZIHINTPAUSE}, {"zfinx", ISA_EXT_ZFINX}, {"zba", ISA_EXT_ZBA},
                    {"zbb", ISA_EXT_ZBB}, {"zbc", ISA_EXT_ZBC}, {"zbkb", ISA_EXT_ZBKB}, {"zbkc", ISA_EXT_ZBKC},
                    {"zbkx", ISA_EXT_ZBKX}, {"zbs", ISA_EXT_ZBS}, {"zknd", ISA_EXT_ZKND}, {"zkne", ISA_EXT_ZKNE},
                    {"zknh", ISA_EXT_ZKNH}, {"zksed", ISA_EXT_ZKSED}, {"zksh", ISA_EXT_ZKSH},
                    {"zkt", ISA_EXT_ZKT}};

/* Names that stand for several extensions (scalar crypto spec 1.0.1, "Zkn" and "Zks"), accepted
 * in the ISA string when the core has every one of them. */
static const struct {
  const char *name, *expansion;
} shorthand[] = {
    {"zkn", "zbkb_zbkc_zbkx_zkne_zknd_zknh"},
    {"zks", "zbkb_zbkc_zbkx_zksed_zksh"},
};

/* Parses an ISA string "rv32..."/"rv64..." (optionally with _z... extensions the hart always
 * has: zicsr, zifencei, zicntr, zihpm, and the optional ones of optional_ext) against what the
 * profile can run. */
static int parse_isa(struct machine *m, const char *isa, char *err, size_t errlen) {
  char lower[RVPMU_ISA_MAX];
  size_t n = strlen(isa);
  if (n >= sizeof lower) n = sizeof lower - 1;
  for (size_t i = 0; i < n; i++) lower[i] = (char)tolower((unsigned char)isa[i]);
  lower[n] = '\0';
  unsigned xlen;
  if (strncmp(lower, "rv32", 4) == 0) xlen = 32;
  else if (strncmp(lower, "rv64", 4) == 0) xlen = 64;
  else {
    snprintf(err, errlen, "ISA '%s' must start with rv32 or rv64", isa);
    return -1;
  }
  if (!(m->profile->xlens & (xlen == 32 ? 1 : 2))) {
    snprintf(err, errlen, "core %s cannot run %u-bit code (ISA '%s')", m->profile->name, xlen, isa);
    return -1;
  }
  char *ext = lower + 4;
  unsigned ext_bits = 0;
  char *under = strchr(ext, '_');
  if (under) {
    for (char *z = under; z && *z;) {
      char *next = strchr(z + 1, '_');
      size_t len = next ? (size_t)(next - z - 1) : strlen(z + 1);
      static const char *const always[] = {"zicsr", "zifencei", "zicntr", "zihpm"};
      bool ok = false;
      for (size_t i = 0; i < 4; i++) ok |= strlen(always[i]) == len && strncmp(z + 1, always[i], len) == 0;
      for (size_t i = 0; i < sizeof shorthand / sizeof *shorthand && !ok; i++) {
        if (strlen(shorthand[i].name) != len || strncmp(z + 1, shorthand[i].name, len) != 0) continue;
        unsigned want = 0;
        for (const char *e = shorthand[i].expansion; *e;) {
          size_t el = strcspn(e, "_");
          for (size_t k = 0; k < sizeof optional_ext / sizeof *optional_ext; k++)
            if (strlen(optional_ext[k].name) == el && strncmp(e, optional_ext[k].name, el) == 0) want |= optional_ext[k].bit;
          e += el + (e[el] == '_');
        }
        ok = (m->profile->isa_ext & want) == want;
        if (ok) ext_bits |= want;
      }
      for (size_t i = 0; i < sizeof optional_ext / sizeof *optional_ext; i++) {
        if (strlen(optional_ext[i].name) != len || strncmp(z + 1, optional_ext[i].name, len) != 0) continue;
        if (m->profile->isa_ext & optional_ext[i].bit) {
          ext_bits |= optional_ext[i].bit;
          ok = true;
        }
      }
      if (!ok) {
        snprintf(err, errlen, "core %s does not implement extension '%.*s' (ISA '%s')", m->profile->name,
                 (int)len, z + 1, isa);
        return -1;
      }
      z = next;
    }
    *under = '\0';
  }
  /* G = IMAFD_Zicsr_Zifencei (the hart always has the last two): spelt out, so that misa and
   * the device tree name the letters. */
  char expanded[RVPMU_ISA_MAX]; /* as long as lower's letters can be */
  if (ext[0] == 'g') {
    if (!strchr(m->profile->isa_letters, 'f') || !strchr(m->profile->isa_letters, 'd')) {
      snprintf(err, errlen, "core %s cannot run '%s': G includes F and D, which it lacks", m->profile->name, isa);
      return -1;
    }
    size_t rest = strlen(ext + 1);
    if (5 + rest >= sizeof expanded) {
      snprintf(err, errlen, "ISA '%s' is too long", isa);
      return -1;
    }
    memcpy(expanded, "imafd", 5);
    memcpy(expanded + 5, ext + 1, rest + 1);
    ext = expanded;
  }
  if (ext[0] != 'i' && ext[0] != 'e') {
    snprintf(err, errlen, "ISA '%s': the base must be I or E", isa);
    return -1;
  }
  if (ext[0] == 'e' && (xlen != 32 || !strchr(m->profile->isa_letters, 'e'))) {
    snprintf(err, errlen, "core %s cannot run the E base (ISA '%s')", m->profile->name, isa);
    return -1;
  }
  for (char *c = ext + 1; *c; c++) {
    if (*c == 'e' || *c == 'i' || !strchr(m->profile->isa_letters, *c)) {
      snprintf(err, errlen, "core %s cannot run extension '%c' (ISA '%s'; it has rv%u%s)", m->profile->name, *c, isa,
               xlen, m->profile->isa_letters);
      return -1;
    }
  }
  if (strchr(ext, 'd') && !strchr(ext, 'f')) {
    snprintf(err, errlen, "ISA '%s': D requires F", isa);
    return -1;
  }
  if (strchr(ext, 'f')) ext_bits |= ISA_EXT_F;
  if (strchr(ext, 'd')) ext_bits |= ISA_EXT_D;
  if (strchr(ext, 'm')) ext_bits |= ISA_EXT_M;
  if (strchr(ext, 'a')) ext_bits |= ISA_EXT_A;
  if (strchr(ext, 'c')) ext_bits |= ISA_EXT_C;
  m->xlen = xlen;
  m->isa_ext = ext_bits;
  snprintf(m->isa, sizeof m->isa, "rv%u%.120s", xlen, ext); /* ext is shorter (the input is) */
  size_t len = (size_t)snprintf(m->isa_name, sizeof m->isa_name, "%s", m->isa);
  for (size_t i = 0; i < sizeof optional_ext / sizeof *optional_ext && len < sizeof m->isa_name; i++)
    if (ext_bits & optional_ext[i].bit)
      len += (size_t)snprintf(m->isa_name + len, sizeof m->isa_name - len, "_%s", optional_ext[i].name);
  return 0;
}

static uint64_t misa_for(const struct machine *m) {
  uint64_t misa = (m->xlen == 64 ? 2ull : 1ull) << (m->xlen - 2);
  for (const char *c = m->isa + 4; *c; c++) misa |= 1ull << (*c - 'a');
  if (m->profile->has_s_mode) misa |= 1ull << ('s' - 'a');
  if (m->profile->has_u_mode) misa |= 1ull << ('u' - 'a');
  /* B = Zba + Zbb + Zbs (B extension 1.0.0; misa.B, privileged spec 3.1.1). */
  const unsigned b = ISA_EXT_ZBA | ISA_EXT_ZBB | ISA_EXT_ZBS;
  if ((m->isa_ext & b) == b) misa |= 1ull << ('b' - 'a');
  return misa;
}

struct rvpmu_machine *rvpmu_machine_create(const struct rvpmu_config *cfg, char *err, size_t errlen) {
  struct machine *m = calloc(1, sizeof *m);
  if (!m) {
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  m->console = cfg->console ? cfg->console : stdout;
  m->insn_limit = cfg->max_insns;
  m->profile = profile_create(cfg->core ? cfg->core : "generic", err, (unsigned)errlen);
  if (!m->profile) goto fail;
  char isa[RVPMU_ISA_MAX];
  if (cfg->isa && strlen(cfg->isa) >= sizeof isa) {
    snprintf(err, errlen, "ISA string is too long (at most %d characters)", RVPMU_ISA_MAX - 1);
    goto fail;
  }
  if (cfg->isa) snprintf(isa, sizeof isa, "%s", cfg->isa);
  else if (cfg->xlen) snprintf(isa, sizeof isa, "rv%u%s", cfg->xlen, m->profile->default_isa + 4);
  else snprintf(isa, sizeof isa, "%s", m->profile->default_isa);
  if (parse_isa(m, isa, err, errlen) != 0) goto fail;
  m->num_harts = cfg->harts ? cfg->harts : 1;
  if (m->num_harts > MACHINE_MAX_HARTS) {
    snprintf(err, errlen, "at most %d harts", MACHINE_MAX_HARTS);
    goto fail;
  }
  if (platform_setup(m, cfg->platform ? cfg->platform : m->profile->default_platform, cfg->ram_bytes, err, (unsigned)errlen) != 0)
    goto fail;
  for (unsigned i = 0; i < m->num_harts; i++) {
    struct hart *h = calloc(1, sizeof *h);
    if (!h || !(h->blocks = block_cache_create()) ||
        (m->profile->model_bytes && !(h->model = calloc(1, m->profile->model_bytes)))) {
      if (h) block_cache_destroy(h->blocks);
      free(h);
      snprintf(err, errlen, "out of memory");
      goto fail;
    }
    m->harts[i] = h;
    h->machine = m;
    h->hartid = i;
    h->xlen = m->xlen;
    h->isa_ext = m->isa_ext;
    h->misa = misa_for(m);
    h->ialign_mask = strchr(m->isa + 4, 'c') ? 1 : 3;
    m->mtimecmp[i] = UINT64_MAX;
    hart_reset(h, m->reset_pc);
  }
  return (struct rvpmu_machine *)m;
fail:
  rvpmu_machine_destroy((struct rvpmu_machine *)m);
  return NULL;
}

void rvpmu_machine_destroy(struct rvpmu_machine *mm) {
  struct machine *m = (struct machine *)mm;
  if (!m) return;
  for (unsigned i = 0; i < m->num_harts; i++) {
    if (!m->harts[i]) continue;
    block_cache_destroy(m->harts[i]->blocks);
    free(m->harts[i]->model);
    free(m->harts[i]);
  }
  bus_destroy(&m->bus);
  profile_free(m->profile);
  free((char *)m->boot_fdt.bootargs);
  free(m);
}

/* Puts "path: " before the message in err (loader messages do not name the file). */
static void prefix_path(char *err, size_t errlen, const char *path) {
  char msg[512];
  snprintf(msg, sizeof msg, "%s", err);
  snprintf(err, errlen, "%s: %s", path, msg);
}

int rvpmu_elf_xlen(const char *path, char *err, size_t errlen) {
  size_t size;
  uint8_t *data = elf_read_file(path, &size, err, errlen);
  if (!data) return -1;
  struct elf_image img;
  int r = elf_parse(data, size, &img, err, errlen);
  free(data);
  if (r != 0) {
    prefix_path(err, errlen, path);
    return -1;
  }
  int xlen = (int)img.xlen;
  elf_image_free(&img);
  return xlen;
}

/* Attaches HTIF at an ELF's `tohost` where it can work: an aligned 64-bit word of RAM. A
 * `tohost` elsewhere does not stop the load: lowRISC's simple-system link.ld defines
 * `tohost = 0x20008` (its simulator-control register, for Spike) in programs that never use
 * HTIF. Either way a note says what happened (rvpmu -v). */
static void attach_htif(struct machine *m, const char *path, uint64_t tohost, uint64_t fromhost) {
  const char *dev = bus_device_name(&m->bus, tohost, 4);
  const char *why = NULL;
  char dev_why[96];
  if (dev) {
    snprintf(dev_why, sizeof dev_why, "is a register of the %s device, not RAM", dev);
    why = dev_why;
  } else if (!bus_ram_ptr(&m->bus, tohost, 8)) {
    why = "is outside RAM";
  } else if (tohost & 7) {
    why = "is not 8-byte aligned";
  } else if (htif_attach(m, tohost, fromhost) != 0) {
    why = "cannot be watched (too many RAM devices)";
  }
  if (why)
    machine_note(m, "%s: tohost at 0x%llx %s: HTIF not attached", path, (unsigned long long)tohost, why);
  else
    machine_note(m, "%s: HTIF attached at tohost 0x%llx, fromhost 0x%llx", path, (unsigned long long)m->tohost,
                 (unsigned long long)m->fromhost);
}

/* Loads an ELF file's segments into RAM; returns 0 with its entry and tohost/fromhost. */
static int load_elf(struct machine *m, const char *path, uint64_t *entry, uint64_t *end, char *err, size_t errlen) {
  size_t size;
  uint8_t *data = elf_read_file(path, &size, err, errlen);
  if (!data) return -1;
  struct elf_image img;
  int r = -1;
  if (elf_parse(data, size, &img, err, errlen) != 0) {
    prefix_path(err, errlen, path);
    goto out;
  }
  if (img.xlen != m->xlen) {
    snprintf(err, errlen, "%s is a %u-bit ELF but the machine runs %s", path, img.xlen, m->isa);
    goto out_img;
  }
  if (elf_load_segments(data, size, &m->bus, err, errlen) != 0) {
    prefix_path(err, errlen, path);
    goto out_img;
  }
  if (!bus_ram_ptr(&m->bus, img.entry, 2)) {
    snprintf(err, errlen, "%s: entry point 0x%llx is outside RAM", path, (unsigned long long)img.entry);
    goto out_img;
  }
  uint64_t tohost = elf_symbol_addr(&img, "tohost"), fromhost = elf_symbol_addr(&img, "fromhost");
  if (tohost) attach_htif(m, path, tohost, fromhost);
  *entry = img.entry;
  if (end) *end = img.load_end;
  r = 0;
out_img:
  elf_image_free(&img);
out:
  free(data);
  return r;
}

/* Points every hart at `pc` with a0 = hart id, a1 = `arg`, and drops cached translations. */
static void start_harts(struct machine *m, uint64_t pc, uint64_t arg) {
  for (unsigned i = 0; i < m->num_harts; i++) {
    struct hart *h = m->harts[i];
    h->pc = pc;
    h->x[10] = i;
    h->x[11] = arg;
    hart_flush_translation(h, true);
  }
}

#define DTB_BYTES (64u << 10)

/* Where a bare-metal program on `virt` finds the device tree, as on QEMU's virt machine with
 * -bios none -kernel (hw/riscv/boot.c, riscv_load_fdt): its end as high in RAM as it fits,
 * the start aligned down to 2 MiB; 0 (nothing written) on other platforms, where no firmware
 * or program expects one, or when RAM is too small to hold it above the program. */
static uint64_t place_bare_dtb(struct machine *m, uint64_t program_end) {
  if (strcmp(m->platform, "virt") != 0) return 0;
  uint8_t *buf = malloc(DTB_BYTES);
  int size = buf ? fdt_build(m, NULL, buf, DTB_BYTES) : -1;
  uint64_t ram_end = m->bus.ram_base + m->bus.ram_size, addr = 0;
  if (size > 0 && m->bus.ram_size >= (uint64_t)size) addr = (ram_end - (uint64_t)size) & ~((2ull << 20) - 1);
  uint8_t *dst = addr >= program_end && addr >= m->bus.ram_base ? bus_ram_ptr(&m->bus, addr, (size_t)size) : NULL;
  if (dst) memcpy(dst, buf, (size_t)size);
  free(buf);
  return dst ? addr : 0;
}

int rvpmu_machine_load_elf(struct rvpmu_machine *mm, const char *path, char *err, size_t errlen) {
  struct machine *m = (struct machine *)mm;
  uint64_t entry, end = 0;
  if (load_elf(m, path, &entry, &end, err, errlen) != 0) return -1;
  /* a0 = hart id, a1 = the device tree's address (QEMU virt's convention; 0 without one). */
  start_harts(m, m->fixed_reset_pc ? m->reset_pc : entry, place_bare_dtb(m, end));
  return 0;
}

/* Copies a whole file to physical address pa; returns its size or -1. */
static int64_t load_raw(struct machine *m, const char *path, uint64_t pa, char *err, size_t errlen) {
  size_t size;
  uint8_t *data = elf_read_file(path, &size, err, errlen);
  if (!data) return -1;
  uint8_t *dst = bus_ram_ptr(&m->bus, pa, size);
  if (dst) memcpy(dst, data, size);
  else snprintf(err, errlen, "%s (%zu bytes) does not fit in RAM at 0x%llx", path, size, (unsigned long long)pa);
  free(data);
  return dst ? (int64_t)size : -1;
}

static bool is_elf(const char *path) {
  FILE *f = fopen(path, "rb");
  char magic[4] = {0};
  if (f) {
    if (fread(magic, 1, 4, f) != 4) magic[0] = 0;
    fclose(f);
  }
  return memcmp(magic, "\177ELF", 4) == 0;
}

int rvpmu_machine_boot(struct rvpmu_machine *mm, const struct rvpmu_boot *b, char *err, size_t errlen) {
  struct machine *m = (struct machine *)mm;
  uint64_t ram_end = m->bus.ram_base + m->bus.ram_size;
  uint64_t dtb_addr = ram_end - DTB_BYTES, kernel_entry;
  uint64_t payload = m->xlen == 64 ? RVPMU_PAYLOAD_ADDR_RV64 : RVPMU_PAYLOAD_ADDR_RV32;
  if (!b->kernel) {
    snprintf(err, errlen, "no payload (kernel) given");
    return -1;
  }
  if (is_elf(b->kernel)) {
    if (load_elf(m, b->kernel, &kernel_entry, NULL, err, errlen) != 0) return -1;
  } else {
    if (load_raw(m, b->kernel, payload, err, errlen) < 0) return -1;
    kernel_entry = payload;
  }
  struct fdt_boot fb = {.bootargs = b->append};
  if (b->initrd) {
    size_t size;
    uint8_t *data = elf_read_file(b->initrd, &size, err, errlen);
    if (!data) return -1;
    uint64_t start = (dtb_addr - size) & ~(PAGE_SIZE - 1);
    uint8_t *dst = size < dtb_addr - payload ? bus_ram_ptr(&m->bus, start, size) : NULL;
    if (dst) memcpy(dst, data, size);
    free(data);
    if (!dst) {
      snprintf(err, errlen, "%s does not fit in RAM below the device tree", b->initrd);
      return -1;
    }
    fb.initrd_start = start;
    fb.initrd_end = start + size;
  }
  uint8_t *dtb = bus_ram_ptr(&m->bus, dtb_addr, DTB_BYTES);
  free((char *)m->boot_fdt.bootargs);
  m->boot_fdt = fb;
  m->boot_fdt.bootargs = fb.bootargs ? strdup(fb.bootargs) : NULL;
  m->booted = true;
  if (fdt_build(m, &fb, dtb, DTB_BYTES) < 0) {
    snprintf(err, errlen, "device tree does not fit in %u bytes", DTB_BYTES);
    return -1;
  }
  uint64_t fw_entry = kernel_entry;
  if (b->firmware && load_elf(m, b->firmware, &fw_entry, NULL, err, errlen) != 0) return -1;
  start_harts(m, fw_entry, dtb_addr);
  return 0;
}

int rvpmu_machine_dtb(struct rvpmu_machine *mm, void *buf, size_t size) {
  const struct machine *m = (const struct machine *)mm;
  return fdt_build(m, m->booted ? &m->boot_fdt : NULL, buf, size);
}

int rvpmu_machine_write_memory(struct rvpmu_machine *mm, uint64_t paddr, const void *data, size_t len) {
  struct machine *m = (struct machine *)mm;
  uint8_t *p = bus_ram_ptr(&m->bus, paddr, len);
  if (!p) return -1;
  memcpy(p, data, len);
  for (unsigned i = 0; i < m->num_harts; i++) hart_flush_translation(m->harts[i], true);
  return 0;
}

enum rvpmu_stop rvpmu_machine_run(struct rvpmu_machine *mm, uint64_t insns) {
  struct machine *m = (struct machine *)mm;
  m->run_until_insns = insns ? machine_retired(m) + insns : 0;
  while (m->stop == RVPMU_RUNNING) {
    for (unsigned i = 0; i < m->num_harts && m->stop == RVPMU_RUNNING; i++) hart_run(m->harts[i]);
    if (m->run_until_insns && machine_retired(m) >= m->run_until_insns) break;
  }
  return m->stop;
}

enum rvpmu_stop rvpmu_machine_run_until_cycles(struct rvpmu_machine *mm, uint64_t cycles) {
  struct machine *m = (struct machine *)mm;
  m->run_until_insns = 0;
  m->run_until_cycles = cycles ? cycles : 1;
  for (unsigned i = 0; i < m->num_harts; i++) m->harts[i]->budget = 0; /* take the new limit now */
  while (m->stop == RVPMU_RUNNING && machine_clock(m) < m->run_until_cycles)
    for (unsigned i = 0; i < m->num_harts && m->stop == RVPMU_RUNNING; i++) hart_run(m->harts[i]);
  m->run_until_cycles = 0;
  return m->stop;
}

uint64_t rvpmu_machine_cycles(const struct rvpmu_machine *mm) { return machine_clock((const struct machine *)mm); }
enum rvpmu_stop rvpmu_machine_stopped(const struct rvpmu_machine *mm) { return ((const struct machine *)mm)->stop; }

int rvpmu_machine_exit_code(const struct rvpmu_machine *mm) { return ((const struct machine *)mm)->exit_code; }
const char *rvpmu_machine_stop_message(const struct rvpmu_machine *mm) {
  return ((const struct machine *)mm)->stop_message;
}

const char *rvpmu_machine_notes(const struct rvpmu_machine *mm) {
  return ((const struct machine *)mm)->notes;
}

void machine_note(struct machine *m, const char *fmt, ...) {
  size_t len = strlen(m->notes);
  if (len + 1 >= sizeof m->notes) return;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(m->notes + len, sizeof m->notes - len - 1, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  len = strlen(m->notes); /* truncated notes keep their line end */
  m->notes[len] = '\n';
  m->notes[len + 1] = '\0';
}

static struct hart *hart_of(const struct rvpmu_machine *mm, unsigned i) {
  const struct machine *m = (const struct machine *)mm;
  return i < m->num_harts ? m->harts[i] : m->harts[0];
}

uint64_t rvpmu_hart_pc(const struct rvpmu_machine *m, unsigned hart) { return hart_of(m, hart)->pc; }
void rvpmu_hart_set_pc(struct rvpmu_machine *m, unsigned hart, uint64_t pc) { hart_of(m, hart)->pc = pc; }
uint64_t rvpmu_hart_reg(const struct rvpmu_machine *m, unsigned hart, unsigned reg) {
  return reg < 32 ? hart_of(m, hart)->x[reg] : 0;
}
void rvpmu_hart_set_reg(struct rvpmu_machine *m, unsigned hart, unsigned reg, uint64_t value) {
  struct hart *h = hart_of(m, hart);
  if (reg > 0 && reg < 32) h->x[reg] = h->xlen == 32 ? (uint32_t)value : value;
}
unsigned rvpmu_hart_priv(const struct rvpmu_machine *m, unsigned hart) { return hart_of(m, hart)->priv; }
int rvpmu_csr_read(struct rvpmu_machine *m, unsigned hart, unsigned csr, uint64_t *value) {
  return csr_read_debug(hart_of(m, hart), csr, value);
}
int rvpmu_csr_write(struct rvpmu_machine *m, unsigned hart, unsigned csr, uint64_t value) {
  return csr_write_debug(hart_of(m, hart), csr, value);
}

/* An event `rvpmu list` shows for the profile although it cannot occur in this configuration
 * (it maps to EV_NONE, e.g. CV32E40P's PIPE_STALL without a cluster): stat accepts it and it
 * counts 0, so that list and stat agree. */
static bool listed_never_counts(const struct profile *p, const char *event) {
  for (const struct profile_event *e = p->events; e->name; e++)
    if (!strcmp(e->name, event)) return e->event == EV_NONE;
  return false;
}

/* perf's event modifiers: NAME:u counts in U mode, :k in S mode (the kernel's), :m in M mode
 * (rvpmu's own: the firmware's), and any combination of them; none counts in every mode.
 * Splits `event` into its name (into base[len]) and a mask of privilege modes (bit p for mode
 * p; 0 with no modifier). -1 for a modifier other than u, k, m or a name too long. */
static int split_modifiers(const char *event, char *base, size_t len, unsigned *modes) {
  const char *colon = strchr(event, ':');
  size_t n = colon ? (size_t)(colon - event) : strlen(event);
  *modes = 0;
  if (n >= len) return -1;
  memcpy(base, event, n);
  base[n] = '\0';
  if (!colon) return 0;
  if (!colon[1]) return -1;
  for (const char *c = colon + 1; *c; c++) {
    unsigned bit = *c == 'u' ? 1u << PRIV_U : *c == 'k' ? 1u << PRIV_S : *c == 'm' ? 1u << PRIV_M : 0;
    if (!bit) return -1;
    *modes |= bit;
  }
  return 0;
}

/* The profile's event for `event` (modifiers allowed), EV_NONE with *listed_only set for an
 * event listed but never counted, -1 for a bad modifier. */
static int resolve(const struct profile *p, const char *event, enum event_id *ev, unsigned *modes) {
  char base[128];
  if (split_modifiers(event, base, sizeof base, modes) != 0) return -1;
  *ev = profile_event_by_name(p, base);
  if (*ev == EV_NONE) return listed_never_counts(p, base) ? 0 : -1;
  return 0;
}

int rvpmu_watch(struct rvpmu_machine *mm, const char *event) {
  struct machine *m = (struct machine *)mm;
  enum event_id ev;
  unsigned modes;
  if (resolve(m->profile, event, &ev, &modes) != 0) return -1;
  if (ev == EV_NONE) return 0;
  for (unsigned i = 0; i < m->num_harts; i++) {
    hpm_watch_event(&m->harts[i]->hpm, ev);
    hart_update_models(m->harts[i]);
  }
  return 0;
}

int rvpmu_event_total(const struct rvpmu_machine *mm, unsigned hart, const char *event, uint64_t *count) {
  const struct machine *m = (const struct machine *)mm;
  enum event_id ev;
  unsigned modes;
  *count = 0;
  if (resolve(m->profile, event, &ev, &modes) != 0) return -1;
  if (ev == EV_NONE) return 0;
  const struct hpm *hpm = &hart_of(mm, hart)->hpm;
  if (!modes) {
    *count = hpm->acc[ev];
    return 0;
  }
  for (unsigned priv = 0; priv < 4; priv++)
    if (modes >> priv & 1) *count += hpm_mode_total(hpm, ev, priv);
  return 0;
}

const char *rvpmu_event_canonical(const struct rvpmu_machine *mm, const char *event) {
  const struct profile *p = ((const struct machine *)mm)->profile;
  enum event_id ev;
  unsigned modes;
  if (resolve(p, event, &ev, &modes) != 0) return NULL;
  return ev == EV_NONE ? "none" : event_name(ev);
}

const char *rvpmu_machine_isa(const struct rvpmu_machine *m) { return ((const struct machine *)m)->isa_name; }
const char *rvpmu_machine_core(const struct rvpmu_machine *m) { return ((const struct machine *)m)->profile->name; }
const char *rvpmu_machine_platform(const struct rvpmu_machine *m) { return ((const struct machine *)m)->platform; }
uint64_t rvpmu_machine_timebase_hz(const struct rvpmu_machine *m) { return ((const struct machine *)m)->timebase_hz; }
uint64_t rvpmu_machine_clock_hz(const struct rvpmu_machine *m) {
  return rvpmu_machine_timebase_hz(m) * ((const struct machine *)m)->cycles_per_tick;
}
unsigned rvpmu_machine_harts(const struct rvpmu_machine *m) { return ((const struct machine *)m)->num_harts; }
unsigned rvpmu_machine_counter_width(const struct rvpmu_machine *m) {
  return ((const struct machine *)m)->profile->hpm_width;
}

int rvpmu_core_isa(const char *core, char *isa, size_t len, char *err, size_t errlen) {
  struct profile *p = profile_create(core, err, (unsigned)errlen);
  if (!p) return -1;
  snprintf(isa, len, "%s", p->default_isa);
  profile_free(p);
  return 0;
}

int rvpmu_core_events(const char *core, void (*fn)(void *, const char *, uint64_t, const char *), void *ctx,
                      char *err, size_t errlen) {
  struct profile *p = profile_create(core, err, (unsigned)errlen);
  if (!p) return -1;
  for (const struct profile_event *e = p->events; e->name; e++) fn(ctx, e->name, e->selector, e->description);
  profile_free(p);
  return 0;
}
