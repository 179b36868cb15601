#include "search/see.h"

#include <algorithm>

#include "eval/material.h"

namespace tsubame {

namespace {

// Kinds in the order a side prefers to recapture with them: cheapest first, king last.
constexpr PieceType RECAPTURE_ORDER[] = {PAWN,       LANCE,  KNIGHT,     PRO_PAWN, PRO_LANCE,
                                         PRO_KNIGHT, SILVER, PRO_SILVER, GOLD,     BISHOP,
                                         ROOK,       HORSE,  DRAGON,     KING};

// The sliders of both colours that reach `to` through `occ`: removing a capturer can only
// uncover these, so after each capture only they need looking up again.
Bitboard sliders_to(const Position& pos, Square to, const Bitboard& occ) {
    return (lance_attacks(WHITE, to, occ) & pos.pieces(BLACK, LANCE))
         | (lance_attacks(BLACK, to, occ) & pos.pieces(WHITE, LANCE))
         | (bishop_attacks(to, occ) & pos.pieces(BISHOP, HORSE))
         | (rook_attacks(to, occ) & pos.pieces(ROOK, DRAGON));
}

} // namespace

Value see(const Position& pos, Move m) {
    const Square to  = m.to();
    Bitboard     occ = pos.pieces();
    Value        gain[40];
    int          d = 0;

    gain[0] = 0;
    if (!m.is_drop()) {
        const Piece victim = pos.piece_on(to);
        if (victim != NO_PIECE) gain[0] = capture_value(type_of(victim));
        if (m.is_promotion()) {
            const PieceType after = type_of(m.moved_piece_after());
            gain[0] += piece_value(after) - piece_value(unpromoted(after));
        }
        occ ^= square_bb(m.from());
    }
    occ |= square_bb(to);

    // The piece now standing on `to`, which the next capture would take.
    PieceType on_square = type_of(m.moved_piece_after());
    Color     side      = ~pos.side_to_move();
    Bitboard  attackers = pos.attackers_to(to, occ) & occ;

    while (d < 38) {
        const Bitboard mine = attackers & pos.pieces(side);
        if (!mine) break;
        // Least valuable attacker of `side`.
        PieceType pt   = NO_PIECE_TYPE;
        Square    from = SQ_NONE;
        for (PieceType candidate : RECAPTURE_ORDER) {
            const Bitboard b = mine & pos.pieces(candidate);
            if (b) {
                pt   = candidate;
                from = b.lsb();
                break;
            }
        }
        // The king may only take last: never into a square the other side still covers.
        if (pt == KING && (attackers & pos.pieces(~side)).andnot(square_bb(from))) break;
        ++d;
        gain[d]   = capture_value(on_square) - gain[d - 1]; // if the other side stops here
        on_square = pt;
        occ ^= square_bb(from);
        // Removing the attacker may uncover a slider behind it.
        attackers = (attackers | sliders_to(pos, to, occ)) & occ;
        side      = ~side;
    }
    // Each side stops capturing when continuing would lose more.
    while (d > 0) {
        gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
        --d;
    }
    return gain[0];
}

} // namespace tsubame
