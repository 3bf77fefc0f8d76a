#!/usr/bin/env bash
# The dynamic models' outcomes counted inline (src/hart/model_hits.h) against the models
# themselves: the timed dispatch loop counts a data-cache access that changes no cache state,
# a branch or jump the BTC predicted right and the fetch of a block whose lines are all
# present without calling MicroBlaze V's model. With RVPMU_NO_MODEL_HITS=1 every one of them
# goes to the model, as before. Both must give the same count of every event, on the
# MicroBlaze V configurations of `make bench` and on ones that take the models' other paths
# (write-back, two ways, no BTC, a small BTC and small caches that evict often, no caches),
# running bench/callchase.c and bench/intmix.c for rv32 (misses, returns to changing callers,
# data-dependent branches), programs/link_hazards.S and programs/sv32_walk.S (S mode under
# Sv32, data through an alias whose physical lines differ from the virtual ones, BTC counters
# that flip); the small I-cache above changes lines all the time, so the fetches folded into
# link costs are taken back and revalidated often, and the branches whose saturated outcome
# the links hold miss, mispredict and move their counters; and the MicroBlaze V guest tests
# (tests/microblaze, exact counts checked by the programs themselves, combo selectors and
# latency pairs included) must pass with the models alone too. Last, rvpmu record must sum the
# latency of the stores counted inline (main before this missed those of the store hits).
# The inline paths leave a load's or store's data-cache events to its block's static counts:
# programs/dc_partial.S mixes them with accesses that take them back (device accesses, misses)
# and with blocks that do not retire whole (misaligned accesses, access faults, an FLW with
# FS off, timer interrupts), compared on every configuration and, stopped at each of its first
# 130 instructions and a few later ones (--max-insns: blocks cut and stepped), on three.
# programs/fetch_edges.S does the same for the block ends: fetches folded into link costs while
# I-cache lines come and go, blocks that start in the middle of a word, BTC entries shared.
# programs/dc_lines.S for the line TLB that finds D-cache lines by virtual address.
# shellcheck source=tests/cli/lib.sh
. "$(dirname "$0")/lib.sh"

CONFIGS=(
  "microblaze-v,pipeline=5,icache=8192,dcache=8192,btc=512"
  "microblaze-v,pipeline=8,icache=8192,dcache=8192,btc=512"
  "microblaze-v,pipeline=3"
  "microblaze-v,pipeline=5,dcache_policy=wb"
  "microblaze-v,pipeline=8,icache_ways=2,dcache_ways=2,dcache_policy=wb"
  "microblaze-v,pipeline=5,btc=16,icache=256,dcache=512,dcache_line=32"
  "microblaze-v,pipeline=8,icache=0,dcache=0"
)

# same_when_stopped NAME PROGRAM CORE N...: rvpmu stat of PROGRAM on CORE (every event) stopped
# after each N instructions (--max-insns: blocks cut and stepped) gives the same counts with
# the models alone (RVPMU_NO_MODEL_HITS=1) as with the inline paths.
same_when_stopped() {
  local name=$1 elf=$2 core=$3 events diffs='' n a b
  shift 3
  events=$(core_events "$core")
  for n in "$@"; do
    a=$("$RVPMU" stat -x , --core "$core" --platform virt -e "$events" --max-insns "$n" -- "$elf" 2>&1 >/dev/null)
    b=$(RVPMU_NO_MODEL_HITS=1 "$RVPMU" stat -x , --core "$core" --platform virt -e "$events" --max-insns "$n" \
      -- "$elf" 2>&1 >/dev/null)
    [ -n "$a" ] && [ "$a" = "$b" ] || diffs="$diffs $n"
  done
  if [ -z "$diffs" ]; then ok "$name"; else not_ok "$name" "differ at --max-insns$diffs"; fi
}

for w in callchase intmix; do
  # shellcheck disable=SC2086 # flag lists
  if ! $GUEST_CC $GUEST_CFLAGS -march=rv32imc -mabi=ilp32 -Ibench -DROUNDS=900 -o "$TMP/${w}32.elf" $GUEST_LIB \
    "bench/$w.c" -lgcc >"$TMP/cc.log" 2>&1; then
    not_ok "build ${w}32" "$(head -20 "$TMP/cc.log")"
    exit 0
  fi
done
build_guest link_hazards rv32 link_hazards.S || exit 0
build_guest sv32_walk rv32 sv32_walk.S || exit 0
build_guest loop rv32 loop.S || exit 0
build_guest dc_partial rv32 dc_partial.S -march=rv32imaf -mabi=ilp32 || exit 0
build_guest fetch_edges rv32 fetch_edges.S || exit 0
build_guest dc_lines rv32 dc_lines.S || exit 0

