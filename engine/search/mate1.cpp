#include "search/mate1.h"

#include "core/attacks.h"
#include "movegen/movegen.h"

namespace tsubame {

namespace {

// True when the side that just moved has checkmated the side to move. Most checks can be
// answered, and the quick test says so without generating every evasion (drops included);
// the generator decides the rest exactly.
bool no_evasion(const Position& pos) {
    if (has_quick_evasion(pos)) return false;
    Move evasions[MAX_MOVES];
    return generate<GenType::EVASIONS>(pos, evasions) == evasions;
}

bool mates(Position& pos, Move m) {
    StateInfo st;
    pos.do_move(m, st);
    const bool mated = no_evasion(pos);
    pos.undo_move(m);
    return mated;
}

} // namespace

bool has_quick_evasion(const Position& pos) {
    const Color  us  = pos.side_to_move();
    const Square ksq = pos.king_square(us);
    if (ksq == SQ_NONE || !pos.in_check()) return false;
    const Bitboard occ     = pos.pieces();
    const Bitboard no_king = occ ^ Bitboard::square(ksq); // the king cannot hide behind itself
    Bitboard       steps   = king_attacks(ksq).andnot(pos.pieces(us));
    while (steps)
        if (!pos.is_attacked(~us, steps.pop(), no_king)) return true;
    const Bitboard checkers = pos.checkers();
    if (checkers.popcount() != 1) return false; // a double check leaves only king steps
    const Square checker = checkers.lsb();
    if (pos.attackers_to(us, checker, occ).andnot(pos.pieces(KING)).andnot(pos.pinned(us)))
        return true;
    const Hand hand = pos.hand(us);
    return (hand.count(GOLD) || hand.count(SILVER) || hand.count(BISHOP) || hand.count(ROOK))
        && between_bb(checker, ksq);
}

Move find_mate_in_1(Position& pos) {
    const Color  us  = pos.side_to_move();
    const Square ksq = pos.king_square(~us);
    if (ksq == SQ_NONE || pos.in_check()) return Move::none();
    const Bitboard near_king = king_attacks(ksq);
    const Bitboard occ       = pos.pieces();
    const Bitboard empty     = ~occ;

    // Drops. Next to the king a dropped piece must be protected, or the king takes it; a
    // knight checks from a distance. Pawn drops never mate legally; long-range drops rarely do.
    const Hand hand = pos.hand(us);
    for (PieceType pt : {GOLD, SILVER, ROOK, BISHOP, LANCE, KNIGHT}) {
        if (!hand.count(pt)) continue;
        Bitboard targets = pos.check_squares(pt) & empty;
        if (pt != KNIGHT) targets &= near_king;
        while (targets) {
            const Square to = targets.pop();
            if (pt != KNIGHT && !pos.is_attacked(us, to, occ)) continue;
            const Move m = Move::make_drop(us, pt, to);
            if (mates(pos, m)) return m;
        }
    }

    // Board moves onto a square next to the king, which another of our pieces must protect
    // (or the king takes the checker). We are not in check, so a non-king move is legal
    // unless it leaves a pin line or strands a piece where it can never move again.
    const Bitboard pinned  = pos.pinned(us);
    const Square   own_ksq = pos.king_square(us);
    Bitboard       targets = near_king.andnot(pos.pieces(us));
    while (targets) {
        const Square to        = targets.pop();
        Bitboard     attackers = pos.attackers_to(us, to, occ).andnot(pos.pieces(KING));
        while (attackers) {
            const Square from = attackers.pop();
            if (pinned.test(from) && !aligned(from, to, own_ksq)) continue;
            const Bitboard without = occ ^ Bitboard::square(from);
            if (!pos.attackers_to(us, to, without).andnot(Bitboard::square(from))) continue;
            const Piece     pc   = pos.piece_on(from);
            const PieceType pt   = type_of(pc);
            const Rank      rank = relative_rank(us, rank_of(to));
            if (can_promote(pt) && (rank <= RANK_3 || relative_rank(us, rank_of(from)) <= RANK_3)) {
                const Move p = Move::make(from, to, make_piece(us, promoted(pt)), true);
                if (pos.gives_check(p) && mates(pos, p)) return p;
                // Promoted pawns, bishops and rooks attack everything the unpromoted ones do.
                if (pt == PAWN || pt == BISHOP || pt == ROOK) continue;
            }
            const bool dead =
                ((pt == PAWN || pt == LANCE) && rank == RANK_1) || (pt == KNIGHT && rank <= RANK_2);
            if (dead) continue;
            const Move m = Move::make(from, to, pc, false);
            if (pos.gives_check(m) && mates(pos, m)) return m;
        }
    }
    return Move::none();
}

} // namespace tsubame
