/* Runtime for the S-mode SBI client tests (tests/sbi/NAME.c): each is a payload that the firmware
 * enters in S mode; main() runs the checks and returns 0. On success the runtime prints
 * "PASS name (N checks)" and powers off through SBI SRST (exit status 0); the first failed
 * CHECK prints file:line with both values and powers off with reason SYSTEM_FAILURE (exit
 * status 1, docs/sbi.md). The console is the SBI debug console (DBCN), or without it the legacy
 * console_putchar or the UART (runtime.c).
 *
 * The suite also runs under OpenSBI (Debian's fw_jump, tests/run_all.sh sbi_opensbi): the
 * runtime asks get_impl_id, and where OpenSBI answers differently (an older SBI version, room the
 * spec leaves, or a bug) a check expects BY_FW(rvpmu's answer, OpenSBI's answer), with a comment
 * why; docs/sbi.md, "Compared with OpenSBI", lists them all.
 *
 * What the machine is comes from the kernel command line (/chosen/bootargs, set by
 * tests/run_all.sh with --append): platform=rvpmu|qemu hpm=N width=W sscofpmf=0|1, and the
 * harts from the device tree's cpu nodes. */
#ifndef SBI_TEST_H
#define SBI_TEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/csr.h"
#include "sbi_client.h"

#define XLEN __riscv_xlen
#define SCAUSE_INTERRUPT (1UL << (XLEN - 1))
#define SSTATUS_SIE (1UL << 1)
#define SIE_SSIE (1UL << 1)
#define SIE_STIE (1UL << 5)
#define SIE_LCOFIE (1UL << 13)

/* The SBI implementation under test, from Base get_impl_id. */
enum firmware {
  FIRMWARE_UNKNOWN, /* not asked yet */
  FIRMWARE_RVPMU,   /* rvpmu's firmware (firmware/): impl id "rvpm" */
  FIRMWARE_OPENSBI, /* OpenSBI (impl id 1): Debian 12's 1.1, SBI v1.0 */
  FIRMWARE_OTHER,
};

struct machine {
  enum firmware firmware; /* whose SBI answers */
  unsigned harts;      /* cpu nodes with status okay */
  uint32_t hart_mask;  /* their ids */
  bool rvpmu;          /* platform=rvpmu (else QEMU) */
  bool misaligned_traps; /* misaligned_traps=1: the harts trap misaligned loads and stores (the
                        * firmware emulates them); else they do them in hardware */
  unsigned pmp;        /* PMP entries per hart: pmp=N (optional: 16, QEMU's and rvpmu's generic core) */
  unsigned hpm;        /* implemented mhpmcounters: 3 .. 3 + hpm - 1 */
  unsigned width;      /* their width in bits */
  bool sscofpmf;       /* the harts have Sscofpmf */
  bool h_ext;          /* a hart's riscv,isa has the H extension (QEMU's default cpu) */
  bool f_ext, d_ext;   /* ... the F and D extensions */
  uint64_t ram_base;   /* the first /memory node */
  uint64_t ram_size;
};
extern struct machine machine;
extern unsigned long boot_hartid;
extern const void *boot_dtb;

int main(void);

/* The firmware is OpenSBI. */
#define OPENSBI (machine.firmware == FIRMWARE_OPENSBI)
/* The expected answer: `ours` from rvpmu's firmware, `opensbi` from OpenSBI. */
#define BY_FW(ours, opensbi) (OPENSBI ? (opensbi) : (ours))

void tputs(const char *s);
void tprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
__attribute__((noreturn)) void test_fail(const char *file, int line, const char *what);
/* Prints PASS and powers off (what returning 0 from main does). */
__attribute__((noreturn)) void test_pass(void);

extern volatile unsigned long checks_passed;

#define CHECK_EQ(actual, expected)                                                                    \
  do {                                                                                                \
    uint64_t a_ = (uint64_t)(actual), e_ = (uint64_t)(expected);                                      \
    if (a_ != e_) {                                                                                   \
      tprintf("%s:%d: %s = 0x%llx, expected 0x%llx\n", __FILE__, __LINE__, #actual,                   \
              (unsigned long long)a_, (unsigned long long)e_);                                        \
      test_fail(__FILE__, __LINE__, #actual);                                                         \
    }                                                                                                 \
    checks_passed++;                                                                                  \
  } while (0)
#define CHECK(cond) CHECK_EQ(!!(cond), 1)
/* An sbiret's error and value. */
#define CHECK_RET(ret, err, val)      \
  do {                                \
    struct sbiret r_ = (ret);         \
    CHECK_EQ(r_.error, (long)(err));  \
    CHECK_EQ(r_.value, (val));        \
  } while (0)
#define CHECK_ERR(ret, err) CHECK_EQ((ret).error, (long)(err))

/* Traps taken by S mode. */
struct trap_record {
  volatile unsigned long count;  /* exceptions so far */
  volatile unsigned long scause; /* of the last one */
  volatile unsigned long sepc;
  volatile unsigned long stval;
};
extern struct trap_record last_trap;
/* When set, an exception is recorded and the instruction skipped; otherwise it fails the test. */
extern volatile int trap_expected;
/* Interrupt handler (cause without the interrupt bit); unset = interrupts fail the test. */
extern void (*volatile interrupt_hook)(unsigned long cause);

/* Runs `stmt` expecting it to trap; evaluates to the number of traps taken. */
#define TRAPS_IN(stmt)                       \
  ({                                         \
    unsigned long before_ = last_trap.count; \
    trap_expected = 1;                       \
    stmt;                                    \
    trap_expected = 0;                       \
    last_trap.count - before_;               \
  })

/* Runs fn(arg) in U mode and returns its result (U ecall comes back to S). */
unsigned long umode_call(unsigned long (*fn)(unsigned long), unsigned long arg);

/* Starts hart `hartid` through HSM running fn(hartid, arg) on its own stack; when fn returns
 * the hart stops itself (hart_stop). Returns hart_start's sbiret. */
struct sbiret secondary_start(unsigned long hartid, void (*fn)(unsigned long hartid, void *arg), void *arg);

/* The address HSM starts harts at (crt0.S): a1 must be a struct secondary, as built by
 * secondary_prepare for fn(hartid, arg). Also usable as a non-retentive resume address. */
extern char secondary_entry[];
unsigned long secondary_prepare(unsigned long hartid, void (*fn)(unsigned long hartid, void *arg), void *arg);

/* Spins until *flag == value; fails the test after a long time. */
void wait_for(volatile unsigned long *flag, unsigned long value);

/* Unprivileged counter CSR 0xC00 + idx, all 64 bits (RV32: with 0xC80 + idx). */
uint64_t uctr_read(unsigned idx);

/* A 64-bit firmware counter through fw_read (+ fw_read_hi on RV32), both checked. */
uint64_t fw_counter_value(unsigned long idx);

/* The first hart other than the caller, or -1 if there is none. */
long other_hart(void);

#endif
