#!/usr/bin/env bash
# Runs each benchmark workload on rvpmu and on QEMU, with -icount shift=0 (exact instruction
# counts, like rvpmu's) and without it (plain TCG, inexact counters), and prints simulated MIPS,
# rvpmu's ratio against both and its peak RSS, then per core configuration the geometric mean
# of the ratios and the worst workload. The rv64 workloads run on the generic core (default
# events, and every event it lists: generic-all); the RV32 ones (NAME32) also on every timed
# core (BENCH_CORES). Normally started by `make bench`, which builds the ELFs and build/rvpmu first.
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
QEMU32=${QEMU32:-qemu-system-riscv32}
BENCH_RUNS=${BENCH_RUNS:-3}
BENCH_QEMU_RUNS=${BENCH_QEMU_RUNS:-$BENCH_RUNS}
BENCH_TIMEOUT=${BENCH_TIMEOUT:-600}
# wall: elapsed time (what a user waits); cpu: user + system time of the process, which a
# machine shared with other jobs inflates far less (needs GNU time).
BENCH_TIME=${BENCH_TIME:-wall}
# The configurations (CORE_ARGS, GENERIC_EVENTS, BENCH_NAMES) and core_events: bench/configs.sh.
# shellcheck source=bench/configs.sh
. bench/configs.sh
BENCH_WORKLOADS=${BENCH_WORKLOADS:-$BENCH_NAMES $(printf '%s32 ' $BENCH_NAMES)}
# The generic core's configurations: its default events (what `rvpmu stat prog` counts) and
# every event it lists (its cache, TLB and predictor models on).
BENCH_GENERIC=${BENCH_GENERIC:-generic generic-all}
# The cores the RV32 workloads (NAME32) run on besides the generic one: every timed profile
# in the configurations issue 12 names (CORE_ARGS, bench/configs.sh).
BENCH_CORES=${BENCH_CORES:-ibex-small ibex-maxperf cv32e40p mbv-5 mbv-8}
# 0 skips QEMU without -icount (its column and ratio then show '-').
BENCH_QEMU_PLAIN=${BENCH_QEMU_PLAIN:-1}
BENCH_REQUIRE_RATIO=${BENCH_REQUIRE_RATIO:-}
RATIO_ROW=intmix/generic # the row BENCH_REQUIRE_RATIO applies to

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

