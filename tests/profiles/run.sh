#!/usr/bin/env bash
# Compares the ibex and cv32e40p profiles with the counter values measured on their RTL
# (tests/reference/*.csv) for every reference program and configuration. Prints
# "ok CONFIG/PROGRAM" or "not ok CONFIG/PROGRAM"; known deviations (known-deviations.txt,
# with the reason) print "skip". Exit status 0 unless something differs unexpectedly.
set -u
cd "$(dirname "$0")/../.."
RVPMU=${RVPMU:-build/rvpmu}
# CSV name : profile options : platform
configs=(
  "ibex-default:ibex,variant=rtl,counters=10:ibex-simple"
  "ibex-fast:ibex,variant=rtl,counters=10,multiplier=single-cycle,bta=on,wb_stage=on:ibex-simple"
  "ibex-slow:ibex,variant=rtl,counters=10,multiplier=slow:ibex-simple"
  "ibex-bta:ibex,variant=rtl,counters=10,bta=on:ibex-simple"
  "ibex-wb:ibex,variant=rtl,counters=10,wb_stage=on:ibex-simple"
  "cv32e40p-default:cv32e40p,counters=29:cv32e40p-tb"
  # The integer programs give the same figures on the FPU=1 RTL (measured with both latencies 2)
  "cv32e40p-default:cv32e40p,counters=29,fpu=on,fpu_addmul_lat=2,fpu_others_lat=2:cv32e40p-tb"
  "cv32e40p-fpu-lat0:cv32e40p,counters=29,fpu=on:cv32e40p-fpu"
  "cv32e40p-fpu-lat1:cv32e40p,counters=29,fpu=on,fpu_addmul_lat=1,fpu_others_lat=1:cv32e40p-fpu"
  "cv32e40p-fpu-lat2:cv32e40p,counters=29,fpu=on,fpu_addmul_lat=2,fpu_others_lat=2:cv32e40p-fpu"
  "cv32e40p-fpu-lat3:cv32e40p,counters=29,fpu=on,fpu_addmul_lat=3,fpu_others_lat=3:cv32e40p-fpu"
  "cv32e40p-fpu-addmul1-others0:cv32e40p,counters=29,fpu=on,fpu_addmul_lat=1:cv32e40p-fpu"
  "cv32e40p-fpu-addmul2-others1:cv32e40p,counters=29,fpu=on,fpu_addmul_lat=2,fpu_others_lat=1:cv32e40p-fpu"
  "cv32e40p-zfinx-lat0:cv32e40p,counters=29,fpu=on,zfinx=on:cv32e40p-zfinx"
  "cv32e40p-zfinx-lat1:cv32e40p,counters=29,fpu=on,zfinx=on,fpu_addmul_lat=1,fpu_others_lat=1:cv32e40p-zfinx"
  "cv32e40p-zfinx-lat2:cv32e40p,counters=29,fpu=on,zfinx=on,fpu_addmul_lat=2,fpu_others_lat=2:cv32e40p-zfinx"
  "cv32e40p-zfinx-lat3:cv32e40p,counters=29,fpu=on,zfinx=on,fpu_addmul_lat=3,fpu_others_lat=3:cv32e40p-zfinx"
)
status=0
for c in "${configs[@]}"; do
  IFS=: read -r name core platform <<<"$c"
  while read -r verdict program rest; do
    [ -n "$program" ] || continue
    program=${program%:}
    [ "$verdict" = not_ok ] && verdict="not ok"
    if [ "$verdict" = ok ]; then
      echo "ok $name/$program"
    elif grep -q "^$name/$program " tests/profiles/known-deviations.txt; then
      echo "skip $name/$program (known deviation: $(grep "^$name/$program " tests/profiles/known-deviations.txt | cut -d' ' -f2-))"
    else
      echo "not ok $name/$program $rest"
      status=1
    fi
  done < <(python3 tests/profiles/compare.py "$RVPMU" "tests/reference/$name.csv" "$core" "build/profiles/$platform" |
           sed -e 's/^not ok /not_ok /')
done

# The CSR map of each core configuration: the whole address space walked by
# tests/profiles/csrmap on rvpmu against the walk measured on the RTL (csrmap-*.csv).
csrmaps=(
  "csrmap-ibex-counters10:ibex,variant=rtl,counters=10:ibex-simple"
  "csrmap-ibex-counters0:ibex:ibex-simple"
  "csrmap-ibex-counters10-width32:ibex,variant=rtl,counters=10,width=32:ibex-simple"
  "csrmap-cv32e40p-counters29:cv32e40p,counters=29:cv32e40p-tb"
  "csrmap-cv32e40p-counters1:cv32e40p:cv32e40p-tb"
  "csrmap-cv32e40p-fpu-counters29:cv32e40p,counters=29,fpu=on:cv32e40p-tb"
  "csrmap-cv32e40p-zfinx-counters29:cv32e40p,counters=29,fpu=on,zfinx=on:cv32e40p-tb"
)
for c in "${csrmaps[@]}"; do
  IFS=: read -r name core platform <<<"$c"
  if ! "$RVPMU" list --core "$core" >/dev/null 2>&1; then
    echo "skip $name/csrmap (this rvpmu has no --core $core)"
    continue
  fi
  if out=$(python3 tests/profiles/csrmap/compare.py "$RVPMU" "tests/reference/$name.csv" "$core" \
             "build/profiles/$platform/csrmap.elf" --verbose); then
    echo "ok $name/csrmap"
  else
    echo "not ok $name/csrmap $(tr '\n' ' ' <<<"$out")"
    status=1
  fi
done
exit $status
