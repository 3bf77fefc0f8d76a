#!/usr/bin/env bash
# rvpmu sweep: 3 core configurations x 3 workloads with --jobs 2, every count equal to a single
# 'rvpmu stat' run; failing and timed-out workloads as rows; --resume after a kill; the GNU
# parallel engine's table equal to the local one; bad specs refused before any job; the
# summary picture, rendered by Chromium, with its bars and its line chart.
# (The Slurm engine has its own script: tests/cli/sweep_slurm.sh.)
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"

# rv32imc: Ibex runs them, and has no A (work.c then leaves out its AMO).
for p in work.c count.S uart.c stride.c; do build_guest "${p%.*}" rv32 "$p" -march=rv32imc; done
build_guest fail7 rv32 count.S '-DEXIT_VALUE=(7<<16|0x3333)'
build_guest loop rv32 loop.S
source "$CLI_DIR/sweep_lib.sh"

# --- 3 x 3 with --jobs 2: the table is exactly the single runs'.
sweep_spec3x3 >"$TMP/spec.json"
rv sweep "$TMP/spec.json" -o "$TMP/local" --jobs 2
expect_status "sweep 3x3 --jobs 2: status 0" 0
check_eq "results.csv header" "$(head -1 "$TMP/local/results.csv")" "core,options,workload,event,count,status"
check_eq "results.csv: 9 jobs x 5 events" "$(($(wc -l <"$TMP/local/results.csv") - 1))" 45
check_eq "every count equals a single rvpmu stat run" "$(compare_with_stat "$TMP/local")" ""
check_eq "ibex cannot count L1-dcache-load-misses: not-counted rows" \
  "$(grep -c '^ibex,.*,L1-dcache-load-misses,,not-counted$' "$TMP/local/results.csv")" 6
check_eq "results.json holds the same rows" "$(json_rows_as_csv "$TMP/local/results.json")" "$(tail -n +2 "$TMP/local/results.csv")"
check_eq "per-job JSON: version, ELF SHA-256, full command, stat output" "$(check_job_json "$TMP/local")" ""
check_eq "derived.csv: IPC and CPI from cycles and instructions" "$(check_derived "$TMP/local")" ""
if grep -q "9/9 jobs done" "$TMP/err"; then ok "local engine reports progress (done/total, ETA)"
else not_ok "local engine reports progress" "$(last_run)"; fi

# --- The GNU parallel engine gives the same table and keeps its joblog.
rv sweep "$TMP/spec.json" -o "$TMP/par" --jobs=2 --engine=parallel --parallel-opts "--delay=0 --halt=never"
expect_status "sweep --engine parallel: status 0" 0
check_eq "parallel engine: the same results.csv" "$(cat "$TMP/par/results.csv")" "$(cat "$TMP/local/results.csv")"
check_eq "parallel engine: joblog kept, one line per job" "$(($(wc -l <"$TMP/par/parallel.joblog") - 1))" 9

# --- A failing workload, a timed-out one (--max-insns) and one killed by the wall-clock limit
# are rows with their status while the others complete.
cat >"$TMP/fail.json" <<JSON
{"cores": ["generic", "ibex,counters=10"], "workloads": ["fail7.elf", "loop.elf", "work.elf"],
 "events": ["instructions", "cycles"], "run": {"platform": "virt", "max_insns": 200000}}
JSON
rv sweep "$TMP/fail.json" -o"$TMP/fail" -j2
expect_status "sweep with failing jobs: status 0 (failures are rows)" 0
check_eq "statuses: exit 7, timeout, ok" "$(awk -F, 'NR > 1 && $4 == "instructions" { print $1 ":" $3 ":" $6 }' "$TMP/fail/results.csv" | paste -sd' ')" \
  "generic:fail7:exit 7 generic:loop:timeout generic:work:ok ibex:fail7:exit 7 ibex:loop:timeout ibex:work:ok"
