#!/usr/bin/env bash
# The commands of README.md and docs/ run as written, and the outputs the pages show are what
# they print (where those are deterministic: simulated counts, not host times), so the pages
# cannot go stale unnoticed (issue 25). prog.elf in the README stands for a program of the
# reader's: here tests/cli/programs/work.c. Commands that need what `make profile-programs`
# or `make linux` builds are skipped ("skip" lines) when those are missing.
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"

# fenced_block FILE N: the lines of the Nth ``` block of FILE (1-based), without the fences.
fenced_block() {
  awk -v n="$2" '/^```/ { k += (inside ? 0 : 1); inside = !inside; next } inside && k == n' "$1"
}

# block_after FILE REGEX: the number of the first ``` block after the first line matching REGEX.
block_after() {
  awk -v re="$2" '/^```/ { if (!inside) k++; inside = !inside; if (found && inside) { print k; exit } next }
                  !found && $0 ~ re { found = 1 }' "$1"
}

# shown_in_order NAME SHOWN ACTUAL: every line the page shows (but "..." lines) is a line of the
# actual output, in the same order.
shown_in_order() {
  local name=$1 missing
  missing=$(awk 'NR == FNR { if ($0 !~ /^ *\.\.\. *$/ && $0 != "") want[++n] = $0; next }
                 i < n && $0 == want[i + 1] { i++ }
                 END { if (i < n) print "first line not printed: " want[i + 1] }' <(printf '%s\n' "$2") <(printf '%s\n' "$3"))
  if [ -z "$missing" ]; then ok "$name"; else not_ok "$name" "$missing" "actual output:" "$3"; fi
}

build_guest work rv64 work.c

# The commands run in a scratch directory that sees the tree's build/, docs/, tests/ and
# linux-build/, so what they write (rvpmu.data, counts.svg, out/...) stays out of the tree.
W=$TMP/w
mkdir -p "$W"
for d in build docs tests linux-build; do ln -s "$ROOT/$d" "$W/$d"; done
cp "$TMP/work.elf" "$W/prog.elf"
rvpmu_abs=$RVPMU
# README's `rvpmu diff old.data new.data` compares two recordings: two of the same program.
(cd "$W" && "$rvpmu_abs" record -o old.data prog.elf && cp old.data new.data) >/dev/null 2>&1

# run_doc_command NAME COMMAND: runs one shown command line (./build/rvpmu replaced by the
# binary under test) in $W; $st, $TMP/out, $TMP/err as rv gives them.
run_doc_command() {
  local cmd=$2
  case $cmd in
    ./build/rvpmu\ *) cmd="$rvpmu_abs ${cmd#./build/rvpmu }" ;;
    build/rvpmu\ *) cmd="$rvpmu_abs ${cmd#build/rvpmu }" ;;
  esac
  (cd "$W" && timeout -k 2 "${RV_TIMEOUT:-60}" bash -c "$cmd" >"$TMP/out" 2>"$TMP/err" </dev/null)
  st=$?
}

