/* HPM unit tests (src/hpm/hpm.[ch]) with the generic profile (src/profiles/generic.c) and
 * modified copies of it, driving the event accumulators by hand.
 *
 * Spec statements covered:
 * - Privileged ISA §3.1.10: mhpmcounter3..31 count the event their mhpmevent selects; a selector
 *   that names no event counts nothing; counters are WARL and as wide as the implementation
 *   makes them (the generic profile: 64 bits; copies here: 8 and 40), wrapping modulo 2^width;
 *   unimplemented counters read zero and ignore writes.
 * - §3.1.12 mcountinhibit: a set bit stops its counter (the value is kept); bit 1 (time) is
 *   read-only zero; bits of unimplemented counters are WARL zero.
 * - Sscofpmf: OF (bit 63) is set when the counter wraps, and a local counter-overflow interrupt
 *   is requested only when OF was clear (so exactly once per OF clear); MINH/SINH/UINH stop
 *   counting in M/S/U; VSINH/VUINH are read-only zero without H; mcycle/minstret have no OF.
 * - Smcntrpmf: mcyclecfg/minstretcfg MINH/SINH/UINH filter mcycle/minstret by mode.
 * - Zicsr/docs/counters.md: a CSR write to a counter wins over the writing instruction's own
 *   increment (hpm_counter_write + hpm_instruction_retired).
 * - Host per-mode totals (rvpmu stat EVENT:u/:k/:m): each event counts in the mode the hart was
 *   in when it happened, as the xINH filters count (Sscofpmf); the modes add up to the total.
 * - design.md decisions 2 and 3: counter = base + (acc[event] - snap), materialised lazily;
 *   hpm_overflow_budget is the exact number of instructions after which a wrap may happen. */
#include "unit_util.h"

#include "csr/csr.h"
#include "hpm/hpm.h"
#include "profiles/generic.h"

#define SEL_CYCLES 0x1        /* SBI general event 1 */
#define SEL_INSNS 0x2         /* SBI general event 2 */
#define SEL_LOADS 0x20001     /* generic raw event 1 */
#define SEL_STORES 0x20002    /* generic raw event 2 */
#define SEL_UNKNOWN 0x12345   /* no event of the generic profile */
#define MCYCLE 0
#define MINSTRET 2

static void init(struct hpm *hpm, const struct profile *p) { hpm_init(hpm, p, PRIV_M); }

static bool is_active(const struct hpm *hpm, enum event_id ev) {
  for (unsigned i = 0; i < hpm->num_active; i++)
    if (hpm->active[i] == ev) return true;
  return false;
}

/* Simulates one retiring instruction that wrote counters: its events, then the retire hook. */
static void retire_writer(struct hpm *hpm) {
  hpm->acc[EV_INSNS]++;
  hpm->acc[EV_CYCLES]++;
  hpm_instruction_retired(hpm);
}

static void test_reset_state(void **state) {
  (void)state;
  struct hpm hpm;
  init(&hpm, &generic_profile);
  assert_int_equal(hpm.implemented, 0xfffffffdu); /* mcycle, minstret, 29 mhpmcounters */
  assert_int_equal(hpm.mcountinhibit, 0);
  assert_int_equal(hpm.mcounteren, 0);
  assert_int_equal(hpm.scounteren, 0);
  assert_int_equal(hpm.num_active, 0);
  for (unsigned i = 0; i < HPM_NUM_COUNTERS; i++) {
    assert_int_equal(hpm_counter_value(&hpm, i), 0);
    assert_int_equal(hpm.mhpmevent[i], 0);
    assert_int_equal(hpm.width_mask[i], UINT64_MAX);
  }
  assert_true(hpm.ctr[MCYCLE].running);
  assert_int_equal(hpm.ctr[MCYCLE].event, EV_CYCLES);
  assert_true(hpm.ctr[MINSTRET].running);
  assert_int_equal(hpm.ctr[MINSTRET].event, EV_INSNS);
  for (unsigned i = HPM_FIRST_PROGRAMMABLE; i < HPM_NUM_COUNTERS; i++) {
    assert_false(hpm.ctr[i].running); /* selector 0 selects nothing */
    assert_int_equal(hpm.ctr[i].event, EV_NONE);
  }
}

