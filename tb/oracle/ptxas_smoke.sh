#!/usr/bin/env bash
# Compares `tsu ptx --module` verdicts with ptxas on a seed set of forms (tb/oracle/forms_smoke.txt),
# each in the same one-instruction module for both.
# Lines starting with '!' are known, documented departures (docs/oracle.md) where tsu and ptxas
# differ. Exits 77 (skip) where ptxas is absent.
set -uo pipefail
tsu=$1
forms=$2
ptxas=${PTXAS:-/usr/local/cuda/bin/ptxas}
[ -x "$ptxas" ] || command -v ptxas >/dev/null || { echo "ptxas not found: skipped"; exit 77; }
[ -x "$ptxas" ] || ptxas=$(command -v ptxas)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
agree=0 total=0 departures=0 fail=0
while IFS= read -r line; do
  [ -z "$line" ] && continue
  case "$line" in \#*) continue ;; esac
  known=0
  if [ "${line:0:1}" = "!" ]; then known=1; line=${line:1}; fi
  cat > "$work/f.ptx" <<P
.version 8.5
.target sm_90
.address_size 64
.global .surfref surf_A;
.global .texref tex_a;
.visible .entry k() {
 .reg .b32 r<8>; .reg .b64 rd<8>; .reg .f32 f<8>; .reg .b16 h<8>; .reg .pred p<4>;
 $line
 ret;
}
P
  if "$ptxas" -arch=sm_90 "$work/f.ptx" -o /dev/null >/dev/null 2>&1; then pv=true; else pv=false; fi
  # tsu reads the same module ptxas assembled (declarations included).
  tv=$("$tsu" ptx --module "$work/f.ptx" 2>/dev/null | grep -o '"valid":[a-z]*' | cut -d: -f2)
  total=$((total + 1))
  if [ "$pv" = "$tv" ]; then
    agree=$((agree + 1))
  elif [ $known = 1 ]; then  # a documented departure, either way (docs/oracle.md)
    departures=$((departures + 1))
  else
    fail=$((fail + 1))
    echo "DISAGREE: ptxas valid=$pv tsu valid=$tv: $line"
  fi
done < "$forms"
echo "ptxas smoke: $total forms, $agree agree, $departures documented departures, $fail disagreements"
echo "$agree passed, $fail failed"
[ $fail -eq 0 ]
