#!/usr/bin/env bash
# Runs each benchmark workload on rvpmu and on QEMU (-icount shift=0, so that QEMU's minstret
# counts instructions) and prints simulated MIPS for both, their ratio and rvpmu's peak RSS.
# Normally started by `make bench`, which builds the ELFs and build/rvpmu first.
# See bench/README.md for the environment variables and what the numbers mean.
#
# Exit status: 0 if every workload passed its self-check on every simulator that ran it;
# 1 if a workload failed, a run could not be completed, or BENCH_REQUIRE_RATIO was not met.
# A missing build/rvpmu is reported on its rows but is not a failure by itself.
set -u
export LC_ALL=C # EPOCHREALTIME and awk must agree on '.' as the decimal separator
cd "$(dirname "$0")/.." || exit 1

RVPMU=${RVPMU:-./build/rvpmu}
QEMU=${QEMU:-qemu-system-riscv64}
BENCH_RUNS=${BENCH_RUNS:-3}
BENCH_QEMU_RUNS=${BENCH_QEMU_RUNS:-$BENCH_RUNS}
BENCH_TIMEOUT=${BENCH_TIMEOUT:-600}
BENCH_WORKLOADS=${BENCH_WORKLOADS:-intmix ptrchase intmix-ibex}
BENCH_REQUIRE_RATIO=${BENCH_REQUIRE_RATIO:-}
RATIO_WORKLOAD=intmix # the workload BENCH_REQUIRE_RATIO applies to
RVPMU_EVENTS=cycles,instructions,loads,stores,branches

# Per-workload settings beyond the defaults: rvpmu options, events, QEMU binary.
# intmix-ibex: the integer workload for RV32 on the ibex profile with all ten event counters
# on (issue #3's speed bar: >= 0.2x QEMU-icount), on the virt memory map so QEMU runs it too.
declare -A W_RVPMU_ARGS=([intmix-ibex]="--core ibex,counters=10,variant=rtl --platform virt")
declare -A W_EVENTS=([intmix-ibex]="NumCycles,NumInstrRet,NumLoads,NumStores,NumBranches,NumBranchesTaken,NumCyclesIF,NumCyclesLSU")
declare -A W_QEMU=([intmix-ibex]=qemu-system-riscv32)

# GNU time gives the peak RSS; without it the wall times still work and RSS shows as n/a.
TIME_BIN=
[[ -x /usr/bin/time ]] && TIME_BIN=/usr/bin/time

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

failed=0

log() { printf '%s\n' "$*" >&2; }

# Floating-point helpers (bash has none). `lt A B` succeeds if A < B.
calc() { awk "BEGIN { printf \"%.${2:-2}f\", $1 }"; }
lt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }

# Runs "$@" once with a timeout and stdin closed. Sets RUN_STATUS, RUN_WALL (seconds) and
# RUN_RSS_KIB (empty if unknown); the program's stdout/stderr are left in $tmp/out, $tmp/err.
# Wall time comes from EPOCHREALTIME because GNU time's %e only has 10 ms resolution.
run_once() {
  local start end
  rm -f "$tmp/rss"
  start=$EPOCHREALTIME
  if [[ -n $TIME_BIN ]]; then
    timeout "$BENCH_TIMEOUT" "$TIME_BIN" -o "$tmp/rss" -f '%M' "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
  else
    timeout "$BENCH_TIMEOUT" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
  fi
  RUN_STATUS=$?
  end=$EPOCHREALTIME
  RUN_WALL=$(calc "$end - $start" 6)
  # GNU time prefixes "Command exited with non-zero status N" when the program fails.
  RUN_RSS_KIB=$(tail -n 1 "$tmp/rss" 2>/dev/null)
  [[ $RUN_RSS_KIB =~ ^[0-9]+$ ]] || RUN_RSS_KIB=
}

# Turns an exit status from run_once into a sentence for the report.
describe_status() {
  local status=$1
  case $status in
    124) echo "timed out after ${BENCH_TIMEOUT}s (BENCH_TIMEOUT)" ;;
    125 | 126 | 127) echo "could not be started (status $status)" ;;
    *) if ((status > 128)); then
         echo "killed by signal $((status - 128))"
       else
         echo "exited with status $status (guest self-check failed or simulator error)"
       fi ;;
  esac
}

# The last few lines the program wrote, indented, to explain a failure.
output_tail() {
  cat "$tmp/out" "$tmp/err" | tr -d '\r' | tail -n 4 | sed 's/^/      | /'
}

