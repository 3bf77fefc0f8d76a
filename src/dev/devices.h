/* Device constructors: each returns the bus entry of one device at `base`. */
#ifndef RVPMU_DEV_DEVICES_H
#define RVPMU_DEV_DEVICES_H

#include "mem/bus.h"

struct machine;
struct device clint_device(struct machine *m, uint64_t base);
struct device uart_device(struct machine *m, uint64_t base);
struct device test_device(struct machine *m, uint64_t base);
struct device periph_device(struct machine *m, uint64_t base);
struct device ibex_simctrl_device(struct machine *m, uint64_t base);
struct device ibex_timer_device(struct machine *m, uint64_t base);
struct device cv32e40p_print_device(struct machine *m, uint64_t base);
struct device cv32e40p_exit_device(struct machine *m, uint64_t base);
struct device cv32e40p_timer_device(struct machine *m, uint64_t base);

#endif
