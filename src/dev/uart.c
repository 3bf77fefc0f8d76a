/* ns16550 UART, output only: bytes written to THR go to the machine's console. The line status
 * always says the transmitter is empty and no data is ready, so polled drivers never wait. */
#include <stdlib.h>

#include "dev/devices.h"
#include "machine.h"

enum { UART_THR = 0, UART_IER = 1, UART_IIR = 2, UART_LCR = 3, UART_MCR = 4, UART_LSR = 5, UART_MSR = 6,
       UART_SCR = 7 };
#define LSR_THRE 0x20
#define LSR_TEMT 0x40
#define LCR_DLAB 0x80

struct uart {
  struct machine *m;
  uint8_t regs[8]; /* IER, LCR, MCR, SCR as written; divisor latch in dll/dlm */
  uint8_t dll, dlm;
};

static int uart_read(void *ctx, uint64_t off, unsigned size, uint64_t *value) {
  struct uart *u = ctx;
  (void)size;
  bool dlab = u->regs[UART_LCR] & LCR_DLAB;
  switch (off) {
    case UART_THR: *value = dlab ? u->dll : 0; break; /* RBR: no input */
    case UART_IER: *value = dlab ? u->dlm : u->regs[UART_IER]; break;
    case UART_IIR:
      /* The transmitter is always empty: with its interrupt enabled (IER bit 1) that is a
       * pending "THR empty" cause (0x02), which drivers that poll IIR instead of taking the
       * interrupt (Linux's 8250 without an IRQ) need in order to send; else none (0x01). */
      *value = (u->regs[UART_IER] & 0x02) ? 0x02 : 0x01;
      break;
    case UART_LSR: *value = LSR_THRE | LSR_TEMT; break;
    case UART_MSR: *value = 0; break;
    default: *value = off < sizeof u->regs ? u->regs[off] : 0; break; /* the window is 0x100 bytes */
  }
  return 0;
}

static int uart_write(void *ctx, uint64_t off, unsigned size, uint64_t value) {
  struct uart *u = ctx;
  (void)size;
  bool dlab = u->regs[UART_LCR] & LCR_DLAB;
  if (off == UART_THR && !dlab) {
    fputc((int)(value & 0xff), u->m->console);
    if ((value & 0xff) == '\n') fflush(u->m->console);
  } else if (off == UART_THR) {
    u->dll = (uint8_t)value;
  } else if (off == UART_IER && dlab) {
    u->dlm = (uint8_t)value;
  } else if (off < 8) {
    u->regs[off] = (uint8_t)value;
  }
  return 0;
}

struct device uart_device(struct machine *m, uint64_t base) {
  struct uart *u = calloc(1, sizeof *u);
  if (!u) return (struct device){0};
  u->m = m;
  return (struct device){"uart", base, 0x100, uart_read, uart_write, u, u};
}
