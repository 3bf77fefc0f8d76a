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
# (hazards across block boundaries, which compiled code seldom has); MicroBlaze V with a
# 256-byte I-cache too, whose lines change all the time (the fetches folded into link costs
# are taken back and revalidated) and a 16-entry BTC (branches whose saturated outcome the
# links hold miss and flip). programs/dc_partial.S: loads and stores whose data-cache events
# MicroBlaze V's blocks count statically, in blocks that retire partly (traps, interrupts)
# or that hold accesses counted otherwise (device accesses, misses).
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
  "microblaze-v,pipeline=5,btc=16,icache=256,dcache=512"
)

ELF=$TMP/callchase32.elf
# shellcheck disable=SC2086 # flag lists
if ! $GUEST_CC $GUEST_CFLAGS -march=rv32imc -mabi=ilp32 -Ibench -o "$ELF" $GUEST_LIB bench/callchase.c -lgcc \
  >"$TMP/cc.log" 2>&1; then
  not_ok "build callchase32" "$(head -20 "$TMP/cc.log")"
  exit 0
fi

build_guest link_hazards rv32 link_hazards.S || exit 0
build_guest dc_partial rv32 dc_partial.S -march=rv32imaf -mabi=ilp32 || exit 0

for core in "${CONFIGS[@]}"; do
  events=$(core_events "$core")
  same_with_env "link costs = long way: callchase32 on $core" RVPMU_NO_LINK_COSTS=1 \
    stat -x , --core "$core" --platform virt -e "$events" --max-insns 1500000 -- "$ELF"
  same_with_env "link costs = long way: link_hazards on $core" RVPMU_NO_LINK_COSTS=1 \
    stat -x , --core "$core" --platform virt -e "$events" -- "$TMP/link_hazards.elf"
  same_with_env "link costs = long way: dc_partial on $core" RVPMU_NO_LINK_COSTS=1 \
    stat -x , --core "$core" --platform virt -e "$events" -- "$TMP/dc_partial.elf"
  # The profiler charges each part of a link's cost where the long way does (docs/profiling.md,
  # "What is charged where"): the same counts per instruction (record_events: 16 at most).
  same_profile_with_env "link costs = long way, per instruction: callchase32 on $core" RVPMU_NO_LINK_COSTS=1 \
    --core "$core" --platform virt -e "$(record_events "$core")" --max-insns 1500000 -- "$ELF"
done
