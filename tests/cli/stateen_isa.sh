#!/usr/bin/env bash
# Smstateen, Smcsrind and Smcdeleg (docs/counter-delegation.md) do not depend on the FP or
# cache-block extensions: the guest programs stateen, csrind and counter_deleg (built by `make
# guest`) pass on the generic core without F, D, Zicbom and Zicboz too (--isa rv64imac,
# rv32imac), where mstateen0.FCSR stays read-only zero (no F, and no Zfinx: nothing to gate)
# and senvcfg has no writable bit; on MicroBlaze V (no S mode, none of the extensions) their
# CSRs are illegal instructions.
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"

for x in rv32 rv64; do
  for t in stateen csrind counter_deleg; do
    elf=build/guest/$x/$t.elf
    if [ ! -f "$elf" ]; then
      not_ok "$x $t built (make guest)"
      continue
    fi
    rv run --isa ${x}imac "$elf"
    expect_status "$x $t passes with --isa ${x}imac" 0
  done
done
# MicroBlaze V: the first CSR the program touches (mstateen0) is an illegal instruction,
# which the runtime reports as an unexpected trap (exit 0x7ff & 0xff).
rv run --core microblaze-v --platform virt build/guest/rv32/stateen.elf
check "microblaze-v: mstateen0 traps" grep -q "unexpected trap: mcause=0x0000000000000002" <<<"$OUT"
