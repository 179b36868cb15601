#!/usr/bin/env bash
# The strength measurement of issue 21 against GPS Shogi: the shared runner
# (../shared/tools/match, independent of our own), 1000 ms byoyomi, Tsubame with Threads=1
# against gpsusi with Thread=1 BookDepth=0, draws at 320 plies, on the claim openings
# (scripts/claim_openings.py: taya36 and records2016 alternating), each opening played with
# both colours, one game at a time.
#   scripts/match-gpsusi.sh OUT_DIR [games (100)] [first opening (1)] [more runner options]
# Two streams on two cores: `... out-a 60 1` and `... out-b 40 31` play openings 1-30 and
# 31-50; `scripts/summarize_gpsusi.py out-a out-b` combines them (W/D/L, Elo, families).
# ENGINE: the Tsubame to play (default build/release/usi/tsubame, built by scripts/build.sh);
# ENGINE_OPTIONS: more --opt1 options, e.g. "--opt1 EvalFile=/path/net.nnue";
# OPENINGS: a file of openings to play instead of the claim openings (e.g.
#   scripts/openings/gpsusi-confirm.sfen, scripts/fresh_openings.py), from its line `first`;
# RUNNER: the shared runner's folder (default ../shared/tools/match; `npm ci` there first);
# GPSUSI: default /usr/games/gpsusi (`apt-get install -y gpsshogi`).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "${1:?output folder}")
games=${2:-100}
first=${3:-1}
shift $(($# < 3 ? $# : 3))
runner=$(realpath "${RUNNER:-$root/../shared/tools/match}")
gpsusi=${GPSUSI:-/usr/games/gpsusi}
engine=${ENGINE:-}
if [[ -z "$engine" ]]; then
  "$root/scripts/build.sh" >&2
  engine="$root/build/release/usi/tsubame"
fi
engine=$(realpath "$engine")
[[ -x "$gpsusi" ]] || { echo "no $gpsusi: apt-get install -y gpsshogi" >&2; exit 1; }
[[ -d "$runner/node_modules" ]] || { echo "the runner needs 'npm ci' in $runner" >&2; exit 1; }
mkdir -p "$out"
if [[ -n "${OPENINGS:-}" ]]; then
  tail -n +"$first" "$OPENINGS" >"$out/openings.sfen"
else
  "$root/scripts/claim_openings.py" "$runner/../../data" | tail -n +"$first" >"$out/openings.sfen"
fi
cd "$runner"
# shellcheck disable=SC2086 # ENGINE_OPTIONS is a list of options
exec node match.mjs --engine1 "$engine" --opt1 Threads=1 ${ENGINE_OPTIONS:-} \
  --engine2 "$gpsusi" --opt2 Thread=1 --opt2 BookDepth=0 \
  --games "$games" --byoyomi 1000 --openings "$out/openings.sfen" --max-plies 320 \
  --concurrency 1 --out "$out/games" "$@"
