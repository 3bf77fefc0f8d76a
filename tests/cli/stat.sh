#!/usr/bin/env bash
# rvpmu stat: the table, -e, raw selectors, perf CSV (-x), --json, -o, exact counts of a
# program whose events are known (tests/cli/programs/count.S), determinism.
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"

for x in rv32 rv64; do
  build_guest count-$x $x count.S
  build_guest fail7-$x $x count.S '-DEXIT_VALUE=(7<<16|0x3333)'
  build_guest work-$x $x work.c
done
build_guest uart rv64 uart.c
build_guest loop rv64 loop.S
build_guest csr_loop rv64 csr_loop.S

# table_events FILE: the event column of a stat table.
table_events() { sed -n 's/^ *[0-9][0-9,]* \{2,\}\([^ ]*\).*/\1/p' "$1" | paste -sd, -; }

# --- The table (default output) on stderr; stdout carries only the guest console.
rv stat "$TMP/uart.elf"
expect_status "stat: status 0" 0
check_eq "stat: stdout is the guest console only" "$OUT" "hello from the uart"
for word in instructions cycles "insn per cycle" "seconds simulated" MIPS; do
  if grep -q "$word" "$TMP/err"; then ok "stat table shows '$word'"
  else not_ok "stat table shows '$word'" "$(last_run)"; fi
done
check_eq "stat: default events" "$(table_events "$TMP/err")" "cycles,instructions,branches,branches-taken,loads,stores"

rv stat -e instructions,loads "$TMP/uart.elf"
check_eq "stat -e instructions,loads shows exactly those" "$(table_events "$TMP/err")" "instructions,loads"
rv stat --event loads "$TMP/uart.elf"
check_eq "stat --event loads" "$(table_events "$TMP/err")" "loads"

# --- Raw selectors: r20001 is the generic core's "loads".
for x in rv32 rv64; do
  rv stat -x , -e loads,r20001 "$TMP/work-$x.elf"
  loads=$(csv_count "$TMP/err" loads)
  raw=$(csv_count "$TMP/err" r20001)
  if [ -n "$loads" ] && [ "$loads" -gt 0 ] && [ "$loads" = "$raw" ]; then ok "$x stat -e r20001 equals loads ($loads)"
  else not_ok "$x stat -e r20001 equals loads" "loads '$loads', r20001 '$raw'" "$(last_run)"; fi
done

