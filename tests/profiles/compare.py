#!/usr/bin/env python3
"""Runs the reference programs on rvpmu with a core profile and compares every counter with
the values measured on the RTL (tests/reference/*.csv).

Usage: compare.py RVPMU CSV CORE_SPEC PLATFORM_DIR [--verbose]
  e.g. compare.py build/rvpmu tests/reference/ibex-default.csv \
         ibex,variant=rtl,counters=10 build/profiles/ibex-simple
Prints one line per program ("ok NAME" / "not ok NAME: N of M values differ") and, with
--verbose, every differing value. Exits 1 if any value differs.
"""
import collections
import csv
import subprocess
import sys


def measured(rvpmu, core, elf):
    """The program's `region.counter=value` lines on rvpmu, as a dict."""
    out = subprocess.run([rvpmu, "run", "--core", core, "--max-insns", "10000000", elf],
                         capture_output=True, text=True, timeout=120)
    values = {}
    for line in out.stdout.splitlines():
        key, sep, value = line.partition("=")
        if sep and "." in key:
            values[key] = value.strip()
    return values, out.returncode, out.stderr.strip()


def main():
    rvpmu, csv_path, core, elf_dir = sys.argv[1:5]
    verbose = "--verbose" in sys.argv
    expected = collections.defaultdict(dict)
    with open(csv_path, newline="") as f:
        for row in csv.DictReader(f):
            expected[row["program"]][row["region"] + "." + row["counter"]] = row["value"]
    failed = 0
    for program in sorted(expected):
        got, status, err = measured(rvpmu, core, f"{elf_dir}/{program}.elf")
        want = expected[program]
        diffs = [(k, v, got.get(k)) for k, v in sorted(want.items()) if got.get(k) != v]
        if status != 0:
            diffs.append(("exit status", "0", f"{status} {err}"))
        if diffs:
            failed += 1
            print(f"not ok {program}: {len(diffs)} of {len(want)} values differ")
            if verbose:
                for key, w, g in diffs:
                    print(f"    {key}: rtl {w}, rvpmu {g}")
        else:
            print(f"ok {program}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
