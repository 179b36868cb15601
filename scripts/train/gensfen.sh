#!/usr/bin/env bash
# Generates training games, one shard per seed, into scripts/train/games/ (or $GAMES_DIR).
# Resumable: shards already on disk are skipped, and a shard is written through a .part file,
# so an interrupted run loses at most the shard in progress. Deterministic: a seed and the
# engine's commit give the same bytes. Each finished shard adds a row to MANIFEST.tsv.
#   [EVAL_FILE=net.nnue] scripts/train/gensfen.sh FIRST_SEED LAST_SEED [games-per-shard (4000)]
#                                                  [nodes (5000)]
# EVAL_FILE: the net that plays and labels the games (the teacher); unset, the built-in net.
# OPENINGS=file: each game starts with a book line of the file, drawn by the seed, then makes
# 2 random moves within the 16 plies after it (in place of 6 within the first 32 plies).
# scripts/train/openings/records2016-3151-5465.sfen holds book lines that no strength claim or
# net selection uses; its shards take seeds from 3001. scripts/train/openings/taya36-book.sfen
# holds the taya36 lines far from every claim opening (openings/taya_book.py); seeds from 3501.
# EVAL_LIMIT=CP: a game ends, decided, at that score (unset: gensfen's default, 2000);
# EVAL_LIMIT=0 plays every game to its end, so that its result is the real outcome. Games played
# to their end take seeds from 5001 (records2016 book) and 5501 (taya36 book) at 5,000 nodes,
# from 6001 and 6501 at 2,500 nodes, and from 7001 and 7501 at 1,250 (the trade of depth
# against count, from 2026-12-07).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
first=${1:?first seed}
last=${2:?last seed}
games=${3:-4000}
nodes=${4:-5000}
dir=${GAMES_DIR:-$root/scripts/train/games}
# The engine and the net, as private copies, and their names: copy, commit, teacher, eval_args.
source "$root/scripts/train/teacher.sh"
source "$root/scripts/train/until.sh"
game_args=()
if [[ -n "${EVAL_LIMIT:-}" ]]; then game_args+=(--eval-limit "$EVAL_LIMIT"); fi
if [[ -n "${OPENINGS:-}" ]]; then
  game_args+=(--openings "$OPENINGS" --random-moves 2 --random-max-ply 16)
fi
mkdir -p "$dir"
manifest="$dir/MANIFEST.tsv"
[[ -f "$manifest" ]] || printf 'shard\tseed\tgames\tnodes\tpositions\tbytes\tcommit\tdate\tteacher\n' >"$manifest"
for ((seed = first; seed <= last; seed++)); do
  past_until && break
  shard=$(printf 'shard-%05d.games' "$seed")
  [[ -f "$dir/$shard" ]] && continue
  "$copy" gensfen --out "$dir/$shard" --games "$games" --nodes "$nodes" --seed "$seed" \
    "${eval_args[@]}" "${game_args[@]}"
  positions=$("$copy" games-dump "$dir/$shard" | wc -l)
  printf '%s\t%d\t%d\t%d\t%d\t%d\t%s\t%s\t%s\n' "$shard" "$seed" "$games" "$nodes" "$positions" \
    "$(stat -c %s "$dir/$shard")" "$commit" "$(date -u +%F)" "$teacher" >>"$manifest"
done
