#pragma once

// The evaluation as a sum of weighted features, shared by evaluate() and by the tuner's data
// dump so that both always agree on what a feature is.
//
// Features (each counted +1 for a Black piece, -1 for a White one, so a weight is from the
// owner's point of view):
//   - material: one per piece type on the board, one per type in hand (per piece held);
//   - placement: per piece type, the piece's offset from its own king and from the enemy
//     king, seen from the owner's side and mirrored left-right (|file difference| 0..8, rank
//     difference -8..8). This is the "KP" table indexed by king and piece square, folded by
//     translation so that few games suffice to tune it.

#include <cstdlib>

#include "core/position.h"

namespace tsubame::eval {

constexpr int OFFSETS         = 9 * 17;
constexpr int BOARD_MATERIAL  = 0; // + PieceType
constexpr int HAND_MATERIAL   = 16; // + hand PieceType
constexpr int NEAR_OWN_KING   = 24; // + PieceType * OFFSETS + offset
constexpr int NEAR_ENEMY_KING = NEAR_OWN_KING + 16 * OFFSETS;
constexpr int FEATURE_COUNT   = NEAR_ENEMY_KING + 16 * OFFSETS;

/// Offset of square s from king k, seen from colour c's side, mirrored left-right.
inline int king_offset(Color c, Square k, Square s) {
    int df = int(file_of(s)) - int(file_of(k));
    int dr = int(rank_of(s)) - int(rank_of(k));
    if (c == WHITE) dr = -dr; // White looks at the board turned round; |df| hides the file flip
    return std::abs(df) * 17 + dr + 8;
}

/// Calls f(feature, coefficient) for every active feature of pos (Black positive).
template <typename F>
void for_each_feature(const Position& pos, F&& f) {
    for (Color c : {BLACK, WHITE}) {
        const int    sign = c == BLACK ? 1 : -1;
        const Square own  = pos.king_square(c);
        const Square foe  = pos.king_square(~c);
        pos.pieces(c).andnot(pos.pieces(KING)).for_each([&](Square s) {
            const PieceType pt = type_of(pos.piece_on(s));
            f(BOARD_MATERIAL + pt, sign);
            if (own != SQ_NONE) f(NEAR_OWN_KING + pt * OFFSETS + king_offset(c, own, s), sign);
            if (foe != SQ_NONE) f(NEAR_ENEMY_KING + pt * OFFSETS + king_offset(c, foe, s), sign);
        });
        const Hand h = pos.hand(c);
        for (int pt = HAND_TYPE_BEGIN; pt < HAND_TYPE_END; ++pt)
            if (const int n = h.count(PieceType(pt))) f(HAND_MATERIAL + pt, sign * n);
    }
}

} // namespace tsubame::eval
