#!/usr/bin/env bash
# The options and numbers perf users expect of rvpmu stat (issue 25): --version; -r N with the
# mean and ( +- x% ); -A and --json's per-hart split; the :u/:k/:m modifiers, exact against a
# program whose instructions per mode are known (programs/modes.S); -v encodings; GHz per hart
# with several harts; stall metrics as perf's "% backend cycles idle"; events a core cannot
# count refused on every core; output paths checked before the run; one error line for bad
# --mem/--harts; the --platform virt hint.
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"

for x in rv32 rv64; do build_guest modes-$x $x modes.S; done
build_guest count rv64 count.S
build_guest work rv64 work.c
build_guest work32 rv32 work.c -march=rv32imc # Ibex and CV32E40P run it: no A
build_guest stalls32 rv32 stalls.c

# --- --version (perf prints "perf version X").
rv --version
check_eq "--version: status 0" "$st" 0
if grep -Eq '^rvpmu version [0-9a-f]+' "$TMP/out" || grep -Eq '^rvpmu version [^ ]+$' "$TMP/out"; then ok "--version prints 'rvpmu version ...' on stdout"
else not_ok "--version prints 'rvpmu version ...'" "$(last_run)"; fi
check_eq "--version matches git describe of this tree" "$OUT" "rvpmu version $(cat "$(dirname "$RVPMU")/version.h" 2>/dev/null | sed 's/.*"\(.*\)"/\1/')"

# --- Modifiers :u, :k, :m (privileged spec: an MRET/SRET counts in the mode it executes in, an
# ECALL does not retire). modes.S: 20 in M, 15 in S, 15 in U; branches 0, 5, 7.
for x in rv32 rv64; do
  rv stat -x , -e instructions,instructions:u,instructions:k,instructions:m,instructions:uk,branches:u,branches:k,branches:m,cycles,cycles:u,cycles:k,cycles:m "$TMP/modes-$x.elf"
  expect_status "$x modes.S: status 0" 0
  check_eq "$x instructions (all modes) = 50" "$(csv_count "$TMP/err" instructions)" 50
  check_eq "$x instructions:u = 15" "$(csv_count "$TMP/err" instructions:u)" 15
  check_eq "$x instructions:k = 15 (S mode)" "$(csv_count "$TMP/err" instructions:k)" 15
  check_eq "$x instructions:m = 20" "$(csv_count "$TMP/err" instructions:m)" 20
  check_eq "$x instructions:uk = 30" "$(csv_count "$TMP/err" instructions:uk)" 30
  check_eq "$x branches:u = 7" "$(csv_count "$TMP/err" branches:u)" 7
  check_eq "$x branches:k = 5" "$(csv_count "$TMP/err" branches:k)" 5
  check_eq "$x branches:m = 0" "$(csv_count "$TMP/err" branches:m)" 0
  c=$(csv_count "$TMP/err" cycles) cu=$(csv_count "$TMP/err" cycles:u) ck=$(csv_count "$TMP/err" cycles:k) cm=$(csv_count "$TMP/err" cycles:m)
  check_eq "$x cycles:u + cycles:k + cycles:m = cycles ($c)" "$((cu + ck + cm))" "$c"
  # IPC pairs events of the same modes: instructions:u with cycles:u.
  rv stat -e cycles:u,instructions:u "$TMP/modes-$x.elf"
  want=$(awk -v i=15 -v c="$cu" 'BEGIN { printf "%.2f", i / c }')
  check "$x instructions:u's IPC is over cycles:u ($want)" grep -Eq "instructions:u +# +$want insn per cycle" "$TMP/err"
done
# The modifiers reach -I too (the intervals add up to the total).
rv stat -I 0.0001 -x , -e instructions:u "$TMP/modes-rv64.elf"
check_eq "stat -I with instructions:u adds up to 15" "$(awk -F, '{ s += $2 } END { print s }' "$TMP/err")" 15
rv stat -e instructions:p "$TMP/modes-rv64.elf"
expect_error "an unknown modifier is refused" "instructions:p.*unknown modifier 'p'"
rv stat -e nosuchevent:u "$TMP/modes-rv64.elf"
expect_error "an unknown event with a modifier" "'nosuchevent' is not supported"

