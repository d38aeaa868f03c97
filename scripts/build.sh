#!/usr/bin/env bash
# Configures and builds tsu into build/ (or $TSU_BUILD_DIR). Incremental.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${TSU_BUILD_DIR:-$root/build}
jobs=$(nproc 2>/dev/null || echo 2)
[ -f "$dir/CMakeCache.txt" ] || cmake -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build "$dir" -j "$jobs"
