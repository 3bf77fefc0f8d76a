#!/usr/bin/env bash
# rvpmu record of a Linux boot (the `boot` scenario of linux/rvpmu.sh: firmware, kernel,
# initramfs, init, power-off), reported with the kernel's symbols (rvpmu report --symbols
# vmlinux). Checks, printing "ok ..." / "not ok ..." lines (tests/run_all.sh linux counts them):
#   - record exits 0 and the init passed (RESULT PASS boot on the console);
#   - the counts add up to the totals, which equal rvpmu stat's of the same boot;
#   - with vmlinux (twice: at its link addresses, and @0x80200000 for the code that runs at
#     physical addresses before the MMU is on), the hottest S-mode functions are the kernel's
#     own (named in System.map), under 0.1% of the instructions are at unknown addresses (the
#     init's, whose ELF is not given, among them), the firmware's functions show in M mode;
#   - without it the kernel (a raw Image) has no names: --symbols is what names them.
# env: LINUX_BUILD=dir (default linux-build)  RVPMU=build/rvpmu  TIMEOUT=600 (s)
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${LINUX_BUILD:-$ROOT/linux-build}
RVPMU=${RVPMU:-$ROOT/build/rvpmu}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/rvpmu-linux-prof.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
EVENTS=cycles,instructions,loads,stores
SYMS=(--symbols "$OUT/vmlinux" --symbols "$OUT/vmlinux@0x80200000")
ok() { echo "ok $1"; }
not_ok() {
  echo "not ok $1"
  shift
  for d in "$@"; do head -15 <<<"$d" | sed 's/^/#   /'; done
}
for f in "$OUT/Image" "$OUT/vmlinux" "$OUT/System.map" "$OUT/initramfs.cpio"; do
  [ -f "$f" ] || { not_ok "linux profile: $f exists (make linux)"; exit 1; }
done
boot=(--mem 256 --max-insns 2000000000 --kernel "$OUT/Image" --initrd "$OUT/initramfs.cpio"
  --append "console=ttyS0 rvpmu.test=boot")

timeout "${TIMEOUT:-600}" "$RVPMU" record -e "$EVENTS" -o "$TMP/boot.data" "${boot[@]}" </dev/null >"$TMP/console" 2>"$TMP/err"
st=$?
if [ $st = 0 ] && grep -aq 'RESULT PASS boot' "$TMP/console"; then ok "linux profile: record of a boot (RESULT PASS boot)"
else not_ok "linux profile: record of a boot" "status $st" "$(tail -5 "$TMP/console")" "$(cat "$TMP/err")"; fi

timeout "${TIMEOUT:-600}" "$RVPMU" stat -x , -e "$EVENTS" "${boot[@]}" </dev/null >/dev/null 2>"$TMP/stat"
"$RVPMU" report -i "$TMP/boot.data" "${SYMS[@]}" --json >"$TMP/report.json" 2>"$TMP/err"
all_equal=1
for e in ${EVENTS//,/ }; do
  want=$(awk -F, -v e="$e" '$3 == e { print $1; exit }' "$TMP/stat")
  got=$(jq --arg e "$e" '.totals[$e]' "$TMP/report.json")
  sum=$(jq --arg e "$e" '[.entries[].self[$e]] | add' "$TMP/report.json")
  [ "$want" = "$got" ] && [ "$sum" = "$got" ] || { all_equal=0; not_ok "linux profile: $e: totals = stat = sum of self" "stat $want, totals $got, sum $sum"; }
done
[ $all_equal = 0 ] || ok "linux profile: totals = rvpmu stat's = sum of the self counts ($EVENTS)"

# The hottest functions by instructions, from the table (it marks the mode).
"$RVPMU" report -i "$TMP/boot.data" "${SYMS[@]}" --event instructions >"$TMP/table" 2>&1
awk '/^ / && / \[S\] / { print $NF }' "$TMP/table" | head -10 >"$TMP/top-s"
missing=
while read -r f; do
  grep -Eq " [tTwW] $f\$" "$OUT/System.map" || missing="$missing $f"
done <"$TMP/top-s"
if [ "$(wc -l <"$TMP/top-s")" = 10 ] && [ -z "$missing" ]; then
  ok "linux profile: the 10 hottest S-mode functions are kernel functions: $(paste -sd' ' "$TMP/top-s")"
else not_ok "linux profile: the 10 hottest S-mode functions are kernel functions" "not in System.map:$missing" "$(head -25 "$TMP/table")"; fi
unknown=$(jq '[.entries[] | select(.symbol == "[unknown]") | .self.instructions] | add // 0' "$TMP/report.json")
total=$(jq '.totals.instructions' "$TMP/report.json")
if [ "$((unknown * 1000))" -le "$total" ]; then ok "linux profile: under 0.1% of the instructions at unknown addresses ($unknown)"
else not_ok "linux profile: under 0.1% of the instructions at unknown addresses" "$unknown of $total"; fi
if grep -Eq ' \[M\] +sbi_' "$TMP/table" || grep -Eq ' \[M\] ' "$TMP/table"; then ok "linux profile: the firmware's functions in M mode"
else not_ok "linux profile: the firmware's functions in M mode" "$(head -25 "$TMP/table")"; fi

"$RVPMU" report -i "$TMP/boot.data" --event instructions >"$TMP/nosym" 2>&1
top=$(awk '/^ / { print $NF; exit }' "$TMP/nosym")
if [ "$top" = "[unknown]" ]; then ok "linux profile: without --symbols vmlinux the kernel has no names"
else not_ok "linux profile: without --symbols vmlinux the kernel has no names" "top entry: $top" "$(head -12 "$TMP/nosym")"; fi
