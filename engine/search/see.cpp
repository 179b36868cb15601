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

// The capture sequence on one square after a move: who captures next, with what, and what
// stands on the square. Both see() and see_ge() walk it.
class Exchange {
public:
    Exchange(const Position& pos, Move m) :
        pos_(pos),
        to_(m.to()),
        occ_(pos.pieces()) {
        if (!m.is_drop()) {
            const Piece victim = pos.piece_on(to_);
            if (victim != NO_PIECE) first_gain_ = capture_value(type_of(victim));
            if (m.is_promotion()) {
                const PieceType after = type_of(m.moved_piece_after());
                first_gain_ += piece_value(after) - piece_value(unpromoted(after));
            }
            occ_ ^= square_bb(m.from());
        }
        occ_ |= square_bb(to_);
        on_square_ = type_of(m.moved_piece_after());
        side_      = ~pos.side_to_move();
        attackers_ = pos.attackers_to(to_, occ_) & occ_;
    }
    /// What the move itself gains: the captured piece and any promotion.
    Value first_gain() const { return first_gain_; }
    /// Value of the piece standing on the square, which the next capture takes.
    Value on_square_value() const { return capture_value(on_square_); }
    /// The next capture, by the side to capture's least valuable piece: false when that side
    /// has none, or only its king while the square is still covered by the other side.
    bool next() {
        const Bitboard mine = attackers_ & pos_.pieces(side_);
        if (!mine) return false;
        PieceType pt   = NO_PIECE_TYPE;
        Square    from = SQ_NONE;
        for (PieceType candidate : RECAPTURE_ORDER) {
            const Bitboard b = mine & pos_.pieces(candidate);
            if (b) {
                pt   = candidate;
                from = b.lsb();
                break;
            }
        }
        // The king may only take last: never into a square the other side still covers.
        if (pt == KING && (attackers_ & pos_.pieces(~side_)).andnot(square_bb(from))) return false;
        on_square_ = pt;
        occ_ ^= square_bb(from);
        // Removing the attacker may uncover a slider behind it.
        attackers_ = (attackers_ | sliders_to(pos_, to_, occ_)) & occ_;
        side_      = ~side_;
        return true;
    }

private:
    const Position& pos_;
    const Square    to_;
    Bitboard        occ_;
    Bitboard        attackers_;
    Value           first_gain_ = 0;
    PieceType       on_square_;
    Color           side_;
};

} // namespace

Value see(const Position& pos, Move m) {
    Exchange exchange(pos, m);
    Value    gain[40];
    int      d = 0;
    gain[0]    = exchange.first_gain();
    while (d < 38) {
        const Value taken = exchange.on_square_value(); // if the other side stops here
        if (!exchange.next()) break;
        ++d;
        gain[d] = taken - gain[d - 1];
    }
    // Each side stops capturing when continuing would lose more.
    while (d > 0) {
        gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
        --d;
    }
    return gain[0];
}

bool see_ge(const Position& pos, Move m, Value threshold) {
    Exchange exchange(pos, m);
    // `swap` is the margin over the threshold of the side that captured last, if the other
    // side stopped now; once it cannot change the answer the exchange ends early.
    Value swap = exchange.first_gain() - threshold;
    if (swap < 0) return false; // even unanswered, the move falls short
    swap = exchange.on_square_value() - swap;
    if (swap <= 0) return true; // even losing the moved piece leaves the threshold met
    bool holds = true; // the answer if the capturing stopped here
    for (int d = 0; d < 38; ++d) {
        if (!exchange.next()) break;
        holds = !holds;
        // The capturing piece now stands on the square: what the other side's recapture
        // would win back. Once it cannot swing the margin, this side's result stands.
        swap = exchange.on_square_value() - swap;
        if (swap < int(holds)) break;
    }
    return holds;
}

} // namespace tsubame
