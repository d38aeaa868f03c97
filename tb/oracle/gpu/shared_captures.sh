#!/usr/bin/env bash
# The model against every capture of real hardware in DIR (../shared/gpu): each DIR/*/ holding
# cases.txt and capture.txt is checked with the departures file; any other difference fails.
# Exit 77 (skip) when DIR holds no capture.
#   shared_captures.sh TSU DIR DEPARTURES
set -uo pipefail
tsu=$1 dir=$2 departures=$3
found=0 fail=0
for c in "$dir"/*/capture.txt; do
  [ -f "$c" ] || continue
  d=$(dirname "$c")
  [ -f "$d/cases.txt" ] || { echo "FAIL $d: capture.txt without cases.txt"; fail=1; continue; }
  found=$((found + 1))
  "$tsu" oracle gpu check "$d/cases.txt" "$c" --departures "$departures" || fail=1
done
[ $found = 0 ] && { echo "skip: no capture in $dir"; exit 77; }
exit $fail
