# shellcheck shell=bash
# Helpers of the sweep tests (sourced by tests/cli/sweep.sh and sweep_slurm.sh after lib.sh,
# with work.elf, count.elf and uart.elf built in $TMP).
[ "${BASH_SOURCE[0]}" != "$0" ] || exit 0 # run directly (by tests/run_all.sh's glob): nothing to do

# The 3 core configurations x 3 workloads spec (ELF paths relative to the spec in $TMP).
sweep_spec3x3() {
  cat <<'JSON'
{"cores": ["ibex,counters=10", "ibex,counters=10,multiplier=single-cycle,wb_stage=on", "generic,dcache=4096"],
 "workloads": ["work.elf", "count.elf", "uart.elf"],
 "events": ["cycles", "instructions", "branches", "loads", "L1-dcache-load-misses"],
 "run": {"platform": "virt", "max_insns": 10000000}}
JSON
}

# processes_running PATTERN: how many processes have PATTERN in their command line (no
# procps needed).
processes_running() {
  local p n=0
  for p in /proc/[0-9]*; do
    [ "$p" = "/proc/$$" ] && continue
    { tr '\0' ' ' <"$p/cmdline"; } 2>/dev/null | grep -qF -- "$1" && n=$((n + 1))
  done
  echo "$n"
}

# result_files DIR: "name mtime inode" of each job result DIR/jobs/ID.json, sorted by name.
result_files() {
  local f
  for f in "$1"/jobs/*.json; do
    [[ $(basename "$f") =~ ^[0-9]+\.json$ ]] && stat -c '%n %Y %i' "$f"
  done | sort
}

# compare_with_stat DIR: for each job of DIR's plan, runs 'rvpmu stat -x,' alone with its core,
# platform and countable events and prints every count of results.csv that differs (nothing
# when all agree).
compare_with_stat() {
  python3 - "$1" "$RVPMU" <<'PY'
import csv, json, subprocess, sys
d, rvpmu = sys.argv[1], sys.argv[2]
plan = json.load(open(f"{d}/plan.json"))
rows = {(r["core"], r["options"], r["workload"], r["event"]): r for r in csv.DictReader(open(f"{d}/results.csv"))}
for job in plan["jobs"]:
    counted = [e for e in plan["events"] if job["canonical"][e]]
    p = subprocess.run([rvpmu, "stat", "-x,", "-e", ",".join(counted), "--core", job["core_spec"],
                        "--platform", "virt", job["elf"]], capture_output=True, text=True)
    single = {line.split(",")[2]: line.split(",")[0] for line in p.stderr.splitlines() if line.count(",") >= 3}
    for e in plan["events"]:
        r = rows.get((job["core"], job["options"], job["workload"], e))
        want = single.get(e, "")
        if r is None or r["count"] != want:
            print(f"{job['core_spec']} {job['workload']} {e}: sweep {r and r['count']!r}, stat {want!r}")
PY
}

# json_rows_as_csv FILE: results.json's rows printed as results.csv's lines.
json_rows_as_csv() {
  python3 -c '
import csv, json, sys
w = csv.writer(sys.stdout, lineterminator="\n")
for r in json.load(open(sys.argv[1])):
    w.writerow([r["core"], r["options"], r["workload"], r["event"], "" if r["count"] is None else r["count"], r["status"]])' "$1"
}

# check_job_json DIR: what is wrong with the per-job results (nothing if all is right).
check_job_json() {
  python3 - "$1" "$RVPMU" <<'PY'
import hashlib, json, os, sys
d, rvpmu = sys.argv[1], os.path.realpath(sys.argv[2])
plan = json.load(open(f"{d}/plan.json"))
for job in plan["jobs"]:
    r = json.load(open(f"{d}/jobs/{job['id']}.json"))
    sha = hashlib.sha256(open(job["elf"], "rb").read()).hexdigest()
    problems = []
    if r["elf_sha256"] != sha: problems.append("sha256")
    if not r["rvpmu_version"] or r["rvpmu_version"] == "unknown": problems.append("version")
    if r["command"][:2] != [rvpmu, "stat"] or r["command"][-1] != job["elf"] or job["core_spec"] not in r["command"]:
        problems.append(f"command {r['command']}")
    st = r["stat"]
    if not st or st.get("core") is None or not st.get("events") or st.get("stop") != "exit":
        problems.append("stat output")
    if problems: print(job["id"], ", ".join(problems))
leftovers = [f for f in os.listdir(f"{d}/jobs") if ".tmp" in f]
if leftovers: print("temporary files left:", leftovers)
PY
}

# check_derived DIR: derived.csv's IPC and CPI against its cycles and instructions.
check_derived() {
  python3 -c '
import csv, sys
for r in csv.DictReader(open(sys.argv[1] + "/derived.csv")):
    i, c = int(r["instructions"]), int(r["cycles"])
    if abs(float(r["IPC"]) - i / c) > 1e-4 or abs(float(r["CPI"]) - c / i) > 1e-4:
        print(r)' "$1"
}

# check_picture DIR NSERIES NLINES: renders DIR/summary.svg with Chromium and prints what is
# wrong: the bar chart (top 520 pixel rows) must show each core configuration's colour as one
# bar per workload; with NLINES > 0 the line chart below must draw that many workload lines
# across most of its width.
check_picture() {
  local dir=$1 nser=$2 nlines=$3 charts=1 colours=('#0072B2' '#E69F00' '#009E73' '#CC79A7' '#56B4E9' '#D55E00')
  [ "$nlines" -gt 0 ] && charts=2
  if ! bash "$CLI_DIR/render_svg.sh" "$dir/summary.svg" "$dir/summary.png" 1100 $((520 * charts)) 2>"$TMP/render.log"; then
    echo "render: $(cat "$TMP/render.log")"
    return
  fi
  local nwork
  nwork=$(python3 -c 'import json,sys; print(len({j["workload"] for j in json.load(open(sys.argv[1]))["jobs"]}))' "$dir/plan.json")
  python3 "$CLI_DIR/png_inspect.py" "$dir/summary.png" --rows 40:360 "${colours[@]:0:$nser}" >"$TMP/bars.json"
  python3 - "$TMP/bars.json" "$nwork" <<'PY'
import json, sys
d, nwork = json.load(open(sys.argv[1])), int(sys.argv[2])
for name, c in d["colours"].items():
    if c["pixels"] < 500 or len(c["columns"]) != nwork:
        print(f"bars {name}: {c['pixels']} pixels in {len(c['columns'])} bars, expected {nwork}")
PY
  if [ "$nlines" -gt 0 ]; then
    python3 "$CLI_DIR/png_inspect.py" "$dir/summary.png" --rows 560:1000 "${colours[@]:0:$nlines}" >"$TMP/lines.json"
    python3 - "$TMP/lines.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for name, c in d["colours"].items():
    span = c["columns"][-1][1] - c["columns"][0][0] if c["columns"] else 0
    if c["pixels"] < 200 or span < 400:
        print(f"line {name}: {c['pixels']} pixels over {span} columns")
PY
  fi
}
