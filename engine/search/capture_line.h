#pragma once

// The exchanges a position's score already counts: the line of a capture-only search by
// material, so that training can learn a score from the quiet position at its end instead of
// dropping every position with a capture pending (YaneuraOu's learner trains on the leaf of
// its quiescence search's principal variation; this one counts material only, so that the
// training data does not depend on a net).

#include <vector>

#include "core/move.h"
#include "core/position.h"

namespace tsubame {

/// The principal variation of a capture-only alpha-beta search from `pos` (not in check) by
/// material gained, each side free to stop: captures that do not lose material by SEE,
/// most valuable victim first, at most `max_plies` long. Empty when standing pat is best.
/// A capture that gives check ends the line (the side in check cannot stand pat). `pos` is
/// left as it was found.
std::vector<Move> capture_line(Position& pos, int max_plies = 8);

} // namespace tsubame
