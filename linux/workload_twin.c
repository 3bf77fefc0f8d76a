// SPDX-License-Identifier: MIT
/*
 * The bare-metal twin of the Linux workload (linux/workload.c): the same user-mode work
 * (workload_loops.h: fill the buffer, COLD_PASSES cold_loop calls, one hot_loop call), run by
 * rvpmu without an operating system, so that `rvpmu stat` on the host gives, for each event,
 * what the guest's `perf stat /bin/workload` must count at least (linux/rvpmu.sh compares the
 * two). Built by `make guest` into build/linux/workload-twin.elf (linux/linux.mk).
 *
 * Like a Linux process, the work runs in U mode under Sv39 with 4 KiB pages, so the TLB models
 * see the same page walks: M-mode start-up (tests/guest/lib: crt0, runtime) maps the program
 * (code, data, stack) one to one and the 256 KiB buffer at BUF_VA, each with 4 KiB leaf PTEs,
 * sets satp and enters U mode by MRET (hpm_run_in_mode); the U-mode code ECALLs back, and M
 * mode prints the figures and exits 0 through the test device.
 *
 * The buffer is not where its physical memory is (BUF_VA is no physical address of the virt
 * platform), so running to the end proves that the loads went through the page tables: without
 * translation the first store would take an access fault, which the runtime reports (exit 0x7ff).
 *
 * The buffer and the page tables live past _end (the end of link.ld's stack), not in .bss:
 * crt0 clears .bss a byte at a time, which for 256 KiB would add 1 M instructions and 262 K
 * branches that the Linux process does not execute (there the kernel hands out zeroed pages).
 *
 * Built with -DTWIN_SETUP_ONLY (build/linux/workload-twin-setup.elf), it does everything but
 * the work itself: its counts are the twin's own overhead (start-up, page tables, printing),
 * which linux/rvpmu.sh subtracts for its lower bounds.
 */
#include "hpm_util.h"
#include "workload_loops.h"

#define PAGE_SIZE 4096UL
#define PTE_V 0x01UL
#define PTE_R 0x02UL
#define PTE_W 0x04UL
#define PTE_X 0x08UL
#define PTE_U 0x10UL
#define PTE_A 0x40UL
#define PTE_D 0x80UL
/* One permission set for every page: the program's code and data share pages (link.ld does
 * not page-align its sections), and the permissions change no count. A and D are set so that a
 * core that faults instead of updating them (Svade) runs it too. */
#define PTE_LEAF (PTE_V | PTE_R | PTE_W | PTE_X | PTE_U | PTE_A | PTE_D)
#define SATP_SV39 (8UL << 60)
/* Where U mode sees the buffer: above the virt platform's RAM and devices, below Sv39's
 * 256 GiB limit of positive addresses. */
#define BUF_VA 0x2000000000UL

extern char _start[], _end[]; /* link.ld: the program's first byte (RAM base), end of stack */

static uint64_t *pt_next; /* the next free page-table page */
static unsigned long pages_mapped;

static uint64_t *pt_alloc(void) {
  uint64_t *t = pt_next;
  pt_next += PAGE_SIZE / sizeof(uint64_t);
  for (unsigned i = 0; i < PAGE_SIZE / sizeof(uint64_t); i++) t[i] = 0;
  return t;
}

/* Maps the 4 KiB page at va to pa in the Sv39 tables under root, adding tables as needed. */
static void map_page(uint64_t *root, uintptr_t va, uintptr_t pa) {
  uint64_t *t = root;
  for (int level = 2; level > 0; level--) {
    uint64_t *pte = &t[(va >> (12 + 9 * level)) & 511];
    if (!(*pte & PTE_V)) *pte = ((uintptr_t)pt_alloc() >> 12) << 10 | PTE_V;
    t = (uint64_t *)(uintptr_t)((*pte >> 10) << 12);
  }
  t[(va >> 12) & 511] = (pa >> 12) << 10 | PTE_LEAF;
  pages_mapped++;
}

/* The U-mode part: what /bin/workload's main does before it prints. */
static uxlen_t user_main(uxlen_t buf) {
#ifdef TWIN_SETUP_ONLY
  (void)buf;
  return 0;
#else
  return workload_run((unsigned long *)buf);
#endif
}

int main(void) {
  uintptr_t buf_pa = ((uintptr_t)_end + PAGE_SIZE - 1) & ~(PAGE_SIZE - 1);
  pt_next = (uint64_t *)(buf_pa + COLD_BYTES);
  uint64_t *root = pt_alloc();
  for (uintptr_t a = (uintptr_t)_start & ~(PAGE_SIZE - 1); a < (uintptr_t)_end; a += PAGE_SIZE) map_page(root, a, a);
  for (uintptr_t off = 0; off < COLD_BYTES; off += PAGE_SIZE) map_page(root, BUF_VA + off, buf_pa + off);
  CSR_WRITE(satp, SATP_SV39 | (uintptr_t)root >> 12);
  __asm__ volatile("sfence.vma" ::: "memory");

  unsigned long check = hpm_run_in_mode(PRV_U, user_main, BUF_VA);

  /* The same figures as the workload's "expected" and "check" lines (the check value too: the
   * buffer holds the same words), in M mode after the measured part. */
  guest_puts("workload-twin: U mode, Sv39, ");
  guest_put_dec(pages_mapped);
  guest_puts(" pages of 4 KiB\nworkload-twin: expected (user, both loops) instructions ");
  guest_put_dec(WORKLOAD_INSNS);
  guest_puts(" branches ");
  guest_put_dec(WORKLOAD_BRANCHES);
  guest_puts(" loads ");
  guest_put_dec(WORKLOAD_LOADS);
  guest_puts("\nworkload-twin: check ");
  guest_put_hex(check);
  guest_puts("\n");
  return 0;
}
