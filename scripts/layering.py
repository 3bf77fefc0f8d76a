#!/usr/bin/env python3
"""Measures which way the simulator's and the firmware's code depends on itself.

Every edge between two source files is either an #include of the other's header or a call
(a symbol one object file uses and the other defines, read with nm). Files live in rooms (the
folders under src/ and firmware/; src/*.c is the room "machine"), and the rooms have an order,
LAYERS below, which docs/architecture.md explains: a room may use the rooms after it, never one
before it. The script prints

  - every edge that runs against the order (a "back edge"), grouped by the two rooms, and
  - every circle of rooms (rooms that reach each other), and every two files that call each
    other.

and compares them with a baseline of known ones (scripts/layering.baseline), which only ever
shrinks: a back edge or circle that is not in it fails the check (exit 1); one in it that no
longer exists is reported so that it can be removed (--write-baseline rewrites the file).

Usage: scripts/layering.py [--build DIR] [--baseline FILE] [--write-baseline] [-v]
  --build DIR  where `make` put the simulator's objects (DIR/obj/src/...; default build).
               The firmware is compiled here, file by file, into a temporary folder with the
               flags of firmware/firmware.mk (its build links in one step and keeps no objects).
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The order of the rooms, each list from the top (callers) down. A room may use any room after
# it in its list; rooms on one line are peers that must not use each other.
LAYERS = {
    "src": [
        ["machine"],          # builds a platform: harts, bus, devices, loader; runs them
        ["loader", "dev"],    # ELF loading; devices on the bus
        ["hart"],             # architectural state, traps, interrupts, MMU/PMP, run loops
        ["isa"],              # decode, the dispatch loop, blocks, the translator
        ["csr"],              # the CSR file and its access rules
        ["prof"],             # the exact profiler's store
        ["profiles"],         # the cores' timing models and event tables
        ["hpm"],              # counters, selectors, inhibit, overflow
        ["mem"],              # the bus and RAM
    ],
    "firmware": [
        ["boot"],
        ["ecall"],            # SBI call dispatch
        ["trap"],             # trap entry, emulation of what the hardware lacks
        ["sbi"],              # the SBI extensions' state machines (pmu, hsm, timer, ...)
        ["platform"],         # console, CLINT, reset, the device tree's fix-ups
        ["hart"],             # per-hart state, PMP, unprivileged access
        ["lib"],              # libfdt glue, string functions, CSR macros
    ],
}


def rank_of(tree):
    ranks = {}
    for i, peers in enumerate(LAYERS[tree]):
        for room in peers:
            ranks[room] = i
    return ranks


def room_of(path):
    """('src', 'hart') for src/hart/hart.c; ('src', 'machine') for src/machine.c."""
    parts = path.split("/")
    if parts[0] == "src":
        return "src", (parts[1] if len(parts) > 2 else "machine")
    if parts[0] == "firmware":
        return "firmware", (parts[1] if len(parts) > 2 else "firmware")
    return None, None


def sources(tree):
    out = []
    for dirpath, _, files in os.walk(os.path.join(ROOT, tree)):
        for f in files:
            if f.endswith((".c", ".h", ".S", ".def")):
                out.append(os.path.relpath(os.path.join(dirpath, f), ROOT))
    return sorted(out)


def include_edges(files):
    """(from, to) for every #include "x" that names a file of the tree."""
    known = set(files)
    edges = set()
    pat = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
    for f in files:
        with open(os.path.join(ROOT, f), errors="replace") as fh:
            text = fh.read()
        tree = f.split("/")[0]
        for inc in pat.findall(text):
            for cand in (os.path.normpath(os.path.join(os.path.dirname(f), inc)),
                         os.path.normpath(os.path.join(tree, inc))):
                if cand in known and cand != f:
                    edges.add((f, cand))
                    break
    return edges


