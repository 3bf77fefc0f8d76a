# Linux test system (docs/linux.md): a kernel, a static perf and an initramfs with our init and
# workload, built from Debian packages into linux-build/ (outside git). Included by the top Makefile.
#   make linux          build (or bring up to date) linux-build/Image and initramfs.cpio{,.gz}
#   make linux-clean    remove linux-build/
#   make linux-qemu     boot it on QEMU 7.2: LINUX_TEST=boot|workload|stat|record|user|fw|all
LINUX_TEST ?= all

linux:
	bash linux/build.sh all

linux-clean:
	bash linux/build.sh clean

linux-qemu: linux
	bash linux/qemu.sh $(LINUX_TEST)

.PHONY: linux linux-clean linux-qemu
