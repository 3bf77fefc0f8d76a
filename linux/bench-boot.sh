#!/usr/bin/env bash
# Linux boot time, rvpmu against QEMU 7.2 with -icount shift=0, in the same run (issue 6: rvpmu
# must take no more wall time than QEMU-icount). Both boot the same kernel and the same
# uncompressed initramfs on one hart to the init's `boot` scenario, which powers off at once:
#
#   rvpmu:  build/rvpmu run --harts 1 --mem 256 --kernel Image --initrd initramfs.cpio
#             --append "console=ttyS0 rvpmu.test=boot"              (rvpmu's own SBI firmware)
#   QEMU:   qemu-system-riscv64 -M virt -cpu rv64,sscofpmf=true -smp 1 -m 256M -icount shift=0
#             -nographic -no-reboot -kernel Image -initrd initramfs.cpio -append "..."
#             (Debian's default OpenSBI 1.1 from qemu-system-data, as linux/qemu.sh)
#
# The runs alternate (rvpmu, QEMU, rvpmu, ...) so that both see the same load on the machine;
# each must end with exit 0 and `RESULT PASS boot`, else the benchmark fails. Prints every
# wall time, the best (lowest) of each and their ratio rvpmu/QEMU (< 1: rvpmu is faster).
#
#   linux/bench-boot.sh            (make linux-bench)
#   env: RUNS=5 (runs of each)  MAX_RATIO=x (fail if the best-of ratio exceeds x, e.g. 1.0)
#        LINUX_BUILD=dir  RVPMU=build/rvpmu  QEMU=qemu-system-riscv64  TIMEOUT=120 (s per run)
#        INITRD=file (default <LINUX_BUILD>/initramfs.cpio; gunzip is ~40% of the boot's
#        instructions, so the uncompressed archive measures the simulators, not zlib)
# Exit status: 0, or 1 if a boot failed or MAX_RATIO was not met.
set -u
export LC_ALL=C # EPOCHREALTIME and awk agree on '.'
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${LINUX_BUILD:-$ROOT/linux-build}
RVPMU=${RVPMU:-$ROOT/build/rvpmu}
QEMU=${QEMU:-qemu-system-riscv64}
RUNS=${RUNS:-5}
INITRD=${INITRD:-$OUT/initramfs.cpio}
APPEND="console=ttyS0 rvpmu.test=boot"

for f in "$RVPMU" "$OUT/Image" "$INITRD"; do
	[ -e "$f" ] || { echo "bench-boot.sh: $f missing (make -j2 all firmware && make linux)" >&2; exit 1; }
done
command -v "$QEMU" >/dev/null || { echo "bench-boot.sh: $QEMU missing (scripts/deps.sh)" >&2; exit 1; }

rvpmu_cmd=("$RVPMU" run --harts 1 --mem 256 --kernel "$OUT/Image" --initrd "$INITRD" --append "$APPEND")
qemu_cmd=("$QEMU" -M virt -cpu "rv64,sscofpmf=true" -smp 1 -m 256M -icount shift=0 -nographic -no-reboot
	-kernel "$OUT/Image" -initrd "$INITRD" -append "$APPEND")

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0

# run_boot NAME CMD...: one boot; prints its wall time (s) or "fail".
run_boot() {
	local name=$1 start end st
	shift
	start=$EPOCHREALTIME
	timeout "${TIMEOUT:-120}" "$@" </dev/null >"$tmp/$name.out" 2>&1
	st=$?
	end=$EPOCHREALTIME
	if [ $st != 0 ] || ! grep -aq '^=== RVPMU RESULT PASS boot' "$tmp/$name.out"; then
		echo "bench-boot.sh: $name boot failed (exit $st); last lines:" >&2
		tail -5 "$tmp/$name.out" | sed 's/^/    /' >&2
		echo fail
		return
	fi
	awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }'
}

min() { printf '%s\n' "$@" | grep -v fail | sort -g | head -1; }

r_times=() q_times=()
for ((i = 1; i <= RUNS; i++)); do
	r_times+=("$(run_boot rvpmu "${rvpmu_cmd[@]}")")
	q_times+=("$(run_boot qemu "${qemu_cmd[@]}")")
done
case " ${r_times[*]} ${q_times[*]} " in *" fail "*) failed=1 ;; esac

echo "Linux boot to the init and power-off (rvpmu.test=boot, 1 hart, $(basename "$INITRD")), wall seconds:"
printf '  %-27s %s\n' "rvpmu:" "${r_times[*]}" "QEMU 7.2 -icount shift=0:" "${q_times[*]}"
r=$(min "${r_times[@]}")
q=$(min "${q_times[@]}")
if [ -z "$r" ] || [ -z "$q" ]; then
	echo "no successful run to compare" >&2
	exit 1
fi
ratio=$(awk -v r="$r" -v q="$q" 'BEGIN { printf "%.2f", r / q }')
printf 'best of %d: rvpmu %.3f s, QEMU-icount %.3f s, ratio rvpmu/QEMU %s (%s)\n' "$RUNS" "$r" "$q" "$ratio" \
	"$(awk -v x="$ratio" 'BEGIN { print (x <= 1 ? "rvpmu takes no more wall time" : "rvpmu is slower") }')"
if [ -n "${MAX_RATIO:-}" ] && awk -v x="$ratio" -v m="$MAX_RATIO" 'BEGIN { exit !(x > m) }'; then
	echo "bench-boot.sh: ratio $ratio exceeds MAX_RATIO=$MAX_RATIO" >&2
	failed=1
fi
exit $failed
