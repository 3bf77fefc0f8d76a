# shellcheck shell=bash
# Helpers for the command-line tests (sourced by tests/cli/*.sh).
#
# Each test prints "ok NAME" or "not ok NAME" (with "#" lines of detail after a failure) and
# never stops early; tests/run_all.sh counts those lines. Guest programs come from
# tests/cli/programs/ and are compiled into a temporary directory that is removed on exit.
#
#   RVPMU      the binary under test (default ./build/rvpmu, relative to the repository root)
#   GUEST_CC   the RISC-V cross compiler (default riscv64-unknown-elf-gcc)
set -u
[ "${BASH_SOURCE[0]}" != "$0" ] || exit 0 # run directly (e.g. by a tests/cli/*.sh glob): nothing to do

CLI_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$CLI_DIR/../.." && pwd)
PROGRAMS=$CLI_DIR/programs
RVPMU=${RVPMU:-./build/rvpmu}
case $RVPMU in
  /*) ;;
  */*) RVPMU=$ROOT/${RVPMU#./} ;;
esac
[ -x "$RVPMU" ] || echo "# warning: $RVPMU is not an executable (build it with 'make')" >&2
GUEST_CC=${GUEST_CC:-riscv64-unknown-elf-gcc}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/rvpmu-cli.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
cd "$ROOT" || exit 1

# The guest compiler flags of tests/guest/guest.mk (read from it, so the two stay in step).
guest_make_var() {
  # shellcheck disable=SC2016 # a make recipe, not shell expansion
  make -s --no-print-directory -f tests/guest/guest.mk -f - print-var VAR="$1" <<<'print-var: ; @echo $($(VAR))' 2>/dev/null
}
GUEST_CFLAGS=$(guest_make_var GUEST_CFLAGS)
GUEST_RV32=$(guest_make_var GUEST_RV32)
GUEST_RV64=$(guest_make_var GUEST_RV64)
GUEST_LIB=$(guest_make_var GUEST_LIB)
[ -n "$GUEST_CFLAGS" ] || GUEST_CFLAGS="-O2 -g -Wall -Wextra -ffreestanding -nostdlib -nostartfiles -misa-spec=2.2 \
-mcmodel=medany -Itests/guest/lib -T tests/guest/lib/link.ld -Wl,--no-warn-rwx-segments"
[ -n "$GUEST_RV32" ] || GUEST_RV32="-march=rv32imac -mabi=ilp32"
[ -n "$GUEST_RV64" ] || GUEST_RV64="-march=rv64imac -mabi=lp64"
[ -n "$GUEST_LIB" ] || GUEST_LIB="tests/guest/lib/crt0.S tests/guest/lib/runtime.c"

ok() { echo "ok $1"; }

# not_ok NAME [DETAIL...]: a failed check, with each detail on "#" lines (15 at most).
not_ok() {
  echo "not ok $1"
  shift
  local line
  for line in "$@"; do
    head -n 15 <<<"$line" | while IFS= read -r l; do echo "#   ${l:0:200}"; done
  done
}

# check NAME COMMAND...: ok if COMMAND succeeds.
check() {
  local name=$1
  shift
  if "$@"; then ok "$name"; else not_ok "$name" "failed: $*"; fi
}

# check_eq NAME ACTUAL EXPECTED
check_eq() {
  if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1" "got:      '$2'" "expected: '$3'"; fi
}

# build_guest NAME rv32|rv64 SOURCE [FLAGS...]: compiles SOURCE (from tests/cli/programs/)
# into $TMP/NAME.elf with guest.mk's flags. C sources get crt0 and the runtime of
# tests/guest/lib; assembly sources bring their own _start. Prints "not ok build NAME" on error.
build_guest() {
  local name=$1 xlen=$2 src=$PROGRAMS/$3 arch lib=
  shift 3
  case $xlen in
    rv32) arch=$GUEST_RV32 ;;
    rv64) arch=$GUEST_RV64 ;;
  esac
  case $src in *.c) lib=$GUEST_LIB ;; esac
  # shellcheck disable=SC2086
  if ! $GUEST_CC $GUEST_CFLAGS $arch "$@" -o "$TMP/$name.elf" $lib "$src" -lgcc >"$TMP/cc.log" 2>&1; then
    not_ok "build $name" "$(head -20 "$TMP/cc.log")"
    return 1
  fi
}

