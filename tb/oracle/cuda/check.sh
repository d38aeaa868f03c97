#!/usr/bin/env bash
# Real compiler output as a test of the module reader (docs/ptx-modules.md).
#
#   tb/oracle/cuda/check.sh TSU [--regenerate]
#
# 1. Every committed .ptx here (nvcc 13.0 output of the .cu files, and hand-written independent.ptx)
#    is read by `tsu ptx FILE`: exit 0, every texture/surface instruction valid, and as many of them
#    as an independent count of the file's tex/suld/sust/sured/suq lines.
# 2. Where nvcc exists, the .cu files are compiled again and the fresh output is read the same way
#    (--regenerate also rewrites the committed .ptx).
# 3. Where ptxas exists, every module assembles.
# Runs everywhere: without nvcc and ptxas only step 1 runs (and says so).
set -uo pipefail
tsu=$1
regen=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
cuda=${CUDA_HOME:-/usr/local/cuda}
nvcc=$cuda/bin/nvcc
ptxas=${PTXAS:-$cuda/bin/ptxas}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0

# The file's texture/surface instructions, counted without tsu: statements whose opcode (after
# an optional guard) is one of the five.
count() {
  grep -cE '^[[:space:]]*(\{[^}]*;[[:space:]]*)?(@!?%?[A-Za-z0-9_$]+[[:space:]]+)?(tex|suld|sust|sured|suq)\.' "$1"
}

read_module() {  # FILE LABEL
  local f=$1 label=$2 want got
  want=$(count "$f")
  if ! "$tsu" ptx "$f" > "$work/out.jsonl" 2> "$work/err.txt"; then
    echo "FAIL $label: tsu ptx exited non-zero"; cat "$work/err.txt"; fail=1; return
  fi
  got=$(grep -c '"valid":true' "$work/out.jsonl")
  if [ "$got" != "$want" ]; then
    echo "FAIL $label: $got valid texture/surface instructions decoded, the file has $want"
    fail=1; return
  fi
  printf '%-28s %4d texture/surface instructions, all valid  (%s)\n' "$label" "$got" \
    "$(tail -n 1 "$work/err.txt" | sed 's/^[^:]*: //')"
}

for f in "$here"/*.ptx; do read_module "$f" "$(basename "$f")"; done

if [ -x "$nvcc" ]; then
  for cu in "$here"/*.cu; do
    b=$(basename "$cu" .cu)
    if ! "$nvcc" -arch=sm_90 -ptx "$cu" -o "$work/$b.ptx" 2> "$work/nvcc.txt"; then
      echo "FAIL nvcc $b.cu"; cat "$work/nvcc.txt"; fail=1; continue
    fi
    read_module "$work/$b.ptx" "$b.cu (fresh nvcc)"
    if ! cmp -s "$work/$b.ptx" "$here/$b.ptx"; then
      if [ "$regen" = --regenerate ]; then
        cp "$work/$b.ptx" "$here/$b.ptx"; echo "regenerated $b.ptx"
      else
        echo "note: fresh $b.ptx differs from the committed one (another nvcc?); both were read"
      fi
    fi
  done
else
  echo "nvcc not found at $nvcc: the committed .ptx files were read, not regenerated"
fi

if [ -x "$ptxas" ]; then
  for f in "$here"/*.ptx; do
    if "$ptxas" -arch=sm_90 "$f" -o /dev/null 2> "$work/ptxas.txt"; then
      echo "ptxas assembles $(basename "$f")"
    else
      echo "FAIL ptxas $(basename "$f")"; cat "$work/ptxas.txt"; fail=1
    fi
  done
else
  echo "ptxas not found: modules not assembled"
fi
exit $fail
