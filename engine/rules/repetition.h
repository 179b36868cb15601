#pragma once

// Sennichite (repetition) rules, rules.md §4.

#include "core/position.h"

namespace tsubame {

/// What an earlier occurrence of the current position means, from the side to move's view.
enum class Repetition {
    NONE, ///< No earlier occurrence found.
    DRAW, ///< Same position: sennichite.
    WIN, ///< Same position, reached by the opponent checking on every move (perpetual check).
    LOSS, ///< Same position, reached by our checking on every move.
    SUPERIOR, ///< Same board and side to move, but we hold more in hand than before.
    INFERIOR, ///< Same board and side to move, but we hold less in hand than before.
};

/// Search-time test: the first recurrence within the last `max_plies` plies (and since the
/// last null move) decides, as engines score it (YaneuraOu's `is_repetition`).
Repetition find_repetition(const Position& pos, int max_plies);

/// Game result of the repetition rule for an arbiter: NONE until the current position occurs
/// for the fourth time; then DRAW, or LOSS/WIN for the side to move when one side gave check
/// with every move since the first of the four occurrences (perpetual check loses). Looks back
/// over the whole history in the state chain.
Repetition fourfold_repetition(const Position& pos);

} // namespace tsubame
