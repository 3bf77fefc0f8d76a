#!/usr/bin/env python3
"""Compares what the PMP test (pmp.c) does on rvpmu with what it did on the RTL.

Usage: compare.py RVPMU CSV CORE_SPEC ELF [--verbose]
       compare.py --csv OUTPUT      (turns a run's output, e.g. the RTL's, into CSV on stdout)

The test prints one line per case, "pmp NAME RESULT..." or "pmp NAME=VALUE", and "pmp.end=1";
the CSV (tests/reference/pmp-*.csv) holds the same, measured on the RTL, in the order printed:
    case,result
    u.napot_r.sw,cause=0x00000007 tval=0x00140010
    mseccfg_rlb,0x00000004
A case printed twice (an access, then the memory it wrote) keeps both results, joined by " | ".
Prints "ok" or "not ok: ..." (every difference with --verbose); exits 1 on a difference.
"""
import csv
import subprocess
import sys


def parse(text):
    """The run's cases as an ordered {name: result}."""
    rows = {}
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("pmp.end=") or line.startswith("pmp.fatal"):
            rows[line.split("=")[0].split()[0]] = line
        elif line.startswith("pmp "):
            rest = line[4:]
            name, sep, result = rest.partition(" ")
            if "=" in name and not sep:  # "pmp NAME=VALUE"
                name, _, result = rest.partition("=")
            rows[name] = rows[name] + " | " + result if name in rows else result
    return rows


def main():
    if sys.argv[1] == "--csv":
        with open(sys.argv[2]) as f:
            rows = parse(f.read())
        w = csv.writer(sys.stdout, lineterminator="\n")
        w.writerow(["case", "result"])
        for name, result in rows.items():
            w.writerow([name, result])
        return 0
    rvpmu, csv_path, core, elf = sys.argv[1:5]
    verbose = "--verbose" in sys.argv
    with open(csv_path, newline="") as f:
        want = {r["case"]: r["result"] for r in csv.DictReader(f)}
    out = subprocess.run([rvpmu, "run", "--core", core, "--max-insns", "10000000", elf],
                         capture_output=True, text=True, timeout=120)
    got = parse(out.stdout)
    diffs = [(k, want.get(k), got.get(k)) for k in list(want) + [k for k in got if k not in want]
             if want.get(k) != got.get(k)]
    if out.returncode != 0:
        diffs.append(("exit status", "0", f"{out.returncode} {out.stderr.strip()}"))
    if diffs:
        print(f"not ok: {len(diffs)} cases differ")
        if verbose:
            for key, w, g in diffs:
                print(f"    {key}: rtl {w}, rvpmu {g}")
        return 1
    print(f"ok: {len(want)} cases")
    return 0


if __name__ == "__main__":
    sys.exit(main())
