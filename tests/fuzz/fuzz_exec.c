/* libFuzzer harness: whole-machine execution of arbitrary bytes.
 *
 * Input: one configuration byte, then the program.
 *   bit 0     XLEN: 0 = RV32, 1 = RV64
 *   bit 1     watch every event of the core (all host-side accumulators active)
 *   bit 2     two harts instead of one (FUZZ_EXEC_HARTS=1 in the environment keeps one)
 * The program is copied to 0x80000000 (where every hart starts) in a 1 MiB RAM, and the machine
 * runs with rvpmu_machine_run(m, 10000). The guest may use every device (UART output goes to
 * /dev/null, the test device ends the run).
 *
 * Trap handlers: unless FUZZ_EXEC_RAW=1, the harness points mtvec and stvec at handlers in the
 * last 256 bytes of RAM that skip the trapping instruction (xepc += 4; xRET), and turns every
 * CSR instruction that names mtvec or stvec into a NOP (at every 2-byte offset). Without that,
 * almost every random program ends in a trap loop (mtvec = 0 gives a fetch access fault at the
 * vector; a vector on an illegal instruction traps again), in which no instruction retires, and
 * rvpmu_machine_run(m, N) never returns: a known bug, see README.md.
 *
 * Checks: no crash, no sanitizer report, no hang (libFuzzer -timeout), and
 *   - RVPMU_RUNNING after run(10000) means exactly 10000 more instructions retired (10001 is
 *     tolerated unless FUZZ_EXEC_STRICT=1: a block that ends in a system instruction overshoots
 *     the budget by one, see README.md);
 *   - RVPMU_STOP_ERROR comes with a message;
 *   - a second run() of a stopped machine returns at once with the same state. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rvpmu/rvpmu.h"

#define RAM_BASE 0x80000000ull
#define RAM_BYTES (1ull << 20)
#define HANDLERS (RAM_BASE + RAM_BYTES - 256)
#define RUN_INSNS 10000
#define CSR_STVEC 0x105
#define CSR_MTVEC 0x305

static FILE *devnull;
static int raw_mode, strict, max_harts = 2;
static const char *event_names[64];
static unsigned num_events;

#define REQUIRE(cond, ...)                                      \
  do {                                                          \
    if (!(cond)) {                                              \
      fprintf(stderr, "fuzz_exec: %s: ", #cond);                \
      fprintf(stderr, __VA_ARGS__);                             \
      fprintf(stderr, "\n");                                    \
      abort();                                                  \
    }                                                           \
  } while (0)

/* M handler: csrr t0, mepc; addi t0, t0, 4; csrw mepc, t0; mret.
 * S handler: csrr t0, sepc; addi t0, t0, 4; csrw sepc, t0; sret. */
static const uint32_t handlers[8] = {0x341022f3, 0x00428293, 0x34129073, 0x30200073,
                                     0x141022f3, 0x00428293, 0x14129073, 0x10200073};

/* Replaces CSR instructions (SYSTEM opcode, funct3 != 0) on mtvec or stvec by ADDI x0, x0, 0. */
static void guard_vectors(uint8_t *p, size_t size) {
  for (size_t off = 0; off + 4 <= size; off += 2) {
    uint32_t w = (uint32_t)p[off] | (uint32_t)p[off + 1] << 8 | (uint32_t)p[off + 2] << 16 | (uint32_t)p[off + 3] << 24;
    unsigned csr = w >> 20;
    if ((w & 0x7f) == 0x73 && (w >> 12 & 7) != 0 && (csr == CSR_MTVEC || csr == CSR_STVEC)) {
      static const uint8_t nop[4] = {0x13, 0, 0, 0};
      memcpy(p + off, nop, 4);
    }
  }
}

