#!/usr/bin/env bash
# The main job on its built-in default: set up, build, then co-simulate the RTL unit against
# the golden model (`tsu regress`: seed 1, 200000 constrained-random surface instructions of
# every class), then the unit with the texture path (`--config tex`: 50000 of the same mix with
# tex and store/tex pairs), then run the example scripts through the model. Extra arguments go
# to both `tsu regress` runs (e.g. --seed 5 --waves --junit report.xml); naming --config runs
# only that configuration.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
# The uninstrumented unit copies run the coverage-free regressions about twice as fast.
"$root/scripts/build.sh" -DTSU_FAST_MODELS=ON
cd "$root/build"
# The caller's options go to both runs; each run writes its own JUnit report unless the caller
# names one (then the default run writes it and the tex run writes regress_tex.xml beside it).
args=("$@")
junit=(--junit regress.xml)
tex_rest=()
for ((i = 0; i < ${#args[@]}; i++)); do
  if [[ ${args[i]} == --junit ]]; then
    junit=()
    ((i++)) || true
  elif [[ ${args[i]} == --junit=* ]]; then
    junit=()
  else
    tex_rest+=("${args[i]}")
  fi
done
./tsu regress --require-coverage "${junit[@]}" "$@"
# The unit with the texture path, unless the caller chose a configuration.
if [[ " $* " != *" --config "* && " $* " != *" --config="* ]]; then
  tex_args=(--config tex --junit regress_tex.xml)
  [[ " $* " == *" --ops "* || " $* " == *" --ops="* ]] || tex_args+=(--ops 50000)
  ./tsu regress "${tex_args[@]}" "${tex_rest[@]}"
fi
exec ./tsu run --quiet "$root"/examples/*.tsu
