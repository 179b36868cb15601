#include "mate/mate_in_one.h"

#include "core/attacks.h"

namespace tsubame::mate {

int king_flight_squares(const Position& pos) {
    const Color    us           = pos.side_to_move();
    const Square   ksq          = pos.king_square(us);
    const Bitboard without_king = pos.pieces() ^ square_bb(ksq);
    int            n            = 0;
    king_attacks(ksq).andnot(pos.pieces(us)).for_each([&](Square s) {
        n += !pos.is_attacked(~us, s, without_king);
    });
    return n;
}

int king_flight_squares_after(const Position& pos, Move m) {
    const Color  us   = pos.side_to_move();
    const Color  them = ~us;
    const Square ksq  = pos.king_square(them);
    const Square to   = m.to();
    // The board after the move without the defender's king (sliders see through it); the
    // mover's attacks come from `to`, the rest of our pieces stay where they are.
    Bitboard occ  = pos.pieces() | square_bb(to);
    Bitboard mine = pos.pieces(us);
    if (!m.is_drop()) {
        occ ^= square_bb(m.from());
        mine ^= square_bb(m.from());
    }
    occ ^= square_bb(ksq);
    const Piece after   = m.moved_piece_after();
    Bitboard    squares = king_attacks(ksq).andnot(pos.pieces(them).andnot(square_bb(to))
                                                   | attacks_from(us, type_of(after), to, occ));
    int         n       = 0;
    while (squares)
        n += !pos.is_attacked_by(us, mine, squares.pop(), occ);
    return n;
}

void FlightCounter::reset(const Position& pos) {
    const Color us = pos.side_to_move();
    ksq_           = pos.king_square(~us);
    occ_           = pos.pieces() ^ square_bb(ksq_);
    open_          = king_attacks(ksq_).andnot(pos.pieces(~us));
    sliders_ =
        (pos.pieces(LANCE) | pos.pieces(BISHOP, HORSE) | pos.pieces(ROOK, DRAGON)) & pos.pieces(us);
    // Our pieces by the way they attack, found once for the eight squares; a slider table is
    // read only for a square on one of our sliders' empty-board lines (usually none is).
    const Color    them    = ~us;
    const Bitboard mine    = pos.pieces(us);
    const Bitboard pawns   = pos.pieces(PAWN) & mine;
    const Bitboard knights = pos.pieces(KNIGHT) & mine;
    const Bitboard silvers = pos.pieces(SILVER) & mine;
    const Bitboard golds   = pos.golds(us);
    const Bitboard kings   = (pos.pieces(KING) | pos.pieces(HORSE, DRAGON)) & mine;
    const Bitboard lances  = pos.pieces(LANCE) & mine;
    const Bitboard bishops = pos.pieces(BISHOP, HORSE) & mine;
    const Bitboard rooks   = pos.pieces(ROOK, DRAGON) & mine;
    n_                     = 0;
    for (Bitboard b = king_attacks(ksq_); b;) {
        const Square s = b.pop();
        // A piece of ours attacks s exactly when one of the same kind of theirs on s would
        // attack it (as in Position::attackers_to).
        Bitboard a = (pawn_attacks(them, s) & pawns) | (knight_attacks(them, s) & knights)
                   | (silver_attacks(them, s) & silvers) | (gold_attacks(them, s) & golds)
                   | (king_attacks(s) & kings);
        if (lances & lance_empty_attacks(them, s)) a |= lance_attacks(them, s, occ_) & lances;
        if (bishops & bishop_empty_attacks(s)) a |= bishop_attacks(s, occ_) & bishops;
        if (rooks & rook_empty_attacks(s)) a |= rook_attacks(s, occ_) & rooks;
        sq_[n_]    = s;
        att_[n_++] = a;
    }
}

template <bool AnyOne>
int FlightCounter::count(const Position& pos, Move m) const {
    const Color    us      = pos.side_to_move();
    const Square   to      = m.to();
    const Bitboard to_bb   = square_bb(to);
    const bool     drop    = m.is_drop();
    const Bitboard from_bb = drop ? Bitboard() : square_bb(m.from());
    const Bitboard occ     = (occ_ | to_bb).andnot(from_bb);
    const Bitboard mine    = pos.pieces(us).andnot(from_bb);
    // The checker's square is one to flee to (taking it) if it is next to the king.
    Bitboard squares = (open_ | (king_attacks(ksq_) & to_bb))
                           .andnot(attacks_from(us, type_of(m.moved_piece_after()), to, occ));
    // Our sliders on a line through `from` (which leaving it may uncover), so that the line
    // through each square and `from` is looked up only when there are some.
    const Bitboard hidden =
        drop ? Bitboard()
             : sliders_ & mine & (rook_empty_attacks(m.from()) | bishop_empty_attacks(m.from()));
    int n = 0;
    // squares and sq_ both run in square order.
    for (int i = 0; squares; ++i) {
        const Square s = squares.pop();
        while (sq_[i] != s)
            ++i;
        bool attacked;
        if (hidden && (line_bb(s, m.from()) & hidden)) {
            // A slider that `from` hid may see s now: looked at afresh.
            attacked = pos.is_attacked_by(us, mine, s, occ);
        } else {
            Bitboard a = att_[i] & mine;
            // The piece now on `to` blocks the sliders it stands in front of.
            for (Bitboard sl = a & sliders_; sl;) {
                const Square p = sl.pop();
                if (between_bb(p, s).test(to)) a ^= square_bb(p);
            }
            attacked = bool(a);
        }
        n += !attacked;
        if (AnyOne && n) return n;
    }
    return n;
}

template int FlightCounter::count<false>(const Position&, Move) const;
template int FlightCounter::count<true>(const Position&, Move) const;

bool has_evasion(const Position& pos) {
    const Color    us       = pos.side_to_move();
    const Color    them     = ~us;
    const Square   ksq      = pos.king_square(us);
    const Bitboard occ      = pos.pieces();
    const Bitboard checkers = pos.checkers();

    // The king steps to a square the attacker does not see (sliders see through the king).
    const Bitboard without_king = occ ^ square_bb(ksq);
    Bitboard       escapes      = king_attacks(ksq).andnot(pos.pieces(us));
    while (escapes)
        if (!pos.is_attacked(them, escapes.pop(), without_king)) return true;
    if (checkers.more_than_one()) return false;

    // Another piece takes the checker or steps in between. A pinned piece never can (its line
    // and the check line cross only at the king); every piece that reaches a square can move
    // there, promoting where staying unpromoted would leave it without moves.
    const Square   checker = checkers.lsb();
    const Bitboard movers  = pos.pieces(us).andnot(pos.pinned(us) | square_bb(ksq));
    if (pos.attackers_to(us, checker, occ) & movers) return true;
    Bitboard block = between_bb(ksq, checker);
    if (!block) return false;
    const Hand hand = pos.hand(us);
    if (hand.has(SILVER) || hand.has(GOLD) || hand.has(BISHOP) || hand.has(ROOK)) return true;
    const Bitboard one = geometry::LIVE_RANKS[us][0];
    const Bitboard two = geometry::LIVE_RANKS[us][1];
    Bitboard       pawn_files;
    if (hand.has(PAWN))
        pos.pieces(us, PAWN).for_each([&](Square s) { pawn_files |= file_bb(file_of(s)); });
    const Square their_king = pos.king_square(them);
    while (block) {
        const Square s = block.pop();
        if (pos.attackers_to(us, s, occ) & movers) return true;
        if ((hand.has(LANCE) && one.test(s)) || (hand.has(KNIGHT) && two.test(s))) return true;
        if (hand.has(PAWN) && one.test(s) && !pawn_files.test(s)) {
            // A pawn dropped in between is illegal only if it mates the attacker's king.
            const bool checks = their_king != SQ_NONE && pawn_attacks(us, s).test(their_king);
            if (!checks || !pos.pawn_drop_mates(s)) return true;
        }
    }
    return false;
}

namespace {

bool mates(Position& pos, Move m, const FlightCounter& flights) {
    // A king with a square to flee to is not mated: found without playing the move, which
    // rules out most candidates cheaply.
    if (flights.any_after(pos, m)) return false;
    StateInfo st;
    pos.do_move(m, st);
    const bool mated = !has_evasion(pos);
    pos.undo_move(m);
    return mated;
}

} // namespace

Move find_mate_in_one(Position& pos) {
    if (pos.king_square(~pos.side_to_move()) == SQ_NONE || pos.in_check()) return Move::none();
    // Our attackers of the king's neighbours (seen through the king, which cannot take on a
    // square a slider sees through it), found once for the drops, the board moves and the
    // flight squares after each candidate.
    FlightCounter flights;
    flights.reset(pos);
    return find_mate_in_one(pos, flights);
}

Move find_mate_in_one(Position& pos, const FlightCounter& flights) {
    const Color    us    = pos.side_to_move();
    const Square   ksq   = pos.king_square(~us);
    const Bitboard occ   = pos.pieces();
    const Bitboard empty = ~occ;
    Bitboard       covered;
    for (int i = 0; i < flights.n(); ++i)
        if (flights.attackers(i)) covered |= square_bb(flights.square(i));

    // Drops. Next to the king a dropped piece must be protected, or the king takes it; a
    // knight checks from a distance. Pawn drops never mate legally.
    const Hand hand = pos.hand(us);
    for (PieceType pt : {GOLD, SILVER, ROOK, BISHOP, LANCE, KNIGHT}) {
        if (!hand.count(pt)) continue;
        Bitboard targets = pos.check_squares(pt) & empty;
        if (pt != KNIGHT) targets &= covered;
        while (targets) {
            const Square to = targets.pop();
            const Move   m  = Move::make_drop(us, pt, to);
            if (mates(pos, m, flights)) return m;
        }
    }

    // Board moves onto a square next to the king that another of our pieces protects. Not in
    // check, a non-king move is legal unless it leaves a pin line or strands a piece.
    const Bitboard pinned  = pos.pinned(us);
    const Square   own_ksq = pos.king_square(us);
    const Bitboard occ_nk  = occ ^ square_bb(ksq);
    for (int i = 0; i < flights.n(); ++i) {
        const Square to = flights.square(i);
        if (pos.pieces(us).test(to)) continue;
        const Bitboard all       = flights.attackers(i);
        Bitboard       attackers = all.andnot(pos.pieces(KING));
        while (attackers) {
            const Square from = attackers.pop();
            if (pinned.test(from) && !aligned(from, to, own_ksq)) continue;
            // Protected by another piece: one that sees `to` already, or a slider behind the
            // mover (looked for only when no other piece sees it and one of our sliders stands
            // on the line through both squares).
            if (!all.more_than_one()
                && (!(flights.sliders() & line_bb(to, from))
                    || !pos.attackers_to(us, to, occ_nk ^ square_bb(from)).andnot(square_bb(from))))
                continue;
            const Piece     pc   = pos.piece_on(from);
            const PieceType pt   = type_of(pc);
            const Rank      rank = relative_rank(us, rank_of(to));
            if (can_promote(pt) && (rank <= RANK_3 || relative_rank(us, rank_of(from)) <= RANK_3)) {
                const Move p = Move::make(from, to, make_piece(us, promoted(pt)), true);
                if (pos.gives_check(p) && mates(pos, p, flights)) return p;
                // Promoted pawns, bishops and rooks attack everything the unpromoted ones do.
                if (pt == PAWN || pt == BISHOP || pt == ROOK) continue;
            }
            const bool dead =
                ((pt == PAWN || pt == LANCE) && rank == RANK_1) || (pt == KNIGHT && rank <= RANK_2);
            if (dead) continue;
            const Move m = Move::make(from, to, pc, false);
            if (pos.gives_check(m) && mates(pos, m, flights)) return m;
        }
    }
    return Move::none();
}

} // namespace tsubame::mate
