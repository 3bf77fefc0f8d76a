#!/usr/bin/env bash
# perf's report views on an exact profile (docs/profiling.md): report -g (call chains, as
# `perf report --stdio -g`), --percent-limit, --sort symbol,line, --no-children, the
# `# Samples`/`# Event count` header lines, and rvpmu diff OLD NEW (as `perf diff`), checked
# against the counts report --json gives.
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"

build_guest views-calls rv64 prof_calls.c "$PROGRAMS/prof_measure.S" -fno-optimize-sibling-calls || exit 0
build_guest views-old rv64 prof_recursion.c -fno-optimize-sibling-calls -DDEPTH=3000 || exit 0
build_guest views-new rv64 prof_recursion.c -fno-optimize-sibling-calls -DDEPTH=6000 || exit 0
data=$TMP/calls.data
rv record -e cycles,instructions,loads -o "$data" "$TMP/views-calls.elf"
expect_status "record prof_calls" 0
rv report -i "$data" --json
cp "$TMP/out" "$TMP/calls.json"
total=$(jq '.totals.cycles' "$TMP/calls.json")

# --- The header: perf's "# Samples" and "# Event count" lines, with the exact count.
rv report -i "$data"
if grep -q "^# Samples: none (exact counts) of event 'cycles'$" "$TMP/out" &&
  grep -q "^# Event count (exact): $total$" "$TMP/out"; then ok "report header: # Samples, # Event count = the total"
else not_ok "report header: # Samples, # Event count = the total" "$(head -8 "$TMP/out")"; fi
cp "$TMP/out" "$TMP/plain"

# --- -g: under fib, its chains; the branches under fib add up to fib's self share.
rv report -i "$data" -g
# fib's block: from its row to the next blank line.
awk '/\[M\] +fib$/ { on = 1 } on && /^$/ { exit } on' "$TMP/out" >"$TMP/fib.g"
fib_self=$(jq '.entries[] | select(.symbol == "fib") | .self.cycles' "$TMP/calls.json")
want=$(awk -v s="$fib_self" -v t="$total" 'BEGIN { printf "%.2f", 100 * s / t }')
got=$(grep -Eo '^               [ |]--[0-9.]+%--' "$TMP/fib.g" | grep -Eo '[0-9.]+' | awk '{ s += $1 } END { printf "%.2f", s }')
if grep -q '^            ---fib$' "$TMP/fib.g" && grep -q 'measure_fib' "$TMP/fib.g" &&
  awk -v a="$got" -v b="$want" 'BEGIN { exit !(a - b < 0.03 && b - a < 0.03) }'; then
  ok "report -g: fib's chains, their shares add up to fib's self share ($got% ~ $want%)"
else not_ok "report -g: fib's chains add up to fib's self share" "got $got, want $want" "$(cat "$TMP/fib.g")"; fi
# Recursion folds: fib's chains hold at most two fibs (fib, then the one it runs on in).
if ! grep -A3 -- '--fib$' "$TMP/fib.g" | grep -q '^ *fib$'; then ok "report -g: recursion folded in the chains"
else not_ok "report -g: recursion folded in the chains" "$(cat "$TMP/fib.g")"; fi
rv report -i "$data" -g --sort line
expect_error "report -g --sort line is refused" "-g shows call chains in the table of functions"

# --- --percent-limit: only rows at or above the limit (self share of the sort event).
rv report -i "$data" --percent-limit 5
below=$(awk '!/^#/ && NF { sub(/%/, "", $1); if ($1 + 0 < 5) n++ } END { print n + 0 }' "$TMP/out")
rows=$(grep -vc '^#' "$TMP/out")
want=$(jq --argjson t "$total" '[.entries[] | select(.self.cycles * 100 >= 5 * $t)] | length' "$TMP/calls.json")
check_eq "--percent-limit 5: the $want rows at 5% or more, none below" "$rows,$below" "$want,0"
rv report -i "$data" --percent-limit 101
expect_error "--percent-limit 101 is refused" "percentage from 0 to 100"

# --- --sort symbol,line is --sort line (rows are within a function); --no-children undoes --children.
rv report -i "$data" --sort symbol,line
cp "$TMP/out" "$TMP/symline"
rv report -i "$data" --sort line
if [ "$st" = 0 ] && cmp -s "$TMP/out" "$TMP/symline" && grep -q 'prof_calls.c:' "$TMP/out"; then
  ok "--sort symbol,line = --sort line"
