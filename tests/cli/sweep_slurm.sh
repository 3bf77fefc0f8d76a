#!/usr/bin/env bash
# rvpmu sweep --engine slurm on a real one-node Slurm (Debian slurm-wlm and munge): the test
# writes a slurm.conf for this host, starts munged, slurmctld and slurmd itself (no systemd
# needed), runs the 3x3 sweep of tests/cli/sweep.sh as a job array, compares the table with
# the local engine's, does the same with --no-wait and --merge, and stops everything it started.
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"

for p in work.c count.S uart.c; do build_guest "${p%.*}" rv32 "$p"; done
source "$CLI_DIR/sweep_lib.sh"

missing=
for b in munged slurmctld slurmd sbatch squeue; do
  command -v "$b" >/dev/null || [ -x "/usr/sbin/$b" ] || missing+=" $b"
done
if [ -n "$missing" ]; then
  not_ok "slurm: the Debian packages slurm-wlm and munge are installed (scripts/deps.sh)" "missing:$missing"
  exit 0
fi
PATH=$PATH:/usr/sbin

S=$TMP/slurm
mkdir -p "$S/state" "$S/spool" "$S/munge"
chmod 700 "$S/munge"
user=$(id -un)
host=$(hostname -s)
port=$((20000 + $$ % 20000))
pids=()
stop_all() {
  [ -n "${SLURM_CONF:-}" ] && scancel --quiet --user="$user" 2>/dev/null
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
  for p in "${pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$p" 2>/dev/null
  done
  rm -rf "$TMP"
}
trap stop_all EXIT

# munge: a fresh key and a private socket.
dd if=/dev/urandom of="$S/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$S/munge/munge.key"
munged --foreground --force --key-file="$S/munge/munge.key" --socket="$S/munge/munge.socket" \
  --pid-file="$S/munge/munged.pid" --log-file="$S/munge/munged.log" --seed-file="$S/munge/munged.seed" \
  >/dev/null 2>&1 &
pids+=($!)
for _ in $(seq 50); do [ -S "$S/munge/munge.socket" ] && break; sleep 0.1; done

cat >"$S/slurm.conf" <<CONF
ClusterName=rvpmutest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$S/munge/munge.socket
StateSaveLocation=$S/state
SlurmdSpoolDir=$S/spool
SlurmctldPidFile=$S/slurmctld.pid
SlurmdPidFile=$S/slurmd.pid
SlurmctldLogFile=$S/slurmctld.log
SlurmdLogFile=$S/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
MaxArraySize=1001
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=rvpmu Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$S/slurm.conf
slurmctld -D -i -f "$SLURM_CONF" >"$S/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" >"$S/slurmd.out" 2>&1 &
pids+=($!)
up=
for _ in $(seq 300); do
  if sinfo -h -o '%t' 2>/dev/null | grep -Eq '^(idle|mix|alloc)'; then up=1; break; fi
  sleep 0.1
done
if [ -n "$up" ]; then ok "slurm: munged, slurmctld and slurmd up on $host"
else
  not_ok "slurm: munged, slurmctld and slurmd up on $host" "$(sinfo 2>&1 | head -3)" "$(tail -5 "$S/slurmctld.log" 2>&1)" \
    "$(tail -5 "$S/slurmd.log" 2>&1)" "$(tail -3 "$S/munge/munged.log" 2>&1)"
  exit 0
fi

sweep_spec3x3 >"$TMP/spec.json"
rv sweep "$TMP/spec.json" -o "$TMP/local" --jobs 2
expect_status "slurm: the local reference sweep runs" 0

RV_TIMEOUT=120 rv sweep "$TMP/spec.json" -o "$TMP/slurm-out" --engine slurm --slurm-opts "--partition=rvpmu --time=5"
expect_status "sweep --engine slurm: status 0" 0
arrays=$(ls "$TMP/slurm-out/logs/" | sed -n 's/^slurm-\([0-9]*\)_[0-8]\.out$/\1/p' | sort -u)
if grep -Eq "submitted 9 jobs as Slurm job $arrays\$" "$TMP/err" && [ "$(wc -l <<<"$arrays")" = 1 ]; then
  ok "slurm: one job array ($arrays) of 9 tasks"
else not_ok "slurm: one job array of 9 tasks" "array job ids: $arrays" "$(last_run)"; fi
check_eq "slurm engine: the same results.csv as the local engine" "$(cat "$TMP/slurm-out/results.csv" 2>&1)" "$(cat "$TMP/local/results.csv")"
check_eq "slurm engine: each array task wrote its Slurm log" "$(ls "$TMP/slurm-out/logs/" | grep -c '^slurm-[0-9]*_[0-8]\.out$')" 9
check_eq "slurm engine: every count equals a single rvpmu stat run" "$(compare_with_stat "$TMP/slurm-out")" ""

# --no-wait submits and returns; --merge later gives the same table.
rv sweep "$TMP/spec.json" -o "$TMP/nowait" --engine slurm --no-wait
expect_status "sweep --engine slurm --no-wait: status 0" 0
for _ in $(seq 600); do
  [ "$(ls "$TMP/nowait/jobs/" | grep -c '^[0-9]*\.json$')" = 9 ] && [ -z "$(squeue -h 2>/dev/null)" ] && break
  sleep 0.1
done
rv sweep --merge "$TMP/nowait"
expect_status "sweep --merge after --no-wait: status 0" 0
check_eq "--no-wait then --merge: the same results.csv" "$(cat "$TMP/nowait/results.csv" 2>&1)" "$(cat "$TMP/local/results.csv")"

# --resume through Slurm submits only the jobs without a result (a sparse array: 1,4-5).
rm -f "$TMP/slurm-out/jobs/1.json" "$TMP/slurm-out/jobs/4.json" "$TMP/slurm-out/jobs/5.json"
result_files "$TMP/slurm-out" >"$TMP/kept"
RV_TIMEOUT=120 rv sweep "$TMP/spec.json" -o "$TMP/slurm-out" --engine slurm --resume
expect_status "slurm --resume: status 0" 0
if grep -q "6 of 9 jobs have results; running the other 3" "$TMP/err" && grep -q "submitted 3 jobs" "$TMP/err"
then ok "slurm --resume submits only the 3 jobs without a result"
else not_ok "slurm --resume submits only the 3 jobs without a result" "$(last_run)"; fi
check_eq "slurm --resume: the other results untouched" \
  "$(result_files "$TMP/slurm-out" | join - "$TMP/kept" | awk '$2 != $4 || $3 != $5')" ""
check_eq "slurm --resume: the same results.csv again" "$(cat "$TMP/slurm-out/results.csv")" "$(cat "$TMP/local/results.csv")"
