#!/usr/bin/env bash
# rvpmu's errors: bad input files, bad options and impossible machines end with status 2, a
# clear message on stderr and nothing on stdout.
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"

build_guest p32 rv32 count.S
build_guest p64 rv64 count.S
build_guest_at low rv64 count.S 0x1000
build_guest_at straddle rv64 count.S 0x87fffff8 # RAM is 0x80000000-0x88000000 (128 MiB)

# Input files.
rv run "$TMP/does-not-exist.elf"
expect_error "missing file" "does-not-exist\.elf.*(no such file|not found)"
rv stat "$TMP/does-not-exist.elf"
expect_error "stat: missing file" "no such file|not found"
printf 'this is not an ELF file\n' >"$TMP/text.elf"
rv run "$TMP/text.elf"
expect_error "file that is not ELF" "not an ELF"
: >"$TMP/empty.elf"
rv run "$TMP/empty.elf"
expect_error "empty file" "not an ELF|empty|truncated"
rv run "$TMP"
expect_error "directory instead of a file" "directory|not an ELF|read"

# A real ELF cut short: inside the ELF header, inside the program headers, inside the
# segment data, inside the section headers.
size=$(stat -c %s "$TMP/p64.elf")
for cut in 40 100 1000 $((size - 100)); do
  head -c "$cut" "$TMP/p64.elf" >"$TMP/cut.elf"
  rv run "$TMP/cut.elf"
  expect_error "ELF truncated to $cut of $size bytes" "truncated"
done
size=$(stat -c %s "$TMP/p32.elf")
for cut in 100 $((size - 100)); do
  head -c "$cut" "$TMP/p32.elf" >"$TMP/cut.elf"
  rv run "$TMP/cut.elf"
  expect_error "ELF32 truncated to $cut of $size bytes" "truncated"
done

# e_machine (offset 18, 2 bytes) = 62, x86-64.
cp "$TMP/p64.elf" "$TMP/x86.elf"
printf '\076\000' | dd of="$TMP/x86.elf" bs=1 seek=18 conv=notrunc status=none
rv run "$TMP/x86.elf"
expect_error "ELF for x86-64 (e_machine 62)" "machine.*62|RISC-V"
# e_ident[EI_DATA] = 2, big-endian.
cp "$TMP/p64.elf" "$TMP/be.elf"
printf '\002' | dd of="$TMP/be.elf" bs=1 seek=5 conv=notrunc status=none
rv run "$TMP/be.elf"
expect_error "big-endian ELF" "endian"
# e_type = 1, a relocatable object.
cp "$TMP/p64.elf" "$TMP/rel.elf"
printf '\001\000' | dd of="$TMP/rel.elf" bs=1 seek=16 conv=notrunc status=none
rv run "$TMP/rel.elf"
expect_error "relocatable ELF (e_type 1)" "type|executable"

# ELF class against --isa.
rv run --isa rv64imac "$TMP/p32.elf"
expect_error "32-bit ELF with --isa rv64imac" "32-bit.*rv64|class|XLEN"
rv run --isa rv32imac "$TMP/p64.elf"
expect_error "64-bit ELF with --isa rv32imac" "64-bit.*rv32|class|XLEN"

# Segments outside RAM.
rv run "$TMP/low.elf"
expect_error "program linked at 0x1000: outside RAM" "outside RAM"
rv run "$TMP/straddle.elf"
expect_error "segment across the end of RAM" "outside RAM"
rv run --mem 1 "$TMP/straddle.elf"
expect_error "segment outside a 1 MiB RAM" "outside RAM"

# Events, cores, ISAs, platforms.
rv stat -e bogus "$TMP/p64.elf"
expect_error "stat -e bogus" "bogus"
rv stat -e instructions,bogus "$TMP/p64.elf"
expect_error "stat -e instructions,bogus" "bogus"
rv stat -e rzz "$TMP/p64.elf"
expect_error "stat -e rzz (not hex)" "rzz"
rv stat -e r7777777 "$TMP/p64.elf"
expect_error "stat -e r7777777 (no such selector)" "r7777777"
rv stat -e "" "$TMP/p64.elf"
expect_error "stat -e ''" "event"
rv run --core nosuch "$TMP/p64.elf"
expect_error "run --core nosuch" "nosuch"
rv stat --core nosuch "$TMP/p64.elf"
expect_error "stat --core nosuch" "nosuch"
rv run --core generic,counters=99 "$TMP/p64.elf"
expect_error "--core generic,counters=99" "counters"
rv run --core generic,width=0 "$TMP/p64.elf"
expect_error "--core generic,width=0" "width"
rv run --core generic,nosuch=1 "$TMP/p64.elf"
expect_error "--core generic,nosuch=1" "nosuch"
rv run --core generic,counters "$TMP/p64.elf"
expect_error "--core generic,counters (no value)" "counters"
rv run --core ibex --isa rv32gc "$TMP/p32.elf"
expect_error "--core ibex --isa rv32gc" "rv32gc|G |F and D"
rv run --core ibex --isa rv32imafc "$TMP/p32.elf"
expect_error "--core ibex --isa rv32imafc" "'f'|rv32imafc"
rv run --isa rv64imadc "$TMP/p64.elf"
expect_error "--isa rv64imadc (D without F)" "D requires F"
rv run --isa rv64imac_zfh "$TMP/p64.elf"
expect_error "--isa rv64imac_zfh (not implemented)" "zfh"
rv run --core ibex --isa rv32imc_zicond "$TMP/p32.elf"
expect_error "--core ibex --isa rv32imc_zicond" "zicond"
rv run --isa rv128i "$TMP/p64.elf"
expect_error "--isa rv128i" "rv128i|rv32 or rv64"
rv run --platform nosuch "$TMP/p64.elf"
expect_error "--platform nosuch" "nosuch"

# Options.
rv run --bogus "$TMP/p64.elf"
expect_error "run --bogus" "unknown option.*--bogus"
rv stat --bogus "$TMP/p64.elf"
expect_error "stat --bogus" "unknown option.*--bogus"
rv list --bogus
expect_error "list --bogus" "--bogus"
rv run
expect_error "run without a program" "no program"
rv stat
expect_error "stat without a program" "no program"
rv run "$TMP/p64.elf" "$TMP/p64.elf"
expect_error "run with two programs" "more than one"
rv
expect_error "no command" "usage"
rv bogus
expect_error "unknown command" "bogus"
rv run --max-insns
expect_error "--max-insns without a value" "max-insns.*value"
rv run --max-insns ten "$TMP/p64.elf"
expect_error "--max-insns ten" "ten"
rv run --max-insns -1 "$TMP/p64.elf"
expect_error "--max-insns -1" "-1"
rv run --harts 0 "$TMP/p64.elf"
expect_error "--harts 0" "harts"
rv run --harts 9 "$TMP/p64.elf"
expect_error "--harts 9" "harts"
rv run --mem 0 "$TMP/p64.elf"
expect_error "--mem 0" "mem"
rv stat -e
expect_error "stat -e without a value" "-e.*value"
rv stat -x , --json "$TMP/p64.elf"
expect_error "stat -x with --json" "-x|json"
rv stat -o "$TMP/no/such/dir/out.txt" "$TMP/p64.elf"
expect_error "stat -o into a missing directory" "no/such/dir"

exit 0
