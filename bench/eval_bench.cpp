// Speed of the per-node work of the search besides move generation: the static evaluation,
// the one-move mate test and static exchange evaluation, each over the positions of the
// engine's `bench`. Run from a Release build:
//   build/release/bench/eval_bench --benchmark_repetitions=3
//       --benchmark_report_aggregates_only=true

#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include "bench_positions.h"
#include "core/position.h"
#include "eval/evaluate.h"
#include "mate/mate_in_one.h"
#include "movegen/movegen.h"
#include "rules/game.h"
#include "search/see.h"

namespace tsubame {

namespace {

// The bench positions ("startpos moves ..." or "sfen ..."), loaded once.
std::vector<std::unique_ptr<Game>> load_positions() {
    std::vector<std::unique_ptr<Game>> all;
    for (int i = 0; i < BENCH_POSITION_COUNT; ++i) {
        auto game = std::make_unique<Game>();
        if (game->set_position(BENCH_POSITIONS[i]).ok()) all.push_back(std::move(game));
    }
    return all;
}

// evaluate() from scratch; items = evaluations.
void BM_Evaluate(benchmark::State& state) {
    const auto positions = load_positions();
    int64_t    count     = 0;
    for (auto _ : state) {
        for (const auto& p : positions)
            benchmark::DoNotOptimize(evaluate(p->position()));
        count += int64_t(positions.size());
    }
    state.SetItemsProcessed(count);
}

// The one-move mate test of every node; items = tests.
void BM_MateInOne(benchmark::State& state) {
    const auto positions = load_positions();
    int64_t    count     = 0;
    for (auto _ : state) {
        for (const auto& p : positions)
            benchmark::DoNotOptimize(mate::find_mate_in_one(p->position()));
        count += int64_t(positions.size());
    }
    state.SetItemsProcessed(count);
}

// SEE of every capture; items = captures.
void BM_SeeCaptures(benchmark::State& state) {
    const auto        positions = load_positions();
    std::vector<Move> captures;
    std::vector<int>  owner;
    for (size_t i = 0; i < positions.size(); ++i) {
        const Position& pos = positions[i]->position();
        if (pos.in_check()) continue;
        for (Move m : MoveList<GenType::CAPTURES>(pos))
            if (!m.is_drop() && pos.piece_on(m.to()) != NO_PIECE) {
                captures.push_back(m);
                owner.push_back(int(i));
            }
    }
    for (auto _ : state)
        for (size_t i = 0; i < captures.size(); ++i)
            benchmark::DoNotOptimize(see(positions[size_t(owner[i])]->position(), captures[i]));
    state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(captures.size()));
}

BENCHMARK(BM_Evaluate);
BENCHMARK(BM_MateInOne);
BENCHMARK(BM_SeeCaptures);

} // namespace
} // namespace tsubame

BENCHMARK_MAIN();
