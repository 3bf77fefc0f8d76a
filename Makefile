# rvpmu build. Plain make: the tree is small, the only dependencies are a C11 compiler,
# cmocka (tests) and the RISC-V cross compiler (guest programs); see README.md.
#
#   make            build ./build/rvpmu and the SBI firmware it loads by default (build/firmware/)
#   make test       build everything and run every test (unit, guest on rvpmu and QEMU, CLI)
#   make bench      compare speed with QEMU (bench/README.md)
#   make SANITIZE=1 build with -fsanitize=address,undefined into build/asan/
#   make WERROR=1   treat warnings as errors (CI does, with gcc and with CC=clang)

CC ?= cc
BUILD ?= build
OPT ?= -O2
CFLAGS_BASE := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Wshadow -Wno-unused-parameter -g -Iinclude -Isrc -I.
ifeq ($(SANITIZE),1)
  BUILD := build/asan
  OPT := -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
  LDSAN := -fsanitize=address,undefined
endif
ifeq ($(WERROR),1)
  CFLAGS_BASE += -Werror
endif
ALL_CFLAGS = $(CFLAGS_BASE) $(OPT) $(CFLAGS)
ALL_LDFLAGS = $(LDSAN) $(LDFLAGS)

LIB_SRCS := $(wildcard src/*.c src/*/*.c)
TOOL_SRCS := $(wildcard tools/*.c)
LIB_OBJS := $(LIB_SRCS:%.c=$(BUILD)/obj/%.o)
TOOL_OBJS := $(TOOL_SRCS:%.c=$(BUILD)/obj/%.o)
UNIT_SRCS := $(wildcard tests/unit/test_*.c)
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/unit/%)

all: $(BUILD)/rvpmu

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

# The dispatch loop without SLP vectorization: GCC merges BLOCK_ACCOUNT's two 8-byte adds
# (instructions, cycles) into one 16-byte load and store, which cannot take its data from the
# 8-byte stores that timed profiles' hart_add_timing has just made to the same counters
# (store-forwarding stall): intmix-ibex took 9.3 s with it, 7.3 s without; the generic core's
# gzip-initramfs boot and intmix are unchanged.
$(BUILD)/obj/src/isa/exec_rv32.o $(BUILD)/obj/src/isa/exec_rv64.o $(BUILD)/obj/src/isa/exec_rv32_timed.o \
  $(BUILD)/obj/src/isa/exec_rv64_timed.o $(BUILD)/obj/src/isa/exec_rv32_models.o $(BUILD)/obj/src/isa/exec_rv32_plain_models.o $(BUILD)/obj/src/isa/exec_rv32_timed_models.o $(BUILD)/obj/src/isa/exec_rv64_plain_models.o \
  $(BUILD)/obj/src/isa/exec_prof_rv32.o $(BUILD)/obj/src/isa/exec_prof_rv64.o \
  $(BUILD)/obj/src/isa/exec_prof_rv32_timed.o $(BUILD)/obj/src/isa/exec_prof_rv64_timed.o: CFLAGS_BASE += -fno-tree-slp-vectorize

# The version --version prints and a sweep job records (tools/version.c): version.h is
# rewritten only when `git describe` changes, so that version.o is rebuilt exactly then.
RVPMU_VERSION := $(shell git describe --always --dirty 2>/dev/null || echo unknown)
$(BUILD)/version.h: FORCE
	@mkdir -p $(dir $@)
	@echo '#define RVPMU_VERSION "$(RVPMU_VERSION)"' >$@.tmp
	@if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi
$(BUILD)/obj/tools/version.o: $(BUILD)/version.h
$(BUILD)/obj/tools/version.o: CFLAGS_BASE += -include $(BUILD)/version.h
FORCE:
.PHONY: FORCE

$(BUILD)/librvpmu.a: $(LIB_OBJS)
	@rm -f $@
	ar rcs $@ $^

# libdw (elfutils): symbols and DWARF line tables for rvpmu report and annotate.
$(BUILD)/rvpmu: $(TOOL_OBJS) $(BUILD)/librvpmu.a
	$(CC) $(ALL_LDFLAGS) -o $@ $^ -lfdt -ldw -lelf -ljansson -lnettle -lm

$(BUILD)/unit/%: tests/unit/%.c tests/unit/unit_util.h $(BUILD)/librvpmu.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -Itests/unit -o $@ $< $(BUILD)/librvpmu.a -lcmocka -lfdt -lm

# test_profile includes the data file reader of the tools.
$(BUILD)/unit/test_profile: tools/prof_data.c tools/prof_data.h src/prof/prof_format.h

unit: $(UNIT_BINS)

include tests/guest/guest.mk
include tests/microblaze/microblaze.mk
-include bench/bench.mk
-include firmware/firmware.mk
-include tests/sbi/sbi.mk
include tests/profiles/programs/programs.mk

test: all unit guest
	bash tests/run_all.sh

clean:
	rm -rf build

-include $(LIB_OBJS:.o=.d) $(TOOL_OBJS:.o=.d)

.PHONY: all unit test clean

# --- fuzzing (tests/fuzz/README.md) ---
# libFuzzer harnesses (clang, ASan + UBSan) for the ELF loader, the decoder, whole-machine
# execution and the profile data reader, built into build/fuzz/ with the library compiled for coverage.
#   make fuzz                  build, seed (tests/fuzz/seeds.sh) and run each for FUZZ_SECONDS
#   make fuzz FUZZ_SECONDS=600 longer; corpora stay in build/fuzz/corpus/, crashes in build/fuzz/crashes/
#   make fuzz-build            build only
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 20
FUZZ_DIR := build/fuzz
FUZZ_NAMES := fuzz_elf fuzz_decode fuzz_exec fuzz_profile
FUZZ_CFLAGS := -std=c11 -D_GNU_SOURCE -g -O1 -fno-omit-frame-pointer -Iinclude -Isrc -I. \
  -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_LIB_OBJS := $(LIB_SRCS:%.c=$(FUZZ_DIR)/obj/%.o)

$(FUZZ_DIR)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c -o $@ $<

FUZZ_BINS := $(addprefix $(FUZZ_DIR)/,$(FUZZ_NAMES))

# A static pattern rule, so that make keeps the objects (they are not intermediate files).
$(FUZZ_BINS): $(FUZZ_DIR)/%: tests/fuzz/%.c $(FUZZ_LIB_OBJS)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_LIB_OBJS) -lfdt -lm

fuzz-build: $(FUZZ_BINS)

fuzz: fuzz-build
	bash tests/fuzz/seeds.sh $(FUZZ_DIR)
	@failed=; for f in $(FUZZ_NAMES); do \
	  mkdir -p $(FUZZ_DIR)/corpus/$$f $(FUZZ_DIR)/crashes; \
	  echo "== $$f: $(FUZZ_SECONDS) s"; \
	  $(FUZZ_DIR)/$$f -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
	    -artifact_prefix=$(FUZZ_DIR)/crashes/$$f- $(FUZZ_DIR)/corpus/$$f $(FUZZ_DIR)/seeds/$$f \
	    2>$(FUZZ_DIR)/$$f.log || failed="$$failed $$f"; \
	  grep -E '^(stat::|==[0-9]+==ERROR|SUMMARY|INFO: Running|Done|artifact_prefix|Test unit written)' $(FUZZ_DIR)/$$f.log; \
	done; \
	if [ -n "$$failed" ]; then echo "fuzz: failures in$$failed (logs: $(FUZZ_DIR)/*.log, inputs: $(FUZZ_DIR)/crashes/)"; exit 1; fi

-include $(FUZZ_LIB_OBJS:.o=.d)

.PHONY: fuzz fuzz-build
-include linux/linux.mk
