/* The machine's device tree (libfdt), as firmware and Linux read it: cpus with their ISA
 * extensions, memory, CLINT, UART, the test device as syscon power-off/reboot, and the
 * riscv,pmu node generated from the core profile's event table. */
#ifndef RVPMU_DEV_FDT_H
#define RVPMU_DEV_FDT_H

#include <stddef.h>
#include <stdint.h>

struct machine;

struct fdt_boot {
  const char *bootargs;               /* /chosen/bootargs, or NULL */
  uint64_t initrd_start, initrd_end;  /* 0, 0 if none */
};

/* Writes the flattened device tree into buf (size bytes). Returns its size, or -1 if it does
 * not fit or libfdt fails. */
int fdt_build(const struct machine *m, const struct fdt_boot *boot, void *buf, size_t size);

#endif
