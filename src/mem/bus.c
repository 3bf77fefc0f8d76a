/* Physical memory: RAM and device dispatch (see bus.h). */
#include "mem/bus.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

int bus_init(struct bus *bus, uint64_t ram_base, uint64_t ram_size) {
  memset(bus, 0, sizeof *bus);
  /* mmap'd anonymous memory is zero and only pages the guest touches use host memory. */
  void *ram = mmap(NULL, ram_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (ram == MAP_FAILED) return -1;
  bus->watched = calloc(ram_size >> 12, 1);
  if (!bus->watched) {
    munmap(ram, ram_size);
    return -1;
  }
  bus->ram = ram;
  bus->ram_base = ram_base;
  bus->ram_size = ram_size;
  return 0;
}

void bus_destroy(struct bus *bus) {
  for (unsigned i = 0; i < bus->num_devices; i++) free(bus->devices[i].owned);
  if (bus->ram) munmap(bus->ram, bus->ram_size);
  free(bus->watched);
  memset(bus, 0, sizeof *bus);
}

int bus_add_device(struct bus *bus, const struct device *dev) {
  if (!dev->name || bus->num_devices == BUS_MAX_DEVICES) { /* no name: its state could not be allocated */
    free(dev->owned);
    return -1;
  }
  bus->devices[bus->num_devices++] = *dev;
  return 0;
}

int bus_add_ram_device(struct bus *bus, const struct device *dev) {
  if (!dev->write || !bus_ram_ptr(bus, dev->base, dev->size) || bus->num_ram_devices == BUS_MAX_RAM_DEVICES)
    return -1;
  bus->ram_devices[bus->num_ram_devices++] = *dev;
  for (uint64_t pa = dev->base & ~0xfffull; pa < dev->base + dev->size; pa += 0x1000)
    bus->watched[(pa - bus->ram_base) >> 12] = 1;
  return 0;
}

/* A store of [pa, pa + size) to a watched RAM page: the RAM devices it touches see it. */
static int ram_devices_write(struct bus *bus, uint64_t pa, unsigned size, uint64_t value) {
  int r = 0;
  for (unsigned i = 0; i < bus->num_ram_devices; i++) {
    const struct device *d = &bus->ram_devices[i];
    if (pa - d->base < d->size && d->write(d->ctx, pa - d->base, size, value) == BUS_BREAK) r = BUS_BREAK;
  }
  return r;
}

static const struct device *find_device(const struct bus *bus, uint64_t pa, unsigned size) {
  for (unsigned i = 0; i < bus->num_devices; i++) {
    const struct device *d = &bus->devices[i];
    if (pa - d->base < d->size && size <= d->size - (pa - d->base)) return d;
  }
  return NULL;
}

bool bus_maps(const struct bus *bus, uint64_t pa, unsigned size) {
  return bus_ram_ptr(bus, pa, size) || find_device(bus, pa, size);
}

const char *bus_device_name(const struct bus *bus, uint64_t pa, unsigned size) {
  const struct device *d = find_device(bus, pa, size);
  return d ? d->name : NULL;
}

/* Fixed-size copies the compiler inlines (a variable-size memcpy is a libc call). */
static uint64_t ram_load(const uint8_t *p, unsigned size) {
  uint8_t b;
  uint16_t h;
  uint32_t w;
  uint64_t d;
  switch (size) {
    case 1: memcpy(&b, p, 1); return b;
    case 2: memcpy(&h, p, 2); return h;
    case 4: memcpy(&w, p, 4); return w;
    default: memcpy(&d, p, 8); return d;
  }
}

static void ram_store(uint8_t *p, unsigned size, uint64_t v) {
  uint8_t b = (uint8_t)v;
  uint16_t h = (uint16_t)v;
  uint32_t w = (uint32_t)v;
  switch (size) {
    case 1: memcpy(p, &b, 1); break;
    case 2: memcpy(p, &h, 2); break;
    case 4: memcpy(p, &w, 4); break;
    default: memcpy(p, &v, 8); break;
  }
}

int bus_read(struct bus *bus, uint64_t pa, unsigned size, uint64_t *value) {
  uint8_t *p = bus_ram_ptr(bus, pa, size);
  if (p) {
    *value = ram_load(p, size); /* little-endian host */
    return 0;
  }
  const struct device *d = find_device(bus, pa, size);
  if (!d || !d->read) return BUS_FAULT;
  return d->read(d->ctx, pa - d->base, size, value);
}

int bus_write(struct bus *bus, uint64_t pa, unsigned size, uint64_t value) {
  uint8_t *p = bus_ram_ptr(bus, pa, size);
  if (p) {
    ram_store(p, size, value);
    return bus->watched[(pa - bus->ram_base) >> 12] ? ram_devices_write(bus, pa, size, value) : 0;
  }
  const struct device *d = find_device(bus, pa, size);
  if (!d || !d->write) return BUS_FAULT;
  return d->write(d->ctx, pa - d->base, size, value);
}
