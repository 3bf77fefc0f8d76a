#!/usr/bin/env bash
# rvpmu record, report, annotate and the exports (docs/profiling.md):
# - tests/cli/programs/prof_calls.c measures its own functions (leaf, recursion, mutual
#   recursion, indirect calls, a tail call, an interrupt handler, a longjmp-like unwind) with
#   csrr around each call; tests/cli/profile_check.py compares every delta with report --json,
#   exactly, on every core profile (generic RV64 and RV32, ibex, cv32e40p, microblaze-v);
# - the totals equal rvpmu stat's; the self counts add up to them; a line-level count;
# - callgrind_annotate reads the callgrind export; folded stacks add up; the flame graph,
#   rendered by headless Chromium, shows the frames; annotate shows counted instructions;
# - 2 and 8 harts, an S-mode payload under the firmware ([S] and [M]);
# - malformed and truncated data files give one clear error (status 2), never a crash.
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"

CHECK=$CLI_DIR/profile_check.py
SRC=$PROGRAMS/prof_calls.c

# record_and_check TAG XLEN "CORE OPTIONS" EVENTS SEL3 SEL4 SEL5 SEL6: the self-measuring
# program with mhpmcounter3..6 on the selectors SEL*, recorded with EVENTS (mcycle, minstret,
# then the events of those four counters, in that order).
record_and_check() {
  local tag=$1 xlen=$2 opts=$3 events=$4
  build_guest "prof-$tag" "$xlen" prof_calls.c "$PROGRAMS/prof_measure.S" -fno-optimize-sibling-calls \
    "-DSEL3=$5" "-DSEL4=$6" "-DSEL5=$7" "-DSEL6=$8" || return
  local elf=$TMP/prof-$tag.elf data=$TMP/$tag.data
  # shellcheck disable=SC2086 # opts holds several options
  rv record $opts -e "$events" -o "$data" "$elf"
  expect_status "$tag: record exits with the guest's status" 0
  cp "$TMP/out" "$TMP/$tag.guest"
  rv report -i "$data" --sort address --json
  cp "$TMP/out" "$TMP/$tag.address.json"
  rv report -i "$data" --json
  cp "$TMP/out" "$TMP/$tag.symbol.json"
  python3 "$CHECK" "$tag" "$elf" "$TMP/$tag.guest" "$TMP/$tag.address.json" "$TMP/$tag.symbol.json" "$events"
  # The totals are rvpmu stat's.
  # shellcheck disable=SC2086
  rv stat $opts -x , -e "$events" "$elf"
  local e want got ok=1
  for e in ${events//,/ }; do
    want=$(csv_count "$TMP/err" "$e")
    got=$(jq -r --arg e "$e" '.totals[$e]' "$TMP/$tag.symbol.json")
    [ "$want" = "$got" ] || { ok=0; not_ok "$tag: total of $e = rvpmu stat's" "stat $want, report $got"; }
  done
  [ $ok = 0 ] || ok "$tag: totals = rvpmu stat's ($events)"
}

record_and_check rv64-generic rv64 "" cycles,instructions,loads,stores,branches-taken,jumps \
  0x20001 0x20002 0x20003 0x20005
record_and_check rv32-generic rv32 "" cycles,instructions,loads,stores,branches,multiplies \
  0x20001 0x20002 0x5 0x20007
# Ibex's counters are hard-wired: mhpmcounter3..6 count events 3..6.
record_and_check rv32-ibex rv32 "--core ibex,counters=4 --platform virt" \
  NumCycles,NumInstrRet,NumCyclesLSU,NumCyclesIF,NumLoads,NumStores 0x8 0x10 0x20 0x40
record_and_check rv32-cv32e40p rv32 "--core cv32e40p,counters=4 --platform virt" \
  CYCLES,INSTR,LD_STALL,IMISS,LD,BRANCH_TAKEN 0x4 0x10 0x20 0x200
record_and_check rv32-microblaze-v rv32 "--core microblaze-v --platform virt" \
  cycles,instructions,INT_LOAD,INT_STORE,BRANCH_TAKEN,JAL 0x20 0x40 0x22 0x8000

# --- A latency sum (NAME:latency): MicroBlaze V's latency pair sums the interrupt's latency in
# the guest; the profile has the same sum, all of it where spin() was interrupted.
build_guest prof-lat rv32 prof_calls.c "$PROGRAMS/prof_measure.S" -fno-optimize-sibling-calls -DSEL3=0x20 \
  -DSEL4=0x40 -DSEL5=0x22 -DSEL6=0x8000 -DLATSEL=0x2a && {
  rv record --core microblaze-v --platform virt -e LAT_INTERRUPT:latency,LAT_INTERRUPT -o "$TMP/lat.data" "$TMP/prof-lat.elf"
  guest_sum=$(awk '$1 == "L" { print $2 }' "$TMP/out")
  rv report -i "$TMP/lat.data" --json
  total=$(jq '.totals["LAT_INTERRUPT:latency"]' "$TMP/out")
  spin=$(jq '.entries[] | select(.symbol == "spin") | .inclusive["LAT_INTERRUPT:latency"]' "$TMP/out")
  spin_self=$(jq '.entries[] | select(.symbol == "spin") | .self["LAT_INTERRUPT:latency"]' "$TMP/out")
  if [ -n "$guest_sum" ] && [ "$guest_sum" -gt 0 ] && [ "$total" = "$guest_sum" ] && [ "$spin" = "$total" ] &&
    [ "$spin_self" = "$total" ]; then ok "latency sum: LAT_INTERRUPT:latency = the guest's latency counter ($total), charged in spin"
  else not_ok "latency sum: LAT_INTERRUPT:latency = the guest's latency counter" "guest $guest_sum, total $total, spin $spin/$spin_self"; fi
}
rv record -e cycles:bogus "$TMP/prof-lat.elf"
expect_error "record: unknown event modifier" "event 'cycles:bogus' is not supported"

# --- Line level: leaf(100) loads data[] once per iteration, on one line of the source.
data=$TMP/rv64-generic.data
line=$(grep -n 's += data\[i & 63\];' "$SRC" | cut -d: -f1)
rv report -i "$data" --sort line --json
got=$(jq --argjson l "$line" '[.entries[] | select(.symbol == "leaf" and .line == $l and (.file | endswith("prof_calls.c")))] | .[0].self.loads' "$TMP/out")
check_eq "line: prof_calls.c:$line loads 100 times" "$got" 100
sum_lines=$(jq '[.entries[] | select(.symbol == "leaf") | .self.instructions] | add' "$TMP/out")
sym_self=$(jq '.entries[] | select(.symbol == "leaf") | .self.instructions' "$TMP/rv64-generic.symbol.json")
check_eq "line: leaf's lines add up to leaf" "$sum_lines" "$sym_self"

# --- The table and CSV forms.
rv report -i "$data" --children
if [ "$st" = 0 ] && grep -q 'Children' "$TMP/out" && grep -Eq '\[M\] +fib$' "$TMP/out"; then ok "report table: children, [M] fib"
else not_ok "report table: children, [M] fib" "$(last_run)"; fi
rv report -i "$data" -x ';'
got=$(awk -F';' '$1 == "fib" { print $5 }' "$TMP/out")
check_eq "report -x ';': fib's mode" "$got" "[M]"

# --- Callgrind: callgrind_annotate reads it; its totals are the recorded totals.
rv report -i "$data" --callgrind "$TMP/callgrind.out"
expect_status "report --callgrind" 0
if command -v callgrind_annotate >/dev/null; then
  callgrind_annotate "$TMP/callgrind.out" >"$TMP/cga" 2>&1
  cga_st=$?
  totals=$(jq -r '[.totals[]] | map(tostring) | join(" ")' "$TMP/rv64-generic.symbol.json")
  got=$(grep -m1 'PROGRAM TOTALS' "$TMP/cga" | sed 's/([^)]*)//g; s/,//g; s/PROGRAM TOTALS//' | xargs)
  if [ "$cga_st" = 0 ] && [ "$got" = "$totals" ]; then ok "callgrind_annotate: PROGRAM TOTALS = recorded totals"
  else not_ok "callgrind_annotate: PROGRAM TOTALS = recorded totals" "got '$got', want '$totals'" "$(head -30 "$TMP/cga")"; fi
  leaf_self=$(jq -r '.entries[] | select(.symbol == "leaf") | .self.cycles' "$TMP/rv64-generic.symbol.json")
  if grep -Eq "^ *$(printf "%'d" "$leaf_self" 2>/dev/null || echo "$leaf_self") .*:leaf" "$TMP/cga" ||
    grep -Eq "^ *${leaf_self}[ (].*leaf" <(sed 's/,//g' "$TMP/cga"); then ok "callgrind_annotate: leaf's self cycles"
  else not_ok "callgrind_annotate: leaf's self cycles" "want $leaf_self" "$(grep leaf "$TMP/cga")"; fi
  callgrind_annotate --inclusive=yes "$TMP/callgrind.out" >"$TMP/cga-incl" 2>&1
  main_incl=$(jq -r '.entries[] | select(.symbol == "measure_leaf") | .inclusive.cycles' "$TMP/rv64-generic.symbol.json")
  if sed 's/,//g' "$TMP/cga-incl" | grep -Eq "^ *${main_incl}[ (].*measure_leaf"; then ok "callgrind_annotate --inclusive: measure_leaf"
  else not_ok "callgrind_annotate --inclusive: measure_leaf" "want $main_incl" "$(grep measure_leaf "$TMP/cga-incl")"; fi
else
  not_ok "callgrind_annotate installed (valgrind)"
fi

# --- Folded stacks: they add up to the total; recursion shows as nested frames.
rv report -i "$data" --folded "$TMP/folded" --event loads
sum=$(awk '{ s += $NF } END { print s }' "$TMP/folded")
check_eq "folded: loads add up to the total" "$sum" "$(jq '.totals.loads' "$TMP/rv64-generic.symbol.json")"
# Recursion folds (docs/profiling.md): fib opens one level below itself, the deeper calls run
# on in it.
if grep -q '^_start;main;measure_fib;fib;fib ' "$TMP/folded" && ! grep -q ';fib;fib;fib' "$TMP/folded"; then
  ok "folded: recursive fib stacks, root first, folded below the second fib"
else not_ok "folded: recursive fib stacks, root first, folded below the second fib" "$(grep fib "$TMP/folded" | head -5)"; fi
if grep -q ';measure_spin;spin;trap_entry' "$TMP/folded"; then ok "folded: the interrupt handler on top of spin"
else not_ok "folded: the interrupt handler on top of spin" "$(grep spin "$TMP/folded" | head -5)"; fi

# --- Flame graph: a self-contained SVG; Chromium renders it with fib's frames in their colour.
rv report -i "$data" --flamegraph "$TMP/flame.svg" --event cycles
if [ "$st" = 0 ] && grep -q '<title>fib (' "$TMP/flame.svg" && ! grep -q 'href=' "$TMP/flame.svg"; then
  ok "flamegraph: SVG with hover titles, self-contained"
else not_ok "flamegraph: SVG with hover titles, self-contained" "$(last_run)"; fi
if bash "$CLI_DIR/render_svg.sh" "$TMP/flame.svg" "$TMP/flame.png" 1200 600 2>"$TMP/render.err"; then
  # The colour the flame graph gives "fib" (tools/prof_export.c: FNV-1a of the name).
  colour=$(python3 -c '
import sys
h = 0xcbf29ce484222325
for c in sys.argv[1].encode(): h = ((h ^ c) * 0x100000001b3) & (2**64 - 1)
print("#%02x%02x%02x" % (205 + h % 50, (h >> 8) % 180, (h >> 16) % 55))' fib)
  python3 "$CLI_DIR/png_inspect.py" "$TMP/flame.png" "$colour" >"$TMP/png.json"
  ink=$(jq '.ink' "$TMP/png.json")
  # fib(10) recurses 9 deep under measure_fib, folded into two levels: its frames stack two
  # rows high (16 pixels each), no more.
  rows=$(jq --arg c "$colour" '[.colours[$c].bands[] | .[1] - .[0] + 1] | add' "$TMP/png.json")
  if awk -v i="$ink" 'BEGIN { exit !(i > 0.05) }' && [ "${rows:-0}" -ge $((2 * 16 - 2)) ] && [ "${rows:-0}" -le $((3 * 16)) ]; then
    ok "flamegraph: Chromium draws it, fib's $colour frames $rows pixels high"
  else not_ok "flamegraph: Chromium draws it, fib's frames stacked" "ink $ink, rows $rows" "$(cat "$TMP/png.json")"; fi
else
  not_ok "flamegraph: Chromium renders it" "$(cat "$TMP/render.err")"
fi

# --- Annotate: leaf's instructions with their counts and source lines.
rv annotate -i "$data" -e loads leaf
if [ "$st" = 0 ] && grep -E '\| +[0-9a-f]+:  lw ' "$TMP/out" | grep -Eq '^ +[0-9.]+% \|( +[0-9]+){2} +100 ' &&
  grep -q 's += data\[i & 63\];' "$TMP/out"; then ok "annotate: leaf's load counted 100 times, source shown"
else not_ok "annotate: leaf's load counted 100 times, source shown" "$(last_run)"; fi
rv annotate -i "$data" no_such_function
expect_error "annotate: unknown function" "no function 'no_such_function'"

# --- Several harts: each is profiled; the totals add up.
build_guest work2 rv64 work.c
for n in 2 8; do
  rv record --harts $n -e cycles,instructions -o "$TMP/harts.data" "$TMP/work2.elf"
  rv stat --harts $n -x , -e instructions "$TMP/work2.elf"
  want=$(csv_count "$TMP/err" instructions)
  rv report -i "$TMP/harts.data" --json
  check_eq "$n harts: instructions = rvpmu stat's" "$(jq '.totals.instructions' "$TMP/out")" "$want"
  check_eq "$n harts: self counts add up" "$(jq '[.entries[].self.instructions] | add' "$TMP/out")" "$want"
  sum=0
  for ((k = 0; k < n; k++)); do
    rv report -i "$TMP/harts.data" --hart $k --json
    sum=$((sum + $(jq '.totals.instructions' "$TMP/out")))
  done
  check_eq "$n harts: the harts' own totals (--hart) add up" "$sum" "$want"
done
# The other harts wait in _start: only hart 0 runs main.
rv report -i "$TMP/harts.data" --hart 7 --json
check_eq "--hart 7: only _start" "$(jq -r '[.entries[] | select(.self.instructions > 0) | .symbol] | join(",")' "$TMP/out")" "_start"
# Only hart 7's own rows and calls: no row of hart 0's functions with zero counts, no hart 0
# call counts (table, --children and --json alike; issue 24).
check_eq "--hart 7 --json: no rows of other harts, no calls" \
  "$(jq -r '[.entries[] | .symbol] | join(",")' "$TMP/out"),$(jq '[.entries[].calls] | add' "$TMP/out")" "_start,0"
rv report -i "$TMP/harts.data" --hart 7 --children
if [ "$st" = 0 ] && [ "$(grep -c '\[M\]' "$TMP/out")" = 1 ] && grep -Eq '\[M\] +_start$' "$TMP/out"; then
  ok "--hart 7 --children: one row, _start"
else not_ok "--hart 7 --children: one row, _start" "$(last_run)"; fi
rv report -i "$TMP/harts.data" --hart 0 --json
main_calls=$(jq '[.entries[] | select(.symbol == "main") | .calls] | add' "$TMP/out")
check_eq "--hart 0: main called once (by hart 0)" "$main_calls" 1
rv report -i "$TMP/harts.data" --hart 8
expect_error "--hart beyond the profile's harts" "the profile has 8 harts"

# --- An S-mode payload under rvpmu's firmware: [S] and [M] code, each with its own symbols.
for x in rv32 rv64; do
  case $x in rv32) at=0x80400000 ;; rv64) at=0x80200000 ;; esac
  build_guest_at smode-$x $x smode_shutdown.S $at || continue
  rv record -e instructions -o "$TMP/smode.data" "$TMP/smode-$x.elf"
  expect_status "$x S-mode payload: record" 0
  rv report -i "$TMP/smode.data"
  if grep -Eq '\[S\] +_start$' "$TMP/out" && grep -q '\[M\]' "$TMP/out" && ! grep -q '\[unknown\]' "$TMP/out"; then
    ok "$x S-mode payload: [S] _start, [M] firmware functions"
  else not_ok "$x S-mode payload: [S] _start, [M] firmware functions" "$(last_run)"; fi