/* base + (acc - snap): nothing is stored until a fold, the value is still exact. */
static void test_lazy_value(void **state) {
  (void)state;
  struct hpm hpm;
  init(&hpm, &generic_profile);
  hpm.acc[EV_INSNS] += 10;
  hpm.acc[EV_CYCLES] += 25;
  assert_int_equal(hpm_counter_value(&hpm, MINSTRET), 10);
  assert_int_equal(hpm_counter_value(&hpm, MCYCLE), 25);
  assert_int_equal(hpm.ctr[MINSTRET].base, 0); /* not materialised */
  assert_int_equal(hpm.ctr[MINSTRET].snap, 0);
  hpm_fold_all(&hpm);
  assert_int_equal(hpm.ctr[MINSTRET].base, 10);
  assert_int_equal(hpm.ctr[MINSTRET].snap, 10);
  assert_int_equal(hpm.ctr[MCYCLE].base, 25);
  hpm.acc[EV_INSNS] += 7;
  assert_int_equal(hpm_counter_value(&hpm, MINSTRET), 17);
  assert_int_equal(hpm_counter_value(&hpm, 1), 0); /* the time slot is not a counter */
}

static void test_write_sets_value(void **state) {
  (void)state;
  struct hpm hpm;
  init(&hpm, &generic_profile);
  hpm.acc[EV_INSNS] = 500;
  hpm_counter_write(&hpm, MINSTRET, 1000);
  assert_int_equal(hpm_counter_value(&hpm, MINSTRET), 1000);
  assert_int_equal(hpm.written, 1u << MINSTRET);
  hpm_instruction_retired(&hpm);
  hpm.acc[EV_INSNS] += 3;
  assert_int_equal(hpm_counter_value(&hpm, MINSTRET), 1003);
  hpm_counter_write(&hpm, MCYCLE, UINT64_MAX);
  hpm_instruction_retired(&hpm);
  hpm.acc[EV_CYCLES] += 2;
  assert_int_equal(hpm_counter_value(&hpm, MCYCLE), 1); /* 64-bit wrap */
}

/* The writing instruction's own increment is dropped: a later read sees exactly the value
 * written plus what retired after the writer. */
static void test_write_wins_over_own_increment(void **state) {
  (void)state;
  struct hpm hpm;
  init(&hpm, &generic_profile);
  hpm_write_event(&hpm, 3, SEL_LOADS);
  hpm.acc[EV_INSNS] = 40;
  hpm_counter_write(&hpm, MINSTRET, 50);
  retire_writer(&hpm);
  assert_int_equal(hpm_counter_value(&hpm, MINSTRET), 50);
  assert_int_equal(hpm.written, 0);
  hpm.acc[EV_INSNS]++;
  assert_int_equal(hpm_counter_value(&hpm, MINSTRET), 51);
  /* Same for a programmable counter and its own event (a load that writes is hypothetical,
   * but the rule is per counter, not per event). */
  hpm_counter_write(&hpm, 3, 9);
  hpm.acc[EV_LOADS]++;
  hpm_instruction_retired(&hpm);
  assert_int_equal(hpm_counter_value(&hpm, 3), 9);
  hpm.acc[EV_LOADS] += 2;
  assert_int_equal(hpm_counter_value(&hpm, 3), 11);
  /* Counters the instruction did not write keep their increment. */
  hpm.acc[EV_CYCLES] = 0;
  hpm_counter_write(&hpm, MCYCLE, 0);
  hpm_instruction_retired(&hpm);
  hpm_counter_write(&hpm, MINSTRET, 100);
  retire_writer(&hpm);
  assert_int_equal(hpm_counter_value(&hpm, MCYCLE), 1);
  assert_int_equal(hpm_counter_value(&hpm, MINSTRET), 100);
}