def nm_symbols(obj):
    defined, used = set(), set()
    out = subprocess.run(["nm", obj], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        p = line.split()
        if len(p) == 3 and p[1] in "TDBRCGS":
            defined.add(p[2])
        elif len(p) == 2 and p[0] == "U":
            used.add(p[1])
    return defined, used


def call_edges(objects):
    """objects: {source path: object path}. Returns {(from, to): set of symbols}."""
    definer, users = {}, {}
    for src, obj in objects.items():
        d, u = nm_symbols(obj)
        for s in d:
            definer.setdefault(s, src)
        users[src] = u
    edges = collections.defaultdict(set)
    for src, used in users.items():
        for s in used:
            to = definer.get(s)
            if to and to != src:
                edges[(src, to)].add(s)
    return edges


def simulator_objects(build):
    objs = {}
    for src in sources("src"):
        if src.endswith(".c"):
            obj = os.path.join(ROOT, build, "obj", src[:-2] + ".o")
            if not os.path.exists(obj):
                sys.exit(f"layering: {obj} is missing: run `make` first (or pass --build)")
            objs[src] = obj
    return objs


def make_var(name):
    prog = "print-var: ; @echo $(%s)\n" % name
    return subprocess.run(["make", "-s", "--no-print-directory", "-f", "firmware/firmware.mk", "-f", "-",
                           "print-var"], input=prog, capture_output=True, text=True, cwd=ROOT).stdout.split()


def firmware_objects(tmp):
    cc = (make_var("FW_CC") or ["riscv64-unknown-elf-gcc"])[0]
    flags = [f for f in make_var("FW_CFLAGS") if not f.startswith(("-T", "-Wl,"))] + make_var("FW_RV64")
    objs = {}
    for src in sources("firmware"):
        if not src.endswith((".c", ".S")):
            continue
        obj = os.path.join(tmp, src.replace("/", "_") + ".o")
        r = subprocess.run([cc] + flags + ["-c", "-o", obj, src], capture_output=True, text=True, cwd=ROOT)
        if r.returncode:
            sys.exit(f"layering: cannot compile {src} for the call graph:\n{r.stderr}")
        objs[src] = obj
    return objs


def circles(nodes, edges):
    """Strongly connected components with more than one file (Tarjan, iterative)."""
    graph = collections.defaultdict(set)
    for a, b in edges:
        graph[a].add(b)
    index, low, on_stack, stack, out = {}, {}, set(), [], []
    counter = [0]
    for start in sorted(nodes):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    advanced = True
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return sorted(out)


def analyse(build, verbose):
    files = sources("src") + sources("firmware")
    inc = include_edges(files)
    with tempfile.TemporaryDirectory() as tmp:
        objs = simulator_objects(build)
        objs.update(firmware_objects(tmp))
        calls = call_edges(objs)
    violations = set()
    details = collections.defaultdict(list)
    for (a, b), why in [((e), "include") for e in inc] + [(e, ",".join(sorted(s))) for e, s in calls.items()]:
        ta, ra = room_of(a)
        tb, rb = room_of(b)
        if ta != tb or ra == rb:
            continue
        ranks = rank_of(ta)
        if ra not in ranks or rb not in ranks:
            violations.add(f"unranked {ta}/{ra if ra not in ranks else rb}")
            continue
        if ranks[ra] > ranks[rb] or (ranks[ra] == ranks[rb] and ra != rb):
            key = f"back {ta}: {ra} -> {rb}: {a} -> {b}"
            violations.add(key)
            details[key].append(why)
    # Circles: of rooms (rooms that reach each other through calls and includes), and of two
    # files that call each other. Circles of more files show up as room circles or back edges;
    # listing every file of a large circle would make a baseline line that any new file changes.
    room_edges = set()
    for a, b in set(calls) | inc:
        ta, ra = room_of(a)
        tb, rb = room_of(b)
        if ta == tb and ra != rb:
            room_edges.add((f"{ta}/{ra}", f"{tb}/{rb}"))
    for comp in circles({n for e in room_edges for n in e}, room_edges):
        violations.add("circle of rooms " + " ".join(comp))
    for a, b in calls:
        if a < b and (b, a) in calls:
            violations.add(f"mutual calls {a} {b}")
    if verbose:
        for key in sorted(details):
            print(f"{key}  [{'; '.join(details[key])[:200]}]")
    return violations


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--baseline", default=os.path.join(ROOT, "scripts", "layering.baseline"))
    ap.add_argument("--write-baseline", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    found = analyse(args.build, args.verbose)
    if args.write_baseline:
        with open(args.baseline, "w") as fh:
            fh.write("# Known back edges and circles (scripts/layering.py): this list only shrinks.\n")
            fh.writelines(v + "\n" for v in sorted(found))
        print(f"layering: wrote {len(found)} known violations to {args.baseline}")
        return 0
    known = set()
    if os.path.exists(args.baseline):
        with open(args.baseline) as fh:
            known = {l.strip() for l in fh if l.strip() and not l.startswith("#")}
    new = sorted(found - known)
    gone = sorted(known - found)
    rooms = collections.Counter(v.split(":")[0] + ":" + v.split(":")[1] for v in found if v.startswith("back"))
    print(f"layering: {sum(1 for v in found if v.startswith('back'))} back edges between "
          f"{len(rooms)} pairs of rooms, {sum(1 for v in found if v.startswith('circle'))} circles of "
          f"rooms, {sum(1 for v in found if v.startswith('mutual'))} pairs of files calling each "
          f"other ({len(known)} known in the baseline)")
    for v in gone:
        print(f"layering: fixed, remove from the baseline: {v}")
    for v in new:
        print(f"layering: NEW {v}")
    return 1 if new else 0


if __name__ == "__main__":
    sys.exit(main())
