# Guest tests of the MicroBlaze V profile (tests/microblaze/*.c), rv32 with the guest runtime
# of tests/guest/lib: build/microblaze/NAME.elf. Run by tests/microblaze/run.sh. Included from
# the top Makefile. The C code is compiled for rv32imac; snippets enable Zb*/Zicbom with
# .option arch (GCC 12 has no multilib for those extensions).
MB_DIR := tests/microblaze
MB_SRCS := $(wildcard $(MB_DIR)/*.c)
MB_ELFS := $(patsubst $(MB_DIR)/%.c,build/microblaze/%.elf,$(MB_SRCS))
MB_DEPS := $(GUEST_LIB) $(GUEST_HEADERS) tests/guest/lib/link.ld $(wildcard $(MB_DIR)/*.h)

build/microblaze/%.elf: $(MB_DIR)/%.c $(MB_DEPS)
	@mkdir -p $(dir $@)
	$(GUEST_CC) $(GUEST_CFLAGS) $(GUEST_RV32) -I$(MB_DIR) -o $@ $(GUEST_LIB) $< -lgcc

microblaze-guest: $(MB_ELFS)
.PHONY: microblaze-guest