static void test_selector_chooses_event(void **state) {
  (void)state;
  struct hpm hpm;
  init(&hpm, &generic_profile);
  hpm_write_event(&hpm, 3, SEL_LOADS);
  assert_int_equal(hpm.mhpmevent[3], SEL_LOADS);
  assert_true(hpm.ctr[3].running);
  assert_int_equal(hpm.ctr[3].event, EV_LOADS);
  assert_true(is_active(&hpm, EV_LOADS)); /* a static event: accumulated per block now */
  assert_int_equal(hpm.num_active, 1);
  hpm.acc[EV_LOADS] += 7;
  hpm.acc[EV_STORES] += 5;
  hpm.acc[EV_INSNS] += 20;
  assert_int_equal(hpm_counter_value(&hpm, 3), 7);
  /* Changing the selector keeps the value and counts the new event from now on. */
  hpm_write_event(&hpm, 3, SEL_INSNS);
  assert_int_equal(hpm.num_active, 0); /* instructions are always accumulated */
  hpm.acc[EV_LOADS] += 100;
  hpm.acc[EV_INSNS] += 4;
  assert_int_equal(hpm_counter_value(&hpm, 3), 11);
  /* SBI general event 1 on a programmable counter counts cycles. */
  hpm_write_event(&hpm, 31, SEL_CYCLES);
  hpm.acc[EV_CYCLES] += 3;
  assert_int_equal(hpm_counter_value(&hpm, 31), 3);
  hpm_write_event(&hpm, 4, SEL_STORES);
  assert_true(is_active(&hpm, EV_STORES));
}

static void test_unknown_selector_counts_nothing(void **state) {
  (void)state;
  struct hpm hpm;
  init(&hpm, &generic_profile);
  hpm_write_event(&hpm, 4, SEL_UNKNOWN);
  assert_int_equal(hpm.mhpmevent[4], SEL_UNKNOWN);
  assert_false(hpm.ctr[4].running);
  hpm_counter_write(&hpm, 4, 77);
  hpm_instruction_retired(&hpm);
  for (unsigned ev = 0; ev < EV_COUNT; ev++) hpm.acc[ev] += 1000;
  hpm_fold_all(&hpm);
  assert_int_equal(hpm_counter_value(&hpm, 4), 77);
  assert_int_equal(hpm.overflowed, 0);
  /* Selector bits 57:56 are not part of the selector (Sscofpmf uses 63:58; 57:56 reserved). */
  hpm_write_event(&hpm, 5, 1ull << 56 | 1ull << 57 | SEL_INSNS);
  assert_int_equal(hpm.mhpmevent[5], SEL_INSNS);
}

