#!/usr/bin/env bash
# --core cv32e40p,fpu=on (docs/cv32e40p.md, "With the FPU"): the core runs RV32IMFC and says so
# in misa, the device tree and rvpmu list; without fpu=on it is RV32IMC and F instructions
# trap; the FPU options are checked (exit status 2 with a message). The timing is compared
# with the RTL in tests/profiles (cv32e40p-fpu-*.csv).
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"

build_guest fpu_isa rv32 fpu_isa.S || exit 0

rv run --core cv32e40p,fpu=on --platform virt "$TMP/fpu_isa.elf"
expect_status "cv32e40p,fpu=on: misa.F set, fdiv.s and fsqrt.s results right (exit 0)" 0
rv run --core cv32e40p,fpu=on,fpu_addmul_lat=2,fpu_others_lat=1 --platform virt "$TMP/fpu_isa.elf"
expect_status "cv32e40p,fpu=on with latencies 2/1 runs it too" 0
rv run --core cv32e40p --platform virt "$TMP/fpu_isa.elf"
expect_status "cv32e40p: misa.F clear, fadd.s raises illegal instruction (exit 7)" 7
rv run --core cv32e40p,fpu=off --platform virt "$TMP/fpu_isa.elf"
expect_status "cv32e40p,fpu=off: the same" 7

rv list --core cv32e40p,fpu=on
check "list --core cv32e40p,fpu=on says ISA rv32imfc" grep -q "^Events of core 'cv32e40p,fpu=on', ISA rv32imfc " "$TMP/out"
rv list --core cv32e40p
check "list --core cv32e40p says ISA rv32imc" grep -q "^Events of core 'cv32e40p', ISA rv32imc " "$TMP/out"

if command -v dtc >/dev/null; then
  rv run --core cv32e40p,fpu=on --platform virt --dump-dtb "$TMP/fpu.dtb" "$TMP/fpu_isa.elf"
  isa=$(dtc -q -I dtb -O dts "$TMP/fpu.dtb" 2>/dev/null | sed -n 's/.*riscv,isa = "\([^"]*\)".*/\1/p' | head -1)
  check_eq "cv32e40p,fpu=on device tree: riscv,isa" "$isa" "rv32imfc_zicsr_zifencei_zicntr_zihpm"
  rv run --core cv32e40p --platform virt --dump-dtb "$TMP/nofpu.dtb" "$TMP/fpu_isa.elf"
  isa=$(dtc -q -I dtb -O dts "$TMP/nofpu.dtb" 2>/dev/null | sed -n 's/.*riscv,isa = "\([^"]*\)".*/\1/p' | head -1)
  check_eq "cv32e40p device tree: riscv,isa" "$isa" "rv32imc_zicsr_zifencei_zicntr_zihpm"
else
  not_ok "dtc is installed (apt-get install device-tree-compiler; scripts/deps.sh does)"
fi

# option errors: one line, exit status 2
for spec in cv32e40p,fpu_addmul_lat=1 cv32e40p,fpu_others_lat=2 cv32e40p,fpu=on,fpu_addmul_lat=4 \
  cv32e40p,fpu=on,fpu_others_lat=-1 cv32e40p,fpu=maybe cv32e40p,fpu=on,fpu_addmul_lat=; do
  rv run --core "$spec" --platform virt "$TMP/fpu_isa.elf"
  if [ "$st" = 2 ] && [ "$(wc -l <"$TMP/err")" = 1 ] && grep -q "fpu" "$TMP/err"; then ok "--core $spec: exit 2, one line"
  else not_ok "--core $spec: exit 2, one line" "$(last_run)"; fi
done
# an F instruction the ISA string names needs fpu=on
rv run --core cv32e40p --isa rv32imfc --platform virt "$TMP/fpu_isa.elf"
expect_status "cv32e40p --isa rv32imfc without fpu=on is refused" 2
exit 0
