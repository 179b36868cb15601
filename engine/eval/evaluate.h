#pragma once

// Static evaluation.

#include "core/position.h"
#include "search/value.h"

namespace tsubame {

/// Value of a piece of type pt standing on the board (promoted types included).
Value piece_value(PieceType pt);
/// Value of a piece of type pt held in hand (droppable types only).
Value hand_value(PieceType pt);
/// What capturing a piece of type pt gains: its board value plus its value in our hand.
Value capture_value(PieceType pt);

/// Static evaluation of pos from the side to move's point of view.
Value evaluate(const Position& pos);

} // namespace tsubame
