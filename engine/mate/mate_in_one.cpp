#include "mate/mate_in_one.h"

#include <array>

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

namespace {

// Squares from which a step piece may attack one of the king's neighbours: within two files
// and three ranks of the king (a knight's reach from a neighbour), by king square.
constexpr std::array<Bitboard, SQ_NB> make_reach() {
    std::array<Bitboard, SQ_NB> reach{};
    for (int k = 0; k < SQ_NB; ++k)
        for (int s = 0; s < SQ_NB; ++s) {
            const int df = int(file_of(Square(k))) - int(file_of(Square(s)));
            const int dr = int(rank_of(Square(k))) - int(rank_of(Square(s)));
            if (df >= -2 && df <= 2 && dr >= -3 && dr <= 3)
                reach[k] = reach[k] | Bitboard::square(Square(s));
        }
    return reach;
}
constexpr std::array<Bitboard, SQ_NB> REACH = make_reach();

// Squares on a file, rank or diagonal through one of the king's neighbours (where a slider
// may attack it from), by king square.
constexpr std::array<Bitboard, SQ_NB> make_lines() {
    std::array<Bitboard, SQ_NB> lines{};
    for (int k = 0; k < SQ_NB; ++k)
        for (int df = -1; df <= 1; ++df)
            for (int dr = -1; dr <= 1; ++dr) {
                const int nf = int(file_of(Square(k))) + df, nr = int(rank_of(Square(k))) + dr;
                if ((df == 0 && dr == 0) || nf < 0 || nf >= FILE_NB || nr < 0 || nr >= RANK_NB)
                    continue;
                for (int s = 0; s < SQ_NB; ++s) {
                    const int f = int(file_of(Square(s))) - nf, r = int(rank_of(Square(s))) - nr;
                    if (f == 0 || r == 0 || f == r || f == -r)
                        lines[k] = lines[k] | Bitboard::square(Square(s));
                }
            }
    return lines;
}
constexpr std::array<Bitboard, SQ_NB> LINES = make_lines();

} // namespace

void FlightCounter::reset(const Position& pos) {
    const Color us = pos.side_to_move();
    ksq_           = pos.king_square(~us);
    occ_           = pos.pieces() ^ square_bb(ksq_);
    open_          = king_attacks(ksq_).andnot(pos.pieces(~us));
    sliders_ =
        (pos.pieces(LANCE) | pos.pieces(BISHOP, HORSE) | pos.pieces(ROOK, DRAGON)) & pos.pieces(us);
    const Bitboard neighbours = king_attacks(ksq_);
    n_                        = 0;
    for (Bitboard b = neighbours; b;) {
        const Square s       = b.pop();
        slot_[s - ksq_ + 10] = int8_t(n_);
        sq_[n_]              = s;
        att_[n_++]           = Bitboard();
    }
    // From our pieces' side: each step piece within reach and each slider on a line through
    // a neighbour adds itself to the attackers of the neighbours it attacks (usually a few
    // pieces, against eight squares). Horses and dragons step as kings and slide.
    const Bitboard mine  = pos.pieces(us);
    const Bitboard near  = mine & REACH[ksq_];
    const Bitboard lines = mine & LINES[ksq_];
    const auto     add   = [&](Bitboard pieces, auto attacks) {
        while (pieces) {
            const Square p = pieces.pop();
            for (Bitboard a = attacks(p) & neighbours; a;) {
                const Square s = a.pop();
                att_[slot_[s - ksq_ + 10]] |= square_bb(p);
            }
        }
    };
    add(near & pos.pieces(PAWN), [&](Square p) { return pawn_attacks(us, p); });
    add(near & pos.pieces(KNIGHT), [&](Square p) { return knight_attacks(us, p); });
    add(near & pos.pieces(SILVER), [&](Square p) { return silver_attacks(us, p); });
    add(near & pos.golds(), [&](Square p) { return gold_attacks(us, p); });
    add(near & (pos.pieces(KING) | pos.pieces(HORSE, DRAGON)),
        [&](Square p) { return king_attacks(p); });
    add(lines & pos.pieces(LANCE), [&](Square p) { return lance_attacks(us, p, occ_); });
    add(lines & pos.pieces(BISHOP, HORSE), [&](Square p) { return bishop_attacks(p, occ_); });
    add(lines & pos.pieces(ROOK, DRAGON), [&](Square p) { return rook_attacks(p, occ_); });
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
    while (squares) {
        const Square s = squares.pop();
        const int    i = slot_[s - ksq_ + 10];
        Bitboard     a = att_[i] & mine;
        // The piece now on `to` blocks the sliders it stands in front of.
        for (Bitboard sl = a & sliders_; sl;) {
            const Square p = sl.pop();
            if (between_bb(p, s).test(to)) a ^= square_bb(p);
        }
        // Leaving `from` opens lines only: an attacker still seen stays one. Else a slider
        // that `from` hid may see s now: looked at afresh (rarely needed, so asked last).
        const bool attacked =
            a
            || (hidden && (line_bb(s, m.from()) & hidden) && pos.is_attacked_by(us, mine, s, occ));
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

    // Another piece takes the checker or steps in between. A pinned piece never can step in
    // (its line and the check line cross only at the king), and takes the checker only along
    // its line: the pinner itself, or a checker standing between it and the king (then it
    // counts as pinned, Position::pinned leaving snipers out, but the checker shields it);
    // every piece that reaches a square can move there, promoting where staying unpromoted
    // would leave it without moves.
    const Square   checker = checkers.lsb();
    const Bitboard pinned  = pos.pinned(us);
    const Bitboard movers  = pos.pieces(us).andnot(pinned | square_bb(ksq));
    const Bitboard takers =
        pos.attackers_to(us, checker, occ) & pos.pieces(us).andnot(square_bb(ksq));
    if (takers & movers) return true;
    for (Bitboard t = takers & pinned; t;)
        if (aligned(ksq, t.pop(), checker)) return true;
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
