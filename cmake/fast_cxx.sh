#!/bin/sh
# CXX_COMPILER_LAUNCHER of the unit's Verilated library (tb/rtl/CMakeLists.txt): the generated code
# of the throughput models (Vtsu_top_fast, Vtsu_top_tex_fast: directories ending in _fast.dir) is
# compiled with FAST_CXX (clang++), everything else with the build's own compiler.
# Usage: fast_cxx.sh FAST_CXX <the build's compiler> <its arguments>
fast_cxx=$1
shift
src=""
prev=""
for a in "$@"; do
  [ "$prev" = "-c" ] && src=$a
  prev=$a
done
case "$src" in
  */*_fast.dir/*)
    shift
    exec "$fast_cxx" "$@"
    ;;
esac
exec "$@"
