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

#define EV_NUM_COMBOS (EV_COMBO28 - EV_COMBO0 + 1)
/* Event sets are 64-bit masks over these ids. */
_Static_assert(EV_COUNT <= 64, "event masks are 64 bits");
#define EV_BIT(ev) (1ull << (ev))

/* Name and description of an event id (EV_NONE gives "none"). */
const char *event_name(enum event_id ev);
const char *event_description(enum event_id ev);
/* The id whose name is `name`, or EV_NONE. */
enum event_id event_by_name(const char *name);

#endif
