#!/usr/bin/env bash
# Builds rvpmu's Linux test system from Debian packages only (see docs/linux.md):
#   linux-build/Image               the kernel (Debian's linux-source-6.1, config linux/rvpmu.config)
#   linux-build/initramfs.cpio.gz   /init (linux/init.c), /bin/workload (linux/workload.c), /bin/perf,
#                                   /bin/glibc (linux/glibc.c: Debian's gcc and glibc, rv64gc)
#   linux-build/initramfs.cpio      the same, uncompressed (boots in fewer instructions)
#   linux-build/vmlinux             the kernel as an ELF file (symbols for rvpmu report)
#
# usage: linux/build.sh [all|deps|source|kernel|sysroot|perf|initramfs|qemu-plugin|clean]
#        (default: all; qemu-plugin is not part of all: the boot-time measurement needs it)
# env:   LINUX_BUILD=dir (default <repo>/linux-build)  JOBS=n (default 2)  FORCE=1 (rebuild all)
#        NO_CCACHE=1 (do not compile through ccache)  PERF_LIBC=musl|glibc (default musl)
#
# Each stage is skipped when a stamp file says its inputs did not change: the source tree is
# keyed on the linux-source-6.1 package version, the kernel on that plus the config fragment,
# perf on that plus its make flags and the sysroot. Downloads: Debian packages with apt-get, and
# the Debian source packages of elfutils, zlib and musl with `apt-get source` (through a private
# apt state directory, so the system's apt sources are not changed): perf needs libelf to name a
# workload's functions, riscv64 has no libelf-dev in Debian 12, and Debian's only riscv64 Linux
# libc (glibc, lp64d) needs F and D, which rvpmu's rv64imac harts lack.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${LINUX_BUILD:-$ROOT/linux-build}
JOBS=${JOBS:-2}
FORCE=${FORCE:-0}
CROSS=riscv64-linux-gnu-
KVER=6.1
SRC=$OUT/linux-source-$KVER
KOBJ=$OUT/kernel
# perf's C library: musl (default; soft-float, runs on rv64imac harts) or glibc (Debian's cross
# glibc, lp64d: needs a hart with F and D).
PERF_LIBC=${PERF_LIBC:-musl}
case $PERF_LIBC in musl | glibc) ;; *) echo "PERF_LIBC must be musl or glibc" >&2; exit 1 ;; esac
SYSROOT=$OUT/sysroot-$PERF_LIBC
PERFOBJ=$OUT/perf-build-$PERF_LIBC
FRAGMENT=$ROOT/linux/rvpmu.config
# Reproducible kernel: no date, user or host of this machine inside the Image.
export KBUILD_BUILD_TIMESTAMP='1970-01-01 00:00:00 UTC' KBUILD_BUILD_USER=rvpmu
export KBUILD_BUILD_HOST=rvpmu KBUILD_BUILD_VERSION=1 SOURCE_DATE_EPOCH=0
# ccache hits across build directories (a fresh clone elsewhere): paths below $OUT are hashed
# relative, and the path-map options are left out of the hash: their values hold the absolute
# build path (the kernel's -fmacro-prefix-map=$SRC/=, perf's -ffile-prefix-map=$OUT=.) but map it
# away, so the object is the same from any directory. Measured: kernel in a new directory 116 s
# without this (22% hits), 18 s with it (99% hits), the same Image either way.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$OUT} CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-true}
export CCACHE_IGNOREOPTIONS=${CCACHE_IGNOREOPTIONS:-"-fmacro-prefix-map=* -ffile-prefix-map=*"}

# perf's feature set: everything off but libelf (+ zlib, which libelf needs) and a static link.
PERF_FLAGS=(NO_LIBTRACEEVENT=1 NO_JEVENTS=1 NO_LIBPYTHON=1 NO_LIBPERL=1 NO_SLANG=1 NO_GTK2=1
	NO_LIBUNWIND=1 NO_LIBDW_DWARF_UNWIND=1 NO_DWARF=1 NO_LIBBPF=1 NO_BPF_SKEL=1 NO_LIBCRYPTO=1
	NO_LIBNUMA=1 NO_LIBZSTD=1 NO_LZMA=1 NO_LIBCAP=1 NO_SDT=1 NO_DEMANGLE=1 NO_LIBBABELTRACE=1
	NO_LIBAUDIT=1 NO_AUXTRACE=1 NO_LIBDEBUGINFOD=1 NO_JVMTI=1 NO_LIBBFD=1 NO_BACKTRACE=1
	NO_LIBPFM4=1 NO_NEWT=1 NO_AIO=1)

