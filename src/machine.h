/* A machine: RAM and devices on a bus, N harts of one core profile, and why it stopped. */
#ifndef RVPMU_MACHINE_H
#define RVPMU_MACHINE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "dev/fdt.h"
#include "hart/hart.h"
#include "mem/bus.h"
#include "profiles/profile.h"
#include "rvpmu/rvpmu.h"

#define MACHINE_MAX_HARTS 8

/* Longest ISA string (with its terminating NUL) --isa takes and the machine shows. */
#define RVPMU_ISA_MAX 512

struct machine {
  struct bus bus;
  struct hart *harts[MACHINE_MAX_HARTS];
  unsigned num_harts;
  struct profile *profile;
  unsigned xlen;
  char isa[128];                /* ISA string it runs, canonical lower case: "rv" XLEN and the
                                 * single-letter extensions only */
  unsigned isa_ext;             /* the optional multi-letter extensions it runs (enum isa_ext) */
  char isa_name[RVPMU_ISA_MAX];           /* the ISA as shown to users: isa and the optional extensions */
  const char *platform;         /* platform name */
  uint64_t reset_pc, mtvec_reset; /* the platform's reset state */
  bool fixed_reset_pc;          /* harts start at reset_pc even when an ELF names another entry */

  /* Time: mtime = clock / cycles_per_tick + mtime_offset, where the clock is the cycle count of
   * the hart that has run furthest (sleep included). Set by the platform. */
  unsigned cycles_per_tick;
  uint64_t timebase_hz;
  uint64_t mtime_offset;        /* added to the cycle-derived time by mtime writes */
  uint64_t mtimecmp[MACHINE_MAX_HARTS]; /* CLINT-style compare values (dev/clint.c, dev/ibex_simple.c) */
  /* The platform's timer: whether hart `hart`'s machine timer interrupt (MTIP) is pending now,
   * and the machine clock at which it next becomes pending (UINT64_MAX: not by itself). */
  bool (*timer_pending)(struct machine *m, unsigned hart);
  uint64_t (*timer_deadline)(const struct machine *m, unsigned hart);
  void *timer_state;            /* the timer device's own state */
  /* Called when hart `hart` takes the machine timer interrupt (NULL: nothing happens); the
   * CV32E40P testbench clears its request on that acknowledge. */
  void (*timer_ack)(struct machine *m, unsigned hart);

  /* HTIF (found through the ELF's tohost/fromhost symbols; 0 if absent). */
  uint64_t tohost, fromhost;

  FILE *console;                /* where the UART and HTIF console write (stdout) */
  struct fdt_boot boot_fdt;     /* what rvpmu_machine_boot put in /chosen (bootargs copied) */
  bool booted;                  /* rvpmu_machine_boot placed a device tree */

  /* Stop state. */
  enum rvpmu_stop stop;         /* RVPMU_RUNNING while running */
  int exit_code;                /* guest exit code when stop == RVPMU_STOP_EXIT */
  char stop_message[256];       /* why it stopped, for errors */
  char notes[1024];             /* what loading noticed, one line each (rvpmu_machine_notes) */
  uint64_t insn_limit;          /* stop after this many retired instructions (all harts), 0 = none */
  uint64_t run_until_insns;     /* rvpmu_machine_run's own limit for the current call */
  uint64_t run_until_cycles;    /* rvpmu_machine_run_until_cycles' clock limit, 0 = none */
  bool yield;                   /* several harts: a sleeping hart was woken, so the running one
                                 * ends its slice at its next slow check (machine_yield) */
};

/* Total instructions retired by all harts. */
uint64_t machine_retired(const struct machine *m);
/* The machine clock in cycles: the furthest running hart's clock (every hart's when all
 * sleep in WFI; deterministic). */
uint64_t machine_clock(const struct machine *m);
/* An interrupt became pending for hart `o`: if it sleeps in WFI while another runs, the
 * running hart ends its slice soon, so that `o` wakes when it was woken, not a slice later. */
void machine_yield(struct machine *m, const struct hart *o);
/* Hart `h` leaves WFI: its clock catches up with the machine clock (the time it slept). */
void machine_wake(struct machine *m, struct hart *h);
/* mtime: the clock in timer ticks, plus writes. */
uint64_t machine_mtime(const struct machine *m);
/* mtime as hart `h` reads it (the time CSR): never less than it read before. */
uint64_t machine_mtime_seen(struct machine *m, struct hart *h);
/* The clock at which mtime reaches `ticks` (UINT64_MAX if never). */
uint64_t machine_clock_at_mtime(const struct machine *m, uint64_t ticks);
/* Ends the run with exit code `code`. */
void machine_exit(struct machine *m, int code);
/* Adds a line to the machine's notes (rvpmu_machine_notes; shown by rvpmu -v). */
void machine_note(struct machine *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Ends the run with an error message. */
void machine_fail(struct machine *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Recomputes MTIP/MSIP of every hart after CLINT state or time changed. */
void machine_update_timer_irqs(struct machine *m);

/* Platform set-up (dev/platform.c): adds RAM and devices for `name`. */
int platform_setup(struct machine *m, const char *name, uint64_t ram_size, char *err, unsigned errlen)
    __attribute__((warn_unused_result));

/* Puts the HTIF device (dev/htif.c) over the RAM word `tohost` (8-byte aligned), replying in
 * `fromhost` (0: none). Returns 0, or -1 if tohost is not such a word of RAM. */
int htif_attach(struct machine *m, uint64_t tohost, uint64_t fromhost) __attribute__((warn_unused_result));

#endif
