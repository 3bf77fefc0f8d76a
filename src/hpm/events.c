/* Names and descriptions of the architectural events (events.def). */
#include "hpm/events.h"

#include <string.h>

static const char *const names[EV_COUNT] = {
    [EV_NONE] = "none",
#define EVENT(id, name, desc) [EV_##id] = name,
#include "hpm/events.def"
#undef EVENT
};

static const char *const descriptions[EV_COUNT] = {
    [EV_NONE] = "no event",
#define EVENT(id, name, desc) [EV_##id] = desc,
#include "hpm/events.def"
#undef EVENT
};

const char *event_name(enum event_id ev) { return ev < EV_COUNT ? names[ev] : "?"; }

const char *event_description(enum event_id ev) { return ev < EV_COUNT ? descriptions[ev] : "?"; }

enum event_id event_by_name(const char *name) {
  for (int ev = 1; ev < EV_COUNT; ev++)
    if (strcmp(names[ev], name) == 0) return (enum event_id)ev;
  return EV_NONE;
}
