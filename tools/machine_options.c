/* Machine options shared by `run` and `stat`, machine creation and the run loop. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tools/commands.h"

/* Instructions per call to rvpmu_machine_run: between calls the loop looks at Ctrl-C and the
 * clock for progress lines. At ~300 MIPS that is ~30 ms. */
#define CHUNK_INSNS 10000000ull

const char machine_options_help[] =
    "  --core NAME[,opt=val...]  core profile: generic (default), ibex, cv32e40p or microblaze-v\n"
    "                            (their options: 'rvpmu list --help')\n"
    "  --isa STRING              ISA to run, e.g. rv32imac, rv64imac or rv64gc (default:\n"
    "                            the profile's extensions at the ELF file's XLEN)\n"
    "  --platform NAME           memory map: virt (QEMU virt), ibex-simple (Ibex simple system),\n"
    "                            cv32e40p-tb (CV32E40P example testbench); default: the core's\n"
    "  --harts N                 number of harts (default 1)\n"
    "  --mem MIB                 RAM size in MiB (default 128)\n"
    "  --max-insns N             stop with status 124 after N retired instructions\n"
    "  --progress                print progress on stderr every 2 s (default when stderr is a\n"
    "                            terminal)\n"
    "  -v, --verbose             say what loading did besides loading (e.g. whether HTIF was\n"
    "                            attached at the ELF's tohost symbol, or why not)\n"
    "  --firmware FILE|none      M-mode firmware ELF: every hart starts there with a0 = hart id,\n"
    "                            a1 = device tree. Default: rvpmu's SBI firmware (firmware/,\n"
    "                            built next to rvpmu) when the program is an S-mode payload (an\n"
    "                            ELF whose entry is 0x80200000 on RV64 or 0x80400000 on RV32, or\n"
    "                            --kernel); none runs the program in M mode. --bios is the same\n"
    "  --kernel FILE             S-mode payload (ELF or raw image such as Linux's Image), placed\n"
    "                            at 0x80200000 (RV64) or 0x80400000 (RV32); replaces prog.elf\n"
    "  --initrd FILE             initial RAM disk for the payload (in the device tree)\n"
    "  --append STRING           payload command line (/chosen/bootargs)\n"
    "  --dump-dtb FILE           also write the generated device tree to FILE\n";

static int parse_u64(const char *opt, const char *s, uint64_t *out) {
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 0);
  if (!*s || *end || errno || s[0] == '-') {
    fprintf(stderr, "rvpmu: %s: '%s' is not a non-negative number\n", opt, s);
    return -1;
  }
  *out = v;
  return 0;
}

/* A number in lo..hi, or one error line that says what was wrong and what is expected. */
static int parse_ranged(const char *opt, const char *s, uint64_t lo, uint64_t hi, const char *unit, uint64_t *out) {
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 0);
  if (!*s || *end || errno || s[0] == '-' || v < lo || v > hi) {
    fprintf(stderr, "rvpmu: %s: '%s' is not a number of %s in %llu..%llu\n", opt, s, unit, (unsigned long long)lo,
            (unsigned long long)hi);
    return -1;
  }
  *out = v;
  return 0;
}

int parse_machine_option(struct machine_options *o, int argc, char **argv, int *i) {
  const char *opt = argv[*i];
  static const char *const with_value[] = {"--core",   "--isa",    "--platform", "--harts",   "--mem",
                                           "--max-insns", "--bios", "--firmware", "--kernel", "--initrd", "--append",
                                           "--dump-dtb"};
  bool known = false;
  for (size_t k = 0; k < sizeof with_value / sizeof *with_value; k++) known |= !strcmp(opt, with_value[k]);
  if (!strcmp(opt, "--progress")) {
    o->progress = true;
    return 1;
  }
  if (!strcmp(opt, "-v") || !strcmp(opt, "--verbose")) {
    o->verbose = true;
    return 1;
  }
  if (!known) return 0;
  if (*i + 1 >= argc) {
    fprintf(stderr, "rvpmu: %s needs a value\n", opt);
    return -1;
  }
  const char *val = argv[++*i];
  uint64_t n;
  if (!strcmp(opt, "--core")) o->core = val;
  else if (!strcmp(opt, "--isa")) o->isa = val;
  else if (!strcmp(opt, "--platform")) o->platform = val;
  else if (!strcmp(opt, "--bios") || !strcmp(opt, "--firmware")) o->bios = val;
  else if (!strcmp(opt, "--kernel")) o->kernel = val;
  else if (!strcmp(opt, "--initrd")) o->initrd = val;
  else if (!strcmp(opt, "--append")) o->append = val;
  else if (!strcmp(opt, "--dump-dtb")) o->dump_dtb = val;
  else if (!strcmp(opt, "--max-insns")) {
    if (parse_u64(opt, val, &o->max_insns)) return -1;
  } else if (!strcmp(opt, "--harts")) {
    if (parse_ranged(opt, val, 1, 8, "harts", &n)) return -1;
    o->harts = (unsigned)n;
  } else {
    if (parse_ranged(opt, val, 1, 16384, "MiB", &n)) return -1;
    o->ram_bytes = n << 20;
  }
  return 1;
}