static void add_event(void *ctx, const char *name, uint64_t selector, const char *description) {
  (void)ctx, (void)selector, (void)description;
  if (num_events < sizeof event_names / sizeof *event_names) event_names[num_events++] = strdup(name);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  devnull = fopen("/dev/null", "w");
  const char *e = getenv("FUZZ_EXEC_RAW");
  raw_mode = e && *e == '1';
  e = getenv("FUZZ_EXEC_STRICT");
  strict = e && *e == '1';
  e = getenv("FUZZ_EXEC_HARTS");
  if (e && *e == '1') max_harts = 1;
  char err[256];
  if (rvpmu_core_events("generic", add_event, NULL, err, sizeof err) != 0) abort();
  return 0;
}

static uint64_t total_insns(struct rvpmu_machine *m) {
  uint64_t sum = 0;
  for (unsigned h = 0; h < rvpmu_machine_harts(m); h++) {
    uint64_t n = 0;
    REQUIRE(rvpmu_event_total(m, h, "instructions", &n) == 0, "instructions not countable");
    sum += n;
  }
  return sum;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  uint8_t conf = data[0];
  data++, size--;
  size_t room = raw_mode ? RAM_BYTES : RAM_BYTES - 256;
  if (size > room) size = room;

  struct rvpmu_config cfg = {.xlen = conf & 1 ? 64 : 32,
                             .harts = (conf & 4) && max_harts == 2 ? 2 : 1,
                             .ram_bytes = RAM_BYTES,
                             .console = devnull};
  char err[256];
  struct rvpmu_machine *m = rvpmu_machine_create(&cfg, err, sizeof err);
  REQUIRE(m != NULL, "rvpmu_machine_create: %s", err);
  if (conf & 2)
    for (unsigned i = 0; i < num_events; i++) REQUIRE(rvpmu_watch(m, event_names[i]) == 0, "watch %s", event_names[i]);
  uint8_t *prog = malloc(size ? size : 1);
  REQUIRE(prog != NULL, "out of memory");
  memcpy(prog, data, size);
  if (!raw_mode) guard_vectors(prog, size);
  REQUIRE(rvpmu_machine_write_memory(m, RAM_BASE, prog, size) == 0, "program of %zu bytes", size);
  free(prog);
  if (!raw_mode) {
    REQUIRE(rvpmu_machine_write_memory(m, HANDLERS, handlers, sizeof handlers) == 0, "handlers");
    for (unsigned h = 0; h < cfg.harts; h++) {
      REQUIRE(rvpmu_csr_write(m, h, CSR_MTVEC, HANDLERS) == 0, "mtvec");
      REQUIRE(rvpmu_csr_write(m, h, CSR_STVEC, HANDLERS + 16) == 0, "stvec");
    }
  }

  uint64_t before = total_insns(m);
  enum rvpmu_stop stop = rvpmu_machine_run(m, RUN_INSNS);
  uint64_t after = total_insns(m);
  REQUIRE(stop <= RVPMU_STOP_ERROR, "stop %d", (int)stop);
  uint64_t ran = after - before, slack = strict ? 0 : 1;
  if (stop == RVPMU_RUNNING)
    REQUIRE(ran >= RUN_INSNS && ran <= RUN_INSNS + slack, "run(%d) returned RUNNING after %llu instructions",
            RUN_INSNS, (unsigned long long)ran);
  else
    REQUIRE(ran <= RUN_INSNS + slack, "run(%d) retired %llu instructions", RUN_INSNS, (unsigned long long)ran);
  if (stop == RVPMU_STOP_ERROR) {
    const char *msg = rvpmu_machine_stop_message(m);
    REQUIRE(msg && msg[0], "error stop without a message");
  }
  for (unsigned h = 0; h < cfg.harts; h++)
    for (unsigned r = 0; r < 32; r++) (void)rvpmu_hart_reg(m, h, r);
  if (stop != RVPMU_RUNNING) {
    enum rvpmu_stop again = rvpmu_machine_run(m, RUN_INSNS);
    REQUIRE(again == stop && total_insns(m) == after, "a stopped machine ran on");
  }
  rvpmu_machine_destroy(m);
  return 0;
}
