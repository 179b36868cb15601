#!/usr/bin/env bash
# Issue 47's comparison of the net's two input shapes on the same data: the bucketed net (the
# default build: 16 king buckets, mirrored) and a plain K-P net (-DTSUBAME_KING_BUCKETS=1
# -DTSUBAME_MIRROR=OFF), each trained from scratch by run.sh with the same records and
# options, each built into an engine of its shape, then matched at a fixed node count (a node
# count makes the result immune to the machine's load, so other jobs may run beside it).
#   scripts/train/compare_shapes.sh OUT [train.py options]
# run.sh's environment chooses the data (TRAIN_SHARDS, DEEPER, VAL_SHARDS, ...). NODES (default
# 20000), GAMES (300), OPENINGS (scripts/openings/search-confirm.sfen) and SEED (1) set the
# match. Resumable: run.sh keeps finished records and epochs, cmake rebuilds only what changed;
# the match alone is replayed whole. Results: OUT/SHAPE/train (losses.tsv, net.nnue), OUT/match.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
[[ $# -ge 1 ]] || { echo "usage: $0 OUT [train.py options]" >&2; exit 2; }
out=$(realpath -m "$1")
shift
"$root/scripts/install-deps.sh" >&2
common=(-G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF -DTSUBAME_BUILD_BENCH=OFF)

engine_of() { echo "$out/$1/build/usi/tsubame"; }
flags_of() {
  case $1 in
    bucketed) echo "-DTSUBAME_KING_BUCKETS=16 -DTSUBAME_MIRROR=ON" ;;
    kp) echo "-DTSUBAME_KING_BUCKETS=1 -DTSUBAME_MIRROR=OFF" ;;
  esac
}
# Builds the engine of a shape with `net` built in.
build() {
  local shape=$1 net=$2
  # shellcheck disable=SC2046 # the flags are words on purpose
  cmake -S "$root" -B "$out/$shape/build" "${common[@]}" $(flags_of "$shape") \
    -DTSUBAME_NET_FILE="$net" >/dev/null
  cmake --build "$out/$shape/build" --target tsubame >&2
}

for shape in bucketed kp; do
  work="$out/$shape/train"
  # run.sh's last step checks the exported net against the engine: only then is it done.
  if [[ ! -f "$work/checked" ]]; then
    # Records need only the shape's features, not a net of that shape: the first build embeds
    # the adopted net, which the K-P engine never loads while it makes records.
    build "$shape" "$root/engine/eval/nnue/tsubame.nnue"
    TRAIN_WORK="$work" TSUBAME="$(engine_of "$shape")" "$root/scripts/train/run.sh" "$@"
    touch "$work/checked"
  fi
  build "$shape" "$work/net.nnue"
done

bucketed=$(engine_of bucketed)
kp=$(engine_of kp)
"$kp" match --engine1 "$kp" --engine2 "$bucketed" --nodes "${NODES:-20000}" \
  --games "${GAMES:-300}" --openings "${OPENINGS:-$root/scripts/openings/search-confirm.sfen}" \
  --seed "${SEED:-1}" --concurrency 2 --out "$out/match" | tail -n 30
