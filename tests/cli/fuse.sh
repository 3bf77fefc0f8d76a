#!/usr/bin/env bash
# Fused pairs (superinstructions, src/isa/fuse.h) against the interpreter without them: the
# plain and timed dispatch loops run pairs such as a load and the branch after it as one
# dispatch, and must count, trap and stop exactly as one instruction at a time. With
# RVPMU_NO_FUSE=1 no pair is fused. Compared with and without, every event counted:
#   - bench/callchase.c (rv32: loads before branches, calls, divides; rv64 on the generic core)
#     and bench/intmix.c (ALU chains, multiplies) on every core configuration of make bench
#     and a few more (slow multiplier with wait states, MicroBlaze V 3-stage);
#   - programs/fault_pairs.S (access faults and misaligned loads in the second instruction of
#     a pair, and in a load before a branch; it checks itself) on each configuration, and
#     tests/guest/fused_faults.c (the same with page faults, Sv32 and Sv39) on the cores with
#     an MMU, rv64 on the generic core;
#   - tests/guest/interrupts.c (timer and software interrupts, which arrive between blocks);
#   - `rvpmu run --max-insns N` for N on 40 consecutive instructions, so that the stop falls
#     on each instruction of a pair (the block is then stepped), and `stat -I` (the interval
#     reads stop the run at budget boundaries);
#   - `rvpmu record` (its loops never fuse) attributing every count to the same instruction.
# shellcheck source=tests/cli/lib.sh
. "$(dirname "$0")/lib.sh"

CONFIGS=(
  "generic"
  "ibex,counters=10,variant=rtl"
  "ibex,counters=10,variant=rtl,multiplier=single-cycle,bta=on,wb_stage=on"
  "ibex,counters=8,multiplier=slow,mem_wait=2"
  "cv32e40p,counters=16"
  "microblaze-v,pipeline=5"
  "microblaze-v,pipeline=8"
  "microblaze-v,pipeline=3"
)

# build NAME SOURCE ARCH ABI: a guest program with tests/guest's runtime into $TMP/NAME.elf.
build() {
  # shellcheck disable=SC2086 # flag lists
  if ! $GUEST_CC $GUEST_CFLAGS -march="$3" -mabi="$4" -Ibench -o "$TMP/$1.elf" $GUEST_LIB "$2" -lgcc \
    >"$TMP/cc.log" 2>&1; then
    not_ok "build $1" "$(head -20 "$TMP/cc.log")"
    exit 0
  fi
}
build callchase32 bench/callchase.c rv32imc ilp32
build intmix32 bench/intmix.c rv32imc ilp32
build callchase64 bench/callchase.c rv64imc lp64
build fused_faults32 tests/guest/fused_faults.c rv32imac ilp32
build fused_faults64 tests/guest/fused_faults.c rv64imac lp64
build interrupts32 tests/guest/interrupts.c rv32imac ilp32
build_guest fault_pairs rv32 fault_pairs.S || exit 0

# The fault programs pass with fusion, as they do without (their own checks).
for x in 32 64; do
  rv run --max-insns 10000000 "$TMP/fused_faults$x.elf"
  expect_status "fused_faults rv$x passes" 0
done
for core in "${CONFIGS[@]}"; do
  rv run --core "$core" --platform virt --max-insns 1000000 "$TMP/fault_pairs.elf"
  expect_status "fault_pairs passes on $core" 0
done

for core in "${CONFIGS[@]}"; do
  if [ "$core" = generic ]; then
    events=cycles,instructions,loads,stores,branches,branches-taken,jumps,compressed
  else
    events=$(core_events "$core")
  fi
  for prog in callchase32 intmix32; do
    same_with_env "fused = unfused: $prog on $core" RVPMU_NO_FUSE=1 \
      stat -x , --core "$core" --platform virt -e "$events" --max-insns 1500000 -- "$TMP/$prog.elf"
  done
  same_with_env "fused = unfused: fault_pairs on $core" RVPMU_NO_FUSE=1 \
    stat -x , --core "$core" --platform virt -e "$events" -- "$TMP/fault_pairs.elf"
  case $core in
    generic | microblaze-v*) # an MMU (Ibex and CV32E40P have none)
      same_with_env "fused = unfused: fused_faults32 on $core" RVPMU_NO_FUSE=1 \
        stat -x , --core "$core" --platform virt -e "$events" -- "$TMP/fused_faults32.elf" ;;
  esac
  same_with_env "fused = unfused: interrupts32 on $core" RVPMU_NO_FUSE=1 \
    stat -x , --core "$core" --platform virt -e "$events" --max-insns 20000000 -- "$TMP/interrupts32.elf"
done
ev64=cycles,instructions,loads,stores,branches,branches-taken,jumps,compressed
same_with_env "fused = unfused: callchase64 on generic" RVPMU_NO_FUSE=1 \
  stat -x , --platform virt -e "$ev64" --max-insns 1500000 -- "$TMP/callchase64.elf"
same_with_env "fused = unfused: fused_faults64 on generic" RVPMU_NO_FUSE=1 \
  stat -x , --platform virt -e "$ev64" -- "$TMP/fused_faults64.elf"

# Stops on each instruction of 40 in a row (the stop message gives the pc), plain and timed.
for core in generic "ibex,counters=10,variant=rtl"; do
  stops_same=0
  for n in $(seq 200000 200039); do
    a=$(timeout 20 "$RVPMU" run --core "$core" --max-insns "$n" "$TMP/callchase32.elf" 2>&1)
    b=$(RVPMU_NO_FUSE=1 timeout 20 "$RVPMU" run --core "$core" --max-insns "$n" "$TMP/callchase32.elf" 2>&1)
    [ -n "$a" ] && [ "$a" = "$b" ] && stops_same=$((stops_same + 1))
  done
  check_eq "fused = unfused: 40 --max-insns stops on $core" "$stops_same" 40
done
same_with_env "fused = unfused: stat -I on ibex" RVPMU_NO_FUSE=1 \
  stat -x , -I 1 --core ibex,counters=10,variant=rtl --platform virt -e "$(core_events ibex,counters=10,variant=rtl)" \
  --max-insns 300000 -- "$TMP/callchase32.elf"
same_profile_with_env "fused = unfused, per instruction: callchase32 on ibex" RVPMU_NO_FUSE=1 \
  --core ibex,counters=10,variant=rtl --platform virt -e "$(record_events ibex,counters=10,variant=rtl)" \
  --max-insns 1500000 -- "$TMP/callchase32.elf"
