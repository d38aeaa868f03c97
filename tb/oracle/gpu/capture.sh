#!/usr/bin/env bash
# Captures a case set's answers on this machine's NVIDIA GPU (docs/gpu-oracle.md):
#   tb/oracle/gpu/capture.sh CASES OUT [HARNESS]
# HARNESS defaults to build/tsu_gpu_capture (built by scripts/build.sh where nvcc exists; it links
# the CUDA runtime statically, so the GPU machine needs only the driver). Prints the run time and
# the command that checks the capture. Exit 0 done, 2 bad input, 3 CUDA failure, 77 no GPU.
set -uo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 CASES OUT [HARNESS]" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
cases=$1 out=$2
harness=${3:-$here/../../../build/tsu_gpu_capture}
[ -x "$harness" ] || { echo "error: no harness at $harness (build with nvcc present, or pass its path)" >&2; exit 2; }
[ -r "$cases" ] || { echo "error: cannot read $cases" >&2; exit 2; }
start=$(date +%s%N)
"$harness" "$cases" "$out"
rc=$?
end=$(date +%s%N)
ms=$(( (end - start) / 1000000 ))
printf 'capture: exit %d in %d.%03d s: %s\n' "$rc" $((ms / 1000)) $((ms % 1000)) "$out"
[ $rc = 0 ] && echo "check it: tsu oracle gpu check $cases $out --departures $here/departures.txt"
exit $rc