static void test_width_8_wraps_and_sets_of_once(void **state) {
  (void)state;
  struct profile p = generic_profile;
  p.hpm_width = 8;
  struct hpm hpm;
  init(&hpm, &p);
  assert_int_equal(hpm.width_mask[3], 0xff);
  assert_int_equal(hpm.width_mask[MINSTRET], UINT64_MAX); /* fixed counters keep fixed_width */
  hpm_write_event(&hpm, 3, SEL_INSNS);
  hpm_counter_write(&hpm, 3, 0x1234); /* WARL: the upper bits do not exist */
  hpm_instruction_retired(&hpm);
  assert_int_equal(hpm_counter_value(&hpm, 3), 0x34);
  hpm_counter_write(&hpm, 3, 250);
  hpm_instruction_retired(&hpm);
  hpm.acc[EV_INSNS] += 5;
  hpm_fold_all(&hpm);
  assert_int_equal(hpm_counter_value(&hpm, 3), 255); /* all ones: not yet wrapped */
  assert_int_equal(hpm.overflowed, 0);
  assert_int_equal(hpm.mhpmevent[3] & MHPMEVENT_OF, 0);
  hpm.acc[EV_INSNS] += 5;
  assert_int_equal(hpm_counter_value(&hpm, 3), 4); /* 260 mod 256, exact before any fold */
  hpm_fold_all(&hpm);
  assert_int_equal(hpm_counter_value(&hpm, 3), 4);
  assert_int_equal(hpm.overflowed, 1u << 3);
  assert_int_equal(hpm.mhpmevent[3], MHPMEVENT_OF | SEL_INSNS);
  assert_int_equal(hpm_overflow_bits(&hpm), 1u << 3);
  /* A second wrap with OF still set requests no second interrupt. */
  hpm.overflowed = 0;
  hpm.acc[EV_INSNS] += 256;
  hpm_fold_all(&hpm);
  assert_int_equal(hpm_counter_value(&hpm, 3), 4);
  assert_int_equal(hpm.overflowed, 0);
  assert_true(hpm.mhpmevent[3] & MHPMEVENT_OF);
  /* Folding again without new events changes nothing. */
  hpm_fold_all(&hpm);
  assert_int_equal(hpm.overflowed, 0);
  /* Software clears OF: the next wrap requests an interrupt again. */
  hpm_write_event(&hpm, 3, SEL_INSNS);
  assert_int_equal(hpm.mhpmevent[3] & MHPMEVENT_OF, 0);
  hpm_counter_write(&hpm, 3, 255);
  hpm_instruction_retired(&hpm);
  hpm.acc[EV_INSNS] += 1;
  hpm_fold_all(&hpm);
  assert_int_equal(hpm_counter_value(&hpm, 3), 0);
  assert_int_equal(hpm.overflowed, 1u << 3);
}

static void test_width_40_wraps(void **state) {
  (void)state;
  struct profile p = generic_profile;
  p.hpm_width = 40;
  struct hpm hpm;
  init(&hpm, &p);
  hpm_write_event(&hpm, 7, SEL_LOADS);
  hpm_counter_write(&hpm, 7, (1ull << 40) - 2);
  hpm_instruction_retired(&hpm);
  hpm.acc[EV_LOADS] += 1;
  hpm_fold_all(&hpm);
  assert_int_equal(hpm_counter_value(&hpm, 7), (1ull << 40) - 1);
  assert_int_equal(hpm.overflowed, 0);
  hpm.acc[EV_LOADS] += 4;
  hpm_fold_all(&hpm);
  assert_int_equal(hpm_counter_value(&hpm, 7), 3);
  assert_int_equal(hpm.overflowed, 1u << 7);
  assert_int_equal(hpm.mhpmevent[7], MHPMEVENT_OF | SEL_LOADS);
  assert_int_equal(hpm_overflow_bits(&hpm), 1u << 7);
}

/* mcycle and minstret wrap at fixed_width but have no OF bit and raise nothing. */
static void test_fixed_counters_have_no_of(void **state) {
  (void)state;
  struct profile p = generic_profile;
  p.fixed_width = 8;
  struct hpm hpm;
  init(&hpm, &p);
  hpm_counter_write(&hpm, MINSTRET, 250);
  hpm_instruction_retired(&hpm);
  hpm.acc[EV_INSNS] += 10;
  hpm_fold_all(&hpm);
  assert_int_equal(hpm_counter_value(&hpm, MINSTRET), 4);
  assert_int_equal(hpm.overflowed, 0);
  assert_int_equal(hpm_overflow_bits(&hpm), 0);
}