int parse_program_argument(const char *cmd, struct machine_options *o, int argc, char **argv, int *i) {
  int r = parse_machine_option(o, argc, argv, i);
  if (r != 0) return r;
  const char *a = argv[*i];
  if (!strcmp(a, "--")) {
    if (*i + 1 < argc) o->elf = argv[++*i];
    if (*i + 1 < argc) goto extra;
    return 1;
  }
  if (a[0] == '-') {
    fprintf(stderr, "rvpmu %s: unknown option '%s' (see 'rvpmu %s --help')\n", cmd, a, cmd);
    return -1;
  }
  if (o->elf) goto extra;
  o->elf = a;
  return 1;
extra:
  fprintf(stderr, "rvpmu %s: more than one program given (guest arguments are not supported)\n", cmd);
  return -1;
}

int require_program(const char *cmd, const struct machine_options *o) {
  if (o->elf || o->kernel) return 0;
  fprintf(stderr, "rvpmu %s: no program given (see 'rvpmu %s --help')\n", cmd, cmd);
  return -1;
}

int add_event_list(const char *cmd, char *events, size_t size, const char *list) {
  size_t len = strlen(events);
  if (!*list) {
    fprintf(stderr, "rvpmu %s: -e needs at least one event\n", cmd);
    return -1;
  }
  if ((size_t)snprintf(events + len, size - len, "%s%s", len ? "," : "", list) >= size - len) {
    fprintf(stderr, "rvpmu %s: event lists too long\n", cmd);
    return -1;
  }
  return 0;
}

/* The file whose ELF class decides the XLEN: the firmware, else the program or payload if it
 * is an ELF. NULL: use the core's default ISA (a raw payload image). */
static const char *xlen_source(const struct machine_options *o) {
  if (o->bios) return o->bios;
  const char *prog = o->kernel ? o->kernel : o->elf;
  FILE *f = fopen(prog, "rb");
  char magic[4] = {0};
  if (f) {
    if (fread(magic, 1, 4, f) != 4) magic[0] = 0;
    fclose(f);
  }
  return (!f || memcmp(magic, "\177ELF", 4) == 0) ? prog : NULL; /* missing: let the loader say so */
}

static int dump_dtb(struct rvpmu_machine *m, const char *path) {
  static char buf[64 << 10];
  int n = rvpmu_machine_dtb(m, buf, sizeof buf);
  FILE *f = fopen(path, "wb");
  if (n < 0 || !f || fwrite(buf, 1, (size_t)n, f) != (size_t)n) {
    fprintf(stderr, "rvpmu: cannot write the device tree to %s\n", path);
    if (f) fclose(f);
    return -1;
  }
  return fclose(f);
}

/* Reads an ELF's class and entry point; 0 on success. */
static int elf_entry(const char *path, unsigned *xlen, uint64_t *entry) {
  unsigned char h[32];
  FILE *f = fopen(path, "rb");
  if (!f) return -1;
  size_t n = fread(h, 1, sizeof h, f);
  fclose(f);
  if (n < sizeof h || memcmp(h, "\177ELF", 4) != 0) return -1;
  *xlen = h[4] == 2 ? 64 : 32;
  *entry = 0;
  for (unsigned i = 0; i < (*xlen == 64 ? 8u : 4u); i++) *entry |= (uint64_t)h[24 + i] << (8 * i);
  return 0;
}

