#!/usr/bin/env bash
# Every test: installs what is missing, checks the tree builds warning-free with gcc and clang,
# builds the Linux test system (`make linux`: a kernel from Debian's source, a static perf and an
# initramfs, through ccache; linux/build.sh installs its own packages), then runs unit, guest
# (rvpmu and QEMU), command-line and SBI firmware tests (rvpmu and QEMU; the SBI client tests also
# under Debian's OpenSBI, on rvpmu and QEMU) and the Linux suite (every boot scenario on rvpmu,
# checked) on the normal build, and again (but QEMU and OpenSBI) on the
# -fsanitize=address,undefined build. Speed is measured by benchmarks, not here (README).
# Ends with "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
echo "== warning check (gcc and clang, -Wall -Wextra -Werror)"
make -s clean
make -s -j2 BUILD=build/clang CC=clang WERROR=1 build/clang/rvpmu
make -s -j2 WERROR=1 all unit guest profile-programs sbi microblaze-guest
make -s -j2 SANITIZE=1 all unit
echo "== Linux test system (make linux)"
make -s linux
echo "== normal build"
results=$(mktemp)
trap 'rm -f "$results"' EXIT
set +e
RESULTS_FILE=$results bash tests/run_all.sh unit guest qemu cli profiles microblaze sbi sbi_qemu sbi_opensbi sbi_opensbi_qemu linux
echo "== sanitizer build (address, undefined)"
BUILD=build/asan RESULTS_FILE=$results ASAN_OPTIONS=detect_leaks=1 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 bash tests/run_all.sh unit guest cli sbi linux
set -e
# One closing line for both builds.
[ "$(wc -l <"$results")" = 2 ] || echo "1 1" >>"$results" # a suite that died counts as failed
read -r p f < <(awk '{p += $1; f += $2} END {print p + 0, f + 0}' "$results")
echo
echo "$p passed, $f failed"
[ "$f" = 0 ]
