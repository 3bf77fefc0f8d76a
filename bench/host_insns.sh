#!/usr/bin/env bash
# Host instructions per guest instruction: callgrind (deterministic, unlike times on a shared
# machine) of `rvpmu stat` over the first N guest instructions of a bench workload, on one of
# bench/run.sh's configurations with make bench's events (docs/performance.md, "How it is
# measured"). Needs valgrind and the ELFs of `make bench`.
#   bench/host_insns.sh [-b RVPMU] CONFIG WORKLOAD [N]
#   CONFIG: generic ibex-small ibex-maxperf cv32e40p mbv-5 mbv-8; WORKLOAD: e.g. callchase32
# Prints "CONFIG WORKLOAD FIGURE CALLGRIND-FILE" (callgrind_annotate reads the file).
set -eu
export LC_ALL=C
cd "$(dirname "$0")/.."
RVPMU=./build/rvpmu
[ "${1:-}" = -b ] && { RVPMU=$2; shift 2; }
[ $# -ge 2 ] || { sed -n 2,8p "$0" >&2; exit 2; }
config=$1 workload=$2 n=${3:-10000000}
# shellcheck source=bench/configs.sh
. bench/configs.sh
args=$(config_args "$config") || { echo "host_insns.sh: unknown configuration '$config'" >&2; exit 2; }
events=$(config_events "$RVPMU" "$config")
out=$(mktemp "${TMPDIR:-/tmp}/host_insns.XXXXXX")
# shellcheck disable=SC2086 # args is a list of options
valgrind --tool=callgrind --callgrind-out-file="$out" "$RVPMU" stat $args --platform virt -e "$events" \
  --max-insns "$n" -- "build/bench/$workload.elf" >/dev/null 2>"$out.log" || true
total=$(callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
[ -n "$total" ] || { echo "host_insns.sh: callgrind failed (see $out.log)" >&2; exit 1; }
echo "$config $workload $(awk -v t="$total" -v n="$n" 'BEGIN { printf "%.2f", t / n }') $out"
