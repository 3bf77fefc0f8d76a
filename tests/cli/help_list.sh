#!/usr/bin/env bash
# --help of rvpmu and each command, and rvpmu list.
#
# The option strings are taken from the parser's source (tools/*.c): every string literal that
# starts with '-' in a command's file (plus tools/machine_options.c for run and stat, which both
# parse the machine options) must appear in that command's --help.
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"

# options_of FILE...: the option strings the parser compares against.
options_of() { grep -ho '"-[-A-Za-z0-9]*"' "$@" | tr -d '"' | sort -u; }

# mentions FILE OPTION: OPTION appears in FILE as a word of its own.
mentions() { grep -Eq -- "(^|[^-[:alnum:]])$2([^-[:alnum:]]|$)" "$1"; }

help_check() { # NAME COMMAND-WORDS SOURCES...
  local name=$1 cmd=$2 opt
  shift 2
  # shellcheck disable=SC2086
  rv $cmd --help
  cp "$TMP/out" "$TMP/help"
  if [ "$st" = 0 ] && [ -s "$TMP/help" ] && [ ! -s "$TMP/err" ]; then ok "$name --help: status 0, text on stdout"
  else not_ok "$name --help: status 0, text on stdout" "$(last_run)"; fi
  local opts
  opts=$(options_of "$@")
  [ -n "$opts" ] || not_ok "$name: found the options in $*"
  for opt in $opts; do
    if mentions "$TMP/help" "$opt"; then ok "$name --help mentions $opt"
    else not_ok "$name --help mentions $opt" "the parser in $* accepts '$opt'"; fi
  done
}

help_check "rvpmu" "" tools/main.c
help_check "rvpmu run" run tools/cmd_run.c tools/machine_options.c
help_check "rvpmu stat" stat tools/cmd_stat.c tools/machine_options.c
help_check "rvpmu list" list tools/cmd_list.c
help_check "rvpmu sweep" sweep tools/cmd_sweep.c
help_check "rvpmu record" record tools/cmd_record.c tools/machine_options.c
help_check "rvpmu report" report tools/cmd_report.c
help_check "rvpmu annotate" annotate tools/cmd_annotate.c
help_check "rvpmu diff" diff tools/cmd_diff.c

# The options tools/long_options.c keeps whole the value of (the argument after them) are
# exactly those that some command's --help shows with a value (an upper-case metavariable);
# sweep parses its own. (--bios is named in the text of --firmware as the same option.)
for c in run stat list record report annotate diff; do rv $c --help; cat "$TMP/out"; done >"$TMP/helps"
{ grep -q -- '--bios is the same' "$TMP/helps" && echo --bios; cat "$TMP/helps"; } |
  awk '/^ +-/ { n = 0; for (i = 1; i <= NF; i++) { w = $i; sub(/,$/, "", w); if (w ~ /^-/) o[++n] = w; else break }
                if (i <= NF && $i ~ /^[A-Z]/) for (k = 1; k <= n; k++) print o[k] }
       /^--bios$/ { print }' | sort -u >"$TMP/help-values"
grep -o '"-[-A-Za-z0-9]*"' tools/long_options.c | tr -d '"' | sort -u >"$TMP/table-values"
if diff "$TMP/help-values" "$TMP/table-values" >"$TMP/diff"; then ok "long_options.c's value options = the help texts' ($(wc -l <"$TMP/table-values"))"
else not_ok "long_options.c's value options = the help texts'" "$(cat "$TMP/diff")"; fi

# The top-level help names every command.
rv --help
for c in run stat list sweep record report annotate diff; do
  if grep -Eq "^ +$c( |$)" "$TMP/out"; then ok "rvpmu --help lists the command $c"
  else not_ok "rvpmu --help lists the command $c" "$(last_run)"; fi
done
rv -h
expect_status "rvpmu -h" 0
rv run -h
expect_status "rvpmu run -h" 0

# rvpmu list: one line per event with its selector. The events come from each profile's
# table in src/profiles/*.c (the names in a `..._events[] = { ... };` array; the core's name is
# its `.name`). A profile with variants has several tables: the default one must be listed in
# full, so one of the tables must match the list exactly.
rv list
cp "$TMP/out" "$TMP/list"
expect_status "list: status 0" 0
for src in src/profiles/*.c; do
  grep -q '_events\[\] = {' "$src" || continue
  core=$(sed -n 's/^ *\.name *= *"\([^"]*\)".*/\1/p' "$src" | head -1)
  if [ -z "$core" ]; then
    not_ok "list: the core name of $src"
    continue
  fi
  rv list --core "$core"
  listed=$(awk '/^ +[^ ]+ +r[0-9a-f]+ / { print $1 }' "$TMP/out" | sort | paste -sd' ' -)
  bad_lines=$(grep -E '^ +[^ ]' "$TMP/out" | grep -Evc '^ +[^ ]+ +r[0-9a-f]+ ')
  if [ "$st" = 0 ] && [ -n "$listed" ] && [ "$bad_lines" = 0 ]; then ok "list --core $core: every line has an rHEX selector"
  else not_ok "list --core $core: every line has an rHEX selector" "$(last_run)"; fi
  tables=$(awk '/_events\[\] = \{/ { n++; on = 1; next } on && /^};/ { on = 0 } on && match($0, /"[^"]*"/) {
    print n, substr($0, RSTART + 1, RLENGTH - 2) }' "$src")
  found=
  # shellcheck disable=SC2013 # table numbers, one word each
  for t in $(cut -d' ' -f1 <<<"$tables" | sort -u); do
    want=$(awk -v t="$t" '$1 == t { print $2 }' <<<"$tables" | sort | paste -sd' ' -)
    [ "$want" = "$listed" ] && found=$t
  done
  if [ -n "$found" ]; then ok "list --core $core shows every event of a table in $src"
  else not_ok "list --core $core shows every event of a table in $src" "listed: $listed" "tables: $(tr '\n' ' ' <<<"$tables")"; fi
done
# For the default core, each event's name and its selector count the same thing.
build_guest work rv64 work.c
grep -E '^ +[a-z]' "$TMP/list" | while read -r name sel _; do
  if [[ ! $sel =~ ^r[0-9a-f]+$ ]]; then
    not_ok "list: $name has a selector" "line: $name $sel"
    continue
  fi
  a=$(timeout 20 "$RVPMU" stat -x , -e "$name" "$TMP/work.elf" 2>&1 >/dev/null | awk -F, '{print $1}')
  b=$(timeout 20 "$RVPMU" stat -x , -e "$sel" "$TMP/work.elf" 2>&1 >/dev/null | awk -F, '{print $1}')
  if [ -n "$a" ] && [ "$a" = "$b" ]; then ok "stat -e $sel counts the same as -e $name ($a)"
  else not_ok "stat -e $sel counts the same as -e $name" "$name: '$a', $sel: '$b'"; fi
done
rv list --core generic,counters=4
expect_status "list --core generic,counters=4" 0

rv list --core nosuch
if [ "$st" = 2 ] && grep -q nosuch "$TMP/err"; then ok "list --core nosuch fails with 2 and a message"
else not_ok "list --core nosuch fails with 2 and a message" "$(last_run)"; fi
check_eq "list --core nosuch prints no event header on stdout" "$OUT" ""
rv list --core
if [ "$st" = 2 ] && [ -s "$TMP/err" ]; then ok "list --core without a value fails"
else not_ok "list --core without a value fails" "$(last_run)"; fi

exit 0
