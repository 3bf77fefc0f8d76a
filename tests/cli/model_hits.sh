#!/usr/bin/env bash
# The dynamic models' outcomes counted inline (src/hart/model_hits.h) against the models
# themselves: the timed dispatch loop counts a data-cache access that changes no cache state,
# a branch or jump the BTC predicted right and the fetch of a block whose lines are all
# present without calling MicroBlaze V's model. With RVPMU_NO_MODEL_HITS=1 every one of them
# goes to the model, as before. Both must give the same count of every event, on the
# MicroBlaze V configurations of `make bench` and on ones that take the models' other paths
# (write-back, two ways, no BTC, a small BTC and small caches that evict often, no caches),
# running bench/callchase.c and bench/intmix.c for rv32 (misses, returns to changing callers,
# data-dependent branches) and programs/link_hazards.S; and the MicroBlaze V guest tests
# (tests/microblaze, exact counts checked by the programs themselves, combo selectors and
# latency pairs included) must pass with the models alone too. Last, rvpmu record must sum the
# latency of the stores counted inline (main before this missed those of the store hits).
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

for w in callchase intmix; do
  # shellcheck disable=SC2086 # flag lists
  if ! $GUEST_CC $GUEST_CFLAGS -march=rv32imc -mabi=ilp32 -Ibench -DROUNDS=900 -o "$TMP/${w}32.elf" $GUEST_LIB \
    "bench/$w.c" -lgcc >"$TMP/cc.log" 2>&1; then
    not_ok "build ${w}32" "$(head -20 "$TMP/cc.log")"
    exit 0
  fi
done
build_guest link_hazards rv32 link_hazards.S || exit 0

for core in "${CONFIGS[@]}"; do
  events=$(core_events "$core")
  for w in callchase32 intmix32; do
    same_with_env "model hits = model: $w on $core" RVPMU_NO_MODEL_HITS=1 \
      stat -x , --core "$core" --platform virt -e "$events" --max-insns 2000000 -- "$TMP/$w.elf"
  done
  same_with_env "model hits = model: link_hazards on $core" RVPMU_NO_MODEL_HITS=1 \
    stat -x , --core "$core" --platform virt -e "$events" -- "$TMP/link_hazards.elf"
  # ... and charge every count to the same instruction (record_events: 16 at most).
  same_profile_with_env "model hits = model, per instruction: callchase32 on $core" RVPMU_NO_MODEL_HITS=1 \
    --core "$core" --platform virt -e "$(record_events "$core")" --max-insns 1000000 -- "$TMP/callchase32.elf"
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
