#pragma once

// How long to think: a target ("optimum") checked between iterations, and a hard limit
// ("maximum", the move's cap) checked during the search, for byoyomi, sudden death, main
// time + byoyomi, Fischer and movetime. Never beyond what the clock allows minus the margin.
//
// The model (main time M left, increment I, byoyomi B, game ply p):
//   byoyomi only (M = I = 0):  optimum = maximum = B - margin (unused byoyomi is lost);
//   otherwise, with n = max(20, (160 - p) / 2 + 10) moves still to come,
//                              optimum = (M - n margin / 4) / n + 3/4 I + B
//                                        (times SlowMover %, at least MinimumThinkingTime),
//                              maximum = optimum + min(optimum, M / 8),
// both within M + I + B - margin; movetime T: optimum = maximum = T - margin. The search
// stops starting iterations at the optimum (adjusted by adjusted_optimum) and stops at once
// at the maximum.

#include <cstdint>

#include "core/types.h"
#include "search/limits.h"

namespace tsubame {

/// Options of the time manager (USI options feed them).
struct TimeOptions {
    int64_t margin_ms      = 120; ///< Kept back from every deadline (NetworkDelay / ByoyomiMargin).
    int64_t minimum_ms     = 0; ///< Think at least this long when the clock allows.
    int     slow_mover_pct = 100; ///< Scales the target time.
};

/// Thinking time for one move.
struct TimeBudget {
    int64_t optimum_ms = 0; ///< Stop starting new iterations after this.
    int64_t maximum_ms = 0; ///< Stop the search at once after this.
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
/// Never beyond the budget's maximum; always the maximum when the target already is (only
/// byoyomi left, which is lost if unused).
int64_t adjusted_optimum(const TimeBudget& budget, double best_move_changes, int score_drop);

} // namespace tsubame
