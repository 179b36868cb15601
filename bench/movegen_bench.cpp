// Move generation, do/undo and perft speed. Run from a Release build:
//   build/release/bench/movegen_bench --benchmark_repetitions=3
//       --benchmark_report_aggregates_only=true

#include <benchmark/benchmark.h>

#include "core/position.h"
#include "movegen/movegen.h"
#include "movegen/perft.h"

namespace tsubame {
namespace {

struct NamedPosition {
    const char* name;
    const char* sfen;
};

constexpr NamedPosition POSITIONS[] = {
    {"startpos", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
    {"matsuri", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"},
    {"max_moves", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"},
    {"midgame", "l7l/3s5/prnp2kp1/2p1Gppnp/1P7/PnPP1P3/3BP2PP/1S1G5/LN1K1G1+rL b BGSs3p 91"},
    {"in_check", "lr6l/3g1kg2/p2pp2s+P/2Ps1ppp1/8L/P1nP2PR1/1P3PS2/1SGK5/LN3G3 b B2N3Pb2p 1"},
};

// Legal move generation (all moves, as perft counts them); items = moves generated.
void BM_GenerateLegalAll(benchmark::State& state, const char* sfen) {
    Position  pos;
    StateInfo root;
    (void)pos.set_sfen(sfen, &root);
    Move    moves[MAX_MOVES];
    int64_t generated = 0;
    for (auto _ : state) {
        Move* end = generate<GenType::LEGAL, true>(pos, moves);
        benchmark::DoNotOptimize(end);
        generated += end - moves;
    }
    state.SetItemsProcessed(generated);
}

// do_move + undo_move over every legal move; items = move pairs.
void BM_DoUndo(benchmark::State& state, const char* sfen) {
    Position  pos;
    StateInfo root, st;
    (void)pos.set_sfen(sfen, &root);
    const LegalMoves moves(pos);
    int64_t          count = 0;
    for (auto _ : state) {
        for (Move m : moves) {
            pos.do_move(m, st);
            pos.undo_move(m);
        }
        count += int64_t(moves.size());
    }
    state.SetItemsProcessed(count);
}

// Perft with bulk counting; items = leaves.
void BM_Perft(benchmark::State& state, const char* sfen) {
    Position  pos;
    StateInfo root;
    (void)pos.set_sfen(sfen, &root);
    const int depth  = int(state.range(0));
    int64_t   leaves = 0;
    for (auto _ : state)
        leaves += int64_t(perft(pos, depth));
    state.SetItemsProcessed(leaves);
}

void register_all() {
    for (const auto& p : POSITIONS) {
        benchmark::RegisterBenchmark((std::string("GenerateLegalAll/") + p.name).c_str(),
                                     BM_GenerateLegalAll, p.sfen);
        benchmark::RegisterBenchmark((std::string("DoUndo/") + p.name).c_str(), BM_DoUndo, p.sfen);
    }
    benchmark::RegisterBenchmark("Perft/startpos", BM_Perft, POSITIONS[0].sfen)
        ->Arg(5)
        ->Arg(6)
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1);
    benchmark::RegisterBenchmark("Perft/matsuri", BM_Perft, POSITIONS[1].sfen)
        ->Arg(3)
        ->Arg(4)
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1);
}

} // namespace
} // namespace tsubame

int main(int argc, char** argv) {
    tsubame::register_all();
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
