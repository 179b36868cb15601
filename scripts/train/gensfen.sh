#!/usr/bin/env bash
# Generates training games, one shard per seed, into scripts/train/games/ (or $GAMES_DIR).
# Resumable: shards already on disk are skipped, and a shard is written through a .part file,
# so an interrupted run loses at most the shard in progress. Deterministic: a seed and the
# engine's commit give the same bytes. Each finished shard adds a row to MANIFEST.tsv.
#   [EVAL_FILE=net.nnue] scripts/train/gensfen.sh FIRST_SEED LAST_SEED [games-per-shard (4000)]
#                                                  [nodes (5000)]
# EVAL_FILE: the net that plays and labels the games (the teacher); unset, the built-in net.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
first=${1:?first seed}
last=${2:?last seed}
games=${3:-4000}
nodes=${4:-5000}
dir=${GAMES_DIR:-$root/scripts/train/games}
engine=${TSUBAME:-}
if [[ -z "$engine" ]]; then
  "$root/scripts/build.sh" >&2
  engine="$root/build/release/usi/tsubame"
fi
# A private copy, so that rebuilding the engine during a long run cannot change the games.
copy=$(mktemp -d)/tsubame
cp "$engine" "$copy"
# The engine's own commit (what it was built from), not the checkout's.
commit=$("$copy" --version | sed -n 's/^commit //p')
# The built-in net by its hash (`--version`: "eval net <hash>: ...").
teacher=$("$copy" --version | sed -n 's/^eval net \([0-9a-f]*\):.*/built-in:\1/p')
eval_args=()
if [[ -n "${EVAL_FILE:-}" ]]; then
  # A private copy too, under the same name (the shards name it); named in MANIFEST by the hash
  # its file ends with, as `--version` names a built-in net.
  net_copy="$(dirname "$copy")/$(basename "$EVAL_FILE")"
  cp "$EVAL_FILE" "$net_copy"
  eval_args=(--eval-file "$net_copy")
  hash=$(od -An -tx4 -j $(($(stat -c %s "$net_copy") - 4)) -N 4 "$net_copy" | tr -d ' ')
  teacher="$(basename "$EVAL_FILE"):$hash"
fi
mkdir -p "$dir"
manifest="$dir/MANIFEST.tsv"
[[ -f "$manifest" ]] || printf 'shard\tseed\tgames\tnodes\tpositions\tbytes\tcommit\tdate\tteacher\n' >"$manifest"
for ((seed = first; seed <= last; seed++)); do
  shard=$(printf 'shard-%05d.games' "$seed")
  [[ -f "$dir/$shard" ]] && continue
  "$copy" gensfen --out "$dir/$shard" --games "$games" --nodes "$nodes" --seed "$seed" "${eval_args[@]}"
  positions=$("$copy" games-dump "$dir/$shard" | wc -l)
  printf '%s\t%d\t%d\t%d\t%d\t%d\t%s\t%s\t%s\n' "$shard" "$seed" "$games" "$nodes" "$positions" \
    "$(stat -c %s "$dir/$shard")" "$commit" "$(date -u +%F)" "$teacher" >>"$manifest"
done
