#!/usr/bin/env bash
# Seed corpora for the fuzzers, from the guest test programs (make guest):
#   OUT/seeds/fuzz_elf/     the guest ELF files themselves (RV32 and RV64)
#   OUT/seeds/fuzz_decode/  their loaded bytes (objcopy -O binary) in 256-byte pieces: real
#                           instruction streams, short enough to keep the fuzzer fast
#   OUT/seeds/fuzz_exec/    the same bytes behind fuzz_exec's configuration byte (XLEN bit, and
#                           a copy with every event watched)
#   OUT/seeds/fuzz_profile/ profiles of a few of them written by rvpmu record (build/rvpmu)
# Usage: tests/fuzz/seeds.sh [OUT]   (default build/fuzz). Missing guest ELFs or objcopy only
# make the corpora smaller; the fuzzers also start from nothing.
set -u
cd "$(dirname "$0")/../.." || exit 1
out=${1:-build/fuzz}/seeds
objcopy=${GUEST_OBJCOPY:-riscv64-unknown-elf-objcopy}
mkdir -p "$out/fuzz_elf" "$out/fuzz_decode" "$out/fuzz_exec" "$out/fuzz_profile"
n=0
for elf in build/guest/rv32/*.elf build/guest/rv64/*.elf; do
  [ -f "$elf" ] || continue
  x=$(basename "$(dirname "$elf")")
  name=$x-$(basename "$elf" .elf)
  cp "$elf" "$out/fuzz_elf/$name.elf"
  command -v "$objcopy" >/dev/null || continue
  bin=$out/$name.bin
  "$objcopy" -O binary "$elf" "$bin" 2>/dev/null || { rm -f "$bin"; continue; }
  split -b 256 -d -a 3 "$bin" "$out/fuzz_decode/$name-"
  conf=0
  [ "$x" = rv64 ] && conf=1
  # shellcheck disable=SC2059 # the format is the octal escape of the configuration byte
  { printf "\\$(printf %03o "$conf")"; cat "$bin"; } >"$out/fuzz_exec/$name.bin"
  # shellcheck disable=SC2059
  { printf "\\$(printf %03o $((conf | 2)))"; cat "$bin"; } >"$out/fuzz_exec/$name-watch.bin"
  rm -f "$bin"
  n=$((n + 1))
done
for elf in build/guest/rv32/smoke.elf build/guest/rv64/smoke.elf build/guest/rv64/interrupts.elf; do
  [ -f "$elf" ] && [ -x build/rvpmu ] || continue
  name=$(basename "$(dirname "$elf")")-$(basename "$elf" .elf)
  build/rvpmu record -e cycles,instructions,loads -o "$out/fuzz_profile/$name.data" "$elf" >/dev/null 2>&1 ||
    rm -f "$out/fuzz_profile/$name.data"
done
echo "seeds: $n guest programs into $out (run 'make guest' first for more)"