done

# --- --symbols ELF@ADDR: the payload's ELF is gone after recording; the same code linked at
# another address, placed where it ran, names it.
build_guest_at smode-run rv64 smode_shutdown.S 0x80200000 && build_guest_at smode-elsewhere rv64 smode_shutdown.S 0x80600000 && {
  rv record -e instructions -o "$TMP/moved.data" "$TMP/smode-run.elf"
  rm -f "$TMP/smode-run.elf"
  rv report -i "$TMP/moved.data"
  if grep -Eq '\[S\] +\[unknown\]$' "$TMP/out" && grep -q 'warning' "$TMP/err"; then ok "report: without its ELF the payload is unknown"
  else not_ok "report: without its ELF the payload is unknown" "$(last_run)"; fi
  rv report -i "$TMP/moved.data" --symbols "$TMP/smode-elsewhere.elf@0x80200000"
  if grep -Eq '\[S\] +_start$' "$TMP/out"; then ok "report --symbols ELF@ADDR names code linked elsewhere"
  else not_ok "report --symbols ELF@ADDR names code linked elsewhere" "$(last_run)"; fi
  rv report -i "$TMP/moved.data" --symbols "$TMP/smode-elsewhere.elf@zz"
  expect_error "report --symbols with a bad address" "expected ELF or ELF@ADDRESS"
}

