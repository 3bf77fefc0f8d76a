# rvpmu's M-mode SBI firmware (firmware/, docs/sbi.md), built for RV64 and RV32 with Debian's
# riscv64-unknown-elf-gcc into build/firmware/rv64/rvpmu-fw.elf and build/firmware/rv32/rvpmu-fw.elf.
# Included from the top Makefile; `make firmware` builds both.
FW_CC := riscv64-unknown-elf-gcc
# GCC 12 needs -misa-spec=2.2 (Zicsr and Zifencei inside I) for the rv32imac/rv64imac multilibs.
FW_CFLAGS := -Os -g -std=c11 -Wall -Wextra -Wshadow -Werror=implicit-function-declaration -ffreestanding \
  -fno-builtin -fno-common -fno-stack-protector -fno-pic -nostdlib -nostartfiles -misa-spec=2.2 -mcmodel=medany \
  -mno-relax -Ifirmware -T firmware/link.ld -Wl,--no-warn-rwx-segments -Wl,--no-relax
ifeq ($(WERROR),1)
  FW_CFLAGS += -Werror
endif
FW_RV64 := -march=rv64imac -mabi=lp64
FW_RV32 := -march=rv32imac -mabi=ilp32
FW_SRCS := $(wildcard firmware/*/*.c firmware/*/*/*.c firmware/*/*.S)
FW_HEADERS := $(wildcard firmware/*/*.h firmware/*/*/*.h)

build/firmware/rv64/rvpmu-fw.elf: $(FW_SRCS) $(FW_HEADERS) firmware/link.ld firmware/firmware.mk
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) $(FW_RV64) -o $@ $(FW_SRCS) -lgcc
build/firmware/rv32/rvpmu-fw.elf: $(FW_SRCS) $(FW_HEADERS) firmware/link.ld firmware/firmware.mk
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) $(FW_RV32) -o $@ $(FW_SRCS) -lgcc

firmware: build/firmware/rv64/rvpmu-fw.elf build/firmware/rv32/rvpmu-fw.elf
.PHONY: firmware

# Part of the default build: `rvpmu run --kernel Image` loads build/firmware/rvXX/rvpmu-fw.elf
# unless --bios says otherwise, so plain `make` builds it with the simulator.
all: firmware
