# Benchmark workloads (bench/*.c) and the `bench` target. Included from the top Makefile;
# paths are relative to the repository root. See bench/README.md.
#
#   make bench             build the workloads and build/rvpmu, then run bench/run.sh
#   make bench-host-check  build the workloads natively and run them, which recomputes and
#                          checks the expected checksums without any RISC-V simulator

# Same toolchain and flags as tests/guest/guest.mk (GCC 12 needs -misa-spec=2.2 for the
# rv64imac multilib), kept separate so this file does not depend on include order.
BENCH_CC := riscv64-unknown-elf-gcc
BENCH_CFLAGS := -O2 -g -Wall -Wextra -ffreestanding -nostdlib -nostartfiles -misa-spec=2.2 \
  -mcmodel=medany -march=rv64imac -mabi=lp64 -Itests/guest/lib -Ibench \
  -T tests/guest/lib/link.ld -Wl,--no-warn-rwx-segments
BENCH_RUNTIME := tests/guest/lib/crt0.S tests/guest/lib/runtime.c
BENCH_DEPS := $(BENCH_RUNTIME) tests/guest/lib/guest.h tests/guest/lib/hpm_util.h tests/guest/lib/link.ld bench/bench.h
# The workloads: the list bench/run.sh reads too (bench/configs.sh).
BENCH_NAMES := $(shell sed -n 's/^BENCH_NAMES="\(.*\)"/\1/p' bench/configs.sh)
# The RV32 builds (NAME32.elf) of these, which every core runs (bench/run.sh).
BENCH_NAMES32 := $(BENCH_NAMES)
BENCH_ELFS := $(addprefix build/bench/,$(addsuffix .elf,$(BENCH_NAMES) $(addsuffix 32,$(BENCH_NAMES32))))
BENCH_HOST_BINS := $(addprefix build/bench/host/,$(BENCH_NAMES)) build/bench/host/intmix32 build/bench/host/fpmix32
# The RV32 builds that every core configuration runs take a few times 1e8 instructions each:
# intmix32 runs fewer rounds than intmix (~2.6e8, like the RV32 benchmark of issue 12),
# fpmix32 (soft-float) fewer rounds, ptrchase32 fewer laps.
BENCH_DEFS_intmix := -DROUNDS=900
BENCH_DEFS_fpmix := -DROUNDS=125
BENCH_DEFS_ptrchase := -DLAPS=1200
# Every build of fpmix rounds each operation on its own (no fused multiply-add), so that
# hardware F/D, soft-float and the native build give the same bits; the rv64 build uses the
# generic core's F and D (the rv32 one is soft-float, as on the cores without an FPU).
BENCH_FLAGS_fpmix := -ffp-contract=off
BENCH_ISA64_fpmix := -march=rv64imafdc -mabi=lp64d

# The same sources for rv32imc (every timed core runs it), on the virt map so QEMU runs it too.
build/bench/%32.elf: bench/%.c $(BENCH_DEPS)
	@mkdir -p $(dir $@)
	$(BENCH_CC) $(subst -march=rv64imac -mabi=lp64,-march=rv32imc -mabi=ilp32,$(BENCH_CFLAGS)) $(BENCH_DEFS_$*) $(BENCH_FLAGS_$*) -o $@ \
	  $(BENCH_RUNTIME) $< -lgcc

build/bench/%.elf: bench/%.c $(BENCH_DEPS)
	@mkdir -p $(dir $@)
	$(BENCH_CC) $(BENCH_CFLAGS) $(BENCH_ISA64_$*) $(BENCH_FLAGS_$*) -o $@ $(BENCH_RUNTIME) $< -lgcc

build/bench/host/%: bench/%.c bench/host.c bench/bench.h tests/guest/lib/guest.h
	@mkdir -p $(dir $@)
	$(CC) -O2 -Wall -Wextra -DBENCH_HOST $(BENCH_FLAGS_$*) -Itests/guest/lib -Ibench -o $@ bench/host.c $<

build/bench/host/%32: bench/%.c bench/host.c bench/bench.h tests/guest/lib/guest.h
	@mkdir -p $(dir $@)
	$(CC) -O2 -Wall -Wextra -DBENCH_HOST $(BENCH_DEFS_$*) $(BENCH_FLAGS_$*) -Itests/guest/lib -Ibench -o $@ bench/host.c $<

bench: $(BENCH_ELFS) build/rvpmu
	bash bench/run.sh

bench-host-check: $(BENCH_HOST_BINS)
	@set -e; for b in $(BENCH_HOST_BINS); do echo "$$b:"; ./$$b; done

.PHONY: bench bench-host-check
