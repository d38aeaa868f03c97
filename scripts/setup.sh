#!/usr/bin/env bash
# Installs the Debian packages tsu needs. Idempotent: installs only what is missing.
# Needs root (or sudo) only when something is missing.
set -euo pipefail
PKGS=(
  build-essential cmake ninja-build ccache pkg-config python3
  libgtest-dev libgmock-dev googletest libbenchmark-dev
  libsystemc-dev nlohmann-json3-dev libcli11-dev libpng-dev libpcg-cpp-dev
  verilator yosys nextpnr-ice40 fpga-icestorm
  mesa-vulkan-drivers libvulkan-dev glslc vulkan-tools
  lcov python3-matplotlib python3-numpy python3-pytest python3-pybind11 pybind11-dev python3-dev
  slurm-wlm munge
  clang libclang-rt-14-dev llvm
  libzstd-dev
)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#PKGS[@]} packages present"
  exit 0
fi
echo "setup: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