check_eq "a timed-out job still has its counts (200000 instructions)" \
  "$(awk -F, '$1 == "generic" && $3 == "loop" && $4 == "instructions" { print $5 }' "$TMP/fail/results.csv")" 200000
cat >"$TMP/wall.json" <<JSON
{"cores": ["generic"], "workloads": ["loop.elf", "work.elf"], "events": ["instructions"],
 "run": {"platform": "virt", "timeout_s": 0.5}}
JSON
rv sweep "$TMP/wall.json" -o "$TMP/wall" --jobs 2
check_eq "wall-clock timeout_s: the endless job is a timeout row, the other ok" \
  "$(tail -n +2 "$TMP/wall/results.csv" | cut -d, -f3,6 | paste -sd' ')" "loop,timeout work,ok"

# A crash of rvpmu stat itself (here a stand-in that dies of SIGSEGV, put in the plan in place
# of rvpmu) is a row with its signal, and the job's own status stays in its result.
printf '#!/bin/sh\nkill -SEGV $$\n' >"$TMP/crasher"
chmod +x "$TMP/crasher"
python3 - "$TMP/wall/plan.json" "$TMP/crasher" <<'PY'
import json, sys
plan = json.load(open(sys.argv[1])); plan["rvpmu"] = sys.argv[2]
json.dump(plan, open(sys.argv[1], "w"))
PY
rm -f "$TMP/wall/jobs/1.json"
rv sweep --job "$TMP/wall" 1
expect_status "sweep --job: a crashed job is recorded (status 0)" 0
rv sweep --merge "$TMP/wall"
check_eq "a crashed rvpmu stat is an error row naming its signal" \
  "$(tail -n +2 "$TMP/wall/results.csv" | cut -d, -f3,6 | paste -sd' ')" "loop,timeout work,error: rvpmu stat crashed (signal 11: Segmentation fault)"

# A result file that is not JSON (written by hand, or a disk that lost it) is an error row too.
echo '{"status": "ok", "stat": {' >"$TMP/wall/jobs/0.json"
rv sweep --merge "$TMP/wall"
check_eq "an unreadable result is an error row, not a gap" "$(sed -n 2p "$TMP/wall/results.csv" | cut -d, -f3,6 | cut -c1-43)" \
  "loop,error: unreadable result jobs/0.json ("
rv sweep "$TMP/wall.json" -o "$TMP/wall" --resume
if [ "$st" = 0 ] && grep -q "1 of 2 jobs have results; running the other 1" "$TMP/err"; then ok "--resume runs a job whose result is unreadable again"
else not_ok "--resume runs a job whose result is unreadable again" "$(last_run)"; fi

