/* libFuzzer harness: the ELF parser and segment loader on arbitrary bytes.
 *
 * Stage 1 (every input): elf_parse, then (when it accepts the file) the symbol table invariants
 * and elf_load_segments into a 4 MiB RAM at 0x80000000. elf_load_segments is also called on
 * files elf_parse rejects, since it promises to validate on its own.
 * Stage 2 (accepted files): rvpmu_machine_load_elf through a memfd, into an RV32 or RV64
 * machine, which adds the class check, the entry point and the tohost/fromhost lookup.
 *
 * Must never crash, leak or read outside the input (ASan/UBSan); failures must come with a
 * message. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "loader/elf.h"
#include "mem/bus.h"
#include "rvpmu/rvpmu.h"

#define RAM_BASE 0x80000000ull
#define RAM_BYTES (4ull << 20)

static struct bus bus;
static struct rvpmu_machine *machines[2]; /* RV32, RV64 */
static int memfd = -1;
static char memfd_path[64];
static FILE *devnull;

#define REQUIRE(cond, ...)                                      \
  do {                                                          \
    if (!(cond)) {                                              \
      fprintf(stderr, "fuzz_elf: %s: ", #cond);                 \
      fprintf(stderr, __VA_ARGS__);                             \
      fprintf(stderr, "\n");                                    \
      abort();                                                  \
    }                                                           \
  } while (0)

/* A failing call must leave a non-empty, terminated message in err. */
static void check_message(const char *what, const char *err, size_t errlen) {
  REQUIRE(memchr(err, '\0', errlen) != NULL, "%s: message not terminated", what);
  REQUIRE(err[0] != '\0', "%s failed without a message", what);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  if (bus_init(&bus, RAM_BASE, RAM_BYTES) != 0) abort();
  devnull = fopen("/dev/null", "w");
  char err[256];
  for (int i = 0; i < 2; i++) {
    struct rvpmu_config cfg = {.xlen = i ? 64 : 32, .ram_bytes = RAM_BYTES, .console = devnull};
    machines[i] = rvpmu_machine_create(&cfg, err, sizeof err);
    if (!machines[i]) {
      fprintf(stderr, "fuzz_elf: %s\n", err);
      abort();
    }
  }
  memfd = memfd_create("fuzz_elf", 0);
  if (memfd < 0) abort();
  snprintf(memfd_path, sizeof memfd_path, "/proc/self/fd/%d", memfd);
  return 0;
}

static void load_through_api(const uint8_t *data, size_t size, unsigned xlen) {
  if (ftruncate(memfd, 0) != 0 || pwrite(memfd, data, size, 0) != (ssize_t)size) abort();
  char err[512];
  memset(err, 0x55, sizeof err);
  struct rvpmu_machine *m = machines[xlen == 64];
  if (rvpmu_machine_load_elf(m, memfd_path, err, sizeof err) != 0) {
    check_message("rvpmu_machine_load_elf", err, sizeof err);
    return;
  }
  uint64_t pc = rvpmu_hart_pc(m, 0);
  REQUIRE(pc - RAM_BASE < RAM_BYTES, "entry 0x%llx accepted outside RAM", (unsigned long long)pc);
  char err2[256];
  int x = rvpmu_elf_xlen(memfd_path, err2, sizeof err2);
  REQUIRE(x == (int)xlen, "rvpmu_elf_xlen says %d for a %u-bit file it loaded", x, xlen);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char err[256];
  struct elf_image img;
  memset(err, 0x55, sizeof err);
  if (elf_parse(data, size, &img, err, sizeof err) != 0) {
    check_message("elf_parse", err, sizeof err);
    memset(err, 0x55, sizeof err);
    if (elf_load_segments(data, size, &bus, err, sizeof err) != 0) check_message("elf_load_segments", err, sizeof err);
    return 0;
  }
  REQUIRE(img.xlen == 32 || img.xlen == 64, "xlen %u", img.xlen);
  for (size_t i = 0; i < img.num_symbols; i++) {
    REQUIRE(img.symbols[i].name != NULL, "symbol %zu without a name", i);
    REQUIRE(strlen(img.symbols[i].name) < size, "symbol %zu: name longer than the file", i);
    REQUIRE(i == 0 || img.symbols[i - 1].addr <= img.symbols[i].addr, "symbols not sorted at %zu", i);
    REQUIRE(img.xlen == 64 || img.symbols[i].addr <= UINT32_MAX, "ELF32 symbol above 4 GiB");
  }
  (void)elf_symbol_addr(&img, "tohost");
  unsigned xlen = img.xlen;
  elf_image_free(&img);
  memset(err, 0x55, sizeof err);
  if (elf_load_segments(data, size, &bus, err, sizeof err) != 0) check_message("elf_load_segments", err, sizeof err);
  load_through_api(data, size, xlen);
  return 0;
}
