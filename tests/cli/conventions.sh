#!/usr/bin/env bash
# perf's command-line conventions (issue 11 item 5): -e repeats and its lists add up; every long
# option with a value also takes --option=value; an unknown option is named in one line with
# status 2; `rvpmu list` and `rvpmu stat` agree on every event of every core (one that cannot
# occur counts 0); every help text names the four cores; stall cycles are shown as perf shows
# stalled-cycles-frontend/backend ("frontend cycles idle" as a share of cycles).
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"

build_guest work64 rv64 work.c || exit 0
build_guest work32 rv32 stalls.c -march=rv32imc || exit 0
build_guest loop64 rv64 loop.S || exit 0

# -e twice: both events, in order.
rv stat -x, -e cycles -e instructions,loads "$TMP/work64.elf"
events=$(cut -d, -f3 "$TMP/err" | tr '\n' ' ')
check_eq "stat -e cycles -e instructions,loads counts all three" "$st:$events" "0:cycles instructions loads "
rv stat -x, -ecycles --event instructions --event=loads "$TMP/work64.elf"
events=$(cut -d, -f3 "$TMP/err" | tr '\n' ' ')
check_eq "stat -ecycles --event X --event=Y add up" "$st:$events" "0:cycles instructions loads "

# record: -e repeats as in stat (perf record -e A -e B records both).
rv record -o "$TMP/two.data" -e cycles -e instructions,loads "$TMP/work64.elf"
rec_st=$st
rv report -i "$TMP/two.data" -x,
head=$(head -1 "$TMP/out")
if [ "$rec_st" = 0 ] && [ "$st" = 0 ] && grep -q cycles <<<"$head" && grep -q instructions <<<"$head" && grep -q loads <<<"$head"; then
  ok "record -e cycles -e instructions,loads records all three"
else
  not_ok "record -e cycles -e instructions,loads records all three" "$(last_run)"
fi

# --option=value is --option value, for every option that takes a value.
rv run --max-insns=1000 "$TMP/loop64.elf"
expect_status "run --max-insns=1000 stops the loop" 124
rv run --core=generic --isa=rv64imac --platform=virt --harts=2 --mem=64 --max-insns=1000 "$TMP/loop64.elf"
expect_status "run --core= --isa= --platform= --harts= --mem= --max-insns=" 124
rv run --core=ibex --platform=virt "$TMP/work32.elf"
expect_status "run --core=ibex" 0
rv run --firmware=none --dump-dtb="$TMP/x.dtb" "$TMP/work64.elf"
if [ "$st" = 0 ] && [ -s "$TMP/x.dtb" ]; then ok "run --firmware=none --dump-dtb=FILE"; else not_ok "run --firmware=none --dump-dtb=FILE" "$(last_run)"; fi
rv stat --field-separator=';' --output="$TMP/o.csv" -e instructions "$TMP/work64.elf"
if [ "$st" = 0 ] && grep -q ';instructions;' "$TMP/o.csv"; then ok "stat --field-separator=; --output=FILE"; else not_ok "stat --field-separator=; --output=FILE" "$(last_run)"; fi
rv list --core=cv32e40p
if [ "$st" = 0 ] && grep -q "core 'cv32e40p'" "$TMP/out"; then ok "list --core=cv32e40p"; else not_ok "list --core=cv32e40p" "$(last_run)"; fi
rv run --core=ibex,variant=rtl --platform virt "$TMP/work32.elf"
expect_status "run --core=ibex,variant=rtl (the value keeps its own '=')" 0
# A value that itself looks like --option=value stays whole, given after its option or after '='
# (fdtget, the device-tree reader, reads it back from /chosen/bootargs of the device tree the
# payload was given, which --dump-dtb writes).
if build_guest_at smode64 rv64 smode_shutdown.S 0x80200000; then
  for form in two-args equals; do
    if [ $form = two-args ]; then rv run --append "--x=y z" --dump-dtb "$TMP/b.dtb" "$TMP/smode64.elf"
    else rv run --append="--x=y z" --dump-dtb="$TMP/b.dtb" "$TMP/smode64.elf"; fi
    got=$(fdtget -t s "$TMP/b.dtb" /chosen bootargs 2>&1)
    check_eq "run --append '--x=y z' ($form): bootargs whole" "$st:$got" "0:--x=y z"
  done
fi
# An M-mode program is given no device tree: --append or --initrd would be lost, so they are refused.
rv run --append "console=ttyS0" "$TMP/work64.elf"
if [ "$st" = 2 ] && [ "$(wc -l <"$TMP/err")" = 1 ] && grep -q -- "--append needs an S-mode payload" "$TMP/err"; then
  ok "run --append with an M-mode program: refused in one line, status 2"
else
  not_ok "run --append with an M-mode program: refused in one line, status 2" "$(last_run)"
