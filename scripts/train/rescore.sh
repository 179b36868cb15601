#!/usr/bin/env bash
# Labels shards again with a deeper search (`tsubame rescore`): the same games, each position
# that nnue-data keeps scored by an N-node search. Writes scripts/train/games/rNODES/ (or
# $GAMES_DIR/rNODES/) shard by shard, each through a .part file, so a rerun resumes; each
# finished shard adds a row to that folder's MANIFEST.tsv. Deterministic (the engine's commit,
# the nodes and the source shard give the same bytes).
#   [EVAL_FILE=net.nnue] scripts/train/rescore.sh NODES SHARD_NUMBER...
# EVAL_FILE: the net that labels; unset, the built-in net.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
nodes=${1:?nodes}
shift
dir=${GAMES_DIR:-$root/scripts/train/games}
out_dir="$dir/r$nodes"
engine=${TSUBAME:-}
if [[ -z "$engine" ]]; then
  "$root/scripts/build.sh" >&2
  engine="$root/build/release/usi/tsubame"
fi
# A private copy, so that rebuilding the engine during a long run cannot change the labels.
copy=$(mktemp -d)/tsubame
cp "$engine" "$copy"
commit=$("$copy" --version | sed -n 's/^commit //p')
teacher=$("$copy" --version | sed -n 's/^eval net \([0-9a-f]*\):.*/built-in:\1/p')
eval_args=()
if [[ -n "${EVAL_FILE:-}" ]]; then
  net_copy="$(dirname "$copy")/$(basename "$EVAL_FILE")"
  cp "$EVAL_FILE" "$net_copy"
  eval_args=(--eval-file "$net_copy")
  hash=$(od -An -tx4 -j $(($(stat -c %s "$net_copy") - 4)) -N 4 "$net_copy" | tr -d ' ')
  teacher="$(basename "$EVAL_FILE"):$hash"
fi
mkdir -p "$out_dir"
manifest="$out_dir/MANIFEST.tsv"
[[ -f "$manifest" ]] || printf 'shard\tnodes\tpositions\tbytes\tcommit\tdate\tteacher\tsource sha256\n' >"$manifest"
for number in "$@"; do
  shard=$(printf 'shard-%05d.games' "$((10#$number))")
  [[ -f "$out_dir/$shard" ]] && continue
  "$copy" rescore --in "$dir/$shard" --out "$out_dir/$shard" --nodes "$nodes" "${eval_args[@]}"
  positions=$("$copy" games-dump "$out_dir/$shard" | wc -l)
  printf '%s\t%d\t%d\t%d\t%s\t%s\t%s\t%s\n' "$shard" "$nodes" "$positions" \
    "$(stat -c %s "$out_dir/$shard")" "$commit" "$(date -u +%F)" "$teacher" \
    "$(sha256sum "$dir/$shard" | cut -c1-16)" >>"$manifest"
done
