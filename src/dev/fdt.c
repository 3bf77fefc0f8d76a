/* Device tree generation with libfdt's sequential-write API (see fdt.h). Node names and
 * compatibles follow QEMU's virt machine, so firmware and kernels written for it find the same
 * devices here. The PMU node follows the OpenSBI/Linux "riscv,pmu" binding. A core profile's
 * scratch peripheral (MicroBlaze V) is /soc/periph@BASE, compatible "rvpmu,scratch-periph". */
#include "dev/fdt.h"

#include <libfdt.h>
#include <stdio.h>
#include <string.h>

#include "machine.h"

#define PHANDLE_TEST 1
#define PHANDLE_INTC(hart) (0x10 + (hart))
#define UART_CLOCK_HZ 3686400
#define FDT_PERIPH_COMPATIBLE "rvpmu,scratch-periph"

/* Any libfdt error ends the build; each step is written as TRY(fdt_xxx(...)). */
#define TRY(expr)          \
  do {                     \
    if ((expr) < 0) return -1; \
  } while (0)

static int prop_u64_pair(void *fdt, const char *name, uint64_t a, uint64_t b) {
  fdt64_t v[2] = {cpu_to_fdt64(a), cpu_to_fdt64(b)};
  return fdt_property(fdt, name, v, sizeof v);
}

/* riscv,isa-extensions: a string list ("i", "m", ..., "zicbom", ..., "zicntr", ...): the letters,
 * the optional extensions the machine runs (isa_name after its first '_'), then the ones every
 * hart has. */
static int isa_extensions(void *fdt, const struct machine *m) {
  char list[RVPMU_ISA_MAX + 128];
  size_t n = 0;
  for (const char *c = m->isa + 4; *c; c++) n += (size_t)snprintf(list + n, sizeof list - n, "%c", *c) + 1;
  for (const char *z = strchr(m->isa_name, '_'); z; z = strchr(z + 1, '_')) {
    size_t len = strcspn(z + 1, "_");
    n += (size_t)snprintf(list + n, sizeof list - n, "%.*s", (int)len, z + 1) + 1;
  }
  const struct profile *p = m->profile;
  const char *multi[] = {"zicsr", "zifencei", "zicntr", "zihpm",
                         p->has_sscofpmf ? "sscofpmf" : NULL, p->has_smcntrpmf ? "smcntrpmf" : NULL,
                         /* csr/csrind.h; the S-level names with S mode */
                         p->has_smstateen ? "smstateen" : NULL, p->has_smstateen && p->has_s_mode ? "ssstateen" : NULL,
                         p->has_smcsrind ? "smcsrind" : NULL, p->has_smcsrind && p->has_s_mode ? "sscsrind" : NULL,
                         p->has_smcdeleg ? "smcdeleg" : NULL, p->has_smcdeleg && p->has_s_mode ? "ssccfg" : NULL};
  for (size_t i = 0; i < sizeof multi / sizeof *multi; i++)
    if (multi[i]) n += (size_t)snprintf(list + n, sizeof list - n, "%s", multi[i]) + 1;
  return fdt_property(fdt, "riscv,isa-extensions", list, (int)n);
}

static int cpus(void *fdt, const struct machine *m) {
  TRY(fdt_begin_node(fdt, "cpus"));
  TRY(fdt_property_u32(fdt, "#address-cells", 1));
  TRY(fdt_property_u32(fdt, "#size-cells", 0));
  TRY(fdt_property_u32(fdt, "timebase-frequency", (uint32_t)m->timebase_hz));
  char isa[RVPMU_ISA_MAX + 128];
  /* The letters and the optional extensions (isa_name), then the ones every hart has. */
  snprintf(isa, sizeof isa, "%s_zicsr_zifencei_zicntr_zihpm%s%s%s", m->isa_name,
           m->profile->has_sscofpmf ? "_sscofpmf" : "", m->profile->has_smcntrpmf ? "_smcntrpmf" : "",
           m->profile->has_smcdeleg ? "_smcdeleg_smcsrind_smstateen_ssccfg_sscsrind_ssstateen" : "");
  for (unsigned i = 0; i < m->num_harts; i++) {
    char name[32];
    snprintf(name, sizeof name, "cpu@%u", i);
    TRY(fdt_begin_node(fdt, name));
    TRY(fdt_property_string(fdt, "device_type", "cpu"));
    TRY(fdt_property_u32(fdt, "reg", i));
    TRY(fdt_property_string(fdt, "status", "okay"));
    TRY(fdt_property_string(fdt, "compatible", "riscv"));
    TRY(fdt_property_string(fdt, "riscv,isa", isa));
    TRY(fdt_property_string(fdt, "riscv,isa-base", m->xlen == 64 ? "rv64i" : "rv32i"));
    TRY(isa_extensions(fdt, m));
    if (m->profile->has_s_mode) TRY(fdt_property_string(fdt, "mmu-type", m->xlen == 64 ? "riscv,sv39" : "riscv,sv32"));
    if ((m->isa_ext & ISA_EXT_ZICBOM) && m->profile->cbom_block_bytes)
      TRY(fdt_property_u32(fdt, "riscv,cbom-block-size", m->profile->cbom_block_bytes));
    if (m->isa_ext & ISA_EXT_ZICBOZ)
      TRY(fdt_property_u32(fdt, "riscv,cboz-block-size", m->profile->cboz_block_bytes));
    TRY(fdt_property_u32(fdt, "clock-frequency", (uint32_t)(m->timebase_hz * m->cycles_per_tick)));
    TRY(fdt_begin_node(fdt, "interrupt-controller"));
    TRY(fdt_property_u32(fdt, "#interrupt-cells", 1));
    TRY(fdt_property_u32(fdt, "#address-cells", 0));
    TRY(fdt_property(fdt, "interrupt-controller", NULL, 0));
    TRY(fdt_property_string(fdt, "compatible", "riscv,cpu-intc"));
    TRY(fdt_property_u32(fdt, "phandle", PHANDLE_INTC(i)));
    TRY(fdt_end_node(fdt));
    TRY(fdt_end_node(fdt));
  }
  return fdt_end_node(fdt);
}

