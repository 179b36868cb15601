#pragma once

// Test helper: a position seen from the other side.

#include <string>

#include "core/position.h"

namespace tsubame {

// The SFEN of pos with colours swapped and the board turned round (optionally also
// mirrored left-right): the same game seen from the other side.
inline std::string flipped_sfen(const Position& pos, bool mirror) {
    std::string board;
    for (int r = 8; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f <= 8; ++f) {
            const int   file = mirror ? 8 - f : f;
            const Piece pc   = pos.piece_on(make_square(File(file), Rank(r)));
            if (pc == NO_PIECE) {
                ++empty;
                continue;
            }
            if (empty) board += char('0' + empty);
            empty                      = 0;
            static const char* LETTERS = " PLNSBRGK";
            const PieceType    pt      = type_of(pc);
            if (is_promoted(pt)) board += '+';
            const char letter = LETTERS[unpromoted(pt)];
            board += color_of(pc) == BLACK ? char(letter - 'A' + 'a') : letter; // swapped
        }
        if (empty) board += char('0' + empty);
        if (r > 0) board += '/';
    }
    std::string hand;
    for (Color c : {WHITE, BLACK}) // White's hand becomes Black's
        for (PieceType pt : {ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN})
            for (int i = 0; i < pos.hand(c).count(pt); ++i)
                hand += c == WHITE ? " PLNSBRG"[pt] : char(" PLNSBRG"[pt] - 'A' + 'a');
    return board + (pos.side_to_move() == BLACK ? " w " : " b ") + (hand.empty() ? "-" : hand)
         + " 1";
}

} // namespace tsubame
