#!/usr/bin/env bash
# Labels shards again with a deeper search (`tsubame rescore`): each position of the games that
# nnue-data keeps scored by an N-node search, written as a label file beside the shard
# (scripts/train/games/rNODES/shard-N.labels, or $GAMES_DIR/rNODES/; 2 bytes a ply, read with its
# source shard), shard by shard, each through a .part file, so a rerun resumes, within a shard
# too (at the first game not written whole); each finished shard adds a row to that folder's
# MANIFEST.tsv. Deterministic (the engine's commit, the nodes and the source shard give
# the same bytes; each game is labelled from a fresh search state, so resuming changes nothing).
#   [EVAL_FILE=net.nnue] scripts/train/rescore.sh NODES SHARD_NUMBER...
# EVAL_FILE: the net that labels; unset, the built-in net.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
nodes=${1:?nodes}
shift
dir=${GAMES_DIR:-$root/scripts/train/games}
out_dir="$dir/r$nodes"
# The engine and the net, as private copies, and their names: copy, commit, teacher, eval_args.
source "$root/scripts/train/teacher.sh"
source "$root/scripts/train/until.sh"
mkdir -p "$out_dir"
manifest="$out_dir/MANIFEST.tsv"
[[ -f "$manifest" ]] || printf 'shard\tnodes\tpositions\tbytes\tcommit\tdate\tteacher\tsource sha256\n' >"$manifest"
for number in "$@"; do
  past_until && break
  shard=$(printf 'shard-%05d.games' "$((10#$number))")
  labels=${shard%.games}.labels
  [[ -f "$out_dir/$labels" ]] && continue
  "$copy" rescore --in "$dir/$shard" --out "$out_dir/$labels" --nodes "$nodes" "${eval_args[@]}"
  positions=$("$copy" games-dump "$out_dir/$labels" | wc -l)
  printf '%s\t%d\t%d\t%d\t%s\t%s\t%s\t%s\n' "$labels" "$nodes" "$positions" \
    "$(stat -c %s "$out_dir/$labels")" "$commit" "$(date -u +%F)" "$teacher" \
    "$(sha256sum "$dir/$shard" | cut -c1-16)" >>"$manifest"
done
