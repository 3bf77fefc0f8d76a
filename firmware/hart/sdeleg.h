/* What S mode may do itself on a hart with Smstateen, Smcsrind and Smcdeleg (privileged ISA:
 * "Smstateen/Ssstateen", "Smcsrind/Sscsrind", "Smcdeleg"): each is probed, as QEMU and older
 * harts lack them. */
#ifndef FW_HART_SDELEG_H
#define FW_HART_SDELEG_H

/* Per hart, before S mode is entered and after mcounteren is set: sets mstateen0's SE0,
 * ENVCFG and CSRIND (what S mode's sstateen0, senvcfg and siselect/sireg* need) and clears
 * sstateen0 ("machine-level software must also initialize those sstateen CSRs by writing
 * zeros to them"); sets menvcfg.CDE, which delegates to S mode every counter mcounteren
 * opens (it reaches them through siselect 0x40-0x5F and scountinhibit). The SBI PMU extension
 * keeps working: a kernel uses either it or the delegated counters. */
void sdeleg_hart_init(void);

#endif
