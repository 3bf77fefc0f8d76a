/* The generic profile: 29 programmable 64-bit counters, selectors hold the SBI event index
 * (type << 16 | code) for hardware general events, and raw events 0x2000N for the architectural
 * events it counts exactly. Cycles equal retired instructions (no timing model yet), and the
 * clock halts in WFI. See docs/events-generic.md. */
#include "profiles/generic.h"

/* SBI PMU hardware general event codes (SBI spec, table "PMU Hardware Events"). */
#define SBI_HW_CPU_CYCLES 0x1
#define SBI_HW_INSTRUCTIONS 0x2
#define SBI_HW_BRANCH_INSTRUCTIONS 0x5
/* Raw event selectors of this profile: 0x20000 | n, disjoint from the general (0x0000N) and
 * cache (0x1xxxx) event indices so one mhpmevent value means one thing. */
#define GENERIC_RAW(n) (0x20000u | (n))

/* A general event selects itself (its SBI index is the selector); a raw event has no SBI index. */
#define GENERAL(name, code, ev, desc) {name, code, ev, desc, code}
#define RAW(name, n, ev, desc) {name, GENERIC_RAW(n), ev, desc, 0}

static const struct profile_event generic_events[] = {
    GENERAL("cycles", SBI_HW_CPU_CYCLES, EV_CYCLES, "CPU cycles (SBI general event 1); also mcycle"),
    GENERAL("instructions", SBI_HW_INSTRUCTIONS, EV_INSNS, "instructions retired (SBI general event 2); also minstret"),
    GENERAL("branches", SBI_HW_BRANCH_INSTRUCTIONS, EV_BRANCHES, "conditional branches retired (SBI general event 5)"),
    RAW("loads", 0x01, EV_LOADS, "integer loads retired (not LR/AMO)"),
    RAW("stores", 0x02, EV_STORES, "integer stores retired (not SC/AMO)"),
    RAW("branches-taken", 0x03, EV_BR_TAKEN, "conditional branches retired taken"),
    RAW("branches-not-taken", 0x04, EV_BR_NOT_TAKEN, "conditional branches retired not taken"),
    RAW("jumps", 0x05, EV_JUMPS, "JAL/JALR and compressed jumps retired"),
    RAW("compressed", 0x06, EV_COMPRESSED, "compressed instructions retired"),
    RAW("multiplies", 0x07, EV_MULS, "MUL, MULH, MULHSU, MULHU, MULW retired"),
    RAW("divides", 0x08, EV_DIVS, "DIV, DIVU, REM, REMU and W forms retired"),
    RAW("exceptions", 0x09, EV_EXCEPTIONS, "synchronous exceptions taken"),
    RAW("interrupts", 0x0a, EV_INTERRUPTS, "interrupts taken"),
    RAW("atomics", 0x0b, EV_ATOMICS, "LR, SC and AMO instructions retired"),
    {0},
};

static uint64_t generic_decode(const struct profile *p, uint64_t selector) {
  for (const struct profile_event *e = p->events; e->name; e++)
    if (e->selector == selector) return EV_BIT(e->event);
  return 0;
}

static uint64_t generic_reset(const struct profile *p, unsigned idx) {
  (void)p;
  (void)idx;
  return 0;
}

const struct profile generic_profile = {
    .name = "generic",
    .description = "29 programmable 64-bit counters, SBI event indices as selectors, Sscofpmf, Smcntrpmf",
    .default_isa = "rv64imac",
    .default_platform = "virt",
    .isa_letters = "imafdc",
    .xlens = 3,
    .has_s_mode = true,
    .has_u_mode = true,
    .num_hpm = 29,
    .hpm_width = 64,
    .fixed_width = 64,
    .mcountinhibit_reset = 0,
    .selectors_writable = true,
    .has_sscofpmf = true,
    .has_smcntrpmf = true,
    .time_csr_traps = false,
    .events = generic_events,
    .decode_selector = generic_decode,
    .selector_reset = generic_reset,
    .max_cycles_per_insn = 1,
};
