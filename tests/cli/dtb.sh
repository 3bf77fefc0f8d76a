#!/usr/bin/env bash
# rvpmu run --dump-dtb FILE writes the device tree the guest gets (a1 at boot), decoded here
# with dtc (Debian's device-tree-compiler): the virt devices are there, and a core profile's
# scratch peripheral (MicroBlaze V: /soc/periph@4000000, compatible "rvpmu,scratch-periph",
# 4 KiB, docs/microblaze-v.md) only on a core that has one.
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"

build_guest pass-rv32 rv32 count.S

# dts CORE: the decoded tree of a run on CORE in $DTS (empty if anything failed).
dts() {
  DTS=
  rv run --core "$1" --dump-dtb "$TMP/$1.dtb" "$TMP/pass-rv32.elf"
  if [ "$st" != 0 ] || [ ! -s "$TMP/$1.dtb" ]; then
    not_ok "$1 --dump-dtb writes the tree" "$(last_run)"
    return
  fi
  ok "$1 --dump-dtb writes the tree"
  if ! DTS=$(dtc -q -I dtb -O dts "$TMP/$1.dtb" 2>&1); then
    not_ok "$1 tree decodes with dtc" "$DTS"
    DTS=
  fi
}

if ! command -v dtc >/dev/null; then
  not_ok "dtc is installed (apt-get install device-tree-compiler; scripts/deps.sh does)"
  exit 0
fi

dts microblaze-v
# The node, as dtc prints it: name, compatible, reg (2 address and 2 size cells in /soc).
node=$(sed -n '/periph@4000000 {/,/};/p' <<<"$DTS" | tr '\n\t' '  ' | tr -s ' ')
check_eq "microblaze-v tree has the scratch peripheral" "$node" \
  ' periph@4000000 { compatible = "rvpmu,scratch-periph"; reg = <0x00 0x4000000 0x00 0x1000>; }; '
check_eq "microblaze-v tree has one rvpmu,scratch-periph" "$(grep -c 'rvpmu,scratch-periph' <<<"$DTS")" 1
check "microblaze-v tree keeps the virt devices" grep -q 'serial@10000000 {' <<<"$DTS"

dts generic
check_eq "generic tree has no scratch peripheral" "$(grep -c 'scratch-periph\|periph@' <<<"$DTS")" 0
check "generic tree has the virt devices" grep -q 'serial@10000000 {' <<<"$DTS"

# The PMU node maps each SBI event a profile implements to the selector that counts it
# (riscv,event-to-mhpmevent: index, selector high word, low word): the generic core's model
# events select themselves (docs/events-generic.md), perf's LLC, branch-loads, bus-cycles and
# ref-cycles included; MicroBlaze V's are class/event selectors.
pmu_map() { grep -o 'riscv,event-to-mhpmevent = <[^>]*>' <<<"$DTS" | sed 's/.*<//; s/>//'; }
check_eq "generic tree maps the general and cache events to themselves" "$(pmu_map)" \
  "0x01 0x00 0x01 0x02 0x00 0x02 0x05 0x00 0x05 0x06 0x00 0x06 0x10000 0x00 0x10000 0x10001 0x00 0x10001 0x10002 0x00 0x10002 0x10003 0x00 0x10003 0x10008 0x00 0x10008 0x10009 0x00 0x10009 0x10019 0x00 0x10019 0x1001b 0x00 0x1001b 0x10021 0x00 0x10021 0x10010 0x00 0x10010 0x10011 0x00 0x10011 0x10012 0x00 0x10012 0x10013 0x00 0x10013 0x10028 0x00 0x10028 0x10029 0x00 0x10029 0x07 0x00 0x07 0x0a 0x00 0x0a"
dts microblaze-v
check_eq "microblaze-v tree maps branch misses, I-cache and D-cache accesses to class selectors" "$(pmu_map)" \
  "0x06 0x00 0x402 0x10008 0x00 0x24 0x10000 0x00 0x84 0x10002 0x00 0x204"

# Smstateen, Smcsrind, Smcdeleg (docs/counter-delegation.md): the generic core names them in
# riscv,isa and each in riscv,isa-extensions (dtc prints that string list as "a\0b\0c" or as
# "a", "b", "c": both are made the second);
# MicroBlaze V has none of them.
dts generic
exts=$(grep -o 'riscv,isa-extensions = [^;]*' <<<"$DTS" | head -1 | sed 's/\\0/", "/g')
for e in smstateen ssstateen smcsrind sscsrind smcdeleg ssccfg; do
  check "generic riscv,isa-extensions lists $e" grep -q "\"$e\"" <<<"$exts"
done
check "generic riscv,isa names smcdeleg" grep -q 'riscv,isa = "rv[0-9]*[a-z]*_.*_smcdeleg_' <<<"$DTS"
dts microblaze-v
check_eq "microblaze-v tree names none of them" "$(grep -c 'stateen\|csrind\|cdeleg\|ssccfg' <<<"$DTS")" 0
