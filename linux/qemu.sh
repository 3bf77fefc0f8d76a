#!/usr/bin/env bash
# Boots the test system of linux/build.sh on QEMU's virt machine (Debian's QEMU 7.2 and its
# bundled OpenSBI) and runs one init scenario (docs/linux.md):
#
#   linux/qemu.sh [SCENARIO] [-- extra qemu options]
#   SCENARIO: boot workload stat record user fw all (default: all); kernel option rvpmu.test=
#   env: LINUX_BUILD=dir  SMP=2  MEM=256M  ICOUNT=1 (adds -icount shift=0)  TIMEOUT=600 (s)
#        INITRD=file (default <LINUX_BUILD>/initramfs.cpio.gz)  LOG=file (default: a temp file)
#        CPU=rv64,sscofpmf=true (QEMU 7.2 leaves Sscofpmf off; perf record needs it)
#        APPEND="..." (added to the kernel command line)
#        COUNT=1: load linux-build/insn-plugin.so (linux/build.sh qemu-plugin), which prints the
#        instructions executed (all harts) before the first user instruction; implies one TCG
#        thread. COUNT=exit also ends QEMU there (time to the init).
#
# Prints the console, then one summary line: scenario, QEMU's exit status, the RVPMU RESULT and
# the wall time. Exits 0 only if QEMU exited 0 and the init printed RESULT PASS.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${LINUX_BUILD:-$ROOT/linux-build}
SCENARIO=${1:-all}
[ $# -gt 0 ] && shift
[ "${1:-}" = -- ] && shift
INITRD=${INITRD:-$OUT/initramfs.cpio.gz}
LOG=${LOG:-$(mktemp)}
opts=(-M virt -cpu "${CPU:-rv64,sscofpmf=true}" -smp "${SMP:-2}" -m "${MEM:-256M}"
	-nographic -no-reboot -kernel "$OUT/Image" -initrd "$INITRD"
	-append "console=ttyS0 rvpmu.test=$SCENARIO ${APPEND:-}")
[ "${ICOUNT:-0}" = 1 ] && opts+=(-icount shift=0)
case ${COUNT:-0} in
0) ;;
exit) opts+=(-plugin "$OUT/insn-plugin.so,exit=on" -d plugin) ;;
*) opts+=(-plugin "$OUT/insn-plugin.so" -d plugin) ;;
esac
[ "${COUNT:-0}" != 0 ] && [ "${ICOUNT:-0}" != 1 ] && opts+=(-accel tcg,thread=single)

t0=$(date +%s.%N)
set +e
timeout "${TIMEOUT:-600}" qemu-system-riscv64 "${opts[@]}" "$@" </dev/null 2>&1 | tee "$LOG"
status=${PIPESTATUS[0]}
set -e
t1=$(date +%s.%N)
result=$(grep -a -o 'RVPMU RESULT [A-Z]*' "$LOG" | tail -1 | cut -d" " -f3 || true)
printf 'qemu.sh: scenario %s: qemu exit %s, result %s, wall %.2f s\n' \
	"$SCENARIO" "$status" "${result:-none}" "$(echo "$t1 - $t0" | bc)"
[ "$status" = 0 ] && { [ "$result" = PASS ] || [ "${COUNT:-0}" = exit ]; }