# --- Exact counts of count.S (see its header): 30 instructions up to and including the store
# to the test device, 2 loads, 2 stores, 10 branches (9 taken), no jumps, nothing compressed.
all=instructions,cycles,loads,stores,branches,branches-taken,branches-not-taken,jumps,compressed
for x in rv32 rv64; do
  rv stat -x, -e "$all" "$TMP/count-$x.elf"
  expect_status "$x stat -x, (perf style, attached): status 0" 0
  cp "$TMP/err" "$TMP/csv-attached"
  rv stat -x , -e "$all" "$TMP/count-$x.elf"
  expect_status "$x stat -x , (separate): status 0" 0
  cp "$TMP/err" "$TMP/csv"
  check_eq "$x stat -x, and -x , give the same counts" "$(cut -d, -f1-3 "$TMP/csv-attached")" "$(cut -d, -f1-3 "$TMP/csv")"
  bad=$(grep -Evc '^[0-9]+,,[a-z][-a-z0-9]*,[0-9]*,' "$TMP/csv")
  n=$(wc -l <"$TMP/csv")
  if [ "$bad" = 0 ] && [ "$n" = 9 ]; then ok "$x stat -x , prints 9 perf CSV lines (count,,event,...)"
  else not_ok "$x stat -x , prints 9 perf CSV lines (count,,event,...)" "$(cat "$TMP/csv")"; fi
  check_eq "$x count.S: instructions" "$(csv_count "$TMP/csv" instructions)" 30
  check_eq "$x count.S: loads" "$(csv_count "$TMP/csv" loads)" 2
  check_eq "$x count.S: stores" "$(csv_count "$TMP/csv" stores)" 2
  check_eq "$x count.S: branches" "$(csv_count "$TMP/csv" branches)" 10
  check_eq "$x count.S: branches-taken" "$(csv_count "$TMP/csv" branches-taken)" 9
  check_eq "$x count.S: branches-not-taken" "$(csv_count "$TMP/csv" branches-not-taken)" 1
  check_eq "$x count.S: jumps" "$(csv_count "$TMP/csv" jumps)" 0
  check_eq "$x count.S: compressed" "$(csv_count "$TMP/csv" compressed)" 0
  cycles=$(csv_count "$TMP/csv" cycles)
  if [ -n "$cycles" ] && [ "$cycles" -ge 30 ]; then ok "$x count.S: cycles >= instructions ($cycles)"
  else not_ok "$x count.S: cycles >= instructions" "cycles '$cycles'"; fi
  check_eq "$x stat -x , leaves stdout empty" "$OUT" ""

  # --json: one valid object with the same counts.
  rv stat --json -e "$all" "$TMP/count-$x.elf"
  expect_status "$x stat --json: status 0" 0
  if python3 -m json.tool "$TMP/err" >/dev/null 2>"$TMP/json.err"; then ok "$x stat --json is valid JSON"
  else not_ok "$x stat --json is valid JSON" "$(cat "$TMP/json.err")" "$(last_run)"; fi
  json_counts=$(python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
assert isinstance(d, dict)
print("\n".join("%d,%s" % (e["count"], e["event"]) for e in d["events"]))' "$TMP/err" 2>&1)
  check_eq "$x stat --json has the CSV counts" "$json_counts" "$(cut -d, -f1,3 "$TMP/csv")"
  rv stat -j -e instructions "$TMP/fail7-$x.elf"
  status_field=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["exit_status"])' "$TMP/err" 2>&1)
  if [ "$st" = 7 ] && [ "$status_field" = 7 ]; then ok "$x stat -j: exit status 7 in the status and the JSON"
  else not_ok "$x stat -j: exit status 7 in the status and the JSON" "exit_status field '$status_field'" "$(last_run)"; fi
done

# --- --max-insns is exact: N instructions retire, however long the blocks.
rv stat -x , -e instructions --max-insns 100000 "$TMP/loop.elf"
expect_status "stat --max-insns 100000 on an endless loop: status 124" 124
check_eq "stat --max-insns 100000: exactly 100000 instructions" "$(csv_count "$TMP/err" instructions)" 100000
rv stat -x , -e instructions --max-insns 100000 "$TMP/csr_loop.elf"
check_eq "stat --max-insns 100000 (limit inside a block ending in CSRR): exactly 100000" \
  "$(csv_count "$TMP/err" instructions)" 100000
rv stat -x , -e instructions --max-insns 29 "$TMP/count-rv64.elf"
expect_status "stat --max-insns 29 on the 30-instruction count.S: status 124" 124
check_eq "stat --max-insns 29: exactly 29 instructions" "$(csv_count "$TMP/err" instructions)" 29
# perf's time field: the simulated run time in ns, cycles * 1e9 / core clock (rounded; 3 cycles
# at 100 MHz are 30 ns, which a truncating double computation turns into 29).
rv stat -x , -e instructions --max-insns 3 "$TMP/count-rv64.elf"
time_ns=$(awk -F, '$3 == "instructions" { print $4 }' "$TMP/err")
rv stat --json -o "$TMP/cycles.json" -e cycles --max-insns 3 "$TMP/count-rv64.elf"
want_ns=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))
print(round(d["events"][0]["count"] * 1e9 / d["clock_hz"]))' "$TMP/cycles.json" 2>&1)
check_eq "stat -x: time-ns field of a 3-instruction run = cycles * 1e9 / clock_hz" "$time_ns" "$want_ns"
rv stat -x , -e instructions --max-insns 30 "$TMP/count-rv64.elf"
expect_status "stat --max-insns 30 lets count.S exit (status 0)" 0

