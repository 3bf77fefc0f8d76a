#!/usr/bin/env python3
"""Compares rvpmu's CSR map of a core profile with the one measured on the RTL.

Usage: compare.py RVPMU CSV CORE_SPEC ELF [--verbose]
       compare.py --csv OUTPUT      (turns a walk's output, e.g. the RTL's, into CSV on stdout)

The walk (csrmap.c) prints one line per CSR that can be read and the number of addresses whose
read traps; the CSV (tests/reference/csrmap-*.csv) holds the same, measured on the RTL:
    csr,read,write_ones,write_zero,write_5a,write_a5
    reset 0x300,0x00000080,,,,         (value before anything trapped)
    ...
    cpuctrlsts handler,0x00000040,,,,  (Ibex: cpuctrlsts in a trap handler, after MRET, ...)
    ...
    0x300,0x00000080,0x00221888,0x00000000,0x00001808,0x00220080
    ...
    read_traps,3922,,,,
Prints "ok" or "not ok: ..." (every difference with --verbose); exits 1 on a difference.
"""
import csv
import re
import subprocess
import sys

LINE = re.compile(r"^csr (0x[0-9a-f]{3}) r=(\S+) w1=(\S+) w0=(\S+) w5a=(\S+) wa5=(\S+)$")
RESET = re.compile(r"^reset (0x[0-9a-f]{3})=(\S+)$")


def parse(text):
    """The walk's lines as {csr: (read, w1, w0)} plus {'read_traps': (n, '', '')}."""
    rows = {}
    for line in text.splitlines():
        m = LINE.match(line.strip())
        r = RESET.match(line.strip())
        if m:
            rows[m.group(1)] = m.groups()[1:]
        elif r:
            rows["reset " + r.group(1)] = (r.group(2), "", "", "", "")
        elif line.startswith("exc cpuctrlsts "):  # Ibex: "exc cpuctrlsts handler=V mret=V ..."
            for item in line.split()[2:]:
                key, _, value = item.partition("=")
                rows["cpuctrlsts " + key] = (value, "", "", "", "")
        elif line.startswith("csrmap.read_traps="):
            rows["read_traps"] = (str(int(line.split("=", 1)[1], 16)), "", "", "", "")
        elif line.startswith("csrmap.fatal"):
            rows["fatal"] = (line, "", "", "", "")
    return rows


def main():
    if sys.argv[1] == "--csv":
        with open(sys.argv[2]) as f:
            rows = parse(f.read())
        w = csv.writer(sys.stdout, lineterminator="\n")
        w.writerow(["csr", "read", "write_ones", "write_zero", "write_5a", "write_a5"])
        for key in sorted(k for k in rows if k.startswith("reset")) + \
                sorted(k for k in rows if k.startswith("0x")) + \
                [k for k in rows if k.startswith("cpuctrlsts")] + ["read_traps"]:
            w.writerow([key, *rows[key]])
        return 0
    rvpmu, csv_path, core, elf = sys.argv[1:5]
    verbose = "--verbose" in sys.argv
    with open(csv_path, newline="") as f:
        want = {r["csr"]: (r["read"], r["write_ones"], r["write_zero"], r["write_5a"], r["write_a5"])
                for r in csv.DictReader(f)}
    out = subprocess.run([rvpmu, "run", "--core", core, "--max-insns", "10000000", elf],
                         capture_output=True, text=True, timeout=120)
    got = parse(out.stdout)
    diffs = [(k, want.get(k), got.get(k)) for k in sorted(set(want) | set(got)) if want.get(k) != got.get(k)]
    if out.returncode != 0:
        diffs.append(("exit status", "0", f"{out.returncode} {out.stderr.strip()}"))
    if diffs:
        print(f"not ok: {len(diffs)} CSRs differ")
        if verbose:
            for key, w, g in diffs:
                print(f"    {key}: rtl {w}, rvpmu {g}")
        return 1
    print(f"ok: {sum(k.startswith('0x') for k in want)} CSRs exist, {want['read_traps'][0]} addresses trap")
    return 0


if __name__ == "__main__":
    sys.exit(main())
