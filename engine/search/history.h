#pragma once

// The search's memory of which moves worked: the butterfly history (by side, origin or
// dropped type, and destination), the continuation histories (by the piece and destination of
// a move some plies back, then of the reply), the capture history, and their shared update
// rule.

#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include "core/move.h"
#include "core/types.h"

namespace tsubame {

/// Bound of every history entry: the update's gravity keeps |entry| below it.
constexpr int HISTORY_MAX = 1 << 14;

/// Row of the butterfly history for a move: its origin square, or past the squares, one row
/// per dropped type.
inline int from_index(Move m) {
    return m.is_drop() ? int(SQ_NB) + int(m.dropped_type()) : int(m.from());
}

/// Butterfly history: [side to move][from_index][destination].
using ButterflyHistory = int[COLOR_NB][SQ_NB + 8][SQ_NB];

/// History of the replies (by moved piece and destination) that follow one given move.
using PieceToHistory = int16_t[PIECE_NB][SQ_NB];

/// Continuation history: [previous piece][previous destination][piece][destination].
struct ContinuationTable {
    PieceToHistory entry[PIECE_NB][SQ_NB];
};

/// Plies from the root whose quiet moves have a history of their own (LowPlyHistory).
constexpr int LOW_PLY = 4;

/// Low-ply history: [ply from the root][from_index][destination], learnt during one search
/// only: near the root the same positions recur in every iteration, and what refuted a move
/// there last iteration is the best guess this one (Stockfish).
using LowPlyHistory = int16_t[LOW_PLY][SQ_NB + 8][SQ_NB];

/// Capture history: [moved piece][destination][captured type].
using CaptureHistory = int16_t[PIECE_NB][SQ_NB][PIECE_TYPE_NB];

/// The bonus of a cut-off at `depth` (the malus of the moves it refuted is its negative).
/// Linear in depth and large from the first plies, where most nodes are: a bonus of depth²
/// moved an entry by under 1% of HISTORY_MAX there, too little to order or prune by
/// (YaneuraOu's bonus, scaled to HISTORY_MAX).
inline int history_bonus(int depth) {
    return std::min(350 * depth + 100, 4000);
}

/// Adds `bonus` to a history entry with gravity: the larger the entry already is in the
/// bonus's direction, the less it grows, so that it stays below `limit`.
template <typename Entry>
void apply_bonus(Entry& entry, int bonus, int limit = HISTORY_MAX) {
    const int h = entry;
    entry       = Entry(h + bonus - h * std::abs(bonus) / limit);
}

} // namespace tsubame
