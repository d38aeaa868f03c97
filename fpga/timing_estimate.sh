#!/usr/bin/env bash
# A timing estimate from yosys alone (label: estimate), for where no place and route exists:
# synthesises a block (tsu_top by default) for the target, adds up the cells' specify delays
# along the longest path with yosys `sta` (no routing), and multiplies the path by the routing
# factor of fpga/timing_estimate.tsv.
#
#   fpga/timing_estimate.sh [--top BLOCK] [--config NAME] [--target ice40|xc7]
#                           [--set BLOCK.P=V]... [--check-against MHZ --tolerance PCT]
#   fpga/timing_estimate.sh --calibrate
#
# Prints | block | config | target | cell-delay path ns | unrouted bound MHz | estimate MHz |
# endpoint |. --check-against compares the estimate with a measured post-route Fmax: exit 1
# when they differ by more than PCT percent (CTest fpga.timing_estimate.hx8k validates the
# method so on the hx8k unit, which the factor was not fitted to). --calibrate runs every block
# of the TSV's calibration set (blocks with a measured iCE40 post-route Fmax) and prints each
# one's ratio of post-route period to cell-delay path and their median, the factor.
# Paths through a DSP48E1 count only its clock-to-output delay. Exit 2 on a usage or tool error.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/fpga/config.sh"
config=default target=ice40 against="" tol=15 top=tsu_top calibrate=0
sets=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --top) top="$2"; shift 2 ;;
    --calibrate) calibrate=1; shift ;;
    --config) config="$2"; shift 2 ;;
    --target) target="$2"; shift 2 ;;
    --set) sets+=("$2"); shift 2 ;;
    --check-against) against="$2"; shift 2 ;;
    --tolerance) tol="$2"; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) echo "timing_estimate: unknown argument $1" >&2; exit 2 ;;
  esac
done
if [[ $calibrate == 1 ]]; then
  # Each calibration block's cell-delay path against its measured post-route Fmax.
  echo "| block | post-route MHz | cell-delay path (ns) | post-route period / path |"
  echo "|---|---:|---:|---:|"
  ratios=()
  while read -r _ block mhz; do
    line="$("$0" --top "$block" --target ice40 | tail -1)"
    ns="$(echo "$line" | awk -F'|' '{gsub(/ /, "", $5); print $5}')"
    r="$(awk -v m="$mhz" -v n="$ns" 'BEGIN{printf "%.3f", 1000 / m / n}')"
    echo "| $block | $mhz | $ns | $r |"
    ratios+=("$r")
  done < <(awk '$1=="calibrate"' "$root/fpga/timing_estimate.tsv")
  printf '%s\n' "${ratios[@]}" | sort -n | awk '{v[NR]=$1} END{m = NR % 2 ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2;
    printf "median over %d blocks: %.2f (range %.2f to %.2f)\n", NR, m, v[1], v[NR]}'
  exit 0
fi
case "$target" in
  ice40) synth="synth_ice40 -top $top" ;;
  xc7) synth="synth_xilinx -flatten -family xc7 -top $top" ;;
  *) echo "timing_estimate: --target is ice40 or xc7" >&2; exit 2 ;;
esac
command -v yosys >/dev/null || { echo "timing_estimate: yosys not found (run scripts/setup.sh)" >&2; exit 2; }
factor="$(awk -v t="$target" '$1=="factor" && $2==t{print $3}' "$root/fpga/timing_estimate.tsv")"
[[ -n "$factor" ]] || { echo "timing_estimate: no factor for $target in fpga/timing_estimate.tsv" >&2; exit 2; }
lib="$(awk -F'\t' -v t="$target" '$1=="sta_lib" && $2==t{print $3}' "$root/fpga/timing_estimate.tsv")"
[[ -n "$lib" ]] || { echo "timing_estimate: no sta_lib for $target in fpga/timing_estimate.tsv" >&2; exit 2; }
chp=""
if [[ $top == tsu_top ]]; then
  cfg_sets="$(config_sets "$config")" || exit 2
  while IFS= read -r s; do
    [[ -n "$s" ]] || continue
    kv="${s#tsu_top.}"; chp+="chparam -set ${kv%%=*} ${kv#*=} tsu_top; "
  done <<< "$cfg_sets"
else
  config=-
fi
for s in "${sets[@]+"${sets[@]}"}"; do
  [[ "${s%%.*}" == "$top" ]] || { echo "timing_estimate: --set $s is not a parameter of $top" >&2; exit 2; }
  kv="${s#*.}"; chp+="chparam -set ${kv%%=*} ${kv#*=} $top; "
done
files="$(awk -v b="$top" '$1=="common"||$1==b{for(i=2;i<=NF;i++) printf "%s/rtl/%s ", R, $i}' R="$root" "$root/rtl/blocks.list")"
grep -q "^$top " "$root/rtl/blocks.list" || { echo "timing_estimate: no block $top in rtl/blocks.list" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if ! yosys -q -l "$work/yosys.log" -p "read_verilog -defer -sv $files; $chp hierarchy -top $top; $synth; $lib; tee -q -o $work/sta.txt sta" > /dev/null 2>&1; then
  echo "timing_estimate: yosys failed; the log's end:" >&2; tail -15 "$work/yosys.log" >&2; exit 2
fi
ps="$(sed -n "s/^Latest arrival time in '$top' is \([0-9]*\):.*/\1/p" "$work/sta.txt")"
[[ -n "$ps" && "$ps" -gt 0 ]] || { echo "timing_estimate: sta reported no path" >&2; exit 2; }
endpoint="$(awk '/^Latest arrival/{getline; print $2, $3; exit}' "$work/sta.txt")"
read -r ns bound est < <(awk -v p="$ps" -v f="$factor" 'BEGIN{printf "%.3f %.1f %.1f\n", p/1000, 1e6/p, 1e6/(p*f)}')
echo "| block | config | target | cell-delay path (ns) | unrouted bound (MHz) | estimate (MHz, path x $factor) | endpoint |"
echo "|---|---|---|---:|---:|---:|---|"
echo "| $top | $config | $target | $ns | $bound | $est | $endpoint |"
if [[ -n "$against" ]]; then
  awk -v e="$est" -v m="$against" -v t="$tol" 'BEGIN{
    d = (e - m) / m * 100; printf "estimate %.1f MHz against %.2f MHz measured post-route: %+.1f%% (ratio %.3f)\n", e, m, d, e / m
    exit (d > t || d < -t) ? 1 : 0 }'
fi