static void test_inhibit_stops_counter(void **state) {
  (void)state;
  struct hpm hpm;
  init(&hpm, &generic_profile);
  hpm_write_event(&hpm, 3, SEL_INSNS);
  hpm.acc[EV_INSNS] += 5;
  hpm.acc[EV_CYCLES] += 5;
  hpm_write_inhibit(&hpm, 1u << MINSTRET | 1u << 3);
  assert_int_equal(hpm.mcountinhibit, 0xc);
  hpm.acc[EV_INSNS] += 10;
  hpm.acc[EV_CYCLES] += 10;
  assert_int_equal(hpm_counter_value(&hpm, MINSTRET), 5);
  assert_int_equal(hpm_counter_value(&hpm, 3), 5);
  assert_int_equal(hpm_counter_value(&hpm, MCYCLE), 15); /* not inhibited */
  /* A write to an inhibited counter sticks. */
  hpm_counter_write(&hpm, 3, 40);
  hpm_instruction_retired(&hpm);
  hpm.acc[EV_INSNS] += 10;
  assert_int_equal(hpm_counter_value(&hpm, 3), 40);
  hpm_write_inhibit(&hpm, 0);
  hpm.acc[EV_INSNS] += 3;
  assert_int_equal(hpm_counter_value(&hpm, MINSTRET), 8);
  assert_int_equal(hpm_counter_value(&hpm, 3), 43);
  /* Bit 1 (time) is read-only zero; every implemented counter's bit is writable. */
  hpm_write_inhibit(&hpm, 0xffffffffu);
  assert_int_equal(hpm.mcountinhibit, 0xfffffffdu);
}

static void test_unimplemented_counters(void **state) {
  (void)state;
  struct profile p = generic_profile;
  p.num_hpm = 4; /* mhpmcounter3..6 */
  struct hpm hpm;
  init(&hpm, &p);
  assert_int_equal(hpm.implemented, 0x7du);
  hpm_write_inhibit(&hpm, 0xffffffffu);
  assert_int_equal(hpm.mcountinhibit, 0x7du);
  hpm_write_inhibit(&hpm, 0);
  hpm_write_event(&hpm, 7, SEL_INSNS);
  assert_int_equal(hpm.mhpmevent[7], 0);
  hpm_counter_write(&hpm, 7, 5);
  hpm_instruction_retired(&hpm);
  hpm.acc[EV_INSNS] += 10;
  assert_int_equal(hpm_counter_value(&hpm, 7), 0);
  hpm_write_event(&hpm, 6, SEL_INSNS);
  assert_int_equal(hpm_counter_value(&hpm, 6), 0);
  hpm.acc[EV_INSNS] += 2;
  assert_int_equal(hpm_counter_value(&hpm, 6), 2);
}

/* Sscofpmf xINH bits: a counter stops in the inhibited modes; events before a mode change
 * belong to the old mode. */
static void test_privilege_filters(void **state) {
  (void)state;
  struct hpm hpm;
  init(&hpm, &generic_profile);
  hpm_write_event(&hpm, 3, MHPMEVENT_MINH | SEL_INSNS);
  hpm_write_event(&hpm, 4, MHPMEVENT_SINH | MHPMEVENT_UINH | SEL_INSNS);
  hpm_write_event(&hpm, 5, MHPMEVENT_UINH | SEL_INSNS);
  hpm.acc[EV_INSNS] += 5; /* in M */
  assert_int_equal(hpm_counter_value(&hpm, 3), 0);
  assert_int_equal(hpm_counter_value(&hpm, 4), 5);
  assert_int_equal(hpm_counter_value(&hpm, 5), 5);
  hpm_set_priv(&hpm, PRIV_S);
  hpm.acc[EV_INSNS] += 7;
  assert_int_equal(hpm_counter_value(&hpm, 3), 7);
  assert_int_equal(hpm_counter_value(&hpm, 4), 5);
  assert_int_equal(hpm_counter_value(&hpm, 5), 12);
  hpm_set_priv(&hpm, PRIV_U);
  hpm.acc[EV_INSNS] += 2;
  assert_int_equal(hpm_counter_value(&hpm, 3), 9);
  assert_int_equal(hpm_counter_value(&hpm, 4), 5);
  assert_int_equal(hpm_counter_value(&hpm, 5), 12);
  assert_int_equal(hpm_counter_value(&hpm, MINSTRET), 14); /* no filter on minstret */
  hpm_set_priv(&hpm, PRIV_M);
  hpm.acc[EV_INSNS] += 1;
  assert_int_equal(hpm_counter_value(&hpm, 3), 9);
  assert_int_equal(hpm_counter_value(&hpm, 4), 6);
  assert_int_equal(hpm_counter_value(&hpm, 5), 13);
  /* VSINH and VUINH are read-only zero without the hypervisor extension. */
  hpm_write_event(&hpm, 6, UINT64_MAX);
  assert_int_equal(hpm.mhpmevent[6], MHPMEVENT_OF | MHPMEVENT_MINH | MHPMEVENT_SINH | MHPMEVENT_UINH |
                                         MHPMEVENT_SELECTOR_MASK);
}

