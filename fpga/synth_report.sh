#!/usr/bin/env bash
# Area report: synthesises each RTL block (rtl/blocks.list) with yosys for iCE40
# (synth_ice40) and for Xilinx 7-series (synth_xilinx -family xc7) and prints LUTs and FFs.
#
#   fpga/synth_report.sh [--config NAME] [--set top.Param=value]... [--out FILE] [block...]
#
# --config NAME applies fpga/configs/NAME.cfg to tsu_top (name tsu_top among the blocks).
#
# --set overrides a parameter (chparam) before synthesis, e.g. --set tsu_addrgen.AddrW=32.
# With no blocks named, every block is synthesised. --out also writes the table (markdown).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/fpga/config.sh"
config=""
list="$root/rtl/blocks.list"
sets=()
out=""
blocks=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --set) sets+=("$2"); shift 2 ;;
    --config) config="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    -*) echo "synth_report: unknown option $1" >&2; exit 2 ;;
    *) blocks+=("$1"); shift ;;
  esac
done
if [[ -n "$config" ]]; then
  cfg_sets="$(config_sets "$config")" || exit 2
  while IFS= read -r s; do [[ -n "$s" ]] && sets+=("$s"); done <<< "$cfg_sets"
fi
command -v yosys >/dev/null || { echo "synth_report: yosys not found (run scripts/setup.sh)" >&2; exit 2; }

common="$(awk '$1=="common"{for(i=2;i<=NF;i++) printf "%s/rtl/%s ", R, $i}' R="$root" "$list")"
all_blocks=($(awk '/^[a-z]/ && $1!="common"{print $1}' "$list"))
[[ ${#blocks[@]} -eq 0 ]] && blocks=("${all_blocks[@]}")

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

synth() {  # block target -> writes $work/block.target.stat
  local b="$1" target="$2" files chp="" s
  files="$common$(awk -v b="$b" '$1==b{for(i=2;i<=NF;i++) printf "%s/rtl/%s ", R, $i}' R="$root" "$list")"
  [[ "$files" == "$common" ]] && { echo "synth_report: unknown block $b" >&2; return 2; }
  for s in "${sets[@]+"${sets[@]}"}"; do
    [[ "${s%%.*}" == "$b" ]] && { local kv="${s#*.}"; chp+="chparam -set ${kv%%=*} ${kv#*=} $b; "; }
  done
  local cmd
  if [[ "$target" == ice40 ]]; then cmd="synth_ice40 -top $b"; else cmd="synth_xilinx -flatten -family xc7 -top $b"; fi
  yosys -q -p "read_verilog -defer -sv $files; $chp hierarchy -top $b; $cmd; tee -q -o $work/$b.$target.stat stat" \
    > "$work/$b.$target.log" 2>&1 || { echo "synth_report: yosys failed for $b ($target); log:" >&2; tail -20 "$work/$b.$target.log" >&2; return 1; }
}
export -f synth
export common root list work
export sets_str="${sets[*]+"${sets[*]}"}"

jobs=()
for b in "${blocks[@]}"; do jobs+=("$b ice40" "$b xc7"); done
printf '%s\n' "${jobs[@]}" | xargs -P 2 -L 1 bash -c 'sets=($sets_str); synth "$0" "$1"'

count() {  # stat-file regex -> sum of the counts of matching cell types
  awk -v re="$2" '$1 ~ re {s += $2} END {print s + 0}' "$1"
}
{
  echo "| block | iCE40 LUT4 | iCE40 FF | iCE40 carry | xc7 LUT | xc7 FF | xc7 CARRY4 | xc7 DSP48 |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|"
  for b in "${blocks[@]}"; do
    i="$work/$b.ice40.stat"; x="$work/$b.xc7.stat"
    printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$b" \
      "$(count "$i" '^SB_LUT4$')" "$(count "$i" '^SB_DFF')" "$(count "$i" '^SB_CARRY$')" \
      "$(count "$x" '^LUT[1-6]$')" "$(count "$x" '^FD[CPRS]E$')" "$(count "$x" '^CARRY4$')" "$(count "$x" '^DSP48E1$')"
  done
  [[ ${#sets[@]} -gt 0 ]] && echo "" && echo "Parameters: ${sets[*]}"
} | tee "$work/table.md"
[[ -n "$out" ]] && cp "$work/table.md" "$out"
exit 0