# build_guest_at NAME rv32|rv64 SOURCE ADDRESS: like build_guest, but linked with the
# toolchain's default script and .text at ADDRESS instead of tests/guest/lib/link.ld.
build_guest_at() {
  local saved=$GUEST_CFLAGS
  GUEST_CFLAGS=${GUEST_CFLAGS/-T tests\/guest\/lib\/link.ld/}
  build_guest "$1" "$2" "$3" "-Wl,-Ttext=$4" -Wl,-e,_start
  local r=$?
  GUEST_CFLAGS=$saved
  return $r
}

# rv ARGS...: runs rvpmu with a time limit of $RV_TIMEOUT seconds (default 20). Sets $st (exit
# status), $OUT (stdout), $ERR (stderr);
# the raw streams stay in $TMP/out and $TMP/err. Status 124 from timeout itself means a hang
# (rvpmu's own --max-insns status is also 124, so tests that expect 124 check the message).
rv() {
  timeout -k 2 "${RV_TIMEOUT:-20}" "$RVPMU" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
  st=$?
  # shellcheck disable=SC2034 # OUT and ERR are read by the scripts that source this file
  OUT=$(cat "$TMP/out") ERR=$(cat "$TMP/err")
}

# same_with_env NAME VAR=VALUE ARGS...: rvpmu ARGS gives the same stderr (the counts and the stop
# message) and exit status with the environment variable set as without it (a fast path against
# the reference it can be switched back to).
same_with_env() {
  local name=$1 env=$2 first first_st
  shift 2
  rv "$@"
  first=$(cat "$TMP/err") first_st=$st
  env "$env" timeout -k 2 "${RV_TIMEOUT:-20}" "$RVPMU" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
  st=$?
  if [ -n "$first" ] && [ "$first" = "$(cat "$TMP/err")" ] && [ "$first_st" = "$st" ]; then
    ok "$name"
  else
    not_ok "$name" "status $first_st / $st (with $env)" "$(diff <(echo "$first") "$TMP/err" | head -20)"
  fi
}

# same_profile_with_env NAME VAR=VALUE ARGS...: `rvpmu record ARGS` attributes every count to
# the same instruction (report --sort address) with the environment variable set as without it.
same_profile_with_env() {
  local name=$1 env=$2 r
  shift 2
  for r in 1 2; do
    if [ $r = 1 ]; then rv record -o "$TMP/same$r.data" "$@"
    else env "$env" timeout -k 2 "${RV_TIMEOUT:-20}" "$RVPMU" record -o "$TMP/same$r.data" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null; fi
    "$RVPMU" report -i "$TMP/same$r.data" --sort address -x , >"$TMP/same$r.csv" 2>&1 || echo "report failed" >>"$TMP/same$r.csv"
  done
  if [ -s "$TMP/same1.csv" ] && diff -q "$TMP/same1.csv" "$TMP/same2.csv" >/dev/null; then
    ok "$name"
  else
    not_ok "$name" "$(diff "$TMP/same1.csv" "$TMP/same2.csv" | head -12)"
  fi
}

# core_events CORE: every event rvpmu list shows for CORE except FP (the test programs have
# none), MicroBlaze V's latency pairs and the ones that cannot occur.
core_events() {
  "$RVPMU" list --core "$1" 2>/dev/null | awk 'NR > 2 && NF > 1 { print $1 }' |
    grep -Ev '^(FP_|LAT_|APU_|PIPE_STALL$|CUSTOM$)' | paste -sd, -
}

# record_events CORE: at most 16 events for rvpmu record: cycles, instructions and the last 14
# of core_events (the dynamic ones: stalls, caches, predictors; the static classes come first).
record_events() {
  { echo cycles; echo instructions; core_events "$1" | tr , '\n' | tail -n 14; } | paste -sd, -
}

# Detail lines describing the last rv call, for not_ok.
last_run() {
  printf 'status %s\nstdout: %s\nstderr: %s' "$st" "$(head -c 600 "$TMP/out")" "$(head -c 600 "$TMP/err")"
}

# expect_status NAME STATUS: the last rv call exited with STATUS.
expect_status() {
  if [ "$st" = "$2" ]; then ok "$1"; else not_ok "$1" "expected status $2" "$(last_run)"; fi
}

# expect_error NAME REGEX: the last rv call failed with status 2, a message matching the
# extended REGEX (case-insensitive) on stderr, and nothing on stdout.
expect_error() {
  if [ "$st" = 2 ] && grep -Eiq -- "$2" "$TMP/err" && [ ! -s "$TMP/out" ]; then
    ok "$1"
  else
    not_ok "$1" "expected status 2, stderr matching /$2/, empty stdout" "$(last_run)"
  fi
}

# csv_count FILE EVENT: the count of EVENT in perf CSV output (separator ',').
csv_count() { awk -F, -v e="$2" '$3 == e { print $1; exit }' "$1"; }
