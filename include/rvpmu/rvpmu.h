/* rvpmu embedding API: create a machine, load a program, run it for N instructions, read and
 * write registers, CSRs and counters. Used by the rvpmu command and by the tests.
 *
 * Functions that can fail return a negative value (or NULL) and write a message into the
 * caller's error buffer. */
#ifndef RVPMU_RVPMU_H
#define RVPMU_RVPMU_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

struct rvpmu_machine;

struct rvpmu_config {
  const char *core;        /* profile with options, e.g. "generic" or "generic,counters=4"; NULL = generic */
  const char *isa;         /* e.g. "rv64imac"; NULL = the profile's extensions at `xlen` */
  unsigned xlen;           /* with isa == NULL: 32 or 64 (0 = the profile's default ISA) */
  const char *platform;    /* e.g. "virt"; NULL = the profile's default */
  unsigned harts;          /* 0 = 1 */
  uint64_t ram_bytes;      /* 0 = the platform's (virt: 128 MiB) */
  uint64_t max_insns;      /* stop after this many retired instructions; 0 = no limit */
  FILE *console;           /* guest console output; NULL = stdout */
};

enum rvpmu_stop {
  RVPMU_RUNNING = 0,       /* not stopped (run() returned because its own count was reached) */
  RVPMU_STOP_EXIT,         /* the guest exited; see rvpmu_machine_exit_code */
  RVPMU_STOP_MAX_INSNS,    /* the configured instruction limit was reached */
  RVPMU_STOP_ERROR,        /* the simulation cannot go on (see rvpmu_machine_stop_message) */
};

struct rvpmu_machine *rvpmu_machine_create(const struct rvpmu_config *cfg, char *err, size_t errlen);
void rvpmu_machine_destroy(struct rvpmu_machine *m);

/* Loads an ELF executable, sets every hart's pc to its entry and finds tohost/fromhost. The
 * ELF class must match the machine's XLEN (see rvpmu_elf_xlen to choose it). */
int rvpmu_machine_load_elf(struct rvpmu_machine *m, const char *path, char *err, size_t errlen)
    __attribute__((warn_unused_result));

/* Boots firmware and an S-mode payload the way QEMU's virt machine does with -bios/-kernel:
 * the firmware ELF is loaded and every hart starts at its entry with a0 = hart id and a1 = the
 * device tree's address (top of RAM); the payload (an ELF, or a raw image such as Linux's Image)
 * is placed at RVPMU_PAYLOAD_ADDR_RV64/RV32, the initrd below the device tree, `append` becomes
 * /chosen/bootargs. Without firmware the payload itself starts in M mode at its entry. */
#define RVPMU_PAYLOAD_ADDR_RV64 0x80200000ull
#define RVPMU_PAYLOAD_ADDR_RV32 0x80400000ull
struct rvpmu_boot {
  const char *firmware; /* M-mode firmware ELF, or NULL */
  const char *kernel;   /* payload: ELF or raw image; required */
  const char *initrd;   /* initial RAM disk, or NULL */
  const char *append;   /* kernel command line, or NULL */
};
int rvpmu_machine_boot(struct rvpmu_machine *m, const struct rvpmu_boot *boot, char *err, size_t errlen)
    __attribute__((warn_unused_result));

/* Writes the machine's device tree (as given to the firmware) into buf; returns its size or a
 * negative value if it does not fit. */
int rvpmu_machine_dtb(struct rvpmu_machine *m, void *buf, size_t size) __attribute__((warn_unused_result));

/* XLEN of an ELF file (32 or 64), or a negative value with a message (not an ELF, wrong
 * machine, truncated). */
int rvpmu_elf_xlen(const char *path, char *err, size_t errlen) __attribute__((warn_unused_result));

/* Copies bytes into guest physical memory (RAM only). */
int rvpmu_machine_write_memory(struct rvpmu_machine *m, uint64_t paddr, const void *data, size_t len)
    __attribute__((warn_unused_result));

/* Runs until `insns` more instructions have retired (0 = no limit) or the machine stops. */
enum rvpmu_stop rvpmu_machine_run(struct rvpmu_machine *m, uint64_t insns);

/* Runs until the machine clock (rvpmu_machine_cycles) reaches `cycles` or the machine stops.
 * The clock is checked where the dispatch loop already checks its budget (design.md decision
 * 3), so it stops at the first instruction boundary at or after `cycles`: a multi-cycle
 * instruction or a stall can carry it a few cycles past. For sampling counters over time
 * (rvpmu stat -I). */
enum rvpmu_stop rvpmu_machine_run_until_cycles(struct rvpmu_machine *m, uint64_t cycles);
/* The machine clock in core cycles since reset (the furthest hart; WFI time included). */
uint64_t rvpmu_machine_cycles(const struct rvpmu_machine *m);
/* Why the machine stopped (RVPMU_RUNNING if it has not). */
enum rvpmu_stop rvpmu_machine_stopped(const struct rvpmu_machine *m);

int rvpmu_machine_exit_code(const struct rvpmu_machine *m);
const char *rvpmu_machine_stop_message(const struct rvpmu_machine *m);
/* What creating and loading the machine noticed and did not treat as an error (such as where
 * HTIF was attached, or why an ELF's tohost was not used): lines ending in '\n', "" if none. */
