#!/usr/bin/env bash
# Area regression check: synthesises tsu_top in a named configuration with yosys synth_ice40
# and fails if its LUT4 count exceeds the budget in fpga/area_budget.tsv (or --max-lut4 N).
#
#   fpga/area_check.sh [--config NAME] [--max-lut4 N] [--noflatten]
#
# Prints LUT4, flip-flops, carries, block RAMs and the synthesis time. Exit 0 within budget,
# 1 over it, 2 on a usage or tool error. CTest rtl.area_budget.NAME runs it per configuration.
# --noflatten (or `noflatten` in the budget's fourth column) keeps the hierarchy: the units with
# the texture path need 1-2 GB that way, against up to 17 GB flattened.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/fpga/config.sh"
config=default
max=""
flow=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --config) config="$2"; shift 2 ;;
    --max-lut4) max="$2"; shift 2 ;;
    --noflatten) flow="-noflatten"; shift ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "area_check: unknown argument $1" >&2; exit 2 ;;
  esac
done
command -v yosys >/dev/null || { echo "area_check: yosys not found (run scripts/setup.sh)" >&2; exit 2; }
sets="$(config_sets "$config")" || exit 2
if [[ -z "$max" ]]; then
  max="$(awk -v c="$config" '$1==c{print $2}' "$root/fpga/area_budget.tsv")"
  [[ -n "$max" ]] || { echo "area_check: no budget for '$config' in fpga/area_budget.tsv" >&2; exit 2; }
  [[ "$(awk -v c="$config" '$1==c{print $4}' "$root/fpga/area_budget.tsv")" == noflatten ]] && flow="-noflatten"
fi
chp=""
while IFS= read -r s; do
  [[ -n "$s" ]] || continue
  kv="${s#tsu_top.}"; chp+="chparam -set ${kv%%=*} ${kv#*=} tsu_top; "
done <<< "$sets"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
files="$(awk '$1=="common"||$1=="tsu_top"{for(i=2;i<=NF;i++) printf "%s/rtl/%s ", R, $i}' R="$root" "$root/rtl/blocks.list")"
start=$(date +%s)
yosys -q -p "read_verilog -defer -sv $files; $chp hierarchy -top tsu_top; synth_ice40 $flow -top tsu_top; tee -q -o $work/stat stat -top tsu_top" \
  > "$work/log" 2>&1 || { echo "area_check: yosys failed:" >&2; tail -20 "$work/log" >&2; exit 2; }
secs=$(( $(date +%s) - start ))
# The whole unit: the design-hierarchy totals when the hierarchy is kept, else the one module.
count() { awk -v re="$1" '/=== design hierarchy ===/ {s = 0} $1 ~ re {s += $2} END {print s + 0}' "$work/stat"; }
lut=$(count '^SB_LUT4$')
echo "tsu_top ($config${flow:+, $flow}): iCE40 LUT4 $lut (budget $max), FF $(count '^SB_DFF'), carry $(count '^SB_CARRY$'), EBR $(count '^SB_RAM40_4K$'); synth_ice40 ${secs} s"
if (( lut > max )); then
  echo "area_check: FAIL: $lut LUT4 exceeds the budget of $max for configuration '$config'" >&2
  exit 1
fi