# --- -o FILE: the statistics go there; stderr stays empty, stdout is the console.
rv stat -o "$TMP/stats.txt" "$TMP/uart.elf"
if [ "$st" = 0 ] && [ -z "$ERR" ] && [ "$OUT" = "hello from the uart" ] && grep -q instructions "$TMP/stats.txt"; then
  ok "stat -o FILE writes the table to FILE"
else
  not_ok "stat -o FILE writes the table to FILE" "$(last_run)" "file: $(head -c 400 "$TMP/stats.txt" 2>&1)"
fi
rv stat --output "$TMP/stats.json" --json "$TMP/count-rv64.elf"
if [ "$st" = 0 ] && [ -z "$ERR" ] && python3 -m json.tool "$TMP/stats.json" >/dev/null 2>&1; then
  ok "stat --output FILE --json writes valid JSON to FILE"
else
  not_ok "stat --output FILE --json writes valid JSON to FILE" "$(last_run)"
fi
rv stat -o "$TMP/stats.csv" -x , -e instructions "$TMP/count-rv64.elf"
check_eq "stat -o FILE -x ,: the CSV in FILE" "$(csv_count "$TMP/stats.csv" instructions)" 30
rv stat -x ';' -e instructions,loads "$TMP/count-rv64.elf"
check_eq "stat -x ';' uses ';'" "$(cut -d';' -f1-3 "$TMP/err" | paste -sd' ' -)" "30;;instructions 2;;loads"

# --- The program name is escaped in JSON.
weird="$TMP/we\"ird\\na	me.elf"
cp "$TMP/count-rv64.elf" "$weird"
rv stat --json -e instructions "$weird"
prog=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["program"] == sys.argv[2])' "$TMP/err" "$weird" 2>&1)
check_eq "stat --json escapes quotes, backslashes and tabs in the program name" "$prog" True

# --- Determinism: the same run twice gives the same counts, bit for bit.
events=$("$RVPMU" list | awk '/^ +[a-z]/ { print $1 }' | paste -sd, -)
for x in rv32 rv64; do
  for opts in "" "--harts 2"; do
    # shellcheck disable=SC2086
    rv stat -x , -e "$events" $opts "$TMP/work-$x.elf"
    first=$(cut -d, -f1,3 "$TMP/err")
    first_out=$OUT
    # shellcheck disable=SC2086
    rv stat -x , -e "$events" $opts "$TMP/work-$x.elf"
    second=$(cut -d, -f1,3 "$TMP/err")
    if [ -n "$first" ] && [ "$first" = "$second" ] && [ "$first_out" = "$OUT" ] && [ "$st" = 0 ]; then
      ok "$x stat ${opts:+$opts }twice gives identical counts"
    else
      not_ok "$x stat ${opts:+$opts }twice gives identical counts" "first:" "$first" "second:" "$second" "$(last_run)"
    fi
  done
done


# --- Ratios pair events by what they count, not by name: Ibex's NumInstrRet over NumCycles is
# an IPC, and the models' misses are shown against their accesses, as perf does.
rv stat --core ibex,counters=10 --platform virt -e NumCycles,NumInstrRet,NumBranches,NumBranchesTaken "$TMP/count-rv32.elf"
check "stat ibex: NumInstrRet shows insn per cycle" grep -q 'NumInstrRet  *#  *[0-9.]* insn per cycle' "$TMP/err"
check "stat ibex: NumBranchesTaken shows % of all branches" grep -q 'NumBranchesTaken  *#  *[0-9.]*% of all branches' "$TMP/err"
rv stat -e branches,branch-misses,L1-dcache-loads,L1-dcache-load-misses,L1-icache-loads,L1-icache-load-misses "$TMP/work-rv64.elf"
check "stat: branch-misses shows % of all branches" grep -q 'branch-misses  *#  *[0-9.]*% of all branches' "$TMP/err"
check "stat: L1-dcache-load-misses shows % of all L1-dcache accesses" grep -q 'L1-dcache-load-misses  *#  *[0-9.]*% of all L1-dcache accesses' "$TMP/err"
check "stat: L1-icache-load-misses shows % of all L1-icache accesses" grep -q 'L1-icache-load-misses  *#  *[0-9.]*% of all L1-icache accesses' "$TMP/err"

exit 0
