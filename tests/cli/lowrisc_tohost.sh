#!/usr/bin/env bash
# lowRISC's simple-system programs: its link.ld defines `tohost = 0x20008` (for Spike), which on
# the Ibex simple system is the simulator-control register, not RAM. Such a `tohost` must not
# stop a program that never uses HTIF (issue #29 item 0): rvpmu attaches HTIF only at an aligned
# 64-bit word of RAM and says what it did with -v. HTIF itself keeps working where it can.
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"

# build_lowrisc NAME rv32|rv64 LDSCRIPT: lowrisc_simple.S linked with LDSCRIPT (in place of the
# guest programs' link.ld).
build_lowrisc() {
  local arch=$GUEST_RV32 flags=${GUEST_CFLAGS/-T tests\/guest\/lib\/link.ld/}
  [ "$2" = rv64 ] && arch=$GUEST_RV64
  # shellcheck disable=SC2086
  if ! $GUEST_CC $flags $arch -T "$3" -o "$TMP/$1.elf" "$PROGRAMS/lowrisc_simple.S" >"$TMP/cc.log" 2>&1; then
    not_ok "build $1" "$(head -20 "$TMP/cc.log")"
    return 1
  fi
}

# A linker script like lowrisc-simple.ld with another tohost address.
sed 's/^tohost = 0x20008;/tohost = 0x7000;/' "$PROGRAMS/lowrisc-simple.ld" >"$TMP/hole.ld"
sed 's/^tohost = 0x20008;/tohost = 0x1ff004;/' "$PROGRAMS/lowrisc-simple.ld" >"$TMP/misaligned.ld"
build_lowrisc lowrisc32 rv32 "$PROGRAMS/lowrisc-simple.ld"
build_lowrisc lowrisc64 rv64 "$PROGRAMS/lowrisc-simple.ld"
build_lowrisc hole32 rv32 "$TMP/hole.ld"
build_lowrisc misaligned32 rv32 "$TMP/misaligned.ld"
build_guest htif_exit-rv64 rv64 htif_exit.S -DEXIT_CODE=5

# check_lowrisc NAME ELF RVPMU-ARGS...: the program runs to its own halt (status 0) and prints
# what it computed.
check_lowrisc() {
  local name=$1 elf=$2
  shift 2
  rv run "$@" "$elf"
  if [ "$st" = 0 ] && [ "$OUT" = "lowrisc 5050" ]; then ok "$name"
  else not_ok "$name" "expected status 0 and stdout 'lowrisc 5050'" "$(last_run)"; fi
}

# Every core and variant, on the simple system (the cores' own platforms where that is it).
for core in ibex ibex,variant=rtl ibex,multiplier=slow,bta=on cv32e40p cv32e40p,fpu=on generic generic,width=32; do
  check_lowrisc "lowRISC tohost=0x20008: --core $core --platform ibex-simple runs" "$TMP/lowrisc32.elf" \
    --core "$core" --platform ibex-simple
done
check_lowrisc "lowRISC tohost=0x20008: --core ibex (its default platform) runs" "$TMP/lowrisc32.elf" --core ibex
check_lowrisc "lowRISC tohost=0x20008: rv64 generic on ibex-simple runs" "$TMP/lowrisc64.elf" --platform ibex-simple
check_lowrisc "lowRISC tohost=0x20008: microblaze-v on ibex-simple runs" "$TMP/lowrisc32.elf" \
  --core microblaze-v --platform ibex-simple
# rvpmu stat and record load the same way.
rv stat -x, -e instructions --core ibex "$TMP/lowrisc32.elf"
if [ "$st" = 0 ] && grep -q '^387,,instructions,' "$TMP/err"; then ok "lowRISC tohost=0x20008: rvpmu stat counts it"
else not_ok "lowRISC tohost=0x20008: rvpmu stat counts it" "$(last_run)"; fi

# -v says why HTIF was not attached, naming the device that owns the address.
rv run -v --core ibex "$TMP/lowrisc32.elf"
want="lowrisc32.elf: tohost at 0x20008 is a register of the simctrl device, not RAM: HTIF not attached"
if [ "$st" = 0 ] && grep -qF "$want" "$TMP/err"; then ok "-v: tohost on the control register: not attached"
else not_ok "-v: tohost on the control register: not attached" "expected on stderr: $want" "$(last_run)"; fi
rv run --core ibex "$TMP/lowrisc32.elf"
if [ "$st" = 0 ] && [ ! -s "$TMP/err" ]; then ok "without -v: no note on stderr"
else not_ok "without -v: no note on stderr" "$(last_run)"; fi
rv run -v --core ibex "$TMP/hole32.elf"
want="tohost at 0x7000 is outside RAM: HTIF not attached"
if [ "$st" = 0 ] && [ "$OUT" = "lowrisc 5050" ] && grep -qF "$want" "$TMP/err"; then ok "-v: tohost in no device's range: not attached"
else not_ok "-v: tohost in no device's range: not attached" "expected on stderr: $want" "$(last_run)"; fi
rv run --verbose --core ibex "$TMP/misaligned32.elf"
want="tohost at 0x1ff004 is not 8-byte aligned: HTIF not attached"
if [ "$st" = 0 ] && [ "$OUT" = "lowrisc 5050" ] && grep -qF "$want" "$TMP/err"; then ok "-v: misaligned tohost in RAM: not attached"
else not_ok "-v: misaligned tohost in RAM: not attached" "expected on stderr: $want" "$(last_run)"; fi

# Where tohost is a RAM word, HTIF works and -v says where.
rv run -v "$TMP/htif_exit-rv64.elf"
tohost=$(riscv64-unknown-elf-nm "$TMP/htif_exit-rv64.elf" | awk '$3 == "tohost" {print $1}' | sed 's/^0*//')
if [ "$st" = 5 ] && grep -qF "HTIF attached at tohost 0x$tohost," "$TMP/err"; then ok "-v: HTIF attached at a RAM tohost, exit 5"
else not_ok "-v: HTIF attached at a RAM tohost, exit 5" "tohost 0x$tohost" "$(last_run)"; fi
