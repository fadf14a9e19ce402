#!/bin/sh
# Writes a scenario whose map holds N woods that overlap many of their
# neighbours (the output-bound benchmark in docs/performance.md):
#   scripts/overlapping-woods.sh 16000 > /tmp/woods.muster
# Deterministic: the same N gives the same file.
n=${1:-16000}
cat <<'HEAD'
scenario "Overlapping woods" {
  start 1944-06-06 08:00
  turns 6
  first-bound british
  table 3000m by 3000m
}
side british "British" nation british
side german "German" nation german
map {
HEAD
awk -v n="$n" 'BEGIN {
  s = 12345
  for (i = 0; i < n; i++) {
    s = (s * 1103515245 + 12345) % 2147483648; x = s % 2800
    s = (s * 1103515245 + 12345) % 2147483648; y = s % 2800
    printf "  area w%d open-woods rect (%d,%d) size 200m by 200m\n", i, x, y
  }
}'
echo "}"
