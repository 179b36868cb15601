#pragma once

// Material values: what the search's move ordering, exchange evaluation and pruning count
// a piece as (the evaluation itself is the network, eval/nnue).

#include "core/types.h"
#include "core/value.h"

namespace tsubame {

namespace material {
// Material values in the range engines commonly use (YaneuraOu's material edition uses a
// similar scale); hand pieces count a little more than the same piece on the board, because a
// drop can go anywhere.
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

} // namespace tsubame
