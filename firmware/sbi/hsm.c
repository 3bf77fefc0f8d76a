/* HSM state machine (see hsm.h). Transitions of another hart's state happen under hsm_lock;
 * a hart changes its own state from STARTED without it (nobody else may). */
#include <stddef.h>

#include "sbi/hsm.h"

#include "hart/hart.h"
#include "lib/csr.h"
#include "lib/lib.h"
#include "lib/sbi.h"
#include "platform/platform.h"
#include "sbi/fwft.h"
#include "sbi/ipi.h"
#include "sbi/timer.h"

struct hsm_hart {
  volatile unsigned long state; /* enum sbi_hsm_state */
  unsigned long start_addr;     /* where hart_start sends it */
  unsigned long start_arg;      /* its a1 (opaque) there */
};

static struct hsm_hart hsm[FW_MAX_HARTS];
static spinlock_t hsm_lock;

static unsigned long self(void) { return csr_read(CSR_MHARTID); }

void hsm_init(unsigned long boot_hart) {
  for (unsigned long h = 0; h < FW_MAX_HARTS; h++) hsm[h].state = SBI_HSM_STOPPED;
  hsm[boot_hart].state = SBI_HSM_STARTED;
}

/* S-mode start address: in S-mode RAM and 2-byte aligned (IALIGN 16, the harts have C). */
static bool start_addr_valid(unsigned long addr) { return !(addr & 1) && platform_smode_ram(addr, 0); }

bool hsm_resume_addr_valid(unsigned long addr) { return start_addr_valid(addr); }

bool hsm_only_caller_running(void) {
  unsigned long me = self();
  for (unsigned long h = 0; h < FW_MAX_HARTS; h++)
    if (h != me && platform_hart_valid(h) && hsm[h].state != SBI_HSM_STOPPED) return false;
  return true;
}

int hsm_hart_start(unsigned long hartid, unsigned long addr, unsigned long arg) {
  if (!platform_hart_valid(hartid)) return FW_EINVAL;
  if (!start_addr_valid(addr)) return FW_EADDR;
  spin_lock(&hsm_lock, ipi_process);
  if (hsm[hartid].state != SBI_HSM_STOPPED) {
    spin_unlock(&hsm_lock);
    return FW_EALREADY_AVAILABLE;
  }
  hsm[hartid].start_addr = addr;
  hsm[hartid].start_arg = arg;
  barrier();
  hsm[hartid].state = SBI_HSM_START_PENDING;
  spin_unlock(&hsm_lock);
  ipi_send(hartid, IPI_WAKE, NULL);
  return FW_OK;
}

void hsm_wait_for_start(void) {
  unsigned long h = self();
  /* Only IPIs wake a stopped hart; its S-mode interrupt state starts afresh. */
  csr_write(CSR_MIE, MIP_MSIP);
  csr_clear(CSR_MIP, MIP_SSIP | MIP_STIP);
  while (hsm[h].state != SBI_HSM_START_PENDING) {
    __asm__ volatile("wfi");
    ipi_process();
  }
  barrier();
  unsigned long addr = hsm[h].start_addr, arg = hsm[h].start_arg;
  fwft_hart_reset(); /* a started hart is a reset hart: its firmware features reset too */
  hsm[h].state = SBI_HSM_STARTED;
  fw_enter_smode(h, arg, addr);
}

int hsm_hart_stop(void) {
  unsigned long h = self();
  hsm[h].state = SBI_HSM_STOP_PENDING;
  timer_set(~0ULL); /* no timer interrupt is left armed for the next start */
  barrier();
  hsm[h].state = SBI_HSM_STOPPED;
  hsm_wait_for_start();
}

int hsm_hart_get_status(unsigned long hartid, unsigned long *state) {
  if (!platform_hart_valid(hartid)) return FW_EINVAL;
  *state = hsm[hartid].state;
  return FW_OK;
}

bool hsm_hart_interruptible(unsigned long hartid) {
  unsigned long s = hsm[hartid].state;
  return s == SBI_HSM_STARTED || s == SBI_HSM_SUSPENDED;
}

/* Sleeps until an interrupt that S mode has enabled is pending, serving the M-level timer and
 * IPIs (M mode runs with MIE = 0, so they are polled here rather than taken). */
static void wait_for_s_interrupt(void) {
  for (;;) {
    __asm__ volatile("wfi");
    unsigned long pending = csr_read(CSR_MIP) & csr_read(CSR_MIE);
    if (pending & MIP_MTIP) timer_irq();
    ipi_process();
    if (csr_read(CSR_MIP) & csr_read(CSR_MIE) & csr_read(CSR_MIDELEG)) return;
  }
}

int hsm_hart_suspend(uint32_t type, unsigned long addr, unsigned long arg) {
  unsigned long h = self();
  bool retentive;
  if (type == SBI_HSM_SUSPEND_RET_DEFAULT) retentive = true;
  else if (type == SBI_HSM_SUSPEND_NON_RET_DEFAULT) retentive = false;
  else return FW_EINVAL; /* reserved, or platform-specific and not implemented (none are) */
  if (!retentive && !start_addr_valid(addr)) return FW_EADDR;
  hsm[h].state = SBI_HSM_SUSPENDED;
  wait_for_s_interrupt();
  hsm[h].state = SBI_HSM_STARTED;
  if (!retentive) fw_enter_smode(h, arg, addr);
  return FW_OK;
}
