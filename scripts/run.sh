#!/usr/bin/env bash
# The main job on its built-in default: set up, build, then run every example script through
# the golden model. (When the RTL regression lands, this runs `tsu regress`.)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
"$root/scripts/build.sh"
exec "$root/build/tsu" run "$root"/examples/*.tsu
