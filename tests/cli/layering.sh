#!/usr/bin/env bash
# The source's dependencies run one way (docs/architecture.md, "Layers"): scripts/layering.py
# reads every #include and every call between files of src/ and firmware/ (nm on the build's
# objects; the firmware compiled file by file) and fails on a back edge, a circle of rooms or
# two files calling each other that scripts/layering.baseline does not already list. The
# baseline holds what the code had when the check came (issue 31) and only shrinks.
# shellcheck source=tests/cli/lib.sh
source "$(dirname "$0")/lib.sh"

build=$(dirname "$RVPMU")
build=${build#"$ROOT"/}
if out=$(python3 scripts/layering.py --build "$build" 2>&1); then
  ok "layering: no new back edge or circle"
else
  not_ok "layering: no new back edge or circle" "$out"
fi
# The check itself can fail: with one known back edge taken out of the baseline, it must
# report exactly that edge as new and exit 1.
edge=$(grep -m1 '^back src: ' scripts/layering.baseline)
grep -vxF "$edge" scripts/layering.baseline >"$TMP/baseline"
out=$(python3 scripts/layering.py --build "$build" --baseline "$TMP/baseline" 2>&1)
st=$?
if [ "$st" = 1 ] && grep -qxF "layering: NEW $edge" <<<"$out"; then
  ok "layering: a back edge missing from the baseline is reported"
else
  not_ok "layering: a back edge missing from the baseline is reported" "exit $st" "$out"
fi