/* The firmware to boot: the user's (none: no firmware), or rvpmu's own for S-mode payloads,
 * found next to the rvpmu binary (build/firmware/rvXX/rvpmu-fw.elf). NULL: none. */
static const char *choose_firmware(const struct machine_options *o, char *buf, size_t len) {
  if (o->bios) return strcmp(o->bios, "none") ? o->bios : NULL;
  unsigned xlen = 64;
  uint64_t entry = 0;
  bool payload = o->kernel != NULL;
  if (!payload && o->elf && elf_entry(o->elf, &xlen, &entry) == 0)
    payload = entry == (xlen == 64 ? RVPMU_PAYLOAD_ADDR_RV64 : RVPMU_PAYLOAD_ADDR_RV32);
  if (!payload) return NULL;
  if (o->kernel && elf_entry(o->kernel, &xlen, &entry) != 0) xlen = 64; /* a raw image: RV64 */
  char self[4096];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) return NULL;
  self[n] = '\0';
  char *slash = strrchr(self, '/');
  if (slash) *slash = '\0';
  /* Next to the binary (build/), or one level up for variant builds (build/asan/). */
  snprintf(buf, len, "%s/firmware/rv%u/rvpmu-fw.elf", self, xlen);
  if (access(buf, R_OK) != 0) snprintf(buf, len, "%s/../firmware/rv%u/rvpmu-fw.elf", self, xlen);
  return buf;
}

/* Linux's RISC-V image header: "RSC\x05" at offset 56 (Documentation/riscv/boot-image-header). */
static bool is_linux_image(const char *path) {
  unsigned char h[60];
  FILE *f = fopen(path, "rb");
  if (!f) return false;
  size_t n = fread(h, 1, sizeof h, f);
  fclose(f);
  return n == sizeof h && memcmp(h + 56, "RSC\x05", 4) == 0;
}

/* Linux (6.1) reads a counting event's counter only when perf reads or stops the event and
 * does not fold its overflows: a counter narrower than 32 bits wraps many times in a short
 * run and perf stat prints wrong totals without a warning (issue #29). Such a core is refused
 * for a Linux image (docs/linux.md, "Counter width"). */
#define LINUX_MIN_COUNTER_WIDTH 32
static int check_linux_counter_width(struct rvpmu_machine *m, const struct machine_options *o) {
  if (!o->kernel || !is_linux_image(o->kernel)) return 0;
  unsigned width = rvpmu_machine_counter_width(m);
  if (width >= LINUX_MIN_COUNTER_WIDTH) return 0;
  fprintf(stderr,
          "rvpmu: --core %s: %u-bit counters: Linux does not fold the overflows of counting events, so perf "
          "stat totals would be wrong; Linux needs counters of at least %u bits (width=%u..64)\n",
          o->core ? o->core : "generic", width, LINUX_MIN_COUNTER_WIDTH, LINUX_MIN_COUNTER_WIDTH);
  return -1;
}

/* The machine's notes on stderr, each line as "rvpmu: LINE". */
static void print_notes(const char *notes) {
  for (const char *nl; (nl = strchr(notes, '\n')); notes = nl + 1)
    fprintf(stderr, "rvpmu: %.*s\n", (int)(nl - notes), notes);
}

const char *machine_firmware(const struct machine_options *o, char *buf, size_t len) {
  return choose_firmware(o, buf, len);
}

