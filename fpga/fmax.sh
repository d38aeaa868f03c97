#!/usr/bin/env bash
# Fmax report: places and routes each RTL block (rtl/blocks.list, plus tsu_top) on an iCE40
# HX8K (ct256) with nextpnr-ice40 inside a serial-in/serial-out harness (fpga/fmax_wrap.py),
# and prints logic cells, post-route Fmax and the critical path's end points.
#
#   fpga/fmax.sh [--config NAME] [--set top.Param=value]... [--seed N] [--out FILE]
#                [--keep DIR] [block...]
#
# --keep DIR keeps each block's netlist and nextpnr log (DIR/<block>/pnr.log has the whole
# critical path) instead of deleting them.
# --config NAME applies fpga/configs/NAME.cfg to tsu_top (e.g. fpga/fmax.sh --config hx8k tsu_top).
#
# A block that does not fit the HX8K (7680 logic cells) is reported as such.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/fpga/config.sh"
config=""
list="$root/rtl/blocks.list"
sets=(); out=""; keep=""; blocks=(); seed=1
while [[ $# -gt 0 ]]; do
  case "$1" in
    --set) sets+=("$2"); shift 2 ;;
    --config) config="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --keep) keep="$2"; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    -*) echo "fmax: unknown option $1" >&2; exit 2 ;;
    *) blocks+=("$1"); shift ;;
  esac
done
if [[ -n "$config" ]]; then
  cfg_sets="$(config_sets "$config")" || exit 2
  while IFS= read -r s; do [[ -n "$s" ]] && sets+=("$s"); done <<< "$cfg_sets"
fi
for t in yosys nextpnr-ice40 python3; do
  command -v "$t" >/dev/null || { echo "fmax: $t not found (run scripts/setup.sh)" >&2; exit 2; }
done
all_blocks=($(awk '/^[a-z]/ && $1!="common"{print $1}' "$list"))
[[ ${#blocks[@]} -eq 0 ]] && blocks=("${all_blocks[@]}")
if [[ -n "$keep" ]]; then
  mkdir -p "$keep" && work="$(cd "$keep" && pwd)"
else
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
fi

sources() {  # block -> the files yosys reads (rtl/blocks.list)
  awk -v b="$1" '$1=="common"||$1==b{for(i=2;i<=NF;i++) printf "%s/rtl/%s ", R, $i}' R="$root" "$list"
}

row() {  # block -> one table row
  local b="$1" files chp="" s d="$work/$1"
  mkdir -p "$d"
  files="$(sources "$b")"
  for s in "${sets[@]+"${sets[@]}"}"; do
    [[ "${s%%.*}" == "$b" ]] && { local kv="${s#*.}"; chp+="chparam -set ${kv%%=*} ${kv#*=} $b; "; }
  done
  yosys -q -p "read_verilog -defer -sv $files; $chp hierarchy -top $b; proc; flatten; opt_clean; opt -full; wreduce; opt_clean; write_json $d/ports.json" \
    > "$d/ports.log" 2>&1 || { echo "| $b | yosys failed (see $d) | | |"; return; }
  python3 "$root/fpga/fmax_wrap.py" "$d/ports.json" "$b" > "$d/wrap.sv" 2> "$d/wrap.log"
  yosys -q -p "read_verilog -defer -sv $files $d/wrap.sv; $chp hierarchy -top tsu_fmax_wrap; synth_ice40 -top tsu_fmax_wrap -json $d/net.json" \
    > "$d/synth.log" 2>&1 || { echo "| $b | synthesis failed | | |"; return; }
  if ! nextpnr-ice40 --hx8k --package ct256 --json "$d/net.json" --pcf-allow-unconstrained \
        --freq 100 --timing-allow-fail --seed "$seed" > "$d/pnr.log" 2>&1; then
    local lc; lc="$(grep -o 'ICESTORM_LC: *[0-9]*' "$d/pnr.log" | head -1 | grep -o '[0-9]*$' || true)"
    echo "| $b | ${lc:-?} (does not fit HX8K: $(grep -m1 -o 'ERROR.*' "$d/pnr.log" | cut -c1-60)) | — | |"
    return
  fi
  local lc mhz from to
  lc="$(grep -o 'ICESTORM_LC: *[0-9]*' "$d/pnr.log" | tail -1 | grep -o '[0-9]*$')"
  mhz="$(grep -o "Max frequency for clock '[^']*': [0-9.]* MHz" "$d/pnr.log" | tail -1 | grep -o '[0-9.]* MHz$')"
  # The clock-to-clock critical path: its first net and its last sink (harness flops are in_q,
  # out_q; u_dut.* is inside the block).
  from="$(awk '/Critical path report for clock/{f=1} f && / Net /{print $5; exit}' "$d/pnr.log")"
  to="$(awk '/Critical path report for clock/{f=1} f && /Sink/{s=$NF} f && /Critical path report for cross/{exit} END{print s}' "$d/pnr.log" | sed 's/_SB_.*//; s/\$.*//')"
  echo "| $b | $lc | ${mhz% MHz} | ${from:-?} -> ${to:-?} |"
}

{
  echo "| block | iCE40 logic cells (with harness) | Fmax MHz (HX8K, post-route) | critical path |"
  echo "|---|---:|---:|---|"
  for b in "${blocks[@]}"; do row "$b"; done
  [[ ${#sets[@]} -gt 0 ]] && echo "" && echo "Parameters: ${sets[*]}"
  echo ""
  echo "nextpnr-ice40 $(nextpnr-ice40 --version 2>&1 | head -1 | grep -o '[0-9][^ ]*' | head -1), seed $seed, target 100 MHz"
} | tee "$work/table.md"
[[ -n "$out" ]] && cp "$work/table.md" "$out"
exit 0
