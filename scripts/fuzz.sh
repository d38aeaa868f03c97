#!/usr/bin/env bash
# Runs tsu's libFuzzer targets (tb/fuzz): the PTX front end, the PTX module reader, `tsu run`
# scripts, and descriptor validation with the instructions that use what it accepts.
#
#   scripts/fuzz.sh [--time SECONDS | --runs N] [--seed S] [--jobs N] [target...]
#   targets: ptx module script descriptor
#
# Builds tb/fuzz with clang into build-fuzz/ (ASan + UBSan + libFuzzer), seeds each target's
# corpus from committed files (examples/*.tsu, the ptxas form table, the nvcc modules of
# tb/oracle/cuda, tb/fuzz/seeds/) and runs it
# for --time seconds (default 60), or for exactly --runs inputs (with --seed, a repeatable run:
# what CTest does), with a 2 GB RSS limit and a 10 s per-input timeout. The corpus
# grows in build-fuzz/corpus/<target> across runs. Prints executions, exec/s and coverage per
# target; exits 1 on a crash, timeout or out-of-memory (the input is left in build-fuzz/crashes/;
# rerun it with build-fuzz/fuzz_<target> FILE, then commit it to tb/fuzz/regressions/<target>/,
# whose inputs run before every fuzzing run), 77 if clang is missing.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
secs=60
runs=""
seed=""
jobs=1
targets=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --time) secs="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    -*) echo "fuzz: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
[[ "$secs" =~ ^[0-9]+$ && "$secs" -ge 1 ]] || { echo "fuzz: --time takes whole seconds >= 1" >&2; exit 2; }
[[ -z "$runs" || "$runs" =~ ^[0-9]+$ ]] || { echo "fuzz: --runs takes a count" >&2; exit 2; }
[[ -z "$seed" || "$seed" =~ ^[0-9]+$ ]] || { echo "fuzz: --seed takes a number" >&2; exit 2; }
[[ ${#targets[@]} -gt 0 ]] || targets=(ptx module script descriptor)
command -v clang++ >/dev/null || { echo "fuzz: clang++ not found (scripts/setup.sh installs it)" >&2; exit 77; }
out="${TSU_FUZZ_BUILD:-$root/build-fuzz}"
cmake -S "$root/tb/fuzz" -B "$out" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$out" -j "$(nproc 2>/dev/null || echo 2)" >/dev/null

seed() {  # seed DIR: the committed seeds of target $1
  local t="$1" d="$2"
  mkdir -p "$d"
  case "$t" in
    ptx)
      # Every instruction form of the ptxas table (column 1), one file each, and the examples' exec lines.
      awk -F'\t' '!/^#/ && $4 != "" {print $4}' "$root/tb/oracle/ptxas_forms.tsv" | sort -u |
        split -l 1 -a 5 - "$d/form_"
      grep -h '^exec ' "$root"/examples/*.tsu | sed 's/^exec //' | split -l 1 -a 4 - "$d/example_" ;;
    module)
      # Real compiler output to mutate: each kernel of the nvcc modules as a module of its own
      # (the module's header, then one .entry: a few kB, so executions stay fast), and the
      # hand-written modules whole.
      for f in "$root"/tb/oracle/cuda/*.ptx; do
        awk -v out="$d/$(basename "$f" .ptx)_" '
          /^\.visible \.entry/ { n++ }
          n == 0 { head = head $0 "\n"; next }
          { file = sprintf("%s%03d.ptx", out, n); if (!(file in seen)) { printf "%s", head > file; seen[file] = 1 } print > file }
        ' "$f"
      done
      cp "$root"/tb/oracle/cuda/independent.ptx "$root"/examples/ptx/*.ptx "$d/" ;;
    script) cp "$root"/examples/*.tsu "$d/" ;;
    descriptor) cp "$root"/tb/fuzz/seeds/descriptor/* "$d/" ;;
  esac
}

status=0
for t in "${targets[@]}"; do
  bin="$out/fuzz_$t"
  [[ -x "$bin" ]] || { echo "fuzz: unknown target $t (ptx module script descriptor)" >&2; exit 2; }
  corpus="$out/corpus/$t"
  [[ -d "$corpus" ]] || seed "$t" "$corpus"
  mkdir -p "$out/crashes/$t"
  log="$out/fuzz_$t.log"
  # Every earlier finding (tb/fuzz/regressions/<target>/) runs first, as a regression test.
  reg=("$root/tb/fuzz/regressions/$t"/*)
  if [[ -e "${reg[0]}" ]] && ! "$bin" "${reg[@]}" >"$out/regress_$t.log" 2>&1; then
    echo "fuzz $t: a regression input fails again; log $out/regress_$t.log" >&2
    status=1
    continue
  fi
  set +e
  par=()
  [[ "$jobs" -gt 1 ]] && par+=(-fork="$jobs")  # parallel workers; their logs go to $out
  [[ -n "$runs" ]] && par+=(-runs="$runs")
  [[ -n "$seed" ]] && par+=(-seed="$seed")
  # Inputs up to 8 KiB; scripts up to 1 KiB (about 25 lines): the same edges covered (3 384
  # against 3 402 at 8 KiB, 40 s each), four times the executions (2 368 against 579 per second),
  # since a longer script adds lines, not paths. The line and token limits have unit tests.
  maxlen=8192
  [[ "$t" == script ]] && maxlen=1024
  start=$(date +%s)
  (cd "$out" && "$bin" "$corpus" -max_total_time="$secs" -rss_limit_mb=2048 -timeout=10 \
    -max_len="$maxlen" "${par[@]}" -print_final_stats=1 -artifact_prefix="$out/crashes/$t/") >"$log" 2>&1
  rc=$?
  set -e
  cov=$(grep -a -o 'cov: [0-9]*' "$log" | tail -1 | awk '{print $2}')
  took=$(( $(date +%s) - start )); (( took > 0 )) || took=1
  done_runs=$(grep -a -ho 'stat::number_of_executed_units: *[0-9]*' "$log" | awk '{s += $2} END {print s + 0}')
  rate=$(( done_runs / took ))
  if [[ $rc -eq 0 ]]; then
    echo "fuzz $t: $done_runs executions in ${took} s ($rate exec/s), coverage $cov edges, corpus $(ls "$corpus" | wc -l) inputs: OK"
  else
    echo "fuzz $t: FAILED after $done_runs executions (exit $rc); log $log, input in $out/crashes/$t/" >&2
    grep -m 5 -E 'ERROR|SUMMARY|==[0-9]+==' "$log" >&2 || tail -20 "$log" >&2
    status=1
  fi
done
exit $status
