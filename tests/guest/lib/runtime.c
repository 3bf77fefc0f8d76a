/* Console, exit and trap handling for guest programs; see guest.h. */
#include "guest.h"

/* In .data, not .bss: the other harts read it while hart 0 clears .bss. */
__attribute__((section(".data"))) volatile uxlen_t guest_harts_released;

void guest_release_harts(void) { guest_harts_released = 1; }

/* What the other harts run when the program has no guest_secondary: nothing. */
__attribute__((weak)) void guest_secondary(uxlen_t hartid) {
  (void)hartid;
  for (;;) {
  }
}

struct trap_record last_trap;
uxlen_t boot_hartid, boot_dtb;
volatile int trap_expected;
void (*volatile interrupt_hook)(uxlen_t mcause);

void guest_putc(char c) {
  volatile uint8_t *uart = (volatile uint8_t *)VIRT_UART0;
  while (!(uart[5] & 0x20)) {
  }
  uart[0] = (uint8_t)c;
}

void guest_puts(const char *s) {
  while (*s) guest_putc(*s++);
}

void guest_put_hex(uint64_t v) {
  guest_puts("0x");
  for (int shift = 60; shift >= 0; shift -= 4) guest_putc("0123456789abcdef"[(v >> shift) & 15]);
}

void guest_put_dec(uint64_t v) {
  char buf[21];
  int n = 0;
  do {
    buf[n++] = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  while (n) guest_putc(buf[--n]);
}

void guest_exit(int code) {
  volatile uint32_t *test = (volatile uint32_t *)VIRT_TEST_DEVICE;
  /* Exit statuses are 8 bits: a failure whose code ends in 0x00 (line 256, 512...) must not
   * look like a pass. */
  if (code != 0 && (code & 0xff) == 0) code = 0xff;
  *test = code == 0 ? 0x5555u : ((uint32_t)code << 16) | 0x3333u;
  for (;;) {
  }
}

/* Called from trap_entry (crt0.S) with the saved register frame. */
void guest_trap(uxlen_t *frame) {
  (void)frame;
  uxlen_t mcause = CSR_READ(mcause);
  uxlen_t mepc = CSR_READ(mepc);
  last_trap.mcause = mcause;
  last_trap.mepc = mepc;
  last_trap.mtval = CSR_READ(mtval);
  last_trap.count++;
  if ((long)mcause < 0) {
    if (interrupt_hook) {
      interrupt_hook(mcause);
      return;
    }
  } else if (trap_expected) {
    /* Resume after the faulting instruction: 2 bytes if compressed, else 4. */
    uint16_t low = *(volatile uint16_t *)mepc;
    CSR_WRITE(mepc, mepc + ((low & 3) == 3 ? 4 : 2));
    return;
  }
  guest_puts("unexpected trap: mcause=");
  guest_put_hex(mcause);
  guest_puts(" mepc=");
  guest_put_hex(mepc);
  guest_puts("\n");
  guest_exit(0x7ff);
}