# --- README.md, "Using it": every command exits as the page says (0: work.c passes).
n=$(block_after README.md '^## Using it')
fenced_block README.md "$n" | sed 's/  *#.*//' | awk '/\\$/ { sub(/\\$/, ""); line = line $0; next } { print line $0; line = "" }' >"$TMP/readme.cmds"
while IFS= read -r cmd; do
  [ -n "$cmd" ] || continue
  case $cmd in
    make*) continue ;; # the build the suite already ran
    *linux-build*)
      if [ ! -f linux-build/Image ]; then echo "skip README: $cmd (needs make linux)"; continue; fi
      [ "${DOCS_LINUX:-0}" = 1 ] || { echo "skip README: $cmd (a Linux boot: DOCS_LINUX=1 runs it)"; continue; } ;;
    *docs/sweeps/ibex.json*)
      if [ ! -f build/profiles/ibex-simple/crc32.elf ]; then echo "skip README: $cmd (needs make profile-programs)"; continue; fi ;;
  esac
  case $cmd in
    *--core\ ibex*) # "Ibex simple-system program": one of make profile-programs'
      if [ ! -f build/profiles/ibex-simple/crc32.elf ]; then echo "skip README: $cmd (needs make profile-programs)"; continue; fi
      cmd=${cmd//prog.elf/build/profiles/ibex-simple/crc32.elf} ;;
  esac
  run_doc_command "README" "$cmd"
  if [ "$st" = 0 ]; then ok "README runs: $cmd"; else not_ok "README runs: $cmd" "$(last_run)"; fi
done <"$TMP/readme.cmds"

# --- docs/stat-intervals.md: the table and CSV it shows for crc32 on Ibex.
if [ -f build/profiles/ibex-simple/crc32.elf ]; then
  cmd="./build/rvpmu stat -I 0.05 -e cycles,instructions,NumCyclesLSU,NumCyclesIF,loads --core ibex build/profiles/ibex-simple/crc32.elf"
  check "docs/stat-intervals.md shows: $cmd" grep -qF -- "${cmd%% build/profiles*}" <(fenced_block docs/stat-intervals.md 1 | tr -d '\\\n' | tr -s ' ')
  run_doc_command stat-intervals "$cmd"
  shown_in_order "docs/stat-intervals.md: the -I table" "$(fenced_block docs/stat-intervals.md 2)" "$(cat "$TMP/err")"
  run_doc_command stat-intervals "${cmd/stat -I 0.05/stat -I 0.05 -x ,}"
  shown_in_order "docs/stat-intervals.md: the -I CSV" "$(fenced_block docs/stat-intervals.md 3)" "$(cat "$TMP/err")"
else
  echo "skip docs/stat-intervals.md (needs make profile-programs)"
fi

# --- docs/sweeps.md: the worked example's first result rows.
if [ -f build/profiles/ibex-simple/crc32.elf ]; then
  run_doc_command sweeps "./build/rvpmu sweep docs/sweeps/ibex.json -o ibex-sweep --jobs 2"
  expect_status "docs/sweeps.md: the Ibex sweep runs" 0
  n=$(block_after docs/sweeps.md 'results.csv. begins')
  shown_in_order "docs/sweeps.md: results.csv begins as shown" "$(fenced_block docs/sweeps.md "$n")" "$(cat "$W/ibex-sweep/results.csv")"
else
  echo "skip docs/sweeps.md (needs make profile-programs)"
fi

# --- docs/profiling.md: the worked example (rows only: report's header lines are another
# page's business), built and recorded exactly as shown.
n=$(block_after docs/profiling.md '^Two commands answer')
n=$((n + 1))
fenced_block docs/profiling.md "$n" | awk '/\\$/ { sub(/\\$/, ""); line = line $0; next } { print line $0; line = "" }' >"$TMP/prof.cmds"
sed -i "s#^build/rvpmu #$rvpmu_abs #" "$TMP/prof.cmds"
(cd "$W" && bash -e "$TMP/prof.cmds" >"$TMP/out" 2>"$TMP/err" </dev/null)
st=$?
expect_status "docs/profiling.md: the example builds and records as shown" 0
for re in '^\$ build/rvpmu report --event NumCyclesLSU$' '^\$ build/rvpmu report --sort line --event NumCyclesLSU$' '^\$ build/rvpmu annotate -e NumCyclesLSU leaf$'; do
  n=$(awk -v re="$re" '/^```/ { k += inside ? 0 : 1; inside = !inside; next } inside && $0 ~ re { print k; exit }' docs/profiling.md)
  shown=$(fenced_block docs/profiling.md "$n")
  cmd=$(head -1 <<<"$shown")
  run_doc_command profiling "${cmd#\$ }"
  # the rows: report's lines with a mode column, annotate's count lines
  shown_in_order "docs/profiling.md: ${cmd#\$ }" "$(tail -n +2 <<<"$shown" | grep -E '\[[MSU]+\]|^ +[0-9.]+% \|')" "$(cat "$TMP/out")"
done
