/* Runtime for self-checking guest programs on the `virt` platform (rvpmu and QEMU alike).
 *
 * A test's main() returns 0 on success; any other value is its exit code. CHECK_EQ prints the
 * failing line on the UART and exits with that line number (so the exit status says where). */
#ifndef GUEST_H
#define GUEST_H

#include <stdint.h>

typedef unsigned long uxlen_t; /* XLEN-wide unsigned integer on both rv32 and rv64 */

#define VIRT_TEST_DEVICE 0x100000UL /* SiFive test device: 0x5555 = pass, code<<16|0x3333 = fail */
#define VIRT_UART0 0x10000000UL     /* ns16550: THR at +0, LSR at +5 (bit 5: THR empty) */

#define CSR_READ(csr)                                          \
  ({                                                           \
    uxlen_t v_;                                                \
    __asm__ volatile("csrr %0, " #csr : "=r"(v_)::"memory");   \
    v_;                                                        \
  })
#define CSR_WRITE(csr, val) __asm__ volatile("csrw " #csr ", %0" ::"r"((uxlen_t)(val)) : "memory")
#define CSR_SET(csr, val) __asm__ volatile("csrs " #csr ", %0" ::"r"((uxlen_t)(val)) : "memory")
#define CSR_CLEAR(csr, val) __asm__ volatile("csrc " #csr ", %0" ::"r"((uxlen_t)(val)) : "memory")

/* What the last trap taken by guest_trap saw. */
struct trap_record {
  volatile uxlen_t count;  /* number of traps taken so far */
  volatile uxlen_t mcause; /* mcause of the last trap */
  volatile uxlen_t mepc;   /* mepc of the last trap */
  volatile uxlen_t mtval;  /* mtval of the last trap */
};
extern struct trap_record last_trap;

/* a0 and a1 at _start: the hart id and the device tree's address (QEMU virt and rvpmu's
 * `virt` platform put the DTB's address in a1 for a program started without firmware). */
extern uxlen_t boot_hartid, boot_dtb;

/* When non-zero, a synchronous exception is expected: guest_trap records it and resumes after
 * the faulting instruction. When zero, any trap fails the test with exit code 0x7ff. */
extern volatile int trap_expected;

/* Optional hook for interrupts: if set, guest_trap calls it for interrupts (mcause MSB set)
 * instead of failing. */
extern void (*volatile interrupt_hook)(uxlen_t mcause);

/* Several harts (rvpmu run --harts N): the other harts wait in crt0 until hart 0 calls
 * guest_release_harts, then run guest_secondary(hartid) (a program defines it; by default they
 * spin). */
void guest_release_harts(void);
void guest_secondary(uxlen_t hartid);

void guest_putc(char c);
void guest_puts(const char *s);
void guest_put_hex(uint64_t v);
void guest_put_dec(uint64_t v);
__attribute__((noreturn)) void guest_exit(int code);

/* Runs `stmt` with trap_expected set and evaluates to the number of traps it took. */
#define TRAPS_IN(stmt)                          \
  ({                                            \
    uxlen_t before_ = last_trap.count;          \
    trap_expected = 1;                          \
    stmt;                                       \
    trap_expected = 0;                          \
    (uxlen_t)(last_trap.count - before_);       \
  })

#define CHECK_EQ(actual, expected)                                                         \
  do {                                                                                     \
    uint64_t a_ = (uint64_t)(actual), e_ = (uint64_t)(expected);                           \
    if (a_ != e_) {                                                                        \
      guest_puts(__FILE__ ":");                                                            \
      guest_put_dec(__LINE__);                                                             \
      guest_puts(": " #actual " = ");                                                      \
      guest_put_hex(a_);                                                                   \
      guest_puts(", expected ");                                                           \
      guest_put_hex(e_);                                                                   \
      guest_puts("\n");                                                                    \
      guest_exit(__LINE__);                                                                \
    }                                                                                      \
  } while (0)

#define CHECK(cond) CHECK_EQ(!!(cond), 1)

#endif
