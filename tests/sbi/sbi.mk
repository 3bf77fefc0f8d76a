# S-mode SBI client tests (tests/sbi/*.c), payloads for rvpmu's firmware (firmware/): built for
# rv32 and rv64 into build/sbi/rv32/NAME.elf and build/sbi/rv64/NAME.elf, linked at the
# fw_jump payload address. Included from the top Makefile; `make sbi` builds them and the
# firmware. They share firmware/lib/fdt.c and firmware/lib/lib.c (the device tree reader and string
# functions) and firmware/lib/sbi.h (the SBI numbers) with the firmware.
SBI_CC := riscv64-unknown-elf-gcc
SBI_CFLAGS := -O2 -g -std=c11 -Wall -Wextra -Wshadow -Werror=implicit-function-declaration -ffreestanding \
  -fno-builtin -nostdlib -nostartfiles -misa-spec=2.2 -mcmodel=medany -mno-relax -Itests/sbi/lib -Ifirmware \
  -T tests/sbi/lib/link.ld -Wl,--no-warn-rwx-segments -Wl,--no-relax
ifeq ($(WERROR),1)
  SBI_CFLAGS += -Werror
endif
SBI_RV64 := -march=rv64imac -mabi=lp64 -Wl,--defsym=PAYLOAD_BASE=0x80200000
SBI_RV32 := -march=rv32imac -mabi=ilp32 -Wl,--defsym=PAYLOAD_BASE=0x80400000
SBI_LIB := tests/sbi/lib/crt0.S tests/sbi/lib/runtime.c tests/sbi/lib/sbi_client.c firmware/lib/fdt.c firmware/lib/lib.c
SBI_DEPS := $(SBI_LIB) $(wildcard tests/sbi/lib/*.h) tests/sbi/lib/link.ld firmware/lib/sbi.h firmware/lib/csr.h \
  firmware/lib/fdt.h firmware/lib/lib.h firmware/lib/errors.h tests/sbi/sbi.mk
SBI_NAMES := $(basename $(notdir $(wildcard tests/sbi/*.c)))
SBI_ELFS := $(foreach x,rv32 rv64,$(addprefix build/sbi/$(x)/,$(addsuffix .elf,$(SBI_NAMES))))

build/sbi/rv64/%.elf: tests/sbi/%.c $(SBI_DEPS)
	@mkdir -p $(dir $@)
	$(SBI_CC) $(SBI_CFLAGS) $(SBI_RV64) -DTEST_NAME=\"$*\" -o $@ $(SBI_LIB) $< -lgcc
build/sbi/rv32/%.elf: tests/sbi/%.c $(SBI_DEPS)
	@mkdir -p $(dir $@)
	$(SBI_CC) $(SBI_CFLAGS) $(SBI_RV32) -DTEST_NAME=\"$*\" -o $@ $(SBI_LIB) $< -lgcc

sbi: firmware $(SBI_ELFS)
.PHONY: sbi

# The firmware and its client tests are part of the default build (`make` = rvpmu + these), so
# that `make && bash tests/run_all.sh sbi sbi_qemu` works from a clean tree.
all: sbi
