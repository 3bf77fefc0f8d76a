#!/usr/bin/env bash
# rvpmu record on recursion (docs/profiling.md, "Recursion"): tests/cli/programs/prof_recursion.c
# recurses 12,000 deep (linear, mutual, through function pointers, a longjmp out of it) and
# walks a binary tree through pointers.
# - the contexts are bounded by the call graph: the data file is no larger for a run 4 times
#   as long and 4 times as deep; peak RSS (GNU time's max RSS) stays under 64 MiB;
# - the counts stay exact: totals = rvpmu stat's; each function's inclusive count is the sum of
#   the self counts of what ran under it (a recursive leaf: its own; is_even: is_even + is_odd;
#   run_all: everything it called, across the longjmp); call counts = the guest's own;
# - recursion folds in the folded stacks (a function opens one level, not 12,000); after the
#   longjmp, after() is not under dive();
# - --call-depth N bounds the levels, with the same totals; a bad value is refused.
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"

EVENTS=cycles,instructions,branches,loads,stores
RSS_LIMIT_KIB=65536

build_guest rec-small rv64 prof_recursion.c -fno-optimize-sibling-calls -DDEPTH=3000 -DREPEAT=1 || exit 0
build_guest rec-big rv64 prof_recursion.c -fno-optimize-sibling-calls -DDEPTH=12000 -DREPEAT=4 || exit 0

# record_timed TAG: records $TMP/rec-TAG.elf under GNU time; sets RSS (KiB) and USER (s).
record_timed() {
  /usr/bin/time -o "$TMP/time" -f '%M %U' timeout 60 "$RVPMU" record -e "$EVENTS" -o "$TMP/$1.data" \
    "$TMP/rec-$1.elf" >"$TMP/out" 2>"$TMP/err" </dev/null
  st=$?
  read -r RSS USER <"$TMP/time"
}

record_timed small
expect_status "record: 3000 deep, once" 0
record_timed big
expect_status "record: 12000 deep, 4 times" 0
cp "$TMP/out" "$TMP/big.guest"
if [ "${RSS:-999999}" -lt $RSS_LIMIT_KIB ]; then ok "record: peak RSS ${RSS} KiB < 64 MiB on 12000-deep recursion"
else not_ok "record: peak RSS < 64 MiB on 12000-deep recursion" "max RSS ${RSS} KiB"; fi
small=$(stat -c %s "$TMP/small.data") big=$(stat -c %s "$TMP/big.data")
# The counts are varints: a longer run may take a byte more here and there, never a context more.
if [ "$big" -le $((small + small / 20)) ] && [ "$big" -lt 65536 ]; then
  ok "data file follows the code, not the run: $small bytes (3000 deep, once), $big (12000 deep, 4 times)"
else not_ok "data file follows the code, not the run" "$small bytes (3000 deep, once), $big (12000 deep, 4 times)"; fi
/usr/bin/time -o "$TMP/time" -f '%M %U' "$RVPMU" stat -e "$EVENTS" "$TMP/rec-big.elf" >/dev/null 2>&1 </dev/null
read -r _ STAT_USER <"$TMP/time"
echo "# record ${USER}s user, stat ${STAT_USER}s user (a short run: startup dominates; make bench has the ratios)"

