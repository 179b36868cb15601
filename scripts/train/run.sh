#!/usr/bin/env bash
# The evaluation network's whole training loop: games -> training records -> PyTorch training
# -> export -> check of the exported net against the float model and the engine.
#   scripts/train/run.sh --small     a minute-long run on freshly generated games (CI runs it)
#   scripts/train/run.sh [train.py options]
#                                    the real run on the committed shards, scripts/train/games/
# DEEPER=rNODES: a training shard rescored into games/rNODES/ (rescore.sh) is read in place of
# the original (--small rescores one of its shards at 800 nodes so, to test the path).
# Work files go to $TRAIN_WORK (default build/train, or build/train-small); the net is
# $TRAIN_WORK/net.nnue. Every step is resumable: finished records and epochs are kept.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
python=${PYTHON:-/usr/bin/python3}
"$root/scripts/install-deps.sh" --train >&2
small=0
if [[ "${1:-}" == "--small" ]]; then
  small=1
  shift
fi
suffix=""
[[ $small == 0 ]] || suffix=-small
work=$(realpath -m "${TRAIN_WORK:-$root/build/train$suffix}") # absolute: train.py runs from scripts/train
engine=${TSUBAME:-}
if [[ -z "$engine" ]]; then
  "$root/scripts/build.sh" >&2
  engine="$root/build/release/usi/tsubame"
fi
engine=$(realpath "$engine")
# Records hold feature indices: a cache made for another architecture is thrown away.
architecture=$("$engine" nnue-data --architecture)
if [[ "$(cat "$work/records/ARCHITECTURE" 2>/dev/null)" != "$architecture" ]]; then
  rm -rf "$work/records"
fi
mkdir -p "$work/records"
echo "$architecture" >"$work/records/ARCHITECTURE"

if [[ $small == 1 ]]; then
  GAMES_DIR="$work/games" TSUBAME="$engine" "$root/scripts/train/gensfen.sh" 1 3 40 400
  GAMES_DIR="$work/games" TSUBAME="$engine" "$root/scripts/train/rescore.sh" 800 2
  games_dir="$work/games"
  DEEPER=r800
  train_options=(--epochs 3 --batch 256)
else
  games_dir="$root/scripts/train/games"
  train_options=()
fi

# Records per shard. One shard is the validation set (a split by game, not by position):
# $VAL_SHARD, by default shard-01001 (1,000 games) when there is one, else the first.
shards=("$games_dir"/shard-*.games)
[[ -f "${shards[0]}" ]] || { echo "no shards in $games_dir" >&2; exit 1; }
val_shard=${VAL_SHARD:-shard-01001}
[[ -f "$games_dir/$val_shard.games" ]] || val_shard=$(basename "${shards[0]}" .games)
deeper=${DEEPER:-}
train_records=()
for shard in "${shards[@]}"; do
  name=$(basename "$shard" .games)
  if [[ -n "$deeper" && "$name" != "$val_shard" && -f "$games_dir/$deeper/$name.games" ]]; then
    shard="$games_dir/$deeper/$name.games"
    name="$name.$deeper"
  fi
  if [[ ! -f "$work/records/$name.bin" || "$shard" -nt "$work/records/$name.bin" ]]; then
    "$engine" nnue-data --out "$work/records/$name.tmp" --sfens "$work/records/$name.sfens" "$shard"
    mv "$work/records/$name.tmp" "$work/records/$name.bin"
  fi
  [[ "$name" == "$val_shard" ]] || train_records+=("$work/records/$name.bin")
done
[[ -z "$deeper" ]] || echo "training records: ${train_records[*]##*/}" >&2
val_name=$val_shard

cd "$root/scripts/train"
"$python" train.py --train "${train_records[@]}" --val "$work/records/$val_name.bin" \
  --work "$work" --out "$work/net.nnue" \
  --description "Tsubame $(git -C "$root" describe --always --dirty 2>/dev/null);" \
  "${train_options[@]}" "$@"
"$python" check_export.py --engine "$engine" --net "$work/net.nnue" --float "$work/float.pt" \
  --records "$work/records/$val_name.bin" --sfens "$work/records/$val_name.sfens" \
  --k "$(cat "$work/k.txt")"
