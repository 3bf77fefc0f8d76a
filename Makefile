# rvpmu build. Plain make: the tree is small, the only dependencies are a C11 compiler,
# cmocka (tests) and the RISC-V cross compiler (guest programs); see README.md.
#
#   make            build ./build/rvpmu
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

$(BUILD)/librvpmu.a: $(LIB_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/rvpmu: $(TOOL_OBJS) $(BUILD)/librvpmu.a
	$(CC) $(ALL_LDFLAGS) -o $@ $^ -lfdt -lm

$(BUILD)/unit/%: tests/unit/%.c tests/unit/unit_util.h $(BUILD)/librvpmu.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -Itests/unit -o $@ $< $(BUILD)/librvpmu.a -lcmocka -lfdt -lm

unit: $(UNIT_BINS)

include tests/guest/guest.mk
-include bench/bench.mk

test: all unit guest
	bash tests/run_all.sh

clean:
	rm -rf build

-include $(LIB_OBJS:.o=.d) $(TOOL_OBJS:.o=.d)

.PHONY: all unit test clean
