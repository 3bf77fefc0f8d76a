#!/usr/bin/env bash
# The block translator (src/isa/jit.h) against the interpreter it stands in for: MicroBlaze V's
# models loop runs translated blocks, one translation per way of the D-cache, and every count
# must be what the interpreter gives (RVPMU_JIT=0). Compared with each way forced
# (RVPMU_DC_WAY=branch-free, lines) and chosen (it switches, and the blocks switch their
# translation with it), on the MicroBlaze V configurations of
# `make bench` and ones that take other paths (a small BTC and small caches that evict
# often, 16-byte lines, 3 stages, write-back: no line TLB or branch-free way, nothing runs
# translated):
# - bench/callchase.c and bench/intmix.c for rv32 (2e6 instructions): the workloads it is for;
# - programs/jit_ops.S: every operation it translates on edge values (its checksum also
#   compared with QEMU's), code patched and FENCE.I every round, device accesses, division,
#   returns to changing callers, BTC counters that move, timer interrupts anywhere;
# - programs/dc_partial.S, fetch_edges.S, dc_lines.S and link_hazards.S (tests/cli/model_hits.sh:
#   blocks cut by faults and device stores, fetches folded into links, the line TLB, hazards
#   across block ends), and the same stopped after each of many instruction counts
#   (--max-insns: blocks cut and stepped, the translations left mid-way);
# - `rvpmu stat -I` (intervals: the slow check placed elsewhere) row for row.
# The translator must also run: RVPMU_JIT_PERFMAP=1 names the translated blocks for perf, and
# that list must not be empty for the bench workloads and jit_ops.S.
# shellcheck source=tests/cli/lib.sh
. "$(dirname "$0")/lib.sh"

CONFIGS=(
  "microblaze-v,pipeline=5,icache=8192,dcache=8192,btc=512"
  "microblaze-v,pipeline=8,icache=8192,dcache=8192,btc=512"
  "microblaze-v,pipeline=5,btc=16,icache=256,dcache=512,dcache_line=32"
  "microblaze-v,pipeline=8,dcache_line=16,btc=64"
  "microblaze-v,pipeline=3"
  "microblaze-v,pipeline=5,dcache_policy=wb"
)

for w in callchase intmix; do
  # shellcheck disable=SC2086 # flag lists
  if ! $GUEST_CC $GUEST_CFLAGS -march=rv32imc -mabi=ilp32 -Ibench -DROUNDS=900 -o "$TMP/${w}32.elf" $GUEST_LIB \
    "bench/$w.c" -lgcc >"$TMP/cc.log" 2>&1; then
    not_ok "build ${w}32" "$(head -20 "$TMP/cc.log")"
    exit 0
  fi
done
build_guest jit_ops rv32 jit_ops.S || exit 0
build_guest link_hazards rv32 link_hazards.S || exit 0
build_guest dc_partial rv32 dc_partial.S -march=rv32imaf -mabi=ilp32 || exit 0
build_guest fetch_edges rv32 fetch_edges.S || exit 0
build_guest dc_lines rv32 dc_lines.S || exit 0

# same_jit NAME WAY ARGS...: rvpmu ARGS gives the same stderr (the counts) and status with the
# translator as without it, the D-cache way forced to WAY (or chosen: "").
same_jit() {
  local name=$1 way=$2 a b sa sb
  shift 2
  a=$(RVPMU_DC_WAY=$way RVPMU_JIT=0 timeout -k 2 60 "$RVPMU" "$@" 2>&1 >/dev/null </dev/null)
  sa=$?
  b=$(RVPMU_DC_WAY=$way timeout -k 2 60 "$RVPMU" "$@" 2>&1 >/dev/null </dev/null)
  sb=$?
  if [ -n "$a" ] && [ "$a" = "$b" ] && [ "$sa" = "$sb" ]; then
    ok "$name"
  else
    not_ok "$name" "status $sa / $sb" "$(diff <(echo "$a") <(echo "$b") | head -12)"
  fi
}