for core in "${CONFIGS[@]}"; do
  events=$(core_events "$core")
  for w in callchase32 intmix32; do
    same_with_env "model hits = model: $w on $core" RVPMU_NO_MODEL_HITS=1 \
      stat -x , --core "$core" --platform virt -e "$events" --max-insns 2000000 -- "$TMP/$w.elf"
  done
  for w in link_hazards sv32_walk dc_partial fetch_edges dc_lines; do
    same_with_env "model hits = model: $w on $core" RVPMU_NO_MODEL_HITS=1 \
      stat -x , --core "$core" --platform virt -e "$events" -- "$TMP/$w.elf"
  done
  # ... and charge every count to the same instruction (record_events: 16 at most).
  same_profile_with_env "model hits = model, per instruction: callchase32 on $core" RVPMU_NO_MODEL_HITS=1 \
    --core "$core" --platform virt -e "$(record_events "$core")" --max-insns 1000000 -- "$TMP/callchase32.elf"
done

# The static data-cache counts of blocks cut anywhere: every stop of dc_partial's first
# instructions (they are stepped where the limit falls inside a block) and a few later ones.
for core in "${CONFIGS[0]}" "${CONFIGS[4]}" "${CONFIGS[5]}"; do
  same_when_stopped "model hits = model, stopped after each of 134 instruction counts: dc_partial on $core" \
    "$TMP/dc_partial.elf" "$core" $(seq 1 130) 500 1000 1777 2500
done

# The line TLB (hart/model_hits.h): programs/dc_lines.S checks the data its loads read through
# it, under everything that must make it forget a line (evictions, cache operations, aliases,
# page table changes, MPRV), and exits 0 on every configuration and on the generic core; its
# counts are compared with the models alone above, and here stopped at every 7th instruction.
for core in "${CONFIGS[@]}" generic; do
  rv run --core "$core" --platform virt -- "$TMP/dc_lines.elf"
  expect_status "dc_lines passes its own checks on $core" 0
done
for core in "${CONFIGS[0]}" "${CONFIGS[5]}"; do
  same_when_stopped "model hits = model, stopped after every 7th instruction: dc_lines on $core" \
    "$TMP/dc_lines.elf" "$core" $(seq 1 7 1200)
done

# The models loop's two ways to a D-cache line (hart/model_hits.h, "Two ways to a line"): it
# chooses by the fills per instruction, RVPMU_DC_WAY forces either. Each must count as the
# models alone, whole and stopped anywhere, and read the right data (dc_lines' own checks).
for way in lines branch-free; do
  export RVPMU_DC_WAY=$way
  for core in "${CONFIGS[0]}" "${CONFIGS[1]}" "${CONFIGS[5]}"; do
    events=$(core_events "$core")
    for w in callchase32 intmix32 link_hazards sv32_walk dc_partial fetch_edges dc_lines; do
      max=()
      case $w in callchase32 | intmix32) max=(--max-insns 2000000) ;; esac
      same_with_env "model hits = model, D-cache way $way: $w on $core" RVPMU_NO_MODEL_HITS=1 \
        stat -x , --core "$core" --platform virt -e "$events" "${max[@]}" -- "$TMP/$w.elf"
    done
    rv run --core "$core" --platform virt -- "$TMP/dc_lines.elf"
    expect_status "dc_lines passes its own checks on $core, D-cache way $way" 0
  done
  for core in "${CONFIGS[0]}" "${CONFIGS[5]}"; do
    same_when_stopped "model hits = model, D-cache way $way, stopped after each of 130 instruction counts: dc_partial on $core" \
      "$TMP/dc_partial.elf" "$core" $(seq 1 130)
    same_when_stopped "model hits = model, D-cache way $way, stopped after every 7th instruction: dc_lines on $core" \
      "$TMP/dc_lines.elf" "$core" $(seq 1 7 1200)
  done
  unset RVPMU_DC_WAY
done

# The block ends' edges (programs/fetch_edges.S: blocks that end and start in the middle of a
# word, I-cache lines evicted under existing links, faults and interrupts cutting blocks, BTC
# entries shared by branches and jumps) stopped at each of its first 160 instructions and
# every 97th up to 3,000 (the fetch folded into link costs, the BTC compared through the link:
# hart/model_hits.h).
for core in "${CONFIGS[0]}" "${CONFIGS[1]}" "${CONFIGS[5]}"; do
  same_when_stopped "model hits = model, stopped after each of 189 instruction counts: fetch_edges on $core" \
    "$TMP/fetch_edges.elf" "$core" $(seq 1 160) $(seq 200 97 3000)
done

