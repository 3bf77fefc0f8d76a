/* Inter-hart requests over the CLINT's msip: supervisor software interrupts (SBI IPI), remote
 * fences (SBI RFENCE) and HSM wake-ups. A request sets a bit in the target's mailbox and raises
 * its msip; the target's M-mode software-interrupt handler (or its HSM wait loop) runs
 * ipi_process. Remote fences are synchronous: the sender waits until the target has fenced.
 *
 * A request to the calling hart itself is carried out at once, on the spot, and counts as
 * sent and received (as OpenSBI counts it), so the firmware counters see every request. */
#ifndef FW_IPI_H
#define FW_IPI_H

enum ipi_kind {
  IPI_SMODE,           /* set mip.SSIP */
  IPI_FENCE_I,         /* fence.i */
  IPI_SFENCE_VMA,      /* sfence.vma over a range */
  IPI_SFENCE_VMA_ASID, /* sfence.vma over a range, one ASID */
  IPI_WAKE,            /* no work: wakes a hart waiting in WFI (HSM) */
};

/* A remote fence: the range [start, start + size) (the whole address space when start and
 * size are 0 or size is all ones) and, for IPI_SFENCE_VMA_ASID, the ASID. */
struct rfence {
  unsigned long start, size, asid;
};

/* Sends `kind` (with `fence` for the fence kinds) to `hartid` and, for fences, waits until it
 * has been done. Counts the firmware "sent" event of the kind on the calling hart. */
void ipi_send(unsigned long hartid, enum ipi_kind kind, const struct rfence *fence);

/* Handles this hart's pending requests (and clears its msip); counts "received" events. */
void ipi_process(void);

/* Executes a fence locally. */
void ipi_fence_local(enum ipi_kind kind, const struct rfence *fence);

#endif
