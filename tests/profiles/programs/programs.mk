# Builds the core-profile reference programs (tests/profiles/programs/*.S) for both
# platforms: build/profiles/ibex-simple/NAME.elf and build/profiles/cv32e40p-tb/NAME.elf.
# Meant to be included from the top Makefile (paths are relative to the repository root).
PROF_DIR := tests/profiles/programs
PROF_CC := riscv64-unknown-elf-gcc
# rv32imc; GCC 12 needs -misa-spec=2.2 for the CSR instructions without _zicsr.
PROF_CFLAGS := -march=rv32imc -mabi=ilp32 -misa-spec=2.2 -O2 -g -Wall -ffreestanding \
  -nostdlib -nostartfiles -I$(PROF_DIR)/lib -Wl,--no-warn-rwx-segments
PROF_LIB := $(PROF_DIR)/lib/crt0.S $(PROF_DIR)/lib/report.c
PROF_DEPS := $(PROF_LIB) $(wildcard $(PROF_DIR)/lib/*.h)
PROF_NAMES := $(basename $(notdir $(wildcard $(PROF_DIR)/*.S)))
PROF_ELFS := $(addprefix build/profiles/ibex-simple/,$(addsuffix .elf,$(PROF_NAMES))) \
             $(addprefix build/profiles/cv32e40p-tb/,$(addsuffix .elf,$(PROF_NAMES)))

build/profiles/ibex-simple/%.elf: $(PROF_DIR)/%.S $(PROF_DEPS) $(PROF_DIR)/lib/ibex-simple.ld
	@mkdir -p $(dir $@)
	$(PROF_CC) $(PROF_CFLAGS) -DPLATFORM_IBEX -T $(PROF_DIR)/lib/ibex-simple.ld -o $@ $(PROF_LIB) $<
build/profiles/cv32e40p-tb/%.elf: $(PROF_DIR)/%.S $(PROF_DEPS) $(PROF_DIR)/lib/cv32e40p-tb.ld
	@mkdir -p $(dir $@)
	$(PROF_CC) $(PROF_CFLAGS) -DPLATFORM_CV32E40P -T $(PROF_DIR)/lib/cv32e40p-tb.ld -o $@ $(PROF_LIB) $<

# The FP programs (fpu/*.S, with fpu/NAME.c compiled at -O2 when it exists) run only on
# CV32E40P with its FPU: build/profiles/cv32e40p-fpu/NAME.elf, rv32imfc (sqrtf inline: no
# errno), crt0 sets mstatus.FS.
PROF_FPU_CFLAGS := $(subst rv32imc,rv32imfc,$(PROF_CFLAGS)) -DPMU_FPU -fno-math-errno
PROF_FPU_NAMES := $(basename $(notdir $(wildcard $(PROF_DIR)/fpu/*.S)))
PROF_FPU_ELFS := $(addprefix build/profiles/cv32e40p-fpu/,$(addsuffix .elf,$(PROF_FPU_NAMES)))
$(foreach n,$(basename $(notdir $(wildcard $(PROF_DIR)/fpu/*.c))),\
  $(eval build/profiles/cv32e40p-fpu/$(n).elf: $(PROF_DIR)/fpu/$(n).c))
build/profiles/cv32e40p-fpu/%.elf: $(PROF_DIR)/fpu/%.S $(PROF_DEPS) $(PROF_DIR)/lib/cv32e40p-tb.ld
	@mkdir -p $(dir $@)
	$(PROF_CC) $(PROF_FPU_CFLAGS) -DPLATFORM_CV32E40P -T $(PROF_DIR)/lib/cv32e40p-tb.ld -o $@ $(PROF_LIB) \
	  $(filter %.S %.c,$(filter-out $(PROF_LIB),$^))

# The Zfinx programs (zfinx/*.S) run only on CV32E40P with its FPU built with ZFINX=1:
# build/profiles/cv32e40p-zfinx/NAME.elf, rv32imc_zfinx (no FP state to enable).
PROF_ZFINX_CFLAGS := $(subst rv32imc,rv32imc_zfinx,$(PROF_CFLAGS))
PROF_ZFINX_NAMES := $(basename $(notdir $(wildcard $(PROF_DIR)/zfinx/*.S)))
PROF_ZFINX_ELFS := $(addprefix build/profiles/cv32e40p-zfinx/,$(addsuffix .elf,$(PROF_ZFINX_NAMES)))
build/profiles/cv32e40p-zfinx/%.elf: $(PROF_DIR)/zfinx/%.S $(PROF_DEPS) $(PROF_DIR)/lib/cv32e40p-tb.ld
	@mkdir -p $(dir $@)
	$(PROF_CC) $(PROF_ZFINX_CFLAGS) -DPLATFORM_CV32E40P -T $(PROF_DIR)/lib/cv32e40p-tb.ld -o $@ $(PROF_LIB) $<

profile-programs: $(PROF_ELFS) $(PROF_FPU_ELFS) $(PROF_ZFINX_ELFS)
.PHONY: profile-programs

# The CSR-map walk (tests/profiles/csrmap): its own start-up code, no measurement library.
CSRMAP_SRCS := tests/profiles/csrmap/csrmap_start.S tests/profiles/csrmap/csrmap.c
CSRMAP_ELFS := build/profiles/ibex-simple/csrmap.elf build/profiles/cv32e40p-tb/csrmap.elf
build/profiles/ibex-simple/csrmap.elf: $(CSRMAP_SRCS) $(PROF_DIR)/lib/platform.h $(PROF_DIR)/lib/ibex-simple.ld
	@mkdir -p $(dir $@)
	$(PROF_CC) $(PROF_CFLAGS) -Wextra -DPLATFORM_IBEX -T $(PROF_DIR)/lib/ibex-simple.ld -o $@ $(CSRMAP_SRCS)
build/profiles/cv32e40p-tb/csrmap.elf: $(CSRMAP_SRCS) $(PROF_DIR)/lib/platform.h $(PROF_DIR)/lib/cv32e40p-tb.ld
	@mkdir -p $(dir $@)
	$(PROF_CC) $(PROF_CFLAGS) -Wextra -DPLATFORM_CV32E40P -T $(PROF_DIR)/lib/cv32e40p-tb.ld -o $@ $(CSRMAP_SRCS)

profile-programs: $(CSRMAP_ELFS)
