#!/usr/bin/env bash
# Boots the test system of linux/build.sh on rvpmu (its `virt` machine and rvpmu's own SBI
# firmware), runs one init scenario (docs/linux.md) and checks what the guest printed:
#
#   linux/rvpmu.sh [SCENARIO] [-- extra `rvpmu run` options]
#   SCENARIO: boot workload stat record user fw glibc all cmd narrow (default: all); kernel option
#             rvpmu.test= (narrow: no boot; a 16-bit counter core is refused for Linux)
#   env: LINUX_BUILD=dir  RVPMU=build/rvpmu  HARTS=1 (fw: 2)  MEM=256 (MiB)
#        INITRD=file (default <LINUX_BUILD>/initramfs.cpio)  APPEND="..." (added to the kernel's
#        command line)
#        TIMEOUT=300 (s)  MAX_INSNS=2000000000  LOG=file (default <LINUX_BUILD>/rvpmu-SCENARIO.log)
#        QUIET=1: do not copy the console to stdout (the log keeps it)
#        TWIN=build/linux/workload-twin.elf  TWIN_SETUP=build/linux/workload-twin-setup.elf
#             (stat, user, all: the host side of the comparison; `make guest` builds them)
#        STRICT=0|1: see MODEL_EVENTS_REQUIRED below
#
# Prints the console (unless QUIET=1; carriage returns removed), then one line per check, "ok
# WHAT" or "not ok WHAT: why", and a summary line. Exits 0 only if every check passed.
# Checks, by scenario:
#   every one  rvpmu exits 0 (the init powers off after RESULT PASS); the init prints its BOOT
#              marker and `RESULT PASS <scenario>`; the kernel found the SBI PMU ("SBI PMU
#              extension is available", "N firmware and M hardware counters", N and M > 0) and
#              did not warn that Sscofpmf is missing.
#   workload   its step exits 0 and prints its expected figures.
#   stat       perf's table: every event of STAT_RANGES has a count within its range; and,
#              against the host: `rvpmu stat` of the workload's bare-metal twin (TWIN, below)
#              runs first, and every event of TWIN_RANGES in perf's table is within its bounds
#              of the twin's count; the workload's check value is the twin's.
#   record     perf report --stdio: the hottest symbol is hot_loop of the workload; cold_loop is
#              named too (user symbols resolved); at least 100 samples.
#   user       cycles:u, instructions:u and branches:u within USER_RANGES; the instructions:u
#              report has hot_loop on top and no kernel ([k]) sample.
#   fw         2 harts (Linux brought up both); perf stat -a of the SBI firmware events: IPIs
#              sent and received and remote FENCE.I sent and received are all non-zero.
#   glibc      /bin/glibc (linux/glibc.c, Debian's riscv64-linux-gnu-gcc defaults: rv64gc, lp64d,
#              static glibc) exits 0 and prints its checked results.
#   all        = workload + stat + record.
#   cmd        runs rvpmu.cmd="..." (give it in APPEND); only the common checks.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${LINUX_BUILD:-$ROOT/linux-build}
RVPMU=${RVPMU:-$ROOT/build/rvpmu}
SCENARIO=${1:-all}
[ $# -gt 0 ] && shift
[ "${1:-}" = -- ] && shift

# ---- The switch for the generic core's cache, branch-predictor and TLB events -----------------
# 1 (the default): they must be counted and within range, and no event may be multiplexed (perf
#    prints no percentage): what issue 6 asks, and what the generic profile's models give.
# 0: those events may be "<not counted>" and any event may be multiplexed (perf scales its
#    estimate; the range is then widened by MUX_LO/MUX_HI): for a core without the models.
MODEL_EVENTS_REQUIRED=1
STRICT=${STRICT:-$MODEL_EVENTS_REQUIRED}

# ---- Expected ranges, from the figures the workload prints -------------------------------------
# `workload: expected (user, both loops) instructions I branches B loads L` (linux/workload.c:
# I = 41,310,720, B = 10,262,144, L = 262,144). Bounds are bash integer expressions in I, B, L.
# `perf stat` without a modifier counts the workload's user and kernel time; what the kernel and
# the process start-up add is measured (docs/linux.md, "Counts on rvpmu") at 2.2% of I in
# instructions, 0.8% of B in branches and 172 K loads, and allowed up to X = I/10: nothing can
# add more branches or loads than it adds instructions. Why each bound:
#   cycles        1 per instruction on the generic core, whose models count misses but add no
#                 cycles (docs/events-generic.md): the instructions' range.
#   instructions  the loops' I, plus X.
#   branches      the loops' B, plus X.
#   branch-misses the bimodal predictor misses the exit of every loop call (64 cold, 1 hot: at
#                 least L/4096 = 64); the rest is start-up and kernel (85 K branches in all,
#                 measured; 8,206 of them missed, :k), so at most B/20 even if most missed.
#   L1-dcache-loads        the loops' L, plus X.
#   L1-dcache-load-misses  the cold loop reads 256 KiB, 8 times the 32 KiB LRU L1: each of its
#                 L loads misses (tests/guest/model_events.c checks the rule), plus at most X.
#   L1-icache-load-misses  the loops fit in two lines, so the misses are start-up and kernel
#                 code: at least 1, at most I/100.
#   dTLB-load-misses       the cold loop crosses a page every 64 loads, L/64 = 4096 times, and
#                 64 pages exceed the 32-entry LRU TLB: each crossing misses; the kernel adds
#                 2,145 (measured, :k), allowed up to L/8 in all.
#   iTLB-load-misses       the loops live in one page (user: 170 misses, measured); the kernel's
#                 interrupt and fault paths run through more pages than the 32 entries hold
#                 and miss 5,826 times (:k, measured, 106 timer ticks): 1..L/16.
#   r8000000000000005      SBI SET_TIMER (firmware event 5): Linux (HZ=250, no Sstc on rvpmu)
#                 arms the timer about once per 4 ms tick while the workload runs; at the
#                 generic core's 100 MHz a tick is 400,000 cycles, so I/800,000 (half the ticks
#                 of a CPI-1 run) .. I/50,000 (twice those of a CPI-4 run).
# model: "yes" for the events of the cache, predictor and TLB models (may be <not counted>
# unless STRICT=1); "no" for events that must always be counted.
#               event                   low          high         model
STAT_RANGES=(
	"cycles                  I            I+I/10       no"
	"instructions            I            I+I/10       no"
	"branches                B            B+I/10       no"
	"branch-misses           L/4096       B/20         yes"
	"L1-dcache-loads         L            L+I/10       yes"
	"L1-dcache-load-misses   L            L+I/10       yes"
	"L1-icache-load-misses   1            I/100        yes"
	"dTLB-load-misses        L/64         L/8          yes"
	"iTLB-load-misses        1            L/16         yes"
	"r8000000000000005       I/800000     I/50000      no"
)
# User mode only: start-up, three printf calls and exit add 26,639 instructions and 6,511
# branches (measured); the kernel would add ~860 K and ~77 K, which the upper bounds reject, so
# these ranges also check that :u filters the kernel out.
USER_RANGES=(
	"cycles:u                I            I+I/400      no"
	"instructions:u          I            I+I/400      no"
	"branches:u              B            B+B/400      no"
)
# ---- The guest against the host: the workload's bare-metal twin ------------------------------
# linux/workload_twin.c runs the workload's user-mode part (linux/workload_loops.h: the buffer
# fill, the cold and hot loops) on rvpmu without Linux, in U mode under Sv39 with 4 KiB pages as
# a Linux process does. Before booting, the stat, user and all scenarios take `rvpmu stat -x,
# -e EVENTS` of the twin (H, per event) and of its -setup build (S: the twin's own M-mode start-up, page
# tables and printing, without the work); then each perf count of the guest must lie within
# bash expressions in H, S (and I, B, L as above):
#   low  H-S for every event: the guest executes at least the twin's U-mode part, the same code
#        over the same buffer in the same order, under the same kind of translation.
#   high H + what the kernel and the process's start-up add: every allowance is about twice the
#        most measured on 1 or 2 harts (docs/linux.md, "The workload against its twin"), and
#        written in I because the kernel's share grows with the run's length (timer ticks):
#   cycles, instructions  measured H + 848 K (1 hart), + 897 K (2 harts): the kernel's 863 K,
#                 the start-up, printf and exit 27 K, less the twin's set-up; 2.2% of I. I/20.
#                 (cycles = instructions: the generic core has no timing model.)
#   branches      + 76 K, + 81 K (0.8% of B): I/200 (206 K).
#   branch-misses + 8.3 K, + 9.7 K (the kernel's branches, cold in the predictor): I/2000.
#   L1-dcache-loads        + 170 K, + 181 K (the kernel's loads): I/100 (413 K).
#   L1-dcache-load-misses  + 1.5 K, + 1.5 K: I/10000 (4,131).
#   L1-icache-load-misses  + 3.8 K, + 5.0 K (the kernel's code; the twin misses 2 lines more
#                 than its set-up: the loops'): I/4000 (10,327).
#   dTLB-load-misses       + 2.1 K, + 2.4 K (the twin: 4,097, the cold loop's 64 pages per
#                 pass): I/8000 (5,163).
#   iTLB-load-misses       + 6.0 K, + 6.1 K (the kernel's code pages; the twin's code is one
#                 page): I/3000 (13,770).
# r8000000000000005 (SBI SET_TIMER) has no host counterpart: only its STAT_RANGES row.
# model: as in STAT_RANGES (the host may not know those events yet either, unless STRICT=1).
#               event                   low          high         model
TWIN_RANGES=(
	"cycles                  H-S          H+I/20       no"
	"instructions            H-S          H+I/20       no"
	"branches                H-S          H+I/200      no"
	"branch-misses           H-S          H+I/2000     yes"
	"L1-dcache-loads         H-S          H+I/100      yes"
	"L1-dcache-load-misses   H-S          H+I/10000    yes"
	"L1-icache-load-misses   H-S          H+I/4000     yes"
	"dTLB-load-misses        H-S          H+I/8000     yes"
	"iTLB-load-misses        H-S          H+I/3000     yes"
)
# User mode only (the user scenario; :u events against the twin's events of the same name): the
# guest's user mode runs the twin's U-mode part plus the process's start-up, printf and exit,
# measured at +9,657 instructions and +2,351 branches over H-S; allowed about twice that.
TWIN_USER_RANGES=(
	"cycles:u                H-S          H-S+I/2000   no"
	"instructions:u          H-S          H-S+I/2000   no"
	"branches:u              H-S          H-S+B/2000   no"
)
TWIN=${TWIN:-$ROOT/build/linux/workload-twin.elf}
TWIN_SETUP=${TWIN_SETUP:-$ROOT/build/linux/workload-twin-setup.elf}
# A multiplexed count is perf's estimate (count * enabled / running): widen its range by these
# percentages (only when STRICT=0).
MUX_LO=80
MUX_HI=125

case $SCENARIO in fw) HARTS=${HARTS:-2} ;; *) HARTS=${HARTS:-1} ;; esac
INITRD=${INITRD:-$OUT/initramfs.cpio}
LOG=${LOG:-$OUT/rvpmu-$SCENARIO.log}

