#!/usr/bin/env bash
# rvpmu stat -I MS (perf-stat-style interval rows in simulated time) and --plot: the rows of
# every event add up exactly to the totals of a plain 'rvpmu stat'; the time column leads with
# -x and grows by MS; the plot, rendered by Chromium, shows one coloured panel per event.
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"

build_guest work-rv32 rv32 work.c -march=rv32imc # Ibex runs it: no A (work.c leaves out the AMO)
build_guest work-rv64 rv64 work.c
events=cycles,instructions,loads,stores,branches

# interval_sums FILE: "event=sum" of each event over the -x, interval rows, in first-seen order.
interval_sums() { awk -F, '!($4 in s) { order[n++] = $4 } { s[$4] += $2 } END { for (i = 0; i < n; i++) printf "%s=%s\n", order[i], s[order[i]] }' "$1"; }
# total_counts FILE: "event=count" of each line of a plain 'stat -x,'.
total_counts() { awk -F, '{ printf "%s=%s\n", $3, $1 }' "$1"; }

# work.c is linked for QEMU virt's RAM: Ibex runs it on that platform.
for run in "ibex rv32" "generic rv64"; do
  read -r core x <<<"$run"
  [ "$core" = ibex ] && core="ibex --platform virt"
  elf=$TMP/work-$x.elf
  rv stat -x, -e $events --core $core "$elf"
  expect_status "$core: plain stat runs" 0
  cp "$TMP/err" "$TMP/totals"
  rv stat --json --core $core "$elf"
  clock=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["clock_hz"])' "$ERR" 2>/dev/null)
  cycles=$(total_counts "$TMP/totals" | sed -n 's/^cycles=//p')
  # About 12 intervals of the run, in milliseconds at the core's clock.
  ms=$(python3 -c "print(f'{$cycles / 12 / $clock * 1e3:.6f}')")
  rv stat -I "$ms" -x, -e $events --core $core "$elf"
  expect_status "$core: stat -I $ms -x, runs" 0
  cp "$TMP/err" "$TMP/rows"
  check_eq "$core: the -I rows of each event sum to the totals" "$(interval_sums "$TMP/rows")" "$(total_counts "$TMP/totals")"
  nrows=$(grep -c ',cycles,' "$TMP/rows")
  if [ "$nrows" -ge 12 ] && [ "$nrows" -le 14 ]; then ok "$core: -I gives one row per event per interval ($nrows intervals)"
  else not_ok "$core: -I gives one row per event per interval" "$nrows intervals of $ms ms for $cycles cycles" "$(head -12 "$TMP/rows")"; fi
  # The time column leads: seconds of simulated time, increasing by the interval (within a few
  # cycles: a check happens at an instruction boundary), the last one possibly shorter.
  bad=$(awk -F, -v ms="$ms" -v hz="$clock" '$4 == "cycles" {
          if (split($1, p, ".") != 2 || p[1] !~ /^[0-9]+$/ || p[2] !~ /^[0-9]+$/ || length(p[2]) != 9) { print "bad time " $1; exit }
          d = $1 - prev; prev = $1; n++; rows[n] = d
        } END { for (i = 1; i < n; i++) { slack = 64 / hz; if (rows[i] < ms / 1e3 - slack || rows[i] > ms / 1e3 + slack) print "interval " i ": " rows[i] " s" }
                if (rows[n] > ms / 1e3 + 64 / hz) print "last interval " rows[n] }' "$TMP/rows")
  check_eq "$core: -I time column (seconds) leads and advances by $ms ms" "$bad" ""
  # Each interval's own cycles match its length at the core's clock (the GHz column is its rate).
  rv stat -I "$ms" -e $events --core $core "$elf"
  if head -1 "$TMP/err" | grep -q '^# *time *counts unit events' && grep -Eq '^ +[0-9]+\.[0-9]{9} +[0-9,]+ +instructions +# +[0-9.]+ insn per cycle' "$TMP/err"
  then ok "$core: -I table: perf's header and time-led rows with insn per cycle"
  else not_ok "$core: -I table: perf's header and time-led rows" "$(last_run)"; fi
done

