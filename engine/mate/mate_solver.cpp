#include "mate/mate_solver.h"

#include <optional>

#include <algorithm>
#include <cassert>
#include <chrono>
#include <deque>
#include <vector>

#include "core/attacks.h"
#include "mate/mate_in_one.h"
#include "mate/mate_solver_detail.h"
#include "movegen/movegen.h"

namespace tsubame {

using mate::add_pn;
using mate::bound_plies;
using mate::INFINITE_PN;
using mate::MAX_PN;
using mate::NO_BOUND;
using mate::REAL_BOUND;
using namespace mate::detail;

namespace {

// Path-dependent (repetition) results kept at most; beyond, the set starts over.
constexpr size_t MAX_REP_ENTRIES = size_t(1) << 22;
// Reading the first line of a long mate (more plies than SHORT_MATE, where searches under a
// bound are slow: each re-reads a large proof), each unproven check gets a small search, as
// it may mate sooner than the check proven (POST_CHILD_NODES each, in mate_line.cpp); in all
// they may take as many nodes as the proof did, or POST_MIN_BUDGET.
constexpr int      SHORT_MATE      = 99;
constexpr uint64_t POST_MIN_BUDGET = 50'000;

// Searching for shorter mates, the line is read again once the searches since the last reading
// have taken this many times its positions weighed (or a limit comes). With 4, le31 row 113
// read its 31 plies too late at 1 s (a second reading twice as long as the first, past the
// time kept for it).
constexpr uint64_t READ_SPACING = 2;
// The root's path key (the repetition table's key of the empty path).
constexpr uint64_t ROOT_PATH = 0x5bd1e995u;

} // namespace

bool verify_mate_line(const Position& pos, const std::vector<Move>& line, std::string* why) {
    auto fail = [&](const std::string& what) {
        if (why) *why = what;
        return false;
    };
    std::deque<StateInfo> states(1);
    Position              p;
    if (!p.set_sfen(pos.sfen(), &states.back()).ok()) return fail("position does not load");
    const Color attacker = p.side_to_move();
    if (line.empty() || line.size() % 2 == 0) return fail("a mating line has an odd length");
    for (size_t i = 0; i < line.size(); ++i) {
        const Move m = line[i];
        if (!is_legal(p, m)) return fail("move " + std::to_string(i + 1) + " is illegal");
        if (p.side_to_move() == attacker && !p.gives_check(m))
            return fail("move " + std::to_string(i + 1) + " is not a check");
        states.emplace_back();
        p.do_move(m, states.back());
    }
    if (!p.in_check() || !LegalMoves(p).empty()) return fail("the line does not end in mate");
    return true;
}

MateSolver::MateSolver(size_t hash_mb) :
    states_(MAX_PLY + 2) {
    (void)table_.resize(hash_mb);
}

MateSolver::~MateSolver() = default;

MateSolver::Frame& MateSolver::frame(int ply) {
    while (int(frames_.size()) <= ply)
        frames_.push_back(std::make_unique<Frame>());
    return *frames_[size_t(ply)];
}

bool MateSolver::check_limits() {
    if (aborted_) return true;
    if (limits_.stop && limits_.stop->load(std::memory_order_relaxed))
        return aborted_ = hard_aborted_ = true;
    // While shortening, the node limit and the time before the last reading leave that
    // reading its time (soft: only the search stops). They do not cut the reading's own small
    // searches: cut, they read longer lines (le31 row 113, read past the soft time at 1 s: 33
    // plies for the 31 proven).
    const bool soft_stops = shortening_ && !reading_;
    if (limits_.nodes && nodes_ >= limits_.nodes && (soft_stops || !shortening_)) {
        aborted_ = true;
        if (!shortening_) hard_aborted_ = true;
        return true;
    }
    if (limits_.time_ms >= 0 && (nodes_ & 127) == 0) {
        const int64_t t = now_ms() - start_ms_;
        if (t >= limits_.time_ms) return aborted_ = hard_aborted_ = true;
        if (soft_stops && t >= soft_time_ms_) return aborted_ = true;
    }
    if (nodes_ >= soft_limit_) return aborted_ = true;
    return false;
}

void MateSolver::try_prove(int ply, uint64_t budget) {
    soft_limit_ = nodes_ + budget;
    (void)mid(ply, INFINITE_PN, INFINITE_PN, mix(nodes_ ^ 0xabcdef), NO_BOUND);
    soft_limit_ = ~uint64_t(0);
    aborted_    = hard_aborted_;
}

void MateSolver::expand(Frame& f, bool or_node) {
    Move* const end  = or_node ? generate<GenType::CHECKS, true>(pos_, f.moves)
                               : generate<GenType::EVASIONS, true>(pos_, f.moves);
    const Hand  hand = pos_.hand(attacker_);
    f.children.clear();
    f.flights    = nullptr;
    f.att_square = SQ_NONE;
    // Ties between equal proof numbers go to the first child, so checks come in four groups:
    // promoting captures, captures, promotions, the rest (evasions in the generator's order).
    // A stable counting sort puts each move straight into its place.
    const size_t n = size_t(end - f.moves);
    f.children.resize(n);
    uint8_t group[MAX_MOVES];
    size_t  next[4] = {0, 0, 0, 0};
    if (or_node) {
        size_t count[4] = {0, 0, 0, 0};
        for (size_t i = 0; i < n; ++i) {
            const Move m       = f.moves[i];
            const bool capture = !m.is_drop() && pos_.piece_on(m.to()) != NO_PIECE;
            group[i] = uint8_t(capture ? (m.is_promotion() ? 0 : 1) : (m.is_promotion() ? 2 : 3));
            ++count[group[i]];
        }
        for (int g = 1; g < 4; ++g)
            next[g] = next[g - 1] + count[g - 1];
    }
    // Futile interpositions are drops, the last evasions generated.
    const Bitboard futile =
        !or_node && n && f.moves[n - 1].is_drop() ? futile_squares() : Bitboard();
    for (size_t i = 0; i < n; ++i) {
        const Move m = f.moves[i];
        Child&     c = f.children[or_node ? next[group[i]]++ : i]; // zeroed by resize
        c.futile     = m.is_drop() && futile.test(m.to());
        c.move       = m;
        c.board_key  = pos_.board_key_after(m);
        table_.prefetch(c.board_key); // read soon by look_up_child
        c.hand =
            or_node ? hand_after(hand, m, m.is_drop() ? NO_PIECE : pos_.piece_on(m.to())) : hand;
        c.node_key = node_key(c.board_key, c.hand);
        c.init_pn = c.init_dn = 0; // estimated when first needed (see estimate)
    }
}

void MateSolver::estimate(Frame& f, Child& c, bool or_node) {
    const Move  m        = c.move;
    const Piece captured = m.is_drop() ? NO_PIECE : pos_.piece_on(m.to());
    // df-pn+ estimate for a child never searched, from who defends the destination and, for a
    // check, where the king can flee.
    // A check onto a square the defender holds twice, or one that is not better
    // supported than defended and captures nothing worth it, is harder to prove; one the
    // attacker supports more is harder to disprove. An evasion that captures or
    // interposes with support is harder to prove, one the attacker controls is easy.
    const Color    us  = pos_.side_to_move();
    const Bitboard occ = pos_.pieces();
    if (m.to() != f.att_square) {
        f.att_square = m.to();
        f.att        = pos_.attackers_to(m.to(), occ);
    }
    const Bitboard  att      = f.att;
    const int       mine     = (att & pos_.pieces(us)).popcount();
    const int       theirs   = (att & pos_.pieces(~us)).popcount();
    const PieceType cap_type = captured == NO_PIECE ? NO_PIECE_TYPE : unpromoted(type_of(captured));
    c.init_pn                = 1;
    c.init_dn                = 1;
    if (or_node) {
        if (theirs >= 2) ++c.init_pn;
        if (mine + int(m.is_drop()) > theirs)
            ++c.init_dn;
        else if (cap_type == GOLD || cap_type == SILVER)
            ++c.init_dn;
        else
            ++c.init_pn;
        // Every square the king can flee to after the check is one more evasion to refute;
        // a king with none is harder to disprove.
        if (!f.flights) {
            f.own_flights.reset(pos_);
            f.flights = &f.own_flights;
        }
        const int flights = f.flights->after(pos_, m);
        c.init_pn         = std::max(c.init_pn, uint32_t(flights));
        if (flights == 0) ++c.init_dn;
    } else if (captured != NO_PIECE) {
        c.init_pn = 2;
    } else if (m.is_drop() || m.from() != pos_.king_square(us)) {
        if (theirs < mine + int(m.is_drop()))
            c.init_pn = 2;
        else
            c.init_dn = 2;
    }
}

void MateSolver::add_repetition(uint64_t key) {
    if (rep_table_.size() >= MAX_REP_ENTRIES) clear_repetitions();
    rep_table_.insert(key);
    ++rep_inserts_;
}

void MateSolver::clear_repetitions() {
    rep_table_.clear();
    rep_parents_.clear();
}

void MateSolver::look_up_child(Frame& f, Child& c, uint64_t path_key, bool rep_children, int bound,
                               const mate::MateProbe* known) {
    c.rep = false;
    // Under a bound, a check that cannot mate within it is refuted as it stands: an
    // attacker's node left with less than one ply has no mate of at most that length, whatever
    // its hand.
    const int cbound = child_bound(bound, pos_.side_to_move() == attacker_, c.futile);
    if (cbound != NO_BOUND && bound_plies(uint16_t(cbound)) < 1
        && pos_.side_to_move() != attacker_) {
        c.pn          = INFINITE_PN;
        c.dn          = 0;
        c.dist        = uint16_t(cbound);
        c.result_hand = any_hand();
        c.found       = true;
        c.read_at     = nodes_;
        return;
    }
    // A repetition; and after an evasion, a board the path had with the attacker holding at
    // least as much: the defender has undone the attack, and no shortest mate passes through
    // such a position (path-dependent, kept with the repetitions). Cutting the attacker's
    // checks the same way cost nodes.
    const bool back = pos_.side_to_move() != attacker_ ? path_.holds_superior(c.board_key, c.hand)
                                                       : path_.contains(c.node_key, c.board_key);
    if (back || (rep_children && rep_table_.contains(c.node_key ^ child_path(path_key, c.move)))) {
        c.pn  = INFINITE_PN;
        c.dn  = 0;
        c.rep = true;
        return;
    }
    const mate::MateProbe p = known ? *known : table_.probe(c.board_key, c.hand, uint16_t(cbound));
    c.found                 = p.found;
    c.read_at               = nodes_;
    if (p.found || p.pn == 0 || p.dn == 0) {
        c.pn = p.pn;
        c.dn = p.dn;
    } else {
        if (c.init_pn == 0) estimate(f, c, pos_.side_to_move() == attacker_);
        c.pn = std::max(p.pn, c.init_pn);
        c.dn = std::max(p.dn, c.init_dn);
    }
    c.dist        = p.dist;
    c.real        = p.real;
    c.result_hand = p.hand;
}

Move MateSolver::mate_in_one() {
    return mate::find_mate_in_one(pos_);
}

Move MateSolver::mate_in_one_after(Frame& f, size_t i) {
    Child&     c       = f.children[i];
    const Move evasion = c.move;
    if (pos_.in_check() || pos_.king_square(~pos_.side_to_move()) == SQ_NONE) return mate_in_one();
    mate::FlightCounter* flights;
    if (evasion.is_drop()) {
        // Drops on one square leave the king, the occupancy and our pieces the same, so our
        // attackers of the king's neighbours too.
        const Square to = evasion.to();
        for (int k = 0; k < f.drop_count; ++k)
            if (f.drop_squares[k] == to) {
                c.flights = &f.drop_flights[k];
                return mate::find_mate_in_one(pos_, f.drop_flights[k]);
            }
        if (f.drop_count == MAX_DROP_SQUARES) return mate_in_one();
        flights                        = &f.drop_flights[f.drop_count];
        f.drop_squares[f.drop_count++] = to;
    } else {
        if (i >= MAX_BOARD_EVASION) return mate_in_one();
        flights = &f.board_flights[i];
    }
    // Kept for the child's checks (their estimates need the same counter).
    flights->reset(pos_);
    c.flights = flights;
    return mate::find_mate_in_one(pos_, *flights);
}

Hand MateSolver::interposition_guard() const {
    Hand           guard;
    const Color    defender = ~attacker_;
    const Bitboard checkers = pos_.checkers();
    if (!checkers || checkers.more_than_one()) return guard;
    const Square king = pos_.king_square(defender);
    if (king == SQ_NONE || !between_bb(king, checkers.lsb())) return guard;
    // Had the defender any piece of a type it lacks, it could interpose: the attacker must
    // keep every one it has.
    const Hand defender_hand = pos_.hand(defender);
    const Hand attacker_hand = pos_.hand(attacker_);
    for (PieceType pt : HAND_TYPES)
        if (!defender_hand.has(pt)) guard.set(pt, attacker_hand.count(pt));
    return guard;
}

MateSolver::Numbers MateSolver::settle_without_moves(bool or_node, uint64_t bkey, Hand hand) {
    if (or_node) {
        // No check at all. More of a piece already held adds no move; any new type might.
        Hand d;
        for (PieceType pt : HAND_TYPES)
            d.set(pt, hand.has(pt) ? Hand::capacity(pt) : 0);
        table_.store_disproof(bkey, hand, d, 1);
        return {INFINITE_PN, 0};
    }
    table_.store_proof(bkey, hand, interposition_guard(), 0, 0, 1);
    return {0, INFINITE_PN};
}

std::optional<MateSolver::Numbers> MateSolver::test_mates_in_one(Frame& f, int ply, bool or_node,
                                                                 uint64_t bkey, Hand hand,
                                                                 int bound, bool& known_children) {
    // First visit: the fast mate-in-one test, here or for every child of an AND node.
    if (or_node) {
        if (const Move m = mate_in_one(); m != Move::none()) {
            const Piece cap = m.is_drop() ? NO_PIECE : pos_.piece_on(m.to());
            pos_.do_move(m, states_[size_t(ply) + 1]);
            const Hand guard = interposition_guard();
            // The mated child too: the mating line is read from the table.
            table_.store_proof(pos_.board_key(), pos_.hand(attacker_), guard, 0, 0, 1);
            pos_.undo_move(m);
            table_.store_proof(bkey, hand, or_proof_hand(guard, m, cap), 1, 1, 1);
            return Numbers{0, INFINITE_PN};
        }
    } else {
        // What each child's table entry reads like once tested, kept so that the children
        // need not be read again below (valid while no other entry was replaced).
        const uint64_t replaced = table_.replacements();
        f.drop_count            = 0;
        for (size_t i = 0; i < f.children.size(); ++i) {
            Child&           c  = f.children[i];
            mate::MateProbe& p  = f.known[i];
            const int        cb = child_bound(bound, false, c.futile);
            if (cb != NO_BOUND && bound_plies(uint16_t(cb)) < 1) { // refuted (look_up_child)
                p = {INFINITE_PN, 0, any_hand(), uint16_t(cb), true, 0};
                continue;
            }
            p = table_.probe(c.board_key, c.hand, uint16_t(cb));
            if (p.found) continue;
            p.found = true;
            pos_.do_move(c.move, states_[size_t(ply) + 1]);
            if (const Move m = mate_in_one_after(f, i); m != Move::none()) {
                const Piece cap = m.is_drop() ? NO_PIECE : pos_.piece_on(m.to());
                pos_.do_move(m, states_[size_t(ply) + 2]);
                const Hand guard = interposition_guard();
                table_.store_proof(pos_.board_key(), pos_.hand(attacker_), guard, 0, 0, 1);
                pos_.undo_move(m);
                const Hand proof = or_proof_hand(guard, m, cap);
                table_.store_proof(c.board_key, c.hand, proof, 1, 1, 1);
                pos_.undo_move(c.move);
                p = {0, INFINITE_PN, proof, 1, true, 1};
                if (!c.hand.dominates(proof)) known_children = false;
            } else {
                // Marks the child as tested (its first visit skips the test), with its
                // estimate.
                pos_.undo_move(c.move);
                estimate(f, c, false);
                table_.store(c.board_key, c.hand, c.init_pn, c.init_dn, 0, uint16_t(cb));
                p.pn = std::max(p.pn, c.init_pn);
                p.dn = std::max(p.dn, c.init_dn);
            }
        }
        known_children = known_children && table_.replacements() == replaced;
    }
    return std::nullopt;
}

MateSolver::Selection MateSolver::select_or_child(const Frame& f,
                                                  uint32_t (&drop_max)[HAND_TYPE_END]) const {
    size_t   best     = 0;
    uint32_t second   = INFINITE_PN;
    uint32_t best_val = INFINITE_PN;
    Numbers  cur      = {INFINITE_PN, 0};
    // Drops of one piece type count by their largest disproof number, not their sum:
    // they are much alike, and their sum made checks with a full hand look far
    // harder to disprove than they are (as KomoringHeights does for lance, bishop
    // and rook drops; with every type here, le31: 3.82M -> 3.66M nodes to the first
    // proofs).
    uint32_t sum = 0;
    std::fill(std::begin(drop_max), std::end(drop_max), 0u);
    // One pass for the best child and the sum.
    for (size_t i = 0; i < f.children.size(); ++i) {
        const Child& c = f.children[i];
        // Among equal proof numbers the check harder to disprove (hard6: 2.18M ->
        // 1.91M nodes; the same at AND nodes cost nodes).
        if (c.pn < best_val || (c.pn == best_val && c.dn > f.children[best].dn)) {
            second   = best_val;
            best_val = c.pn;
            best     = i;
        } else if (c.pn < second) {
            second = c.pn;
        }
        if (c.move.is_drop()) {
            uint32_t& d = drop_max[c.move.dropped_type()];
            d           = std::max(d, c.dn);
        } else {
            sum = add_pn(sum, c.dn);
        }
    }
    for (const uint32_t d : drop_max)
        sum = add_pn(sum, d);
    cur.pn = best_val;
    cur.dn = cur.pn == 0 ? INFINITE_PN : sum;
    return {cur, best, second};
}

MateSolver::Selection MateSolver::select_and_child(const Frame& f) const {
    size_t   best     = 0;
    uint32_t second   = INFINITE_PN;
    uint32_t best_val = INFINITE_PN;
    // Drops on one square count as one child until it is proven: the first unproven
    // one stands for the others (delayed expansion of interpositions), so that a
    // check from afar does not look as hard as the number of pieces in hand times
    // the squares in between. Futile interpositions, on every square, count as one
    // child the same way: the checker takes each, and the attacker goes on much as
    // after the others (le31: 4.43M -> 3.82M nodes to the first proofs).
    Numbers  cur    = {0, INFINITE_PN};
    uint32_t sum    = 0;
    bool     futile = false;
    Bitboard drop_squares;
    for (size_t i = 0; i < f.children.size(); ++i) {
        const Child& c = f.children[i];
        if (c.pn == 0) continue;
        if (c.futile) {
            if (futile) continue;
            futile = true;
        }
        if (c.move.is_drop()) {
            if (drop_squares.test(c.move.to())) continue;
            drop_squares |= square_bb(c.move.to());
        }
        sum = add_pn(sum, c.pn);
        if (c.dn < best_val) {
            second   = best_val;
            best_val = c.dn;
            best     = i;
        } else if (c.dn < second) {
            second = c.dn;
        }
    }
    cur.dn = best_val;
    cur.pn = sum;
    if (cur.dn == 0) cur.pn = INFINITE_PN;
    return {cur, best, second};
}

void MateSolver::store_result(const Frame& f, bool or_node, uint64_t bkey, Hand hand,
                              uint64_t rep_key, Numbers cur, uint64_t amount, int bound) {
    // A proof's lengths (add_length): the shortest check's at an OR node (by the bound's
    // measure), the longest evasion's at an AND node; a disproof's bound, the least of the
    // checks' at an OR node, the largest refutation's at an AND node.
    if (cur.pn == 0) {
        if (or_node) {
            const bool   real  = bound != NO_BOUND && (bound & REAL_BOUND);
            const Child* proof = nullptr;
            for (const Child& c : f.children)
                if (c.pn == 0 && (!proof || (real ? c.real < proof->real : c.dist < proof->dist)))
                    proof = &c;
            const Piece cap = proof->move.is_drop() ? NO_PIECE : pos_.piece_on(proof->move.to());
            table_.store_proof(bkey, hand, or_proof_hand(proof->result_hand, proof->move, cap),
                               uint16_t(add_length(proof->dist, 1)),
                               uint16_t(add_length(proof->real, 1)), amount);
        } else {
            Hand proof_hand = interposition_guard();
            int  dist = 0, real = 0;
            for (const Child& c : f.children) {
                proof_hand = hand_max(proof_hand, c.result_hand);
                dist       = std::max(dist, add_length(c.dist, move_length(c.futile)));
                real       = std::max(real, add_length(c.real, 1));
            }
            table_.store_proof(bkey, hand, proof_hand, uint16_t(dist), uint16_t(real), amount);
        }
    } else if (cur.dn == 0) {
        bool         rep    = false;
        const Child* refute = nullptr;
        Hand         disproof;
        int          holds = NO_BOUND; // the disproof's bound
        if (or_node) {
            for (PieceType pt : HAND_TYPES)
                disproof.set(pt, hand.has(pt) ? Hand::capacity(pt) : 0);
            for (const Child& c : f.children) {
                rep |= c.rep;
                if (rep) break;
                const Piece cap = c.move.is_drop() ? NO_PIECE : pos_.piece_on(c.move.to());
                disproof        = hand_min(disproof, or_disproof_hand(c.result_hand, c.move, cap));
                holds           = std::min(holds, shift_bound(c.dist, 1));
            }
        } else {
            // A refutation for any length first, then the one for the largest bound.
            const auto reach = [bound](const Child& c) {
                return shift_bound(c.dist, move_cost(bound, c.futile));
            };
            for (const Child& c : f.children)
                if (c.dn == 0
                    && (!refute || (refute->rep && !c.rep)
                        || (refute->rep == c.rep && reach(c) > reach(*refute))))
                    refute = &c;
            rep      = refute->rep;
            holds    = reach(*refute);
            disproof = refute->result_hand;
            if (refute->move.is_drop()) {
                // The defender must still have the piece it drops.
                const PieceType pt = refute->move.dropped_type();
                if (disproof.count(pt) > hand.count(pt)) disproof.set(pt, hand.count(pt));
            }
        }
        if (rep) {
            add_repetition(rep_key);
        } else {
            assert(disproof.dominates(hand));
            assert(holds >= bound);
            table_.store_disproof(bkey, hand, disproof, amount, uint16_t(holds));
        }
    } else {
        table_.store(bkey, hand, cur.pn, cur.dn, amount, uint16_t(bound));
    }
}

MateSolver::Numbers MateSolver::mid(int ply, uint32_t th_pn, uint32_t th_dn, uint64_t path_key,
                                    int bound, int known_found,
                                    const mate::FlightCounter* flights) {
    const bool     or_node = pos_.side_to_move() == attacker_;
    const Hand     hand    = pos_.hand(attacker_);
    const uint64_t bkey    = pos_.board_key();
    const uint64_t nkey    = node_key(bkey, hand);
    const uint64_t start   = nodes_;
    ++nodes_;
    if (check_limits()) return {1, 1};

    rep_parents_.prefetch(nkey ^ path_key); // read once the children are made
    // The parent's reading of an open entry stands in for the node's own.
    mate::MateProbe self;
    if (known_found >= 0)
        self.found = known_found;
    else
        self = table_.probe(bkey, hand, uint16_t(bound));
    if (self.pn == 0 || self.dn == 0) return {self.pn, self.dn};
    if (ply >= MAX_PLY) {
        if (!or_node && !mate::has_evasion(pos_)) {
            table_.store_proof(bkey, hand, interposition_guard(), 0, 0, 1);
            return {0, INFINITE_PN};
        }
        // Too deep to go on: not a disproof, so no "no mate" may rest on it.
        depth_cut_ = true;
        add_repetition(nkey ^ path_key);
        return {INFINITE_PN, 0};
    }

    Frame& f = frame(ply);
    expand(f, or_node);
    f.flights = flights;
    if (f.children.empty()) return settle_without_moves(or_node, bkey, hand);
    bool known_children = !self.found && !or_node;
    if (!self.found)
        if (const auto settled =
                test_mates_in_one(f, ply, or_node, bkey, hand, bound, known_children))
            return *settled;

    path_.push(nkey, bkey, hand);
    Numbers cur{1, 1};
    // Every child is read once; afterwards only the one just searched changes (a sibling
    // solved meanwhile through a transposition is seen when it is searched itself).
    // Children have path-dependent results only if one was searched from here on this path
    // before (and recorded one): else the repetition table is not looked at.
    bool rep_children = rep_parents_.contains(nkey ^ path_key);
    for (size_t i = 0; i < f.children.size(); ++i)
        look_up_child(f, f.children[i], path_key, rep_children, bound,
                      known_children ? &f.known[i] : nullptr);
    if (or_node && bound != NO_BOUND && bound_plies(uint16_t(bound)) <= 2)
        refute_checks_with_replies(ply, f, bound);
    uint32_t drop_max[HAND_TYPE_END]; // OR node: the largest disproof number of each drop type
    for (;;) {
        const Selection sel   = or_node ? select_or_child(f, drop_max) : select_and_child(f);
        cur                   = sel.numbers;
        const size_t   best   = sel.best;
        const uint32_t second = sel.second;
        if (cur.pn == 0 || cur.dn == 0 || cur.pn >= th_pn || cur.dn >= th_dn || aborted_) break;

        // 1+epsilon: stay with the best child until it is clearly worse than the second.
        // Epsilon 1/2 at OR nodes, 1/3 at AND nodes: switching between evasions a little
        // sooner caps the hardest problems (le31 at 64-1024 MB: at most 404-427k nodes to
        // the first proof, was 436-670k, total 2% more; tsume.tsv: 9% fewer).
        const uint64_t eps_second = second >= INFINITE_PN
                                      ? INFINITE_PN
                                      : uint64_t(second) + 1 + (or_node ? second / 2 : second / 3);
        const Child&   c          = f.children[best];
        uint32_t       cth_pn, cth_dn;
        if (or_node) {
            cth_pn = uint32_t(std::min<uint64_t>(th_pn, eps_second));
            // A drop's disproof number counts through its type's largest.
            const uint32_t counted = c.move.is_drop() ? drop_max[c.move.dropped_type()] : c.dn;
            cth_dn                 = uint32_t(
                                std::min<uint64_t>(INFINITE_PN, uint64_t(th_dn) - cur.dn + uint64_t(counted)));
        } else {
            cth_dn = uint32_t(std::min<uint64_t>(th_dn, eps_second));
            cth_pn = uint32_t(
                std::min<uint64_t>(INFINITE_PN, uint64_t(th_pn) - cur.pn + uint64_t(c.pn)));
        }
        const Move     m       = c.move;
        const uint64_t inserts = rep_inserts_;
        pos_.do_move(m, states_[size_t(ply) + 1]);
        // Nothing was searched since the child was read: its reading stands.
        mid(ply + 1, cth_pn, cth_dn, child_path(path_key, m), child_bound(bound, or_node, c.futile),
            c.read_at == nodes_ ? int(c.found) : -1, c.flights);
        pos_.undo_move(m);
        if (rep_inserts_ != inserts) {
            // (Again after the results may have been emptied meanwhile.)
            rep_parents_.insert(nkey ^ path_key);
            rep_children = true;
        }
        look_up_child(f, f.children[best], path_key, rep_children, bound);
        if (aborted_) break;
    }
    path_.pop();

    store_result(f, or_node, bkey, hand, nkey ^ path_key, cur, nodes_ - start, bound);
    return cur;
}

void MateSolver::refute_checks_with_replies(int ply, Frame& f, int bound) {
    // Mates being of odd length, the node must mate in one ply: a check with an evasion is
    // refuted, unless (on the length with futile interpositions counting nothing) every
    // evasion is a drop on a futile square, after which the bound is the same again (left to
    // the search). Settled here, the checks need no visit each (a tenth of the nodes of the
    // searches for shorter mates went to them).
    const bool real   = bound & REAL_BOUND;
    const int  cbound = child_bound(bound, true, false);
    for (Child& c : f.children) {
        if (c.pn == 0 || c.dn == 0) continue;
        pos_.do_move(c.move, states_[size_t(ply) + 1]);
        Move        evasions[MAX_MOVES];
        Move* const end = generate<GenType::EVASIONS, true>(pos_, evasions);
        // The most pieces the attacker may hold for the refutation to stand: any hand after a
        // board move; after a drop (the first one), one that leaves the defender the piece.
        bool     refuted = false;
        Hand     holds;
        Bitboard futile;
        if (!real && end != evasions && end[-1].is_drop()) futile = futile_squares();
        for (const Move* e = evasions; e != end; ++e) {
            if (!e->is_drop()) {
                refuted = true;
                holds   = any_hand();
                break;
            }
            if (futile.test(e->to()) || refuted) continue;
            holds = any_hand();
            holds.set(e->dropped_type(), c.hand.count(e->dropped_type()));
            refuted = true;
        }
        pos_.undo_move(c.move);
        if (!refuted) continue;
        c.pn          = INFINITE_PN;
        c.dn          = 0;
        c.rep         = false;
        c.dist        = uint16_t(cbound);
        c.result_hand = holds;
        c.found       = true;
        c.read_at     = nodes_;
    }
}

Bitboard MateSolver::futile_squares() const {
    // The squares between the king and a lone long-range checker that nothing but perhaps the
    // king defends, and where the king cannot take back once the checker has captured. A
    // pinned defender defends nothing there: the squares lie on the line of the check, not on
    // the line of its pin (both pass through the king), and the capture leaves the pin.
    Bitboard       futile;
    const Bitboard checkers = pos_.checkers();
    if (!checkers || checkers.more_than_one()) return futile;
    const Color    defender = ~attacker_;
    const Square   king     = pos_.king_square(defender);
    const Square   checker  = checkers.lsb();
    const Bitboard occ      = pos_.pieces();
    const Bitboard after    = occ ^ square_bb(checker);
    const Bitboard free     = ~(square_bb(king) | pos_.pinned(defender));
    between_bb(king, checker).for_each([&](Square s) {
        if (pos_.attackers_to(defender, s, occ) & free) return;
        if (king_attacks(king).test(s)
            && !(pos_.attackers_to(attacker_, s, after) & ~square_bb(checker)))
            return;
        futile |= square_bb(s);
    });
    return futile;
}

MateResult MateSolver::solve(const Position& root, const MateLimits& limits) {
    MateResult result;
    limits_       = limits;
    start_ms_     = now_ms();
    nodes_        = 0;
    aborted_      = false;
    hard_aborted_ = false;
    soft_limit_   = ~uint64_t(0);
    depth_cut_    = false;
    shortening_   = false;
    table_.new_search();
    path_.clear();
    clear_repetitions();
    evals_.clear();
    eval_nodes_  = 0;
    read_nodes_  = 0;
    eval_failed_ = false;

    auto finish = [&](MateStatus status) {
        result.status     = status;
        result.nodes      = nodes_;
        result.read_nodes = read_nodes_;
        result.time_ms    = now_ms() - start_ms_;
        return result;
    };
    if (!pos_.set_sfen(root.sfen(), &states_[0]).ok()) return finish(MateStatus::TIMEOUT);
    attacker_ = pos_.side_to_move();
    if (pos_.king_square(~attacker_) == SQ_NONE) return finish(MateStatus::NOMATE);

    Numbers n{1, 1};
    while (!aborted_ && n.pn != 0 && n.dn != 0)
        n = mid(0, INFINITE_PN, INFINITE_PN, ROOT_PATH, NO_BOUND);
    if (n.dn == 0 && !aborted_)
        return finish(depth_cut_ ? MateStatus::TIMEOUT : MateStatus::NOMATE);
    if (n.pn != 0) return finish(MateStatus::TIMEOUT);
    result.proof_nodes          = nodes_;
    const int64_t time_to_proof = now_ms() - start_ms_;
    result.proof_ms             = time_to_proof;

    // The mating line: shortest for the attacker, longest for the defender.
    post_budget_    = table_.probe(pos_.board_key(), pos_.hand(attacker_)).dist > SHORT_MATE
                        ? std::max(POST_MIN_BUDGET, nodes_)
                        : 0;
    post_nodes_     = 0;
    const bool read = read_line(root, result.pv, result.length);
    post_budget_    = 0;
    if (!read) return finish(MateStatus::TIMEOUT);

    if (limits_.shorten) shorten(root, result, time_to_proof);
    return finish(MateStatus::MATE);
}

// Shorter mates: prove again under a bound two plies below the mate's length, in the same
// table (proofs carry their lengths, and disproofs the bound they hold for, so what one
// search found serves the next). The bound is on the length with every futile
// interposition counting nothing, never more than the convention's: a disproof shows that
// no mate is shorter than the bound + 2. Reading a line (weighing every evasion of the
// proof) costs more than most of these searches, so the line is read when a disproof
// comes, when the searches since the last reading have taken READ_SPACING times its nodes,
// and before a limit. A line read longer than the proof's bound (an interposition counted, its
// piece being needed) is followed by searches under bounds on the plies, whose proofs are
// always shorter lines; each may take half the nodes so far (row 67 of le31 needs 0.8M for its
// 23 plies; with 4 readings' nodes, about 50k, the answer stayed at 25).
void MateSolver::shorten(const Position& root, MateResult& result, int64_t time_to_proof) {
    const uint64_t shorten_end =
        limits_.shorten_nodes ? nodes_ + limits_.shorten_nodes : ~uint64_t(0);
    shortening_ = true;
    // The searches stop in time for a last reading of twice the longest so far (le31 row
    // 113's second reading took 2.2 times its first, which ran past the time kept by the
    // first alone).
    auto keep_time_for_reading = [&](int64_t read_ms) {
        soft_time_ms_ = limits_.time_ms < 0
                          ? INT64_MAX
                          : std::min(soft_time_ms_,
                                     limits_.time_ms
                                         - std::min<int64_t>(limits_.time_ms / 4, 2 * read_ms + 5));
    };
    soft_time_ms_ = INT64_MAX;
    keep_time_for_reading(now_ms() - start_ms_ - time_to_proof);
    // The root under `bound`: 1 proven, 0 disproven, -1 stopped by a limit (or after
    // `budget` nodes).
    auto prove_within = [&](int bound, uint64_t budget) {
        path_.clear();
        clear_repetitions();
        (void)pos_.set_sfen(root.sfen(), &states_[0]);
        soft_limit_ = std::min(shorten_end, budget ? nodes_ + budget : ~uint64_t(0));
        aborted_    = false;
        depth_cut_  = false;
        Numbers b{1, 1};
        while (!aborted_ && b.pn != 0 && b.dn != 0)
            b = mid(0, INFINITE_PN, INFINITE_PN, ROOT_PATH, bound);
        soft_limit_        = ~uint64_t(0);
        const bool stopped = aborted_;
        aborted_           = hard_aborted_;
        if (stopped || (b.pn != 0 && b.dn != 0)) return -1;
        if (b.dn == 0) return depth_cut_ ? -1 : 0;
        return 1;
    };
    uint64_t read_nodes = eval_nodes_, searched = 0;
    bool     unread = false; // proofs not read yet
    // Reads the line; true when it is shorter than the answer so far.
    auto take_shorter = [&]() {
        unread   = false;
        searched = 0;
        std::vector<Move> pv;
        int               length = 0;
        const int64_t     start  = now_ms();
        if (hard_aborted_ || !read_line(root, pv, length)) return false;
        keep_time_for_reading(now_ms() - start);
        read_nodes = std::max<uint64_t>(eval_nodes_, 1000);
        if (length >= result.length) return false;
        result.pv     = std::move(pv);
        result.length = length;
        ++result.shortened;
        return true;
    };
    int bound  = result.length - 2; // on the length, futile interpositions counting nothing
    int proven = result.length; // the shortest proof's length in that measure
    for (;;) {
        if (bound < 1) { // no mate is that short
            if (unread) (void)take_shorter();
            result.shortest = result.length <= bound + 2;
            break;
        }
        // With proofs unread, the search stops when it has taken READ_SPACING times the
        // reading's nodes.
        const uint64_t before = nodes_;
        const int      r      = prove_within(
                      bound, unread ? std::max(READ_SPACING * read_nodes, searched) - searched : 0);
        searched += nodes_ - before;
        const bool limit = hard_aborted_ || nodes_ >= shorten_end
                        || (limits_.nodes && nodes_ >= limits_.nodes)
                        || (limits_.time_ms >= 0 && now_ms() - start_ms_ >= soft_time_ms_);
        if (r < 0 && (limit || !unread)) break;
        if (r != 0) {
            if (r == 1) {
                proven = table_.probe(pos_.board_key(), pos_.hand(attacker_), uint16_t(bound)).dist;
                bound  = proven - 2;
                unread = true;
            }
            if (searched < READ_SPACING * read_nodes) continue;
            (void)take_shorter();
            // A line longer than the proof: shorter lines by their plies, for a while
            // (half the nodes so far each).
            while (result.length > proven && !hard_aborted_
                   && prove_within(REAL_BOUND | (result.length - 2),
                                   std::max(4 * read_nodes, nodes_ / 2))
                          == 1
                   && take_shorter()) { }
            bound = std::min(bound, result.length - 2);
            continue;
        }
        // No mate within the bound: the answer is the shortest if its line is that long.
        if (unread) (void)take_shorter();
        if (result.length <= bound + 2) {
            result.shortest = true;
            break;
        }
        // Else look for shorter lines by their plies (each found is shorter).
        while (result.length > bound + 2 && !hard_aborted_
               && prove_within(REAL_BOUND | (result.length - 2), 0) == 1 && take_shorter()) { }
        result.shortest = result.length <= bound + 2;
        break;
    }
    // A limit stopped the search: the proofs found since the last reading are read now.
    if (unread) (void)take_shorter();
    shortening_ = false;
}

} // namespace tsubame