npass=0
nfail=0
ok() { echo "ok $1"; npass=$((npass + 1)); }
notok() { echo "not ok $1${2:+: $2}"; nfail=$((nfail + 1)); } # what [why]
check() { # condition-status what [why]
	if [ "$1" = 0 ]; then ok "$2"; else notok "$2${3:+: $3}"; fi
}

# step_output NAME: the lines between the BEGIN and END markers of step NAME.
step_output() {
	sed -n "/^=== RVPMU BEGIN $1 ===\$/,/^=== RVPMU END $1 status=/p" "$LOG" | sed '1d;$d'
}
step_status() { sed -n "s/^=== RVPMU END $1 status=\([0-9]*\) ===\$/\1/p" "$LOG" | tail -1; }

# Reads I, B, L from the workload's "expected" line in step $1; fails if it is not there.
# shellcheck disable=SC2034 # I, B, L, H, S are read by the range expressions ($((lo_e)))
I='' B='' L='' H='' S=''
expected_figures() {
	local line
	line=$(step_output "$1" | grep -a -m1 '^workload: expected' || true)
	if [[ $line =~ instructions\ ([0-9]+)\ branches\ ([0-9]+)\ loads\ ([0-9]+) ]]; then
		# shellcheck disable=SC2034 # read by the range expressions
		I=${BASH_REMATCH[1]} B=${BASH_REMATCH[2]} L=${BASH_REMATCH[3]}
		return 0
	fi
	notok "$1: the workload's expected figures" "no 'workload: expected' line"
	return 1
}

