#!/usr/bin/env bash
# Installs the Debian 12 packages rvpmu needs to build, test and benchmark, if any is missing.
# Sourced by scripts/demo.sh and scripts/test.sh; safe to run repeatedly.
set -euo pipefail
RVPMU_PACKAGES=(
  make gcc clang            # host compilers (the tree must be warning-clean with both)
  libcmocka-dev             # host unit tests
  libfdt-dev                # device trees
  device-tree-compiler      # dtc: tests/cli/dtb.sh decodes the generated device tree
  gcc-riscv64-unknown-elf   # guest programs and benchmarks (rv32 and rv64 multilibs)
  qemu-system-misc          # the peer for architectural behaviour and speed
  opensbi                   # the peer SBI firmware (generic fw_jump, RV64): tests/run_all.sh sbi_opensbi*
  python3                   # JSON checks in the CLI tests
  time                      # peak RSS in the benchmark
  libdw-dev                 # rvpmu report/annotate: ELF symbols and DWARF source lines (elfutils)
  valgrind                  # callgrind_annotate reads rvpmu report --callgrind in tests/cli/profile.sh
  chromium                  # headless: tests look at rendered SVGs (tests/cli/render_svg.sh)
  jq                        # JSON checks in the CLI tests
)
missing=()
for p in "${RVPMU_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  SUDO=
  [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