else not_ok "--sort symbol,line = --sort line" "$(diff "$TMP/out" "$TMP/symline" | head)"; fi
rv report -i "$data" --children --no-children
if cmp -s "$TMP/out" "$TMP/plain"; then ok "--children --no-children: the self table"
else not_ok "--children --no-children: the self table" "$(diff "$TMP/out" "$TMP/plain" | head)"; fi

# --- rvpmu diff: DEPTH 3000 against 6000; every count is report's, the change exact.
rv record -e instructions,loads -o "$TMP/old.data" "$TMP/views-old.elf"
rv report -i "$TMP/old.data" --json
cp "$TMP/out" "$TMP/old.json"
rv record -e instructions,loads -o "$TMP/new.data" "$TMP/views-new.elf"
rv report -i "$TMP/new.data" --json
cp "$TMP/out" "$TMP/new.json"
rv diff "$TMP/old.data" "$TMP/new.data"
cp "$TMP/out" "$TMP/diff"
self() { jq --arg f "$2" '[.entries[] | select(.symbol == $f) | .self.instructions] | add // 0' "$1"; }
for f in deep is_even walk; do
  old=$(self "$TMP/old.json" $f) new=$(self "$TMP/new.json" $f)
  rel=$(awk -v o="$old" -v n="$new" 'BEGIN { printf "%+.2f%%", 100 * (n - o) / o }')
  got=$(awk -v f="$f" '$NF == f && !/^#/ { print $3, $4, $5, $6 }' "$TMP/diff")
  check_eq "diff: $f old, new, change, relative" "$got" "$old $new $(printf '%+d' $((new - old))) $rel"
done
if head -1 "$TMP/diff" | grep -q "^# rvpmu diff of instructions: OLD .*old.data ($(jq '.totals.instructions' "$TMP/old.json") in all), NEW"; then
  ok "diff: header with both totals"
else not_ok "diff: header with both totals" "$(head -3 "$TMP/diff")"; fi
rv diff --sort line -e loads "$TMP/old.data" "$TMP/new.data"
if [ "$st" = 0 ] && grep -Eq 'deep  prof_recursion.c:[0-9]+$' "$TMP/out"; then ok "diff --sort line -e loads: rows per source line"
else not_ok "diff --sort line -e loads: rows per source line" "$(last_run)"; fi
rv diff "$TMP/old.data"
expect_error "diff with one file" "needs two data files"
rv diff -e cycles "$TMP/old.data" "$TMP/new.data"
expect_error "diff of an event not recorded" "event 'cycles' was not recorded"

# --- annotate: no symbol = the hottest functions; inclusive counts at calls; objdump's aliases.
rv annotate -i "$data"
got=$(grep -o 'Source and disassembly of [^ ]*' "$TMP/out" | awk '{ print $NF }' | paste -sd,)
want=$(jq -r '[.entries[] | select(.self.cycles > 0 and .symbol != "[unknown]")] | sort_by(-.self.cycles, .symbol) | .[:5] | map(.symbol) | join(",")' "$TMP/calls.json")
check_eq "annotate without a symbol: the 5 hottest functions, hottest first" "$got" "$want"
rv annotate -i "$data" measure_fib
fib_incl=$(jq -r '.entries[] | select(.symbol == "fib") | [.inclusive.cycles, .inclusive.instructions, .inclusive.loads] | join(" ")' "$TMP/calls.json")
if grep -Eq "jal 0x[0-9a-f]+  # inclusive: $fib_incl$" "$TMP/out"; then ok "annotate: the call to fib shows fib's inclusive counts ($fib_incl)"
else not_ok "annotate: the call to fib shows fib's inclusive counts ($fib_incl)" "$(grep jal "$TMP/out")"; fi
if grep -Eq ':  csrr t0, mcycle$' "$TMP/out" && grep -Eq ':  ret( |$)' "$TMP/out" && grep -Eq ':  nop( |$)' "$TMP/out"; then
  ok "annotate: objdump's pseudo-instructions (csrr, ret, nop)"
else not_ok "annotate: objdump's pseudo-instructions (csrr, ret, nop)" "$(cat "$TMP/out")"; fi
rv annotate -i "$data" leaf
if grep -Eq ':  li a[0-9], 0( |$)' "$TMP/out" && grep -Eq ':  (blez|bnez|beqz|bgez|bltz|bgtz) ' "$TMP/out"; then
  ok "annotate: li and branch-against-zero aliases"
else not_ok "annotate: li and branch-against-zero aliases" "$(cat "$TMP/out")"; fi
