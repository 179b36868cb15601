#!/usr/bin/env bash
# Builds Tsubame in Release and starts it: USI on stdin/stdout. Arguments go to the engine,
# e.g. `scripts/run.sh perft 5`.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh" >&2
build="$root/build/release"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DBUILD_TESTING=OFF -DTSUBAME_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" --target tsubame >&2
exec "$build/usi/tsubame" "$@"