# Runs "$@" once with a timeout and stdin closed. Sets RUN_STATUS, RUN_WALL (seconds: elapsed,
# or user + system with BENCH_TIME=cpu) and RUN_RSS_KIB (empty if unknown); the program's
# stdout/stderr are left in $tmp/out, $tmp/err. Elapsed time comes from EPOCHREALTIME because
# GNU time's %e only has 10 ms resolution.
run_once() {
  local start end line cpu
  rm -f "$tmp/rss"
  start=$EPOCHREALTIME
  if [[ -n $TIME_BIN ]]; then
    timeout "$BENCH_TIMEOUT" "$TIME_BIN" -o "$tmp/rss" -f '%M %U %S' "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
  else
    timeout "$BENCH_TIMEOUT" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
  fi
  RUN_STATUS=$?
  end=$EPOCHREALTIME
  RUN_WALL=$(calc "$end - $start" 6)
  # GNU time prefixes "Command exited with non-zero status N" when the program fails.
  line=$(tail -n 1 "$tmp/rss" 2>/dev/null)
  RUN_RSS_KIB=${line%% *}
  [[ $RUN_RSS_KIB =~ ^[0-9]+$ ]] || RUN_RSS_KIB=
  if [[ $BENCH_TIME == cpu && $line =~ ^[0-9]+\ ([0-9.]+)\ ([0-9.]+)$ ]]; then
    cpu=$(calc "${BASH_REMATCH[1]} + ${BASH_REMATCH[2]}" 2)
    lt 0 "$cpu" && RUN_WALL=$cpu
  fi
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

# Rows are WORKLOAD/CORE ("generic" or a BENCH_CORES name); QEMU runs once per workload and
# its figure is the yardstick of every row of that workload, so all of a workload's ratios come
# from the same QEMU measurement, taken between them on the same (possibly busy) machine.
ROWS=()
declare -A R_INSNS R_RV_MIPS R_RATIO R_PLAIN R_RSS R_STAT Q_MIPS Q_INSNS Q_TIME Q_PLAIN_TIME
NOTES=''

# Appends one line to the notes printed under the table.
note() { NOTES+="  $1: $2"$'\n'; }

# The rvpmu options and events of a row's core.
row_args() {
  local core=$1
  if [[ $core == generic ]]; then
    ROW_ARGS="--platform virt" ROW_EVENTS=$GENERIC_EVENTS
  elif [[ $core == generic-all ]]; then
    ROW_ARGS="--platform virt" ROW_EVENTS=$(core_events)
  else
    ROW_ARGS="${CORE_ARGS[$core]} --platform virt"
    # shellcheck disable=SC2086 # the options are a word list
    ROW_EVENTS=$(core_events ${CORE_ARGS[$core]})
  fi
}

# Runs one workload on QEMU, then on every core of its rows.
bench_workload() {
  local w=$1 elf=build/bench/$1.elf qemu=$QEMU cores=$BENCH_GENERIC core row
  [[ $w == *32 ]] && qemu=$QEMU32 cores="$BENCH_GENERIC $BENCH_CORES"
  Q_MIPS[$w]=- Q_INSNS[$w]= Q_PLAIN_TIME[$w]=
  for core in $cores; do
    row=$w/$core
    ROWS+=("$row")
    R_INSNS[$row]=- R_RV_MIPS[$row]=- R_RATIO[$row]=- R_PLAIN[$row]=- R_RSS[$row]=- R_STAT[$row]=
  done
  if [[ ! -f $elf ]]; then
    note "$w" "$elf is missing (build it with 'make bench')"
    failed=1
    return
  fi

  log "bench: $w on QEMU -icount shift=0 ($BENCH_QEMU_RUNS runs)"
  if measure "$BENCH_QEMU_RUNS" "$qemu" -M virt -bios none -nographic -icount shift=0 -kernel "$elf"; then
    Q_INSNS[$w]=$INSNS Q_TIME[$w]=$BEST_WALL
    Q_MIPS[$w]=$(mips "$INSNS" "$BEST_WALL")
  else
    note "$w" "QEMU FAILED: $FAIL"
    failed=1
  fi
  if [[ $BENCH_QEMU_PLAIN != 0 ]]; then
    log "bench: $w on QEMU without -icount ($BENCH_QEMU_RUNS runs)"
    if measure "$BENCH_QEMU_RUNS" "$qemu" -M virt -bios none -nographic -kernel "$elf"; then
      Q_PLAIN_TIME[$w]=$BEST_WALL
    else
      note "$w" "QEMU (no -icount) FAILED: $FAIL"
      failed=1
    fi
  fi

  for core in $cores; do
    row=$w/$core
    R_INSNS[$row]=${Q_INSNS[$w]:--}
    if [[ ! -x $RVPMU ]]; then
      note "$row" "rvpmu not run: $RVPMU does not exist (build it with 'make')"
      continue
    fi
    row_args "$core"
    log "bench: $w on rvpmu $core ($BENCH_RUNS runs)"
    # shellcheck disable=SC2086 # the options are a word list
    if measure "$BENCH_RUNS" "$RVPMU" stat $ROW_ARGS -e "$ROW_EVENTS" -- "$elf"; then
      R_INSNS[$row]=$INSNS
      R_RV_MIPS[$row]=$(mips "$INSNS" "$BEST_WALL")
      [[ -n $PEAK_RSS_KIB ]] && R_RSS[$row]=$(calc "$PEAK_RSS_KIB / 1024" 1)
      R_STAT[$row]="rvpmu stat $ROW_ARGS -e $ROW_EVENTS -- $elf"$'\n'"$(cat "$tmp/best.err")"
      if [[ -n ${Q_INSNS[$w]} ]]; then
        # Both ran the same program: the ratio of their times is the ratio of their speeds.
        # (QEMU's minstret, hence its MIPS column, includes an offset: see check_insns_agree.)
        R_RATIO[$row]=$(calc "${Q_TIME[$w]} / $BEST_WALL" 2)
        check_insns_agree "$row" "$INSNS" "${Q_INSNS[$w]}"
      fi
      [[ -n ${Q_PLAIN_TIME[$w]} ]] && R_PLAIN[$row]=$(calc "${Q_PLAIN_TIME[$w]} / $BEST_WALL" 2)
    else
      note "$row" "rvpmu FAILED: $FAIL"
      failed=1
    fi
  done
}

# Both simulators run the same ELF, so they execute the same instructions; QEMU's -icount
# minstret reads more (a start-up offset of ~1e5 on rv64, 1-4% more on the rv32 workloads:
# it is QEMU's virtual clock, not a count of retired instructions). The ratio is therefore
# QEMU's time over rvpmu's; a difference beyond 5% is reported, as the programs may then
# not have done the same work.
check_insns_agree() {
  local row=$1 rv=$2 qemu=$3
  if lt 0.05 "$(calc "($rv > $qemu ? $rv - $qemu : $qemu - $rv) / $qemu" 6)"; then
    note "$row" "warning: rvpmu counted $rv instructions but QEMU $qemu; did they run the same program?"
  fi
}

print_table() {
  local row w fmt='%-12s %-13s %13s %11s %17s %6s %12s %14s\n'
  # shellcheck disable=SC2059 # one format string shared by the header and the rows
  printf "$fmt" workload core insns "rvpmu MIPS" "qemu-icount MIPS" ratio "ratio plain" "rvpmu RSS MiB"
  for row in "${ROWS[@]}"; do
    w=${row%%/*}
    # shellcheck disable=SC2059
    printf "$fmt" "$w" "${row#*/}" "${R_INSNS[$row]}" "${R_RV_MIPS[$row]}" "${Q_MIPS[$w]}" "${R_RATIO[$row]}" "${R_PLAIN[$row]}" "${R_RSS[$row]}"
  done
  printf '%s' "$NOTES"
}

# Per core configuration and XLEN: how many workloads ran, the geometric mean of the ratios
# against QEMU-icount and against plain QEMU, and the worst workload (lowest -icount ratio).
# The geometric mean, not the arithmetic one: a workload twice as fast must not hide one
# twice as slow.
print_summary() {
  local row w core xlen key fmt='%-13s %-5s %9s %15s %-22s %15s\n'
  local -A logsum n worst worst_w plainsum nplain
  local -a keys=()
  for row in "${ROWS[@]}"; do
    [[ ${R_RATIO[$row]} != - ]] || continue
    w=${row%%/*} core=${row#*/} xlen=rv64
    [[ $w == *32 ]] && xlen=rv32
    key="$core $xlen"
    [[ -n ${n[$key]:-} ]] || { keys+=("$key"); n[$key]=0 logsum[$key]=0 nplain[$key]=0 plainsum[$key]=0; }
    n[$key]=$((n[$key] + 1))
    logsum[$key]=$(awk -v s="${logsum[$key]}" -v r="${R_RATIO[$row]}" 'BEGIN { printf "%.9f", s + log(r) }')
    if [[ -z ${worst[$key]:-} ]] || lt "${R_RATIO[$row]}" "${worst[$key]}"; then
      worst[$key]=${R_RATIO[$row]} worst_w[$key]=$w
    fi
    if [[ ${R_PLAIN[$row]} != - ]]; then
      nplain[$key]=$((nplain[$key] + 1))
      plainsum[$key]=$(awk -v s="${plainsum[$key]}" -v r="${R_PLAIN[$row]}" 'BEGIN { printf "%.9f", s + log(r) }')
    fi
  done
  ((${#keys[@]})) || return 0
  printf '\n'
  # shellcheck disable=SC2059 # one format string shared by the header and the rows
  printf "$fmt" core xlen workloads "geomean icount" "worst (icount)" "geomean plain"
  for key in "${keys[@]}"; do
    local plain=-
    ((nplain[$key])) && plain=$(awk -v s="${plainsum[$key]}" -v k="${nplain[$key]}" 'BEGIN { printf "%.2f", exp(s / k) }')
    # shellcheck disable=SC2059
    printf "$fmt" "${key% *}" "${key#* }" "${n[$key]}" \
      "$(awk -v s="${logsum[$key]}" -v k="${n[$key]}" 'BEGIN { printf "%.2f", exp(s / k) }')" \
      "${worst[$key]} ${worst_w[$key]}" "$plain"
  done
}

# rvpmu's own perf-stat tables (from the fastest run of each row), for context.
print_stat_tables() {
  local row
  for row in "${ROWS[@]}"; do
    [[ -n ${R_STAT[$row]} ]] || continue
    printf '\n--- %s ---\n%s\n' "$row" "${R_STAT[$row]}"
  done
}

# Fails the run if BENCH_REQUIRE_RATIO is set and the ratio is missing or too low.
check_required_ratio() {
  [[ -n $BENCH_REQUIRE_RATIO ]] || return 0
  local ratio=${R_RATIO[$RATIO_ROW]:--}
  if [[ $ratio == - ]]; then
    echo "FAIL: BENCH_REQUIRE_RATIO=$BENCH_REQUIRE_RATIO but no $RATIO_ROW ratio was measured"
    failed=1
  elif lt "$ratio" "$BENCH_REQUIRE_RATIO"; then
    echo "FAIL: $RATIO_ROW ratio $ratio is below BENCH_REQUIRE_RATIO=$BENCH_REQUIRE_RATIO"
    failed=1
  else
    echo "ok: $RATIO_ROW ratio $ratio >= BENCH_REQUIRE_RATIO=$BENCH_REQUIRE_RATIO"
  fi
}

# The profiler's cost (issue 24: at most 2x the time of stat, under 64 MiB, a data file that
# follows the code's size): time of `rvpmu record` over `rvpmu stat` with the same events
# (perf's usual five), best of BENCH_RUNS each, with record's peak RSS and data file size, on
# every workload of BENCH_WORKLOADS and on intmix and callchase on Ibex (NAME-ibex: NAME32 on
# the small Ibex configuration). BENCH_PROFILE=0 skips it.
PROFILE_EVENTS=cycles,instructions,branches,loads,stores
declare -A W_ELF=([intmix-ibex]=build/bench/intmix32.elf [callchase-ibex]=build/bench/callchase32.elf)
declare -A W_RVPMU_ARGS=([intmix-ibex]="${CORE_ARGS[ibex-small]} --platform virt"
  [callchase-ibex]="${CORE_ARGS[ibex-small]} --platform virt")
print_profile_overhead() {
  [[ ${BENCH_PROFILE:-1} != 0 && -x $RVPMU ]] || return 0
  local w elf stat_time rss size fmt='%-15s %10s %12s %8s %14s %12s\n'
  printf '\n'
  # shellcheck disable=SC2059 # one format string shared by the header and the rows
  printf "$fmt" workload "stat s" "record s" ratio "record RSS MiB" "data bytes"
  for w in $BENCH_WORKLOADS intmix-ibex callchase-ibex; do
    elf=${W_ELF[$w]:-build/bench/$w.elf}
    [[ -f $elf ]] || continue
    log "bench: $w, rvpmu record against rvpmu stat ($BENCH_RUNS runs each)"
    # shellcheck disable=SC2086 # the per-workload options are a word list
    if measure "$BENCH_RUNS" "$RVPMU" stat ${W_RVPMU_ARGS[$w]:-} -e "$PROFILE_EVENTS" -- "$elf"; then
      stat_time=$BEST_WALL
      rm -f "$tmp/prof.data"
      # shellcheck disable=SC2086
      if measure "$BENCH_RUNS" "$RVPMU" record ${W_RVPMU_ARGS[$w]:-} -e "$PROFILE_EVENTS" -o "$tmp/prof.data" -- "$elf"; then
        rss=n/a size=$(stat -c %s "$tmp/prof.data" 2>/dev/null || echo n/a)
        [[ -n $PEAK_RSS_KIB ]] && rss=$(calc "$PEAK_RSS_KIB / 1024" 1)
        # shellcheck disable=SC2059
        printf "$fmt" "$w" "$stat_time" "$BEST_WALL" "$(calc "$BEST_WALL / $stat_time" 2)x" "$rss" "$size"
        continue
      fi
    fi
    echo "$w: profile overhead not measured: $FAIL"
    failed=1
  done
}

main() {
  local w q
  if [[ $BENCH_TIME == cpu && -z $TIME_BIN ]]; then
    log "bench: BENCH_TIME=cpu needs GNU time (/usr/bin/time); measuring elapsed time"
  fi
  log "bench: timing $BENCH_TIME time (BENCH_TIME)"
  for q in "$QEMU" "$QEMU32"; do
    command -v "$q" >/dev/null || log "bench: $q not found (apt-get install qemu-system-misc); its rows will fail"
  done
  for w in $BENCH_WORKLOADS; do bench_workload "$w"; done
  print_table
  print_summary
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
