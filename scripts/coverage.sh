#!/usr/bin/env bash
# RTL coverage: runs the unit benches and `tsu regress` with coverage on, merges Verilator's
# line coverage and cover points (unit benches + regression) with verilator_coverage, writes
# build/coverage/merged.dat, an lcov file build/coverage/rtl.info (HTML in build/coverage/html)
# and annotated sources, and
# prints the line-coverage summary and any cover point never hit.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TSU_BUILD_DIR:-$root/build}
out="$build/coverage"
"$root/scripts/build.sh" >/dev/null
rm -rf "$out" && mkdir -p "$out"
(cd "$build" && TSU_ARTIFACTS="$out/bench" ./tsu_rtl_tests --gtest_brief=1 >/dev/null)
(cd "$build" && ./tsu regress -q --ops "${TSU_COVERAGE_OPS:-200000}" --coverage-dat "$out/regress.dat" \
   --artifacts "$out" >/dev/null)
verilator_coverage --write "$out/merged.dat" "$out"/bench/*.cov.dat "$out/regress.dat"
verilator_coverage --write-info "$out/rtl.info" "$out/merged.dat"
verilator_coverage --annotate "$out/annotated" --annotate-min 1 "$out/merged.dat" | tail -3
if command -v lcov >/dev/null; then lcov --summary "$out/rtl.info" 2>&1 | grep -E "lines|functions" || true; fi
if command -v genhtml >/dev/null; then
  genhtml --quiet --output-directory "$out/html" "$out/rtl.info" >/dev/null 2>&1 && echo "lcov HTML: $out/html/index.html"
fi
echo "cover points never hit (merged):"
grep -a "v_user" "$out/merged.dat" | awk "{ if (\$NF == 0) { n++; print \"  \" \$0 } } END { if (!n) print \"  none\" }" | sed 's/\x01/ /g; s/\x02/=/g' | head -20
echo "coverage: $out/merged.dat, $out/rtl.info, $out/annotated/"
