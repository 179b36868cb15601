#include "core/position.h"

#include <cstring>

#include "core/zobrist.h"

namespace tsubame {

namespace {

constexpr bool is_gold_mover(PieceType pt) {
    return pt == GOLD || (pt >= PRO_PAWN && pt <= PRO_SILVER);
}

} // namespace

void Position::clear() {
    std::memset(board_, 0, sizeof(board_));
    for (auto& b : by_type_)
        b = Bitboard();
    by_color_[BLACK] = by_color_[WHITE] = golds_ = Bitboard();
    hands_[BLACK] = hands_[WHITE] = Hand();
    king_square_[BLACK] = king_square_[WHITE] = SQ_NONE;
    side_to_move_                             = BLACK;
    game_ply_                                 = 1;
}

void Position::copy_from(const Position& other, StateInfo* root) {
    *root          = *other.st_;
    root->previous = nullptr;
    if (&other != this) *this = other;
    st_ = root;
}

void Position::put_piece(Piece pc, Square s) {
    const Bitboard  b  = square_bb(s);
    const PieceType pt = type_of(pc);
    board_[s]          = pc;
    by_type_[pt] |= b;
    by_color_[color_of(pc)] |= b;
    if (is_gold_mover(pt)) golds_ |= b;
    if (pt == KING) king_square_[color_of(pc)] = s;
}

void Position::remove_piece(Square s) {
    const Piece     pc = board_[s];
    const Bitboard  b  = square_bb(s);
    const PieceType pt = type_of(pc);
    board_[s]          = NO_PIECE;
    by_type_[pt] ^= b;
    by_color_[color_of(pc)] ^= b;
    if (is_gold_mover(pt)) golds_ ^= b;
    if (pt == KING) king_square_[color_of(pc)] = SQ_NONE;
}

Bitboard Position::attackers_to(Color c, Square s, const Bitboard& occ) const {
    // A piece of colour c attacks s exactly when a piece of the same kind of colour ~c on s
    // would attack it: step attacks are mirrored by looking from s with the other colour.
    const Color t = ~c;
    return ((pawn_attacks(t, s) & by_type_[PAWN]) | (lance_attacks(t, s, occ) & by_type_[LANCE])
            | (knight_attacks(t, s) & by_type_[KNIGHT]) | (silver_attacks(t, s) & by_type_[SILVER])
            | (gold_attacks(t, s) & golds_)
            | (king_attacks(s) & (by_type_[KING] | by_type_[HORSE] | by_type_[DRAGON]))
            | (bishop_attacks(s, occ) & (by_type_[BISHOP] | by_type_[HORSE]))
            | (rook_attacks(s, occ) & (by_type_[ROOK] | by_type_[DRAGON])))
         & by_color_[c];
}

Bitboard Position::attackers_to(Square s, const Bitboard& occ) const {
    Bitboard attackers;
    for (const Color c : {BLACK, WHITE}) {
        const Color t = ~c;
        attackers |=
            ((pawn_attacks(t, s) & by_type_[PAWN]) | (lance_attacks(t, s, occ) & by_type_[LANCE])
             | (knight_attacks(t, s) & by_type_[KNIGHT]) | (silver_attacks(t, s) & by_type_[SILVER])
             | (gold_attacks(t, s) & golds_))
            & by_color_[c];
    }
    attackers |= king_attacks(s) & (by_type_[KING] | by_type_[HORSE] | by_type_[DRAGON]);
    // Slider tables are read only when such a slider stands on one of s's lines at all.
    const Bitboard bishops = by_type_[BISHOP] | by_type_[HORSE];
    if (bishops & bishop_empty_attacks(s)) attackers |= bishop_attacks(s, occ) & bishops;
    const Bitboard rooks = by_type_[ROOK] | by_type_[DRAGON];
    if (rooks & rook_empty_attacks(s)) attackers |= rook_attacks(s, occ) & rooks;
    return attackers;
}

bool Position::is_attacked_by(Color c, const Bitboard& mine, Square s, const Bitboard& occ) const {
    const Color    t = ~c;
    const Bitboard steppers =
        (pawn_attacks(t, s) & by_type_[PAWN]) | (knight_attacks(t, s) & by_type_[KNIGHT])
        | (silver_attacks(t, s) & by_type_[SILVER]) | (gold_attacks(t, s) & golds_)
        | (king_attacks(s) & (by_type_[KING] | by_type_[HORSE] | by_type_[DRAGON]));
    if (steppers & mine) return true;
    // A slider lookup only when a slider of that kind stands on one of s's lines at all,
    // which the empty-board attack sets tell cheaply; usually none does.
    const Bitboard lances = by_type_[LANCE] & mine;
    if ((lances & lance_empty_attacks(t, s)) && (lance_attacks(t, s, occ) & lances)) return true;
    const Bitboard bishops = (by_type_[BISHOP] | by_type_[HORSE]) & mine;
    if ((bishops & bishop_empty_attacks(s)) && (bishop_attacks(s, occ) & bishops)) return true;
    const Bitboard rooks = (by_type_[ROOK] | by_type_[DRAGON]) & mine;
    return (rooks & rook_empty_attacks(s)) && (rook_attacks(s, occ) & rooks);
}

void Position::update_blockers(Color c) const {
    StateInfo&   st         = *st_;
    const Square k          = king_square_[c];
    st.blockers_for_king[c] = Bitboard();
    if (k == SQ_NONE) return;
    // Sliders of ~c that would attack the king on an empty board.
    const Bitboard snipers = ((rook_empty_attacks(k) & (by_type_[ROOK] | by_type_[DRAGON]))
                              | (bishop_empty_attacks(k) & (by_type_[BISHOP] | by_type_[HORSE]))
                              | (lance_empty_attacks(c, k) & by_type_[LANCE]))
                           & by_color_[~c];
    // A sniper hidden only by another sniper would mean the nearer one gives check already;
    // leaving snipers out of the occupancy keeps them from counting as blockers.
    const Bitboard occ = pieces() ^ snipers;
    snipers.for_each([&](Square sniper) {
        const Bitboard b = between_bb(k, sniper) & occ;
        if (b && !b.more_than_one()) st.blockers_for_king[c] |= b;
    });
}

Bitboard Position::discovered_checkers(Square from) const {
    // The mover is ~side_to_move_: its sliders on the line from the enemy king through the
    // square it left now see the king.
    const Color    mover   = ~side_to_move_;
    const Square   ek      = king_square_[side_to_move_];
    const Bitboard occ     = pieces();
    const Bitboard sliders = (rook_attacks(ek, occ) & (by_type_[ROOK] | by_type_[DRAGON]))
                           | (bishop_attacks(ek, occ) & (by_type_[BISHOP] | by_type_[HORSE]))
                           | (lance_attacks(side_to_move_, ek, occ) & by_type_[LANCE]);
    return sliders & by_color_[mover] & line_bb(ek, from);
}

void Position::set_check_info(const Bitboard* known_checkers) {
    StateInfo&   st  = *st_;
    const Square ksq = king_square_[side_to_move_];
    if (known_checkers && !full_checker_scan_)
        st.checkers = *known_checkers;
    else
        st.checkers = ksq == SQ_NONE ? Bitboard() : attackers_to(~side_to_move_, ksq, pieces());
    update_blockers(side_to_move_);
    st.check_info_ready = false;
}

void Position::compute_check_info() const {
    StateInfo&     st   = *st_;
    const Color    them = ~side_to_move_;
    const Bitboard occ  = pieces();
    update_blockers(them);
    st.check_info_ready = true;

    const Square ek = king_square_[them];
    if (ek == SQ_NONE) {
        for (auto& b : st.check_squares)
            b = Bitboard();
        return;
    }
    // A piece of the side to move on one of these squares attacks the enemy king: look from
    // the king with the enemy's colour, as in attackers_to.
    Bitboard* cs = st.check_squares;
    cs[PAWN]     = pawn_attacks(them, ek);
    cs[LANCE]    = lance_attacks(them, ek, occ);
    cs[KNIGHT]   = knight_attacks(them, ek);
    cs[SILVER]   = silver_attacks(them, ek);
    cs[GOLD]     = gold_attacks(them, ek);
    cs[BISHOP]   = bishop_attacks(ek, occ);
    cs[ROOK]     = rook_attacks(ek, occ);
    cs[KING]     = Bitboard();
    cs[PRO_PAWN] = cs[PRO_LANCE] = cs[PRO_KNIGHT] = cs[PRO_SILVER] = cs[GOLD];
    cs[HORSE]                                                      = cs[BISHOP] | king_attacks(ek);
    cs[DRAGON]                                                     = cs[ROOK] | king_attacks(ek);
}

void Position::do_move(Move m, StateInfo& ns) {
    ensure_check_info(); // the checks this move gives come from the current state's info
    StateInfo& prev            = *st_;
    ns.board_key               = prev.board_key;
    ns.hand_key                = prev.hand_key;
    ns.continuous_check[BLACK] = prev.continuous_check[BLACK];
    ns.continuous_check[WHITE] = prev.continuous_check[WHITE];
    ns.plies_from_null         = prev.plies_from_null + 1;
    ns.previous                = st_;
    st_                        = &ns;
    ++game_ply_;

    const Color  us       = side_to_move_;
    const Color  them     = ~us;
    const Square to       = m.to();
    Piece        captured = NO_PIECE;
    // Checks the move gives, found from the previous state's check information instead of
    // a full attack scan: a direct check from the destination, or a slider uncovered by a
    // blocker leaving its line (checked after the board is updated).
    Bitboard checkers;
    bool     may_discover = false;

    if (m.is_drop()) {
        const PieceType pt = m.dropped_type();
        const int       n  = hands_[us].count(pt);
        ns.hand_key ^= zobrist::HAND[us][pt][n] ^ zobrist::HAND[us][pt][n - 1];
        hands_[us].remove(pt);
        const Piece pc = make_piece(us, pt);
        put_piece(pc, to);
        ns.board_key ^= zobrist::PSQ[pc][to];
        if (prev.check_squares[pt].test(to)) checkers = square_bb(to);
    } else {
        const Square from  = m.from();
        const Piece  pc    = board_[from];
        const Piece  after = m.is_promotion() ? Piece(int(pc) | PROMOTED) : pc;
        captured           = board_[to];
        if (captured != NO_PIECE) {
            remove_piece(to);
            ns.board_key ^= zobrist::PSQ[captured][to];
            // Only an illegal start position lets a king be captured; it does not go to hand.
            const PieceType hpt = unpromoted(type_of(captured));
            if (hpt != KING) {
                const int n = hands_[us].count(hpt);
                ns.hand_key ^= zobrist::HAND[us][hpt][n] ^ zobrist::HAND[us][hpt][n + 1];
                hands_[us].add(hpt);
            }
        }
        remove_piece(from);
        put_piece(after, to);
        ns.board_key ^= zobrist::PSQ[pc][from] ^ zobrist::PSQ[after][to];
        if (prev.check_squares[type_of(after)].test(to)) checkers = square_bb(to);
        // The piece that stood on `from` was ours, so a blocker there hid one of our sliders.
        // (An illegal start may let this move capture the enemy king: nothing to discover.)
        may_discover = king_square_[them] != SQ_NONE && prev.blockers_for_king[them].test(from)
                    && !aligned(from, to, king_square_[them]);
    }

    ns.captured = captured;
    ns.board_key ^= zobrist::SIDE;
    side_to_move_ = them;
    if (may_discover) checkers |= discovered_checkers(m.from());
    set_check_info(&checkers);
    ns.continuous_check[us] = ns.checkers ? prev.continuous_check[us] + 2 : 0;
    ns.hand_of_side_to_move = hands_[them];
}

uint64_t Position::board_key_after(Move m) const {
    const Square to   = m.to();
    uint64_t     next = board_key() ^ zobrist::SIDE ^ zobrist::PSQ[m.moved_piece_after()][to];
    if (m.is_drop()) return next;
    next ^= zobrist::PSQ[m.moved_piece_before()][m.from()];
    if (const Piece captured = board_[to]; captured != NO_PIECE) next ^= zobrist::PSQ[captured][to];
    return next;
}

uint64_t Position::key_after(Move m) const {
    const Color us   = side_to_move_;
    uint64_t    hand = hand_key();
    // A drop takes a piece from our hand; a capture adds one, unpromoted.
    if (m.is_drop()) {
        const PieceType pt = m.dropped_type();
        const int       n  = hands_[us].count(pt);
        hand ^= zobrist::HAND[us][pt][n] ^ zobrist::HAND[us][pt][n - 1];
    } else if (const Piece captured = board_[m.to()]; captured != NO_PIECE) {
        if (const PieceType hpt = unpromoted(type_of(captured)); hpt != KING) {
            const int n = hands_[us].count(hpt);
            hand ^= zobrist::HAND[us][hpt][n] ^ zobrist::HAND[us][hpt][n + 1];
        }
    }
    return board_key_after(m) ^ hand;
}

void Position::undo_move(Move m) {
    side_to_move_   = ~side_to_move_;
    const Color  us = side_to_move_;
    const Square to = m.to();

    if (m.is_drop()) {
        remove_piece(to);
        hands_[us].add(m.dropped_type());
    } else {
        const Piece after  = board_[to];
        const Piece before = m.is_promotion() ? Piece(int(after) & ~PROMOTED) : after;
        remove_piece(to);
        put_piece(before, m.from());
        const Piece captured = st_->captured;
        if (captured != NO_PIECE) {
            put_piece(captured, to);
            const PieceType hpt = unpromoted(type_of(captured));
            if (hpt != KING) hands_[us].remove(hpt);
        }
    }
    st_ = st_->previous;
    --game_ply_;
}

void Position::do_null_move(StateInfo& ns) {
    ns                 = *st_;
    ns.previous        = st_;
    ns.plies_from_null = 0;
    ns.captured        = NO_PIECE;
    st_                = &ns;
    ns.board_key ^= zobrist::SIDE;
    side_to_move_ = ~side_to_move_;
    ++game_ply_;
    set_check_info();
    ns.hand_of_side_to_move = hands_[side_to_move_];
}

void Position::undo_null_move() {
    st_           = st_->previous;
    side_to_move_ = ~side_to_move_;
    --game_ply_;
}

bool Position::gives_check(Move m) const {
    ensure_check_info();
    const Square to = m.to();
    if (m.is_drop()) return st_->check_squares[m.dropped_type()].test(to);
    if (st_->check_squares[type_of(m.moved_piece_after())].test(to)) return true;
    // Discovered check: a blocker of the enemy king leaves the line to it.
    const Square from = m.from();
    const Square ek   = king_square_[~side_to_move_];
    return (st_->blockers_for_king[~side_to_move_] & by_color_[side_to_move_]).test(from)
        && !aligned(from, to, ek);
}

bool Position::pawn_drop_mates(Square to) const {
    const Color    us   = side_to_move_;
    const Color    them = ~us;
    const Square   ksq  = king_square_[them];
    const Bitboard occ  = pieces() | square_bb(to);

    // 1. The king takes the pawn unless another piece of ours defends it.
    if (!attackers_to(us, to, occ ^ square_bb(ksq))) return false;

    // 2. Another defender takes the pawn, unless pinned off the line. The pawn stands on the
    //    king's file next to the king, so a piece pinned along that file may still take it.
    Bitboard       takers           = attackers_to(them, to, occ).andnot(square_bb(ksq));
    const Bitboard pinned_defenders = pinned(them);
    while (takers) {
        const Square from = takers.pop();
        if (!pinned_defenders.test(from) || aligned(ksq, from, to)) return false;
    }

    // 3. The king steps to a safe square (the pawn's square was covered in step 1).
    Bitboard       escapes          = king_attacks(ksq).andnot(by_color_[them] | square_bb(to));
    const Bitboard occ_without_king = occ ^ square_bb(ksq);
    while (escapes) {
        if (!is_attacked(us, escapes.pop(), occ_without_king)) return false;
    }
    return true;
}

uint64_t Position::compute_board_key() const {
    uint64_t key = side_to_move_ == WHITE ? zobrist::SIDE : 0;
    for (int s = 0; s < SQ_NB; ++s)
        if (board_[s] != NO_PIECE) key ^= zobrist::PSQ[board_[s]][s];
    return key;
}

uint64_t Position::compute_hand_key() const {
    uint64_t key = 0;
    for (Color c : {BLACK, WHITE})
        for (int pt = HAND_TYPE_BEGIN; pt < HAND_TYPE_END; ++pt)
            key ^= zobrist::HAND[c][pt][hands_[c].count(PieceType(pt))];
    return key;
}

bool Position::is_consistent(std::string* reason) const {
    auto fail = [&](const char* what) {
        if (reason) *reason = what;
        return false;
    };
    Bitboard by_type[PIECE_TYPE_NB], by_color[COLOR_NB], golds;
    Square   kings[COLOR_NB] = {SQ_NONE, SQ_NONE};
    for (int s = 0; s < SQ_NB; ++s) {
        const Piece pc = board_[s];
        if (pc == NO_PIECE) continue;
        by_type[type_of(pc)] |= square_bb(Square(s));
        by_color[color_of(pc)] |= square_bb(Square(s));
        if (is_gold_mover(type_of(pc))) golds |= square_bb(Square(s));
        if (type_of(pc) == KING) kings[color_of(pc)] = Square(s);
    }
    for (int pt = 0; pt < PIECE_TYPE_NB; ++pt)
        if (by_type[pt] != by_type_[pt]) return fail("piece-type bitboards differ from the board");
    if (by_color[BLACK] != by_color_[BLACK] || by_color[WHITE] != by_color_[WHITE])
        return fail("colour bitboards differ from the board");
    if (golds != golds_) return fail("gold-mover bitboard differs from the board");
    if (kings[BLACK] != king_square_[BLACK] || kings[WHITE] != king_square_[WHITE])
        return fail("king squares differ from the board");
    if (compute_board_key() != st_->board_key)
        return fail("incremental board key differs from a fresh one");
    if (compute_hand_key() != st_->hand_key)
        return fail("incremental hand key differs from a fresh one");
    const Square   ksq = king_square_[side_to_move_];
    const Bitboard checkers =
        ksq == SQ_NONE ? Bitboard() : attackers_to(~side_to_move_, ksq, pieces());
    if (checkers != st_->checkers) return fail("checkers differ from a fresh computation");
    return true;
}

} // namespace tsubame
