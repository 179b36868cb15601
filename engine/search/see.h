#pragma once

// Static exchange evaluation: the material outcome of the capture sequence on one square,
// each side recapturing with its least valuable piece and free to stop.

#include "core/position.h"
#include "core/value.h"

namespace tsubame {

/// Material the side to move gains by playing m and the exchanges that follow on m.to()
/// (capture values count the piece going to hand). Pins are ignored, as usual for SEE.
Value see(const Position& pos, Move m);

/// see(pos, m) >= threshold, without walking the exchange further than the answer needs
/// (most pruning and ordering tests are settled by the first capture or two).
bool see_ge(const Position& pos, Move m, Value threshold);

} // namespace tsubame
