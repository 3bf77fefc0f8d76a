/* Mailboxes and the msip doorbell (see ipi.h). */
#include "sbi/ipi.h"

#include "lib/csr.h"
#include "lib/lib.h"
#include "lib/sbi.h"
#include "platform/clint.h"
#include "platform/platform.h"
#include "sbi/fw_event.h"

#define PAGE_BYTES 4096UL
/* A range larger than this is flushed whole: one sfence.vma instead of more than 64. */
#define FENCE_RANGE_LIMIT (64 * PAGE_BYTES)

struct mailbox {
  volatile unsigned long pending; /* bit per enum ipi_kind, set by senders */
  spinlock_t fence_lock;          /* one remote fence in flight per target */
  struct rfence fence;            /* the fence request, valid while fence_lock is held */
  volatile unsigned long fence_done; /* set by the target once it has fenced */
};

static struct mailbox boxes[FW_MAX_HARTS];

static const unsigned sent_event[] = {
    [IPI_SMODE] = SBI_PMU_FW_IPI_SENT,
    [IPI_FENCE_I] = SBI_PMU_FW_FENCE_I_SENT,
    [IPI_SFENCE_VMA] = SBI_PMU_FW_SFENCE_VMA_SENT,
    [IPI_SFENCE_VMA_ASID] = SBI_PMU_FW_SFENCE_VMA_ASID_SENT,
    [IPI_WAKE] = SBI_PMU_FW_EVENT_MAX, /* not counted */
};
static const unsigned received_event[] = {
    [IPI_SMODE] = SBI_PMU_FW_IPI_RECEIVED,
    [IPI_FENCE_I] = SBI_PMU_FW_FENCE_I_RECEIVED,
    [IPI_SFENCE_VMA] = SBI_PMU_FW_SFENCE_VMA_RECEIVED,
    [IPI_SFENCE_VMA_ASID] = SBI_PMU_FW_SFENCE_VMA_ASID_RECEIVED,
    [IPI_WAKE] = SBI_PMU_FW_EVENT_MAX,
};

static bool fence_whole(const struct rfence *f) {
  return (f->start == 0 && f->size == 0) || f->size == ~0UL || f->size > FENCE_RANGE_LIMIT;
}

void ipi_fence_local(enum ipi_kind kind, const struct rfence *f) {
  if (kind == IPI_FENCE_I) {
    __asm__ volatile("fence.i" ::: "memory");
  } else if (kind == IPI_SFENCE_VMA) {
    if (fence_whole(f)) {
      __asm__ volatile("sfence.vma" ::: "memory");
    } else {
      for (unsigned long a = f->start & ~(PAGE_BYTES - 1); a < f->start + f->size; a += PAGE_BYTES)
        __asm__ volatile("sfence.vma %0" ::"r"(a) : "memory");
    }
  } else if (kind == IPI_SFENCE_VMA_ASID) {
    if (fence_whole(f)) {
      __asm__ volatile("sfence.vma zero, %0" ::"r"(f->asid) : "memory");
    } else {
      for (unsigned long a = f->start & ~(PAGE_BYTES - 1); a < f->start + f->size; a += PAGE_BYTES)
        __asm__ volatile("sfence.vma %0, %1" ::"r"(a), "r"(f->asid) : "memory");
    }
  }
}

/* Carries out request `kind` on this hart; `fence` is the fence request of the fence kinds. */
static void handle(enum ipi_kind kind, const struct rfence *fence) {
  if (kind == IPI_SMODE) csr_set(CSR_MIP, MIP_SSIP);
  else if (kind != IPI_WAKE) ipi_fence_local(kind, fence);
  fw_event_count(received_event[kind]);
}

void ipi_process(void) {
  unsigned long hart = csr_read(CSR_MHARTID);
  struct mailbox *box = &boxes[hart];
  if (!(csr_read(CSR_MIP) & MIP_MSIP) && !box->pending) return;
  clint_msip_write(hart, 0); /* before taking the requests: a later one raises msip again */
  barrier();
  unsigned long kinds = atomic_swap(&box->pending, 0);
  for (; kinds; kinds &= kinds - 1) {
    enum ipi_kind kind = (enum ipi_kind)bit_ffs(kinds);
    handle(kind, &box->fence);
    if (kind != IPI_SMODE && kind != IPI_WAKE) {
      barrier();
      box->fence_done = 1; /* the sender may now reuse the mailbox */
    }
  }
}

void ipi_send(unsigned long hartid, enum ipi_kind kind, const struct rfence *fence) {
  unsigned long self = csr_read(CSR_MHARTID);
  struct mailbox *box = &boxes[hartid];
  fw_event_count(sent_event[kind]);
  if (hartid == self) {
    handle(kind, fence);
    return;
  }
  if (kind == IPI_SMODE || kind == IPI_WAKE) {
    atomic_or(&box->pending, 1UL << kind);
    clint_msip_write(hartid, 1);
    return;
  }
  /* While waiting, keep serving this hart's own mailbox: two harts that fence each other at
   * the same time must not wait for ever. */
  spin_lock(&box->fence_lock, ipi_process);
  box->fence = *fence;
  box->fence_done = 0;
  barrier();
  atomic_or(&box->pending, 1UL << kind);
  clint_msip_write(hartid, 1);
  while (!box->fence_done) ipi_process();
  spin_unlock(&box->fence_lock);
}
