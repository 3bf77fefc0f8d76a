/* Platform memory maps. `virt` follows QEMU's virt machine so that bare-metal programs built
 * for `qemu-system-riscv64 -M virt -bios none -kernel prog.elf` run unchanged; `ibex-simple` and
 * `cv32e40p-tb` are the test environments of those cores, so their programs run unchanged too. */
#include <string.h>

#include "dev/devices.h"
#include "machine.h"

struct platform {
  const char *name;
  uint64_t ram_base, ram_size;  /* RAM; ram_size is the default when --mem is not given */
  uint64_t reset_pc;            /* where the harts start; with fixed_reset_pc an ELF's entry is
                                 * ignored, as the RTL testbenches boot at a fixed address */
  bool fixed_reset_pc;
  uint64_t mtvec_reset;
  uint64_t timebase_hz;         /* mtime frequency */
  unsigned cycles_per_tick;     /* core cycles per mtime tick */
  int (*add_devices)(struct machine *m);
};

static int add_all(struct machine *m, const struct device *devs, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (bus_add_device(&m->bus, &devs[i]) != 0) return -1;
  return 0;
}

static int virt_devices(struct machine *m) {
  const struct device devs[] = {test_device(m, 0x100000), clint_device(m, 0x2000000), uart_device(m, 0x10000000)};
  if (add_all(m, devs, sizeof devs / sizeof *devs) != 0) return -1;
  /* A core that wants a peripheral region (MicroBlaze V) gets it where the profile says. */
  if (m->profile->periph_base) {
    const struct device periph = periph_device(m, m->profile->periph_base);
    return bus_add_device(&m->bus, &periph);
  }
  return 0;
}

static int ibex_simple_devices(struct machine *m) {
  const struct device devs[] = {ibex_simctrl_device(m, 0x20000), ibex_timer_device(m, 0x30000)};
  return add_all(m, devs, sizeof devs / sizeof *devs);
}

static int cv32e40p_tb_devices(struct machine *m) {
  const struct device devs[] = {cv32e40p_print_device(m, 0x10000000), cv32e40p_exit_device(m, 0x20000000),
                                cv32e40p_timer_device(m, 0x15000000)};
  return add_all(m, devs, sizeof devs / sizeof *devs);
}

static const struct platform platforms[] = {
    /* The core clock is 100 MHz, mtime 10 MHz as on QEMU virt (docs/counters.md). */
    {"virt", 0x80000000, 128u << 20, 0x80000000, false, 0, 10000000, 10, virt_devices},
    /* Ibex simple system: 1 MiB at 0x100000, boot address 0x100000 (reset fetch at +0x80,
     * vectored mtvec at the boot address); its timer counts every clock (taken as 50 MHz). */
    {"ibex-simple", 0x100000, 1u << 20, 0x100080, true, 0x100001, 50000000, 1, ibex_simple_devices},
    /* CV32E40P example testbench: 4 MiB at 0, boot address 0x180, mtvec vectored at 0. */
    {"cv32e40p-tb", 0x0, 4u << 20, 0x180, true, 0x1, 100000000, 1, cv32e40p_tb_devices},
};

int platform_setup(struct machine *m, const char *name, uint64_t ram_size, char *err, unsigned errlen) {
  const struct platform *p = NULL;
  for (size_t i = 0; i < sizeof platforms / sizeof *platforms; i++)
    if (!strcmp(platforms[i].name, name)) p = &platforms[i];
  if (!p) {
    snprintf(err, errlen, "unknown platform '%s' (known: virt, ibex-simple, cv32e40p-tb)", name);
    return -1;
  }
  m->platform = p->name;
  m->timebase_hz = p->timebase_hz;
  m->cycles_per_tick = p->cycles_per_tick;
  m->reset_pc = p->reset_pc;
  m->fixed_reset_pc = p->fixed_reset_pc;
  m->mtvec_reset = p->mtvec_reset;
  if (bus_init(&m->bus, p->ram_base, ram_size ? ram_size : p->ram_size) != 0) {
    snprintf(err, errlen, "cannot allocate %llu MiB of guest RAM", (unsigned long long)(ram_size >> 20));
    return -1;
  }
  if (p->add_devices(m) != 0) {
    snprintf(err, errlen, "platform %s: cannot set up its devices (out of memory)", p->name);
    return -1;
  }
  return 0;
}