# Runs "$@" $1 times and keeps the fastest run. Sets BEST_WALL, PEAK_RSS_KIB (maximum over
# the runs, empty if unknown), INSNS (from the guest's `insns=` line) and FAIL (empty on
# success, otherwise why it failed, with the output's tail). Returns non-zero on failure.
# The fastest run's stderr is kept in $tmp/best.err.
measure() {
  local runs=$1 i insns
  shift
  BEST_WALL='' PEAK_RSS_KIB='' INSNS='' FAIL=''
  for ((i = 1; i <= runs; i++)); do
    run_once "$@"
    if ((RUN_STATUS != 0)); then
      FAIL="$(describe_status "$RUN_STATUS")"$'\n'"$(output_tail)"
      return 1
    fi
    insns=$(tr -d '\r' <"$tmp/out" | grep -ao 'insns=[0-9]*' | tail -n 1 | cut -d= -f2)
    if [[ -z $insns ]]; then
      FAIL="exited 0 but printed no insns= line"$'\n'"$(output_tail)"
      return 1
    fi
    if [[ -z $BEST_WALL ]] || lt "$RUN_WALL" "$BEST_WALL"; then
      BEST_WALL=$RUN_WALL INSNS=$insns
      cp "$tmp/err" "$tmp/best.err"
    fi
    if [[ -n $RUN_RSS_KIB ]] && { [[ -z $PEAK_RSS_KIB ]] || ((RUN_RSS_KIB > PEAK_RSS_KIB)); }; then
      PEAK_RSS_KIB=$RUN_RSS_KIB
    fi
  done
}

mips() { calc "$1 / $2 / 1e6" 1; }

# Per-workload results, filled by bench_workload and printed by print_table.
declare -A R_INSNS R_RV_MIPS R_QEMU_MIPS R_RATIO R_RSS R_NOTES R_STAT

# Appends one line to a workload's notes (printed under the table).
note() { R_NOTES[$1]+="  $1: $2"$'\n'; }

# Runs one workload on both simulators and records its row.
bench_workload() {
  local w=$1 elf=build/bench/$1.elf rv_insns='' qemu_insns=''
  R_INSNS[$w]=- R_RV_MIPS[$w]=- R_QEMU_MIPS[$w]=- R_RATIO[$w]=- R_RSS[$w]=- R_STAT[$w]=
  if [[ ! -f $elf ]]; then
    note "$w" "$elf is missing (build it with 'make bench')"
    failed=1
    return
  fi

  if [[ ! -x $RVPMU ]]; then
    note "$w" "rvpmu not run: $RVPMU does not exist (build it with 'make')"
  else
    log "bench: $w on rvpmu ($BENCH_RUNS runs)"
    # shellcheck disable=SC2086 # the per-workload options are a word list
    if measure "$BENCH_RUNS" "$RVPMU" stat ${W_RVPMU_ARGS[$w]:-} -e "${W_EVENTS[$w]:-$RVPMU_EVENTS}" -- "$elf"; then
      rv_insns=$INSNS
      R_RV_MIPS[$w]=$(mips "$INSNS" "$BEST_WALL")
      [[ -n $PEAK_RSS_KIB ]] && R_RSS[$w]=$(calc "$PEAK_RSS_KIB / 1024" 1)
      R_STAT[$w]=$(cat "$tmp/best.err")
    else
      note "$w" "rvpmu FAILED: $FAIL"
      failed=1
    fi
  fi

  log "bench: $w on QEMU -icount shift=0 ($BENCH_QEMU_RUNS runs)"
  if measure "$BENCH_QEMU_RUNS" "${W_QEMU[$w]:-$QEMU}" -M virt -bios none -nographic -icount shift=0 -kernel "$elf"; then
    qemu_insns=$INSNS
    R_QEMU_MIPS[$w]=$(mips "$INSNS" "$BEST_WALL")
  else
    note "$w" "QEMU FAILED: $FAIL"
    failed=1
  fi

  R_INSNS[$w]=${rv_insns:-${qemu_insns:--}}
  if [[ -n $rv_insns && -n $qemu_insns ]]; then
    R_RATIO[$w]=$(calc "${R_RV_MIPS[$w]} / ${R_QEMU_MIPS[$w]}" 2)
    check_insns_agree "$w" "$rv_insns" "$qemu_insns"
  fi
}

# Both simulators run the same ELF, so their instruction counts should match. QEMU's -icount
# minstret carries a small start-up offset (~1e5), hence the 1% tolerance.
check_insns_agree() {
  local w=$1 rv=$2 qemu=$3
  if lt 0.01 "$(calc "($rv > $qemu ? $rv - $qemu : $qemu - $rv) / $qemu" 6)"; then
    note "$w" "warning: rvpmu counted $rv instructions but QEMU $qemu; MIPS are not comparable"
  fi
}

