#pragma once

// How long to think: a target ("optimum") checked between iterations, a floor ("minimum",
// MinimumThinkingTime) before which the search does not stop on its own, and a hard limit
// ("maximum", the move's cap) checked during the search, for byoyomi, sudden death, main
// time + byoyomi, Fischer and movetime. Never beyond what the clock allows minus the margin.
//
// The margins are YaneuraOu's NetworkDelay (D, the delay of every move: kept back from a
// movetime and reserved in the plan for each move to come) and NetworkDelay2 (D2, kept back
// from the clock itself: the move never runs past the time left less D2; with byoyomi or a
// movetime it takes at most an eighth of it, since unused byoyomi is lost).
//
// The model (main time M left, increment I, byoyomi B, game ply p):
//   byoyomi only (M = I = 0):  optimum = maximum = B - min(D2, B/8);
//   otherwise, with n = max(20, (160 - p) / 2 + 10) moves still to come,
//                              target  = (M - n D / 4) / n + 3/4 I + B   (times SlowMover %),
//                              maximum = target + min(target, M / 8),
//                              minimum = min(MinimumThinkingTime - D, maximum),
//                              optimum = max(target, minimum),
// all within M + I + B - D2; movetime T: optimum = maximum = T - min(D, T/8). The search stops
// starting iterations at the optimum (adjusted by adjusted_optimum, never below the minimum)
// and stops at once at the maximum.

#include <cstdint>

#include "core/types.h"
#include "search/limits.h"

namespace tsubame {

/// Options of the time manager (USI options feed them).
struct TimeOptions {
    /// NetworkDelay: the delay of every move (the GUI, the pipe, a network), kept back from a
    /// movetime and from the plan of each move to come.
    int64_t network_delay_ms = 120;
    /// NetworkDelay2 (ByoyomiMargin): kept back from the end of the clock, where the move
    /// would otherwise lose on time (byoyomi, the last of the main time).
    int64_t network_delay2_ms = 1120;
    /// MinimumThinkingTime: a move takes at least this long (the search does not stop before
    /// it less NetworkDelay), when the plan's cap for the move allows it.
    int64_t minimum_ms     = 2000;
    int     slow_mover_pct = 100; ///< Scales the target time.
};

/// Thinking time for one move.
struct TimeBudget {
    int64_t optimum_ms = 0; ///< Stop starting new iterations after this.
    int64_t maximum_ms = 0; ///< Stop the search at once after this.
    int64_t minimum_ms = 0; ///< Do not stop on one's own before this.
};

/// Fewest moves the main time is spread over.
constexpr int64_t MIN_MOVES_LEFT = 20;
/// Per cent of the increment a move's target spends (the rest builds the bank up).
constexpr int64_t INC_SHARE_PCT = 75;

/// Computes the budget for the side `us` to move at game ply `ply`.
TimeBudget allot_time(const SearchLimits& limits, Color us, int ply, const TimeOptions& options);

/// The target time after an iteration, adjusted to the search's state: more time while the
/// best move keeps changing (`best_move_changes`, a decaying count) or the score is falling
/// (`score_drop`, in centipawns against the previous iterations), less when all is quiet.
/// Never below the budget's minimum nor beyond its maximum; always the maximum when the
/// target already is (only byoyomi left, which is lost if unused).
int64_t adjusted_optimum(const TimeBudget& budget, double best_move_changes, int score_drop);

} // namespace tsubame
