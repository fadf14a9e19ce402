#!/bin/sh
# Compares the pack's and every case file's diagnostics with /work/baseline
# (saved from main before the rulebook work): "diagnostics unchanged".
# Usage: scripts/compare-baseline.sh [path to muster binary]
set -u
bin=${1:-${CARGO_TARGET_DIR:-target}/debug/muster}
base=${BASELINE:-/work/baseline}
out=$(mktemp -d)
norm() { sed -E 's/ in [0-9]+\.[0-9]+s/ in Xs/'; }
"$bin" check scenarios --format json > "$out/pack.json" 2>/dev/null
"$bin" check scenarios 2>&1 | norm > "$out/pack.txt"
for f in $(find tests/cases -name '*.muster' | sort); do
  echo "== $f"
  "$bin" check "$f" 2>&1
done | norm > "$out/cases.txt"
status=0
for f in pack.json pack.txt cases.txt; do
  if [ "$f" = pack.json ]; then
    # timings inside the JSON are not diagnostics
    a=$(sed -E 's/"(elapsed|duration)[^,}]*//g' "$base/$f"); b=$(sed -E 's/"(elapsed|duration)[^,}]*//g' "$out/$f")
    [ "$a" = "$b" ] || { echo "DIFFERS: $f"; status=1; }
  else
    norm < "$base/$f" | diff - "$out/$f" > "$out/$f.diff" || { echo "DIFFERS: $f (see $out/$f.diff)"; head -40 "$out/$f.diff"; status=1; }
  fi
done
[ $status = 0 ] && echo "diagnostics identical to $base" && rm -rf "$out"
exit $status