# check_table STEP TWIN RANGES...: parses the `perf stat` table of STEP and checks each event.
# TWIN=twin: the ranges are bounds in H and S, the twin's counts of the event (twin_host; for
# EVENT:u, of EVENT); TWIN=-: in I, B, L only.
check_table() {
	local step=$1 twin=$2 entry ev what lo_e hi_e model lo hi line count pct why lo_w hi_w note
	shift 2
	local table
	table=$(step_output "$step")
	for entry in "$@"; do
		read -r ev lo_e hi_e model <<<"$entry"
		what=$ev
		if [ "$twin" = twin ]; then
			H=${TWIN_H[${ev%:u}]:-} S=${TWIN_S[${ev%:u}]:-}
			if [ -z "$H" ] || [ -z "$S" ]; then
				if [ "$model" = yes ] && [ "$STRICT" != 1 ]; then
					ok "$step $ev against the twin: no host count (allowed until the generic core models it: STRICT=0)"
				else
					notok "$step $ev against the twin" "no count from rvpmu stat of the twin (H '$H', S '$S')"
				fi
				continue
			fi
			what="$ev against the twin (H $H, S $S)"
		fi
		lo=$((lo_e)) hi=$((hi_e))
		# "   41137601      cycles      # ...     (20.05%)"; counts may have thousands separators.
		line=$(grep -a -E "^ *([0-9][0-9,]*|<not counted>|<not supported>) +$ev( |\$)" <<<"$table" | head -1 || true)
		if [ -z "$line" ]; then
			notok "$step $what" "not in perf's table"
			continue
		fi
		count=$(sed -E 's/^ *([0-9][0-9,]*|<not counted>|<not supported>) .*/\1/' <<<"$line" | tr -d ,)
		pct=$(sed -n -E 's/.*\(([0-9.]+)%\) *$/\1/p' <<<"$line")
		case $count in
		'<not counted>' | '<not supported>')
			if [ "$model" = yes ] && [ "$STRICT" != 1 ]; then
				ok "$step $what $count (allowed until the generic core models it: STRICT=0; range $lo..$hi)"
			else
				notok "$step $what" "$count (range $lo..$hi)"
			fi
			continue
			;;
		esac
		why='' lo_w=$lo hi_w=$hi note=''
		if [ -n "$pct" ]; then
			if [ "$STRICT" = 1 ]; then
				why="multiplexed (on a counter $pct% of the time): STRICT=1 wants every event counted all the time"
			else
				lo_w=$((lo * MUX_LO / 100)) hi_w=$((hi * MUX_HI / 100))
				note=" (multiplexed, on a counter $pct% of the time: range $lo..$hi widened)"
			fi
		fi
		if [ -z "$why" ] && { [ "$count" -lt "$lo_w" ] || [ "$count" -gt "$hi_w" ]; }; then
			why="$count outside $lo_w..$hi_w"
		fi
		check "$([ -z "$why" ] && echo 0 || echo 1)" "$step $what $count in $lo_w..$hi_w$note" "$why"
	done
}

