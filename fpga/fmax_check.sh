#!/usr/bin/env bash
# Timing regression check: places and routes tsu_top in a named configuration on the iCE40 HX8K
# (fpga/fmax.sh) and fails if it does not fit or its post-route Fmax is below the floor in
# fpga/fmax_budget.tsv (or --min-mhz N).
#
#   fpga/fmax_check.sh [--config NAME] [--min-mhz N] [--seed N]
#
# Prints fmax.sh's table row. Exit 0 at or above the floor, 1 below it or not fitting, 2 on a
# usage or tool error. CTest fpga.fmax.NAME runs it per configuration (label slow: nextpnr takes
# about 8 minutes on a nearly full HX8K).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
config=hx8k
min=""
seed=1
while [[ $# -gt 0 ]]; do
  case "$1" in
    --config) config="$2"; shift 2 ;;
    --min-mhz) min="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "fmax_check: unknown argument $1" >&2; exit 2 ;;
  esac
done
if [[ -z "$min" ]]; then
  min="$(awk -v c="$config" '$1==c{print $2}' "$root/fpga/fmax_budget.tsv")"
  [[ -n "$min" ]] || { echo "fmax_check: no floor for '$config' in fpga/fmax_budget.tsv" >&2; exit 2; }
fi
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
"$root/fpga/fmax.sh" --config "$config" --seed "$seed" --out "$out" tsu_top > /dev/null || exit 2
row="$(grep '^| tsu_top |' "$out" || true)"
[[ -n "$row" ]] || { echo "fmax_check: no result row from fmax.sh" >&2; cat "$out" >&2; exit 2; }
echo "$row"
mhz="$(echo "$row" | awk -F'|' '{gsub(/ /, "", $4); print $4}')"
if ! [[ "$mhz" =~ ^[0-9]+(\.[0-9]+)?$ ]]; then
  echo "tsu_top ($config): does not place and route on the HX8K (FAIL)"
  exit 1
fi
if awk -v f="$mhz" -v m="$min" 'BEGIN{exit !(f < m)}'; then
  echo "tsu_top ($config): ${mhz} MHz post-route, below the floor of ${min} MHz (seed $seed) (FAIL)"
  exit 1
fi
echo "tsu_top ($config): ${mhz} MHz post-route, floor ${min} MHz (seed $seed)"
