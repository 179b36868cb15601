#!/usr/bin/env bash
# Fuzzes the USI command parser, the SFEN loader and the move parser with libFuzzer
# (clang, AddressSanitizer + UndefinedBehaviorSanitizer) for a bounded time.
#   scripts/fuzz.sh [seconds]      default 60; exits non-zero on a crash or a failed check
# The corpus grows in build/fuzz/corpus (seeded from tests/fuzz/corpus); a crashing input is
# written to build/fuzz/crash-* and can be replayed with `build/fuzz/tests/fuzz/usi_fuzz FILE`.
# TSUBAME_FUZZ_BUILD=DIR reuses a build already configured with TSUBAME_FUZZ=ON (scripts/test.sh
# passes its sanitizer build) instead of configuring build/fuzz.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
"$root/scripts/install-deps.sh" --fuzz

build="${TSUBAME_FUZZ_BUILD:-$root/build/fuzz}"
if [[ -z "${TSUBAME_FUZZ_BUILD:-}" ]]; then
  CC=clang CXX=clang++ cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DTSUBAME_FUZZ=ON -DTSUBAME_WERROR=ON -DTSUBAME_NO_PEXT=ON -DTSUBAME_ARCH=generic \
    -DBUILD_TESTING=OFF -DTSUBAME_BUILD_BENCH=OFF >/dev/null
fi
cmake --build "$build" -j "$(nproc)" --target usi_fuzz
mkdir -p "$build/corpus"
echo "== fuzzing for ${seconds} s"
status=0
"$build/tests/fuzz/usi_fuzz" -max_total_time="$seconds" -max_len=4096 -timeout=10 \
  -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix="$build/" \
  "$build/corpus" "$root/tests/fuzz/corpus" >"$build/fuzz.log" 2>&1 || status=$?
grep -E "^(#[0-9]+ +DONE|stat::number_of_executed_units|stat::peak_rss_mb)" "$build/fuzz.log" || true
if [[ $status -ne 0 ]]; then
  tail -n 40 "$build/fuzz.log"
  echo "fuzz: FAILED (exit $status); log in $build/fuzz.log"
  exit "$status"
fi
echo "fuzz: no crash in ${seconds} s"
