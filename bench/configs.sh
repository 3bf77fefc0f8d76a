# The configurations bench/run.sh measures, sourced by it and by the measuring scripts beside
# it (host_insns.sh, same_counts.sh). Each timed one counts every event its core lists
# (core_events), on the virt memory map so that QEMU runs the same ELF; the generic core
# counts GENERIC_EVENTS.
# shellcheck shell=bash disable=SC2034 # the scripts that source this file read these
GENERIC_EVENTS=cycles,instructions,loads,stores,branches
# The workloads (bench/NAME.c): each is built for rv64 (NAME.elf, the generic core) and rv32
# (NAME32.elf, every core); bench/bench.mk builds the same list.
BENCH_NAMES="intmix ptrchase callchase sha256 aes recurse interp strings bitops smallfns fpmix irqloop"
# The timed core configurations issue 12 names: rvpmu options.
declare -A CORE_ARGS=(
  [ibex-small]="--core ibex,counters=10,variant=rtl"
  [ibex-maxperf]="--core ibex,counters=10,variant=rtl,multiplier=single-cycle,bta=on,wb_stage=on"
  [cv32e40p]="--core cv32e40p,counters=16"
  [mbv-5]="--core microblaze-v,pipeline=5,icache=8192,dcache=8192,btc=512"
  [mbv-8]="--core microblaze-v,pipeline=8,icache=8192,dcache=8192,btc=512"
)
CONFIG_NAMES="ibex-small ibex-maxperf cv32e40p mbv-5 mbv-8"

# Every event `$RVPMU list` shows for a core, except the FP ones (the workloads have no FP),
# MicroBlaze V's latency-pair events (they need a latency counter pair, not an event count)
# and the events the core lists but that cannot occur (PIPE_STALL, APU_*, CUSTOM).
core_events() {
  "$RVPMU" list "$@" 2>/dev/null | awk 'NR > 2 && NF > 1 { print $1 }' |
    grep -Ev '^(FP_|LAT_|APU_|PIPE_STALL$|CUSTOM$)' | paste -sd, -
}

# The rvpmu options of configuration $1 (generic or a CORE_ARGS name); fails on another name.
config_args() {
  [ "$1" = generic ] && return 0
  [ -n "${CORE_ARGS[$1]:-}" ] || return 1
  echo "${CORE_ARGS[$1]}"
}

# The events configuration $2 counts, as rvpmu binary $1 lists them.
config_events() {
  if [ "$2" = generic ]; then echo "$GENERIC_EVENTS"; return; fi
  # shellcheck disable=SC2086 # a list of options
  RVPMU=$1 core_events ${CORE_ARGS[$2]}
}
