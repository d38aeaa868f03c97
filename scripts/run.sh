#!/usr/bin/env bash
# The main job on its built-in default: set up, build, then co-simulate the RTL unit against
# the golden model (`tsu regress`: the default unit, texture and surface paths, seed 1, 100000
# constrained-random instructions of every class, tex included, every planned coverage bin and
# cover point required), then the surface-only unit (`--config surface`: 200000 of the surface
# classes), then run the example scripts through the model. Extra arguments go to both
# `tsu regress` runs (e.g. --seed 5 --waves --junit report.xml); naming --config runs only that
# configuration.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
# The uninstrumented unit copies run the coverage-free regressions several times faster.
"$root/scripts/build.sh" -DTSU_FAST_MODELS=ON
cd "$root/build"
# The caller's options go to both runs; each run writes its own JUnit report unless the caller
# names one (then the default run writes it and the surface run writes regress_surface.xml
# beside it).
args=("$@")
junit=(--junit regress.xml)
rest=()
for ((i = 0; i < ${#args[@]}; i++)); do
  if [[ ${args[i]} == --junit ]]; then
    junit=()
    ((i++)) || true
  elif [[ ${args[i]} == --junit=* ]]; then
    junit=()
  else
    rest+=("${args[i]}")
  fi
done
# has FLAG ARGS...: whether the caller's arguments name FLAG.
has() { local flag=$1; shift; [[ " $* " == *" $flag "* || " $* " == *" $flag="* ]]; }
ops=()
has --ops "$@" || ops=(--ops 100000)
./tsu regress --require-coverage "${ops[@]}" "${junit[@]}" "$@"
# The surface-only unit, unless the caller chose a configuration.
if ! has --config "$@"; then
  surface_args=(--config surface --junit regress_surface.xml)
  has --ops "$@" || surface_args+=(--ops 200000)
  ./tsu regress "${surface_args[@]}" "${rest[@]}"
fi
exec ./tsu run --quiet "$root"/examples/*.tsu
