#!/usr/bin/env bash
# Link costs (src/isa/block.h) against the long way: the timed dispatch loop adds each block
# link's compiled cost (the block's counts, the transfer's outcome, the next block's entry
# correction) where it used to compute them at every transition. With RVPMU_NO_LINK_COSTS=1
# no cost is compiled and every transition takes the long way (BLOCK_ACCOUNT, the outcome, the
# target check, hart_block_entry), the code the RTL comparisons were first made with. Both
# must give the same count of every event, on every timed core configuration of `make bench`
# and a few more that take the models' other paths (two-way caches, write-back D-cache,
# 3 stages, slow multiplier, memory wait states), running bench/callchase.c (calls, returns to
# changing callers, pointer chasing, data-dependent branches, divides; compressed code, so
# transfers to 32-bit instructions at pc % 4 == 2 occur too) and programs/link_hazards.S
# (hazards across block boundaries, which compiled code seldom has).
# shellcheck source=tests/cli/lib.sh
. "$(dirname "$0")/lib.sh"

CONFIGS=(
  "ibex,counters=10,variant=rtl"
  "ibex,counters=10,variant=rtl,multiplier=single-cycle,bta=on,wb_stage=on"
  "ibex,counters=8,multiplier=slow,mem_wait=2"
  "cv32e40p,counters=16"
  "microblaze-v,pipeline=5"
  "microblaze-v,pipeline=8"
  "microblaze-v,pipeline=3"
  "microblaze-v,pipeline=8,icache_ways=2,dcache_ways=2,dcache_policy=wb"
)

# Every event rvpmu list shows for the core, except FP (no FP here), MicroBlaze V's latency
# pairs and the ones that cannot occur.
core_events() {
  "$RVPMU" list --core "$1" 2>/dev/null | awk 'NR > 2 && NF > 1 { print $1 }' |
    grep -Ev '^(FP_|LAT_|APU_|PIPE_STALL$|CUSTOM$)' | paste -sd, -
}

ELF=$TMP/callchase32.elf
# shellcheck disable=SC2086 # flag lists
if ! $GUEST_CC $GUEST_CFLAGS -march=rv32imc -mabi=ilp32 -Ibench -o "$ELF" $GUEST_LIB bench/callchase.c -lgcc \
  >"$TMP/cc.log" 2>&1; then
  not_ok "build callchase32" "$(head -20 "$TMP/cc.log")"
  exit 0
fi

build_guest link_hazards rv32 link_hazards.S || exit 0

# compare NAME ARGS...: rvpmu ARGS with compiled link costs and without give the same stderr
# (the counts and the stop message) and exit status.
compare() {
  local name=$1 compiled compiled_st
  shift
  rv "$@"
  compiled=$(cat "$TMP/err") compiled_st=$st
  RVPMU_NO_LINK_COSTS=1 rv "$@"
  if [ -n "$compiled" ] && [ "$compiled" = "$(cat "$TMP/err")" ] && [ "$compiled_st" = "$st" ]; then
    ok "$name"
  else
    not_ok "$name" "status $compiled_st / $st" "$(diff <(echo "$compiled") "$TMP/err" | head -20)"
  fi
}

for core in "${CONFIGS[@]}"; do
  events=$(core_events "$core")
  compare "link costs = long way: callchase32 on $core" \
    stat -x , --core "$core" --platform virt -e "$events" --max-insns 1500000 -- "$ELF"
  compare "link costs = long way: link_hazards on $core" \
    stat -x , --core "$core" --platform virt -e "$events" -- "$TMP/link_hazards.elf"
done
