#!/usr/bin/env bash
# Runs the MicroBlaze V guest tests: every " * run: core=SPEC [expect="TEXT"]" line of each
# tests/microblaze/NAME.c runs build/microblaze/NAME.elf with --core SPEC; it passes when the
# program exits 0 and, if given, its console output contains TEXT. Prints "ok ..." or
# "not ok ..." per run (tests/run_all.sh counts them).
#   RVPMU  the binary under test (default build/rvpmu)
set -u
cd "$(dirname "$0")/../.."
RVPMU=${RVPMU:-build/rvpmu}

# rvpmu list prints every class and event with its selector (UG1629 tables 2-7): name,
# rSELECTOR, "class C bit B: ...", 43 of them, in class and bit order.
list=$("$RVPMU" list --core microblaze-v 2>&1)
want="INT_LOAD:r20 INT_STORE:r40 ATOMIC:r80 SYSTEM:r100 INT_ARITH:r200 INT_MUL:r400 INT_DIV:r800 CUSTOM:r1000
BITMANIP:r2000 COMPRESSED:r4000 JAL:r8000 JALR:r10000 FP_LOAD:r20000 FP_STORE:r40000 FP_ADD:r80000 FP_MUL:r100000
FP_DIV:r200000 FP_FUSED:r400000 FP_OTHER:r800000 CACHE_OP:r1000000 BRANCH_TAKEN:r22 BRANCH_NOT_TAKEN:r42
EXCEPTION:r82 INTERRUPT:r102 BTC_HIT:r202 BTC_MISPREDICT:r402 IC_REQUEST:r24 IC_HIT:r44 DC_READ:r84
DC_READ_HIT:r104 DC_WRITE:r204 DC_WRITE_HIT:r404 STALL_OF:r46 STALL_EX:r86 STALL_MEM:r106 DIV_BY_ZERO:r28
FP_SUBNORMAL:r48 LAT_INTERRUPT:r2a LAT_DC_READ:r8a LAT_DC_WRITE:r20a LAT_IC_READ:r80a LAT_AXI_READ:r200a
LAT_AXI_WRITE:r800a"
got=$(awk '$2 ~ /^r[0-9a-f]+$/ { printf "%s:%s ", $1, $2 }' <<<"$list")
if [ "$(echo $got)" = "$(echo $want)" ] && [ "$(grep -c ' class [0-5] bit [0-9]*: ' <<<"$list")" = 43 ]; then
  echo "ok rvpmu list --core microblaze-v: 43 events with class, bit and selector"
else
  echo "not ok rvpmu list --core microblaze-v"
  echo "#   got: $got"
fi
for src in tests/microblaze/*.c; do
  name=$(basename "${src%.c}")
  elf=build/microblaze/$name.elf
  grep '^ \* run:' "$src" | while read -r line; do
    spec=$(sed -n 's/.* core=\([^ ]*\).*/\1/p' <<<"$line")
    expect=$(sed -n 's/.*expect="\([^"]*\)".*/\1/p' <<<"$line")
    label="$name --core $spec"
    if [ ! -f "$elf" ]; then
      echo "not ok $label"
      echo "#   $elf is missing (make microblaze-guest)"
      continue
    fi
    out=$(timeout 60 "$RVPMU" run --core "$spec" --max-insns 50000000 "$elf" 2>&1)
    st=$?
    if [ "$st" = 0 ] && { [ -z "$expect" ] || grep -qF -- "$expect" <<<"$out"; }; then
      echo "ok $label"
    else
      echo "not ok $label"
      echo "#   exit $st${expect:+, expected output '$expect'}"
      tail -3 <<<"$out" | sed 's/^/#   /'
    fi
  done
done