/* Smcntrpmf: mcyclecfg and minstretcfg filter the fixed counters. */
static void test_smcntrpmf_filters(void **state) {
  (void)state;
  struct hpm hpm;
  init(&hpm, &generic_profile);
  hpm_write_cyclecfg(&hpm, MHPMEVENT_MINH);
  hpm_write_instretcfg(&hpm, MHPMEVENT_UINH);
  hpm.acc[EV_CYCLES] += 4;
  hpm.acc[EV_INSNS] += 4;
  assert_int_equal(hpm_counter_value(&hpm, MCYCLE), 0);
  assert_int_equal(hpm_counter_value(&hpm, MINSTRET), 4);
  hpm_set_priv(&hpm, PRIV_U);
  hpm.acc[EV_CYCLES] += 3;
  hpm.acc[EV_INSNS] += 3;
  assert_int_equal(hpm_counter_value(&hpm, MCYCLE), 3);
  assert_int_equal(hpm_counter_value(&hpm, MINSTRET), 4);
  /* Only MINH, SINH, UINH are writable (no OF in the cfg registers, no VS/VU without H). */
  hpm_write_cyclecfg(&hpm, UINT64_MAX);
  assert_int_equal(hpm.mcyclecfg, MHPMEVENT_MINH | MHPMEVENT_SINH | MHPMEVENT_UINH);
  hpm_write_instretcfg(&hpm, UINT64_MAX);
  assert_int_equal(hpm.minstretcfg, MHPMEVENT_MINH | MHPMEVENT_SINH | MHPMEVENT_UINH);
  /* A profile without Smcntrpmf keeps them zero, and without Sscofpmf xINH does nothing. */
  struct profile p = generic_profile;
  p.has_smcntrpmf = false;
  p.has_sscofpmf = false;
  init(&hpm, &p);
  hpm_write_cyclecfg(&hpm, MHPMEVENT_MINH);
  assert_int_equal(hpm.mcyclecfg, 0);
  hpm_write_event(&hpm, 3, MHPMEVENT_OF | MHPMEVENT_MINH | SEL_INSNS);
  assert_int_equal(hpm.mhpmevent[3], SEL_INSNS);
  hpm.acc[EV_INSNS] += 2;
  hpm.acc[EV_CYCLES] += 2;
  assert_int_equal(hpm_counter_value(&hpm, 3), 2);
  assert_int_equal(hpm_counter_value(&hpm, MCYCLE), 2);
}

/* Hardwired selectors: only the Sscofpmf bits can be written. */
static void test_hardwired_selectors(void **state) {
  (void)state;
  struct profile p = generic_profile;
  p.selectors_writable = false;
  struct hpm hpm;
  init(&hpm, &p);
  hpm_write_event(&hpm, 3, MHPMEVENT_SINH | SEL_INSNS);
  assert_int_equal(hpm.mhpmevent[3], MHPMEVENT_SINH);
  assert_false(hpm.ctr[3].running);
}

/* hpm_overflow_budget(max): the smallest number of instructions after which a running
 * programmable counter may have wrapped, at most `max` events per instruction. */
