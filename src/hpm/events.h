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

/* Name and description of an event id (EV_NONE gives "none"). */
const char *event_name(enum event_id ev);
const char *event_description(enum event_id ev);
/* The id whose name is `name`, or EV_NONE. */
enum event_id event_by_name(const char *name);

#endif
