#!/usr/bin/env bash
# ThreadSanitizer over the engine's threads: builds build/tsan (clang, -fsanitize=thread), runs
# the unit tests that start threads (search, Lazy SMP, ponder, the USI loop, the match runner)
# and a scripted USI exchange (scripts/usi_stress.py: Threads 4, bursts of go/stop/ponderhit/
# gameover/isready, setoption Threads between games) under it. Any report fails the run.
#   scripts/tsan.sh [ROUNDS (default 150)]
# Not in scripts/test.sh: the build alone takes minutes on 2 cores; the result of each run goes
# in docs/development.md.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-150}
"$root/scripts/install-deps.sh" --fuzz >&2 # clang
build="$root/build/tsan"
CC=clang CXX=clang++ cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DTSUBAME_TSAN=ON -DTSUBAME_ARCH=generic -DTSUBAME_NO_PEXT=ON -DTSUBAME_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" -j "$(nproc)" --target unit_tests tsubame >&2
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1 suppressions=$root/scripts/tsan.supp"
"$build/tests/unit_tests" --gtest_brief=1 \
  --gtest_filter='Search.*:SearchTable*:UsiLoop*:UsiOptions*:MatchGame.*:MatchRun.*'
python3 "$root/scripts/usi_stress.py" "$build/usi/tsubame" --rounds "$rounds" --threads 4
echo "tsan: no reports"
