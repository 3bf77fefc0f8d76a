/* ns16550 polled output and a small printf (see console.h). */
#include "platform/console.h"

#include <stdarg.h>
#include <stdint.h>

#include "lib/lib.h"
#include "platform/platform.h"

#define UART_THR 0
#define UART_LSR 5
#define UART_LSR_THRE 0x20 /* transmit holding register empty */

static spinlock_t console_lock;

static void uart_putc(char c) {
  volatile uint8_t *base = (volatile uint8_t *)platform.uart;
  unsigned shift = platform.uart_shift;
  while (!(base[UART_LSR << shift] & UART_LSR_THRE)) {
  }
  base[UART_THR << shift] = (uint8_t)c;
}

void console_write(const char *s, size_t n) {
  if (!platform.uart) return;
  spin_lock(&console_lock, NULL);
  for (size_t i = 0; i < n; i++) uart_putc(s[i]);
  spin_unlock(&console_lock);
}

/* Formats into a line buffer that is flushed when full and at the end. */
struct out {
  char buf[128];
  size_t n;
};

static void out_putc(struct out *o, char c) {
  if (o->n == sizeof o->buf) {
    console_write(o->buf, o->n);
    o->n = 0;
  }
  o->buf[o->n++] = c;
}

static void out_number(struct out *o, unsigned long long v, unsigned base, int width, char pad) {
  char digits[24];
  int n = 0;
  do {
    digits[n++] = "0123456789abcdef"[v % base];
    v /= base;
  } while (v);
  while (width-- > n) out_putc(o, pad);
  while (n) out_putc(o, digits[--n]);
}

void fw_printf(const char *fmt, ...) {
  struct out o = {.n = 0};
  va_list ap;
  va_start(ap, fmt);
  for (const char *p = fmt; *p; p++) {
    if (*p != '%') {
      out_putc(&o, *p);
      continue;
    }
    p++;
    char pad = ' ';
    int width = 0, longs = 0;
    if (*p == '0') pad = '0', p++;
    while (*p >= '0' && *p <= '9') width = width * 10 + (*p++ - '0');
    while (*p == 'l') longs++, p++;
    if (!*p) break;
    unsigned long long u;
    switch (*p) {
      case 's': {
        const char *s = va_arg(ap, const char *);
        for (s = s ? s : "(null)"; *s; s++) out_putc(&o, *s);
        break;
      }
      case 'c': out_putc(&o, (char)va_arg(ap, int)); break;
      case 'd': {
        long long v = longs >= 2 ? va_arg(ap, long long) : longs ? va_arg(ap, long) : va_arg(ap, int);
        if (v < 0) out_putc(&o, '-'), v = -v;
        out_number(&o, (unsigned long long)v, 10, width, pad);
        break;
      }
      case 'u':
      case 'x':
        u = longs >= 2 ? va_arg(ap, unsigned long long) : longs ? va_arg(ap, unsigned long) : va_arg(ap, unsigned);
        out_number(&o, u, *p == 'u' ? 10 : 16, width, pad);
        break;
      case 'p':
        out_putc(&o, '0'), out_putc(&o, 'x');
        out_number(&o, (uintptr_t)va_arg(ap, void *), 16, 0, ' ');
        break;
      case '%': out_putc(&o, '%'); break;
      default: out_putc(&o, '%'), out_putc(&o, *p); break;
    }
  }
  va_end(ap);
  console_write(o.buf, o.n);
}
