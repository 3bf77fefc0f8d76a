#!/usr/bin/env bash
# The Linux workload's bare-metal twin (linux/workload_twin.c, built by `make guest` into
# build/linux/): it runs in U mode under Sv39 and exits 0, it computes the Linux workload's check
# value, and `rvpmu stat` counts its loops' instructions and branches plus a small overhead
# (start-up, page tables, printing), which its -setup build (everything but the work) measures.
# linux/rvpmu.sh compares these counts with perf's in the guest (docs/linux.md).
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"

TWIN=build/linux/workload-twin.elf
SETUP=build/linux/workload-twin-setup.elf
for elf in "$TWIN" "$SETUP"; do
  if [ ! -f "$elf" ]; then
    not_ok "twin: $elf exists" "missing: make guest builds it"
    exit 0
  fi
done

# The loops' figures, the same as the Linux workload prints (linux/workload_loops.h).
I=41310720 B=10262144 L=262144
# The check value of /bin/workload (its "workload: check" line; the twin prints it with 0x and
# leading zeros): the same loops over a buffer filled with the same words give the same sum.
CHECK=0x0000130d1e9d4cc1

rv run "$TWIN"
expect_status "twin: exits 0 (its buffer is mapped where no RAM is: it ran under Sv39)" 0
check_eq "twin: prints the Linux workload's expected figures" \
  "$(sed -n 's/^workload-twin: expected (user, both loops) //p' <<<"$OUT")" "instructions $I branches $B loads $L"
check_eq "twin: the Linux workload's check value" "$(sed -n 's/^workload-twin: check //p' <<<"$OUT")" "$CHECK"
# Code, data and stack of the program one to one, and the 256 KiB buffer (64 pages): at least 65.
pages=$(sed -n 's/^workload-twin: U mode, Sv39, \([0-9]*\) pages of 4 KiB$/\1/p' <<<"$OUT")
if [ -n "$pages" ] && [ "$pages" -ge 65 ] && [ "$pages" -le 128 ]; then ok "twin: maps $pages pages of 4 KiB (65..128)"
else not_ok "twin: maps 65..128 pages of 4 KiB" "$(last_run)"; fi

rv stat -x, -e instructions,branches,dTLB-load-misses,L1-dcache-load-misses "$TWIN"
expect_status "twin: rvpmu stat exits 0" 0
ti=$(csv_count "$TMP/err" instructions) tb=$(csv_count "$TMP/err" branches)
tlb=$(csv_count "$TMP/err" dTLB-load-misses) dmiss=$(csv_count "$TMP/err" L1-dcache-load-misses)
rv stat -x, -e instructions,branches "$SETUP"
expect_status "twin -setup: rvpmu stat exits 0" 0
si=$(csv_count "$TMP/err" instructions) sb=$(csv_count "$TMP/err" branches)
check_eq "twin -setup: check value 0 (no work done)" "$(sed -n 's/^workload-twin: check //p' <<<"$OUT")" 0x0000000000000000

# in_range NAME VALUE LO HI
in_range() {
  if [ -n "$2" ] && [ "$2" -ge "$3" ] && [ "$2" -le "$4" ]; then ok "$1: $2 in $3..$4"
  else not_ok "$1: '$2' in $3..$4"; fi
}
# Measured: 41,341,921 instructions and 10,269,767 branches, the -setup build 14,219 and 3,463.
# So the whole overhead is 0.08% of the loops' instructions (the U-mode buffer fill, 4096 lines,
# is 16 K of it, as in the Linux workload): the bounds allow 0.1%, and the set-up alone 20,000
# instructions and 5,000 branches (page tables for 81 pages, printing).
in_range "twin: instructions = the loops' + overhead" "$ti" "$I" $((I + I / 1000))
in_range "twin: branches = the loops' + overhead" "$tb" "$B" $((B + B / 1000))
in_range "twin -setup: instructions (start-up, page tables, printing)" "$si" 1000 20000
in_range "twin -setup: branches" "$sb" 100 5000
# The U-mode part (twin minus -setup) is the loops plus the buffer fill (4096 stores, a branch
# each) and the calls: within 0.05% of the loops.
[ -n "$ti" ] && [ -n "$si" ] && in_range "twin U-mode part: instructions" $((ti - si)) "$I" $((I + I / 2000))
[ -n "$tb" ] && [ -n "$sb" ] && in_range "twin U-mode part: branches" $((tb - sb)) "$B" $((B + B / 2000))
# The generic core's models (32-entry LRU data TLB of 4 KiB entries, 32 KiB LRU L1): each of
# the 64 passes over 64 pages misses in the TLB at every page (L/64 = 4096; measured 4097: the
# stack's page once more, when the return reloads from it), which 4 KiB leaf PTEs give and
# 2 MiB ones would not; and every load of the cold loop misses the L1 (measured 262,153).
in_range "twin: dTLB-load-misses (the cold loop's pages under Sv39)" "$tlb" $((L / 64)) $((L / 64 + 64))
in_range "twin: L1-dcache-load-misses (every cold-loop load)" "$dmiss" "$L" $((L + 64))
exit 0
