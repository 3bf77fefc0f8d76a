#!/usr/bin/env bash
# Runs every test and ends with the line "N passed, N failed"; exits non-zero on any failure.
#   unit   host unit tests (cmocka), build/unit/test_*  (BUILD=build/asan for the sanitizer build)
#   guest  guest programs on rvpmu, rv32 and rv64 (build/guest/*/NAME.elf; exit code 0 = pass)
#   qemu   the guest programs marked "qemu: yes" on their second line, on qemu-system-riscv32/64
#   cli    command-line behaviour (tests/cli/*.sh)
# Usage: tests/run_all.sh [unit|guest|qemu|cli ...]   (default: all)
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
RVPMU=${RVPMU:-$BUILD/rvpmu}
passed=0
failed=0
failures=()

record() { # name status [detail]
  if [ "$2" = 0 ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    failures+=("$1${3:+: $3}")
    echo "FAIL $1${3:+: $3}"
  fi
}

run_unit() {
  for t in "$BUILD"/unit/test_*; do
    [ -x "$t" ] || continue
    out=$("$t" 2>&1)
    st=$?
    # cmocka prints "[  PASSED  ] N test(s)." and "[  FAILED  ] N test(s)..."
    p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' <<<"$out" | tail -1)
    f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' <<<"$out" | tail -1)
    passed=$((passed + ${p:-0}))
    if [ "$st" != 0 ] || [ "${f:-0}" != 0 ]; then
      failed=$((failed + ${f:-1}))
      failures+=("unit $(basename "$t")")
      echo "$out" | grep -E 'FAILED|ERROR|Failure|error' | head -20
      echo "FAIL unit $(basename "$t")"
    fi
  done
}

guest_names() { for f in tests/guest/*.c tests/guest/*.S; do [ -e "$f" ] && basename "${f%.*}"; done; }

run_guest() {
  for name in $(guest_names); do
    for x in rv32 rv64; do
      elf=build/guest/$x/$name.elf
      out=$(timeout 60 "$RVPMU" run --max-insns 100000000 "$elf" 2>&1)
      st=$?
      [ "$st" = 0 ] || echo "$out" | tail -5
      record "guest $x/$name" "$st" "$([ "$st" = 0 ] || echo "exit $st")"
    done
  done
}

run_qemu() {
  for name in $(guest_names); do
    src=$(ls tests/guest/$name.* | head -1)
    sed -n 2p "$src" | grep -q 'qemu: yes' || continue
    for x in 32 64; do
      elf=build/guest/rv$x/$name.elf
      out=$(timeout 60 qemu-system-riscv$x -M virt -bios none -nographic -icount shift=0 -kernel "$elf" </dev/null 2>&1)
      st=$?
      [ "$st" = 0 ] || echo "$out" | tail -5
      record "qemu rv$x/$name" "$st" "$([ "$st" = 0 ] || echo "exit $st")"
    done
  done
}

run_cli() {
  for t in tests/cli/*.sh; do
    [ -f "$t" ] || continue
    out=$(RVPMU="$RVPMU" bash "$t" 2>&1)
    st=$?
    # Each CLI script prints "ok NAME" / "not ok NAME" lines.
    p=$(grep -c '^ok ' <<<"$out")
    f=$(grep -c '^not ok ' <<<"$out")
    passed=$((passed + p))
    failed=$((failed + f))
    grep '^not ok ' <<<"$out" | while read -r line; do echo "FAIL cli $line"; done
    if [ "$st" != 0 ] && [ "$f" = 0 ]; then
      record "cli $(basename "$t")" 1 "script exited $st"
      echo "$out" | tail -5
    fi
    [ "$f" = 0 ] || failures+=("cli $(basename "$t")")
  done
}

suites=("$@")
[ ${#suites[@]} = 0 ] && suites=(unit guest qemu cli)
for s in "${suites[@]}"; do
  echo "== $s"
  "run_$s"
done
echo
if [ ${#failures[@]} != 0 ]; then
  echo "failures:"
  printf '  %s\n' "${failures[@]}"
fi
echo "$passed passed, $failed failed"
[ -n "${RESULTS_FILE:-}" ] && echo "$passed $failed" >>"$RESULTS_FILE"
[ "$failed" = 0 ]
