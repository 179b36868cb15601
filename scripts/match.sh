#!/usr/bin/env bash
# Plays a match between two USI engines with Tsubame as the arbiter: builds Tsubame (Release,
# a no-op when it is up to date) and passes every argument to `tsubame match`. Example,
# Tsubame against itself:
#   scripts/match.sh --engine1 build/release/usi/tsubame --engine2 build/release/usi/tsubame \
#     --games 20 --openings ../shared/data/openings.sfen --byoyomi 200 --out match-out
# `scripts/match.sh --help` lists the options.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build/release"
"$root/scripts/install-deps.sh" >&2
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DBUILD_TESTING=OFF -DTSUBAME_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" --target tsubame >&2 # nothing to do when it is up to date
exec "$build/usi/tsubame" match "$@"
