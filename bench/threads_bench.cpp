// What a search pays for its Lazy SMP helpers: waking a pool of helpers on a position and
// stopping it again (with the wait until every helper is idle), and clearing their histories
// as isready does. The CPU column is the caller's own work; with more helpers than cores the
// wall time is mostly the woken helpers holding the cores (searching) before the caller runs
// again. Run from a Release build:
//   build/release/bench/threads_bench --benchmark_repetitions=3
//       --benchmark_report_aggregates_only=true

#include <benchmark/benchmark.h>

#include <atomic>

#include "rules/game.h"
#include "search/threads.h"
#include "search/tt.h"

namespace tsubame {

namespace {

// start() then stop() and wait(), for a pool of state.range(0) helpers; items = searches.
void BM_HelperPoolStartStop(benchmark::State& state) {
    TranspositionTable tt;
    (void)tt.resize(16);
    HelperThreads pool(tt);
    pool.resize(int(state.range(0)));
    Game game;
    (void)game.set_position("startpos moves 7g7f 3c3d");
    SearchLimits          limits;
    std::atomic<uint64_t> nodes{0};
    for (auto _ : state) {
        pool.start(game, limits, SearchOptions{}, &nodes);
        pool.stop();
        pool.wait();
    }
    state.SetItemsProcessed(int64_t(state.iterations()));
}
BENCHMARK(BM_HelperPoolStartStop)->Arg(1)->Arg(7)->Arg(31)->Arg(127)->Unit(benchmark::kMicrosecond);

// clear() of state.range(0) helpers (13 MB of histories each).
void BM_HelperPoolClear(benchmark::State& state) {
    TranspositionTable tt;
    HelperThreads      pool(tt);
    pool.resize(int(state.range(0)));
    for (auto _ : state)
        pool.clear();
    state.SetItemsProcessed(int64_t(state.iterations()));
}
BENCHMARK(BM_HelperPoolClear)->Arg(1)->Arg(31)->Unit(benchmark::kMillisecond);

} // namespace

} // namespace tsubame

BENCHMARK_MAIN();
