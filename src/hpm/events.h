/* Architectural event ids shared by the hart, the HPM unit, profiles and the tools. */
#ifndef RVPMU_HPM_EVENTS_H
#define RVPMU_HPM_EVENTS_H

enum event_id {
  EV_NONE = 0, /* selects nothing: a counter on EV_NONE never changes */
#define EVENT(id, name, desc) EV_##id,
#include "hpm/events.def"
#undef EVENT
  EV_COUNT
};

/* Event sets are 64-bit masks over these ids. */
_Static_assert(EV_COUNT <= 64, "event masks are 64 bits");
#define EV_BIT(ev) (1ull << (ev))

/* Accumulators (hpm.acc, block.events) hold one slot per event id, then EV_NUM_COMBOS combo
 * slots: the OR-combinations of events that counters with several-event selectors count
 * (CV32E40P, MicroBlaze V), which increment once per cycle in which any of their events
 * occurs. Combos are assigned per hart (hpm.combo_mask), are never named to users and are not
 * events: they take no bit in event masks. One per programmable counter, so every counter can
 * select a different set. */
#define EV_NUM_COMBOS 29
#define EV_COMBO0 EV_COUNT                    /* accumulator index of the first combo */
#define EV_NUM_ACC (EV_COUNT + EV_NUM_COMBOS) /* accumulator slots */

/* Name and description of an event id (EV_NONE gives "none"). */
const char *event_name(enum event_id ev);
const char *event_description(enum event_id ev);
/* The id whose name is `name`, or EV_NONE. */
enum event_id event_by_name(const char *name);

#endif