static int soc(void *fdt, const struct machine *m) {
  TRY(fdt_begin_node(fdt, "soc"));
  TRY(fdt_property_u32(fdt, "#address-cells", 2));
  TRY(fdt_property_u32(fdt, "#size-cells", 2));
  TRY(fdt_property_string(fdt, "compatible", "simple-bus"));
  TRY(fdt_property(fdt, "ranges", NULL, 0));
  for (unsigned i = 0; i < m->bus.num_devices; i++) {
    const struct device *d = &m->bus.devices[i];
    char name[48];
    if (!strcmp(d->name, "clint")) {
      snprintf(name, sizeof name, "clint@%llx", (unsigned long long)d->base);
      TRY(fdt_begin_node(fdt, name));
      const char compat[] = "sifive,clint0\0riscv,clint0";
      TRY(fdt_property(fdt, "compatible", compat, sizeof compat));
      fdt32_t irqs[4 * MACHINE_MAX_HARTS];
      for (unsigned h = 0; h < m->num_harts; h++) {
        irqs[4 * h + 0] = cpu_to_fdt32(PHANDLE_INTC(h));
        irqs[4 * h + 1] = cpu_to_fdt32(IRQ_M_SOFT);
        irqs[4 * h + 2] = cpu_to_fdt32(PHANDLE_INTC(h));
        irqs[4 * h + 3] = cpu_to_fdt32(IRQ_M_TIMER);
      }
      TRY(fdt_property(fdt, "interrupts-extended", irqs, (int)(16 * m->num_harts)));
    } else if (!strcmp(d->name, "uart")) {
      snprintf(name, sizeof name, "serial@%llx", (unsigned long long)d->base);
      TRY(fdt_begin_node(fdt, name));
      TRY(fdt_property_string(fdt, "compatible", "ns16550a"));
      TRY(fdt_property_u32(fdt, "clock-frequency", UART_CLOCK_HZ));
    } else if (!strcmp(d->name, "test")) {
      snprintf(name, sizeof name, "test@%llx", (unsigned long long)d->base);
      TRY(fdt_begin_node(fdt, name));
      const char compat[] = "sifive,test1\0sifive,test0\0syscon";
      TRY(fdt_property(fdt, "compatible", compat, sizeof compat));
      TRY(fdt_property_u32(fdt, "phandle", PHANDLE_TEST));
    } else if (!strcmp(d->name, "periph")) {
      /* The profile's scratch peripheral (dev/periph.c), on the bus only when the core has one:
       * plain registers, no interrupt, nothing a driver must do, so a compatible of our own. */
      snprintf(name, sizeof name, "periph@%llx", (unsigned long long)d->base);
      TRY(fdt_begin_node(fdt, name));
      TRY(fdt_property_string(fdt, "compatible", FDT_PERIPH_COMPATIBLE));
    } else {
      continue;
    }
    TRY(prop_u64_pair(fdt, "reg", d->base, d->size));
    TRY(fdt_end_node(fdt));
  }
  return fdt_end_node(fdt);
}

/* syscon-poweroff / syscon-reboot on the test device (as QEMU virt). */
static int power_nodes(void *fdt) {
  static const char *const names[2] = {"poweroff", "reboot"};
  static const uint32_t values[2] = {0x5555, 0x7777};
  for (int i = 0; i < 2; i++) {
    char compat[32];
    snprintf(compat, sizeof compat, "syscon-%s", names[i]);
    TRY(fdt_begin_node(fdt, names[i]));
    TRY(fdt_property_string(fdt, "compatible", compat));
    TRY(fdt_property_u32(fdt, "regmap", PHANDLE_TEST));
    TRY(fdt_property_u32(fdt, "offset", 0));
    TRY(fdt_property_u32(fdt, "value", values[i]));
    TRY(fdt_end_node(fdt));
  }
  return 0;
}

