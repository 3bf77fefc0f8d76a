#!/usr/bin/env bash
# The demo: installs what is missing, builds rvpmu and the bundled integer workload
# (bench/intmix.c: CRC32, sort, matrix multiply; about 1.5e9 instructions) and runs it under
# `rvpmu stat` with the generic core.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
make -s -j2 build/rvpmu build/bench/intmix.elf
./build/rvpmu stat -e cycles,instructions,branches,branches-taken,loads,stores,multiplies -- build/bench/intmix.elf
