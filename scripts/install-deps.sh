#!/usr/bin/env bash
# Installs the Debian packages Tsubame needs that are missing; safe to run again.
#   scripts/install-deps.sh            build tools only (compiler, CMake, Ninja)
#   scripts/install-deps.sh --test     also GoogleTest, Google Benchmark and clang-format
#   scripts/install-deps.sh --fuzz     also clang (libFuzzer)
#   scripts/install-deps.sh --train    also PyTorch, NumPy and OpenBLAS (network training)
set -euo pipefail

packages=(g++ cmake ninja-build)
if [[ "${1:-}" == "--test" ]]; then
  packages+=(libgtest-dev libbenchmark-dev clang-format)
fi
if [[ "${1:-}" == "--fuzz" ]]; then
  packages+=(clang)
fi
if [[ "${1:-}" == "--train" ]]; then
  # OpenBLAS makes PyTorch's CPU training about 1.5x faster than the reference BLAS.
  packages+=(python3-torch python3-numpy libopenblas0-pthread)
fi

# One install at a time: two scripts started together (two trainings) would otherwise race
# for apt's lock, and the loser would fail.
exec 9>"${TMPDIR:-/tmp}/tsubame-install-deps.lock"
flock 9
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

echo "Installing missing packages: ${missing[*]}" >&2
sudo=""
[[ $(id -u) -ne 0 ]] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq "${missing[@]}"