const char *rvpmu_machine_notes(const struct rvpmu_machine *m);

/* Register and CSR access on hart `hart` (as M mode, without privilege checks). Reads of
 * counters (mcycle, minstret, mhpmcounterN and their views) and of mhpmeventN give all 64 bits
 * on RV32 too; other CSRs read XLEN bits. Writes to read-only CSRs and reads or writes of CSRs
 * that do not exist return -1. */
uint64_t rvpmu_hart_pc(const struct rvpmu_machine *m, unsigned hart);
void rvpmu_hart_set_pc(struct rvpmu_machine *m, unsigned hart, uint64_t pc);
uint64_t rvpmu_hart_reg(const struct rvpmu_machine *m, unsigned hart, unsigned reg);
void rvpmu_hart_set_reg(struct rvpmu_machine *m, unsigned hart, unsigned reg, uint64_t value);
int rvpmu_csr_read(struct rvpmu_machine *m, unsigned hart, unsigned csr, uint64_t *value)
    __attribute__((warn_unused_result));
int rvpmu_csr_write(struct rvpmu_machine *m, unsigned hart, unsigned csr, uint64_t value)
    __attribute__((warn_unused_result));
unsigned rvpmu_hart_priv(const struct rvpmu_machine *m, unsigned hart);

/* Host-side event counting, independent of the guest's counter CSRs (what rvpmu stat uses):
 * the number of `event` (a name from rvpmu_event_names / the profile, or rNNNN) on a hart since
 * the machine was created. rvpmu_watch must be called before running for events other than
 * cycles and instructions. Returns a negative value for an event the profile cannot count.
 * perf's modifiers count by privilege mode: "instructions:u" in U mode, ":k" in S mode, ":m"
 * (rvpmu's own) in M mode, combinations such as ":uk" in each of them. */
int rvpmu_watch(struct rvpmu_machine *m, const char *event) __attribute__((warn_unused_result));
int rvpmu_event_total(const struct rvpmu_machine *m, unsigned hart, const char *event, uint64_t *count)
    __attribute__((warn_unused_result));
/* The simulator's own name of what `event` counts on this machine's core (rvpmu_event_names:
 * "instructions" for Ibex's NumInstrRet, "dcache-read-misses" for L1-dcache-load-misses), or
 * NULL if the core cannot count it. Tools use it to pair events whatever the core calls them. */
const char *rvpmu_event_canonical(const struct rvpmu_machine *m, const char *event);

/* Exact profiling (rvpmu record; docs/profiling.md): attaches the profiler, which attributes
 * every count of the named events (at most 16) to the instruction, mode, hart and calling
 * context that caused it, until rvpmu_profile_write writes the data file (with `meta`, lines
 * "key=value\n", in its header) and rvpmu_profile_stop detaches it. Start before running. */
int rvpmu_profile_start(struct rvpmu_machine *m, const char *const *events, unsigned n, char *err, size_t errlen)
    __attribute__((warn_unused_result));
/* After rvpmu_profile_start, before running: the functions of the program, n ranges [start,
 * end) as ranges[2 * i], ranges[2 * i + 1] (what a report will call functions), which decide
 * where recursion folds (a call from a function already on the context path opens no new
 * context); and call_depth, the most context levels below a root (0: no limit). Without
 * ranges each call site counts as a function of its own (more contexts, still exact). */
int rvpmu_profile_functions(struct rvpmu_machine *m, const uint64_t *ranges, size_t n, unsigned call_depth,
                            char *err, size_t errlen) __attribute__((warn_unused_result));
int rvpmu_profile_write(struct rvpmu_machine *m, const char *path, const char *meta, char *err, size_t errlen)
    __attribute__((warn_unused_result));
void rvpmu_profile_stop(struct rvpmu_machine *m);

/* Description of the machine: ISA string, core, platform, clock frequency in Hz. */
const char *rvpmu_machine_isa(const struct rvpmu_machine *m);
const char *rvpmu_machine_core(const struct rvpmu_machine *m);
const char *rvpmu_machine_platform(const struct rvpmu_machine *m);
uint64_t rvpmu_machine_clock_hz(const struct rvpmu_machine *m);
uint64_t rvpmu_machine_timebase_hz(const struct rvpmu_machine *m);
unsigned rvpmu_machine_harts(const struct rvpmu_machine *m);
/* Bits of the core's programmable counters (mhpmcounterN); mcycle and minstret may be wider. */
unsigned rvpmu_machine_counter_width(const struct rvpmu_machine *m);

/* Events of a core profile, for rvpmu list: calls `fn` for each with name, mhpmevent selector
 * value and description. Returns a negative value for an unknown core. */
int rvpmu_core_events(const char *core, void (*fn)(void *ctx, const char *name, uint64_t selector,
                                                   const char *description),
                      void *ctx, char *err, size_t errlen) __attribute__((warn_unused_result));
/* The ISA string a core profile runs when none is given (e.g. "rv32imfc" for cv32e40p,fpu=on)
 * into isa[len]. Returns a negative value for an unknown core or bad options. */
int rvpmu_core_isa(const char *core, char *isa, size_t len, char *err, size_t errlen)
    __attribute__((warn_unused_result));

#ifdef __cplusplus
}
#endif
#endif
