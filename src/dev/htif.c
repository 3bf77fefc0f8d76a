/* HTIF (host-target interface) as riscv-tests and proxy-kernel programs use it, a device on the
 * bus over the RAM word `tohost` (bus_add_ram_device): a 64-bit write to it with bit 0 set
 * exits with code value >> 1; device 1 command 1 prints a byte; device 0 command 0 with an
 * even value points to a "magic memory" syscall block (sys_write = 64, sys_exit = 93). Replies
 * go to `fromhost`. */
#include <string.h>

#include "machine.h"

#define HTIF_DEV(v) ((v) >> 56)
#define HTIF_CMD(v) (((v) >> 48) & 0xff)
#define HTIF_PAYLOAD(v) ((v) & ((1ull << 48) - 1))
#define SYS_WRITE 64
#define SYS_EXIT 93

static void reply(struct machine *m, uint64_t value) {
  if (m->fromhost && bus_write(&m->bus, m->fromhost, 8, value) != 0) machine_fail(m, "HTIF: fromhost is not in RAM");
}

/* Handles a syscall block at `addr`: eight 64-bit words, [0] = number, [1..] = arguments. */
static void syscall_block(struct machine *m, uint64_t addr) {
  uint64_t args[4];
  uint8_t *p = bus_ram_ptr(&m->bus, addr, sizeof args);
  if (!p) return machine_fail(m, "HTIF: syscall block at 0x%llx is outside RAM", (unsigned long long)addr);
  memcpy(args, p, sizeof args);
  if (args[0] == SYS_EXIT) return machine_exit(m, (int)args[1]);
  if (args[0] == SYS_WRITE) {
    uint8_t *buf = bus_ram_ptr(&m->bus, args[2], args[3]);
    if (!buf) return machine_fail(m, "HTIF: sys_write buffer outside RAM");
    fwrite(buf, 1, args[3], m->console);
    fflush(m->console);
    uint64_t ret = args[3];
    memcpy(p, &ret, sizeof ret); /* return value in word 0 */
    return reply(m, 1);
  }
  machine_fail(m, "HTIF: unsupported syscall %llu", (unsigned long long)args[0]);
}

static int command(struct machine *m, uint64_t value) {
  /* The host took the command: tohost reads 0 again (programs wait for that). Written in
   * RAM directly: a bus write would come back here. */
  memset(bus_ram_ptr(&m->bus, m->tohost, 8), 0, 8);
  if (HTIF_DEV(value) == 0 && HTIF_CMD(value) == 0) {
    if (value & 1) machine_exit(m, (int)(HTIF_PAYLOAD(value) >> 1));
    else if (value) syscall_block(m, HTIF_PAYLOAD(value));
  } else if (HTIF_DEV(value) == 1 && HTIF_CMD(value) == 1) {
    fputc((int)(value & 0xff), m->console);
    reply(m, 1ull << 56 | 1ull << 48);
  }
  return BUS_BREAK;
}

/* A store into tohost (already in RAM). A 64-bit write is the command; 32-bit code writes the
 * low word, then the high one, and the command is taken with the high word (as riscv-tests
 * and QEMU do). Other stores (bytes of a misaligned store included) only change the RAM. */
static int tohost_write(void *ctx, uint64_t offset, unsigned size, uint64_t value) {
  struct machine *m = ctx;
  (void)value;
  if (!(size == 8 || (size == 4 && offset == 4))) return 0;
  uint64_t cmd;
  memcpy(&cmd, bus_ram_ptr(&m->bus, m->tohost, 8), 8);
  return command(m, cmd);
}

int htif_attach(struct machine *m, uint64_t tohost, uint64_t fromhost) {
  if (!bus_ram_ptr(&m->bus, tohost, 8) || (tohost & 7)) return -1;
  struct device dev = {.name = "htif", .base = tohost, .size = 8, .write = tohost_write, .ctx = m};
  if (bus_add_ram_device(&m->bus, &dev) != 0) return -1;
  m->tohost = tohost;
  m->fromhost = fromhost && bus_ram_ptr(&m->bus, fromhost, 8) ? fromhost : 0;
  return 0;
}