# --- -r N: the mean and perf's ( +- x% ); a deterministic simulator gives 0.00%.
rv stat -r 3 -e instructions,loads "$TMP/count.elf"
expect_status "stat -r 3: status 0" 0
check "stat -r 3: header says 3 runs" grep -q "3 runs" "$TMP/err"
check "stat -r 3: instructions 30 ( +-  0.00% )" grep -Eq '^ +30 +instructions .*\( \+- +0\.00% \)' "$TMP/err"
rv stat -r 2 -x , -e instructions "$TMP/count.elf"
check_eq "stat -r 2 -x ,: count,,event,noise%,..." "$(cut -d, -f1-4 "$TMP/err")" "30,,instructions,0.00%"
rv stat -r 2 --json -e instructions "$TMP/count.elf"
check_eq "stat -r 2 --json: runs 2, count 30, noise 0" "$(python3 -c 'import json,sys
d = json.load(open(sys.argv[1])); e = d["events"][0]
print(d["runs"], e["count"], e["noise_percent"])' "$TMP/err" 2>&1)" "2 30 0.0"
rv stat -r 0 "$TMP/count.elf"
expect_error "stat -r 0 is refused" "-r: '0' is not a number of runs"
rv stat -r 2 -I 1 "$TMP/count.elf"
expect_error "stat -r with -I is refused" "does not combine with -r"

# --- Several harts: hart 0 runs work.c, hart 1 spins in crt0 (both busy); GHz is per hart.
# The simulated time is the furthest hart's cycles at 100 MHz; hart 1 may lag by its last time
# slice, so its share is a little below 0.10 GHz. perf -a divides by every CPU's time: so
# does stat, giving (h0 + h1) / (2 x time), never the 0.20 of all cycles over one hart's time.
rv stat --harts 2 -A -x , -e cycles "$TMP/work.elf"
h0=$(awk -F, '$1 == "hart0" { print $2 }' "$TMP/err") h1=$(awk -F, '$1 == "hart1" { print $2 }' "$TMP/err")
check_eq "stat -A -x ,: hart0's row shows 0.10 GHz (100 MHz, the furthest hart)" "$(awk -F, '$1 == "hart0" { print $7 }' "$TMP/err")" "0.10"
rv stat --harts 2 -x , -e cycles "$TMP/work.elf"
ghz=$(awk -F, '$3 == "cycles" { print $6 }' "$TMP/err")
check_eq "stat --harts 2: GHz is all cycles over 2 x the simulated time" "$ghz" \
  "$(awk -v a="$h0" -v b="$h1" 'BEGIN { m = a > b ? a : b; printf "%.2f", (a + b) / (2 * m / 1e8) / 1e9 }')"
rv stat --harts 2 -A -e cycles,instructions "$TMP/work.elf"
check_eq "stat -A: one row per hart and event" "$(grep -Ec '^hart[01] ' "$TMP/err")" 4
check "stat -A: hart0's cycles row shows 0.10 GHz" grep -Eq '^hart0 .*cycles +# +0\.10 GHz' "$TMP/err"
rv stat --harts 2 -A -x , -e instructions "$TMP/work.elf"
a=$(awk -F, '$1 == "hart0" { print $2 }' "$TMP/err") b=$(awk -F, '$1 == "hart1" { print $2 }' "$TMP/err")
rv stat --harts 2 -x , -e instructions "$TMP/work.elf"
check_eq "stat -A -x ,: hart rows add up to the total" "$((a + b))" "$(csv_count "$TMP/err" instructions)"
rv stat --harts 2 --json -e instructions "$TMP/work.elf"
check_eq "stat --json: per_hart counts add up to count" "$(python3 -c 'import json,sys
e = json.load(open(sys.argv[1]))["events"][0]
print(len(e["per_hart"]), sum(h["count"] for h in e["per_hart"]) == e["count"])' "$TMP/err" 2>&1)" "2 True"

# --- Stall metrics are shares of cycles, printed as perf prints stalled-cycles: "x.xx% backend
# cycles idle", and the CSV unit says % too.
rv stat --core ibex --platform virt -e cycles,cycles-lsu-wait,cycles-fetch-wait "$TMP/stalls32.elf"
check "stall metric: 'NN.NN% backend cycles idle'" grep -Eq 'cycles-lsu-wait +# +[0-9]+\.[0-9]{2}% backend cycles idle' "$TMP/err"
check "stall metric: 'NN.NN% frontend cycles idle'" grep -Eq 'cycles-fetch-wait +# +[0-9]+\.[0-9]{2}% frontend cycles idle' "$TMP/err"
rv stat --core ibex --platform virt -x , -e cycles,cycles-lsu-wait "$TMP/stalls32.elf"
check_eq "stall metric CSV unit" "$(awk -F, '$3 == "cycles-lsu-wait" { print $7 }' "$TMP/err")" "% backend cycles idle"
c=$(csv_count "$TMP/err" cycles) l=$(csv_count "$TMP/err" cycles-lsu-wait)
check_eq "stall metric value = 100 * stalls / cycles" "$(awk -F, '$3 == "cycles-lsu-wait" { print $6 }' "$TMP/err")" \
  "$(awk -v l="$l" -v c="$c" 'BEGIN { printf "%.2f", 100 * l / c }')"

