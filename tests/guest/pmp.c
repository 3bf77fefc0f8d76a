/* Covers: physical memory protection (privileged spec 3.7) as M-mode software sees it, on rvpmu's generic core (16 entries, 4-byte granularity, as QEMU's virt): the granularity probe (pmpaddr0 = all ones reads back with bit 0 set: G = 0); U- and S-mode loads and stores checked against the lowest-numbered matching entry (a read-only NAPOT page: loads work, stores raise store access fault with mtval = the address; a page without permissions: load access fault); an access matching no entry succeeds in M mode; an unlocked entry does not bind M mode; a locked entry binds M mode at once (its store faults although the page was just written) and ignores writes to its pmpcfg byte and pmpaddr. */
/* qemu: yes */
#include "guest.h"
#include "hpm_util.h"

#define PMP_R 0x01
#define PMP_W 0x02
#define PMP_X 0x04
#define PMP_NAPOT 0x18
#define PMP_L 0x80
#define CAUSE_LOAD_ACCESS 5
#define CAUSE_STORE_ACCESS 7

static volatile uxlen_t page[4096 / sizeof(uxlen_t)] __attribute__((aligned(4096)));

static volatile uxlen_t outside; /* not in `page` */

static uxlen_t load(uxlen_t addr) { return *(volatile uxlen_t *)addr; }
static uxlen_t store(uxlen_t addr) {
  *(volatile uxlen_t *)addr = 0x5a;
  return 0;
}

/* Entry 0: `cfg` over `page`; entry 1: everything, RWX. */
static void protect_page(unsigned cfg) {
  CSR_WRITE(pmpaddr1, -1);
  CSR_WRITE(pmpaddr0, ((uxlen_t)page | (4096 / 2 - 1)) >> 2);
  CSR_WRITE(pmpcfg0, cfg | (PMP_NAPOT | PMP_R | PMP_W | PMP_X) << 8);
}

int main(void) {
  /* The granularity probe (3.7.1.1): pmpcfg0 = 0, pmpaddr0 = ~0; the lowest set bit is G. */
  CSR_WRITE(pmpcfg0, 0);
  CSR_WRITE(pmpaddr0, -1);
  CHECK_EQ(CSR_READ(pmpaddr0) & 1, 1);

  hpm_pmp_open(); /* entry 0 open for the mode switches' own code and stack */
  uxlen_t addr = (uxlen_t)&page[3];
  page[3] = 77;
  for (unsigned mode = 0; mode <= 1; mode++) { /* U, then S */
    protect_page(PMP_NAPOT | PMP_R);
    CHECK_EQ(hpm_run_in_mode_asm(mode, load, addr), 77);
    CHECK_EQ(TRAPS_IN(hpm_run_in_mode_asm(mode, store, addr)), 1);
    CHECK_EQ(last_trap.mcause, CAUSE_STORE_ACCESS);
    CHECK_EQ(last_trap.mtval, addr);
    CHECK_EQ(page[3], 77);
    protect_page(PMP_NAPOT); /* no permission */
    CHECK_EQ(TRAPS_IN(hpm_run_in_mode_asm(mode, load, addr)), 1);
    CHECK_EQ(last_trap.mcause, CAUSE_LOAD_ACCESS);
    CHECK_EQ(last_trap.mtval, addr);
    /* M mode is not bound by unlocked entries. */
    page[3] = 78;
    CHECK_EQ(load(addr), 78);
    page[3] = 77;
  }
  /* No entry matches: M mode may still access (entry 1 off, entry 0 over the page only). */
  CSR_WRITE(pmpcfg0, PMP_NAPOT | PMP_R | PMP_W | PMP_X);
  CSR_WRITE(pmpaddr0, ((uxlen_t)page | (4096 / 2 - 1)) >> 2);
  outside = 31;
  CHECK_EQ(outside, 31);
  hpm_pmp_open();

  /* Locked (last: only a reset unlocks): entry 0 read-only over the page binds M mode. */
  page[3] = 9;
  protect_page(PMP_L | PMP_NAPOT | PMP_R);
  CHECK_EQ(load(addr), 9);
  CHECK_EQ(TRAPS_IN(store(addr)), 1);
  CHECK_EQ(last_trap.mcause, CAUSE_STORE_ACCESS);
  CHECK_EQ(page[3], 9);
  uxlen_t cfg = CSR_READ(pmpcfg0), pmpaddr0 = CSR_READ(pmpaddr0);
  CSR_WRITE(pmpcfg0, cfg & ~(uxlen_t)0xff);
  CSR_WRITE(pmpaddr0, 0);
  CHECK_EQ(CSR_READ(pmpcfg0), cfg);
  CHECK_EQ(CSR_READ(pmpaddr0), pmpaddr0);
  return 0;
}
