/* Device tree walk that fills `platform` (see platform.h). */
#include "platform/platform.h"

#include "lib/lib.h"

struct platform platform;

/* The firmware image, from the linker script: S-mode addresses must not overlap it. */
extern char _fw_start[], _fw_end[];

#define MAX_DEPTH 16

/* Reads a 1- or 2-cell number at cell index i. */
static uint64_t read_cells(const void *v, int i, uint32_t cells) {
  return cells == 2 ? (uint64_t)fdt_cell(v, i) << 32 | fdt_cell(v, i + 1) : fdt_cell(v, i);
}

/* First (address, size) pair of node's "reg", with the parent's cell counts. */
static int reg_first(const struct fdt *f, int node, uint32_t acells, uint32_t scells, uint64_t *base, uint64_t *size) {
  int len;
  const void *v = fdt_prop_get(f, node, "reg", &len);
  if (!v || acells < 1 || acells > 2 || scells > 2 || len < (int)(4 * (acells + scells))) return FW_ENOENT;
  *base = read_cells(v, 0, acells);
  *size = scells ? read_cells(v, (int)acells, scells) : 0;
  return FW_OK;
}

/* A string property, or NULL if absent or not NUL-terminated. */
static const char *prop_string(const struct fdt *f, int node, const char *name) {
  int len;
  const char *s = fdt_prop_get(f, node, name, &len);
  return s && len > 0 && s[len - 1] == '\0' ? s : NULL;
}

static bool status_okay(const struct fdt *f, int node) {
  int len;
  if (!fdt_prop_get(f, node, "status", &len)) return true;
  const char *s = prop_string(f, node, "status");
  return s && (!strcmp(s, "okay") || !strcmp(s, "ok"));
}

static uint32_t prop_u32(const struct fdt *f, int node, const char *name, uint32_t dflt) {
  int len;
  const void *v = fdt_prop_get(f, node, name, &len);
  return v && len == 4 ? fdt_cell(v, 0) : dflt;
}

/* Records what one node describes. `acells`/`scells` are its parent's cell counts. */
static void visit(int node, int depth, const char *parent_name, uint32_t acells, uint32_t scells) {
  const struct fdt *f = &platform.fdt;
  struct platform *p = &platform;
  uint64_t base, size;
  const char *name = fdt_node_name(f, node);
  const char *dtype = prop_string(f, node, "device_type");
  if (dtype && !strcmp(dtype, "memory") && p->num_ram < FW_MAX_RAM) {
    int rlen;
    const void *reg = fdt_prop_get(f, node, "reg", &rlen);
    int pair = (int)(4 * (acells + scells));
    for (int off = 0; reg && acells >= 1 && acells <= 2 && scells >= 1 && scells <= 2 && off + pair <= rlen &&
                      p->num_ram < FW_MAX_RAM;
         off += pair) {
      p->ram_base[p->num_ram] = read_cells((const uint8_t *)reg + off, 0, acells);
      p->ram_size[p->num_ram] = read_cells((const uint8_t *)reg + off, (int)acells, scells);
      if (p->ram_size[p->num_ram]) p->num_ram++;
    }
  } else if (dtype && !strcmp(dtype, "cpu") && depth == 2 && !strcmp(parent_name, "cpus")) {
    int rlen;
    const void *reg = fdt_prop_get(f, node, "reg", &rlen);
    if (reg && rlen >= 4 && status_okay(f, node)) {
      uint64_t id = read_cells(reg, 0, rlen >= 8 && acells == 2 ? 2 : 1);
      if (id < FW_MAX_HARTS) p->hart_mask |= 1u << id;
    }
  } else if (depth == 1 && !strcmp(name, "cpus")) {
    p->timebase_hz = prop_u32(f, node, "timebase-frequency", 0);
  } else if (depth == 0) {
    const char *model = prop_string(f, node, "model");
    if (model) p->model = model;
  }
  if (!status_okay(f, node)) return;
  if ((fdt_prop_has_string(f, node, "compatible", "sifive,clint0") ||
       fdt_prop_has_string(f, node, "compatible", "riscv,clint0")) &&
      !p->clint && reg_first(f, node, acells, scells, &base, &size) == FW_OK)
    p->clint = (uintptr_t)base;
  if ((fdt_prop_has_string(f, node, "compatible", "ns16550a") ||
       fdt_prop_has_string(f, node, "compatible", "ns16550")) &&
      !p->uart && reg_first(f, node, acells, scells, &base, &size) == FW_OK) {
    p->uart = (uintptr_t)base;
    p->uart_shift = prop_u32(f, node, "reg-shift", 0);
  }
  if (fdt_prop_has_string(f, node, "compatible", "sifive,test0") && !p->test &&
      reg_first(f, node, acells, scells, &base, &size) == FW_OK)
    p->test = (uintptr_t)base;
  if (fdt_prop_has_string(f, node, "compatible", "riscv,pmu") && p->pmu_node < 0) p->pmu_node = node;
}

int platform_init(const void *dtb) {
  struct platform *p = &platform;
  memset(p, 0, sizeof *p);
  p->pmu_node = -1;
  p->model = "";
  int r = fdt_open(&p->fdt, dtb);
  if (r < 0) return r;
  /* Cell counts each node declares for its children (defaults 2 and 1, spec 2.3.5), and names
   * of the ancestors, by depth. */
  uint32_t acells[MAX_DEPTH], scells[MAX_DEPTH];
  const char *names[MAX_DEPTH];
  int depth = 0, node;
  for (node = fdt_node_next(&p->fdt, -1, &depth); node >= 0; node = fdt_node_next(&p->fdt, node, &depth)) {
    if (depth >= MAX_DEPTH) continue;
    acells[depth] = prop_u32(&p->fdt, node, "#address-cells", 2);
    scells[depth] = prop_u32(&p->fdt, node, "#size-cells", 1);
    names[depth] = fdt_node_name(&p->fdt, node);
    if (depth == 0) visit(node, 0, "", 2, 1);
    else visit(node, depth, names[depth - 1], acells[depth - 1], scells[depth - 1]);
  }
  if (node != FW_ENOENT) return FW_EBADDT;
  if (!p->num_ram || !p->hart_mask) return FW_EBADDT;
  return FW_OK;
}

bool platform_hart_valid(unsigned long hartid) {
  return hartid < FW_MAX_HARTS && (platform.hart_mask >> hartid & 1);
}

bool platform_smode_ram(uint64_t pa, uint64_t size) {
  uint64_t end = pa + size;
  if (end < pa) return false; /* wraps */
  uint64_t fw_lo = (uintptr_t)_fw_start, fw_hi = (uintptr_t)_fw_end;
  if (pa < fw_hi && (size ? end > fw_lo : pa >= fw_lo)) return false;
  for (unsigned i = 0; i < platform.num_ram; i++) {
    uint64_t lo = platform.ram_base[i], hi = lo + platform.ram_size[i];
    if (pa >= lo && pa < hi && end <= hi) return true;
  }
  return false;
}