# --- An event the core cannot count is refused on every core, as perf shows <not supported>:
# never a silent 0. Ibex and CV32E40P have no branch predictor or data cache.
for core in ibex cv32e40p; do
  for e in branch-misses L1-dcache-load-misses dcache-read-misses; do
    rv stat --core $core --platform virt -e $e "$TMP/work32.elf"
    expect_error "$core: $e is refused" "event '$e' is not supported by core $core"
  done
done
rv stat --core microblaze-v --platform virt -e branch-misses "$TMP/work32.elf"
expect_error "microblaze-v: branch-misses is refused" "not supported by core microblaze-v"
rv stat --core generic -e cycles-lsu-wait "$TMP/work32.elf"
expect_error "generic: cycles-lsu-wait (no timing model) is refused" "not supported by core generic"
rv stat --core ibex --platform virt -x , -e loads,branches,instructions "$TMP/work32.elf"
expect_status "ibex: architectural events still count" 0
# and what a core lists still works under the simulator's name
rv stat --core ibex --platform virt -x , -e cycles-lsu-wait "$TMP/work32.elf"
expect_status "ibex: cycles-lsu-wait (listed as NumCyclesLSU) counts" 0

# --- -v: each event's encoding.
rv stat -v -e branch-misses,loads,r20001 "$TMP/count.elf"
check "stat -v: branch-misses selector 0x6 (SBI general event 6)" grep -q "branch-misses: mhpmevent selector 0x6 " "$TMP/err"
check "stat -v: loads selector 0x20001" grep -q "loads: mhpmevent selector 0x20001 " "$TMP/err"
rv stat -v --core ibex --platform virt -e NumLoads "$TMP/work32.elf"
check "stat -v --core ibex: NumLoads's selector" grep -Eq "NumLoads: mhpmevent selector 0x[0-9a-f]+ \(core event NumLoads" "$TMP/err"

# --- Output paths are checked before the run: nothing runs (stdout stays empty of the guest).
build_guest uart rv64 uart.c
rv record -o "$TMP/missing/dir/x.data" "$TMP/uart.elf"
expect_error "record -o into a missing directory fails before the run" "directory .*missing/dir does not exist"
rv stat -I 1 --plot "$TMP/missing/p.svg" "$TMP/uart.elf"
expect_error "stat --plot into a missing directory fails before the run" "missing does not exist"
rv stat -o "$TMP/missing/s.txt" "$TMP/uart.elf"
expect_error "stat -o into a missing directory fails before the run" "missing does not exist"
rv stat -o "$TMP" "$TMP/uart.elf"
expect_error "stat -o a directory" "is a directory"
rv stat -o - -x , -e instructions "$TMP/count.elf"
check_eq "stat -o - writes the statistics to stdout" "$(cut -d, -f1,3 "$TMP/out")" "30,instructions"

# --- One precise error line for bad numbers.
for opt in "--mem -5" "--mem 0" "--harts -1" "--harts 9" "--mem x"; do
  # shellcheck disable=SC2086
  rv run $opt "$TMP/count.elf"
  expect_error "run $opt: one error" "^rvpmu: ${opt% *}: '${opt#* }' is not a number of (MiB|harts) in 1\.\.(16384|8)$"
  check_eq "run $opt: exactly one line" "$(wc -l <"$TMP/err")" 1
done

# --- A program linked for QEMU virt, run on a core whose default platform is another.
build_guest virt32 rv32 count.S
rv run --core ibex "$TMP/virt32.elf"
expect_error "virt program on ibex's default platform: names --platform virt" "outside RAM.*add --platform virt"
check_eq "virt program on ibex: one line" "$(wc -l <"$TMP/err")" 1
rv run --core ibex --platform virt "$TMP/virt32.elf"
expect_status "the same with --platform virt runs" 0