# --- A program rebuilt after recording: report says its symbols may not match.
rv record -e instructions -o "$TMP/changed.data" "$TMP/work2.elf"
rv report -i "$TMP/changed.data"
if [ "$st" = 0 ] && ! grep -q warning "$TMP/err"; then ok "report: no warning for an unchanged program"
else not_ok "report: no warning for an unchanged program" "$(last_run)"; fi
printf 'x' >>"$TMP/work2.elf"
rv report -i "$TMP/changed.data"
if [ "$st" = 0 ] && grep -q 'work2.elf changed since it was recorded' "$TMP/err"; then ok "report: warns when the program changed after recording"
else not_ok "report: warns when the program changed after recording" "$(last_run)"; fi

# --- Bad data files: one line on stderr, status 2, nothing on stdout, never a crash.
good=$TMP/rv64-generic.data
size=$(wc -c <"$good")
head -c $((size / 2)) "$good" >"$TMP/half.data"
head -c $((size - 3)) "$good" >"$TMP/short.data"
cp "$good" "$TMP/flip.data"
printf '\x55' | dd of="$TMP/flip.data" bs=1 seek=$((size / 3)) conv=notrunc 2>/dev/null
printf 'not a profile at all\n' >"$TMP/text.data"
: >"$TMP/empty.data"
for f in half short flip text empty missing; do
  rv report -i "$TMP/$f.data"
  if [ "$st" = 2 ] && [ ! -s "$TMP/out" ] && [ "$(wc -l <"$TMP/err")" = 1 ] &&
    grep -Eq 'truncated|incomplete|corrupt|not an rvpmu profile|No such file' "$TMP/err"; then
    ok "bad data file ($f): one clear error"
  else not_ok "bad data file ($f): one clear error" "$(last_run)"; fi
done
# Which it is (issue 25): a file cut short is truncated (no end marker), a changed byte makes it
# corrupt (its checksum), a directory is not a file.
for f in half short; do
  rv report -i "$TMP/$f.data"
  expect_error "bad data file ($f) is called truncated" "^rvpmu report: .*: truncated profile \\("
done
rv report -i "$TMP/flip.data"
expect_error "bad data file (a changed byte) is called corrupt" "^rvpmu report: .*: corrupt profile \\(.*checksum does not match"
rv report -i "$TMP"
expect_error "report -i DIR: is a directory" "^rvpmu report: .*: is a directory, not a profile data file$"
rv record -o /nonexistent-dir/x.data "$TMP/work2.elf"
expect_error "record: an unwritable output is refused before the run" "directory /nonexistent-dir does not exist"
rv record -e no-such-event "$TMP/work2.elf"
expect_error "record: unknown event" "event 'no-such-event' is not supported"
rv report -i "$good" --sort nonsense
expect_error "report: bad --sort" "--sort takes symbol, line, symbol,line, address or symbol,address"
rv report -i "$good" --event no-such-event
expect_error "report: unrecorded event" "was not recorded"
