# Linux test system (docs/linux.md): a kernel, a static perf and an initramfs with our init and
# workload, built from Debian packages into linux-build/ (outside git). Included by the top Makefile.
#   make linux          build (or bring up to date) linux-build/Image and initramfs.cpio{,.gz}
#   make linux-clean    remove linux-build/
#   make linux-qemu     boot it on QEMU 7.2: LINUX_TEST=boot|workload|stat|record|user|fw|all
#   make linux-rvpmu    boot it on rvpmu and check the scenario's results (linux/rvpmu.sh)
#   make linux-test     every scenario on rvpmu and the boot benchmark (tests/run_all.sh linux)
#   make linux-bench    boot time, rvpmu against QEMU -icount shift=0 (linux/bench-boot.sh)
LINUX_TEST ?= all

# The workload's bare-metal twin (linux/workload_twin.c), the host side of the stat scenario's
# comparison: built with the guest programs (`make guest`, which the test scripts build), with
# their compiler, flags and runtime (tests/guest/guest.mk), rv64 only. The -setup build is the
# twin without its work: its counts are the twin's own overhead.
TWIN_ELFS := build/linux/workload-twin.elf build/linux/workload-twin-setup.elf
TWIN_DEPS := linux/workload_twin.c linux/workload_loops.h $(GUEST_LIB) $(GUEST_HEADERS) tests/guest/lib/link.ld

build/linux/workload-twin.elf: $(TWIN_DEPS)
	@mkdir -p $(dir $@)
	$(GUEST_CC) $(GUEST_CFLAGS) $(GUEST_RV64) -o $@ $(GUEST_LIB) $< -lgcc
build/linux/workload-twin-setup.elf: $(TWIN_DEPS)
	@mkdir -p $(dir $@)
	$(GUEST_CC) $(GUEST_CFLAGS) $(GUEST_RV64) -DTWIN_SETUP_ONLY -o $@ $(GUEST_LIB) $< -lgcc

guest: $(TWIN_ELFS)

linux:
	bash linux/build.sh all

linux-clean:
	bash linux/build.sh clean

linux-qemu: linux
	bash linux/qemu.sh $(LINUX_TEST)

linux-rvpmu: linux $(BUILD)/rvpmu firmware $(TWIN_ELFS)
	RVPMU=$(BUILD)/rvpmu bash linux/rvpmu.sh $(LINUX_TEST)

linux-test: linux $(BUILD)/rvpmu firmware $(TWIN_ELFS)
	BUILD=$(BUILD) bash tests/run_all.sh linux

linux-bench: linux $(BUILD)/rvpmu firmware
	RVPMU=$(BUILD)/rvpmu bash linux/bench-boot.sh

.PHONY: linux linux-clean linux-qemu linux-rvpmu linux-test linux-bench
