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
