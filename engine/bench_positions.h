#pragma once

// The fixed positions of `bench` and of the benchmarks: opening lines, middle and endgames
// from the perft table, tsume problems. Changing them changes the bench signature.

namespace tsubame {

/// `position` arguments (what follows `position` in USI), one per bench position.
extern const char* const BENCH_POSITIONS[];
/// How many BENCH_POSITIONS there are.
extern const int BENCH_POSITION_COUNT;

} // namespace tsubame