print_table() {
  local w fmt='%-10s %12s %11s %17s %6s %14s\n'
  # shellcheck disable=SC2059 # one format string shared by the header and the rows
  printf "$fmt" workload insns "rvpmu MIPS" "qemu-icount MIPS" ratio "rvpmu RSS MiB"
  for w in $BENCH_WORKLOADS; do
    # shellcheck disable=SC2059
    printf "$fmt" "$w" "${R_INSNS[$w]}" "${R_RV_MIPS[$w]}" "${R_QEMU_MIPS[$w]}" "${R_RATIO[$w]}" "${R_RSS[$w]}"
  done
  for w in $BENCH_WORKLOADS; do printf '%s' "${R_NOTES[$w]:-}"; done
}

# rvpmu's own perf-stat tables (from the fastest run), for context.
print_stat_tables() {
  local w
  for w in $BENCH_WORKLOADS; do
    [[ -n ${R_STAT[$w]} ]] || continue
    printf '\n--- rvpmu stat: %s ---\n%s\n' "$w" "${R_STAT[$w]}"
  done
}

# Fails the run if BENCH_REQUIRE_RATIO is set and the ratio is missing or too low.
check_required_ratio() {
  [[ -n $BENCH_REQUIRE_RATIO ]] || return 0
  local ratio=${R_RATIO[$RATIO_WORKLOAD]:--}
  if [[ $ratio == - ]]; then
    echo "FAIL: BENCH_REQUIRE_RATIO=$BENCH_REQUIRE_RATIO but no $RATIO_WORKLOAD ratio was measured"
    failed=1
  elif lt "$ratio" "$BENCH_REQUIRE_RATIO"; then
    echo "FAIL: $RATIO_WORKLOAD ratio $ratio is below BENCH_REQUIRE_RATIO=$BENCH_REQUIRE_RATIO"
    failed=1
  else
    echo "ok: $RATIO_WORKLOAD ratio $ratio >= BENCH_REQUIRE_RATIO=$BENCH_REQUIRE_RATIO"
  fi
}

# The profiler's cost (issue 10: at most 2x): wall time of `rvpmu record` over `rvpmu stat`
# with the same events (perf's usual five) on intmix (generic core) and intmix-ibex (--core
# ibex), best of BENCH_RUNS each. BENCH_PROFILE=0 skips it.
PROFILE_EVENTS=cycles,instructions,branches,loads,stores
print_profile_overhead() {
  [[ ${BENCH_PROFILE:-1} != 0 && -x $RVPMU ]] || return 0
  local w elf stat_wall fmt='%-12s %14s %16s %8s\n'
  printf '\n'
  # shellcheck disable=SC2059 # one format string shared by the header and the rows
  printf "$fmt" workload "stat wall s" "record wall s" ratio
  for w in intmix intmix-ibex; do
    elf=build/bench/$w.elf
    [[ -f $elf ]] || continue
    log "bench: $w, rvpmu record against rvpmu stat ($BENCH_RUNS runs each)"
    # shellcheck disable=SC2086 # the per-workload options are a word list
    if measure "$BENCH_RUNS" "$RVPMU" stat ${W_RVPMU_ARGS[$w]:-} -e "$PROFILE_EVENTS" -- "$elf"; then
      stat_wall=$BEST_WALL
      # shellcheck disable=SC2086
      if measure "$BENCH_RUNS" "$RVPMU" record ${W_RVPMU_ARGS[$w]:-} -e "$PROFILE_EVENTS" -o "$tmp/prof.data" -- "$elf"; then
        # shellcheck disable=SC2059
        printf "$fmt" "$w" "$stat_wall" "$BEST_WALL" "$(calc "$BEST_WALL / $stat_wall" 2)x"
        continue
      fi
    fi
    echo "$w: profile overhead not measured: $FAIL"
    failed=1
  done
}

main() {
  local w
  if ! command -v "$QEMU" >/dev/null; then
    log "bench: $QEMU not found (apt-get install qemu-system-misc); QEMU rows will fail"
  fi
  for w in $BENCH_WORKLOADS; do bench_workload "$w"; done
  print_table
  print_stat_tables
  print_profile_overhead
  check_required_ratio
  if ((failed)); then
    echo "bench: FAILED (see the notes above)"
    return 1
  fi
  return 0
}

main
