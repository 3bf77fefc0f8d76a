/* Firmware console on the device tree's ns16550 UART: the banner, panics and the SBI debug
 * console (DBCN) all write here. Output from several harts is serialised by a lock. */
#ifndef FW_CONSOLE_H
#define FW_CONSOLE_H

#include <stddef.h>

/* Writes `n` bytes (no newline translation); no-op without a UART. */
void console_write(const char *s, size_t n);

/* printf subset: %s %c %d %u %x %p %%, with l/ll length modifiers and a 0-padded width. */
void fw_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
