#!/usr/bin/env bash
# The test command: set up, build, run every test except the `slow` label, then build with
# AddressSanitizer + UndefinedBehaviorSanitizer and run the `model` tests, the RTL benches and the co-simulation
# (random runs at 20% length; exhaustive sweeps in full) again under them. The sanitizer build
# links the plain build's Verilated libraries (generated code, never instrumented) rather than
# compiling them a second time.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc 2>/dev/null || echo 2)
"$root/scripts/setup.sh"
build=${TSU_BUILD_DIR:-$root/build}
"$root/scripts/build.sh"
(cd "$build" && ctest -LE slow -j "$jobs" --output-on-failure)
if [ "${TSU_SKIP_SANITIZERS:-0}" != 1 ]; then
  asan="$root/build-asan"
  gen=()
  [ -f "$asan/CMakeCache.txt" ] || ! command -v ninja >/dev/null || gen=(-G Ninja)
  cmake -S "$root" -B "$asan" "${gen[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTSU_SANITIZE=ON \
    -DTSU_RTL_FROM="$build" >/dev/null
  cmake --build "$asan" -j "$jobs" --target tsu tsu_tests tsu_tlm_tests tsu_exec_tests tsu_exec_rtl_tests tsu_gen_pkg tsu_rtl_tests tsu_cosim_tests
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
  export TSU_BENCH_SCALE=20
  # Lint, synthesis and area checks run no C++ of ours: the plain build above covers them. The
  # README's commands need a whole built tree (`tsu dse` builds design points from it), which the
  # sanitizer tree is not; the plain run checks them.
  (cd "$asan" && ctest -L 'model|rtl|cosim' -E '^(rtl\.(lint|synth|elab|pkg|area_budget)|fpga\.|cli\.readme_commands$)' -j "$jobs" --output-on-failure)
fi
