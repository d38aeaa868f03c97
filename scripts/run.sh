#!/usr/bin/env bash
# The main job on its built-in default: set up, build, then co-simulate the RTL unit against
# the golden model (`tsu regress`: seed 1, 200000 constrained-random surface instructions of
# every class), then run the example scripts through the model. Extra arguments go to
# `tsu regress` (e.g. --seed 5 --ops 1000000 --waves --junit report.xml).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
"$root/scripts/build.sh"
cd "$root/build"
./tsu regress --require-coverage --junit regress.xml "$@"
exec ./tsu run --quiet "$root"/examples/*.tsu
