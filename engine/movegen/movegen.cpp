#include "movegen/movegen.h"

#include "core/notation.h"

namespace tsubame {

namespace {

using geometry::LIVE_RANKS;
using geometry::ZONE;

// Where each kind of board move may land: `promo` for moves that promote, `plain` for moves
// that do not. They differ only for CAPTURES and QUIETS, which split pawn promotions apart.
struct Targets {
    Bitboard promo;
    Bitboard plain;
};

template <Color Us>
constexpr Bitboard relative_rank_bb(Rank r) {
    return rank_bb(relative_rank(Us, r));
}

// Board moves of one piece to every square of `to_set`, with the promotion choices of its type.
template <Color Us, PieceType Pt, bool All>
Move* add_piece_moves(Move* list, Square from, Bitboard promo_to, Bitboard plain_to) {
    const Piece pc  = make_piece(Us, Pt);
    const Piece pro = make_piece(Us, promoted(Pt));

    if constexpr (Pt == LANCE) {
        // In the zone: promote; also stay a lance on relative rank 3 (and rank 2 when All).
        (promo_to & ZONE[Us]).for_each([&](Square to) {
            *list++ = Move::make(from, to, pro, true);
        });
        const Bitboard keep = All ? LIVE_RANKS[Us][0] : LIVE_RANKS[Us][1];
        (plain_to & keep).for_each([&](Square to) { *list++ = Move::make(from, to, pc); });
    } else if constexpr (Pt == KNIGHT) {
        (promo_to & ZONE[Us]).for_each([&](Square to) {
            *list++ = Move::make(from, to, pro, true);
        });
        (plain_to & LIVE_RANKS[Us][1]).for_each([&](Square to) {
            *list++ = Move::make(from, to, pc);
        });
    } else if constexpr (Pt == SILVER || Pt == BISHOP || Pt == ROOK) {
        // Promotion is possible when the move starts or ends in the zone.
        const Bitboard can = ZONE[Us].test(from) ? promo_to : (promo_to & ZONE[Us]);
        can.for_each([&](Square to) { *list++ = Move::make(from, to, pro, true); });
        // A bishop or rook that could promote never gains by staying unpromoted.
        const Bitboard plain = (Pt == SILVER || All)
                                 ? plain_to
                                 : (ZONE[Us].test(from) ? Bitboard() : plain_to.andnot(ZONE[Us]));
        plain.for_each([&](Square to) { *list++ = Move::make(from, to, pc); });
    } else {
        plain_to.for_each([&](Square to) { *list++ = Move::make(from, to, pc); });
    }
    return list;
}

// Board moves of every piece of type Pt of the side to move.
template <Color Us, PieceType Pt, bool All>
Move* add_moves_of_type(const Position& pos, Move* list, const Targets& t, Bitboard pinned,
                        Square ksq) {
    Bitboard       bb  = pos.pieces(Us, Pt);
    const Bitboard occ = pos.pieces();
    while (bb) {
        const Square from = bb.pop();
        Bitboard     att  = attacks_from(Us, Pt, from, occ);
        if (pinned.test(from)) att &= line_bb(ksq, from);
        list = add_piece_moves<Us, Pt, All>(list, from, att & t.promo, att & t.plain);
    }
    return list;
}

// Pawn pushes, all at once: every pawn moves one square forward.
template <Color Us, bool All>
Move* add_pawn_moves(const Position& pos, Move* list, const Targets& t, Bitboard pinned,
                     Square ksq) {
    // A pinned pawn can only move along its pin if the pin runs along the file.
    Bitboard movable = pos.pieces(Us, PAWN);
    if (pinned) movable = movable.andnot(pinned.andnot(file_bb(file_of(ksq))));
    const Bitboard to_set = Us == BLACK ? movable.shift_up() : movable.shift_down();
    const int      back   = -forward_step(Us);
    const Piece    pc     = make_piece(Us, PAWN);
    const Piece    pro    = make_piece(Us, PRO_PAWN);

    (to_set & t.promo & ZONE[Us]).for_each([&](Square to) {
        *list++ = Move::make(Square(to + back), to, pro, true);
    });
    // Outside the zone a pawn cannot promote; inside, staying a pawn is never better.
    const Bitboard plain =
        All ? (to_set & t.plain & LIVE_RANKS[Us][0]) : (to_set & t.plain).andnot(ZONE[Us]);
    plain.for_each([&](Square to) { *list++ = Move::make(Square(to + back), to, pc); });
    return list;
}

// Pieces that never promote (gold movers, horses, dragons) of kind Kind: their moves have no
// promotion choice. Gold movers share one attack table but differ in the piece moved.
template <Color Us, PieceType Kind>
Move* add_unpromotable_moves(const Position& pos, Move* list, Bitboard target, Bitboard pinned,
                             Square ksq) {
    const Bitboard occ = pos.pieces();
    Bitboard       bb  = Kind == GOLD ? pos.golds(Us) : pos.pieces(Us, Kind);
    while (bb) {
        const Square from = bb.pop();
        const Piece  pc   = Kind == GOLD ? pos.piece_on(from) : make_piece(Us, Kind);
        Bitboard     att  = attacks_from(Us, Kind, from, occ) & target;
        if (pinned.test(from)) att &= line_bb(ksq, from);
        att.for_each([&](Square to) { *list++ = Move::make(from, to, pc); });
    }
    return list;
}

template <Color Us>
Move* add_unpromotable_moves(const Position& pos, Move* list, Bitboard target, Bitboard pinned,
                             Square ksq) {
    list = add_unpromotable_moves<Us, GOLD>(pos, list, target, pinned, ksq);
    list = add_unpromotable_moves<Us, HORSE>(pos, list, target, pinned, ksq);
    return add_unpromotable_moves<Us, DRAGON>(pos, list, target, pinned, ksq);
}

// Every non-king board move: pawns towards `pawn_t`, other pieces towards `t`. They differ
// only for CAPTURES and QUIETS, which split the non-capturing pawn promotions apart.
template <Color Us, bool All>
Move* add_board_moves(const Position& pos, Move* list, const Targets& pawn_t, const Targets& t,
                      Bitboard pinned, Square ksq) {
    list = add_pawn_moves<Us, All>(pos, list, pawn_t, pinned, ksq);
    list = add_moves_of_type<Us, LANCE, All>(pos, list, t, pinned, ksq);
    list = add_moves_of_type<Us, KNIGHT, All>(pos, list, t, pinned, ksq);
    list = add_moves_of_type<Us, SILVER, All>(pos, list, t, pinned, ksq);
    list = add_moves_of_type<Us, BISHOP, All>(pos, list, t, pinned, ksq);
    list = add_moves_of_type<Us, ROOK, All>(pos, list, t, pinned, ksq);
    return add_unpromotable_moves<Us>(pos, list, t.plain, pinned, ksq);
}

// King moves to squares in `target` that the enemy does not attack. `occ` is the occupancy
// to test with: without the king when in check, so that it cannot hide behind itself.
template <Color Us>
Move* add_king_moves(const Position& pos, Move* list, Bitboard target, const Bitboard& occ) {
    const Square ksq = pos.king_square(Us);
    if (ksq == SQ_NONE) return list;
    const Piece pc = make_piece(Us, KING);
    (king_attacks(ksq) & target).for_each([&](Square to) {
        if (!pos.is_attacked(~Us, to, occ)) *list++ = Move::make(ksq, to, pc);
    });
    return list;
}

// Files holding an unpromoted pawn of colour Us (nifu).
template <Color Us>
Bitboard pawn_files(const Position& pos) {
    Bitboard files;
    pos.pieces(Us, PAWN).for_each([&](Square s) { files |= file_bb(file_of(s)); });
    return files;
}

// Writes N drops on every square of `squares`; base[i] is the drop of the i-th type with the
// destination left at 0. A fixed N lets the compiler unroll the per-square stores, which
// matters: drops are most of the moves in middle- and endgame positions.
template <int N>
Move* emit_drops(Move* list, Bitboard squares, const uint32_t* base) {
    squares.for_each([&](Square to) {
        for (int i = 0; i < N; ++i)
            list[i] = Move(base[i] | uint32_t(to));
        list += N;
    });
    return list;
}

Move* emit_drops(Move* list, Bitboard squares, const uint32_t* base, int n) {
    switch (n) {
        case 1:
            return emit_drops<1>(list, squares, base);
        case 2:
            return emit_drops<2>(list, squares, base);
        case 3:
            return emit_drops<3>(list, squares, base);
        case 4:
            return emit_drops<4>(list, squares, base);
        case 5:
            return emit_drops<5>(list, squares, base);
        case 6:
            return emit_drops<6>(list, squares, base);
        default:
            return list;
    }
}

// Drops on the empty squares of `target`.
template <Color Us>
Move* add_drops(const Position& pos, Move* list, Bitboard target) {
    const Hand hand = pos.hand(Us);
    if (hand.empty()) return list;

    if (hand.has(PAWN)) {
        Bitboard to_set = (target & LIVE_RANKS[Us][0]).andnot(pawn_files<Us>(pos));
        // Only a pawn dropped right in front of the enemy king can be a pawn-drop mate.
        // (Looked up directly: asking the position would compute all its check information.)
        const Bitboard front = pawn_attacks(~Us, pos.king_square(~Us)) & to_set;
        if (front && pos.pawn_drop_mates(front.lsb())) to_set ^= front;
        const uint32_t pawn = Move::make_drop(Us, PAWN, SQ_11).raw();
        list                = emit_drops<1>(list, to_set, &pawn);
    }

    // Knight first, then lance, so that the ranks they may not use just skip a prefix.
    uint32_t   base[6];
    int        n      = 0;
    const bool knight = hand.has(KNIGHT), lance = hand.has(LANCE);
    if (knight) base[n++] = Move::make_drop(Us, KNIGHT, SQ_11).raw();
    if (lance) base[n++] = Move::make_drop(Us, LANCE, SQ_11).raw();
    for (PieceType pt : {SILVER, GOLD, BISHOP, ROOK})
        if (hand.has(pt)) base[n++] = Move::make_drop(Us, pt, SQ_11).raw();
    if (n == 0) return list;

    const Bitboard rank1 = relative_rank_bb<Us>(RANK_1);
    const Bitboard rank2 = relative_rank_bb<Us>(RANK_2);
    const int      skip2 = int(knight), skip1 = int(knight) + int(lance);
    list = emit_drops(list, target.andnot(rank1 | rank2), base, n);
    list = emit_drops(list, target & rank2, base + skip2, n - skip2);
    return emit_drops(list, target & rank1, base + skip1, n - skip1);
}

template <Color Us, GenType T, bool All>
Move* generate_for(const Position& pos, Move* list) {
    const Square   ksq    = pos.king_square(Us);
    const Bitboard pinned = pos.pinned(Us);
    const Bitboard occ    = pos.pieces();
    const Bitboard empty  = ~occ;

    if constexpr (T == GenType::EVASIONS) {
        const Bitboard checkers = pos.checkers();
        list = add_king_moves<Us>(pos, list, ~pos.pieces(Us), occ ^ square_bb(ksq));
        if (checkers.more_than_one()) return list;
        // Capture the checker or interpose. A pinned piece never can: its line and the
        // check line cross only at the king, so the pin restriction removes all its moves.
        const Square   checker = checkers.lsb();
        const Bitboard block   = between_bb(ksq, checker);
        const Targets  t{block | checkers, block | checkers};
        list = add_board_moves<Us, All>(pos, list, t, t, pinned, ksq);
        return add_drops<Us>(pos, list, block);
    } else {
        const Bitboard enemy = pos.pieces(~Us);
        // Pawn promotions that capture nothing belong to CAPTURES; other pieces' quiet
        // promotions to QUIETS.
        Targets  pawn_t, t;
        Bitboard king_target;
        if constexpr (T == GenType::CAPTURES) {
            pawn_t      = {enemy | empty, enemy};
            t           = {enemy, enemy};
            king_target = enemy;
        } else if constexpr (T == GenType::QUIETS) {
            pawn_t      = {Bitboard(), empty};
            t           = {empty, empty};
            king_target = empty;
        } else {
            pawn_t = t  = {enemy | empty, enemy | empty};
            king_target = enemy | empty;
        }
        list = add_board_moves<Us, All>(pos, list, pawn_t, t, pinned, ksq);
        list = add_king_moves<Us>(pos, list, king_target, occ);
        if constexpr (T != GenType::CAPTURES) list = add_drops<Us>(pos, list, empty);
        return list;
    }
}

// The moves of one piece from `from` to the squares of `to_set`, with its promotion choices.
template <Color Us, bool All>
Move* add_one_piece_moves(const Position& pos, Move* list, Square from, Bitboard to_set) {
    const Piece pc = pos.piece_on(from);
    switch (type_of(pc)) {
        case PAWN: {
            (to_set & ZONE[Us]).for_each([&](Square to) {
                *list++ = Move::make(from, to, make_piece(Us, PRO_PAWN), true);
            });
            const Bitboard plain = All ? (to_set & LIVE_RANKS[Us][0]) : to_set.andnot(ZONE[Us]);
            plain.for_each([&](Square to) { *list++ = Move::make(from, to, pc); });
            return list;
        }
        case LANCE:
            return add_piece_moves<Us, LANCE, All>(list, from, to_set, to_set);
        case KNIGHT:
            return add_piece_moves<Us, KNIGHT, All>(list, from, to_set, to_set);
        case SILVER:
            return add_piece_moves<Us, SILVER, All>(list, from, to_set, to_set);
        case BISHOP:
            return add_piece_moves<Us, BISHOP, All>(list, from, to_set, to_set);
        case ROOK:
            return add_piece_moves<Us, ROOK, All>(list, from, to_set, to_set);
        default:
            to_set.for_each([&](Square to) { *list++ = Move::make(from, to, pc); });
            return list;
    }
}

// Checks, generated towards the squares that give them rather than by filtering every legal
// move (with pieces in hand most legal moves are drops, and few of them check). Not in check.
template <Color Us, bool All>
Move* generate_checks(const Position& pos, Move* list) {
    constexpr Color them = ~Us;
    const Square    ek   = pos.king_square(them);
    if (ek == SQ_NONE) return list;
    const Square   ksq    = pos.king_square(Us);
    const Bitboard pinned = pos.pinned(Us);
    const Bitboard occ    = pos.pieces();
    const Bitboard empty  = ~occ;
    const Bitboard target = ~pos.pieces(Us);
    auto           cs     = [&](PieceType pt) { return pos.check_squares(pt) & target; };

    // Direct checks: each kind of piece to where it (promoted or not) attacks the king.
    list = add_pawn_moves<Us, All>(pos, list, Targets{cs(PRO_PAWN), cs(PAWN)}, pinned, ksq);
    list = add_moves_of_type<Us, LANCE, All>(pos, list, Targets{cs(PRO_LANCE), cs(LANCE)}, pinned,
                                             ksq);
    list = add_moves_of_type<Us, KNIGHT, All>(pos, list, Targets{cs(PRO_KNIGHT), cs(KNIGHT)},
                                              pinned, ksq);
    list = add_moves_of_type<Us, SILVER, All>(pos, list, Targets{cs(PRO_SILVER), cs(SILVER)},
                                              pinned, ksq);
    list =
        add_moves_of_type<Us, BISHOP, All>(pos, list, Targets{cs(HORSE), cs(BISHOP)}, pinned, ksq);
    list = add_moves_of_type<Us, ROOK, All>(pos, list, Targets{cs(DRAGON), cs(ROOK)}, pinned, ksq);
    list = add_unpromotable_moves<Us, GOLD>(pos, list, cs(GOLD), pinned, ksq);
    list = add_unpromotable_moves<Us, HORSE>(pos, list, cs(HORSE), pinned, ksq);
    list = add_unpromotable_moves<Us, DRAGON>(pos, list, cs(DRAGON), pinned, ksq);

    // Discovered checks: a piece between one of our sliders and the king leaves the line.
    // Moves that also check directly were written above.
    const Bitboard discoverers = pos.blockers_for_king(them) & pos.pieces(Us);
    discoverers.for_each([&](Square from) {
        Bitboard to_set = target.andnot(line_bb(ek, from));
        if (from == ksq) {
            (king_attacks(ksq) & to_set).for_each([&](Square to) {
                if (!pos.is_attacked(them, to, occ))
                    *list++ = Move::make(ksq, to, pos.piece_on(ksq));
            });
            return;
        }
        to_set &= attacks_from(Us, type_of(pos.piece_on(from)), from, occ);
        if (pinned.test(from)) to_set &= line_bb(ksq, from);
        Move* const first = list;
        list              = add_one_piece_moves<Us, All>(pos, list, from, to_set);
        Move* kept        = first;
        for (Move* it = first; it != list; ++it)
            if (!pos.check_squares(type_of(it->moved_piece_after())).test(it->to())) *kept++ = *it;
        list = kept;
    });

    // Drops onto the checking squares.
    const Hand hand = pos.hand(Us);
    if (hand.empty()) return list;
    if (hand.has(PAWN)) {
        Bitboard to_set = pos.check_squares(PAWN) & empty & LIVE_RANKS[Us][0];
        if (to_set && (pos.pieces(Us, PAWN) & file_bb(file_of(to_set.lsb())))) to_set = Bitboard();
        if (to_set && pos.pawn_drop_mates(to_set.lsb())) to_set = Bitboard();
        to_set.for_each([&](Square to) { *list++ = Move::make_drop(Us, PAWN, to); });
    }
    for (PieceType pt : {LANCE, KNIGHT, SILVER, GOLD, BISHOP, ROOK}) {
        if (!hand.has(pt)) continue;
        Bitboard to_set = pos.check_squares(pt) & empty;
        if (pt == LANCE) to_set &= LIVE_RANKS[Us][0];
        if (pt == KNIGHT) to_set &= LIVE_RANKS[Us][1];
        to_set.for_each([&](Square to) { *list++ = Move::make_drop(Us, pt, to); });
    }
    return list;
}

// CAPTURES restricted to the piece on s, in the same order: only the pieces that attack s are
// looked at, instead of every piece's moves being generated and filtered.
template <Color Us>
Move* generate_captures_on_for(const Position& pos, Square s, Move* list) {
    const Bitboard target = square_bb(s) & pos.pieces(~Us);
    if (!target) return list;
    const Square   ksq    = pos.king_square(Us);
    const Bitboard occ    = pos.pieces();
    const Bitboard pinned = pos.pinned(Us);
    // A pinned piece may only take along its pin line.
    Bitboard movers = pos.attackers_to(Us, s, occ).andnot(pos.pieces(KING));
    for (Bitboard p = movers & pinned; p;) {
        const Square from = p.pop();
        if (!line_bb(ksq, from).test(s)) movers ^= square_bb(from);
    }
    const Targets t{target, target};
    if (movers & pos.pieces(PAWN)) list = add_pawn_moves<Us, false>(pos, list, t, pinned, ksq);
    auto promotable = [&]<PieceType Pt>() {
        (movers & pos.pieces(Pt)).for_each([&](Square from) {
            list = add_piece_moves<Us, Pt, false>(list, from, target, target);
        });
    };
    promotable.template operator()<LANCE>();
    promotable.template operator()<KNIGHT>();
    promotable.template operator()<SILVER>();
    promotable.template operator()<BISHOP>();
    promotable.template operator()<ROOK>();
    for (Bitboard b :
         {movers & pos.golds(Us), movers & pos.pieces(HORSE), movers & pos.pieces(DRAGON)})
        b.for_each([&](Square from) { *list++ = Move::make(from, s, pos.piece_on(from)); });
    return add_king_moves<Us>(pos, list, target, occ);
}

} // namespace

template <GenType T, bool All>
Move* generate(const Position& pos, Move* list) {
    if constexpr (T == GenType::LEGAL) {
        return pos.in_check() ? generate<GenType::EVASIONS, All>(pos, list)
                              : generate<GenType::NON_EVASIONS, All>(pos, list);
    } else if constexpr (T == GenType::CHECKS) {
        if (!pos.in_check())
            return pos.side_to_move() == BLACK ? generate_checks<BLACK, All>(pos, list)
                                               : generate_checks<WHITE, All>(pos, list);
        Move* const end  = generate<GenType::EVASIONS, All>(pos, list);
        Move*       kept = list;
        for (Move* it = list; it != end; ++it)
            if (pos.gives_check(*it)) *kept++ = *it;
        return kept;
    } else {
        return pos.side_to_move() == BLACK ? generate_for<BLACK, T, All>(pos, list)
                                           : generate_for<WHITE, T, All>(pos, list);
    }
}

template Move* generate<GenType::CAPTURES, false>(const Position&, Move*);
template Move* generate<GenType::CAPTURES, true>(const Position&, Move*);
template Move* generate<GenType::QUIETS, false>(const Position&, Move*);
template Move* generate<GenType::QUIETS, true>(const Position&, Move*);
template Move* generate<GenType::NON_EVASIONS, false>(const Position&, Move*);
template Move* generate<GenType::NON_EVASIONS, true>(const Position&, Move*);
template Move* generate<GenType::EVASIONS, false>(const Position&, Move*);
template Move* generate<GenType::EVASIONS, true>(const Position&, Move*);
template Move* generate<GenType::LEGAL, false>(const Position&, Move*);
template Move* generate<GenType::LEGAL, true>(const Position&, Move*);
template Move* generate<GenType::CHECKS, false>(const Position&, Move*);
template Move* generate<GenType::CHECKS, true>(const Position&, Move*);

Move* generate_captures_on(const Position& pos, Square s, Move* list) {
    return pos.side_to_move() == BLACK ? generate_captures_on_for<BLACK>(pos, s, list)
                                       : generate_captures_on_for<WHITE>(pos, s, list);
}

bool is_legal(const Position& pos, Move m) {
    return LegalMoves(pos).contains(m);
}

namespace {

// The drop `raw` (a drop's to16 bits), if generate<LEGAL> lists it.
Move generated_drop(const Position& pos, Move raw) {
    const Color     us = pos.side_to_move();
    const Square    to = raw.to();
    const PieceType pt = raw.dropped_type();
    if (raw.is_promotion() || pt < HAND_TYPE_BEGIN || pt >= HAND_TYPE_END) return Move::none();
    if (!pos.hand(us).has(pt) || pos.piece_on(to) != NO_PIECE) return Move::none();
    if ((pt == PAWN || pt == LANCE) && !LIVE_RANKS[us][0].test(to)) return Move::none();
    if (pt == KNIGHT && !LIVE_RANKS[us][1].test(to)) return Move::none();
    if (pt == PAWN) {
        if (pos.pieces(us, PAWN) & file_bb(file_of(to))) return Move::none(); // nifu
        const Square enemy_king = pos.king_square(~us);
        if (enemy_king != SQ_NONE && pawn_attacks(~us, enemy_king).test(to)
            && pos.pawn_drop_mates(to))
            return Move::none();
    }
    if (pos.in_check()) {
        // Only a drop between the king and a lone slider answers a check.
        const Bitboard checkers = pos.checkers();
        if (checkers.more_than_one() || !between_bb(pos.king_square(us), checkers.lsb()).test(to))
            return Move::none();
    }
    return Move::make_drop(us, pt, to);
}

// The board move `raw` (a board move's to16 bits), if generate<LEGAL> lists it.
Move generated_board_move(const Position& pos, Move raw) {
    const Color  us   = pos.side_to_move();
    const Square from = raw.from(), to = raw.to();
    if (from >= SQ_NB) return Move::none();
    const Piece pc = pos.piece_on(from);
    if (pc == NO_PIECE || color_of(pc) != us || pos.pieces(us).test(to)) return Move::none();
    const PieceType pt  = type_of(pc);
    const Bitboard  occ = pos.pieces();
    if (!attacks_from(us, pt, from, occ).test(to)) return Move::none();

    // Promotion choices as generate<LEGAL> makes them (add_piece_moves, add_pawn_moves).
    const bool in_zone = ZONE[us].test(to) || ZONE[us].test(from);
    if (raw.is_promotion()) {
        if (!can_promote(pt) || !in_zone) return Move::none();
    } else if (pt == PAWN || pt == BISHOP || pt == ROOK) {
        if (in_zone) return Move::none(); // never better than promoting
    } else if (pt == LANCE || pt == KNIGHT) {
        if (!LIVE_RANKS[us][1].test(to)) return Move::none(); // dead, or a never-better lance
    }
    const Move m = Move::make(from, to, raw.is_promotion() ? make_piece(us, promoted(pt)) : pc,
                              raw.is_promotion());

    const Square ksq = pos.king_square(us);
    if (pt == KING) return pos.is_attacked(~us, to, occ ^ square_bb(from)) ? Move::none() : m;
    if (ksq == SQ_NONE) return m;
    if (pos.pinned(us).test(from) && !aligned(from, to, ksq)) return Move::none();
    if (pos.in_check()) {
        // Take the lone checker or step between it and the king.
        const Bitboard checkers = pos.checkers();
        if (checkers.more_than_one()) return Move::none();
        const Square checker = checkers.lsb();
        if (to != checker && !between_bb(ksq, checker).test(to)) return Move::none();
    }
    return m;
}

} // namespace

Move generated_move_from16(const Position& pos, uint16_t m16) {
    const Move raw(m16);
    if (m16 == 0 || raw.to() >= SQ_NB) return Move::none();
    return raw.is_drop() ? generated_drop(pos, raw) : generated_board_move(pos, raw);
}

Move parse_legal_move(const Position& pos, std::string_view text, std::string& error) {
    const auto mt = parse_move_text(text);
    if (!mt) {
        error = "'" + std::string(text) + "' is not a USI move";
        return Move::none();
    }
    for (Move m : LegalMoves(pos)) {
        const bool same = mt->drop
                            ? (m.is_drop() && m.dropped_type() == mt->piece && m.to() == mt->to)
                            : (!m.is_drop() && m.from() == mt->from && m.to() == mt->to
                               && m.is_promotion() == mt->promote);
        if (same) return m;
    }
    error = "illegal move '" + std::string(text) + "' in " + pos.sfen();
    return Move::none();
}

} // namespace tsubame
