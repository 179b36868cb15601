#!/usr/bin/env bash
# The evaluation network's whole training loop: games -> training records -> PyTorch training
# -> export -> check of the exported net against the float model and the engine.
#   scripts/train/run.sh --small     a minute-long run on freshly generated games (CI runs it)
#   scripts/train/run.sh [train.py options]
#                                    the real run on the committed shards, scripts/train/games/
# DEEPER=rNODES: a training shard rescored into games/rNODES/ (rescore.sh) is read with those
# labels in place of its own (--small rescores one of its shards at 800 nodes so, to test the
# path); with DEEPER_ONLY=1 the shards without a label file there are left out (to go on training a net on
# the deeper labels alone). VAL_SHARDS="shard-02013 shard-02208": the validation shards; they
# keep their original labels unless DEEPER_VAL=1 (then their label files are read too,
# so that the validation loss can rank nets trained on the deeper labels). TRAIN_SHARDS="shard-035*
# shard-0300[7-9]": the training shards, as patterns of their names (default: every shard), e.g.
# to train on the same shards with their labels of two depths. LEAF=1: records of every label,
# each at the end of its capture line (nnue-data --leaf), not only the quiet positions.
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
export TSUBAME_ARCHITECTURE=$architecture # the shape nnue_model.py trains and writes
if [[ "$(cat "$work/records/ARCHITECTURE" 2>/dev/null)" != "$architecture" ]]; then
  rm -rf "$work/records"
fi
mkdir -p "$work/records"
echo "$architecture" >"$work/records/ARCHITECTURE"

if [[ $small == 1 ]]; then
  GAMES_DIR="$work/games" TSUBAME="$engine" "$root/scripts/train/gensfen.sh" 1 2 40 400
  # The third shard starts from lines cut from recorded games (openings/from_games.py), as the
  # shards from games against gpsusi do: two quick games, their conversion checked.
  "$engine" match --engine1 "$engine" --engine2 "$engine" --nodes 200 --games 2 \
    --max-moves 160 --out "$work/recorded" >/dev/null
  "$python" "$root/scripts/train/openings/from_games.py" "$work/from-games.sfen" \
    "$work/recorded" --check "$engine" --after 4 --span 20 --before 4
  # Played to their end (EVAL_LIMIT=0), and a second validation file: losses by file tested.
  EVAL_LIMIT=0 OPENINGS="$work/from-games.sfen" GAMES_DIR="$work/games" TSUBAME="$engine" \
    "$root/scripts/train/gensfen.sh" 3 3 40 400
  VAL_SHARDS=${VAL_SHARDS:-shard-00001 shard-00003}
  GAMES_DIR="$work/games" TSUBAME="$engine" "$root/scripts/train/rescore.sh" 800 2
  games_dir="$work/games"
  DEEPER=r800
  # The average, cosine and a game family's results left out tested too (validation shard 1
  # ends its games on the generator's score, as every r20000 shard does; K is fitted to the
  # results of shard 2).
  train_options=(--epochs 3 --batch 256 --ema 0.9 --schedule cosine --lam 0.8
    --score-only 'shard-00001*')
else
  games_dir="$root/scripts/train/games"
  train_options=()
fi

# Records per shard. The validation set is whole shards (a split by game, not by position):
# $VAL_SHARDS, a space-separated list (each must exist), by default shard-02013 (the
# validation shard of every fine-tune since 2026-11-27) when there is one, else the first shard.
shards=("$games_dir"/shard-*.games)
[[ -f "${shards[0]}" ]] || { echo "no shards in $games_dir" >&2; exit 1; }
read -r -a train_patterns <<<"${TRAIN_SHARDS:-shard-*}"
if [[ -n "${VAL_SHARDS:-}" ]]; then
  read -r -a val_shards <<<"$VAL_SHARDS"
  for val_shard in "${val_shards[@]}"; do
    [[ -f "$games_dir/$val_shard.games" ]] || { echo "no validation shard $val_shard.games in $games_dir" >&2; exit 1; }
  done
elif [[ -f "$games_dir/shard-02013.games" ]]; then
  val_shards=(shard-02013)
else
  val_shards=("$(basename "${shards[0]}" .games)")
fi
deeper=${DEEPER:-}
leaf=${LEAF:-0}
leaf_args=()
[[ $leaf == 1 ]] && leaf_args=(--leaf)
deeper_only=${DEEPER_ONLY:-0}
deeper_val=${DEEPER_VAL:-0}
train_records=()
val_records=()
for shard in "${shards[@]}"; do
  name=$(basename "$shard" .games)
  is_val=0
  [[ " ${val_shards[*]} " == *" $name "* ]] && is_val=1
  if [[ $is_val == 0 ]]; then
    chosen=0
    for pattern in "${train_patterns[@]}"; do
      # shellcheck disable=SC2053 # a glob on purpose
      [[ $name == $pattern ]] && chosen=1
    done
    [[ $chosen == 1 ]] || continue
  fi
  if [[ -n "$deeper" && ($is_val == 0 || $deeper_val == 1) && -f "$games_dir/$deeper/$name.labels" ]]; then
    shard="$games_dir/$deeper/$name.labels"
    name="$name.$deeper"
  elif [[ $deeper_only == 1 && $is_val == 0 ]]; then
    continue
  fi
  [[ $leaf == 1 ]] && name="$name.leaf"
  if [[ ! -f "$work/records/$name.bin" || "$shard" -nt "$work/records/$name.bin" ]]; then
    "$engine" nnue-data --out "$work/records/$name.tmp" --sfens "$work/records/$name.sfens" \
      "${leaf_args[@]}" "$shard"
    mv "$work/records/$name.tmp" "$work/records/$name.bin"
  fi
  # check_export.py reads the first validation shard's records (with its label file with DEEPER_VAL=1).
  [[ $is_val == 1 && "${name%%.*}" == "${val_shards[0]}" ]] && val_name=$name
  if [[ $is_val == 1 ]]; then val_records+=("$work/records/$name.bin"); else train_records+=("$work/records/$name.bin"); fi
done
[[ ${#train_records[@]} -gt 0 ]] || { echo "no training shards (DEEPER=$deeper DEEPER_ONLY=$deeper_only)" >&2; exit 1; }
[[ -z "$deeper" ]] || echo "training records: ${train_records[*]##*/}" >&2

cd "$root/scripts/train"
"$python" train.py --train "${train_records[@]}" --val "${val_records[@]}" \
  --work "$work" --out "$work/net.nnue" \
  --description "Tsubame $(git -C "$root" describe --always --dirty 2>/dev/null);" \
  "${train_options[@]}" "$@"
"$python" check_export.py --engine "$engine" --net "$work/net.nnue" --float "$work/float.pt" \
  --records "$work/records/$val_name.bin" --sfens "$work/records/$val_name.sfens" \
  --k "$(cat "$work/k.txt")"