# --- --resume after killing a sweep half-way: finished jobs are not run again. Each job runs
# long enough (an endless loop up to SLOW_INSNS) to be caught half-way, also on the slower
# sanitizer build.
case $RVPMU in */asan/*) SLOW_INSNS=${SLOW_INSNS:-15000000} ;; esac
cat >"$TMP/slow.json" <<JSON
{"cores": ["generic,counters={1..6}"], "workloads": ["loop.elf"], "events": ["instructions"],
 "run": {"platform": "virt", "max_insns": ${SLOW_INSNS:-150000000}}}
JSON
setsid "$RVPMU" sweep "$TMP/slow.json" -o "$TMP/slow" --jobs 1 >/dev/null 2>&1 &
pid=$!
for _ in $(seq 600); do
  [ "$(ls "$TMP/slow/jobs/" 2>/dev/null | grep -c '^[0-9]*\.json$')" -ge 2 ] && break
  sleep 0.1
done
kill -KILL -- -"$pid" 2>/dev/null
wait "$pid" 2>/dev/null
done_before=$(ls "$TMP/slow/jobs/" | grep -c '^[0-9]*\.json$')
if [ "$done_before" -ge 2 ] && [ "$done_before" -lt 6 ]; then ok "killed sweep: $done_before of 6 jobs recorded"
else not_ok "killed sweep half-way" "$done_before results"; fi
check_eq "no job of the killed sweep runs on" "$(processes_running "sweep --job $TMP/slow")" 0
# A TERM to the sweep itself (or Ctrl-C): the running jobs stop, what is done is merged.
"$RVPMU" sweep "$TMP/slow.json" -o "$TMP/term" --jobs 2 >/dev/null 2>"$TMP/term.err" &
pid=$!
for _ in $(seq 600); do
  [ "$(ls "$TMP/term/jobs/" 2>/dev/null | grep -c '^[0-9]*\.json$')" -ge 1 ] && break
  sleep 0.1
done
kill -TERM "$pid"
wait "$pid"
term_st=$?
if [ "$term_st" = 130 ] && grep -q "interrupted (Terminated); --resume runs the jobs without a result" "$TMP/term.err" &&
  [ "$(grep -c ',error: no result' "$TMP/term/results.csv" 2>/dev/null)" -ge 1 ]; then
  ok "TERM to a sweep: status 130, running jobs stopped, the rest merged as error rows"
else not_ok "TERM to a sweep: status 130, running jobs stopped, the rest merged" "status $term_st" "$(cat "$TMP/term.err")"; fi
check_eq "no job of the terminated sweep runs on" "$(processes_running "sweep --job $TMP/term")" 0

rv sweep --merge "$TMP/slow"
expect_status "merge of an incomplete sweep: status 1" 1
check_eq "merge never drops a job: missing results are error rows" \
  "$(grep -c ',error: no result' "$TMP/slow/results.csv")" "$((6 - done_before))"
result_files "$TMP/slow" >"$TMP/before"
RV_TIMEOUT=300 rv sweep "$TMP/slow.json" -o "$TMP/slow" --resume --jobs 2
expect_status "sweep --resume: status 0" 0
if grep -q "$done_before of 6 jobs have results; running the other $((6 - done_before))" "$TMP/err"; then ok "--resume runs only the jobs without a result"
else not_ok "--resume runs only the jobs without a result" "$(last_run)"; fi
result_files "$TMP/slow" >"$TMP/after"
check_eq "--resume left the finished jobs' results untouched" "$(join "$TMP/before" "$TMP/after" | awk '$2 != $4 || $3 != $5' | wc -l)" 0
check_eq "--resume: no temporary file of the killed jobs is left" "$(ls "$TMP/slow/jobs/" | grep -v '^[0-9]*\(\.stat\)\?\.json$')" ""
check_eq "--resume: all 6 jobs have a result" "$(tail -n +2 "$TMP/slow/results.csv" | grep -c ',timeout$')" 6
rv sweep "$TMP/slow.json" -o "$TMP/slow"
expect_error "a second sweep into the same DIR needs --resume" "holds a sweep already"

# --- Brace expansion in core strings, as the shell does it: lists, ranges, nesting, several
# groups multiplying (a group without a comma stays as written: see the bad specs).
cat >"$TMP/braces.json" <<JSON
{"cores": ["generic,counters={1..3}", "ibex,{counters=2,counters={4,5}},mem_wait={0,1}"],
 "workloads": ["work.elf"], "events": ["cycles"], "run": {"platform": "virt"}}
JSON
rv sweep "$TMP/braces.json" -o "$TMP/braces" --jobs 2
check_eq "brace expansion: the planned core configurations" \
  "$(python3 -c 'import json,sys; print(" ".join(j["core_spec"] for j in json.load(open(sys.argv[1]))["jobs"]))' "$TMP/braces/plan.json" 2>&1)" \
  "generic,counters=1 generic,counters=2 generic,counters=3 ibex,counters=2,mem_wait=0 ibex,counters=2,mem_wait=1 ibex,counters=4,mem_wait=0 ibex,counters=4,mem_wait=1 ibex,counters=5,mem_wait=0 ibex,counters=5,mem_wait=1"

# --- Bad specs: one clear error naming the place, status 2, before any job (no DIR made).
bad() { # NAME REGEX JSON
  printf '%s\n' "$3" >"$TMP/bad.json"
  rm -rf "$TMP/badout"
  rv sweep "$TMP/bad.json" -o "$TMP/badout"
  if [ "$st" = 2 ] && [ "$(wc -l <"$TMP/err")" = 1 ] && grep -Eq -- "$2" "$TMP/err" && [ ! -e "$TMP/badout" ]; then ok "bad spec: $1"
  else not_ok "bad spec: $1" "expected one line matching /$2/, status 2, no $TMP/badout" "$(last_run)"; fi
}
W='"workloads": ["work.elf"]'
bad "unknown core" 'cores\[1\] "nosuchcore": .*nosuchcore' "{\"cores\": [\"generic\", \"nosuchcore\"], $W, \"events\": [\"cycles\"]}"
bad "unknown option (after brace expansion)" 'cores\[0\] "ibex,\{counters=2,colour=red\}" \(ibex,colour=red\): .*colour' \
  "{\"cores\": [\"ibex,{counters=2,colour=red}\"], $W, \"events\": [\"cycles\"], \"run\": {\"platform\": \"virt\"}}"
bad "a brace group without a comma stays as written" 'cores\[0\] "generic,width=\{40\}": .*\{40\}' \
  "{\"cores\": [\"generic,width={40}\"], $W, \"events\": [\"cycles\"]}"
bad "unknown event" 'events\[1\] "cyclez": no core' "{\"cores\": [\"generic\"], $W, \"events\": [\"cycles\", \"cyclez\"]}"
bad "an event twice" 'events\[2\] "cycles" appears twice' "{\"cores\": [\"generic\"], $W, \"events\": [\"cycles\", \"loads\", \"cycles\"]}"
bad "missing ELF" 'workloads\[1\] "nothere.elf": .*nothere.elf: No such file' \
  "{\"cores\": [\"generic\"], \"workloads\": [\"work.elf\", \"nothere.elf\"], \"events\": [\"cycles\"]}"
bad "malformed JSON" 'bad.json:2:[0-9]+: malformed JSON' $'{"cores": ["generic"],\n "workloads": ["work.elf"] "events": []}'
bad "unknown key" '"event": unknown key' "{\"cores\": [\"generic\"], $W, \"event\": [\"cycles\"]}"
bad "unknown run setting" 'run.max_insn: unknown setting' "{\"cores\": [\"generic\"], $W, \"events\": [\"cycles\"], \"run\": {\"max_insn\": 5}}"
rv sweep "$TMP/spec.json" -o "$TMP/x" --engine condor
expect_error "unknown engine" "--engine: 'condor' is not one of local, parallel, slurm"
rv sweep "$TMP/spec.json" -o "$TMP/x" --resume=yes
expect_error "a flag given a value" "--resume takes no value"

# --- The picture: bars of CPI per workload and core, and MPKI against the swept cache size.
# (crt0 zeroes .bss, which brings the array into a cache that can hold it: 16 KiB keeps all but
# 8 lines, 64 KiB all of them.)
cat >"$TMP/cache.json" <<JSON
{"cores": ["generic,dcache={1024,4096,16384,65536}"], "workloads": ["stride.elf", "work.elf"],
 "events": ["cycles", "instructions", "L1-dcache-load-misses"], "run": {"platform": "virt"}}
JSON
rv sweep "$TMP/cache.json" -o "$TMP/cache" --jobs 2
expect_status "cache-size sweep: status 0" 0
check_eq "stride misses: every pass misses below 16 KiB, (almost) none from 16 KiB" \
  "$(awk -F, '$3 == "stride" && $4 == "L1-dcache-load-misses" { print $2 "=" $5 }' "$TMP/cache/results.csv" | paste -sd' ')" \
  "dcache=1024=2048 dcache=4096=2048 dcache=16384=8 dcache=65536=0"
check_eq "picture: check the summary of the 3x3 sweep and of the cache sweep" "$(check_picture "$TMP/local" 3 0; check_picture "$TMP/cache" 4 2)" ""