# Short intervals on the timed cores, every event: each interval's end is a slow check, with
# the instructions near it stepped (block_first_insn), and the rows must still add up to the
# totals. Two ways they did not: the block after a stepped instruction was timed with that
# instruction alone as its history (MicroBlaze V's load-use stalls, STALL_OF: hart.step_before
# now), and a taken transfer's unaligned-target check was lost when the loop returned at the
# interval's end (Ibex's NumCyclesIF, CV32E40P's cycles: hart.resume_unaligned).
if $GUEST_CC $GUEST_CFLAGS -march=rv32imc -mabi=ilp32 -Ibench -o "$TMP/callchase32.elf" $GUEST_LIB bench/callchase.c \
  -lgcc >"$TMP/cc.log" 2>&1; then
  for core in ibex,counters=10,variant=rtl cv32e40p,counters=16 microblaze-v,pipeline=5 microblaze-v,pipeline=8; do
    all=$(core_events "$core")
    for w in work-rv32 callchase32; do
      rv stat -x, -e "$all" --core "$core" --platform virt --max-insns 1000000 "$TMP/$w.elf"
      cp "$TMP/err" "$TMP/totals"
      rv stat -I 0.01 -x, -e "$all" --core "$core" --platform virt --max-insns 1000000 "$TMP/$w.elf"
      check_eq "$core, $w: -I 0.01 rows of every event sum to the totals (slow checks and steps at every interval's end)" \
        "$(grep -v '^rvpmu:' "$TMP/err" | interval_sums /dev/stdin | sort)" "$(grep -v '^rvpmu:' "$TMP/totals" | total_counts /dev/stdin | sort)"
    done
  done
else
  not_ok "build callchase32" "$(head -20 "$TMP/cc.log")"
fi

# --- --plot: an SVG with one panel per event, looked at through Chromium.
rv stat -I 0.002 -e $events --core ibex --platform virt --plot "$TMP/intervals.svg" "$TMP/work-rv32.elf"
expect_status "stat -I --plot FILE.svg: status 0" 0
if grep -q '<svg' "$TMP/intervals.svg" 2>/dev/null && grep -Eq 'simulated time \(ms, core clock [0-9]+ MHz\)' "$TMP/intervals.svg" &&
  grep -q 'count per 0.002 ms' "$TMP/intervals.svg"; then ok "--plot SVG: axes named with their units"
else not_ok "--plot SVG: axes named with their units" "$(head -c 300 "$TMP/intervals.svg" 2>&1)"; fi
nev=5
if bash tests/cli/render_svg.sh "$TMP/intervals.svg" "$TMP/intervals.png" 960 $((60 + 240 * nev)) 2>"$TMP/render.log"; then
  # Palette of tools/plot.c: panel k draws in colour k. Each colour must appear (line and legend
  # sample), within its own fifth of the picture, top to bottom.
  python3 tests/cli/png_inspect.py "$TMP/intervals.png" '#0072B2' '#E69F00' '#009E73' '#CC79A7' '#56B4E9' >"$TMP/png.json"
  verdict=$(python3 - "$TMP/png.json" "$nev" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); n = int(sys.argv[2]); h = d["height"] / n
problems = []
for k, (name, c) in enumerate(d["colours"].items()):
    if c["pixels"] < 300:
        problems.append(f"{name}: {c['pixels']} pixels")
        continue
    top, bottom = c["bands"][0][0], c["bands"][-1][1]
    if top < k * h or bottom > (k + 1) * h:
        problems.append(f"{name}: rows {top}..{bottom}, panel {k} is {k*h:.0f}..{(k+1)*h:.0f}")
    if c["columns"][-1][1] - c["columns"][0][0] < d["width"] / 2:
        problems.append(f"{name}: spans only columns {c['columns'][0][0]}..{c['columns'][-1][1]}")
if not 0.01 < d["ink"] < 0.3:
    problems.append(f"ink {d['ink']}")
print("; ".join(problems))
PY
  )
  check_eq "--plot SVG rendered: one panel per event, each line drawn across its panel in its colour" "$verdict" ""
else
  not_ok "--plot SVG renders in Chromium" "$(cat "$TMP/render.log")"
fi
rv stat -I 0.002 -e cycles,instructions --core ibex --platform virt --plot "$TMP/intervals.png" "$TMP/work-rv32.elf"
if [ "$st" = 0 ] && python3 tests/cli/png_inspect.py "$TMP/intervals.png" '#0072B2' '#E69F00' >"$TMP/png2.json" &&
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(not (d["width"] == 960 and d["height"] == 540 and all(c["pixels"] > 200 for c in d["colours"].values())))' "$TMP/png2.json"
then ok "--plot FILE.png: a 960x540 PNG with both events drawn"
else not_ok "--plot FILE.png" "$(last_run)" "$(cat "$TMP/png2.json" 2>/dev/null | head -c 300)"; fi

# --- Bad uses: one clear error, status 2.
rv stat -I 0 "$TMP/work-rv64.elf"
expect_error "-I 0 is refused" "-I: '0' is not a positive number"
rv stat -I ten "$TMP/work-rv64.elf"
expect_error "-I ten is refused" "-I: 'ten' is not a positive number"
rv stat -I 1 --json "$TMP/work-rv64.elf"
expect_error "-I with --json is refused" "does not combine with --json"
rv stat --plot "$TMP/x.svg" "$TMP/work-rv64.elf"
expect_error "--plot without -I is refused" "give -I too"
rv stat -I 1 --plot "$TMP/x.pdf" "$TMP/work-rv64.elf"
expect_error "--plot FILE.pdf is refused" "must end in .svg or .png"
