// Speed of the per-node work of the search besides move generation: the network's evaluation
// (from scratch, or updated by a move), the one-move mate test and
// static exchange evaluation, each over the positions of the engine's `bench`. Run from a Release
// build:
//   build/release/bench/eval_bench --benchmark_repetitions=3
//       --benchmark_report_aggregates_only=true

#include <benchmark/benchmark.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "bench_positions.h"
#include "core/position.h"
#include "eval/nnue/network.h"
#include "eval/nnue/refresh_cache.h"
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

// A net with arbitrary small weights: the network's speed does not depend on what it knows.
std::unique_ptr<nnue::Network> arbitrary_network() {
    auto     net  = std::make_unique<nnue::Network>();
    uint64_t seed = 1;
    auto     next = [&] { return int((seed = seed * 6364136223846793005ull + 1) >> 58) - 32; };
    for (auto& row : net->ft_weights)
        for (int16_t& w : row)
            w = int16_t(next() * 8);
    for (int16_t& b : net->ft_bias)
        b = int16_t((next() + 32) * 8);
    for (auto& layers : net->stacks) {
        for (auto& row : layers.l1_weights)
            for (int8_t& w : row)
                w = int8_t(next());
        for (auto& row : layers.l2_weights)
            for (int8_t& w : row)
                w = int8_t(next());
        for (int16_t& w : layers.out_weights)
            w = int16_t(next() * 16);
    }
    return net;
}

// The network from scratch: both accumulators and the layers; items = evaluations.
void BM_NnueRefresh(benchmark::State& state) {
    const auto        positions = load_positions();
    const auto        net       = arbitrary_network();
    nnue::Accumulator acc;
    int64_t           count = 0;
    for (auto _ : state) {
        for (const auto& p : positions) {
            nnue::refresh_accumulator(*net, p->position(), acc);
            benchmark::DoNotOptimize(nnue::evaluate(*net, acc, p->position()));
        }
        count += int64_t(positions.size());
    }
    state.SetItemsProcessed(count);
}

// What a search node pays: the accumulators updated by a move, then the layers; items =
// evaluations.
void BM_NnueUpdate(benchmark::State& state) {
    auto                           positions = load_positions();
    const auto                     net       = arbitrary_network();
    std::vector<nnue::Accumulator> parents(positions.size());
    std::vector<Move>              moves;
    for (size_t i = 0; i < positions.size(); ++i) {
        nnue::refresh_accumulator(*net, positions[i]->position(), parents[i]);
        const LegalMoves legal(positions[i]->position());
        moves.push_back(*legal.begin());
        positions[i]->play(moves.back());
    }
    nnue::Accumulator acc;
    int64_t           count = 0;
    for (auto _ : state) {
        for (size_t i = 0; i < positions.size(); ++i) {
            const Position& pos = positions[i]->position();
            nnue::update_accumulator(*net, parents[i], pos, moves[i], acc);
            benchmark::DoNotOptimize(nnue::evaluate(*net, acc, pos));
        }
        count += int64_t(positions.size());
    }
    state.SetItemsProcessed(count);
}

// An own-king move's accumulator (its side refreshed, the other updated), without and with a
// refresh cache (state.range(0)); items = king moves. The cache is shared by all the bench
// positions, which differ more than a search's positions in one king frame do, so its gain
// here is a lower bound.
void BM_NnueKingMove(benchmark::State& state) {
    auto                           positions = load_positions();
    const auto                     net       = arbitrary_network();
    auto                           cache     = std::make_unique<nnue::RefreshCache>();
    std::vector<nnue::Accumulator> parents;
    std::vector<Move>              moves;
    std::vector<const Position*>   after;
    cache->reset(*net);
    for (auto& game : positions) {
        const LegalMoves legal(game->position());
        const auto       king_move = std::find_if(legal.begin(), legal.end(), [](Move m) {
            return !m.is_drop() && type_of(m.moved_piece_before()) == KING;
        });
        if (king_move == legal.end()) continue;
        parents.emplace_back();
        nnue::refresh_accumulator(*net, game->position(), parents.back());
        moves.push_back(*king_move);
        game->play(*king_move);
        after.push_back(&game->position());
    }
    nnue::RefreshCache* use = state.range(0) ? cache.get() : nullptr;
    nnue::Accumulator   acc;
    for (auto _ : state)
        for (size_t i = 0; i < moves.size(); ++i) {
            nnue::update_accumulator(*net, parents[i], *after[i], moves[i], acc, use);
            benchmark::DoNotOptimize(acc);
        }
    state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(moves.size()));
}

// The layers after the accumulator alone: the build's code (AVX2 where targeted) and the
// portable reference; items = evaluations.
template <Value (*Propagate)(const nnue::Network&, const nnue::Accumulator&, Color, int)>
void BM_NnuePropagate(benchmark::State& state) {
    const auto                     positions = load_positions();
    const auto                     net       = arbitrary_network();
    std::vector<nnue::Accumulator> accs(positions.size());
    std::vector<int>               stacks;
    for (size_t i = 0; i < positions.size(); ++i) {
        nnue::refresh_accumulator(*net, positions[i]->position(), accs[i]);
        stacks.push_back(nnue::layer_stack(positions[i]->position()));
    }
    int64_t count = 0;
    for (auto _ : state) {
        for (size_t i = 0; i < positions.size(); ++i)
            benchmark::DoNotOptimize(
                Propagate(*net, accs[i], positions[i]->position().side_to_move(), stacks[i]));
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

BENCHMARK(BM_NnueRefresh);
BENCHMARK(BM_NnueUpdate);
BENCHMARK(BM_NnueKingMove)->Arg(0)->Arg(1);
BENCHMARK(BM_NnuePropagate<nnue::propagate>)->Name("BM_NnuePropagate");
BENCHMARK(BM_NnuePropagate<nnue::propagate_reference>)->Name("BM_NnuePropagateReference");
BENCHMARK(BM_MateInOne);
BENCHMARK(BM_SeeCaptures);

} // namespace
} // namespace tsubame

BENCHMARK_MAIN();