# twin_counts ELF ARRAY EVENTS: `rvpmu stat -x, -e EVENTS ELF` into ARRAY (event -> count);
# the twin's check value (hex, no 0x) into TWIN_CHECK. Fails with a not-ok line unless the run
# exits 0.
TWIN_CHECK=''
twin_counts() {
	local elf=$1 events=$3 out st count ev
	local -n into=$2
	out=$("$RVPMU" stat -x, -e "$events" "$elf" 2>&1 </dev/null)
	st=$?
	if [ "$st" != 0 ]; then
		notok "twin: rvpmu stat -x, -e $events $elf" "exit status $st: $(tail -3 <<<"$out" | tr '\n' ' ')"
		return 1
	fi
	TWIN_CHECK=$(sed -n 's/^workload-twin: check 0x\([0-9a-f]*\)$/\1/p' <<<"$out")
	# perf's CSV: count,unit,event,...; the console's lines (some hold commas) do not start with
	# a count and a comma.
	while IFS=, read -r count _ ev _; do
		# shellcheck disable=SC2034,SC2004 # a nameref to an associative array
		into[$ev]=$count
	done < <(grep -E '^[0-9]+,' <<<"$out")
}

# twin_host: the host side of the comparison, run before the boot: TWIN_H and TWIN_S for each
# event of TWIN_RANGES and TWIN_USER_RANGES (without :u) that rvpmu knows (`rvpmu list`); the
# rows of the others fail in check_table, but for the models' events with STRICT=0 (a core
# without the models).
declare -A TWIN_H=() TWIN_S=()
twin_host() {
	local known entry ev f events=''
	for f in "$TWIN" "$TWIN_SETUP"; do
		[ -f "$f" ] || { notok "twin: $f" "missing (make guest builds it)"; return 1; }
	done
	known=$("$RVPMU" list | awk '/^ +[A-Za-z]/ { print $1 }')
	for entry in "${TWIN_RANGES[@]}" "${TWIN_USER_RANGES[@]}"; do
		read -r ev _ <<<"$entry"
		ev=${ev%:u}
		if [[ ,$events, != *,$ev,* ]] && grep -qxF -- "$ev" <<<"$known"; then events=${events:+$events,}$ev; fi
	done
	twin_counts "$TWIN_SETUP" TWIN_S "$events" && twin_counts "$TWIN" TWIN_H "$events"
}

