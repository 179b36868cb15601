#pragma once

// How long to think: a target ("optimum") checked between iterations, and a hard limit
// ("maximum") checked during the search, for byoyomi, sudden death, main time + byoyomi,
// Fischer and movetime. Never beyond what the clock allows minus the safety margin.

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

/// Computes the budget for the side `us` to move at game ply `ply`.
TimeBudget allot_time(const SearchLimits& limits, Color us, int ply, const TimeOptions& options);

/// The target time after an iteration, adjusted to the search's state: more time while the
/// best move keeps changing (`best_move_changes`, a decaying count) or the score is falling
/// (`score_drop`, in centipawns against the previous iterations), less when all is quiet.
/// Never beyond the budget's maximum; always the maximum when the target already is (only
/// byoyomi left, which is lost if unused).
int64_t adjusted_optimum(const TimeBudget& budget, double best_move_changes, int score_drop);

} // namespace tsubame