static void test_overflow_budget(void **state) {
  (void)state;
  struct hpm hpm;
  init(&hpm, &generic_profile);
  assert_int_equal(hpm_overflow_budget(&hpm, 1), UINT64_MAX); /* nothing selected */
  hpm_counter_write(&hpm, MINSTRET, UINT64_MAX);             /* no OF on minstret */
  hpm_instruction_retired(&hpm);
  assert_int_equal(hpm_overflow_budget(&hpm, 1), UINT64_MAX);

  hpm_write_event(&hpm, 3, SEL_INSNS);
  hpm_counter_write(&hpm, 3, UINT64_MAX - 9); /* 9 more fit, the 10th wraps */
  hpm_instruction_retired(&hpm);
  assert_int_equal(hpm_overflow_budget(&hpm, 1), 10);
  assert_int_equal(hpm_overflow_budget(&hpm, 4), 3); /* 2 insns: at most 8 <= 9 */
  assert_int_equal(hpm_overflow_budget(&hpm, 9), 2);  /* one insn adds at most 9: still fits */
  assert_int_equal(hpm_overflow_budget(&hpm, 10), 1);
  hpm.acc[EV_INSNS] += 4; /* lazily counted events shorten it */
  assert_int_equal(hpm_overflow_budget(&hpm, 1), 6);
  hpm_counter_write(&hpm, 3, UINT64_MAX);
  hpm_instruction_retired(&hpm);
  assert_int_equal(hpm_overflow_budget(&hpm, 1), 1);
  /* The nearest of several counters. */
  hpm_counter_write(&hpm, 3, 0);
  hpm_instruction_retired(&hpm);
  hpm_write_event(&hpm, 9, SEL_LOADS);
  hpm_counter_write(&hpm, 9, UINT64_MAX - 99);
  hpm_instruction_retired(&hpm);
  assert_int_equal(hpm_overflow_budget(&hpm, 1), 100);
  /* Inhibited or filtered-out counters cannot wrap. */
  hpm_write_inhibit(&hpm, 1u << 9);
  /* Counter 3 is at 0: 2^64 instructions until it wraps, which saturates (not 0). */
  assert_int_equal(hpm_overflow_budget(&hpm, 1), UINT64_MAX);
  hpm_write_inhibit(&hpm, 0);
  hpm_write_event(&hpm, 9, MHPMEVENT_MINH | SEL_LOADS);
  hpm_counter_write(&hpm, 3, 5);
  hpm_instruction_retired(&hpm);
  assert_int_equal(hpm_overflow_budget(&hpm, 1), UINT64_MAX - 4);
  /* An unknown selector counts nothing. */
  hpm_write_event(&hpm, 3, SEL_UNKNOWN);
  assert_int_equal(hpm_overflow_budget(&hpm, 1), UINT64_MAX);
}

static void test_overflow_budget_narrow_and_without_sscofpmf(void **state) {
  (void)state;
  struct profile p = generic_profile;
  p.hpm_width = 8;
  struct hpm hpm;
  init(&hpm, &p);
  hpm_write_event(&hpm, 3, SEL_INSNS);
  hpm_counter_write(&hpm, 3, 250);
  hpm_instruction_retired(&hpm);
  assert_int_equal(hpm_overflow_budget(&hpm, 1), 6);
  assert_int_equal(hpm_overflow_budget(&hpm, 2), 3);
  hpm_counter_write(&hpm, 3, 0);
  hpm_instruction_retired(&hpm);
  assert_int_equal(hpm_overflow_budget(&hpm, 1), 256);
  p.has_sscofpmf = false; /* no overflow interrupt: no budget */
  init(&hpm, &p);
  hpm_write_event(&hpm, 3, SEL_INSNS);
  hpm_counter_write(&hpm, 3, 255);
  hpm_instruction_retired(&hpm);
  assert_int_equal(hpm_overflow_budget(&hpm, 1), UINT64_MAX);
  hpm.acc[EV_INSNS] += 1;
  hpm_fold_all(&hpm);
  assert_int_equal(hpm_counter_value(&hpm, 3), 0); /* wraps, but sets no OF */
  assert_int_equal(hpm.overflowed, 0);
  assert_int_equal(hpm.mhpmevent[3], SEL_INSNS);
}

