#!/usr/bin/env bash
# Builds and runs the whole fast test suite, as CI does. Every stage runs, even after another
# failed; each prints a PASS/FAIL line with its time, and the last line is `N passed, N failed`
# (stages). The exit status is non-zero if any stage failed.
#   1. release: Release build with -Werror, unit tests and fast perft, benchmarks compiled;
#   2. bench signature of that build (scripts/bench-signature.sh);
#   3. sanitizers: clang build with AddressSanitizer + UndefinedBehaviorSanitizer (and
#      libFuzzer's coverage), the same fast tests, with the magic-multiplication slider index
#      (Release uses PEXT), so both paths and both compilers are tested;
#   4. clang-format check of every source file;
#   5. pgo: the profile-guided Release engine that scripts/run.sh starts (scripts/build.sh),
#      with the bench signature again: PGO and LTO must not change the search;
#   6. fuzz: 30 s of libFuzzer over the USI command, SFEN and move parsers (scripts/fuzz.sh),
#      on the build of stage 3;
#   7. spsa: two iterations of the search-constant tuner (scripts/spsa.py) at 300 nodes a
#      move, resumed once, with the engine of stage 1: its state file, log and bounds;
#   8. lone-speed: a two-game match at 300 nodes a move, then scripts/lone_speed.py on its
#      records (the engine alone on the same positions);
#   9. search-misses: scripts/search_misses.py on a two-game match at 300 nodes a move
#      (collect, cut short and resumed, then score and misses), and the doctests of scripts/shogi_board.py;
#  10. match-summary: a six-game match at 300 nodes a move with an SPRT, summed again by
#      scripts/summarize_match.py, which must say what the runner said;
#  11. train-small: the network's training loop on a few fresh games (scripts/train/run.sh
#      --small), with the engine of stage 1: generation, records, PyTorch, export, and the
#      check that the engine's integer net matches the Python reference exactly.
# Extra arguments go to ctest, e.g. `scripts/test.sh -L slow` for the deep perft rows
# (then only the Release build and its tests run).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc)

passed=0
failed=0
summary=()
# run_stage NAME COMMAND...: runs the command (a function below) with errexit, and records
# its result and time.
run_stage() {
  local name=$1 start status
  shift
  echo "== $name"
  start=$(date +%s)
  (set -e; "$@")
  status=$?
  local line
  line=$(printf '%s %-16s %4d s' "$([[ $status == 0 ]] && echo PASS || echo FAIL)" "$name" \
    $(($(date +%s) - start)))
  summary+=("$line")
  echo "$line"
  if [[ $status == 0 ]]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
}

