#pragma once

// Static evaluation.

#include <cstdint>

#include "core/move.h"
#include "core/position.h"
#include "core/value.h"

namespace tsubame {

namespace material {
// Material values in the range engines commonly use (YaneuraOu's material edition uses a
// similar scale); hand pieces count a little more than the same piece on the board, because a
// drop can go anywhere. Search uses them for move ordering and pruning; the evaluation's own
// material weights are tuned (weights.h).
// Indexed by PieceType: -, P, L, N, S, B, R, G, K, +P, +L, +N, +S, +B, +R.
inline constexpr Value BOARD[16] = {0,     90,  315, 405, 495, 855, 990,  540,
                                    15000, 540, 540, 540, 540, 945, 1395, 0};
inline constexpr Value HAND[8]   = {0, 100, 340, 430, 520, 900, 1050, 570};
} // namespace material

/// Value of a piece of type pt standing on the board (promoted types included).
constexpr Value piece_value(PieceType pt) {
    return material::BOARD[pt];
}
/// Value of a piece of type pt held in hand (droppable types only).
constexpr Value hand_value(PieceType pt) {
    return pt < HAND_TYPE_END ? material::HAND[pt] : 0;
}
/// What capturing a piece of type pt gains: its board value plus its value in our hand.
/// Inline: move ordering and quiescence pruning ask for it at every capture.
constexpr Value capture_value(PieceType pt) {
    return material::BOARD[pt] + (pt == KING ? 0 : material::HAND[unpromoted(pt)]);
}

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