/* Host tools (rvpmu stat) can ask for a static event nobody selects. */
static void test_watch_event(void **state) {
  (void)state;
  struct hpm hpm;
  init(&hpm, &generic_profile);
  assert_false(is_active(&hpm, EV_STORES));
  hpm_watch_event(&hpm, EV_STORES);
  assert_true(is_active(&hpm, EV_STORES));
  hpm_write_event(&hpm, 3, SEL_STORES); /* selecting it too does not list it twice */
  assert_int_equal(hpm.num_active, 1);
  hpm_write_event(&hpm, 3, 0);
  assert_true(is_active(&hpm, EV_STORES));
}

/* The per-mode totals: what happened in each mode until the next hpm_set_priv goes to that mode,
 * the modes add up to acc, and an event watched only later counts its earlier events in the
 * mode current when it was watched (so that the sum still holds). */
static void test_mode_totals(void **state) {
  (void)state;
  struct hpm hpm;
  init(&hpm, &generic_profile);
  hpm_watch_event(&hpm, EV_LOADS);
  hpm.acc[EV_INSNS] += 5, hpm.acc[EV_LOADS] += 2; /* in M */
  hpm_set_priv(&hpm, PRIV_S);
  hpm.acc[EV_INSNS] += 7, hpm.acc[EV_LOADS] += 1;
  hpm_set_priv(&hpm, PRIV_U);
  hpm.acc[EV_INSNS] += 11;
  hpm_set_priv(&hpm, PRIV_M);
  hpm.acc[EV_INSNS] += 3, hpm.acc[EV_STORES] += 4; /* stores: not watched yet */
  hpm_set_priv(&hpm, PRIV_U);
  hpm.acc[EV_INSNS] += 1, hpm.acc[EV_LOADS] += 6; /* still in U: counted without a change */
  assert_int_equal(hpm_mode_total(&hpm, EV_INSNS, PRIV_M), 8);
  assert_int_equal(hpm_mode_total(&hpm, EV_INSNS, PRIV_S), 7);
  assert_int_equal(hpm_mode_total(&hpm, EV_INSNS, PRIV_U), 12);
  assert_int_equal(hpm_mode_total(&hpm, EV_LOADS, PRIV_M), 2);
  assert_int_equal(hpm_mode_total(&hpm, EV_LOADS, PRIV_S), 1);
  assert_int_equal(hpm_mode_total(&hpm, EV_LOADS, PRIV_U), 6);
  assert_int_equal(hpm_mode_total(&hpm, EV_STORES, PRIV_U), 0); /* not split: not watched */
  hpm_watch_event(&hpm, EV_STORES);
  assert_int_equal(hpm_mode_total(&hpm, EV_STORES, PRIV_U), 4);
  hpm_set_priv(&hpm, PRIV_S);
  assert_int_equal(hpm_mode_total(&hpm, EV_STORES, PRIV_U) + hpm_mode_total(&hpm, EV_STORES, PRIV_S) +
                       hpm_mode_total(&hpm, EV_STORES, PRIV_M),
                   hpm.acc[EV_STORES]);
  assert_int_equal(hpm_mode_total(&hpm, EV_CYCLES, 2), 0); /* no mode 2 */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_reset_state),
      cmocka_unit_test(test_lazy_value),
      cmocka_unit_test(test_write_sets_value),
      cmocka_unit_test(test_write_wins_over_own_increment),
      cmocka_unit_test(test_selector_chooses_event),
      cmocka_unit_test(test_unknown_selector_counts_nothing),
      cmocka_unit_test(test_width_8_wraps_and_sets_of_once),
      cmocka_unit_test(test_width_40_wraps),
      cmocka_unit_test(test_fixed_counters_have_no_of),
      cmocka_unit_test(test_inhibit_stops_counter),
      cmocka_unit_test(test_unimplemented_counters),
      cmocka_unit_test(test_privilege_filters),
      cmocka_unit_test(test_smcntrpmf_filters),
      cmocka_unit_test(test_hardwired_selectors),
      cmocka_unit_test(test_overflow_budget),
      cmocka_unit_test(test_overflow_budget_narrow_and_without_sscofpmf),
      cmocka_unit_test(test_watch_event),
      cmocka_unit_test(test_mode_totals),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
