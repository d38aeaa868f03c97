#!/usr/bin/env bash
# The GPU oracle without a GPU (CTest oracle.gpu):
#  1. a case set is written, and the model's own capture of it checks clean (exit 0);
#  2. with differences injected into that capture, the checker finds exactly the injected cases;
#  3. malformed case sets and captures exit 2 with one line;
#  4. where ptxas exists, every kernel of the case set assembles for sm_90 and sm_75;
#  5. where the harness was built (nvcc), it links no libcudart.so and, without a GPU, says so
#     and exits 77.
#   oracle_test.sh TSU HARNESS-or-"" WORKDIR
set -uo pipefail
tsu=$1 harness=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*"; exit 1; }

"$tsu" oracle gpu cases --seed 3 --out "$work" > "$work/cases.log" || fail "cases"
cat "$work/cases.log"
cases=$work/cases.txt
"$tsu" oracle gpu model "$cases" "$work/clean.txt" || fail "model capture"
"$tsu" oracle gpu check "$cases" "$work/clean.txt" > "$work/clean.log"; rc=$?
[ $rc = 0 ] || { cat "$work/clean.log"; fail "the model's own capture does not check clean (exit $rc)"; }

"$tsu" oracle gpu model "$cases" "$work/injected.txt" --inject-every 40 --inject-seed 5 \
    --ledger "$work/ledger.txt" || fail "injected capture"
"$tsu" oracle gpu check "$cases" "$work/injected.txt" --differing "$work/found.txt" > "$work/injected.log"; rc=$?
[ $rc = 1 ] || fail "the checker exited $rc on an injected capture (want 1)"
injected=$(wc -l < "$work/ledger.txt")
[ "$injected" -gt 20 ] || fail "only $injected injected differences"
cut -d' ' -f1 "$work/ledger.txt" | sort -n > "$work/want_ids.txt"
sort -n "$work/found.txt" > "$work/got_ids.txt"
cmp -s "$work/want_ids.txt" "$work/got_ids.txt" || {
  diff "$work/want_ids.txt" "$work/got_ids.txt" | head; fail "found cases differ from the injected ones"; }
# Every category with an injected case reports a difference and a repro.
for cat in $(cut -d' ' -f2 "$work/ledger.txt" | sort -u); do
  grep -q "^  $cat: [0-9]* differences; the smallest:" "$work/injected.log" || fail "category $cat not reported"
done
echo "checker: found all $injected injected differences ($(cut -d' ' -f3- "$work/ledger.txt" | sort | uniq -c | tr -s ' ' | paste -sd, -))"
first=$(head -1 "$work/want_ids.txt")
"$tsu" oracle gpu check "$cases" "$work/injected.txt" --case "$first" > /dev/null; rc=$?
[ $rc = 1 ] || fail "--case $first exited $rc (want 1)"

# Bad input: exit 2 and one error line.
printf 'tsu-gpu-cases 1\ncase id=0 category=x kernel=9 resource=0 class=plain in=0\n' > "$work/bad_cases.txt"
printf 'tsu-gpu-capture 1\ncase id=0 outcome=maybe out=0\n' > "$work/bad_capture.txt"
for args in "check $work/bad_cases.txt $work/clean.txt" "check $cases $work/bad_capture.txt" \
            "check $cases /nonexistent" "model /nonexistent $work/x.txt" "check $cases $cases" \
            "check $cases $work/clean.txt --departures $work/bad_cases.txt"; do
  "$tsu" oracle gpu $args > "$work/bad.out" 2> "$work/bad.err"; rc=$?
  [ $rc = 2 ] || fail "oracle gpu $args exited $rc (want 2)"
  [ "$(wc -l < "$work/bad.err")" = 1 ] || fail "oracle gpu $args: not one error line"
done

ptxas=${PTXAS:-/usr/local/cuda/bin/ptxas}
if [ -x "$ptxas" ]; then
  for sm in 90 75; do
    "$tsu" oracle gpu kernels "$cases" --sm $sm --out "$work/k$sm" > /dev/null || fail "kernels"
    n=0
    for k in "$work/k$sm"/kernel_*.ptx; do
      "$ptxas" -arch=sm_$sm "$k" -o /dev/null 2> "$work/ptxas.err" || {
        cat "$work/ptxas.err"; grep -A1 'setp.ne.u32 %p' "$k" | tail -1; fail "$k does not assemble for sm_$sm"; }
      n=$((n + 1))
    done
    echo "ptxas: all $n kernels assemble for sm_$sm"
  done
else
  echo "ptxas absent: kernels not assembled"
fi

if [ -n "$harness" ]; then
  [ -x "$harness" ] || fail "harness $harness not built"
  ldd "$harness" | grep -q libcudart && fail "the harness links libcudart.so"
  echo "harness: $(stat -c %s "$harness") bytes, linked: $(ldd "$harness" | awk '{print $1}' | paste -sd' ' -)"
  "$harness" "$cases" "$work/gpu.txt" > "$work/harness.out" 2>&1; rc=$?
  if [ $rc = 77 ]; then
    echo "harness: $(cat "$work/harness.out") (no live capture here)"
  elif [ $rc = 0 ]; then
    "$tsu" oracle gpu check "$cases" "$work/gpu.txt" --departures "$(dirname "$0")/departures.txt"
  else
    cat "$work/harness.out"; fail "harness exited $rc"
  fi
else
  echo "nvcc absent: harness not built"
fi
echo PASS
