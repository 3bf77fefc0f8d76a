/* The physical address space of a machine: one RAM region plus memory-mapped devices. */
#ifndef RVPMU_MEM_BUS_H
#define RVPMU_MEM_BUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Results of a device access besides 0 (done). */
#define BUS_FAULT (-1)      /* no device or an unsupported access: access fault */
#define BUS_BREAK 1         /* done, and machine state changed: end the block after this insn */

struct device {
  const char *name;
  uint64_t base, size;
  /* Reads `size` bytes (1, 2, 4, 8) at `offset` into *value. Returns 0 or BUS_FAULT. */
  int (*read)(void *ctx, uint64_t offset, unsigned size, uint64_t *value);
  /* Writes; returns 0, BUS_BREAK or BUS_FAULT. */
  int (*write)(void *ctx, uint64_t offset, unsigned size, uint64_t value);
  void *ctx;
  void *owned;  /* device state allocated for this machine, freed with the bus (or NULL) */
};

#define BUS_MAX_DEVICES 8
#define BUS_MAX_RAM_DEVICES 2

struct bus {
  uint64_t ram_base, ram_size;
  uint8_t *ram;          /* ram_size bytes, mapped lazily so untouched RAM costs no memory */
  uint8_t *watched;      /* one byte per RAM page: 1 = a RAM device lies there, so stores must
                          * take the slow path (no store TLB entry) and reach bus_write */
  struct device devices[BUS_MAX_DEVICES];
  unsigned num_devices;
  struct device ram_devices[BUS_MAX_RAM_DEVICES]; /* see bus_add_ram_device */
  unsigned num_ram_devices;
};

int bus_init(struct bus *bus, uint64_t ram_base, uint64_t ram_size) __attribute__((warn_unused_result));
void bus_destroy(struct bus *bus);
int bus_add_device(struct bus *bus, const struct device *dev) __attribute__((warn_unused_result));
/* A device that lives in RAM (HTIF's tohost): loads read the RAM as usual; a store writes the
 * RAM and then calls dev->write with what it wrote (its result is the store's: 0 or
 * BUS_BREAK). dev->read is not used. */
int bus_add_ram_device(struct bus *bus, const struct device *dev) __attribute__((warn_unused_result));

/* Host pointer to RAM at physical address pa if [pa, pa+len) lies in RAM, else NULL. */
static inline uint8_t *bus_ram_ptr(const struct bus *bus, uint64_t pa, uint64_t len) {
  uint64_t off = pa - bus->ram_base;
  if (off >= bus->ram_size || len > bus->ram_size - off) return NULL;
  return bus->ram + off;
}

/* Whether RAM or a device answers at [pa, pa + size) (no access is made). */
bool bus_maps(const struct bus *bus, uint64_t pa, unsigned size);
/* The name of the device (not RAM) whose registers cover [pa, pa + size), or NULL. */
const char *bus_device_name(const struct bus *bus, uint64_t pa, unsigned size);

/* Device or RAM access at physical address pa (aligned, size 1/2/4/8). */
int bus_read(struct bus *bus, uint64_t pa, unsigned size, uint64_t *value) __attribute__((warn_unused_result));
int bus_write(struct bus *bus, uint64_t pa, unsigned size, uint64_t value) __attribute__((warn_unused_result));

#endif