# translated NAME ARGS...: rvpmu ARGS (the branch-free way forced) translates some blocks.
translated() {
  local name=$1 pid map n
  shift
  # (the map is named after rvpmu's pid: the subshell's, which it replaces)
  pid=$( (echo "$BASHPID"; RVPMU_DC_WAY=branch-free RVPMU_JIT_PERFMAP=1 exec "$RVPMU" "$@" >/dev/null 2>&1 </dev/null) )
  map=/tmp/perf-$pid.map
  n=$(grep -c ' rvpmu_block_' "$map" 2>/dev/null)
  rm -f "$map"
  if [ "${n:-0}" -gt 0 ]; then ok "$name ($n blocks translated)"; else not_ok "$name" "no translated block in $map"; fi
}

bench_core=${CONFIGS[0]}
events=$(core_events "$bench_core")
translated "translates: callchase32" stat --core "$bench_core" --platform virt -e "$events" --max-insns 1000000 -- "$TMP/callchase32.elf"
translated "translates: jit_ops" stat --core "$bench_core" --platform virt -e "$events" -- "$TMP/jit_ops.elf"

# jit_ops's checksum: the translated operations compute what QEMU does.
rv run --core "$bench_core" --platform virt -- "$TMP/jit_ops.elf"
mine=$OUT
if command -v qemu-system-riscv32 >/dev/null; then
  theirs=$(timeout 20 qemu-system-riscv32 -M virt -bios none -nographic -kernel "$TMP/jit_ops.elf" </dev/null 2>/dev/null)
  if [ "$st" = 0 ] && [ -n "$mine" ] && [ "$mine" = "$theirs" ]; then
    ok "jit_ops checksum $mine = QEMU's"
  else
    not_ok "jit_ops checksum = QEMU's" "rvpmu: $mine (status $st), QEMU: $theirs"
  fi
fi

for core in "${CONFIGS[@]}"; do
  events=$(core_events "$core")
  for way in branch-free lines ""; do
    for w in callchase32 intmix32; do
      same_jit "jit = interpreter: $w on $core${way:+, $way}" "$way" \
        stat -x , --core "$core" --platform virt -e "$events" --max-insns 2000000 -- "$TMP/$w.elf"
    done
    for w in jit_ops link_hazards dc_partial fetch_edges dc_lines; do
      same_jit "jit = interpreter: $w on $core${way:+, $way}" "$way" \
        stat -x , --core "$core" --platform virt -e "$events" -- "$TMP/$w.elf"
    done
  done
done

# Stopped after n instructions: the translation left where the interpreter must go on.
for core in "${CONFIGS[0]}" "${CONFIGS[2]}"; do
  events=$(core_events "$core")
  for w in jit_ops dc_partial fetch_edges; do
    diffs=''
    for n in $(seq 1 97 3000) 12345 54321; do
      a=$(RVPMU_DC_WAY=branch-free RVPMU_JIT=0 "$RVPMU" stat -x , --core "$core" --platform virt -e "$events" \
        --max-insns "$n" -- "$TMP/$w.elf" 2>&1 >/dev/null)
      b=$(RVPMU_DC_WAY=branch-free "$RVPMU" stat -x , --core "$core" --platform virt -e "$events" \
        --max-insns "$n" -- "$TMP/$w.elf" 2>&1 >/dev/null)
      [ -n "$a" ] && [ "$a" = "$b" ] || diffs="$diffs $n"
    done
    if [ -z "$diffs" ]; then ok "jit = interpreter stopped anywhere: $w on $core"; else not_ok "jit = interpreter stopped anywhere: $w on $core" "differ at --max-insns$diffs"; fi
  done
done

# Intervals: the slow check every 10 ms of simulated time.
events=$(core_events "${CONFIGS[0]}")
same_jit "jit = interpreter: stat -I 1 on callchase32" branch-free \
  stat -x , -I 1 --core "${CONFIGS[0]}" --platform virt -e "$events" --max-insns 3000000 -- "$TMP/callchase32.elf"