labels=(-L fast)
[[ $# -gt 0 ]] && labels=("$@")

release() {
  cmake -S "$root" -B "$root/build/ci-release" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DTSUBAME_WERROR=ON -DTSUBAME_ARCH=native >/dev/null
  cmake --build "$root/build/ci-release" -j "$jobs"
  (cd "$root/build/ci-release" && ctest --output-on-failure -j "$jobs" "${labels[@]}")
}
bench_signature() {
  "$root/scripts/bench-signature.sh" "$root/build/ci-release/usi/tsubame"
}
sanitizers() {
  "$root/scripts/install-deps.sh" --fuzz
  CC=clang CXX=clang++ cmake -S "$root" -B "$root/build/ci-sanitize" -G Ninja \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTSUBAME_WERROR=ON -DTSUBAME_FUZZ=ON -DTSUBAME_NO_PEXT=ON \
    -DTSUBAME_ARCH=generic -DTSUBAME_BUILD_BENCH=OFF >/dev/null
  cmake --build "$root/build/ci-sanitize" -j "$jobs"
  (cd "$root/build/ci-sanitize" && ctest --output-on-failure -j "$jobs" -L fast)
}
format() {
  cd "$root"
  git ls-files '*.cpp' '*.h' | xargs clang-format --dry-run --Werror
}
pgo() {
  "$root/scripts/build.sh"
  "$root/scripts/bench-signature.sh" "$root/build/release/usi/tsubame"
}
fuzz() {
  TSUBAME_FUZZ_BUILD="$root/build/ci-sanitize" "$root/scripts/fuzz.sh" 30
}
spsa() {
  local dir
  dir=$(mktemp -d)
  local run=(python3 "$root/scripts/spsa.py" --state "$dir/run.json")
  "${run[@]}" --engine "$root/build/ci-release/usi/tsubame" --param RfpMargin:118:100:130:20:0.002 \
    --option Search_LmrFractional=1 --nodes 300 --iterations 1 \
    --openings "$root/scripts/openings/search-select.sfen" --seed 1
  # Resumed with more iterations: the state keeps the first one.
  python3 - "$dir/run.json" <<'PY'
import json, sys
state = json.load(open(sys.argv[1]))
state["config"]["iterations"] = 2
json.dump(state, open(sys.argv[1], "w"))
PY
  "${run[@]}"
  python3 - "$dir/run.json" "$dir/run.tsv" <<'PY'
import json, sys
state = json.load(open(sys.argv[1]))
assert len(state["history"]) == 2, state["history"]
assert all(h["result"] in (-2, -1, 0, 1, 2) for h in state["history"]), state["history"]
assert 100 <= state["theta"]["RfpMargin"] <= 130, state["theta"]
assert state["config"]["options"] == ["Search_LmrFractional=1"], state["config"]
assert len(open(sys.argv[2]).read().splitlines()) == 3
PY
  rm -rf "$dir"
}
lone_speed() {
  local dir engine="$root/build/ci-release/usi/tsubame"
  dir=$(mktemp -d)
  "$engine" match --engine1 "$engine" --engine2 "$engine" --nodes 300 --games 2 --max-moves 40 \
    --opt1 USI_Hash=16 --opt2 USI_Hash=16 --out "$dir/match" >/dev/null &&
    python3 "$root/scripts/lone_speed.py" "$engine" "$dir/match" --option USI_Hash=16 \
      | tee "$dir/out.txt" && grep -qE '^ratio: +[0-9.]+$' "$dir/out.txt" &&
    # Every move of engine 1 that the match counted, with its nodes.
    grep -qF ": $(grep -oP '^engine1 .*?: moves \K[0-9]+' "$dir/match/summary.txt") moves of 2 games" \
      "$dir/out.txt"
  local status=$?
  rm -rf "$dir"
  return $status
}
search_misses() {
  local dir engine="$root/build/ci-release/usi/tsubame" tool="$root/scripts/search_misses.py"
  dir=$(mktemp -d)
  python3 -m doctest "$root/scripts/shogi_board.py" &&
    "$engine" match --engine1 "$engine" --engine2 "$engine" --nodes 300 --games 2 --max-moves 40 \
      --out "$dir/match" >/dev/null &&
    python3 "$tool" collect "$engine" "$dir/match" "$dir/m.tsv" --positions 6 --short 300 \
      --long 3000 --jobs 2 &&
    # A run cut short resumes: the two rows lost are searched again, and no row is doubled.
    head -n -2 "$dir/m.tsv" >"$dir/cut.tsv" && mv "$dir/cut.tsv" "$dir/m.tsv" &&
    python3 "$tool" collect "$engine" "$dir/match" "$dir/m.tsv" --positions 6 --short 300 \
      --long 3000 --jobs 1 &&
    [[ $(grep -vc '^#' "$dir/m.tsv") == 7 && $(cut -f1 "$dir/m.tsv" | sort | uniq -d) == "" ]] &&
    python3 "$tool" score "$engine" "$dir/m.tsv" --option Search_CheckExtension=0 | tee "$dir/s.txt" &&
    grep -q '^options Search_CheckExtension=0: 6 positions, short 300 nodes, long 3000' "$dir/s.txt" &&
    python3 "$tool" misses "$engine" "$dir/m.tsv" --threshold 0 | tee "$dir/m.txt" &&
    grep -q '^6 of 6 positions lose at least 0 points' "$dir/m.txt" &&
    [[ $(grep -c ' loss ' "$dir/m.txt") == 6 ]]
  local status=$?
  rm -rf "$dir"
  return $status
}
match_summary() {
  local dir pairs_elo engine="$root/build/ci-release/usi/tsubame"
  local lines='^(games|engine1 W/D/L|engine1 as|pairs|SPRT) '
  dir=$(mktemp -d)
  # Another setting on one side, so that the colours' results differ.
  "$engine" match --engine1 "$engine" --engine2 "$engine" --nodes 300 --games 6 \
    --opt1 USI_Hash=16 --opt2 USI_Hash=16 --opt1 Search_RfpMargin=60 --sprt 0,50 --seed 1 \
    --openings "$root/scripts/openings/search-select.sfen" --out "$dir/match" >/dev/null &&
    python3 "$root/scripts/summarize_match.py" "$dir/match" --sprt 0,50 >"$dir/sum.txt" &&
    # The sum of one run says what the runner said.
    diff <(grep -E "$lines" "$dir/match/summary.txt") <(grep -E "$lines" "$dir/sum.txt") &&
    # Six games are three pairs of one opening, and the pairs' Elo is the games' Elo (unless
    # three pairs give no interval inside scores 0 to 1: "n/a").
    pairs_elo=$(grep -oP '^pairs 3 .*: Elo \K\S+' "$dir/sum.txt") &&
    [[ $pairs_elo == n/a || $pairs_elo == \
      $(grep -oP '^Elo difference \(engine1 - engine2\): \K\S+' "$dir/sum.txt") ]] &&
    # grep reads to the end (no -q), so that the summary never writes into a closed pipe.
    python3 "$root/scripts/summarize_match.py" "$dir/match:1" "$dir/match" |
    grep -x 'games 7' >/dev/null &&
    # A run given by its totals alone counts as its folder does.
    wdl=$(grep -oP '^engine1 W/D/L: \K[0-9/]+' "$dir/sum.txt") &&
    # (Totals have no pairs: the SPRT counts games on both sides.)
    diff <(python3 "$root/scripts/summarize_match.py" "$dir/match" --sprt 0,50 --sprt-games |
      grep -E '^(Elo|SPRT) ') <(python3 "$root/scripts/summarize_match.py" \
      --prior "$wdl" --sprt 0,50 | grep -E '^(Elo|SPRT) ') &&
    # A malformed total is a usage error (status 2) that names it, not a traceback.
    { python3 "$root/scripts/summarize_match.py" --prior 1/2 2>"$dir/err.txt"; [[ $? == 2 ]]; } &&
    grep -q "not W/D/L: '1/2'" "$dir/err.txt"
  local status=$?
  rm -rf "$dir"
  return $status
}
train_small() {
  rm -rf "$root/build/train-small"
  TSUBAME="$root/build/ci-release/usi/tsubame" "$root/scripts/train/run.sh" --small
}

if ! "$root/scripts/install-deps.sh" --test; then
  echo "0 passed, 1 failed (installing the dependencies failed)"
  exit 1
fi
run_stage release release
if [[ $# -eq 0 ]]; then
  run_stage bench-signature bench_signature
  run_stage sanitizers sanitizers
  run_stage clang-format format
  run_stage pgo pgo
  run_stage fuzz fuzz
  run_stage spsa spsa
  run_stage lone-speed lone_speed
  run_stage search-misses search_misses
  run_stage match-summary match_summary
  run_stage train-small train_small
fi

echo "== Summary"
printf '%s\n' "${summary[@]}"
echo "$passed passed, $failed failed"
[[ $failed == 0 ]]