# Exact counts.
rv report -i "$TMP/big.data" --json
cp "$TMP/out" "$TMP/big.json"
rv stat -x , -e "$EVENTS" "$TMP/rec-big.elf"
ok=1
for e in ${EVENTS//,/ }; do
  want=$(csv_count "$TMP/err" "$e")
  got=$(jq -r --arg e "$e" '.totals[$e]' "$TMP/big.json")
  [ "$want" = "$got" ] || { ok=0; not_ok "totals: $e = rvpmu stat's" "stat $want, report $got"; }
done
[ $ok = 0 ] || ok "totals = rvpmu stat's ($EVENTS)"

# jq: self and inclusive counts of a function, by name.
self() { jq --arg f "$1" --arg e "$2" '[.entries[] | select(.symbol == $f) | .self[$e]] | add // 0' "$TMP/big.json"; }
incl() { jq --arg f "$1" --arg e "$2" '[.entries[] | select(.symbol == $f) | .inclusive[$e]] | add // 0' "$TMP/big.json"; }
calls() { jq --arg f "$1" '[.entries[] | select(.symbol == $f) | .calls] | add // 0' "$TMP/big.json"; }
for e in instructions cycles loads; do
  check_eq "inclusive $e: deep (a recursive leaf) = its self" "$(incl deep $e)" "$(self deep $e)"
  check_eq "inclusive $e: walk (recursion through pointers) = its self" "$(incl walk $e)" "$(self walk $e)"
  check_eq "inclusive $e: is_even = is_even + is_odd (mutual recursion)" "$(incl is_even $e)" \
    "$(($(self is_even $e) + $(self is_odd $e)))"
  want=$(($(self run_all $e) + $(incl deep $e) + $(incl is_even $e) + $(incl chain $e) + $(incl walk $e) +
    $(incl jumper $e)))
  check_eq "inclusive $e: run_all = its self + its callees' inclusive (across the longjmp)" "$(incl run_all $e)" "$want"
  check_eq "inclusive $e: jumper = its self + dive + after" "$(incl jumper $e)" \
    "$(($(self jumper $e) + $(incl dive $e) + $(incl after $e)))"
done
for f in deep is_even is_odd chain walk dive after; do
  guest=$(awk -v f="$f" '$1 == "C" && $2 == f { print $3 }' "$TMP/big.guest")
  check_eq "calls: $f = the guest's count ($guest)" "$(calls $f)" "$guest"
done

# Folded stacks: one level per function, and after() back under jumper once dive is unwound.
rv report -i "$TMP/big.data" --folded "$TMP/folded" --event instructions
sum=$(awk '{ s += $NF } END { print s }' "$TMP/folded")
check_eq "folded: instructions add up to the total" "$sum" "$(jq '.totals.instructions' "$TMP/big.json")"
deepest=$(awk '{ n = split($1, f, ";"); if (n > m) m = n } END { print m }' "$TMP/folded")
if [ "${deepest:-99}" -le 12 ]; then ok "folded: recursion folds ($deepest frames at most)"
else not_ok "folded: recursion folds" "$deepest frames" "$(sort -t';' -k1 "$TMP/folded" | head -5)"; fi
if grep -q ';deep;deep ' "$TMP/folded" && ! grep -q 'deep;deep;deep' "$TMP/folded"; then
  ok "folded: deep opens one level below itself, no more"
else not_ok "folded: deep opens one level below itself, no more" "$(grep deep "$TMP/folded" | head -5)"; fi
if grep -q ';jumper;after ' "$TMP/folded" && ! grep -q 'dive.*;after' "$TMP/folded"; then
  ok "folded: after() runs under jumper, not under the abandoned dive() frames"
else not_ok "folded: after() under jumper after the longjmp" "$(grep after "$TMP/folded")"; fi

# --call-depth: at most N levels below the root (+1 for the function running); same totals.
rv record --call-depth 3 -e "$EVENTS" -o "$TMP/d3.data" "$TMP/rec-small.elf"
expect_status "record --call-depth 3" 0
rv report -i "$TMP/d3.data" --folded "$TMP/folded3" --event instructions
deepest=$(awk '{ n = split($1, f, ";"); if (n > m) m = n } END { print m }' "$TMP/folded3")
sum=$(awk '{ s += $NF } END { print s }' "$TMP/folded3")
rv report -i "$TMP/small.data" --json
if [ "${deepest:-99}" -le 4 ] && [ "$sum" = "$(jq '.totals.instructions' "$TMP/out")" ]; then
  ok "--call-depth 3: at most 4 frames ($deepest), the same total ($sum)"
else not_ok "--call-depth 3: at most 4 frames, the same total" "$deepest frames, sum $sum"; fi
rv record --call-depth -1 "$TMP/rec-small.elf"
expect_error "record --call-depth -1 is refused" "--call-depth needs a number of levels"
