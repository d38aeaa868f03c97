#!/usr/bin/env bash
# Configures and builds tsu into build/ (or $TSU_BUILD_DIR). Incremental.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${TSU_BUILD_DIR:-$root/build}
jobs=$(nproc 2>/dev/null || echo 2)
# Always re-configure (cheap): Verilator's generated file lists are read at configure time,
# so an RTL edit needs it.
if [ -f "$dir/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$dir" "$@" >/dev/null
else
  # Ninja where it is installed (scripts/setup.sh installs it): it keeps both cores busy across
  # targets, where make waits for each library to finish (the clean build: 22 min against 31).
  gen=()
  command -v ninja >/dev/null && gen=(-G Ninja)
  cmake -S "$root" -B "$dir" "${gen[@]}" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
fi
cmake --build "$dir" -j "$jobs"
