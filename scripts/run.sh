#!/usr/bin/env bash
# The main job on its built-in default: set up, build, then co-simulate the RTL unit against
# the golden model (`tsu regress`: seed 1, 200000 constrained-random surface instructions of
# every class), then the unit with the texture path (`--config tex`: 50000 of the same mix with
# tex and store/tex pairs), then run the example scripts through the model. Extra arguments go
# to both `tsu regress` runs (e.g. --seed 5 --waves).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
"$root/scripts/build.sh"
cd "$root/build"
./tsu regress --require-coverage --junit regress.xml "$@"
# The tex run keeps the caller's options, except that a caller who names a configuration or a
# length gets exactly that.
if [[ " $* " != *" --config "* ]]; then
  tex_args=(--config tex --junit regress_tex.xml)
  [[ " $* " == *" --ops "* ]] || tex_args+=(--ops 50000)
  ./tsu regress "${tex_args[@]}" "$@"
fi
exec ./tsu run --quiet "$root"/examples/*.tsu
