/* What the firmware knows about the machine, all of it from the device tree it is handed (so the
 * same firmware runs on rvpmu's virt platform and on QEMU's): RAM, harts, CLINT, UART, the SiFive
 * test device that powers off, the timebase. */
#ifndef FW_PLATFORM_H
#define FW_PLATFORM_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/errors.h"
#include "lib/fdt.h"

#define FW_MAX_HARTS 8 /* harts with larger ids park at boot (docs/sbi.md) */
#define FW_MAX_RAM 4   /* memory regions remembered */

struct platform {
  uint64_t ram_base[FW_MAX_RAM]; /* RAM regions from /memory nodes */
  uint64_t ram_size[FW_MAX_RAM];
  unsigned num_ram;
  uint32_t hart_mask;      /* bit h: hart id h is a cpu node with status okay (h < FW_MAX_HARTS) */
  uint32_t timebase_hz;    /* /cpus timebase-frequency, 0 if absent */
  uintptr_t clint;         /* CLINT base (sifive,clint0 / riscv,clint0), 0 if none */
  uintptr_t uart;          /* ns16550 base, 0 if none */
  unsigned uart_shift;     /* reg-shift: register i is at uart + (i << shift) */
  uintptr_t test;          /* SiFive test device (sifive,test0), 0 if none */
  int pmu_node;            /* offset of the riscv,pmu node in `fdt`, negative if none */
  struct fdt fdt;          /* the device tree, kept for the PMU event map */
  const char *model;       /* /model, "" if absent */
};

extern struct platform platform;

/* Parses the device tree at `dtb` into `platform`. */
int platform_init(const void *dtb) FW_MUST_CHECK;

/* Whether `hartid` names a hart of this machine that the firmware serves. */
bool platform_hart_valid(unsigned long hartid);

/* Whether [pa, pa + size) lies inside one RAM region and outside the firmware's own image, i.e.
 * memory that belongs to the supervisor. A size of 0 checks the address alone. Every address S
 * mode hands the firmware goes through here before it is touched: PMP binds S and U mode, not
 * M mode (the firmware sets no L bit), so nothing else would stop the firmware from writing
 * wherever it is told. */
bool platform_smode_ram(uint64_t pa, uint64_t size);

#endif
