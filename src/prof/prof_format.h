/* The profile data file (rvpmu.data) that `rvpmu record` writes and report, annotate and the
 * exports read; docs/profiling.md describes it for other readers. All integers little-endian.
 *
 *   header   "RVPMUPRF" (8 bytes), u32 version (PROF_FILE_VERSION), u32 0
 *   sections tag (4 ASCII bytes), u32 0, u64 payload length, payload; in this order:
 *     META   text lines "key=value\n" (program, kernel, firmware, each with KEY_fnv, the
 *            FNV-1a of the file in 16 hex digits; core, isa, harts, clock_hz, exit_status)
 *     EVNT   u32 n (1..PROF_MAX_EVENTS); n times: u32 length, the event's name (as recorded)
 *     TOTL   u32 harts, u32 n; harts x n u64: each hart's total of each event (= rvpmu stat)
 *     NODE   u64 count; count records of PROF_NODE_BYTES: u32 parent (PROF_NO_PARENT for a
 *            hart's root; always a smaller id), u8 hart, u8 kind (1 call, 2 trap, 0 root,
 *            3 folded call: the calls of an arc that opened no context of its own, made
 *            in its parent context; it has no children and no SELF records),
 *            u16 0, u64 callsite pc (or trap epc), u64 target pc (callee or trap vector),
 *            u64 times entered. A record's id is its position.
 *     SELF   u64 count; count records sorted by context, mode and pc, each of varints
 *            (LEB128; signed ones zigzag-coded): the context id minus the previous record's,
 *            then one byte, the privilege mode (0 U, 1 S, 3 M), then the pc (minus the
 *            previous record's when context and mode are the same), then n signed counts
 *            charged to that instruction in that context and mode
 *     END!   u64 FNV-1a (64-bit) of every byte of the file before this section's tag
 *   and nothing after END!. A file without a valid END! is incomplete (a crash, a full disk,
 *   a truncated copy) and readers reject it; the writer writes FILE.tmp and renames it. */
#ifndef RVPMU_PROF_PROF_FORMAT_H
#define RVPMU_PROF_PROF_FORMAT_H

#include <stdint.h>

#define PROF_FILE_MAGIC "RVPMUPRF"
#define PROF_FILE_VERSION 2u /* 2 added folded calls (kind 3); version 1 files are read too */
#define PROF_NODE_BYTES 32u
#define PROF_NO_PARENT 0xffffffffu
#define PROF_MAX_EVENTS 16
/* How a context was entered (NODE kind). */
/* A folded call stays in its caller's context (prof.h: recursion folds); its node only
 * counts the calls of that arc. */
enum prof_arc { PROF_ROOT = 0, PROF_CALL = 1, PROF_TRAP = 2, PROF_FOLDED = 3 };

static inline uint64_t prof_fnv1a(uint64_t h, const void *data, uint64_t len) {
  const uint8_t *p = data;
  for (uint64_t i = 0; i < len; i++) h = (h ^ p[i]) * 0x100000001b3ull;
  return h;
}
#define PROF_FNV_INIT 0xcbf29ce484222325ull

#endif