struct rvpmu_machine *machine_from_options(const struct machine_options *opts) {
  char fw_path[4200];
  struct machine_options resolved = *opts, *o = &resolved;
  o->bios = choose_firmware(opts, fw_path, sizeof fw_path);
  if (o->bios && access(o->bios, R_OK) != 0) {
    fprintf(stderr, "rvpmu: firmware %s: %s%s\n", o->bios, strerror(errno),
            opts->bios ? "" : " (build it with 'make firmware', or give --firmware none)");
    return NULL;
  }
  char err[512];
  struct rvpmu_config cfg = {.core = o->core, .isa = o->isa, .platform = o->platform, .harts = o->harts,
                             .ram_bytes = o->ram_bytes, .max_insns = o->max_insns};
  const char *source = xlen_source(o);
  if (!o->isa && source) {
    int xlen = rvpmu_elf_xlen(source, err, sizeof err);
    if (xlen < 0) {
      fprintf(stderr, "rvpmu: %s\n", err);
      return NULL;
    }
    cfg.xlen = (unsigned)xlen;
  }
  struct rvpmu_machine *m = rvpmu_machine_create(&cfg, err, sizeof err);
  if (!m) {
    fprintf(stderr, "rvpmu: %s\n", err);
    return NULL;
  }
  int r;
  if (!o->kernel && !o->bios && (o->append || o->initrd)) {
    /* Nothing would read them: an M-mode program gets no device tree. */
    fprintf(stderr, "rvpmu: %s needs an S-mode payload (--kernel, or an ELF entered at the payload address)\n",
            o->append ? "--append" : "--initrd");
    rvpmu_machine_destroy(m);
    return NULL;
  }
  if (o->kernel || o->bios) {
    struct rvpmu_boot boot = {.firmware = o->bios, .kernel = o->kernel ? o->kernel : o->elf, .initrd = o->initrd,
                              .append = o->append};
    r = rvpmu_machine_boot(m, &boot, err, sizeof err);
  } else {
    r = rvpmu_machine_load_elf(m, o->elf, err, sizeof err);
  }
  if (r != 0) {
    /* A program linked for QEMU's virt map (RAM at 0x80000000) run on a core whose default
     * platform is another (ibex-simple, cv32e40p-tb): say which option fixes it. */
    if (!opts->platform && strcmp(rvpmu_machine_platform(m), "virt") != 0 && strstr(err, "outside RAM"))
      fprintf(stderr, "rvpmu: %s: not linked for platform %s (core %s's default); for a QEMU virt program "
              "(RAM at 0x80000000) add --platform virt\n", err, rvpmu_machine_platform(m), rvpmu_machine_core(m));
    else fprintf(stderr, "rvpmu: %s\n", err);
    rvpmu_machine_destroy(m);
    return NULL;
  }
  if (check_linux_counter_width(m, o) != 0) {
    rvpmu_machine_destroy(m);
    return NULL;
  }
  if (o->verbose) print_notes(rvpmu_machine_notes(m));
  if (o->dump_dtb && dump_dtb(m, o->dump_dtb) != 0) {
    rvpmu_machine_destroy(m);
    return NULL;
  }
  return m;
}

static volatile sig_atomic_t interrupted;
static void on_sigint(int sig) {
  (void)sig;
  interrupted = 1;
}

double host_now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int run_to_end(struct rvpmu_machine *m, const struct machine_options *o, double *host_seconds) {
  bool progress = o->progress || isatty(STDERR_FILENO);
  struct sigaction sa = {.sa_handler = on_sigint}, old;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &old);
  double start = host_now_seconds(), last = start;
  enum rvpmu_stop stop;
  for (;;) {
    stop = rvpmu_machine_run(m, CHUNK_INSNS);
    if (stop != RVPMU_RUNNING || interrupted) break;
    double t = host_now_seconds();
    if (progress && t - last >= 2.0) {
      uint64_t insns = 0;
      for (unsigned h = 0; h < rvpmu_machine_harts(m); h++) {
        uint64_t n = 0;
        if (rvpmu_event_total(m, h, "instructions", &n) == 0) insns += n;
      }
      fprintf(stderr, "rvpmu: %.1f s, %llu instructions, %.0f MIPS\n", t - start, (unsigned long long)insns,
              (double)insns / (t - start) / 1e6);
      last = t;
    }
  }
  *host_seconds = host_now_seconds() - start;
  sigaction(SIGINT, &old, NULL);
  if (interrupted) {
    fprintf(stderr, "rvpmu: interrupted\n");
    return 130;
  }
  return exit_status_of(m, stop);
}

int exit_status_of(struct rvpmu_machine *m, enum rvpmu_stop stop) {
  switch (stop) {
    case RVPMU_STOP_EXIT: return rvpmu_machine_exit_code(m) & 0xff;
    case RVPMU_STOP_MAX_INSNS:
      fprintf(stderr, "rvpmu: %s\n", rvpmu_machine_stop_message(m));
      return EXIT_MAX_INSNS;
    default:
      fprintf(stderr, "rvpmu: %s\n", rvpmu_machine_stop_message(m));
      return EXIT_SIM_ERROR;
  }
}
