#pragma once

// Static evaluation.

#include <cstdint>

#include "core/move.h"
#include "core/position.h"
#include "search/value.h"

namespace tsubame {

/// Value of a piece of type pt standing on the board (promoted types included).
Value piece_value(PieceType pt);
/// Value of a piece of type pt held in hand (droppable types only).
Value hand_value(PieceType pt);
/// What capturing a piece of type pt gains: its board value plus its value in our hand.
Value capture_value(PieceType pt);

/// The material and placement part of the evaluation, from Black's view: the sum over the
/// pieces, which a search keeps up to date move by move instead of recomputing it.
int32_t placement_score(const Position& pos);
/// placement_score after the non-king move m, computed before m is played in pos from the
/// score before it. King moves change every placement term: recompute after the move.
int32_t placement_score_after(const Position& pos, Move m, int32_t before);

/// Static evaluation of pos from the side to move's point of view.
Value evaluate(const Position& pos);
/// The same, given pos's placement_score (kept incrementally by the caller).
Value evaluate(const Position& pos, int32_t placement);

} // namespace tsubame
