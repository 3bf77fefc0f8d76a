/* Register-width helpers for the assembly files. */
#ifndef FW_ASM_H
#define FW_ASM_H

#if __riscv_xlen == 64
#define REG_S sd
#define REG_L ld
#define REGBYTES 8
#else
#define REG_S sw
#define REG_L lw
#define REGBYTES 4
#endif

#define FW_STACK_BYTES 8192 /* per hart; must match boot.c */
#define FW_MAX_HARTS_ASM 8  /* FW_MAX_HARTS (platform.h) */
#define FRAME_BYTES (36 * REGBYTES) /* sizeof(struct trap_frame) */
#define FRAME_MEPC (32 * REGBYTES)
#define FRAME_MSTATUS (33 * REGBYTES)
#define SCRATCH_STACK_TOP (0 * REGBYTES) /* struct hart_scratch */
#define SCRATCH_SAVE_T0 (1 * REGBYTES)
#define SCRATCH_SAVE_SP (2 * REGBYTES)
#define SCRATCH_BYTES (3 * REGBYTES)

#endif