# check_twin_check STEP: the workload's "check" line in STEP is the twin's check value (the
# same loops over the same words; other code, or a wrong load, would give another sum).
check_twin_check() {
	local g
	g=$(step_output "$1" | sed -n 's/^workload: check \([0-9a-f]*\)$/\1/p' | head -1)
	# shellcheck disable=SC2001 # leading zeros off: perf's workload prints %lx
	check "$([ -n "$g" ] && [ "$g" = "$(sed 's/^0*//' <<<"$TWIN_CHECK")" ]; echo $?)" \
		"$1: the workload's check value ${g:-missing} is the twin's" "twin's: '${TWIN_CHECK:-missing}'"
}

# check_report STEP [user]: perf report --stdio of STEP: hot_loop on top, cold_loop present.
check_report() {
	local step=$1 out top
	out=$(step_output "$step")
	top=$(grep -a -E '^ +[0-9.]+% ' <<<"$out" | head -1 || true)
	check "$(grep -qE ' workload +\[\.\] hot_loop *$' <<<"$top"; echo $?)" \
		"$step: hot_loop on top of perf report" "top line: '${top:-none}'"
	check "$(grep -qaE '% +workload +workload +\[\.\] cold_loop *$' <<<"$out"; echo $?)" \
		"$step: cold_loop named in perf report (user symbols resolved)"
	if [ "${2:-}" = user ]; then
		check "$(! grep -qaE '^ +[0-9.]+% .*\[k\]' <<<"$out"; echo $?)" \
			"$step: no kernel samples with :u" "$(grep -aE '^ +[0-9.]+% .*\[k\]' <<<"$out" | head -1)"
	fi
}

