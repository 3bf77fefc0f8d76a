#!/usr/bin/env bash
# The benchmark workloads (bench/*.c, `make bench`) run to completion and pass their own
# checks on every configuration make bench measures: each rv64 build on the generic core and
# each rv32 build on the generic core and every timed core configuration (bench/configs.sh).
# A workload checks its results against constants of the native build (make bench-host-check)
# and exits non-zero on a difference, so a simulator bug that changes a result fails here, not
# only as a strange speed figure. The ELFs are make bench's own (build/bench/, built here if
# missing or stale). On the sanitizer build (slower by an order of magnitude) every run
# stops after 2e7 instructions (--max-insns: exit 124), which still takes each workload's
# paths through the simulator under ASan/UBSan.
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"
# shellcheck source=bench/configs.sh
. bench/configs.sh

# shellcheck disable=SC2046 # a list of targets
if ! make -s --no-print-directory $(for n in $BENCH_NAMES; do echo "build/bench/$n.elf" "build/bench/${n}32.elf"; done) >"$TMP/make.log" 2>&1; then
  not_ok "bench workloads build" "$(tail -n 15 "$TMP/make.log")"
  exit 0
fi
ok "bench workloads build"

limit=() expect=0
case $RVPMU in
  */asan/*) limit=(--max-insns 20000000) expect=124 ;;
esac

# run NAME CONFIG ELF: one run of ELF on CONFIG (generic or a CORE_ARGS name).
run() {
  local args
  args=$(config_args "$2")
  # shellcheck disable=SC2086 # a list of options
  timeout 600 "$RVPMU" run $args --platform virt "${limit[@]}" "$3" >"$TMP/out" 2>&1
  local st=$?
  if [ "$st" = "$expect" ]; then
    ok "bench $1 on $2"
  else
    not_ok "bench $1 on $2" "exit $st, expected $expect" "$(tail -n 5 "$TMP/out")"
  fi
}

for n in $BENCH_NAMES; do
  run "$n" generic "build/bench/$n.elf"
  for c in generic $CONFIG_NAMES; do run "${n}32" "$c" "build/bench/${n}32.elf"; done
done
