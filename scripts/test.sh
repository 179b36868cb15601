#!/usr/bin/env bash
# Builds and runs the whole fast test suite, as CI does:
#   1. Release build with -Werror: unit tests and fast perft, benchmarks compiled, and the
#      bench signature (scripts/bench_signature.sh);
#   2. clang build with AddressSanitizer + UndefinedBehaviorSanitizer (and libFuzzer's
#      coverage): the same fast tests, with the magic-multiplication slider index (Release
#      uses PEXT), so both paths and both compilers are tested;
#   3. clang-format check of every source file;
#   4. the profile-guided Release engine that scripts/run.sh starts (scripts/build.sh), with
#      the bench signature again: PGO and LTO must not change the search;
#   5. 30 s of libFuzzer over the USI command, SFEN and move parsers (scripts/fuzz.sh), on the
#      build of step 2 (no separate fuzzing build).
# Extra arguments go to ctest, e.g. `scripts/test.sh -L slow` for the deep perft rows
# (then only the Release build runs).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh" --test
jobs=$(nproc)

labels=(-L fast)
[[ $# -gt 0 ]] && labels=("$@")

echo "== Release build (-Werror)"
cmake -S "$root" -B "$root/build/ci-release" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DTSUBAME_WERROR=ON -DTSUBAME_ARCH=native >/dev/null
cmake --build "$root/build/ci-release" -j "$jobs"
(cd "$root/build/ci-release" && ctest --output-on-failure -j "$jobs" "${labels[@]}")
[[ $# -gt 0 ]] && exit 0
"$root/scripts/bench_signature.sh" "$root/build/ci-release/usi/tsubame"

echo "== Sanitizer build (clang, ASan + UBSan, libFuzzer target)"
"$root/scripts/install-deps.sh" --fuzz
CC=clang CXX=clang++ cmake -S "$root" -B "$root/build/ci-sanitize" -G Ninja \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTSUBAME_WERROR=ON -DTSUBAME_FUZZ=ON -DTSUBAME_NO_PEXT=ON \
  -DTSUBAME_ARCH=generic -DTSUBAME_BUILD_BENCH=OFF >/dev/null
cmake --build "$root/build/ci-sanitize" -j "$jobs"
(cd "$root/build/ci-sanitize" && ctest --output-on-failure -j "$jobs" -L fast)

echo "== clang-format"
cd "$root"
git ls-files '*.cpp' '*.h' | xargs clang-format --dry-run --Werror

echo "== Profile-guided Release engine (scripts/build.sh)"
"$root/scripts/build.sh"
"$root/scripts/bench_signature.sh" "$root/build/release/usi/tsubame"

echo "== Fuzz (libFuzzer, 30 s)"
TSUBAME_FUZZ_BUILD="$root/build/ci-sanitize" "$root/scripts/fuzz.sh" 30
echo "All tests passed."
