#!/bin/sh
# The training run of the throughput models' profile (cmake/TsuFastModels.cmake).
# Usage: pgo_train.sh TSU_TRAIN LLVM_PROFDATA OUT.profdata CONFIG...
# TSU_TRAIN is `tsu` linked with the instrumented throughput models. Each CONFIG gets a regression
# (fixed seed: the same profile, so the same binary, on every build) and the texture configurations
# a small render; the counts of every run are merged into OUT. Its log is OUT.log.
set -eu
tsu=$1
profdata=$2
out=$3
shift 3
dir=$(dirname "$out")
raw="$dir/raw"
log="$out.log"
rm -rf "$raw" "$dir/render" "$dir/regress_artifacts"
mkdir -p "$raw"
cd "$dir"  # a failing run leaves its waveform and log here (regress_artifacts/)
: >"$log"
# %m: one file per instrumented binary, merged in place across the runs.
LLVM_PROFILE_FILE="$raw/train-%m.profraw"
export LLVM_PROFILE_FILE
for cfg in "$@"; do
  case $cfg in
    default) ops=20000 ;;
    *) ops=4000 ;;
  esac
  echo "pgo_train: $tsu regress -q --config $cfg --seed 3 --ops $ops" >>"$log"
  "$tsu" regress -q --config "$cfg" --seed 3 --ops "$ops" >>"$log" 2>&1 || {
    echo "pgo_train: the training regression failed (--config $cfg); see $log and $dir/regress_artifacts" >&2
    exit 1
  }
done
# The render drives the texture path with the scenes' access patterns (raster order, mip chains,
# cubes); on the default unit, and on texquad's quad path where it is being trained.
for cfg in "$@"; do
  case $cfg in
    default | texquad) ;;
    *) continue ;;
  esac
  echo "pgo_train: $tsu render --rtl --config $cfg --scene all --width 64 --height 32" >>"$log"
  "$tsu" render --rtl --config "$cfg" --scene all --width 64 --height 32 --out "$dir/render" >>"$log" 2>&1 || {
    echo "pgo_train: the training render failed (--config $cfg); see $log" >&2
    exit 1
  }
done
"$profdata" merge -o "$out" "$raw"/*.profraw