DEBS=(linux-source-$KVER gcc-riscv64-linux-gnu binutils-riscv64-linux-gnu libc6-dev-riscv64-cross
	gcc-riscv64-unknown-elf gcc libc6-dev make flex bison bc cpio xz-utils bzip2 gzip ccache dpkg-dev)

log() { printf '== linux: %s\n' "$*"; }
die() { printf 'linux/build.sh: error: %s\n' "$*" >&2; exit 1; }
# timed LABEL CMD...: runs CMD, prints how long it took, returns its status.
timed() {
	local label=$1 t0=$SECONDS rc=0
	shift
	"$@" || rc=$?
	log "$label took $((SECONDS - t0)) s$([ $rc = 0 ] || echo " and failed (status $rc)")"
	return $rc
}
# Prints a short hash of its arguments and the contents of the files among them.
key() {
	local a
	for a in "$@"; do
		if [ -f "$a" ]; then sha256sum <"$a"; else printf '%s\n' "$a"; fi
	done | sha256sum | cut -c1-16
}
# up_to_date STAMP KEY: true if STAMP holds KEY (and FORCE is off).
up_to_date() { [ "$FORCE" != 1 ] && [ -f "$1" ] && [ "$(cat "$1")" = "$2" ]; }

deps() {
	local missing=() p
	for p in "${DEBS[@]}"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
			missing+=("$p")
	done
	[ ${#missing[@]} = 0 ] && return 0
	log "installing ${missing[*]}"
	local sudo=
	[ "$(id -u)" = 0 ] || sudo=sudo
	$sudo apt-get update -q
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
}

source_version() { dpkg-query -W -f='${Version}' linux-source-$KVER; }

source_tree() {
	local k tarball=/usr/src/linux-source-$KVER.tar.xz
	k=$(key "$(source_version)")
	up_to_date "$SRC/.rvpmu-source" "$k" && return 0
	[ -f "$tarball" ] || die "$tarball missing (package linux-source-$KVER)"
	log "unpacking $tarball"
	rm -rf "$SRC" "$KOBJ" "$PERFOBJ"
	mkdir -p "$OUT"
	tar -xJf "$tarball" -C "$OUT"
	[ -f "$SRC/Makefile" ] || die "the tarball did not unpack to $SRC"
	echo "$k" >"$SRC/.rvpmu-source"
}

kmake() {
	local cc=${CROSS}gcc
	[ "${NO_CCACHE:-0}" = 1 ] || ! command -v ccache >/dev/null || cc="ccache $cc"
	make -C "$SRC" O="$KOBJ" ARCH=riscv CROSS_COMPILE=$CROSS CC="$cc" "$@"
}

# Fails if the .config lost any line of the fragment (an unmet dependency drops it silently).
check_config() {
	local line opt bad=0
	while IFS= read -r line; do
		case $line in
		CONFIG_*=*)
			grep -qxF "$line" "$KOBJ/.config" || {
				echo "  wanted $line, got: $(grep -E "^(# )?${line%%=*}[= ]" "$KOBJ/.config" || echo 'absent')"
				bad=1
			}
			;;
		'# CONFIG_'*' is not set')
			opt=${line#\# }
			opt=${opt%% *}
			if grep -qE "^$opt=" "$KOBJ/.config"; then
				echo "  wanted $opt off, got: $(grep -E "^$opt=" "$KOBJ/.config")"
				bad=1
			fi
			;;
		esac
	done <"$FRAGMENT"
	[ $bad = 0 ] || die "the merged .config lacks options of $FRAGMENT (see above)"
}

kernel() {
	local k
	k=$(key "$(cat "$SRC/.rvpmu-source")" "$FRAGMENT" config-v1)
	if up_to_date "$KOBJ/.rvpmu-image" "$k" && [ -f "$KOBJ/arch/riscv/boot/Image" ]; then
		log "kernel up to date"
	else
		if ! up_to_date "$KOBJ/.rvpmu-config" "$k" || [ ! -f "$KOBJ/.config" ]; then
			log "configuring: tinyconfig + $FRAGMENT"
			mkdir -p "$KOBJ"
			kmake -s tinyconfig >/dev/null
			(cd "$SRC" && ARCH=riscv CROSS_COMPILE=$CROSS scripts/kconfig/merge_config.sh \
				-m -O "$KOBJ" "$KOBJ/.config" "$FRAGMENT" >"$KOBJ/merge_config.log")
			kmake -s olddefconfig
			check_config
			echo "$k" >"$KOBJ/.rvpmu-config"
		fi
		log "building the kernel Image (-j$JOBS)"
		timed kernel kmake -s -j"$JOBS" Image
		echo "$k" >"$KOBJ/.rvpmu-image"
	fi
	cp "$KOBJ/arch/riscv/boot/Image" "$OUT/Image"
	cp "$KOBJ/System.map" "$OUT/System.map"
	# The ELF kernel, for symbols: rvpmu report --symbols linux-build/vmlinux (docs/profiling.md).
	cp "$KOBJ/vmlinux" "$OUT/vmlinux"
}

# apt-get with our own state directory holding only deb-src indexes derived from the machine's
# own apt sources (linux/deb-src.sh: same mirrors and suites, no host named here), so the system's
# apt configuration is not changed.
apt_src() {
	local apt=$OUT/apt-src
	if [ ! -f "$apt/sources.list" ]; then
		mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial"
		bash "$ROOT/linux/deb-src.sh" "$apt" || die "no apt sources to derive deb-src entries from"
	fi
	apt-get -o "Dir::Etc::SourceList=$apt/sources.list" -o "Dir::Etc::SourceParts=$apt/sources.list.d" \
		-o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache" -o APT::Sandbox::User=root -q "$@"
}

# musl for rv64imac/lp64 (soft-float) and a compiler driver for it: Debian's bare-metal
# riscv64-unknown-elf-gcc, whose rv64imac/lp64 multilib has a soft-float libgcc, with a specs file
# that swaps newlib for musl and defines what a Linux target defines.
musl_sysroot() {
	local src=$1
	(cd "$src"/musl-*/ && CC="riscv64-unknown-elf-gcc -march=rv64imac -Wa,-march=rv64imac_zicsr_zifencei -mabi=lp64" \
		AR=riscv64-unknown-elf-ar RANLIB=riscv64-unknown-elf-ranlib \
		./configure -q --target=riscv64 --prefix="$SYSROOT" --disable-shared >/dev/null &&
		make -s -j"$JOBS" >/dev/null && make -s install >/dev/null)
	grep -q '^SUBARCH = -sf' "$src"/musl-*/config.mak || die "musl was not configured soft-float"
	# Linux UAPI headers (linux-libc-dev-riscv64-cross, same kernel series).
	local d
	for d in linux asm asm-generic mtd rdma scsi sound video drm misc; do
		[ -d /usr/riscv64-linux-gnu/include/$d ] && cp -r /usr/riscv64-linux-gnu/include/$d "$SYSROOT/include/"
	done
	mkdir -p "$SYSROOT/compat" "$SYSROOT/bin"
	cp "$ROOT"/linux/musl/*.h "$SYSROOT/compat/"
	cat >"$SYSROOT/musl.specs" <<-EOF
		%rename cpp_options old_cpp_options

		*cpp_options:
		-nostdinc -isystem $SYSROOT/include -isystem include%s -D__linux__ -D__linux -Dlinux -D__unix__ -D__unix -Dunix %(old_cpp_options)

		*cc1:
		%(cc1_cpu) -nostdinc -isystem $SYSROOT/include -isystem include%s

		*link_libgcc:
		-L$SYSROOT/lib -L .%s

		*lib:
		--start-group -lc --end-group

		*startfile:
		%{!shared:$SYSROOT/lib/crt1.o} $SYSROOT/lib/crti.o crtbegin.o%s

		*endfile:
		crtend.o%s $SYSROOT/lib/crtn.o

		*link:
		-melf64lriscv -nostdlib %{static:-static}
	EOF
	cat >"$SYSROOT/bin/cc" <<-EOF
		#!/bin/sh
		# A Linux rv64imac/lp64 (soft-float) static musl compiler made of riscv64-unknown-elf-gcc.
		# The bare-metal linker makes no shared objects: -shared (only libtraceevent's plugins, which
		# a static perf never loads) links the given objects alone with the Linux linker.
		for a in "\$@"; do
			if [ "\$a" = -shared ]; then
				out= objs= prev=
				for b in "\$@"; do
					[ "\$prev" = -o ] && out=\$b
					case \$b in *.o) objs="\$objs \$b" ;; esac
					prev=\$b
				done
				exec ${CROSS}ld -shared -o "\$out" \$objs
			fi
		done
		exec riscv64-unknown-elf-gcc -specs=$SYSROOT/musl.specs -march=rv64imac \\
			-Wa,-march=rv64imac_zicsr_zifencei -mabi=lp64 -static "\$@"
	EOF
	chmod +x "$SYSROOT/bin/cc"
}

# The C library, zlib and libelf (elfutils) for riscv64, static, from Debian's packages: glibc is
# Debian's cross libc6-dev-riscv64-cross (lp64d: its code uses F and D); musl, zlib and elfutils
# are built from Debian's source packages.
sysroot() {
	local k src=$OUT/src-pkgs/$PERF_LIBC cc cppflags=
	k=$(key sysroot-v2 "$PERF_LIBC" "$(${CROSS}gcc -dumpfullversion)" "$ROOT"/linux/musl/*.h)
	up_to_date "$SYSROOT/.rvpmu-sysroot" "$k" && return 0
	local pkgs=(elfutils zlib)
	[ "$PERF_LIBC" = musl ] && pkgs+=(musl)
	log "fetching the Debian source packages ${pkgs[*]}"
	rm -rf "$src" "$SYSROOT"
	mkdir -p "$src" "$SYSROOT"
	apt_src update >/dev/null
	(cd "$src" && apt_src source "${pkgs[@]}" >"$src/apt-source.log" 2>&1) ||
		{ cat "$src/apt-source.log"; die "apt-get source ${pkgs[*]} failed"; }
	if [ "$PERF_LIBC" = musl ]; then
		log "building musl (rv64imac, soft-float)"
		musl_sysroot "$src"
		cc=$SYSROOT/bin/cc
		cppflags="-I$SYSROOT/compat -include $SYSROOT/compat/musl-compat.h"
	else
		cc=${CROSS}gcc
	fi
	log "building static zlib and libelf for riscv64 ($PERF_LIBC)"
	(cd "$src"/zlib-*/ && CHOST=riscv64 CC=$cc AR=${CROSS}ar RANLIB=${CROSS}ranlib CFLAGS=-O2 \
		./configure --static --prefix="$SYSROOT" >/dev/null && make -s -j"$JOBS" libz.a AR=${CROSS}ar ARFLAGS=rc &&
		make -s install >/dev/null)
	# elfutils' configure runs with the glibc cross compiler (it wants argp, which only the
	# tools use; the zlib link test is skipped as zlib may be musl's); libelf alone is built
	# with the chosen compiler.
	(cd "$src"/elfutils-*/ &&
		./configure -q --host=riscv64-linux-gnu --prefix="$SYSROOT" --disable-debuginfod \
			--disable-libdebuginfod --without-bzlib --without-lzma --without-zstd --disable-nls \
			ac_cv_search_gzdirect=-lz CC=${CROSS}gcc CPPFLAGS="-I$SYSROOT/include" \
			>"$src/elfutils-configure.log" 2>&1 &&
		make -s -C libelf -j"$JOBS" CC="$cc" AR=${CROSS}ar RANLIB=${CROSS}ranlib CFLAGS="-O2 -Wno-error" \
			CPPFLAGS="$cppflags -I$SYSROOT/include" libelf.a >/dev/null &&
		install -m 644 libelf/libelf.a "$SYSROOT/lib/" &&
		install -m 644 libelf/libelf.h libelf/gelf.h libelf/nlist.h "$SYSROOT/include/") ||
		die "libelf build failed (log: $src/elfutils-configure.log)"
	echo "$k" >"$SYSROOT/.rvpmu-sysroot"
}

# perf_make CC: builds tools/perf's `perf` into $PERFOBJ, output in build.log.
perf_make() {
	local cross=$CROSS extra="-ffile-prefix-map=$OUT=."
	if [ "$PERF_LIBC" = musl ]; then
		cross=riscv64-unknown-elf-
		extra="$extra -I$SYSROOT/compat -include $SYSROOT/compat/musl-compat.h"
	else
		extra="$extra -I$SYSROOT/include"
	fi
	# perf's feature probe links with -lelf alone; a static libelf also needs -lz. Only the
	# `perf` target: the default one also links shared objects (dlfilters), which -static breaks.
	make -s -C "$SRC/tools/perf" O="$PERFOBJ" ARCH=riscv CROSS_COMPILE=$cross CC="$1" \
		-j"$JOBS" "${PERF_FLAGS[@]}" WERROR=0 EXTRA_CFLAGS="$extra" \
		LDFLAGS="-static -L$SYSROOT/lib" FEATURE_CHECK_CFLAGS-libelf="-I$SYSROOT/include" \
		FEATURE_CHECK_LDFLAGS-libelf="-static -L$SYSROOT/lib -lz" perf >"$PERFOBJ/build.log" 2>&1
}

perf() {
	local k
	k=$(key "$(cat "$SRC/.rvpmu-source")" "$(cat "$SYSROOT/.rvpmu-sysroot")" "${PERF_FLAGS[*]}" perf-v2)
	if up_to_date "$PERFOBJ/.rvpmu-perf" "$k" && [ -f "$PERFOBJ/perf" ]; then
		log "perf up to date ($PERF_LIBC)"
	else
		log "cross-building a static perf with $PERF_LIBC (-j$JOBS)"
		mkdir -p "$PERFOBJ"
		local cc=${CROSS}gcc
		[ "$PERF_LIBC" = musl ] && cc=$SYSROOT/bin/cc
		[ "${NO_CCACHE:-0}" = 1 ] || ! command -v ccache >/dev/null || cc="ccache $cc"
		# The musl compiler is a script ccache cannot recognise (compiler type "other": every
		# call was uncacheable) and that is rewritten with each sysroot (a new mtime): tell
		# ccache it is GCC, and identify it by the sysroot's key and the real compilers'
		# versions instead of its mtime. (A rebuild in the same directory: 66 s -> 39 s, all
		# compilations hit; the rest is perf's feature probes and links. Another directory
		# still misses: perf's flags and the musl headers' line markers hold absolute paths.)
		local ccid
		ccid="$(cat "$SYSROOT/.rvpmu-sysroot") $(${CROSS}gcc -dumpfullversion)"
		[ "$PERF_LIBC" = musl ] && ccid="$ccid $(riscv64-unknown-elf-gcc -dumpfullversion)"
		CCACHE_COMPILERTYPE=gcc CCACHE_COMPILERCHECK="string:$ccid" timed perf perf_make "$cc" ||
			{ tail -40 "$PERFOBJ/build.log"; die "perf build failed (log: $PERFOBJ/build.log)"; }
		grep -q 'feature-libelf=1' "$PERFOBJ/FEATURE-DUMP" ||
			die "perf was built without libelf: it could not name functions"
		echo "$k" >"$PERFOBJ/.rvpmu-perf"
	fi
	${CROSS}strip -o "$OUT/perf" "$PERFOBJ/perf"
	if [ "$PERF_LIBC" = musl ] && ${CROSS}objdump -d "$OUT/perf" |
		grep -qE '^\s+[0-9a-f]+:\s+[0-9a-f]+\s+(f(add|sub|mul|div|sqrt|min|max|n?madd|n?msub|sgnjn?x?|mv|cvt|eq|lt|le|class)\.[a-z.]+|fl[wdq]|fs[wdq]|frcsr|fscsr|frrm|fsrm|frflags|fsflags)\s'; then
		die "the musl perf contains floating-point instructions: it would not run on rv64imac"
	fi
}

# Guest programs built freestanding against the tree's nolibc, for rv64imac (no F/D needed).
guest_cc() {
	${CROSS}gcc -Wall -Wextra -Werror -march=rv64imac_zicsr_zifencei -mabi=lp64 -static -nostdlib \
		-fno-stack-protector -fno-asynchronous-unwind-tables -fno-ident -Wl,--build-id=sha1 \
		-include "$SRC/tools/include/nolibc/nolibc.h" -I"$SRC/tools/include/nolibc" "$@"
}

initramfs() {
	local d=$OUT/initramfs
	mkdir -p "$d"
	guest_cc -Os -o "$d/init" "$ROOT/linux/init.c"
	guest_cc -O2 -o "$d/workload" "$ROOT/linux/workload.c"
	# A stock userland program: Debian's cross compiler with its default options (rv64gc, lp64d)
	# and Debian's glibc, static.
	${CROSS}gcc -O2 -Wall -Wextra -Werror -static -o "$d/glibc" "$ROOT/linux/glibc.c" -lm
	cc -O2 -o "$d/gen_init_cpio" "$SRC/usr/gen_init_cpio.c"
	cat >"$d/list" <<-EOF
		dir /dev 0755 0 0
		nod /dev/console 0600 0 0 c 5 1
		dir /proc 0755 0 0
		dir /sys 0755 0 0
		dir /tmp 1777 0 0
		dir /bin 0755 0 0
		file /init $d/init 0755 0 0
		file /bin/workload $d/workload 0755 0 0
		file /bin/glibc $d/glibc 0755 0 0
		file /bin/perf $OUT/perf 0755 0 0
	EOF
	# Written aside and renamed, so that a machine booting the old archive never reads half a new one.
	"$d/gen_init_cpio" -t 0 "$d/list" >"$OUT/initramfs.cpio.tmp"
	gzip -n -9 -c "$OUT/initramfs.cpio.tmp" >"$OUT/initramfs.cpio.gz.tmp"
	mv "$OUT/initramfs.cpio.tmp" "$OUT/initramfs.cpio"
	mv "$OUT/initramfs.cpio.gz.tmp" "$OUT/initramfs.cpio.gz"
	log "initramfs: $(stat -c %s "$OUT/initramfs.cpio") bytes, gzipped $(stat -c %s "$OUT/initramfs.cpio.gz")"
}

# The QEMU plugin that counts instructions to the init (linux/qemu-insn-plugin.c), compiled
# against qemu-plugin.h of the Debian source package of the installed QEMU (7.2).
qemu_plugin() {
	local dir=$OUT/src-pkgs/qemu hdr
	hdr=$(ls -d "$dir"/qemu-*/include/qemu 2>/dev/null | head -1 || true)
	if [ -z "$hdr" ]; then
		log "fetching qemu-plugin.h from the Debian source package qemu"
		mkdir -p "$dir"
		apt_src update >/dev/null
		(cd "$dir" && apt_src --download-only source qemu >/dev/null 2>&1 &&
			tar -xJf qemu_*.orig.tar.xz --wildcards '*/include/qemu/qemu-plugin.h' && rm -f qemu_*.tar.xz)
		hdr=$(ls -d "$dir"/qemu-*/include/qemu | head -1)
	fi
	cc -O2 -Wall -Wextra -Werror -shared -fPIC -I"$hdr" -o "$OUT/insn-plugin.so" "$ROOT/linux/qemu-insn-plugin.c"
	log "built $OUT/insn-plugin.so"
}

clean() { rm -rf "$OUT"; }

main() {
	local what=${1:-all} t0=$SECONDS
	case $what in
	deps) deps ;;
	source) deps && source_tree ;;
	kernel) deps && source_tree && kernel ;;
	sysroot) deps && sysroot ;;
	perf) deps && source_tree && sysroot && perf ;;
	initramfs) initramfs ;;
	qemu-plugin) deps && qemu_plugin ;;
	all)
		deps
		source_tree
		kernel
		sysroot
		perf
		initramfs
		log "done in $((SECONDS - t0)) s: $OUT/Image $OUT/initramfs.cpio.gz"
		;;
	clean) clean ;;
	*) die "unknown stage '$what' (all deps source kernel sysroot perf initramfs qemu-plugin clean)" ;;
	esac
}

main "$@"
