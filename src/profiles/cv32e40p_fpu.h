/* CV32E40P built with its FPU (FPU=1): the --core options, the static part of its timing and
 * the dynamic model of the APU interface (cv32e40p_fpu.c, docs/cv32e40p.md). */
#ifndef RVPMU_PROFILES_CV32E40P_FPU_H
#define RVPMU_PROFILES_CV32E40P_FPU_H

#include <stdbool.h>
#include <stdint.h>

#include "profiles/profile.h"

/* profile.options[] slots of the FPU options. */
enum { CV32E40P_OPT_FPU = 0, CV32E40P_OPT_ADDMUL_LAT = 1, CV32E40P_OPT_OTHERS_LAT = 2, CV32E40P_OPT_ZFINX = 3 };

/* Applies fpu=on|off, fpu_addmul_lat=N, fpu_others_lat=N or zfinx=on|off: 0, -1 with a message,
 * or 1 when `key` is none of them. */
int cv32e40p_fpu_option(struct profile *p, const char *key, const char *value, char *err, unsigned errlen);

/* After the options: with fpu=on the core runs RV32IMFC (RV32IMC_Zfinx with zfinx=on) and the
 * FPU model is installed. */
void cv32e40p_fpu_finish(struct profile *p);

/* The options fit together (the latencies and zfinx need fpu=on): 0, or -1 with a message. */
int cv32e40p_fpu_check(const struct profile *p, char *err, unsigned errlen);

/* Does `in` go to the FPU through the APU interface (every F instruction but FLW and FSW)? */
bool cv32e40p_is_apu(const struct insn *in);

/* Does `in` read the register the load `load` writes (x1..x31 or f0..f31; with `zfinx` the F
 * operands are integer registers)? Does it write it? */
bool cv32e40p_reads_dest_of(const struct insn *in, const struct insn *load, bool zfinx);
bool cv32e40p_writes_dest_of(const struct insn *in, const struct insn *load, bool zfinx);

/* Does `in` write frm or fcsr (measured: 4 cycles, like the slow CSRs; fflags writes and
 * every read take 1)? */
bool cv32e40p_fp_csr_write(const struct insn *in);

/* The divide/square-root unit (fpnew's T-Head FDSU) on single operands a (dividend or
 * radicand) and b (divisor): the cycles from its request to its result, and whether the FPU
 * refuses the request for one cycle first (a subnormal divisor is normalised first). */
struct divsqrt_latency {
  unsigned cycles;
  bool nack;
};
struct divsqrt_latency cv32e40p_divsqrt_latency(bool sqrt, uint32_t a, uint32_t b);

#endif
