#!/usr/bin/env bash
# rvpmu run: the exit status is the guest's exit code (SiFive test device, HTIF), the guest
# console (UART, HTIF) goes to stdout, --max-insns and a WFI nothing can wake end the run
# with their own statuses instead of hanging.
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"

for x in rv32 rv64; do
  build_guest pass-$x $x count.S
  build_guest fail7-$x $x count.S '-DEXIT_VALUE=(7<<16|0x3333)'
  build_guest fail200-$x $x count.S '-DEXIT_VALUE=(200<<16|0x3333)'
  build_guest htif_exit-$x $x htif_exit.S -DEXIT_CODE=5
  build_guest htif_exit0-$x $x htif_exit.S -DEXIT_CODE=0
  build_guest htif_putc-$x $x htif_putc.S
  build_guest uart-$x $x uart.c
  build_guest loop-$x $x loop.S
  build_guest wfi-$x $x wfi.S
done
build_guest trap_loop rv64 trap_loop.S

for x in rv32 rv64; do
  # SiFive test device at 0x100000: 0x5555 passes, code << 16 | 0x3333 fails with code.
  rv run "$TMP/pass-$x.elf"
  expect_status "$x test device 0x5555 exits 0" 0
  rv run "$TMP/fail7-$x.elf"
  expect_status "$x test device 7<<16|0x3333 exits 7" 7
  rv run "$TMP/fail200-$x.elf"
  expect_status "$x test device 200<<16|0x3333 exits 200" 200
  check_eq "$x test device exit prints nothing" "$OUT$ERR" ""
  # G is IMAFD_Zicsr_Zifencei; the generic core has F and D.
  rv run --isa ${x}gc "$TMP/pass-$x.elf"
  expect_status "$x --isa ${x}gc runs" 0

  # HTIF: tohost = code << 1 | 1.
  rv run "$TMP/htif_exit-$x.elf"
  expect_status "$x htif tohost (5<<1)|1 exits 5" 5
  rv run "$TMP/htif_exit0-$x.elf"
  expect_status "$x htif tohost 1 exits 0" 0

  # HTIF console: device 1, command 1 prints a byte.
  rv run "$TMP/htif_putc-$x.elf"
  if [ "$st" = 0 ] && [ "$OUT" = "htif ok" ]; then ok "$x htif putchar prints on stdout"
  else not_ok "$x htif putchar prints on stdout" "expected stdout 'htif ok' and status 0" "$(last_run)"; fi

  # UART (ns16550 at 0x10000000).
  rv run "$TMP/uart-$x.elf"
  if [ "$st" = 0 ] && [ "$OUT" = "hello from the uart" ] && [ -z "$ERR" ]; then ok "$x uart output on stdout"
  else not_ok "$x uart output on stdout" "$(last_run)"; fi
  # The console is on stdout even when stdout is a pipe (buffered output must be flushed).
  got=$(timeout 20 "$RVPMU" run "$TMP/uart-$x.elf" 2>/dev/null | cat)
  check_eq "$x uart output through a pipe" "$got" "hello from the uart"

  # --max-insns: an endless loop stops with status 124 and says why, quickly.
  start=$SECONDS
  rv run --max-insns 100000 "$TMP/loop-$x.elf"
  if [ "$st" = 124 ] && grep -qi -- 'max-insns\|limit' "$TMP/err" && [ $((SECONDS - start)) -lt 15 ]; then
    ok "$x --max-insns stops an endless loop with 124"
  else
    not_ok "$x --max-insns stops an endless loop with 124" "$(last_run)"
  fi
  rv run --max-insns 5000000 "$TMP/loop-$x.elf"
  expect_status "$x --max-insns 5000000 stops with 124" 124
  # A program that exits in time is not affected by a larger limit.
  rv run --max-insns 1000 "$TMP/fail7-$x.elf"
  expect_status "$x --max-insns larger than the run keeps the exit code" 7

  # WFI with every interrupt disabled can never wake: status 125 and a message, no hang.
  rv run "$TMP/wfi-$x.elf"
  if [ "$st" = 125 ] && grep -qi 'wfi' "$TMP/err"; then ok "$x wfi without interrupts stops with 125"
  else not_ok "$x wfi without interrupts stops with 125" "$(last_run)"; fi
done

# The same with two harts (both wait in WFI: nothing can wake either).
RV_TIMEOUT=5 rv run --harts 2 "$TMP/wfi-rv64.elf"
if [ "$st" = 125 ] && grep -qi 'wfi' "$TMP/err"; then ok "rv64 wfi on 2 harts without interrupts stops with 125"
else not_ok "rv64 wfi on 2 harts without interrupts stops with 125" "(124 with empty stderr = killed by timeout: a hang)" "$(last_run)"; fi

# A trap loop (mtvec at an illegal instruction) retires nothing: --max-insns must still end it.
RV_TIMEOUT=5 rv run --max-insns 100000 "$TMP/trap_loop.elf"
if { [ "$st" = 124 ] || [ "$st" = 125 ]; } && [ -s "$TMP/err" ]; then ok "trap loop with --max-insns ends with 124 or 125 and a message"
else not_ok "trap loop with --max-insns ends with 124 or 125 and a message" "(124 with empty stderr = killed by timeout: a hang)" "$(last_run)"; fi

# Ctrl-C (SIGINT) ends any run with 130 and "interrupted", even one that retires nothing.
# interrupt NAME ARGS...: sends SIGINT after 1 s (SIGKILL after 3 more).
interrupt() {
  local name=$1
  shift
  timeout --preserve-status -s INT -k 3 1 "$RVPMU" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
  st=$?
  if [ "$st" = 130 ] && grep -qi interrupted "$TMP/err"; then ok "$name"
  else not_ok "$name" "(137 = needed SIGKILL)" "$(last_run)"; fi
}
interrupt "SIGINT ends an endless loop with 130" run "$TMP/loop-rv64.elf"
interrupt "SIGINT ends stat of an endless loop with 130" stat "$TMP/loop-rv64.elf"
# A trap handler that traps again retires nothing, so no instruction limit could stop it:
# rvpmu stops it by itself.
rv run "$TMP/trap_loop.elf"
if [ "$st" = 125 ] && grep -q "the trap handler itself traps" "$TMP/err"; then ok "a trap loop stops with 125 and says why"
else not_ok "a trap loop stops with 125 and says why" "$(last_run)"; fi

# An S-mode payload (entry at the payload address) boots rvpmu's firmware by itself;
# --firmware none runs it in M mode, where its ECALL has no handler.
if [ -f "$(dirname "$RVPMU")/firmware/rv64/rvpmu-fw.elf" ] || [ -f "$(dirname "$RVPMU")/../firmware/rv64/rvpmu-fw.elf" ]; then
  build_guest_at smode64 rv64 smode_shutdown.S 0x80200000 && {
    rv run "$TMP/smode64.elf"
    expect_status "an S-mode payload boots the firmware automatically" 0
    rv run --firmware none "$TMP/smode64.elf"
    expect_status "--firmware none runs the payload without firmware" 125
  }
  build_guest_at smode32 rv32 smode_shutdown.S 0x80400000 && {
    rv run "$TMP/smode32.elf"
    expect_status "an RV32 S-mode payload boots the RV32 firmware" 0
  }
fi

# -- ends the options.
rv run -- "$TMP/fail7-rv64.elf"
expect_status "run -- prog" 7

exit 0