# check_record STEP: perf record wrote at least 100 samples.
check_record() {
	local n
	n=$(step_output "$1" | sed -n -E 's/.*Captured and wrote .* \(([0-9]+) samples\).*/\1/p' | tail -1)
	check "$([ "${n:-0}" -ge 100 ]; echo $?)" "$1: perf record wrote ${n:-no} samples (>= 100)"
}

check_step_ok() { # step
	local st
	st=$(step_status "$1")
	check "$([ "$st" = 0 ]; echo $?)" "$1: step exit status ${st:-missing}"
}

check_workload() {
	check_step_ok workload
	expected_figures workload || true
}

check_stat() {
	check_step_ok stat
	if expected_figures stat; then
		check_table stat - "${STAT_RANGES[@]}"
		check_table stat twin "${TWIN_RANGES[@]}"
	fi
	check_twin_check stat
}

check_record_report() {
	check_step_ok record
	check_record record
	check_step_ok report
	check_report report
}

check_user() {
	check_step_ok stat-u
	if expected_figures stat-u; then
		check_table stat-u - "${USER_RANGES[@]}"
		check_table stat-u twin "${TWIN_USER_RANGES[@]}"
	fi
	check_step_ok record-u
	check_record record-u
	check_step_ok report-u
	check_report report-u user
}

check_fw() {
	local table ev name n
	check_step_ok fw
	check "$(grep -qaE "smp: Brought up 1 node, $HARTS CPUs?$" "$LOG"; echo $?)" "fw: Linux brought up $HARTS harts"
	table=$(step_output fw)
	# SBI firmware event codes: 6 IPI sent, 7 IPI received, 8 FENCE.I sent, 9 FENCE.I received
	# (Linux makes remote FENCE.I requests when it maps code); 10 and 11 (SFENCE.VMA) are
	# printed but not required: a single-threaded workload gives Linux no reason for a remote
	# SFENCE.VMA.
	for ev in 6:IPI_SENT 7:IPI_RECEIVED 8:FENCE_I_SENT 9:FENCE_I_RECEIVED; do
		name=${ev#*:}
		n=$(grep -a -E "^ *[0-9,]+ +r800000000000000${ev%%:*}( |\$)" <<<"$table" | awk '{print $1}' | tr -d , | head -1)
		check "$([ "${n:-0}" -gt 0 ]; echo $?)" "fw: firmware event ${ev%%:*} $name = ${n:-missing} (> 0)"
	done
}

check_glibc() {
	check_step_ok glibc
	check "$(step_output glibc | grep -qx 'glibc: ok 249750.0 1.50'; echo $?)" "glibc: the rv64gc glibc program printed 'glibc: ok 249750.0 1.50'"
}

[ -x "$RVPMU" ] || { echo "rvpmu.sh: $RVPMU missing (make all firmware)" >&2; exit 2; }
for f in "$OUT/Image" "$INITRD"; do
	[ -f "$f" ] || { echo "rvpmu.sh: $f missing (make linux)" >&2; exit 2; }
done
# stat, user and all compare perf's counts with rvpmu stat of the workload's bare-metal twin:
# without it they cannot pass, so say what builds it now rather than after the boot.
case $SCENARIO in stat | user | all)
	for f in "$TWIN" "$TWIN_SETUP"; do
		[ -f "$f" ] || { echo "rvpmu.sh: $f missing: the $SCENARIO scenario compares with it (make guest builds it)" >&2; exit 2; }
	done ;;
esac
mkdir -p "$(dirname "$LOG")"
case $SCENARIO in stat | user | all) twin_host || true ;; esac

