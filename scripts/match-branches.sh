#!/usr/bin/env bash
# Self-play A/B of engine changes kept on git branches: each commit-ish is built (from its own
# worktree under build/ab/) and matched against BASE on the selection openings.
#   scripts/match-branches.sh OUT_DIR LIMIT GAMES BRANCH...
# LIMIT is a node count per move (e.g. 40000), or byoyomi:MS for a time control (e.g.
# byoyomi:300). Fixed nodes make the results independent of the machine's load, so such
# matches may share the cores with other jobs; a timed match needs the machine to itself, and
# its engines are built with profile-guided optimisation as users run them (scripts/build.sh).
# Resumable: a branch whose match finished is skipped (delete OUT/<name> to play it again).
# BASE (default main); OPENINGS (default scripts/train/openings/select-mixed.sfen, whose
# openings 1-75 are taya36 lines and 76-150 records2016 lines; search changes are chosen on
# scripts/openings/search-select.sfen); CONCURRENCY (default 2); MATCH_OPTIONS, more options
# of `tsubame match` (e.g. "--sprt -10,40" to stop a clear loser early: GAMES is then the most
# it plays).
# Results: OUT_DIR/<name>/summary.txt and a line per branch in OUT_DIR/results.tsv.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "${1:?output folder}")
limit=${2:?nodes or byoyomi:MS}
if [[ $limit == byoyomi:* ]]; then
  limit_options=(--byoyomi "${limit#byoyomi:}")
  pgo=1
else
  limit_options=(--nodes "$limit")
  pgo=0
fi
games=${3:?games}
shift 3
base=${BASE:-main}
openings=$(realpath "${OPENINGS:-$root/scripts/train/openings/select-mixed.sfen}")
concurrency=${CONCURRENCY:-2}
mkdir -p "$out" "$root/build/ab"

# Builds commit-ish $1 into build/ab/bin/<name> and prints that path.
build() {
  local name=${1//\//-}
  local commit
  commit=$(git -C "$root" rev-parse --short "$1^{commit}")
  local exe="$root/build/ab/bin/$name-$commit"
  ((pgo)) && exe+=-pgo
  if [[ ! -x "$exe" ]]; then
    local src="$root/build/ab/src-$name"
    git -C "$root" worktree remove --force "$src" 2>/dev/null || true
    git -C "$root" worktree add --detach "$src" "$commit" >&2
    mkdir -p "$root/build/ab/bin"
    if ((pgo)); then
      "$src/scripts/build.sh" >&2
      cp "$src/build/release/usi/tsubame" "$exe"
    else
      cmake -S "$src" -B "$root/build/ab/build-$name" -G Ninja -DCMAKE_BUILD_TYPE=Release \
        -DBUILD_TESTING=OFF -DTSUBAME_BUILD_BENCH=OFF -DTSUBAME_PGO= >/dev/null
      cmake --build "$root/build/ab/build-$name" --target tsubame >&2
      cp "$root/build/ab/build-$name/usi/tsubame" "$exe"
    fi
    git -C "$root" worktree remove --force "$src"
  fi
  echo "$exe"
}

base_exe=$(build "$base")
results="$out/results.tsv"
[[ -f "$results" ]] || printf 'branch\tcommit\tbase\tlimit\tgames\tresult\n' >"$results"
for branch in "$@"; do
  name=${branch//\//-}
  [[ -f "$out/$name/summary.txt" ]] && continue
  exe=$(build "$branch")
  # shellcheck disable=SC2086 # MATCH_OPTIONS is a list of options
  "$base_exe" match --engine1 "$exe" --engine2 "$base_exe" --games "$games" "${limit_options[@]}" \
    --openings "$openings" --seed 1 --concurrency "$concurrency" --out "$out/$name" \
    ${MATCH_OPTIONS:-} >"$out/$name.log" 2>&1
  line=$(grep -m1 'Elo difference' "$out/$name/summary.txt")
  wdl=$(grep -m1 'W/D/L' "$out/$name/summary.txt" | sed 's/.*W\/D\/L: //')
  printf '%s\t%s\t%s\t%s\t%s\t%s; %s\n' "$branch" "$(git -C "$root" rev-parse --short "$branch")" \
    "$(git -C "$root" rev-parse --short "$base")" "$limit" "$games" "$wdl" \
    "${line#*: }" >>"$results"
  tail -n 1 "$results"
done