/* The riscv,pmu node from the profile's event table: SBI events to selectors and counters,
 * and the raw selectors to the programmable counters. */
static int pmu(void *fdt, const struct machine *m) {
  const struct profile *p = m->profile;
  uint32_t hpm_mask = 0;
  for (unsigned i = 0; i < p->num_hpm; i++) hpm_mask |= 1u << (3 + i);
  hpm_mask &= ~(p->latency_pairs | p->latency_pairs << 1); /* latency counters count no events */
  fdt32_t to_event[3 * 64], to_counters[3 * 64], raw[5 * 64];
  int ne = 0, nc = 0, nr = 0;
  for (const struct profile_event *e = p->events; e->name && nc < 64 * 3; e++) {
    uint32_t counters = hpm_mask;
    if (e->event == EV_CYCLES) counters |= 1u << 0;
    if (e->event == EV_INSNS) counters |= 1u << 2;
    if (e->sbi_event) {
      if (e->selector && hpm_mask) {
        to_event[ne++] = cpu_to_fdt32(e->sbi_event);
        to_event[ne++] = cpu_to_fdt32((uint32_t)(e->selector >> 32));
        to_event[ne++] = cpu_to_fdt32((uint32_t)e->selector);
      }
      to_counters[nc++] = cpu_to_fdt32(e->sbi_event);
      to_counters[nc++] = cpu_to_fdt32(e->sbi_event);
      to_counters[nc++] = cpu_to_fdt32(counters);
    }
    if (e->selector && hpm_mask && nr < 5 * 63) {
      raw[nr++] = cpu_to_fdt32((uint32_t)(e->selector >> 32));
      raw[nr++] = cpu_to_fdt32((uint32_t)e->selector);
      raw[nr++] = cpu_to_fdt32(0xffffffffu);
      raw[nr++] = cpu_to_fdt32(0xffffffffu);
      raw[nr++] = cpu_to_fdt32(hpm_mask);
    }
  }
  TRY(fdt_begin_node(fdt, "pmu"));
  TRY(fdt_property_string(fdt, "compatible", "riscv,pmu"));
  if (ne) TRY(fdt_property(fdt, "riscv,event-to-mhpmevent", to_event, ne * 4));
  if (nc) TRY(fdt_property(fdt, "riscv,event-to-mhpmcounters", to_counters, nc * 4));
  if (nr) TRY(fdt_property(fdt, "riscv,raw-event-to-mhpmcounters", raw, nr * 4));
  return fdt_end_node(fdt);
}

int fdt_build(const struct machine *m, const struct fdt_boot *boot, void *buf, size_t size) {
  void *fdt = buf;
  TRY(fdt_create(fdt, (int)size));
  TRY(fdt_finish_reservemap(fdt));
  TRY(fdt_begin_node(fdt, ""));
  TRY(fdt_property_u32(fdt, "#address-cells", 2));
  TRY(fdt_property_u32(fdt, "#size-cells", 2));
  TRY(fdt_property_string(fdt, "compatible", "riscv-virtio"));
  TRY(fdt_property_string(fdt, "model", "rvpmu,virt"));

  TRY(fdt_begin_node(fdt, "chosen"));
  char stdout_path[64];
  snprintf(stdout_path, sizeof stdout_path, "/soc/serial@%llx", 0x10000000ull);
  TRY(fdt_property_string(fdt, "stdout-path", stdout_path));
  if (boot && boot->bootargs) TRY(fdt_property_string(fdt, "bootargs", boot->bootargs));
  if (boot && boot->initrd_end > boot->initrd_start) {
    TRY(fdt_property_u64(fdt, "linux,initrd-start", boot->initrd_start));
    TRY(fdt_property_u64(fdt, "linux,initrd-end", boot->initrd_end));
  }
  TRY(fdt_end_node(fdt));

  char mem[32];
  snprintf(mem, sizeof mem, "memory@%llx", (unsigned long long)m->bus.ram_base);
  TRY(fdt_begin_node(fdt, mem));
  TRY(fdt_property_string(fdt, "device_type", "memory"));
  TRY(prop_u64_pair(fdt, "reg", m->bus.ram_base, m->bus.ram_size));
  TRY(fdt_end_node(fdt));

  TRY(cpus(fdt, m));
  TRY(soc(fdt, m));
  TRY(power_nodes(fdt));
  TRY(pmu(fdt, m));
  TRY(fdt_end_node(fdt));
  TRY(fdt_finish(fdt));
  return (int)fdt_totalsize(fdt);
}
