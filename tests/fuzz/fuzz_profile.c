/* libFuzzer harness: the profile data file reader (tools/prof_data.c) on arbitrary bytes.
 *
 * The file ends with a checksum, which nearly every mutation breaks; so that the section
 * parsers behind it get fuzzed too, an input that ends like an END! section has its checksum
 * recomputed before parsing (a copy with the real FNV-1a). Every input, fixed or not, must
 * parse or be rejected with a message: never a crash, a leak or a read outside the input. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "prof/prof_format.h"
#include "tools/prof_data.c"

static void check(const uint8_t *data, size_t size) {
  struct prof_data d;
  char err[256] = "";
  if (prof_data_parse(data, size, &d, err, sizeof err) == 0) {
    /* Accepted: every index the readers follow is in range. */
    for (size_t i = 0; i < d.num_self; i++)
      if (d.self[i].node >= d.num_nodes) abort();
    for (size_t i = 0; i < d.num_nodes; i++)
      if (d.nodes[i].parent != PROF_NO_PARENT && d.nodes[i].parent >= i) abort();
    for (unsigned e = 0; e < d.nev; e++) (void)prof_data_total(&d, e);
    prof_data_free(&d);
  } else if (!err[0]) {
    abort(); /* a rejection without a message */
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  check(data, size);
  if (size >= 16 + 24 && !memcmp(data + size - 24, "END!", 4)) {
    uint8_t *fixed = malloc(size);
    if (!fixed) return 0;
    memcpy(fixed, data, size);
    uint64_t sum = prof_fnv1a(PROF_FNV_INIT, fixed, size - 24);
    for (int i = 0; i < 8; i++) fixed[size - 8 + i] = (uint8_t)(sum >> (8 * i));
    check(fixed, size);
    free(fixed);
  }
  return 0;
}
