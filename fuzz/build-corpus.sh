#!/bin/sh
# Builds the seed corpora (git-ignored) from the shipped pack and the case files:
# every scenario, library and rule case is a valid or nearly valid input, so the
# fuzzer starts from the language rather than from noise.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
for target in check parse; do
  dir="$root/fuzz/corpus/$target"
  mkdir -p "$dir"
  find "$root/scenarios" "$root/tests/cases" -name '*.muster' | while read -r f; do
    rel=${f#"$root"/}
    cp "$f" "$dir/$(printf '%s' "$rel" | tr '/' '_')"
  done
done
echo "corpus: $(ls "$root/fuzz/corpus/check" | wc -l) inputs in fuzz/corpus/check"
