#!/usr/bin/env python3
"""Checks `rvpmu report --json` against what tests/cli/programs/prof_calls.c measured itself.

usage: profile_check.py TAG ELF GUEST_OUTPUT ADDRESS_JSON SYMBOL_JSON EVENTS

prof_calls.c reads six counters (the events in EVENTS, comma-separated, in order) before and
after one call of each measured function, in a harness per function (prof_measure.S). Between
the two reads of counter k run: the harness's instructions from the first read of k up to (not
including) the second read of k, and everything below its call instruction. So the delta must
equal the self counts `--sort address` gives those harness instructions plus the call
instruction's inclusive count minus its self count, exactly. Also checks the per-function
inclusive counts and call counts of `--sort symbol` (perf --children semantics) and that the
self counts add up to the totals. Prints "ok NAME" / "not ok NAME" lines (tests/cli/lib.sh).
"""
import json
import re
import subprocess
import sys

tag, elf, guest_out, addr_json, sym_json, events = sys.argv[1:7]
events = events.split(",")
failures = 0


def result(name, good, detail=""):
    global failures
    if good:
        print(f"ok {tag}: {name}")
    else:
        failures += 1
        print(f"not ok {tag}: {name}")
        for line in detail.splitlines()[:15]:
            print(f"#   {line[:200]}")


measured, counted = {}, {}
for line in open(guest_out):
    parts = line.split()
    if parts and parts[0] == "M":
        measured[parts[1]] = [int(x) for x in parts[2:8]]
    elif parts and parts[0] == "C":
        counted[parts[1]] = int(parts[2])
result("guest program measured its functions", len(measured) >= 7, open(guest_out).read())

# The harness's csrr and call addresses, per measured function, from objdump.
dump = subprocess.run(["riscv64-unknown-elf-objdump", "-d", "--no-show-raw-insn", elf],
                      capture_output=True, text=True, check=True).stdout
harness, current = {}, None
for line in dump.splitlines():
    m = re.match(r"^[0-9a-f]+ <measure_(\w+)>:", line)
    if m:
        current = m.group(1)
        harness[current] = {"csrr": [], "call": None}
        continue
    if not line.strip():
        current = None
        continue
    m = re.match(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)", line)
    if current and m:
        addr, op, args = int(m.group(1), 16), m.group(2), m.group(3)
        if op == "csrr":
            harness[current]["csrr"].append(addr)
        elif op in ("jal", "jalr") and (args.startswith("ra,") or "<" in args) and len(harness[current]["csrr"]) == 6:
            harness[current]["call"] = addr

by_addr = json.load(open(addr_json))
by_sym = json.load(open(sym_json))
rows = {int(e["address"], 16): e for e in by_addr["entries"]}
syms = {e["symbol"]: e for e in by_sym["entries"]}


def self_at(a, ev):
    return rows[a]["self"][ev] if a in rows else 0


for name, deltas in measured.items():
    h = harness.get(name)
    if not h or len(h["csrr"]) != 12 or h["call"] is None:
        result(f"{name}: harness found", False, str(h))
        continue
    call = h["call"]
    for k, ev in enumerate(events):
        first, second = h["csrr"][k], h["csrr"][6 + k]
        own = sum(e["self"][ev] for a, e in rows.items() if first <= a < second)
        below = (rows[call]["inclusive"][ev] - rows[call]["self"][ev]) if call in rows else 0
        want = deltas[k]
        if k >= 2 and tag.startswith("rv32"):
            pass
        got = (own + below) & ((1 << 32) - 1) if tag.startswith("rv32") else own + below
        result(f"{name}: {ev} measured by the guest = report", got == want,
               f"guest {want}, report {got} (harness {own} + below the call {below})")
    # perf --children semantics per function: what ran below the call is the function's
    # inclusive count (the tail call's target runs in place of its caller).
    below = {ev: rows[call]["inclusive"][ev] - rows[call]["self"][ev] for ev in events}
    if name == "tail_a":
        want = {ev: syms["tail_a"]["self"][ev] + syms["tail_b"]["inclusive"][ev] for ev in events}
        result("tail_a: tail call counted once, in tail_b", want == below, f"{want} vs {below}")
    else:
        incl = {ev: syms[name]["inclusive"][ev] for ev in events}
        result(f"{name}: inclusive = what ran below its call", incl == below, f"inclusive {incl}, below {below}")

for name in ("leaf", "fib", "is_even", "is_odd", "indirect", "spin"):
    got = syms.get(name, {}).get("calls")
    result(f"{name}: calls = entries the function counted", got == counted.get(name),
           f"report {got}, guest {counted.get(name)}")
result("tail_b: entered by a jump, not a call", syms.get("tail_b", {}).get("calls") == 0, str(syms.get("tail_b")))
result("unwind: deep's frames unwound (unwind called once)", syms.get("unwind", {}).get("calls") == 1,
       str(syms.get("unwind")))
unknown = syms.get("[unknown]")
result("every count attributed to a known instruction (no remainder at address 0)", unknown is None, str(unknown))
for ev in events:
    total = by_sym["totals"][ev]
    result(f"conservation: self counts of {ev} add up to the total",
           sum(e["self"][ev] for e in by_sym["entries"]) == total
           and sum(e["self"][ev] for e in by_addr["entries"]) == total, f"total {total}")
sys.exit(1 if failures else 0)
