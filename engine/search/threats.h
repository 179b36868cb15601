#pragma once

// Which squares the opponent attacks with cheap pieces, for move ordering: a quiet move that
// takes a threatened piece out of a cheaper attacker's reach is often the only good one, and
// one that puts a piece where a cheaper one takes it is rarely good (Stockfish's threat
// ordering, with shogi's classes: pawns; minor pieces, lance to gold and the promoted minors;
// majors, bishop and rook promoted or not).

#include "core/position.h"

namespace tsubame {

/// The squares one side's opponent attacks, by the class of the cheapest attacker.
struct Threats {
    Bitboard by_pawn; ///< Attacked by a pawn.
    Bitboard by_minor; ///< Attacked by a pawn or a minor piece.
};

/// True for bishops and rooks, promoted or not.
constexpr bool is_major(PieceType pt) {
    return pt == BISHOP || pt == ROOK || pt == HORSE || pt == DRAGON;
}

/// The threats against side `us` in pos.
inline Threats threats_against(const Position& pos, Color us) {
    const Color    them = ~us;
    const Bitboard occ  = pos.pieces();
    Threats        t;
    for (Bitboard pawns = pos.pieces(them, PAWN); pawns;)
        t.by_pawn |= pawn_attacks(them, pawns.pop());
    t.by_minor = t.by_pawn;
    const Bitboard not_minor =
        pos.pieces(PAWN, KING) | pos.pieces(BISHOP, ROOK) | pos.pieces(HORSE, DRAGON);
    for (Bitboard minors = pos.pieces(them).andnot(not_minor); minors;) {
        const Square s = minors.pop();
        t.by_minor |= attacks_from(them, type_of(pos.piece_on(s)), s, occ);
    }
    return t;
}

/// The ordering adjustment of a quiet move m of the side threatened by t: `escape` when it
/// takes a threatened piece (a major attacked by a minor or pawn, a minor by a pawn) to a
/// square out of that class's reach; minus `into` when it puts an unthreatened piece where
/// that class attacks it, a dropped piece too if `drops`. Zero for other drops, for pawns and
/// for the king.
inline int threat_score(const Threats& t, Move m, int escape, int into, bool drops) {
    const PieceType pt = m.is_drop() ? m.dropped_type() : type_of(m.moved_piece_before());
    if (m.is_drop()) {
        if (!drops || pt == PAWN) return 0;
        return (is_major(pt) ? t.by_minor : t.by_pawn).test(m.to()) ? -into : 0;
    }
    if (pt == PAWN || pt == KING) return 0;
    const Bitboard& cheaper = is_major(pt) ? t.by_minor : t.by_pawn;
    if (cheaper.test(m.from())) return cheaper.test(m.to()) ? 0 : escape;
    return cheaper.test(m.to()) ? -into : 0;
}

} // namespace tsubame