# narrow: a core whose programmable counters are narrower than 32 bits is refused for Linux,
# whose counting events would wrap unnoticed (docs/linux.md, "Counter width"); 32 bits boots.
if [ "$SCENARIO" = narrow ]; then
	set +e
	err=$("$RVPMU" run --core generic,width=16 --max-insns 1000 --kernel "$OUT/Image" --initrd "$INITRD" 2>&1 >/dev/null)
	status=$?
	set -e
	check "$([ "$status" = 2 ] && grep -q 'generic,width=16: 16-bit counters: Linux does not fold the overflows of counting events' <<<"$err"; echo $?)" \
		"narrow: width=16 refused for Linux (exit 2, why)" "exit $status: $err"
	set +e
	"$RVPMU" run --core generic,width=32 --max-insns 1000000 --kernel "$OUT/Image" --initrd "$INITRD" >/dev/null 2>&1
	status=$?
	set -e
	check "$([ "$status" = 124 ]; echo $?)" "narrow: width=32 boots (runs to --max-insns)" "exit $status"
	printf 'rvpmu.sh: scenario narrow: %d ok, %d not ok\n' "$npass" "$nfail"
	[ "$nfail" = 0 ]
	exit
fi

cmd=("$RVPMU" run --harts "$HARTS" --mem "${MEM:-256}" --max-insns "${MAX_INSNS:-2000000000}"
	--kernel "$OUT/Image" --initrd "$INITRD" --append "console=ttyS0 rvpmu.test=$SCENARIO ${APPEND:-}" "$@")
t0=$EPOCHREALTIME
set +e
if [ "${QUIET:-0}" = 1 ]; then
	timeout "${TIMEOUT:-300}" "${cmd[@]}" </dev/null 2>&1 | tr -d '\r' >"$LOG"
	status=${PIPESTATUS[0]}
else
	timeout "${TIMEOUT:-300}" "${cmd[@]}" </dev/null 2>&1 | tr -d '\r' | tee "$LOG"
	status=${PIPESTATUS[0]}
fi
set -e
wall=$(LC_ALL=C awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { print b - a }')

case $status in
0) why= ;;
1) why="the init reported a failure through the test device" ;;
124) why="stopped: --max-insns or the ${TIMEOUT:-300} s timeout (hang?)" ;;
125) why="simulation error" ;;
*) why="exit status $status" ;;
esac
check "$status" "$SCENARIO: rvpmu exit status $status" "$why"
boot=$(sed -n 's/^=== RVPMU BOOT \([0-9.]*\) ===$/\1/p' "$LOG" | head -1)
check "$([ -n "$boot" ]; echo $?)" "$SCENARIO: init reached (uptime ${boot:-none} s)"
result=$(grep -a -o "^=== RVPMU RESULT [A-Z]* $SCENARIO failed=[0-9]*" "$LOG" | tail -1 || true)
check "$([[ $result == *" PASS "* ]]; echo $?)" "$SCENARIO: RESULT PASS" "${result:-no RESULT line}"
counters=$(grep -a -o 'riscv-pmu-sbi: [0-9]* firmware and [0-9]* hardware counters' "$LOG" | head -1 || true)
check "$(grep -qa 'riscv-pmu-sbi: SBI PMU extension is available' "$LOG" &&
	[[ $counters =~ ([1-9][0-9]*)\ firmware\ and\ ([1-9][0-9]*)\ hardware ]]; echo $?)" \
	"$SCENARIO: the kernel found the SBI PMU (${counters#riscv-pmu-sbi: })"
check "$(! grep -qa 'sscof extension is not available' "$LOG"; echo $?)" "$SCENARIO: no missing-Sscofpmf warning"

case $SCENARIO in
boot | cmd) ;;
workload) check_workload ;;
stat) check_stat ;;
record) check_record_report ;;
user) check_user ;;
fw) check_fw ;;
glibc) check_glibc ;;
all)
	check_workload
	check_stat
	check_record_report
	;;
*) notok "$SCENARIO: unknown scenario (boot workload stat record user fw glibc all cmd narrow)" ;;
esac

LC_ALL=C printf 'rvpmu.sh: scenario %s, %s hart(s): rvpmu exit %s, %s, wall %.2f s; %d ok, %d not ok (STRICT=%s, log %s)\n' \
	"$SCENARIO" "$HARTS" "$status" "${result:+${result#=== RVPMU }}" "$wall" "$npass" "$nfail" "$STRICT" "$LOG"
[ "$nfail" = 0 ]
