#!/usr/bin/env bash
# The counts a speed change must keep: `rvpmu stat` of both RV32 bench workloads (3e7
# instructions, every event bench/run.sh counts) on every configuration, with RVPMU against
# REF (another build, e.g. main's before the change). Prints "same" or the differences per
# configuration and workload; exits 1 on any difference.
#   bench/same_counts.sh RVPMU REF
set -u
export LC_ALL=C
cd "$(dirname "$0")/.." || exit 2
[ $# = 2 ] || { sed -n 2,6p "$0" >&2; exit 2; }
new=$1 ref=$2 rc=0
# shellcheck source=bench/configs.sh
. bench/configs.sh
for config in generic $CONFIG_NAMES; do
  args=$(config_args "$config")
  events=$(config_events "$ref" "$config")
  for w in intmix32 callchase32; do
    # shellcheck disable=SC2086 # args is a list of options
    a=$("$ref" stat -x , $args --platform virt -e "$events" --max-insns 30000000 -- "build/bench/$w.elf" 2>&1 >/dev/null | grep -v 'host time')
    # shellcheck disable=SC2086
    b=$("$new" stat -x , $args --platform virt -e "$events" --max-insns 30000000 -- "build/bench/$w.elf" 2>&1 >/dev/null | grep -v 'host time')
    if [ -n "$a" ] && [ "$a" = "$b" ]; then echo "$config $w same"
    else echo "$config $w DIFFERENT"; diff <(echo "$a") <(echo "$b") | head -10; rc=1; fi
  done
done
exit $rc
