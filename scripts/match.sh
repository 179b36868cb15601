#!/usr/bin/env bash
# Plays a match between two USI engines with Tsubame as the arbiter: builds Tsubame
# (scripts/build.sh, a no-op when it is up to date) and passes every argument to
# `tsubame match`. Example, Tsubame against itself:
#   scripts/match.sh --engine1 build/release/usi/tsubame --engine2 build/release/usi/tsubame \
#     --games 20 --openings tests/data/openings.sfen --byoyomi 200 --out match-out
# `scripts/match.sh --help` lists the options.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build.sh" # nothing to do when it is up to date
exec "$root/build/release/usi/tsubame" match "$@"