# Fewer events (some models off: the timed instance of the loop instead of the models one,
# hart/model_hits.h "The models loop"), and a data-cache latency watched (the same).
for events in DC_READ,DC_READ_HIT,DC_WRITE,cycles BTC_HIT,BTC_MISPREDICT,IC_REQUEST,DC_READ \
  DC_READ,DC_WRITE_HIT,LAT_DC_READ:latency,LAT_DC_WRITE:latency,IC_HIT,BTC_HIT,STALL_MEM; do
  for w in callchase32 dc_partial fetch_edges dc_lines; do
    same_with_env "model hits = model: $w on ${CONFIGS[0]} -e $events" RVPMU_NO_MODEL_HITS=1 \
      stat -x , --core "${CONFIGS[0]}" --platform virt -e "$events" --max-insns 2000000 -- "$TMP/$w.elf"
  done
done

# The guest tests' exact counts with the models alone (tests/microblaze/run.sh: ok/not ok lines).
RVPMU_NO_MODEL_HITS=1 RVPMU=$RVPMU bash tests/microblaze/run.sh | sed -e 's/^ok /ok model hits off: /' \
  -e 's/^not ok /not ok model hits off: /'

# rvpmu record sums the latency of every data-cache memory write, those of the stores counted
# inline included: with write-through every store is one (dcache_write=4 cycles each).
rv record -e DC_WRITE,LAT_DC_WRITE:latency -o "$TMP/rec.data" --core microblaze-v --platform virt \
  --max-insns 2000000 -- "$TMP/callchase32.elf"
rv report -i "$TMP/rec.data"
writes=$(sed -n 's/^# totals:.* DC_WRITE \([0-9]*\).*/\1/p' "$TMP/out")
latency=$(sed -n 's/^# totals:.* LAT_DC_WRITE:latency \([0-9]*\).*/\1/p' "$TMP/out")
if [ -n "$writes" ] && [ "$writes" -gt 0 ] && [ "$latency" = $((4 * writes)) ]; then
  ok "record: LAT_DC_WRITE:latency = 4 x DC_WRITE ($latency)"
else
  not_ok "record: LAT_DC_WRITE:latency = 4 x DC_WRITE" "writes '$writes', latency '$latency'" "$(last_run)"
fi

# ... and of every read miss, those filled inline included (the loop's profiling instances
# report them, the others do not test h->prof): each a memory read of 10 cycles with the
# default cache, the same count with the models alone.
for off in 0 1; do
  RVPMU_NO_MODEL_HITS=$off "$RVPMU" record -e DC_READ,DC_READ_HIT,LAT_DC_READ:latency -o "$TMP/rec.data" --core microblaze-v \
    --platform virt --max-insns 2000000 -- "$TMP/callchase32.elf" >/dev/null 2>&1
  rv report -i "$TMP/rec.data"
  reads=$(sed -n 's/^# totals:.* DC_READ \([0-9]*\).*/\1/p' "$TMP/out")
  hits=$(sed -n 's/^# totals:.* DC_READ_HIT \([0-9]*\).*/\1/p' "$TMP/out")
  latency=$(sed -n 's/^# totals:.* LAT_DC_READ:latency \([0-9]*\).*/\1/p' "$TMP/out")
  if [ -n "$reads" ] && [ -n "$hits" ] && [ "$reads" -gt "$hits" ] && [ "$latency" = $((10 * (reads - hits))) ]; then
    ok "record (RVPMU_NO_MODEL_HITS=$off): LAT_DC_READ:latency = 10 x read misses ($latency)"
  else
    not_ok "record (RVPMU_NO_MODEL_HITS=$off): LAT_DC_READ:latency = 10 x read misses" "reads '$reads', hits '$hits', latency '$latency'" "$(last_run)"
  fi
done

# The jump model sees a jump whose target is not entered before hart_run returns (or an
# interrupt is taken): programs/loop.S repeats addi, addi, JAL; its JAL misses the BTC once,
# then hits. Stopped right after the 2nd and the 11th JAL, every JAL but the first hit (main
# before this lost the last one's hit: 0 and 9).
for n in 6 33; do
  rv stat -x , --core microblaze-v --platform virt -e JAL,BTC_HIT --max-insns $n -- "$TMP/loop.elf"
  jal=$(sed -n 's/^\([0-9]*\),,JAL,.*/\1/p' "$TMP/err")
  hit=$(sed -n 's/^\([0-9]*\),,BTC_HIT,.*/\1/p' "$TMP/err")
  if [ -n "$jal" ] && [ "$jal" = $((n / 3)) ] && [ "$hit" = $((n / 3 - 1)) ]; then
    ok "jump model before hart_run returns: $hit BTC hits of $jal JALs in $n instructions"
  else
    not_ok "jump model before hart_run returns: --max-insns $n" "JAL '$jal', BTC_HIT '$hit'" "$(last_run)"
  fi
done
