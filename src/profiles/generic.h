#ifndef RVPMU_PROFILES_GENERIC_H
#define RVPMU_PROFILES_GENERIC_H
#include "profiles/profile.h"
extern const struct profile generic_profile;
#endif