fi
(cd "$TMP" && rv stat -e instructions -o "--o=1.csv" -x, "$TMP/work64.elf" && exit "$st")
st=$?
if [ "$st" = 0 ] && grep -q ',instructions,' "$TMP/--o=1.csv"; then ok "stat -o '--o=1.csv' writes that file"; else not_ok "stat -o '--o=1.csv' writes that file" "$(last_run)"; fi

# An unknown option: one line naming it, status 2, for every command.
for cmd in run stat list record report annotate sweep; do
  rv $cmd --no-such-option "$TMP/work64.elf"
  if [ "$st" = 2 ] && [ "$(wc -l <"$TMP/err")" = 1 ] && grep -q -- "'--no-such-option'" "$TMP/err" && [ ! -s "$TMP/out" ]; then
    ok "$cmd --no-such-option: one line naming it, status 2"
  else
    not_ok "$cmd --no-such-option: one line naming it, status 2" "$(last_run)"
  fi
done
rv stat --no-such=1 "$TMP/work64.elf"
if [ "$st" = 2 ] && [ "$(wc -l <"$TMP/err")" = 1 ] && grep -q -- "'--no-such'" "$TMP/err"; then
  ok "stat --no-such=1: names --no-such"
else
  not_ok "stat --no-such=1: names --no-such" "$(last_run)"
fi

# list and stat agree: every event `rvpmu list --core C` prints is accepted by stat on C.
for core in generic ibex cv32e40p microblaze-v; do
  elf=$TMP/work32.elf plat="--platform virt"
  [ "$core" = generic ] && elf=$TMP/work64.elf
  rv list --core "$core"
  names=$(awk 'NR > 2 && NF { print $1 }' "$TMP/out")
  total=$(wc -w <<<"$names")
  bad=""
  while read -r chunk; do
    [ -n "$chunk" ] || continue
    # shellcheck disable=SC2086
    rv stat -x, --core "$core" $plat -e "$chunk" "$elf"
    [ "$st" = 0 ] || bad="$bad $chunk($(head -1 "$TMP/err"))"
  done < <(tr ' \n' '\n\n' <<<"$names" | grep . | paste -sd, | awk -F, '{ for (i = 1; i <= NF; i += 25) { s = $i; for (j = i + 1; j < i + 25 && j <= NF; j++) s = s "," $j; print s } }')
  if [ -z "$bad" ] && [ "$total" -gt 5 ]; then ok "stat --core $core accepts all $total events of list --core $core"
  else not_ok "stat --core $core accepts every listed event" "$bad"; fi
done
# CV32E40P's PIPE_STALL (no cluster in this configuration) is listed and counts 0.
rv stat -x, --core cv32e40p --platform virt -e PIPE_STALL,INSTR "$TMP/work32.elf"
check_eq "stat --core cv32e40p -e PIPE_STALL counts 0" "$st:$(csv_count "$TMP/err" PIPE_STALL)" "0:0"

# Every help text names the four cores.
for cmd in "" run stat list; do
  # shellcheck disable=SC2086
  rv $cmd --help
  missing=""
  for core in generic ibex cv32e40p microblaze-v; do grep -q "$core" "$TMP/out" || missing="$missing $core"; done
  check_eq "rvpmu $cmd --help names generic, ibex, cv32e40p, microblaze-v" "$missing" ""
done

# Stall cycles as perf words them: a share of cycles (Ibex: a taken branch refetches, counted in
# cycles-fetch-wait = NumCyclesIF; a load waits a cycle, cycles-lsu-wait = NumCyclesLSU).
rv stat -x, --core ibex --platform virt -e cycles,cycles-fetch-wait,cycles-lsu-wait "$TMP/work32.elf"
cyc=$(csv_count "$TMP/err" cycles) fetch=$(csv_count "$TMP/err" cycles-fetch-wait) lsu=$(csv_count "$TMP/err" cycles-lsu-wait)
want_f=$(awk -v a="$fetch" -v b="$cyc" 'BEGIN { printf "%.2f", 100 * a / b }')
want_l=$(awk -v a="$lsu" -v b="$cyc" 'BEGIN { printf "%.2f", 100 * a / b }')
got_f=$(awk -F, '$3 == "cycles-fetch-wait" { print $6 ":" $7 }' "$TMP/err")
got_l=$(awk -F, '$3 == "cycles-lsu-wait" { print $6 ":" $7 }' "$TMP/err")
check_eq "ibex cycles-fetch-wait: % frontend cycles idle" "$got_f" "$want_f:% frontend cycles idle"
check_eq "ibex cycles-lsu-wait: % backend cycles idle" "$got_l" "$want_l:% backend cycles idle"
[ "${fetch:-0}" -gt 0 ] && [ "${lsu:-0}" -gt 0 ] && ok "ibex work32: stalls counted" || not_ok "ibex work32: stalls counted" "fetch=$fetch lsu=$lsu"
