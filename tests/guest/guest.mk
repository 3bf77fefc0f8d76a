# Builds every guest program (tests/guest/*.c and *.S) for rv32 and rv64 into
# build/guest/rv32/NAME.elf and build/guest/rv64/NAME.elf. Included from the top Makefile.
GUEST_CC := riscv64-unknown-elf-gcc
# GCC 12 needs -misa-spec=2.2 (not _zicsr) so that the rv32imac/rv64imac multilibs match.
GUEST_CFLAGS := -O2 -g -Wall -Wextra -ffreestanding -nostdlib -nostartfiles -misa-spec=2.2 \
  -mcmodel=medany -Itests/guest/lib -T tests/guest/lib/link.ld -Wl,--no-warn-rwx-segments
GUEST_RV32 := -march=rv32imac -mabi=ilp32
GUEST_RV64 := -march=rv64imac -mabi=lp64
GUEST_LIB := tests/guest/lib/crt0.S tests/guest/lib/runtime.c
GUEST_HEADERS := $(wildcard tests/guest/lib/*.h)
GUEST_SRCS := $(wildcard tests/guest/*.c tests/guest/*.S)
GUEST_NAMES := $(basename $(notdir $(GUEST_SRCS)))
GUEST_ELFS := $(foreach x,rv32 rv64,$(addprefix build/guest/$(x)/,$(addsuffix .elf,$(GUEST_NAMES))))

build/guest/rv32/%.elf: tests/guest/%.c $(GUEST_LIB) $(GUEST_HEADERS) tests/guest/lib/link.ld
	@mkdir -p $(dir $@)
	$(GUEST_CC) $(GUEST_CFLAGS) $(GUEST_RV32) -o $@ $(GUEST_LIB) $< -lgcc
build/guest/rv64/%.elf: tests/guest/%.c $(GUEST_LIB) $(GUEST_HEADERS) tests/guest/lib/link.ld
	@mkdir -p $(dir $@)
	$(GUEST_CC) $(GUEST_CFLAGS) $(GUEST_RV64) -o $@ $(GUEST_LIB) $< -lgcc
build/guest/rv32/%.elf: tests/guest/%.S $(GUEST_LIB) $(GUEST_HEADERS) tests/guest/lib/link.ld
	@mkdir -p $(dir $@)
	$(GUEST_CC) $(GUEST_CFLAGS) $(GUEST_RV32) -o $@ $(GUEST_LIB) $< -lgcc
build/guest/rv64/%.elf: tests/guest/%.S $(GUEST_LIB) $(GUEST_HEADERS) tests/guest/lib/link.ld
	@mkdir -p $(dir $@)
	$(GUEST_CC) $(GUEST_CFLAGS) $(GUEST_RV64) -o $@ $(GUEST_LIB) $< -lgcc

guest: $(GUEST_ELFS)
.PHONY: guest
